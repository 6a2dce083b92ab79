/**
 * What a fire reports once its hooks have run: each hook's result to the Config's observers (the run
 * report, `hookrail inspect`), and one debug line of telemetry (HOOK-146).
 */
import type { DebugLogger } from '../../debugLogger.js';
import type { HookEventName } from '../protocol/events.js';
import type { HookEventContext, HookExecutionPlan, HookOrigin } from '../protocol/hookConfig.js';
import type { HookInput } from '../protocol/inputs.js';
import type { AggregatedHookResult, HookExecutionResult } from '../protocol/results.js';
import type { HookEventHandlerHost } from './engineHost.js';
import { applyHookOutputToInput } from './hookChain.js';

/** What {@link notifyHookObservers} reports. */
export interface NotifyHookObserversOptions {
  host: Pick<HookEventHandlerHost, 'notifyHookExecuted'>;
  plan: HookExecutionPlan;
  input: HookInput;
  results: readonly HookExecutionResult[];
  origin: HookOrigin | undefined;
}

/**
 * Hands each finished hook to the host's observers with the input it received: in a sequential
 * chain each hook got the input as the hooks before it changed it, replayed here with the
 * runner's own `applyHookOutputToInput` (hookChain.ts).
 */
export function notifyHookObservers(options: NotifyHookObserversOptions): void {
  const { plan, origin } = options;
  let currentInput = options.input;
  for (const result of options.results) {
    options.host.notifyHookExecuted(
      origin
        ? { eventName: plan.eventName, input: currentInput, result, origin }
        : { eventName: plan.eventName, input: currentInput, result },
    );
    if (plan.sequential && result.success && result.output)
      currentInput = applyHookOutputToInput(currentInput, result.output, plan.eventName);
  }
}

/** What {@link logFireTelemetry} logs. */
export interface FireTelemetryOptions {
  logger: DebugLogger;
  eventName: HookEventName;
  context: HookEventContext | undefined;
  plan: HookExecutionPlan;
  aggregated: AggregatedHookResult;
  durationMs: number;
}

/** HOOK-146: `BeforeTool fired for 'write_file': 2 hooks, 45ms, success (blocked)`. */
export function logFireTelemetry(options: FireTelemetryOptions): void {
  const { plan, aggregated, eventName, context } = options;
  const hookCount = plan.hookConfigs.length;
  const outcome = aggregated.success ? 'success' : 'failure';
  const output = aggregated.finalOutput;
  const policy = output?.shouldStopExecution() ? ' (stop)' : output?.isBlockingDecision() ? ' (blocked)' : '';
  options.logger.debug(
    `${describeEvent(eventName, context)}: ${hookCount} ${hookCount === 1 ? 'hook' : 'hooks'}, ` +
      `${Math.round(options.durationMs)}ms, ${outcome}${policy}`,
    {
      eventName,
      toolName: context?.toolName,
      hookCount,
      durationMs: options.durationMs,
      success: aggregated.success,
      sequential: plan.sequential,
      errorCount: aggregated.errors.length,
    },
  );
}

/** How a fire names itself in log lines: `BeforeTool fired for 'write_file'`. */
export function describeEvent(eventName: HookEventName, context: HookEventContext | undefined): string {
  return context?.toolName === undefined ? `${eventName} fired` : `${eventName} fired for '${context.toolName}'`;
}
