/**
 * HookRunner against hostile and broken hooks: floods, closed stdin, ignored SIGTERM, background
 * children, missing commands, binary output, timeouts and cancellation. None may throw to the
 * caller or leave a process behind.
 */
import { existsSync, readFileSync } from 'node:fs';
import { getEventListeners } from 'node:events';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookExecutionError } from '../../../src/errors.js';
import {
  DEFAULT_MAX_STDERR_BYTES,
  DEFAULT_MAX_STDOUT_BYTES,
  HookRunner,
} from '../../../src/hooks/engine/hookRunner.js';
import { STDOUT_OVERFLOW_EXCERPT_BYTES } from '../../../src/hooks/actions/hookProcess.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { MAX_STDERR_MESSAGE_CHARACTERS } from '../../../src/hooks/protocol/hookStderr.js';
import {
  beforeToolInput,
  fixtureCommand,
  fixtureHook,
  hookInput,
  recordsAt,
  scratchDirectory,
} from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive, isProcessAlive } from '../../helpers/processes.js';
import { waitFor } from '../../helpers/waiting.js';

let scratch: ReturnType<typeof scratchDirectory>;
beforeEach(() => {
  scratch = scratchDirectory();
});
afterEach(() => scratch.remove());
afterAll(() => assertNoHookProcessesAlive());

function newRunner(
  options: { killGraceMs?: number; maxStdoutBytes?: number; maxStderrBytes?: number } = { killGraceMs: 300 },
) {
  const { logger, records } = recordingLogger();
  return { runner: new HookRunner({ logger, ...options }), records };
}

/** PIDs the fixture wrote to `file` ("ready <pid>" lines or a bare PID). */
function pidsIn(file: string): number[] {
  return [...readFileSync(file, 'utf8').matchAll(/(\d+)/g)].map((match) => Number(match[1]));
}

describe('output floods', () => {
  it('a hook printing 50 MB on stdout is not parsed, keeps a 4 KiB excerpt, and fails open with a warning saying what was cut', async () => {
    const { runner, records } = newRunner({});
    const result = await runner.executeHook(
      fixtureHook('flood-stdout.js', ['50']),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(DEFAULT_MAX_STDOUT_BYTES).toBe(16 * 1024 * 1024);
    expect(STDOUT_OVERFLOW_EXCERPT_BYTES).toBe(4 * 1024);
    expect(result.stdout).toBe(`${'flood '.repeat(170)}\n`.repeat(5).slice(0, STDOUT_OVERFLOW_EXCERPT_BYTES));
    expect(result).toMatchObject({ success: false, exitCode: 0, truncated: true });
    expect(result.output).toBeUndefined();
    expect(result.error).toMatchObject({ kind: 'output-too-large' });
    const warning = recordsAt(records, 'warn')[0];
    expect(warning.message).toContain('stdout exceeded 16777216 bytes; the output was not parsed');
    const cut = Number(
      /stdout was (\d+) bytes over the cap of 16777216 bytes; only its first 4096 bytes are kept/.exec(
        warning.message,
      )?.[1],
    );
    // The fixture writes whole lines until it has written at least 50 MiB.
    expect(cut).toBeGreaterThanOrEqual(50 * 1024 * 1024 - DEFAULT_MAX_STDOUT_BYTES);
    expect(cut).toBeLessThan(50 * 1024 * 1024 - DEFAULT_MAX_STDOUT_BYTES + 1024);
    expect(warning.message).toContain(fixtureCommand('flood-stdout.js', '50'));
  });

  it('a 3 MiB JSON decision is honoured: the stdout cap is far above it', async () => {
    const { runner } = newRunner({});
    const result = await runner.executeHook(
      fixtureHook('large-decision.js', ['3']),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result).toMatchObject({ success: true, exitCode: 0 });
    expect(result.output?.decision).toBe('block');
    expect(result.output?.reason).toBe('r'.repeat(3 * 1024 * 1024));
  });

  it('HOOK-209: a hook flooding stderr and exiting 1 keeps a bounded warning, not megabytes of text', async () => {
    const { runner, records } = newRunner({ maxStderrBytes: 64 * 1024 });
    expect(DEFAULT_MAX_STDERR_BYTES).toBe(1024 * 1024);
    const result = await runner.executeHook(
      fixtureHook('flood-stderr.js', ['20', '1']),
      HookEventName.AfterTool,
      beforeToolInput({}),
    );
    expect(result).toMatchObject({ success: false, exitCode: 1, truncated: true });
    expect(Buffer.byteLength(result.stderr ?? '')).toBe(64 * 1024);
    expect(result.output?.systemMessage?.startsWith('Warning: error error')).toBe(true);
    // The model gets the head (MAX_STDERR_MESSAGE_CHARACTERS) and a note counting what the cap already dropped.
    expect(result.output?.systemMessage?.length).toBeLessThan(MAX_STDERR_MESSAGE_CHARACTERS + 200);
    expect(result.output?.systemMessage).toMatch(/… \[\d+ more characters and \d+ bytes past the capture cap cut\]$/);
    expect(recordsAt(records, 'warn')[0].message).toMatch(
      /stderr truncated to the first 65536 bytes \(\d+ bytes cut\)/,
    );
  });
});

describe('stdin', () => {
  it('HOOK-192: a hook that exits without reading a 5 MB input is answered normally (EPIPE suppressed)', async () => {
    const { runner, records } = newRunner();
    const input = beforeToolInput({ content: 'x'.repeat(5 * 1024 * 1024) }, 'write_file');
    const result = await runner.executeHook(fixtureHook('no-read-stdin.sh'), HookEventName.BeforeTool, input);
    expect(result).toMatchObject({
      success: true,
      exitCode: 0,
      output: { systemMessage: 'answered without reading stdin' },
    });
    expect(recordsAt(records, 'warn')).toEqual([]);
  });

  it('an input that cannot be serialised fails open instead of throwing', async () => {
    const { runner, records } = newRunner();
    const input = beforeToolInput({ size: BigInt(1) });
    const result = await runner.executeHook(fixtureHook('plain-text.sh'), HookEventName.BeforeTool, input);
    expect(result.success).toBe(false);
    expect(result.error).toBeInstanceOf(HookExecutionError);
    expect(recordsAt(records, 'warn')[0].message).toContain('BigInt');
  });
});

describe('timeouts', () => {
  it('HOOK-117, HOOK-119: on timeout the hook receives SIGTERM and fails open with a warning giving the timeout', async () => {
    // The default grace: the hook exits on SIGTERM at once, and a loaded machine may take a while to
    // run its trap; a short grace would turn that delay into a SIGKILL this test is not about.
    const { runner, records } = newRunner({});
    const marker = join(scratch.path, 'marker');
    const result = await runner.executeHook(
      fixtureHook('exit-on-sigterm.sh', [marker], { timeout: 1_000 }),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result).toMatchObject({ success: false, timedOut: true });
    expect(result.output).toBeUndefined();
    expect(readFileSync(marker, 'utf8')).toBe('ready\nSIGTERM\n');
    const warning = recordsAt(records, 'warn')[0];
    expect(warning.message).toContain('timed out after 1000 ms');
    expect(warning.message).not.toContain('SIGKILL');
    expect(warning.data).toMatchObject({ timedOut: true, kind: 'timeout' });
  });

  it('HOOK-118: a hook that ignores SIGTERM is killed with SIGKILL after the grace period', async () => {
    // Long enough for the hook's trap to record the SIGTERM on a loaded machine before the SIGKILL.
    const { runner, records } = newRunner({ killGraceMs: 1_000 });
    const marker = join(scratch.path, 'marker');
    const result = await runner.executeHook(
      fixtureHook('ignore-sigterm.sh', [marker], { timeout: 1_000 }),
      HookEventName.AfterTool,
      beforeToolInput({}),
    );
    expect(result).toMatchObject({ success: false, timedOut: true });
    expect(readFileSync(marker, 'utf8')).toMatch(/^ready \d+\nSIGTERM\n$/);
    expect(recordsAt(records, 'warn')[0].message).toContain('killed with SIGKILL after ignoring SIGTERM');
    for (const pid of pidsIn(marker)) expect(isProcessAlive(pid)).toBe(false);
  });

  it('HOOK-118: with the default grace period (5 s) a SIGTERM-ignoring hook still ends with SIGKILL', async () => {
    const { runner, records } = newRunner({});
    const marker = join(scratch.path, 'marker');
    const result = await runner.executeHook(
      fixtureHook('ignore-sigterm.sh', [marker], { timeout: 1_000 }),
      HookEventName.AfterTool,
      beforeToolInput({}),
    );
    expect(result).toMatchObject({ success: false, timedOut: true });
    expect(readFileSync(marker, 'utf8')).toMatch(/^ready \d+\nSIGTERM\n$/);
    expect(recordsAt(records, 'warn')[0].message).toContain(
      'timed out after 1000 ms (killed with SIGKILL after ignoring SIGTERM)',
    );
    for (const pid of pidsIn(marker)) expect(isProcessAlive(pid)).toBe(false);
  }, 20_000);

  it("HOOK-117: a timeout kills the hook's whole process group, including the background child it started", async () => {
    const { runner } = newRunner();
    const pidFile = join(scratch.path, 'child.pid');
    const result = await runner.executeHook(
      fixtureHook('spawn-child-and-hang.sh', [pidFile], { timeout: 1_000 }),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result).toMatchObject({ success: false, timedOut: true });
    const [childPid] = pidsIn(pidFile);
    expect(childPid).toBeGreaterThan(1);
    expect(isProcessAlive(childPid)).toBe(false);
  });
});

describe('broken commands and output', () => {
  it('HOOK-068: a command that does not exist exits 127 and fails open with a warning naming it', async () => {
    const { runner, records } = newRunner();
    const hook: HookConfig = { type: 'command', command: 'hookrail-no-such-command --flag' };
    const result = await runner.executeHook(hook, HookEventName.BeforeTool, beforeToolInput({}));
    expect(result).toMatchObject({ success: false, exitCode: 127 });
    expect(result.output?.systemMessage).toMatch(/^Warning: .*hookrail-no-such-command.*not found/);
    const warning = recordsAt(records, 'warn')[0];
    expect(warning.message).toContain('command not found: hookrail-no-such-command --flag');
  });

  it('a working directory that does not exist fails open with a warning naming it', async () => {
    const { runner, records } = newRunner();
    const missing = join(scratch.path, 'gone');
    const result = await runner.executeHook(
      fixtureHook('plain-text.sh'),
      HookEventName.BeforeTool,
      beforeToolInput({}, 'read_file', missing),
    );
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ kind: 'spawn' });
    expect(recordsAt(records, 'warn')[0].message).toContain(missing);
  });

  it('a hook config without a command fails open without spawning', async () => {
    const { runner, records } = newRunner();
    const result = await runner.executeHook(
      { type: 'command', command: '  ' },
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ kind: 'invalid-config' });
    expect(recordsAt(records, 'warn')).toHaveLength(1);
  });

  it('HOOK-064: invalid UTF-8 and binary bytes on stdout decode with replacement characters and no NUL bytes', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('binary-stdout.js'),
      HookEventName.AfterTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(true);
    const message = result.output?.systemMessage ?? '';
    expect(message.startsWith('hi')).toBe(true);
    expect(message).toContain('\uFFFD');
    expect(message).toContain('ok');
    expect(message).not.toContain('\u0000');
  });

  it('HOOK-212: JSON preceded by a line of noise is plain text: allow, with the whole stdout as systemMessage', async () => {
    const { runner } = newRunner();
    const result = await runner.executeHook(
      fixtureHook('noise-then-json.sh'),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(true);
    expect(result.output).toEqual({
      decision: 'allow',
      systemMessage: 'Loading hook configuration...\n{"decision":"block","reason":"hidden behind noise"}',
    });
  });
});

describe('cancellation', () => {
  it("aborting the signal kills the running hook's process group; the result says cancelled", async () => {
    const { runner, records } = newRunner({ killGraceMs: 300 });
    const marker = join(scratch.path, 'marker');
    const controller = new AbortController();
    const pending = runner.executeHook(
      fixtureHook('ignore-sigterm.sh', [marker], { timeout: 30_000 }),
      HookEventName.BeforeTool,
      beforeToolInput({}),
      {
        signal: controller.signal,
      },
    );
    await waitFor(() => existsSync(marker), `the hook to write ${marker}`, { intervalMs: 20 });
    controller.abort();
    const result = await pending;
    expect(result.success).toBe(false);
    expect(result.timedOut).toBeUndefined();
    expect(result.error).toMatchObject({ kind: 'cancelled' });
    expect(result.error?.message).toContain('cancelled');
    expect(recordsAt(records, 'warn')).toEqual([]);
    for (const pid of pidsIn(marker)) expect(isProcessAlive(pid)).toBe(false);
  });

  it('an already aborted signal runs nothing', async () => {
    const { runner } = newRunner();
    const out = join(scratch.path, 'never.json');
    const result = await runner.executeHook(
      fixtureHook('echo-stdin.js', [out]),
      HookEventName.BeforeTool,
      beforeToolInput({}),
      {
        signal: AbortSignal.abort(),
      },
    );
    expect(result.error).toMatchObject({ kind: 'cancelled' });
    expect(existsSync(out)).toBe(false);
  });

  it('many hooks sharing one AbortSignal add one listener at most and remove it when done', async () => {
    const { runner } = newRunner();
    const controller = new AbortController();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const hooks = Array.from({ length: 16 }, () => fixtureHook('respond.sh', ['0']));
      const pending = runner.executeHooksParallel(hooks, HookEventName.AfterTool, beforeToolInput({}), {
        signal: controller.signal,
      });
      expect(getEventListeners(controller.signal, 'abort').length).toBeLessThanOrEqual(1);
      const results = await pending;
      expect(results.every((result) => result.success)).toBe(true);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a cancelled sequential chain stops after the running hook', async () => {
    const { runner } = newRunner({ killGraceMs: 300 });
    const marker = join(scratch.path, 'marker');
    const out = join(scratch.path, 'never.json');
    const controller = new AbortController();
    const pending = runner.executeHooksSequential(
      [fixtureHook('ignore-sigterm.sh', [marker]), fixtureHook('echo-stdin.js', [out])],
      HookEventName.BeforeModel,
      hookInput(HookEventName.BeforeModel),
      { signal: controller.signal },
    );
    await waitFor(() => existsSync(marker), `the hook to write ${marker}`, { intervalMs: 20 });
    controller.abort();
    const results = await pending;
    expect(results).toHaveLength(1);
    expect(results[0].error).toMatchObject({ kind: 'cancelled' });
    expect(existsSync(out)).toBe(false);
  });
});
