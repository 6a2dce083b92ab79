/**
 * How the in-process, network and judged hook actions (function, http, prompt, agent) describe a
 * hook and report a failure: one warning naming the hook, the event, the policy (fail-open or fail-closed) and what
 * went wrong, and a `HookExecutionResult` with `success: false` carrying the same message.
 */
import { performance } from 'node:perf_hooks';
import type { DebugLogger } from '../../debugLogger.js';
import { HookExecutionError, type HookFailureKind } from '../../errors.js';
import type { HookEventName } from '../protocol/events.js';
import { failureMode } from '../protocol/failurePolicy.js';
import { getHookName, type HookConfig } from '../protocol/hookConfig.js';
import type { HookExecutionResult } from '../protocol/results.js';

/** What a hook runs: its command, its URL, or `function <name>`. */
export function hookTarget(hookConfig: HookConfig): string {
  if (hookConfig.type === 'function') return `function ${hookConfig.name}`;
  if (hookConfig.type === 'http') return typeof hookConfig.url === 'string' ? hookConfig.url : '';
  // A judged hook is what it asks (`prompt: Is this command safe? $ARGUMENTS`).
  if (hookConfig.type === 'prompt' || hookConfig.type === 'agent')
    return getHookName({ ...hookConfig, name: undefined });
  return typeof hookConfig.command === 'string' ? hookConfig.command : '';
}

/** The hook as a warning names it: `name (target)`, or the target alone. */
export function describeHook(hookConfig: HookConfig): string {
  if (hookConfig.type === 'function') return `${hookConfig.name} (function)`;
  const target = hookConfig.type === 'http' ? `POST ${hookTarget(hookConfig)}` : hookTarget(hookConfig);
  if (hookConfig.name) return `${hookConfig.name} (${target})`;
  return target || `<${String(hookConfig.type)} hook>`;
}

/** What {@link failedActionResult} needs. */
export interface ActionFailureOptions {
  hookConfig: HookConfig;
  eventName: HookEventName;
  kind: HookFailureKind;
  /** What went wrong, e.g. `timed out after 100 ms`. */
  reason: string;
  startedAt: number;
  logger: DebugLogger;
  /** `info` for a cancellation (the caller gave up); `warn` otherwise. */
  level?: 'warn' | 'info';
  /** Extra result fields (`httpStatus`, `stdout`, `timedOut`, `truncated`). */
  fields?: Partial<HookExecutionResult>;
  cause?: unknown;
}

/** A failed result, logged once; the message names the hook, event, policy and failure. */
export function failedActionResult(options: ActionFailureOptions): HookExecutionResult {
  const { hookConfig, eventName, kind, reason } = options;
  const message = `Hook "${describeHook(hookConfig)}" for ${eventName} failed (${failureMode(hookConfig, eventName)}): ${reason}`;
  options.logger[options.level ?? 'warn'](message, {
    hook: hookTarget(hookConfig),
    type: hookConfig.type,
    eventName,
    kind,
  });
  const error = new HookExecutionError({
    kind,
    command: hookTarget(hookConfig),
    eventName,
    message,
    cause: options.cause,
  });
  return {
    hookConfig,
    eventName,
    success: false,
    duration: performance.now() - options.startedAt,
    error,
    ...options.fields,
  };
}

/** The `fail` of one action run: a failed result of the given kind and reason, with extra fields and a cause. */
export type ActionFailer = (
  kind: HookFailureKind,
  reason: string,
  fields?: Partial<HookExecutionResult>,
  cause?: unknown,
) => HookExecutionResult;

/** What {@link actionFailer} needs: the run's hook, event, start time and logger. */
export interface ActionFailerOptions {
  hookConfig: HookConfig;
  eventName: HookEventName;
  startedAt: number;
  logger: DebugLogger;
  /** Fields every failure of this run carries (a prompt hook's `model`); a failure's own fields win. */
  fields?: Partial<HookExecutionResult>;
}

/**
 * The `fail` every action (function, http, prompt, agent) reports through: {@link failedActionResult}
 * for this run, logged as a warning, or as info for a cancellation (the caller gave up).
 */
export function actionFailer(options: ActionFailerOptions): ActionFailer {
  const { hookConfig, eventName, startedAt, logger } = options;
  return (kind, reason, fields, cause) =>
    failedActionResult({
      hookConfig,
      eventName,
      kind,
      reason,
      startedAt,
      logger,
      level: kind === 'cancelled' ? 'info' : 'warn',
      fields: { ...options.fields, ...fields },
      cause,
    });
}

/** The message of anything thrown. */
export function describeThrown(error: unknown): string {
  if (error instanceof Error) return `${error.name !== 'Error' ? `${error.name}: ` : ''}${error.message}`;
  try {
    return `a non-error value ${JSON.stringify(error) ?? String(error)}`;
  } catch {
    return `a non-error value ${String(error)}`;
  }
}
