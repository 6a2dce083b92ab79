/**
 * `onFailure` (a `continueOnFailure`): what a failed hook means. By default a
 * failure is reported and ignored (fail-open, HOOK-023, 031, 112). With `onFailure: "block"` a hook
 * that cannot start, times out, exits with a code other than 0 or 2, is killed, throws, answers with
 * an invalid body or a non-2xx status, or is cut by the output cap blocks the action it guards.
 */
import { HookEventName } from './events.js';
import type { HookConfig } from './hookConfig.js';
import type { HookOutput } from './outputs.js';
import type { HookExecutionResult } from './results.js';

/** The events whose action a fail-closed hook blocks. */
export const failClosedEvents: ReadonlySet<HookEventName> = new Set([
  HookEventName.BeforeTool,
  HookEventName.BeforeModel,
  HookEventName.BeforeToolSelection,
  HookEventName.BeforeAgent,
]);

/** True when a failure of this hook on this event blocks the action (foreground hooks only). */
export function isFailClosed(hookConfig: HookConfig, eventName: HookEventName): boolean {
  return hookConfig.onFailure === 'block' && hookConfig.async !== true && failClosedEvents.has(eventName);
}

/** How a failure message describes the hook's policy: `fail-open`, or `fail-closed: the action is blocked`. */
export function failureMode(hookConfig: HookConfig, eventName: HookEventName): string {
  return isFailClosed(hookConfig, eventName) ? `fail-closed, onFailure "block": ${eventName} is blocked` : 'fail-open';
}

/**
 * A failed result of a fail-closed hook becomes a block whose reason is the
 * failure (which names the hook, the event and what went wrong). Successes, exit-code-2 blocks
 * (already blocks) and cancellations (the caller gave up, the hook did not fail) are unchanged.
 * BeforeToolSelection's block also allows no tools, since tool selection has no other way to refuse.
 */
export function applyFailurePolicy(result: HookExecutionResult): HookExecutionResult {
  if (result.success || !isFailClosed(result.hookConfig, result.eventName)) return result;
  const kind = (result.error as { kind?: unknown } | undefined)?.kind;
  if (kind === 'cancelled') return result;
  if (result.exitCode === 2 && !result.timedOut && !result.signal) return result;
  const reason = result.error?.message ?? `Hook failed and onFailure is "block": ${result.eventName} is blocked`;
  return { ...result, output: failClosedOutput(result.eventName, reason), failedClosed: true };
}

/**
 * The answer a fail-closed hook stands for when it could not give its own: a block with `reason`;
 * on BeforeToolSelection also no tools allowed, since tool selection has no other way to refuse.
 */
export function failClosedOutput(eventName: HookEventName, reason: string): HookOutput {
  const output: HookOutput = { decision: 'block', reason };
  if (eventName === HookEventName.BeforeToolSelection) {
    output.hookSpecificOutput = { toolConfig: { mode: 'NONE', allowedFunctionNames: [] } };
  }
  return output;
}
