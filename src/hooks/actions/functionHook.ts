/**
 * Runs one function hook in-process: its `run` gets a copy
 * of the native input object (what a command hook reads on stdin) and an abort signal; what it
 * returns is read like a command hook's exit-0 JSON. A throw, a rejection, a value that is not an
 * output object, a timeout or a cancellation is a failed result, never an exception.
 */
import { performance } from 'node:perf_hooks';
import type { DebugLogger } from '../../debugLogger.js';
import type { HookEventName } from '../protocol/events.js';
import type { FunctionHookConfig } from '../protocol/hookConfig.js';
import type { HookInput } from '../protocol/inputs.js';
import type { HookOutput } from '../protocol/outputs.js';
import type { HookExecutionResult } from '../protocol/results.js';
import { copyAsJson, isPlainObject } from '../../values.js';
import { actionFailer, describeThrown, type ActionFailer } from './actionFailure.js';

/** What {@link runFunctionHook} needs. */
export interface FunctionHookRunOptions {
  hookConfig: FunctionHookConfig;
  eventName: HookEventName;
  input: HookInput;
  timeoutMs: number;
  signal?: AbortSignal;
  logger: DebugLogger;
}

type Settlement =
  | { kind: 'returned'; value: unknown }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

/** Longest delay `setTimeout` honours; larger values would fire at once. */
const maxTimerDelayMs = 2_147_483_647;

/**
 * Calls the hook's `run` and waits for it, at most `timeoutMs`. At the timeout (or when
 * `signal` aborts) the hook's own signal aborts and the call stops waiting; a function that ignores
 * its signal keeps running unobserved, and its late answer is dropped.
 */
export async function runFunctionHook(options: FunctionHookRunOptions): Promise<HookExecutionResult> {
  const { hookConfig, eventName, logger } = options;
  const startedAt = performance.now();
  const fail = actionFailer({ hookConfig, eventName, startedAt, logger });

  if (options.signal?.aborted) return fail('cancelled', 'cancelled before it started');
  let input: unknown;
  try {
    // The same object a command hook parses from stdin, and a copy: one hook cannot change another's input.
    input = copyAsJson(options.input);
  } catch (error) {
    return fail('invalid-input', `its input could not be serialised: ${describeThrown(error)}`, {}, error);
  }

  const called = callWithDeadline(hookConfig, input, options);
  const settlement = 'then' in called ? await called : called;
  switch (settlement.kind) {
    case 'timeout':
      return fail(
        'timeout',
        `timed out after ${options.timeoutMs} ms (its signal was aborted and its answer is no longer awaited)`,
        { timedOut: true },
      );
    case 'cancelled':
      return fail('cancelled', 'cancelled');
    case 'threw':
      return fail('threw', `threw ${describeThrown(settlement.error)}`, {}, settlement.error);
    case 'returned':
      return interpretReturn(settlement.value, { hookConfig, eventName, startedAt, fail });
  }
}

/**
 * Calls `run` and settles on its answer, its throw, the timeout or the caller's abort. A function
 * that answers synchronously costs no timer and, unless it reads `signal`, no AbortController: the
 * cheap path is what makes an in-process check hundreds of times cheaper than a process.
 */
function callWithDeadline(
  hookConfig: FunctionHookConfig,
  input: unknown,
  options: FunctionHookRunOptions,
): Promise<Settlement> | Settlement {
  const context = new LazySignalContext();
  let returned: unknown;
  try {
    returned = (hookConfig.run as (input: unknown, context: { signal: AbortSignal }) => unknown)(input, context);
  } catch (error) {
    return { kind: 'threw', error };
  }
  if (!isPromiseLike(returned)) return { kind: 'returned', value: returned };
  const pending = returned;
  return new Promise<Settlement>((resolve) => {
    let settled = false;
    const settle = (settlement: Settlement): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (settlement.kind === 'timeout' || settlement.kind === 'cancelled') {
        context.abort(new Error(`hook ${settlement.kind === 'timeout' ? 'timed out' : 'cancelled'}`));
      }
      resolve(settlement);
    };
    const onAbort = (): void => settle({ kind: 'cancelled' });
    const timer = setTimeout(
      () => settle({ kind: 'timeout' }),
      Math.min(Math.max(options.timeoutMs, 0), maxTimerDelayMs),
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => settle({ kind: 'returned', value }),
      (error: unknown) => settle({ kind: 'threw', error }),
    );
  });
}

/** The `{ signal }` a function hook gets: the AbortController is made only if the hook reads `signal`. */
class LazySignalContext {
  private controller?: AbortController;

  get signal(): AbortSignal {
    this.controller ??= new AbortController();
    return this.controller.signal;
  }

  abort(reason: Error): void {
    this.controller?.abort(reason);
  }
}

interface ReturnContext {
  hookConfig: FunctionHookConfig;
  eventName: HookEventName;
  startedAt: number;
  fail: ActionFailer;
}

/** Nothing: allow. A plain object: the output, as JSON would carry it. Anything else: a failure. */
function interpretReturn(value: unknown, context: ReturnContext): HookExecutionResult {
  const { hookConfig, eventName, startedAt } = context;
  if (value === undefined || value === null) {
    return { hookConfig, eventName, success: true, duration: performance.now() - startedAt };
  }
  if (!isPlainObject(value)) {
    return context.fail(
      'invalid-output',
      `returned ${describeReturned(value)}; expected an output object ({ decision, reason, ... }) or nothing`,
    );
  }
  let output: unknown;
  try {
    output = copyAsJson(value);
  } catch (error) {
    return context.fail(
      'invalid-output',
      `returned an object that is not JSON-serialisable: ${describeThrown(error)}`,
      {},
      error,
    );
  }
  return {
    hookConfig,
    eventName,
    success: true,
    output: output as HookOutput,
    duration: performance.now() - startedAt,
  };
}

/** Names a return value that is no output: an array, or no object at all (any other object is an output). */
function describeReturned(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `a string ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)}`;
  return `a ${typeof value} (${String(value)})`;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
