/**
 * The Gemini CLI dialect in process: the stdin a Gemini hook receives (tool names, `mcp_context`,
 * AfterTool's `tool_response`), the variables Gemini CLI sets for it, and how an AfterTool deny or
 * exit 2 hides the tool's result from the model as Gemini CLI does. (toolResultReplacement.test.ts
 * runs the same through real hook processes and the scheduler.)
 */
import { describe, expect, it } from 'vitest';
import { geminiSpeaker, toGeminiInput } from '../../../src/hooks/dialects/gemini.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookExecutionResult } from '../../../src/hooks/protocol/results.js';

function finished(overrides: Partial<HookExecutionResult>): HookExecutionResult {
  return {
    hookConfig: { type: 'command', command: 'after-tool.sh', dialect: 'gemini' },
    eventName: HookEventName.AfterTool,
    success: true,
    exitCode: 0,
    stdout: '',
    stderr: '',
    duration: 1,
    ...overrides,
  };
}

const read = (result: HookExecutionResult, eventName = HookEventName.AfterTool) =>
  geminiSpeaker.readAnswer(result, { eventName, payload: {} }, {});

const hidden = (reason: string) => ({
  toolResultReplacement: {
    llmContent: `Tool result blocked: ${reason}`,
    returnDisplay: `Tool result blocked: ${reason}`,
    error: { message: reason, type: expect.any(String) },
  },
});

describe('Gemini CLI AfterTool: a deny or exit 2 hides the result from the model', () => {
  it('decision "deny" or "block" replaces the result with its reason, or the default one; other fields stay', () => {
    for (const decision of ['deny', 'block'] as const) {
      expect(
        read(finished({ output: { decision, reason: 'secrets in output', systemMessage: 'redacted' } })).output,
      ).toEqual({ systemMessage: 'redacted', hookSpecificOutput: hidden('secrets in output') });
    }
    for (const reason of ['', undefined, 7])
      expect(
        read(
          finished({ output: { decision: 'deny', reason, hookSpecificOutput: { additionalContext: 'x' } } as never }),
        ).output,
      ).toEqual({ hookSpecificOutput: { additionalContext: 'x', ...hidden('Blocked by hook') } });
  });

  it('an allow, a failed hook or another event is read as it is', () => {
    const allowed = finished({ output: { decision: 'allow', reason: 'fine' } });
    expect(read(allowed).output).toEqual({ decision: 'allow', reason: 'fine' });
    const failedDeny = finished({ success: false, exitCode: 1, output: { decision: 'deny', reason: 'x' } });
    expect(read(failedDeny).output).toEqual({ decision: 'deny', reason: 'x' });
    const beforeTool = finished({ eventName: HookEventName.BeforeTool, output: { decision: 'deny', reason: 'no' } });
    expect(read(beforeTool, HookEventName.BeforeTool).output).toEqual({ decision: 'deny', reason: 'no' });
    expect(read(finished({})).output).toBeUndefined();
  });

  it('exit 2 replaces the result with the trimmed stderr, or the default reason, and is no hook failure', () => {
    const exitTwo = (stderr: string) =>
      read(finished({ success: false, exitCode: 2, stderr, output: { decision: 'deny', reason: stderr } }));
    const blocked = exitTwo('  contains a token\n');
    expect(blocked).toMatchObject({ success: true, exitCode: 2 });
    expect(blocked.error).toBeUndefined();
    expect(blocked.output).toEqual({ hookSpecificOutput: hidden('contains a token') });
    expect(exitTwo('\n').output).toEqual({ hookSpecificOutput: hidden('Blocked by hook') });
  });

  it('a hook that timed out or was killed after exit 2 hides nothing; nor does another exit code', () => {
    for (const overrides of [
      { timedOut: true },
      { signal: 'SIGKILL' as const },
      { exitCode: 1 },
      { exitCode: 2, success: true },
    ]) {
      const result = finished({ success: false, exitCode: 2, stderr: 'no', ...overrides });
      expect(read(result)).toEqual(result);
    }
  });
});

describe('what a Gemini CLI hook receives', () => {
  it('GEMINI_CWD and GEMINI_SESSION_ID come from the call, empty when it has none', () => {
    expect(geminiSpeaker.environment({ cwd: '/home/dev/shop', session_id: 's-1' })).toEqual({
      GEMINI_CWD: '/home/dev/shop',
      GEMINI_SESSION_ID: 's-1',
    });
    expect(geminiSpeaker.environment({ cwd: 3 })).toEqual({ GEMINI_CWD: '', GEMINI_SESSION_ID: '' });
  });

  it('mcp_context only on tool events; tool_response only on AfterTool, its error only when there is one', () => {
    const mcpCall = { tool_name: 'mcp__github__get_issue', tool_input: { number: 1 } };
    // Outside a tool event the name is still Gemini's, but no mcp_context describes a call.
    expect(toGeminiInput(HookEventName.BeforeModel, mcpCall)).toStrictEqual({
      tool_name: 'mcp_github_get_issue',
      tool_input: { number: 1 },
    });
    expect(toGeminiInput(HookEventName.BeforeTool, mcpCall)).toEqual({
      tool_name: 'mcp_github_get_issue',
      tool_input: { number: 1 },
      mcp_context: { server_name: 'github', tool_name: 'get_issue' },
    });
    const response = { llmContent: 'ok', returnDisplay: 'ok', metadata: { exitCode: 0 }, error: null };
    const shellCall = { tool_name: 'run_shell_command', tool_input: { command: 'ls' }, tool_response: response };
    expect(toGeminiInput(HookEventName.AfterTool, shellCall)).toStrictEqual({
      tool_name: 'run_shell_command',
      tool_input: { command: 'ls' },
      tool_response: { llmContent: 'ok', returnDisplay: 'ok' },
    });
    expect(toGeminiInput(HookEventName.BeforeTool, shellCall)).toBe(shellCall);
    const prompt = { prompt: 'hi', tool_response: response };
    expect(toGeminiInput(HookEventName.BeforeAgent, prompt)).toBe(prompt);
    const noName = { tool_name: 7, tool_input: {} };
    expect(toGeminiInput(HookEventName.BeforeTool, noName)).toBe(noName);
  });
});
