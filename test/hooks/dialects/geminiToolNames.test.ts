/**
 * Gemini CLI's current tool names and the legacy aliases its tools reference lists select hookrail's
 * tools, in matchers and `if` conditions, and a Gemini CLI hook is told the current name — with real
 * hook processes written as Gemini CLI's hooks reference writes them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import type { HooksSettings } from '../../../src/hooks/protocol/hookConfig.js';
import { callThroughHooks } from '../../helpers/toolThroughHooks.js';
import { toGeminiToolName, toolNameAliases } from '../../../src/hooks/dialects/toolNames.js';
import { checkIfCondition } from '../../../src/hooks/matching/ifCondition.js';
import { hookFixture, scratchDirectory, shellQuote } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

afterAll(() => assertNoHookProcessesAlive());

let scratch: { path: string; remove: () => void };
beforeEach(() => {
  scratch = scratchDirectory('hookrail-gemini-names-');
});
afterEach(() => scratch.remove());

function denyHook(tool: string, record: string): string {
  return `node ${shellQuote(hookFixture('reference/gemini-deny-tool.mjs'))} ${shellQuote(tool)} ${shellQuote(record)}`;
}

async function searchWithHooks(hooks: HooksSettings): Promise<{ ran: boolean; llmContent: unknown }> {
  const config = new Config({ enableHooks: true, workingDir: scratch.path, logger: recordingLogger().logger, hooks });
  return callThroughHooks({
    config,
    toolName: 'search_file_content',
    args: { pattern: 'TODO' },
    result: { llmContent: 'a.ts:1: TODO', returnDisplay: 'one match' },
  });
}

describe("Gemini CLI's tool names", () => {
  it('grep_search, Grep and search_file_content are one tool: each name lists the other two', () => {
    expect(toolNameAliases('search_file_content')).toEqual(['search_file_content', 'Grep', 'grep_search']);
    expect(toolNameAliases('grep_search')).toEqual(['grep_search', 'Grep', 'search_file_content']);
    expect(toolNameAliases('Grep')).toEqual(['Grep', 'search_file_content', 'grep_search']);
    expect(toGeminiToolName('search_file_content')).toBe('grep_search');
    expect(toGeminiToolName('run_shell_command')).toBe('run_shell_command');
  });

  it('a Gemini CLI hook with matcher "grep_search" (its current name) runs for hookrail\'s search tool, is told tool_name "grep_search", and its deny blocks the call', async () => {
    const record = join(scratch.path, 'seen.txt');
    const outcome = await searchWithHooks({
      BeforeTool: [
        {
          matcher: 'grep_search',
          hooks: [{ type: 'command', dialect: 'gemini', command: denyHook('grep_search', record) }],
        },
      ],
    });
    expect(readFileSync(record, 'utf8')).toBe('grep_search\n');
    expect(outcome.ran).toBe(false);
    expect(String(outcome.llmContent)).toContain('grep_search is not allowed here');
  });

  it('a Gemini CLI hook with matcher "search_file_content" (the legacy alias) still runs for the tool', async () => {
    const record = join(scratch.path, 'seen.txt');
    const outcome = await searchWithHooks({
      BeforeTool: [
        {
          matcher: 'search_file_content',
          hooks: [{ type: 'command', dialect: 'gemini', command: denyHook('grep_search', record) }],
        },
      ],
    });
    expect(readFileSync(record, 'utf8')).toBe('grep_search\n');
    expect(outcome.ran).toBe(false);
  });

  it('a native hook with matcher "grep_search" runs for the tool and is told hookrail\'s own name', async () => {
    const record = join(scratch.path, 'seen.txt');
    const outcome = await searchWithHooks({
      BeforeTool: [
        { matcher: 'grep_search', hooks: [{ type: 'command', command: denyHook('search_file_content', record) }] },
      ],
    });
    expect(readFileSync(record, 'utf8')).toBe('search_file_content\n');
    expect(outcome.ran).toBe(false);
  });

  it('a matcher for another tool does not run the hook', async () => {
    const record = join(scratch.path, 'seen.txt');
    const outcome = await searchWithHooks({
      BeforeTool: [
        {
          matcher: 'read_file',
          hooks: [{ type: 'command', dialect: 'gemini', command: denyHook('grep_search', record) }],
        },
      ],
    });
    expect(existsSync(record)).toBe(false);
    expect(outcome.ran).toBe(true);
  });

  it('`if` conditions written with any of the three names select the tool and check its pattern', () => {
    for (const written of ['grep_search', 'search_file_content', 'Grep']) {
      expect(checkIfCondition(`${written}(TODO*)`, 'search_file_content', { pattern: 'TODO' })).toBe(true);
      expect(checkIfCondition(`${written}(TODO*)`, 'grep_search', { pattern: 'TODO later' })).toBe(true);
      expect(checkIfCondition(`${written}(FIXME*)`, 'search_file_content', { pattern: 'TODO' })).toBe(false);
    }
  });
});
