/**
 * The runner speaks to each hook in its dialect, with real hook processes: a Claude Code hook reads
 * Claude's stdin and variables and is answered by Claude's rules, a Gemini CLI hook reads Gemini's, a
 * native hook reads hookrail's as before; the exact stdin is kept on the result. Through the whole
 * hook system, a Claude `updatedInput` reaches the real tool under the tool's own argument names, and
 * variables a Claude SessionStart hook writes to `CLAUDE_ENV_FILE` reach later shell commands.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBuiltinTools } from '../../../src/adapters/tools/index.js';
import { claudeEnvFilePath, removeClaudeEnvFile } from '../../../src/hooks/dialects/claudeEnvFile.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { CommandHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { hookFixture, hookInput, scratchDirectory, shellQuote } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

afterAll(() => assertNoHookProcessesAlive());

let scratch: { path: string; remove: () => void };
beforeEach(() => {
  scratch = scratchDirectory('hookrail-dialects-');
});
afterEach(() => scratch.remove());

interface Recorded {
  raw: string;
  input: Record<string, unknown>;
  env: Record<string, string>;
}

/** A hook running record-and-answer.mjs, in `dialect`, answering with `answer`. */
function recordingHook(
  dialect: 'native' | 'claude' | 'gemini',
  answer: { exit?: number; stdout?: string; stderr?: string } = {},
  extra: Partial<CommandHookConfig> = {},
) {
  const capture = join(scratch.path, `${dialect}-${Math.random().toString(36).slice(2)}.json`);
  const args = [capture, String(answer.exit ?? 0), answer.stdout ?? '', answer.stderr ?? ''].map(shellQuote).join(' ');
  const config: CommandHookConfig = {
    type: 'command',
    command: `node ${shellQuote(hookFixture('dialects/record-and-answer.mjs'))} ${args}`,
    ...(dialect !== 'native' ? { dialect } : {}),
    ...extra,
  };
  return {
    config,
    recorded(): Recorded {
      const parsed = JSON.parse(readFileSync(capture, 'utf8')) as { raw: string; env: Record<string, string> };
      return { raw: parsed.raw, input: JSON.parse(parsed.raw) as Record<string, unknown>, env: parsed.env };
    },
  };
}

const runner = new HookRunner({ logger: recordingLogger().logger });

describe('stdin and variables in each dialect', () => {
  it("a Claude Code hook on BeforeTool reads PreToolUse, Bash, Claude's tool_input, tool_use_id and permission_mode — exactly the stdin kept on the result", async () => {
    const hook = recordingHook('claude');
    const input = hookInput(
      HookEventName.BeforeTool,
      { tool_name: 'read_file', tool_input: { file_path: 'src/a.ts', offset: 0 } },
      scratch.path,
    );
    const result = await runner.executeHook(hook.config, HookEventName.BeforeTool, input, { toolCallId: 'call-42' });
    const seen = hook.recorded();
    expect(seen.input).toEqual({
      session_id: 'test-session',
      transcript_path: '',
      cwd: scratch.path,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Read',
      tool_input: { file_path: join(scratch.path, 'src/a.ts'), offset: 1 },
      tool_use_id: 'call-42',
    });
    expect(result.stdin).toBe(seen.raw);
    expect(seen.env).toMatchObject({ CLAUDE_PROJECT_DIR: scratch.path });
  });

  it('a Claude plugin hook runs with CLAUDE_PLUGIN_ROOT from its env', async () => {
    const hook = recordingHook('claude', {}, { env: { CLAUDE_PLUGIN_ROOT: '/opt/plugins/fmt' } });
    await runner.executeHook(
      hook.config,
      HookEventName.SessionEnd,
      hookInput(HookEventName.SessionEnd, { reason: 'exit' }, scratch.path),
    );
    const seen = hook.recorded();
    expect(seen.env['CLAUDE_PLUGIN_ROOT']).toBe('/opt/plugins/fmt');
    expect(seen.input).toMatchObject({ hook_event_name: 'SessionEnd', reason: 'other' });
  });

  it('only a Claude Code SessionStart hook is given CLAUDE_ENV_FILE: not a Claude PreToolUse hook, nor a native or Gemini CLI SessionStart hook', async () => {
    const sessionId = `dialects-env-var-${Math.random().toString(36).slice(2)}`;
    try {
      const told = async (dialect: 'native' | 'claude' | 'gemini', eventName: HookEventName, fields = {}) => {
        const hook = recordingHook(dialect);
        await runner.executeHook(
          hook.config,
          eventName,
          hookInput(eventName, { session_id: sessionId, ...fields }, scratch.path),
        );
        return hook.recorded().env['CLAUDE_ENV_FILE'];
      };
      expect(await told('claude', HookEventName.SessionStart, { source: 'startup' })).toBe(
        claudeEnvFilePath(sessionId),
      );
      expect(
        await told('claude', HookEventName.BeforeTool, { tool_name: 'read_file', tool_input: {} }),
      ).toBeUndefined();
      expect(await told('native', HookEventName.SessionStart, { source: 'startup' })).toBeUndefined();
      expect(await told('gemini', HookEventName.SessionStart, { source: 'startup' })).toBeUndefined();
    } finally {
      await removeClaudeEnvFile(sessionId);
    }
  });

  it("a Gemini CLI hook reads hookrail's input without tool_response.metadata, with GEMINI_PROJECT_DIR, GEMINI_CWD and GEMINI_SESSION_ID", async () => {
    const hook = recordingHook('gemini');
    const toolResponse = { llmContent: 'Output: ok', returnDisplay: 'ok', metadata: { exitCode: 0, stdout: 'ok' } };
    const input = hookInput(
      HookEventName.AfterTool,
      { tool_name: 'run_shell_command', tool_input: { command: 'ls' }, tool_response: toolResponse },
      scratch.path,
    );
    await runner.executeHook(hook.config, HookEventName.AfterTool, input);
    const seen = hook.recorded();
    expect(seen.input).toEqual({ ...input, tool_response: { llmContent: 'Output: ok', returnDisplay: 'ok' } });
    expect(seen.env).toMatchObject({
      GEMINI_PROJECT_DIR: scratch.path,
      GEMINI_CWD: scratch.path,
      GEMINI_SESSION_ID: 'test-session',
    });
  });

  it("a native hook reads hookrail's input unchanged (HOOK-015, HOOK-026)", async () => {
    const hook = recordingHook('native');
    const input = hookInput(
      HookEventName.BeforeTool,
      { tool_name: 'read_file', tool_input: { file_path: 'a.ts' } },
      scratch.path,
    );
    const result = await runner.executeHook(hook.config, HookEventName.BeforeTool, input);
    expect(hook.recorded().raw).toBe(JSON.stringify(input));
    expect(result.stdin).toBe(JSON.stringify(input));
  });
});

describe("answers read by each dialect's rules (real processes)", () => {
  const bashInput = () =>
    hookInput(
      HookEventName.BeforeTool,
      { tool_name: 'run_shell_command', tool_input: { command: 'git push' } },
      scratch.path,
    );

  it('permissionDecision "deny" from a Claude hook blocks; the same JSON from a native hook is HOOK-169\'s compatibility reading', async () => {
    const deny = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no pushes',
      },
    });
    const claude = await runner.executeHook(
      recordingHook('claude', { stdout: deny }).config,
      HookEventName.BeforeTool,
      bashInput(),
    );
    expect(claude.output).toEqual({ decision: 'deny', reason: 'no pushes' });
    const native = await runner.executeHook(
      recordingHook('native', { stdout: deny }).config,
      HookEventName.BeforeTool,
      bashInput(),
    );
    expect(native.output).toEqual(JSON.parse(deny));
  });

  it('plain stdout of a Claude PreToolUse hook is not a message to the model; of a native hook it is (HOOK-064)', async () => {
    const claude = await runner.executeHook(
      recordingHook('claude', { stdout: 'checking the command...' }).config,
      HookEventName.BeforeTool,
      bashInput(),
    );
    expect(claude).toMatchObject({ success: true, exitCode: 0 });
    expect(claude.output).toBeUndefined();
    const native = await runner.executeHook(
      recordingHook('native', { stdout: 'checking the command...' }).config,
      HookEventName.BeforeTool,
      bashInput(),
    );
    expect(native.output).toEqual({ decision: 'allow', systemMessage: 'checking the command...' });
  });

  it('exit 2 from a Claude PostToolUse hook gives stderr to the model next to the result; from a native AfterTool hook it is a block (HOOK-066)', async () => {
    const after = hookInput(
      HookEventName.AfterTool,
      {
        tool_name: 'write_file',
        tool_input: { file_path: 'a.ts', content: '' },
        tool_response: { llmContent: 'ok', returnDisplay: 'ok' },
      },
      scratch.path,
    );
    const claude = await runner.executeHook(
      recordingHook('claude', { exit: 2, stderr: 'prettier failed' }).config,
      HookEventName.AfterTool,
      after,
    );
    expect(claude).toMatchObject({
      success: true,
      exitCode: 2,
      output: { hookSpecificOutput: { additionalContext: 'prettier failed' } },
    });
    const native = await runner.executeHook(
      recordingHook('native', { exit: 2, stderr: 'prettier failed' }).config,
      HookEventName.AfterTool,
      after,
    );
    expect(native).toMatchObject({
      success: false,
      exitCode: 2,
      output: { decision: 'deny', reason: 'prettier failed' },
    });
  });

  it('plain stdout of a Claude UserPromptSubmit hook is context for the prompt', async () => {
    const result = await runner.executeHook(
      recordingHook('claude', { stdout: 'Branch: main' }).config,
      HookEventName.BeforeAgent,
      hookInput(HookEventName.BeforeAgent, { prompt: 'hi' }, scratch.path),
    );
    expect(result.output).toEqual({ hookSpecificOutput: { additionalContext: 'Branch: main' } });
  });
});

describe('through the hook system', () => {
  it('a Claude updatedInput reaches the real read_file tool with its own argument names (1-based offset 2 → the second line)', async () => {
    const project = scratch.path;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(project, 'asked.txt'), 'asked for\n');
    writeFileSync(join(project, 'other.txt'), 'line one\nline two\nline three\n');
    const config = new Config({
      enableHooks: true,
      workingDir: project,
      logger: recordingLogger().logger,
      hooks: {
        PreToolUse: [
          {
            matcher: 'Read',
            hooks: [
              {
                type: 'command',
                command: `node ${shellQuote(hookFixture('dialects/redirect-read.mjs'))} ${shellQuote(join(project, 'other.txt'))}`,
              },
            ],
          },
        ],
      },
    });
    const [readFileTool] = createBuiltinTools({ workingDir: project, names: ['read_file'] });
    const argumentsSeen: Array<Record<string, unknown>> = [];
    const result = await executeToolWithHooks(config, 'read_file', { file_path: 'asked.txt' }, (args) => {
      argumentsSeen.push(args);
      return readFileTool.execute(args, { signal: new AbortController().signal });
    });
    expect(argumentsSeen).toEqual([{ file_path: join(project, 'other.txt'), offset: 1, limit: 1 }]);
    expect(result.llmContent).toContain('line two');
    expect(result.llmContent).not.toContain('line one');
  });

  it('variables a Claude SessionStart hook writes to CLAUDE_ENV_FILE reach later run_shell_command calls of the session', async () => {
    const sessionId = `dialects-env-${Math.random().toString(36).slice(2)}`;
    try {
      const config = new Config({
        enableHooks: true,
        sessionId,
        workingDir: scratch.path,
        logger: recordingLogger().logger,
        // SessionStart is spelled the same in both dialects: the hook says which it speaks.
        hooks: {
          SessionStart: [
            {
              hooks: [
                {
                  type: 'command',
                  dialect: 'claude',
                  command: 'echo "export GREETING=from-session-start" >> "$CLAUDE_ENV_FILE"',
                },
              ],
            },
          ],
        },
      });
      const hookSystem = config.getHookSystem();
      await hookSystem?.initialize();
      await hookSystem?.getEventHandler().fireSessionStartEvent('startup');
      const [shell] = createBuiltinTools({
        workingDir: scratch.path,
        names: ['run_shell_command'],
        shellEnvironmentFile: claudeEnvFilePath(sessionId),
      });
      const result = await shell.execute(
        { command: 'echo "greeting=$GREETING"' },
        { signal: new AbortController().signal },
      );
      expect(result.llmContent).toContain('Command: echo "greeting=$GREETING"');
      expect(result.llmContent).toContain('greeting=from-session-start');
    } finally {
      await removeClaudeEnvFile(sessionId);
    }
  });
});
