/**
 * What a fire from `hooks fire` (or a recorded run) offers the matchers: the tool's name and, after a
 * call, whether it failed (Claude's PostToolUse or PostToolUseFailure); for a lifecycle event, the
 * value its matcher selects on (SessionStart `source`, SessionEnd `reason`, ...). And the names the
 * CLI gives each dialect.
 */
import { describe, expect, it } from 'vitest';
import { dialectLabel, isHookDialect } from '../../../src/hooks/dialects/dialect.js';
import { fireContextOf } from '../../../src/hooks/dialects/fireContext.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';

describe('what the matchers of a fire see', () => {
  it("a tool event offers the tool's name; none when the fire names no tool", () => {
    expect(fireContextOf(HookEventName.BeforeTool, { tool_name: 'run_shell_command' })).toStrictEqual({
      toolName: 'run_shell_command',
    });
    expect(fireContextOf(HookEventName.BeforeTool, { tool_name: 7 })).toStrictEqual({});
    expect(fireContextOf(HookEventName.AfterTool, {})).toStrictEqual({});
  });

  it('after a call it also says whether the call failed, when the fire carries its result', () => {
    const shell = (metadata: Record<string, unknown>) =>
      fireContextOf(HookEventName.AfterTool, {
        tool_name: 'run_shell_command',
        tool_response: { llmContent: '', metadata },
      });
    expect(shell({ exitCode: 1 })).toStrictEqual({ toolName: 'run_shell_command', toolFailed: true });
    expect(shell({ exitCode: 0 })).toStrictEqual({ toolName: 'run_shell_command', toolFailed: false });
    expect(
      fireContextOf(HookEventName.AfterTool, { tool_name: 'run_shell_command', tool_response: 'ok' }),
    ).toStrictEqual({ toolName: 'run_shell_command' });
    // Before a call there is no result to judge, whatever the fire carries.
    expect(
      fireContextOf(HookEventName.BeforeTool, {
        tool_name: 'run_shell_command',
        tool_response: { llmContent: '', error: { message: 'x' } },
      }),
    ).toStrictEqual({ toolName: 'run_shell_command' });
  });

  it('a lifecycle event offers the value its matcher selects on, when it is text', () => {
    expect(fireContextOf(HookEventName.SessionStart, { source: 'resume' })).toStrictEqual({ matchValue: 'resume' });
    expect(fireContextOf(HookEventName.SessionEnd, { reason: 'clear', source: 'x' })).toStrictEqual({
      matchValue: 'clear',
    });
    expect(fireContextOf(HookEventName.SessionStart, { source: 1 })).toStrictEqual({});
    expect(fireContextOf(HookEventName.BeforeAgent, { prompt: 'hi', source: 'startup' })).toStrictEqual({});
  });
});

describe('dialect names', () => {
  it('the CLI names each dialect as its agent is called; only the three dialects are dialects', () => {
    expect(['native', 'claude', 'gemini'].map((dialect) => dialectLabel(dialect as never))).toEqual([
      'hookrail',
      'Claude Code',
      'Gemini CLI',
    ]);
    expect(['native', 'claude', 'gemini', 'Claude', 'codex', 1].map(isHookDialect)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
