/**
 * Waits for an asynchronous piece of work at most a given time (a hook model or a
 * sub-agent that hangs must not hold the call). At the deadline, or when the caller aborts, the
 * work's own signal aborts and the wait ends at once; a late answer or rejection is dropped.
 */

/** How the wait ended. */
export type DeadlineSettlement<Value> =
  | { kind: 'returned'; value: Value }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

/** What {@link runWithDeadline} needs. */
export interface DeadlineOptions<Value> {
  timeoutMs: number;
  /** The caller's signal: aborting it ends the wait with `cancelled`. */
  signal?: AbortSignal;
  /** The work; its signal aborts at the deadline or on cancellation. */
  run: (signal: AbortSignal) => Promise<Value>;
}

/** Longest delay `setTimeout` honours; larger values would fire at once. */
const maxTimerDelayMs = 2_147_483_647;

/** Runs `options.run` and settles on its value, its rejection, the deadline or the caller's abort. */
export function runWithDeadline<Value>(options: DeadlineOptions<Value>): Promise<DeadlineSettlement<Value>> {
  if (options.signal?.aborted) return Promise.resolve({ kind: 'cancelled' });
  const controller = new AbortController();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (settlement: DeadlineSettlement<Value>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (settlement.kind === 'timeout') controller.abort(new Error(`timed out after ${options.timeoutMs} ms`));
      // Only the caller's signal cancels, and an aborted signal always has a reason.
      if (settlement.kind === 'cancelled') controller.abort(options.signal!.reason);
      resolve(settlement);
    };
    const onAbort = (): void => settle({ kind: 'cancelled' });
    const timer = setTimeout(
      () => settle({ kind: 'timeout' }),
      Math.min(Math.max(options.timeoutMs, 0), maxTimerDelayMs),
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let work: Promise<Value>;
    try {
      work = options.run(controller.signal);
    } catch (error) {
      settle({ kind: 'threw', error });
      return;
    }
    work.then(
      (value) => settle({ kind: 'returned', value }),
      (error: unknown) => settle({ kind: 'threw', error }),
    );
  });
}
