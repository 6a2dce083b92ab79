/**
 * A Claude Code hook's answer read by Claude Code's rules, per event, into hookrail's one internal
 * decision. (hookRunner.dialects.test.ts runs the same rules through real hook processes.)
 */
import { join } from 'node:path';
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

describe('Claude Code answers: what counts as an answer', () => {
  const context = (eventName: ClaudeEventName, input: Record<string, unknown> = bashCall) => ({ eventName, input });
  const denyJson = JSON.stringify({
    hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no' },
  });

  it('a hook that timed out, was killed by a signal or never started gives no answer, whatever its stdout says', () => {
    const timedOut: HookExecutionResult = { ...finished(0, denyJson, ''), success: false, timedOut: true };
    const killed: HookExecutionResult = { ...finished(1, denyJson, ''), success: false, signal: 'SIGKILL' };
    const notStarted: HookExecutionResult = { ...finished(1, denyJson, ''), exitCode: undefined };
    for (const result of [timedOut, killed, notStarted])
      expect(readClaudeAnswer(result, context('PreToolUse'))).toBe(result);
  });

  it('exit 0 reads the JSON on stdout; an exit 0 the runner already failed (stdout over its cap) is not read', () => {
    expect(readClaudeAnswer(finished(0, `\n  ${denyJson}\n`, ''), context('PreToolUse')).output).toEqual({
      decision: 'deny',
      reason: 'no',
    });
    // On another exit code too, blank lines around the JSON do not hide it.
    expect(readClaudeAnswer(finished(1, `\n${denyJson}\n`, ''), context('PreToolUse')).output).toEqual({
      decision: 'deny',
      reason: 'no',
    });
    const overCap: HookExecutionResult = { ...finished(0, denyJson, ''), success: false };
    expect(readClaudeAnswer(overCap, context('PreToolUse'))).toBe(overCap);
  });

  it('stdout is trimmed: surrounding blank lines are no context, and a blank stdout is no answer', () => {
    expect(answer('UserPromptSubmit', '\n  Current branch: main \n')).toStrictEqual({
      hookSpecificOutput: { additionalContext: 'Current branch: main' },
    });
    expect(answer('SessionStart', ' \n\t\n')).toBeUndefined();
  });

  it('fields of the wrong type or empty are dropped, not passed on', () => {
    for (const eventName of ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop'] as const) {
      expect(
        answer(eventName, {
          continue: 'no',
          stopReason: 7,
          suppressOutput: 'yes',
          systemMessage: '',
          reason: 'not a block',
          hookSpecificOutput: { additionalContext: '' },
        }),
      ).toStrictEqual({});
      expect(answer(eventName, { systemMessage: 5, hookSpecificOutput: { additionalContext: 3 } })).toStrictEqual({});
    }
  });

  it('an allow or ask carries no reason unless the hook gave one; an empty reason counts as none', () => {
    expect(answer('PreToolUse', { hookSpecificOutput: { permissionDecision: 'allow' } })).toStrictEqual({
      decision: 'allow',
    });
    expect(
      answer('PreToolUse', { hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: '' } }),
    ).toStrictEqual({ decision: 'ask' });
    expect(
      answer('PreToolUse', { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: '' } }),
    ).toStrictEqual({ decision: 'deny', reason: 'Blocked by hook' });
    expect(answer('PreToolUse', { decision: 'approve', reason: '' })).toStrictEqual({ decision: 'allow' });
    expect(answer('PreToolUse', { decision: 'approve', reason: 4 })).toStrictEqual({ decision: 'allow' });
    expect(
      answer('PreToolUse', { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 3 } }),
    ).toStrictEqual({ decision: 'deny', reason: 'Blocked by hook' });
  });

  it("a deny without a reason of its own gives its systemMessage as the reason; the hook's own reason wins", () => {
    expect(answer('PreToolUse', { decision: 'block', systemMessage: 'rm -rf is blocked by hookify' })).toStrictEqual({
      decision: 'deny',
      reason: 'rm -rf is blocked by hookify',
      systemMessage: 'rm -rf is blocked by hookify',
    });
    expect(
      answer('PreToolUse', {
        hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: '' },
        reason: '',
        systemMessage: 'careful',
      }),
    ).toStrictEqual({ decision: 'deny', reason: 'careful', systemMessage: 'careful' });
    // A reason that happens to read like the default is still the hook's own.
    expect(
      answer('PreToolUse', {
        hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'Blocked by hook' },
        systemMessage: 'careful',
      }),
    ).toStrictEqual({ decision: 'deny', reason: 'Blocked by hook', systemMessage: 'careful' });
    expect(
      answer('PreToolUse', { decision: 'block', reason: 'Blocked by hook', systemMessage: 'careful' }),
    ).toStrictEqual({ decision: 'deny', reason: 'Blocked by hook', systemMessage: 'careful' });
    // An allow keeps its system message as a message only.
    expect(
      answer('PreToolUse', { hookSpecificOutput: { permissionDecision: 'allow' }, systemMessage: 'fine' }),
    ).toStrictEqual({ decision: 'allow', systemMessage: 'fine' });
  });

  it('a block without a reason stops with the default reason on Stop, UserPromptSubmit and PreCompact', () => {
    expect(answer('Stop', { decision: 'block' })).toStrictEqual({ decision: 'block', reason: 'Blocked by hook' });
    expect(answer('Stop', { decision: 'block', reason: '' })).toStrictEqual({
      decision: 'block',
      reason: 'Blocked by hook',
    });
    expect(answer('UserPromptSubmit', { decision: 'block' })).toStrictEqual({
      decision: 'deny',
      reason: 'Blocked by hook',
    });
    expect(answer('PreCompact', { decision: 'block', reason: 9 })).toStrictEqual({
      decision: 'deny',
      reason: 'Blocked by hook',
    });
  });

  it('only decision "block" decides on UserPromptSubmit, Stop and PreCompact; a reason alone does nothing', () => {
    for (const eventName of ['UserPromptSubmit', 'Stop', 'SubagentStop', 'PreCompact'] as const)
      expect(answer(eventName, { decision: 'approve', reason: 'fine' })).toStrictEqual({});
  });

  it('PostToolUseFailure decision "block" + reason goes next to the error, as on PostToolUse; a reason without a block does not', () => {
    expect(answer('PostToolUseFailure', { decision: 'block', reason: 'the build is red' })).toStrictEqual({
      hookSpecificOutput: { additionalContext: 'the build is red' },
    });
    expect(answer('PostToolUse', { reason: 'just saying' })).toStrictEqual({});
    expect(answer('PostToolUse', { decision: 'block' })).toStrictEqual({});
  });

  it('a null updatedToolOutput replaces nothing', () => {
    expect(answer('PostToolUse', { hookSpecificOutput: { updatedToolOutput: null } })).toStrictEqual({});
  });

  it("updatedInput paths are read against the session's directory, or the host's when the call names none", () => {
    const updated = (cwd: unknown) =>
      answer(
        'PreToolUse',
        {
          hookSpecificOutput: {
            permissionDecision: 'allow',
            updatedInput: { file_path: join(process.cwd(), 'notes', 'a.md') },
          },
        },
        { tool_name: 'read_file', tool_input: { file_path: 'notes/a.md' }, ...(cwd === undefined ? {} : { cwd }) },
      )?.hookSpecificOutput;
    expect(updated(undefined)).toEqual({ tool_input: { file_path: join('notes', 'a.md') } });
    expect(updated('')).toEqual({ tool_input: { file_path: join('notes', 'a.md') } });
    // Another directory: the path is outside it, so it stays absolute.
    expect(updated('/srv/elsewhere')).toEqual({ tool_input: { file_path: join(process.cwd(), 'notes', 'a.md') } });
  });
});

describe('Claude Code answers: exit 2 with JSON on stdout', () => {
  const context = (eventName: ClaudeEventName) => ({ eventName, input: bashCall });
  const exitTwo = (stdout: unknown, stderr = 'stderr reason') =>
    finished(2, typeof stdout === 'string' ? stdout : JSON.stringify(stdout), stderr, undefined);

  it("blocks with the JSON's own blocking reason: a deny's permissionDecisionReason or a block's reason", () => {
    expect(
      readClaudeAnswer(
        exitTwo({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no publishing' } }),
        context('PreToolUse'),
      ).output,
    ).toStrictEqual({ decision: 'deny', reason: 'no publishing' });
    expect(
      readClaudeAnswer(exitTwo({ decision: 'block', reason: 'prompt has a secret' }), context('UserPromptSubmit'))
        .output,
    ).toStrictEqual({ decision: 'deny', reason: 'prompt has a secret' });
  });

  it("keeps stderr as the reason when the JSON gives no blocking reason (an allow's reason, an empty one, no block)", () => {
    for (const stdout of [
      { hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: 'fine' } },
      { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: '' } },
      { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 3 } },
      { decision: 'approve', reason: 'fine' },
      { decision: 'block', reason: '' },
      { decision: 'block', reason: 3 },
      { reason: 'a reason without a block' },
    ]) {
      const result = exitTwo(stdout);
      expect(readClaudeAnswer(result, context('PreToolUse'))).toBe(result);
    }
  });

  it('on PostToolUse the trimmed stderr reaches the model; an empty one adds nothing', () => {
    expect(readClaudeAnswer(exitTwo('', 'format failed\n'), context('PostToolUse')).output).toStrictEqual({
      hookSpecificOutput: { additionalContext: 'format failed' },
    });
    expect(readClaudeAnswer(exitTwo('', '  \n'), context('PostToolUse')).output).toBeUndefined();
    expect(
      readClaudeAnswer(exitTwo({ decision: 'block', reason: 'lint failed' }, 'ignored'), context('PostToolUseFailure'))
        .output,
    ).toStrictEqual({ hookSpecificOutput: { additionalContext: 'lint failed' } });
  });
});

describe('Claude Code answers: PermissionRequest', () => {
  const decide = (decision: unknown) =>
    answer('PermissionRequest', { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } });

  it("allow answers the ask, with updatedInput in the tool's own argument names", () => {
    expect(decide({ behavior: 'allow' })).toStrictEqual({ decision: 'allow' });
    expect(decide({ behavior: 'allow', updatedInput: { command: 'npm publish --dry-run' } })).toStrictEqual({
      decision: 'allow',
      hookSpecificOutput: { tool_input: { command: 'npm publish --dry-run' } },
    });
  });

  it('deny refuses with its message; interrupt also stops the agent with that message, or the default one', () => {
    expect(decide({ behavior: 'deny', message: 'not on main' })).toStrictEqual({
      decision: 'deny',
      reason: 'not on main',
    });
    expect(decide({ behavior: 'deny', message: '', interrupt: true })).toStrictEqual({
      decision: 'deny',
      reason: 'Blocked by hook',
      continue: false,
      stopReason: 'Blocked by hook',
    });
    expect(decide({ behavior: 'deny', message: 'stop here', interrupt: true })).toStrictEqual({
      decision: 'deny',
      reason: 'stop here',
      continue: false,
      stopReason: 'stop here',
    });
    // The hook's own stopReason stays.
    expect(
      answer('PermissionRequest', {
        stopReason: 'session over',
        hookSpecificOutput: { decision: { behavior: 'deny', interrupt: true } },
      }),
    ).toStrictEqual({ decision: 'deny', reason: 'Blocked by hook', continue: false, stopReason: 'session over' });
    expect(decide({ behavior: 'deny', interrupt: 'yes' })).toStrictEqual({
      decision: 'deny',
      reason: 'Blocked by hook',
    });
    expect(decide({ behavior: 'deny', message: 5 })).toStrictEqual({ decision: 'deny', reason: 'Blocked by hook' });
  });

  it('any other behavior, or no decision object, leaves the ask to the user', () => {
    for (const decision of [{ behavior: 'ask' }, { behavior: 'ALLOW' }, 'allow', undefined])
      expect(decide(decision)).toStrictEqual({});
  });
});
