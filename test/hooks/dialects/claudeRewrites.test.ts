/**
 * A Claude Code PreToolUse hook rewriting a call, as a user sees it: what the real hook process reads
 * in `tool_input`, and the arguments the tool then runs with. `updatedInput` is mapped back to the
 * tool's own argument names and merged over the call's arguments (HOOK-019), so a field the hook
 * leaves out keeps its value.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { recordingLogger } from '../../../src/testing.js';
import { fixtureCommand, scratchDirectory } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

afterAll(() => assertNoHookProcessesAlive());

let scratch: { path: string; remove: () => void };
beforeEach(() => {
  scratch = scratchDirectory('hookrail-claude-rewrites-');
});
afterEach(() => scratch.remove());

/** What one call did: the `tool_input` the Claude hook read, and the arguments the tool ran with. */
interface Rewritten {
  told: Record<string, unknown>;
  ran: Array<Record<string, unknown>>;
}

/**
 * Runs `toolName` with `args` under one Claude Code PreToolUse hook (matcher `*`) that records its
 * stdin and answers `answer` on stdout.
 */
async function callWithClaudeHook(
  toolName: string,
  args: Record<string, unknown>,
  answer: Record<string, unknown> = {},
): Promise<Rewritten> {
  const capture = join(scratch.path, `stdin-${Math.random().toString(36).slice(2)}.json`);
  const config = new Config({
    enableHooks: true,
    workingDir: scratch.path,
    logger: recordingLogger().logger,
    hooks: {
      PreToolUse: [
        {
          matcher: '*',
          hooks: [
            {
              type: 'command',
              command: fixtureCommand('dialects/record-and-answer.mjs', capture, '0', JSON.stringify(answer)),
            },
          ],
        },
      ],
    },
  });
  const ran: Array<Record<string, unknown>> = [];
  await executeToolWithHooks(config, toolName, args, async (runArgs) => {
    ran.push(runArgs);
    return { llmContent: 'ran', returnDisplay: 'ran' };
  });
  const stdin = JSON.parse(JSON.parse(readFileSync(capture, 'utf8')).raw) as Record<string, unknown>;
  return { told: stdin['tool_input'] as Record<string, unknown>, ran };
}

const allowWith = (updatedInput: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput },
});

describe("a Claude Code hook's updatedInput, merged over the call's arguments", () => {
  it("HOOK-019: a Read rewritten to another file without a window keeps the call's own window (0-based offset 10, 5 lines)", async () => {
    const other = join(scratch.path, 'other.ts');
    const { told, ran } = await callWithClaudeHook(
      'read_file',
      { file_path: 'a.ts', offset: 10, limit: 5 },
      allowWith({ file_path: other }),
    );
    expect(told).toStrictEqual({ file_path: join(scratch.path, 'a.ts'), offset: 11, limit: 5 });
    expect(ran).toStrictEqual([{ file_path: other, offset: 10, limit: 5 }]);
  });

  it('HOOK-019: a Read whose window the hook changes runs with the new window, the path it left keeps its relative spelling', async () => {
    const { ran } = await callWithClaudeHook(
      'read_file',
      { file_path: 'src/cart.ts', offset: 0, limit: 20 },
      allowWith({ file_path: join(scratch.path, 'src', 'cart.ts'), offset: 1, limit: 3 }),
    );
    expect(ran).toStrictEqual([{ file_path: 'src/cart.ts', offset: 0, limit: 3 }]);
  });

  it("HOOK-019: a Read given as start_line/end_line that the hook echoes keeps the tool's own spelling", async () => {
    const { told, ran } = await callWithClaudeHook('read_file', { file_path: 'a.ts', start_line: 3, end_line: 4 }, {});
    expect(told).toStrictEqual({ file_path: join(scratch.path, 'a.ts'), offset: 3, limit: 2 });
    const echoed = await callWithClaudeHook(
      'read_file',
      { file_path: 'a.ts', start_line: 3, end_line: 4 },
      allowWith({ file_path: join(scratch.path, 'a.ts'), offset: 3, limit: 2 }),
    );
    expect(echoed.ran).toStrictEqual([{ file_path: 'a.ts', start_line: 3, end_line: 4 }]);
    expect(ran).toStrictEqual([{ file_path: 'a.ts', start_line: 3, end_line: 4 }]);
  });

  it('an argument no mapping knows — a model spelling Grep\'s "glob" on search_file_content — reaches the hook and the tool as given', async () => {
    const { told, ran } = await callWithClaudeHook('search_file_content', { pattern: 'TODO', glob: '*.ts' }, {});
    expect(told).toStrictEqual({ pattern: 'TODO', glob: '*.ts' });
    expect(ran).toStrictEqual([{ pattern: 'TODO', glob: '*.ts' }]);
  });
});
