/**
 * A Claude Code hook's answer read by Claude Code's rules, per event, into hookrail's one internal
 * decision. (hookRunner.dialects.test.ts runs the same rules through real hook processes.)
 */
import { describe, expect, it } from 'vitest';
import { readClaudeAnswer, readClaudeStdout } from '../../../src/hooks/dialects/claudeAnswer.js';
import type { ClaudeEventName } from '../../../src/hooks/dialects/claudeEvents.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookExecutionResult } from '../../../src/hooks/protocol/results.js';

const bashCall = {
  tool_name: 'run_shell_command',
  tool_input: { command: 'npm publish', description: 'Publish' },
  cwd: '/home/dev/shop',
};

function answer(eventName: ClaudeEventName, json: unknown, input: Record<string, unknown> = bashCall) {
  return readClaudeStdout(typeof json === 'string' ? json : JSON.stringify(json), { eventName, input });
}

function finished(
  exitCode: number,
  stdout: string,
  stderr: string,
  output?: HookExecutionResult['output'],
): HookExecutionResult {
  return {
    hookConfig: { type: 'command', command: 'guard.sh', dialect: 'claude' },
    eventName: HookEventName.BeforeTool,
    success: exitCode === 0,
    exitCode,
    stdout,
    stderr,
    duration: 1,
    ...(output ? { output } : {}),
  };
}

describe('Claude Code answers: JSON on exit 0', () => {
  it('PreToolUse permissionDecision allow / deny / ask with permissionDecisionReason become the decision and its reason', () => {
    for (const decision of ['allow', 'deny', 'ask'] as const) {
      expect(
        answer('PreToolUse', {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: decision,
            permissionDecisionReason: `because ${decision}`,
          },
        }),
      ).toEqual({
        decision,
        reason: `because ${decision}`,
      });
    }
    expect(answer('PreToolUse', { hookSpecificOutput: { permissionDecision: 'deny' } })).toEqual({
      decision: 'deny',
      reason: 'Blocked by hook',
    });
    expect(
      answer('PreToolUse', {
        hookSpecificOutput: { permissionDecision: 'defer' },
        decision: 'block',
        reason: 'legacy',
      }),
    ).toEqual({});
  });

  it('the legacy decision approve / block + reason still works on PreToolUse; permissionDecision wins over it', () => {
    expect(answer('PreToolUse', { decision: 'block', reason: 'no force push' })).toEqual({
      decision: 'deny',
      reason: 'no force push',
    });
    expect(answer('PreToolUse', { decision: 'approve', reason: 'read-only' })).toEqual({
      decision: 'allow',
      reason: 'read-only',
    });
    expect(
      answer('PreToolUse', {
        decision: 'approve',
        hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no' },
      }),
    ).toEqual({ decision: 'deny', reason: 'no' });
  });

  it("updatedInput is mapped back to the tool's own argument names", () => {
    const read = answer(
      'PreToolUse',
      {
        hookSpecificOutput: {
          permissionDecision: 'allow',
          updatedInput: { file_path: '/home/dev/shop/a.ts', offset: 11, limit: 5 },
        },
      },
      {
        tool_name: 'read_file',
        tool_input: { file_path: 'a.ts' },
        cwd: '/home/dev/shop',
      },
    );
    expect(read).toEqual({
      decision: 'allow',
      hookSpecificOutput: { tool_input: { file_path: 'a.ts', offset: 10, limit: 5 } },
    });
    const bash = answer('PreToolUse', {
      hookSpecificOutput: {
        permissionDecision: 'allow',
        updatedInput: { command: 'npm publish --dry-run', description: 'Publish' },
      },
    });
    expect(bash?.hookSpecificOutput).toEqual({
      tool_input: { command: 'npm publish --dry-run', description: 'Publish' },
    });
  });

  it('PreToolUse additionalContext reaches the model next to the tool result (as the system message hookrail appends there)', () => {
    expect(
      answer('PreToolUse', { systemMessage: 'careful', hookSpecificOutput: { additionalContext: 'repo is frozen' } }),
    ).toEqual({ systemMessage: 'careful\nrepo is frozen' });
  });

  it('continue, stopReason, suppressOutput and systemMessage keep their meaning on every event', () => {
    for (const eventName of ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart'] as const) {
      expect(
        answer(eventName, { continue: false, stopReason: 'halt', suppressOutput: true, systemMessage: 'note' }),
      ).toEqual({
        continue: false,
        stopReason: 'halt',
        suppressOutput: true,
        systemMessage: 'note',
      });
    }
  });

  it('PostToolUse decision "block" + reason is put next to the tool result; the result stays', () => {
    expect(
      answer('PostToolUse', {
        decision: 'block',
        reason: 'lint failed',
        hookSpecificOutput: { additionalContext: 'run npm run lint' },
      }),
    ).toEqual({
      hookSpecificOutput: { additionalContext: 'lint failed\nrun npm run lint' },
    });
    expect(answer('PostToolUseFailure', { hookSpecificOutput: { additionalContext: 'try --verbose' } })).toEqual({
      hookSpecificOutput: { additionalContext: 'try --verbose' },
    });
  });

  it('UserPromptSubmit decision "block" refuses the prompt; additionalContext joins it', () => {
    expect(answer('UserPromptSubmit', { decision: 'block', reason: 'secret in prompt' })).toEqual({
      decision: 'deny',
      reason: 'secret in prompt',
    });
    expect(
      answer('UserPromptSubmit', {
        hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'branch: main' },
      }),
    ).toEqual({
      hookSpecificOutput: { additionalContext: 'branch: main' },
    });
  });

  it('Stop / SubagentStop decision "block" + reason makes the agent go on; PreCompact "block" blocks compaction', () => {
    expect(answer('Stop', { decision: 'block', reason: 'tests still fail' })).toEqual({
      decision: 'block',
      reason: 'tests still fail',
    });
    expect(answer('SubagentStop', { decision: 'block', reason: 'keep looking' })).toEqual({
      decision: 'block',
      reason: 'keep looking',
    });
    expect(answer('PreCompact', { decision: 'block', reason: 'not now' })).toEqual({
      decision: 'deny',
      reason: 'not now',
    });
  });

  it('plain stdout is context on UserPromptSubmit and SessionStart, and nothing elsewhere (not a system message)', () => {
    expect(answer('UserPromptSubmit', 'Current branch: main')).toEqual({
      hookSpecificOutput: { additionalContext: 'Current branch: main' },
    });
    expect(answer('SessionStart', 'Node project')).toEqual({
      hookSpecificOutput: { additionalContext: 'Node project' },
    });
    for (const eventName of ['PreToolUse', 'PostToolUse', 'Stop', 'Notification'] as const)
      expect(answer(eventName, 'checking...')).toBeUndefined();
    expect(answer('PreToolUse', '')).toBeUndefined();
    // Only a text starting with "{" is Claude's JSON: a quoted string is text.
    expect(answer('UserPromptSubmit', '"{\\"decision\\":\\"block\\"}"')).toEqual({
      hookSpecificOutput: { additionalContext: '"{\\"decision\\":\\"block\\"}"' },
    });
  });
});

describe('Claude Code answers: exit codes', () => {
  const context = (eventName: ClaudeEventName) => ({ eventName, input: bashCall });

  it("exit 2 on PreToolUse blocks with stderr as the reason (the runner's reading stands)", () => {
    const result = finished(2, '', 'rm -rf is not allowed', { decision: 'deny', reason: 'rm -rf is not allowed' });
    expect(readClaudeAnswer(result, context('PreToolUse'))).toBe(result);
  });

  it('exit 2 on PostToolUse / PostToolUseFailure gives stderr to the model next to the result, and is not a hook failure', () => {
    for (const eventName of ['PostToolUse', 'PostToolUseFailure'] as const) {
      const read = readClaudeAnswer(
        finished(2, '', 'format failed', { decision: 'deny', reason: 'format failed' }),
        context(eventName),
      );
      expect(read).toMatchObject({
        success: true,
        exitCode: 2,
        output: { hookSpecificOutput: { additionalContext: 'format failed' } },
      });
      expect(read.error).toBeUndefined();
    }
  });

  it('exit 2 on UserPromptSubmit refuses the prompt, on Stop makes the agent go on (a block with stderr)', () => {
    for (const eventName of ['UserPromptSubmit', 'Stop', 'SubagentStop', 'PreCompact'] as const) {
      const result = finished(2, '', 'reason', { decision: 'deny', reason: 'reason' });
      expect(readClaudeAnswer(result, context(eventName)).output).toEqual({ decision: 'deny', reason: 'reason' });
    }
  });

  it('exit 2 on SessionStart, SessionEnd and Notification has no effect beyond the warning', () => {
    for (const eventName of ['SessionStart', 'SessionEnd', 'Notification'] as const) {
      const read = readClaudeAnswer(
        finished(2, '', 'ignored', { decision: 'deny', reason: 'ignored' }),
        context(eventName),
      );
      expect(read.output).toEqual({});
      expect(read.success).toBe(false);
    }
  });

  it('other exit codes: a valid JSON answer decides alone (Claude Code ships this); without one the EARS warning stands', () => {
    const decided = readClaudeAnswer(
      finished(1, '{"decision":"block"}', 'oops', { decision: 'allow', systemMessage: 'Warning: oops' }),
      context('PreToolUse'),
    );
    expect(decided).toMatchObject({
      success: true,
      exitCode: 1,
      output: { decision: 'deny', reason: 'Blocked by hook' },
    });
    expect(decided.error).toBeUndefined();
    const warned = finished(1, 'not json', 'oops', { decision: 'allow', systemMessage: 'Warning: oops' });
    expect(readClaudeAnswer(warned, context('PreToolUse'))).toBe(warned);
  });
});

describe('Claude Code answers: PostToolUse output replacement', () => {
  const mcpCall = { tool_name: 'mcp__github__get_issue', tool_input: { number: 1 }, cwd: '/home/dev/shop' };

  it("updatedToolOutput replaces any tool's output; updatedMCPToolOutput only an MCP tool's", () => {
    // The native output carries the replacement as toolResultReplacement: the text the model reads and the value itself.
    expect(answer('PostToolUse', { hookSpecificOutput: { updatedToolOutput: 'new output' } })).toEqual({
      hookSpecificOutput: {
        toolResultReplacement: { llmContent: 'new output', returnDisplay: 'new output', output: 'new output' },
      },
    });
    expect(
      answer('PostToolUse', { hookSpecificOutput: { updatedMCPToolOutput: [{ type: 'text', text: 'x' }] } }, mcpCall),
    ).toEqual({
      hookSpecificOutput: {
        toolResultReplacement: { llmContent: 'x', returnDisplay: 'x', output: [{ type: 'text', text: 'x' }] },
      },
    });
    expect(answer('PostToolUseFailure', { hookSpecificOutput: { updatedToolOutput: 'not after a failure' } })).toEqual(
      {},
    );
    expect(answer('PostToolUse', { hookSpecificOutput: { updatedMCPToolOutput: 'ignored for Bash' } })).toEqual({});
  });
});
