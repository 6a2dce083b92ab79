/**
 * A function hook's call at its edges, run in process: a caller that already gave up, an input that is
 * no JSON, what its signal says at a timeout or a cancellation (and that an answer in time leaves it
 * alone), and how a return value that is no output is named in the warning. functionHook.test.ts
 * covers the common paths through the hook runner and the scheduler.
 */
import { getEventListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { HookExecutionError } from '../../../src/errors.js';
import { runFunctionHook } from '../../../src/hooks/actions/functionHook.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { FunctionHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { recordingLogger } from '../../../src/testing.js';
import { beforeToolInput } from '../../helpers/hookFixtures.js';

function call(
  run: FunctionHookConfig['run'],
  options: { timeoutMs?: number; signal?: AbortSignal; input?: ReturnType<typeof beforeToolInput> } = {},
) {
  const { logger } = recordingLogger();
  return runFunctionHook({
    hookConfig: { type: 'function', name: 'guard', run },
    eventName: HookEventName.BeforeTool,
    input: options.input ?? beforeToolInput({ command: 'ls' }),
    timeoutMs: options.timeoutMs ?? 5_000,
    signal: options.signal,
    logger,
  });
}

function kindOf(result: { error?: Error }): string | undefined {
  return result.error instanceof HookExecutionError ? result.error.kind : undefined;
}

describe('a function hook call', () => {
  it('is not made when the caller already gave up, nor with an input that is no JSON', async () => {
    let calls = 0;
    const counted = () => {
      calls += 1;
    };
    const cancelled = await call(counted, { signal: AbortSignal.abort() });
    expect(cancelled.error?.message).toMatch(/: cancelled before it started$/);
    const input = { ...beforeToolInput({ command: 'ls' }), size: 10n } as unknown as ReturnType<typeof beforeToolInput>;
    const unserialisable = await call(counted, { input });
    expect(unserialisable.error?.message).toMatch(/: its input could not be serialised: TypeError: .*BigInt/);
    expect(calls).toBe(0);
  });

  it("HOOK-117: at its timeout the hook's signal says it timed out; on the caller's abort, that it was cancelled", async () => {
    const reasons: string[] = [];
    const hanging: FunctionHookConfig['run'] = (_input, { signal }) =>
      new Promise((resolve) => signal.addEventListener('abort', () => resolve(reasons.push(String(signal.reason)))));
    const timedOut = await call(hanging, { timeoutMs: 20 });
    expect(timedOut).toMatchObject({ success: false, timedOut: true });
    expect(kindOf(timedOut)).toBe('timeout');
    expect(timedOut.error?.message).toMatch(
      /: timed out after 20 ms \(its signal was aborted and its answer is no longer awaited\)$/,
    );
    const caller = new AbortController();
    const waiting = call(hanging, { signal: caller.signal });
    caller.abort();
    const cancelled = await waiting;
    expect(cancelled.error?.message).toMatch(/failed \(fail-open\): cancelled$/);
    expect(reasons).toEqual(['Error: hook timed out', 'Error: hook cancelled']);
  });

  it('an answer in time, even a late one, is read, and leaves its signal alone', async () => {
    let seen: AbortSignal | undefined;
    const result = await call(
      async (_input, { signal }) => {
        seen = signal;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return { decision: 'deny', reason: 'not now' };
      },
      { timeoutMs: 5_000 },
    );
    expect(result).toMatchObject({ success: true, output: { decision: 'deny', reason: 'not now' } });
    expect(seen?.aborted).toBe(false);
    expect(await call(() => null)).toMatchObject({ success: true });
  });

  it('HOOK-117: a timeout longer than a timer can hold (over 24.8 days) waits for the answer instead of firing at once', async () => {
    const result = await call(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return { decision: 'deny', reason: 'late but in time' };
      },
      { timeoutMs: 2 ** 31 },
    );
    expect(result).toMatchObject({ success: true, output: { decision: 'deny', reason: 'late but in time' } });
  });

  it('a return value that is no output object is named in the warning', async () => {
    const described = async (value: unknown) => (await call(() => value as never)).error?.message;
    expect(await described('x'.repeat(80))).toContain(`returned a string "${'x'.repeat(80)}";`);
    expect(await described('y'.repeat(81))).toContain(`returned a string "${'y'.repeat(80)}…";`);
    expect(await described([1])).toContain('returned an array;');
    expect(await described(7)).toContain('returned a number (7);');
    expect(await described(() => 1)).toContain('returned a function (() => 1);');
  });

  it('a thenable function is awaited like a promise', async () => {
    const thenable = () => undefined;
    // A callable thenable, as some promise libraries make them (set by name: no literal `then` field).
    Reflect.set(thenable, 'then', (resolve: (value: unknown) => void) =>
      resolve({ decision: 'deny', reason: 'from a thenable' }),
    );
    const result = await call(() => thenable as never);
    expect(result).toMatchObject({ success: true, output: { decision: 'deny', reason: 'from a thenable' } });
  });

  it('HOOK-117: a hook that never reads its signal and hangs times out cleanly', async () => {
    const result = await call(() => new Promise(() => {}), { timeoutMs: 20 });
    expect(result).toMatchObject({ success: false, timedOut: true });
    expect(kindOf(result)).toBe('timeout');
  });

  it("each failure has its kind; a finished call leaves no listener on the caller's signal; a sane duration", async () => {
    expect(kindOf(await call(() => undefined, { signal: AbortSignal.abort() }))).toBe('cancelled');
    const input = { ...beforeToolInput({ command: 'ls' }), size: 10n } as unknown as ReturnType<typeof beforeToolInput>;
    expect(kindOf(await call(() => undefined, { input }))).toBe('invalid-input');
    const caller = new AbortController();
    const before = performance.now();
    const results = [
      await call(async () => ({ decision: 'allow' }), { signal: caller.signal }),
      await call(async () => undefined, { signal: caller.signal }),
    ];
    const elapsed = performance.now() - before;
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    for (const result of results) {
      expect(result.success).toBe(true);
      expect(result.duration).toBeGreaterThanOrEqual(0);
      expect(result.duration).toBeLessThanOrEqual(elapsed);
    }
  });
});
