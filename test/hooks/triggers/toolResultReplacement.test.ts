/**
 * Output rewriting in each host's way, with real hook processes: a Claude Code PostToolUse
 * `updatedToolOutput` (and the MCP-only `updatedMCPToolOutput`) replaces what the model reads; a
 * Gemini CLI AfterTool `decision: "deny"` or exit 2 replaces it with `Tool result blocked: <reason>`;
 * a native AfterTool deny does not (HOOK-178). The tool's own output stays in the inspection record.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import type { HooksSettings } from '../../../src/hooks/protocol/hookConfig.js';
import type { ToolResult } from '../../../src/hooks/protocol/results.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { flushInspectionFiles } from '../../../src/inspection/recorder.js';
import type { CallRecord, InspectionLine } from '../../../src/inspection/records.js';
import { createToolScheduler } from '../../../src/machines/scheduler.js';
import { hookFixture, shellQuote } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

afterAll(() => assertNoHookProcessesAlive());

const secret = 'DATABASE_URL=postgres://app@db\nOPENAI_KEY=sk-live123abc';

function node(script: string, ...args: string[]): string {
  return ['node', hookFixture(`reference/${script}`), ...args].map(shellQuote).join(' ');
}

async function callWithHooks(hooks: Record<string, unknown>, toolName = 'read_file'): Promise<ToolResult> {
  const config = new Config({ enableHooks: true, logger: recordingLogger().logger, hooks: hooks as HooksSettings });
  return executeToolWithHooks(config, toolName, { file_path: '.env' }, async () => ({
    llmContent: secret,
    returnDisplay: 'read .env',
  }));
}

describe('AfterTool output rewriting per dialect', () => {
  it("a Claude PostToolUse hook's updatedToolOutput is what the model reads; the tool's own output is kept as replacedContent", async () => {
    const result = await callWithHooks({
      PostToolUse: [{ matcher: 'Read', hooks: [{ type: 'command', command: node('claude-redact-output.mjs') }] }],
    });
    expect(result.llmContent).toContain('OPENAI_KEY=sk-REDACTED');
    expect(result.llmContent).not.toContain('sk-live123abc');
    expect(result.replacedContent).toBe(secret);
  });

  it("the MCP-only updatedMCPToolOutput (text content blocks) replaces an MCP tool's output", async () => {
    const result = await callWithHooks(
      {
        PostToolUse: [
          { matcher: 'mcp__vault__.*', hooks: [{ type: 'command', command: node('claude-redact-output.mjs', 'mcp') }] },
        ],
      },
      'mcp__vault__read_secret',
    );
    expect(result.llmContent).toContain('sk-REDACTED');
    expect(result.llmContent).not.toContain('sk-live123abc');
    expect(result.replacedContent).toBe(secret);
  });

  it("a Gemini CLI AfterTool decision \"deny\" replaces the result with Gemini CLI's 'Tool result blocked: <reason>'", async () => {
    const result = await callWithHooks({
      AfterTool: [
        {
          matcher: 'read_file',
          hooks: [{ type: 'command', dialect: 'gemini', command: node('gemini-hide-result.mjs') }],
        },
      ],
    });
    expect(result.llmContent).toBe('Tool result blocked: the output held an API key');
    expect(result.returnDisplay).toBe('Tool result blocked: the output held an API key');
    expect(result.error?.message).toBe('the output held an API key');
    expect(result.replacedContent).toBe(secret);
  });

  it('a Gemini CLI AfterTool exit 2 replaces the result with stderr as the reason', async () => {
    const result = await callWithHooks({
      AfterTool: [
        {
          matcher: 'read_file',
          hooks: [{ type: 'command', dialect: 'gemini', command: node('gemini-hide-result.mjs', 'exit2') }],
        },
      ],
    });
    expect(result.llmContent).toBe('Tool result blocked: the output held an API key');
    expect(result.replacedContent).toBe(secret);
  });

  it("HOOK-178: a native AfterTool hook's deny does not block or replace the result (the native dialect keeps the spec's rule)", async () => {
    const result = await callWithHooks({
      AfterTool: [{ matcher: 'read_file', hooks: [{ type: 'command', command: node('gemini-hide-result.mjs') }] }],
    });
    expect(result.llmContent).toContain('sk-live123abc');
    expect(result.replacedContent).toBeUndefined();
  });

  it("the inspection record keeps both: the call's result is the replacement, originalResult the tool's own output", async () => {
    const directory = mkdtempSync(join(tmpdir(), 'hookrail-replacement-'));
    try {
      const file = join(directory, 'run.jsonl');
      const config = new Config({
        enableHooks: true,
        logger: recordingLogger().logger,
        hooks: {
          AfterTool: [
            {
              matcher: 'read_file',
              hooks: [{ type: 'command', dialect: 'gemini', command: node('gemini-hide-result.mjs') }],
            },
          ],
        },
      });
      const tool = { name: 'read_file', execute: async () => ({ llmContent: secret, returnDisplay: 'read .env' }) };
      const scheduler = createToolScheduler({ config, tools: [tool], inspect: { file } });
      await scheduler.schedule([{ callId: 'c1', name: 'read_file', args: { file_path: '.env' } }]);
      flushInspectionFiles();
      const lines = readJsonLines<InspectionLine>(file);
      const end = lines.find(
        (line): line is CallRecord => line.type === 'hookrail.call' && (line as CallRecord).phase === 'end',
      );
      expect(end).toMatchObject({
        callId: 'c1',
        result: 'Tool result blocked: the output held an API key',
        originalResult: secret,
      });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
