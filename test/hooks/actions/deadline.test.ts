/**
 * How long a prompt or agent hook's work is waited for (a hook model or a sub-agent that hangs must not
 * hold the call): its answer, its failure, the deadline or the caller's abort, whichever comes first;
 * at the deadline or the abort the work's own signal aborts, and a late answer is dropped.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runWithDeadline } from '../../../src/hooks/actions/deadline.js';

/** Work that settles only when its signal aborts, and reports the signal's reason. */
function hangingWork() {
  const seen: { reason?: unknown } = {};
  const run = (signal: AbortSignal) =>
    new Promise<string>((_resolve, reject) => {
      signal.addEventListener('abort', () => {
        seen.reason = signal.reason;
        reject(signal.reason);
      });
    });
  return { run, seen };
}

describe('waiting for a hook model or sub-agent at most its timeout', () => {
  it('an answer, a rejection or a synchronous throw before the deadline settles the wait with it', async () => {
    expect(await runWithDeadline({ timeoutMs: 5_000, run: async () => 'allow' })).toEqual({
      kind: 'returned',
      value: 'allow',
    });
    const failure = new Error('model unavailable');
    expect(await runWithDeadline({ timeoutMs: 5_000, run: () => Promise.reject(failure) })).toEqual({
      kind: 'threw',
      error: failure,
    });
    expect(
      await runWithDeadline({
        timeoutMs: 5_000,
        run: () => {
          throw failure;
        },
      }),
    ).toEqual({ kind: 'threw', error: failure });
  });

  it('work that answered in time is not told to abort', async () => {
    let workSignal: AbortSignal | undefined;
    const caller = new AbortController();
    const result = await runWithDeadline({
      timeoutMs: 5_000,
      signal: caller.signal,
      run: async (signal) => {
        workSignal = signal;
        return 'allow';
      },
    });
    expect(result).toEqual({ kind: 'returned', value: 'allow' });
    expect(workSignal?.aborted).toBe(false);
    // Nor when the caller gives up afterwards: the wait is over.
    caller.abort();
    expect(workSignal?.aborted).toBe(false);
  });

  it('at the deadline the wait ends as a timeout and the work is told why through its signal', async () => {
    const work = hangingWork();
    expect(await runWithDeadline({ timeoutMs: 20, run: work.run })).toEqual({ kind: 'timeout' });
    expect(String(work.seen.reason)).toBe('Error: timed out after 20 ms');
  });

  it("the caller's abort ends the wait as cancelled and passes the caller's reason on to the work", async () => {
    const work = hangingWork();
    const caller = new AbortController();
    const waiting = runWithDeadline({ timeoutMs: 60_000, signal: caller.signal, run: work.run });
    caller.abort(new Error('prompt aborted'));
    expect(await waiting).toEqual({ kind: 'cancelled' });
    expect(String(work.seen.reason)).toBe('Error: prompt aborted');
  });

  it('a caller that already gave up never starts the work', async () => {
    let started = false;
    const result = await runWithDeadline({
      timeoutMs: 60_000,
      signal: AbortSignal.abort(),
      run: async () => {
        started = true;
        return 'late';
      },
    });
    expect(result).toEqual({ kind: 'cancelled' });
    expect(started).toBe(false);
  });

  it('a late answer after the deadline is dropped, and a deadline past the longest timer is no instant timeout', async () => {
    let finish: (value: string) => void = () => {};
    const late = await runWithDeadline({
      timeoutMs: 10,
      run: () => new Promise<string>((resolve) => (finish = resolve)),
    });
    finish('too late');
    expect(late).toEqual({ kind: 'timeout' });
    // setTimeout fires at once past 2^31-1 ms; the wait must still end on the work's own answer.
    let answer: (value: string) => void = () => {};
    const long = runWithDeadline({
      timeoutMs: Number.MAX_SAFE_INTEGER,
      run: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer('in time');
    expect(await long).toEqual({ kind: 'returned', value: 'in time' });
  });

  it("a finished wait leaves no listener on the caller's signal", async () => {
    const caller = new AbortController();
    await runWithDeadline({ timeoutMs: 1_000, signal: caller.signal, run: async () => 'answer' });
    await runWithDeadline({ timeoutMs: 10, signal: caller.signal, run: hangingWork().run });
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});
