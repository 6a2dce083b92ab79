/**
 * HookRunner: the stdin/stdout protocol and the exit-code table (the exit-code rules, HOOK-066–070), tested with real hook
 * processes from test/fixtures/hooks/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookExecutionError } from '../../../src/errors.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { BeforeToolHookOutput, DEFAULT_BLOCK_REASON } from '../../../src/hooks/protocol/outputs.js';
import {
  DEFAULT_HOOK_TIMEOUT_MS,
  HOOK_KILL_GRACE_MS,
  type HookConfig,
} from '../../../src/hooks/protocol/hookConfig.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import {
  beforeToolInput,
  fixtureCommand,
  fixtureHook,
  hookInput,
  recordsAt,
  scratchDirectory,
} from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

let scratch: ReturnType<typeof scratchDirectory>;
beforeEach(() => {
  scratch = scratchDirectory();
});
afterEach(() => scratch.remove());
afterAll(() => assertNoHookProcessesAlive());

function newRunner() {
  const { logger, records } = recordingLogger();
  return { runner: new HookRunner({ logger, killGraceMs: 200 }), records };
}

describe('stdin: one JSON object, then EOF', () => {
  it('HOOK-061, HOOK-062: the hook reads exactly one JSON object with the base fields and sees EOF', async () => {
    const { runner } = newRunner();
    const out = join(scratch.path, 'stdin.json');
    const input = beforeToolInput({ command: 'ls -la', nested: { deep: [1, 2] } }, 'run_shell_command', scratch.path);
    const result = await runner.executeHook(fixtureHook('echo-stdin.js', [out]), HookEventName.BeforeTool, input);

    expect(result.success).toBe(true);
    const seen = JSON.parse(readFileSync(out, 'utf8'));
    // One object, nothing before or after it: the raw text parses as a whole.
    expect(JSON.parse(seen.raw)).toEqual(input);
    expect(seen.input).toEqual(input);
    for (const field of ['session_id', 'cwd', 'timestamp', 'hook_event_name', 'transcript_path']) {
      expect(seen.input).toHaveProperty(field);
    }
    expect(seen.input.tool_name).toBe('run_shell_command');
  });

  it('HOOK-188: the project-dir variables are set to input.cwd, the rest of process.env is inherited, and cwd is input.cwd', async () => {
    const { runner } = newRunner();
    const out = join(scratch.path, 'env.json');
    process.env.HOOKRAIL_FIXTURE_MARKER = 'inherited-from-parent';
    try {
      await runner.executeHook(
        fixtureHook('echo-stdin.js', [out]),
        HookEventName.SessionStart,
        hookInput(HookEventName.SessionStart, { source: 'startup' }, scratch.path),
      );
    } finally {
      delete process.env.HOOKRAIL_FIXTURE_MARKER;
    }
    const seen = JSON.parse(readFileSync(out, 'utf8'));
    expect(seen.env.LLXPRT_PROJECT_DIR).toBe(scratch.path);
    expect(seen.env.GEMINI_PROJECT_DIR).toBe(scratch.path);
    expect(seen.env.CLAUDE_PROJECT_DIR).toBe(scratch.path);
    expect(seen.env.HOOKRAIL_FIXTURE_MARKER).toBe('inherited-from-parent');
    expect(seen.env.PATH).toBe(process.env.PATH);
    expect(seen.cwd).toBe(scratch.path);
  });

  it('HOOK-188: $CLAUDE_PROJECT_DIR in the command text is expanded to the project directory', async () => {
    const { runner } = newRunner();
    const out = join(scratch.path, 'argv.txt');
    const hook: HookConfig = {
      type: 'command',
      command: `${fixtureCommand('print-argv.sh', out)} $LLXPRT_PROJECT_DIR "\${GEMINI_PROJECT_DIR}/sub"`,
    };
    const result = await runner.executeHook(
      hook,
      HookEventName.BeforeTool,
      beforeToolInput({}, 'read_file', scratch.path),
    );
    expect(result.success).toBe(true);
    expect(readFileSync(out, 'utf8')).toBe(`2\n${scratch.path}\n${scratch.path}/sub\n`);
  });
});

describe('exit code 0: stdout parsed', () => {
  it('HOOK-063, HOOK-070: exit 0 with a JSON object on stdout yields that object and success true', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('block-json.sh', ['policy says no']),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result).toMatchObject({
      success: true,
      exitCode: 0,
      output: { decision: 'block', reason: 'policy says no' },
    });
    expect(result.error).toBeUndefined();
    expect(result.duration).toBeGreaterThanOrEqual(0);
  });

  it('HOOK-064: exit 0 with plain text becomes allow with the text as systemMessage', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(fixtureHook('plain-text.sh'), HookEventName.AfterTool, beforeToolInput({}));
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ decision: 'allow', systemMessage: 'Remember to run the tests before committing.' });
  });

  it('HOOK-065: exit 0 with empty stdout is allow with no output', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('respond.sh', ['0']),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(true);
    expect(result.output).toBeUndefined();
  });

  it('HOOK-114, HOOK-212: exit 0 with malformed JSON falls back to a plain-text allow', async () => {
    const { runner } = newRunner();
    const malformed = '{"decision": "block", "reason": ';
    const result = await runner.executeHook(
      fixtureHook('respond.sh', ['0', malformed]),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ decision: 'allow', systemMessage: malformed.trim() });
  });

  it('HOOK-193, HOOK-201: exit 0 with double-encoded JSON uses the inner object', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('double-encoded.sh'),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ decision: 'block', reason: 'double-encoded block' });
  });

  it('HOOK-069: stderr is captured for logs and never parsed for decisions', async () => {
    const { runner, records } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('stderr-json-exit-0.sh'),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(true);
    expect(result.output).toBeUndefined();
    expect(result.stderr).toContain('"decision":"block"');
    expect(
      recordsAt(records, 'debug').some((record) => String(record.data?.['stderr']).includes('stderr is not parsed')),
    ).toBe(true);
  });
});

describe('exit code 2: block', () => {
  it('HOOK-066, HOOK-067a, HOOK-189: exit 2 blocks with stderr as the reason; success is false', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('exit-2-stderr.sh', ['Writes outside the project are not allowed']),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result).toMatchObject({
      success: false,
      exitCode: 2,
      output: { decision: 'deny', reason: 'Writes outside the project are not allowed' },
    });
    expect(new BeforeToolHookOutput(result.output).isBlockingDecision()).toBe(true);
  });

  it('HOOK-067b: exit 2 with empty stderr blocks with the default reason', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('exit-2-silent.sh'),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result).toMatchObject({
      success: false,
      exitCode: 2,
      output: { decision: 'deny', reason: DEFAULT_BLOCK_REASON },
    });
  });

  it('HOOK-066, HOOK-067b: stdout is not parsed on exit 2, even when it holds an allow decision', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('exit-2-stdout-json.sh'),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.output).toEqual({ decision: 'deny', reason: DEFAULT_BLOCK_REASON });
    expect(result.stdout).toContain('stdout of exit 2 must not be parsed');
  });
});

describe('other exit codes and signals: fail-open', () => {
  it('HOOK-068, HOOK-209, HOOK-023, HOOK-031: exit 1 fails open with "Warning: <stderr>" and a warning naming hook, event, exit code and stderr', async () => {
    const { runner, records } = newRunner();
    const hook = fixtureHook('crash.sh', [], { name: 'crashy' });
    const result = await runner.executeHook(hook, HookEventName.AfterTool, beforeToolInput({}));
    expect(result).toMatchObject({
      success: false,
      exitCode: 1,
      output: { decision: 'allow', systemMessage: 'Warning: crash.sh: something broke' },
    });
    expect(result.error).toBeInstanceOf(HookExecutionError);
    expect(result.error).toMatchObject({ kind: 'exit-code', eventName: 'AfterTool' });
    const warnings = recordsAt(records, 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toContain('crashy');
    expect(warnings[0].message).toContain(fixtureCommand('crash.sh'));
    expect(warnings[0].message).toContain('AfterTool');
    expect(warnings[0].message).toContain('exit code 1');
    expect(warnings[0].message).toContain('crash.sh: something broke');
    expect(warnings[0].data).toMatchObject({
      command: fixtureCommand('crash.sh'),
      eventName: 'AfterTool',
      exitCode: 1,
      stderr: 'crash.sh: something broke',
    });
  });

  it('HOOK-198: a block JSON on stdout with exit 1 is ignored: failed, fail-open', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('crash-with-block-json.sh'),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(false);
    expect(result.exitCode).toBe(1);
    expect(result.output).toEqual({ decision: 'allow', systemMessage: 'Warning: crash-with-block-json.sh: exiting 1' });
    expect(new BeforeToolHookOutput(result.output).isBlockingDecision()).toBe(false);
  });

  it('HOOK-068: exit 3 with empty stderr fails open with no output', async () => {
    const { runner, records } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('respond.sh', ['3', '{"decision":"deny"}']),
      HookEventName.BeforeModel,
      hookInput(HookEventName.BeforeModel),
    );
    expect(result).toMatchObject({ success: false, exitCode: 3 });
    expect(result.output).toBeUndefined();
    expect(recordsAt(records, 'warn')[0].message).toContain('exit code 3');
    expect(recordsAt(records, 'warn')[0].message).toContain('stderr was empty');
  });

  it('HOOK-196: a hook killed by a signal has success false, exitCode mapped to 0, the signal, and stderr as a warning', async () => {
    const { runner, records } = newRunner();
    const hook: HookConfig = { type: 'command', command: `exec ${fixtureCommand('signal-self.sh')}` };
    const result = await runner.executeHook(hook, HookEventName.AfterTool, beforeToolInput({}));
    expect(result).toMatchObject({ success: false, exitCode: 0, signal: 'SIGTERM' });
    expect(result.output).toEqual({ decision: 'allow', systemMessage: 'Warning: signal-self.sh: terminating myself' });
    expect(recordsAt(records, 'warn')[0].message).toContain('killed by SIGTERM');
  });

  it('HOOK-195: a plugin hook reaching the runner fails open without spawning anything', async () => {
    const { runner, records } = newRunner();
    const result = await runner.executeHook(
      { type: 'plugin', name: 'my-plugin' },
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(false);
    expect(result.output).toBeUndefined();
    expect(result.stdout).toBeUndefined();
    expect(result.error?.message).toContain('plugin hooks have no execution path');
    expect(recordsAt(records, 'warn')[0].message).toContain('my-plugin');
  });

  it('HOOK-120: without a timeout the hook runs with the 60000 ms default', async () => {
    const { runner, records } = newRunner();
    await runner.executeHook(fixtureHook('respond.sh', ['0']), HookEventName.BeforeTool, beforeToolInput({}));
    expect(DEFAULT_HOOK_TIMEOUT_MS).toBe(60_000);
    const started = recordsAt(records, 'debug').find((record) => record.message.startsWith('Running hook'));
    expect(started?.data?.['timeoutMs']).toBe(60_000);
  });

  it('HOOK-118: a runner created without killGraceMs grants HOOK_KILL_GRACE_MS (5000 ms) between SIGTERM and SIGKILL; an explicit one is kept', async () => {
    expect(HOOK_KILL_GRACE_MS).toBe(5_000);
    const defaults = recordingLogger();
    await new HookRunner({ logger: defaults.logger }).executeHook(
      fixtureHook('respond.sh', ['0']),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    const started = recordsAt(defaults.records, 'debug').find((record) => record.message.startsWith('Running hook'));
    expect(started?.data).toMatchObject({ killGraceMs: HOOK_KILL_GRACE_MS, timeoutMs: DEFAULT_HOOK_TIMEOUT_MS });
    const explicit = recordingLogger();
    await new HookRunner({ logger: explicit.logger, killGraceMs: 250 }).executeHook(
      fixtureHook('respond.sh', ['0'], { timeout: 7_000 }),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(
      recordsAt(explicit.records, 'debug').find((record) => record.message.startsWith('Running hook'))?.data,
    ).toMatchObject({ killGraceMs: 250, timeoutMs: 7_000 });
  });
});

describe('Claude Code compatibility', () => {
  it('HOOK-155: a Claude-Code-style PreToolUse script blocks with exit 2 and a stderr reason, unchanged', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('claude-code-guard.js'),
      HookEventName.BeforeTool,
      beforeToolInput({ command: 'rm -rf build' }, 'run_shell_command', scratch.path),
    );
    expect(result).toMatchObject({
      success: false,
      exitCode: 2,
      output: { decision: 'deny', reason: 'Blocked dangerous command: rm -rf build' },
    });
    expect(new BeforeToolHookOutput(result.output).getEffectiveReason()).toBe(
      'Blocked dangerous command: rm -rf build',
    );
  });

  it('HOOK-155: a Claude-Code-style script answers with hookSpecificOutput (permissionDecision, updatedInput) using $CLAUDE_PROJECT_DIR', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('claude-code-guard.js'),
      HookEventName.BeforeTool,
      beforeToolInput({ file_path: 'src/a.ts' }, 'write_file', scratch.path),
    );
    expect(result.success).toBe(true);
    const output = new BeforeToolHookOutput(result.output);
    expect(output.isBlockingDecision()).toBe(false);
    expect(output.getEffectiveReason()).toBe(`checked by claude-code-guard in ${scratch.path}`);
    expect(output.getModifiedToolInput()).toEqual({ file_path: join(scratch.path, 'src/a.ts') });
  });
});
