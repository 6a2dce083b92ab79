/**
 * One fire, the way `hooks fire`, `hooks test` and `replay` do it: the event goes through the hook
 * system's planner, runner and aggregator (real processes, real HTTP, the hook model), the async hooks
 * are waited for, and the aggregated result is read by the same decision logic (fireDecision.ts) — so
 * the three commands and a real run agree on what a hook decided.
 */
import type { Config } from '../hooks/engine/config.js';
import type { HookFireDetails } from '../hooks/engine/hookEventHandler.js';
import type { HookSystem } from '../hooks/engine/hookSystem.js';
import { createEmptyAggregatedResult, type HookExecutionResult } from '../hooks/protocol/results.js';
import type { HookEventName } from '../hooks/protocol/events.js';
import { decideFromAggregate, type FireDecision } from './fireDecision.js';
import type { FirePayload } from './firePayload.js';

/** Options of {@link fireEvent}. */
export interface FireEventOptions {
  config: Config;
  eventName: HookEventName;
  fired: FirePayload;
  /** Aborting it cancels the fire: running hook processes are killed. */
  signal: AbortSignal;
}

/** What one fire produced. */
export interface FireOutcome {
  /** False when the settings switch hooks off: nothing ran. */
  enableHooks: boolean;
  details: HookFireDetails;
  /** The async hooks' results, waited for after the decision (they never change it). */
  background: HookExecutionResult[];
  /** What the async hooks left for the next model request. */
  asyncMessages: string[];
  decision: FireDecision;
}

/** Fires the event with the config's hooks and reads the decision; never throws for a hook's failure. */
export async function fireEvent({ config, eventName, fired, signal }: FireEventOptions): Promise<FireOutcome> {
  const hookSystem = config.getHookSystem();
  let details: HookFireDetails = { plan: null, results: [], aggregated: createEmptyAggregatedResult() };
  let background: HookExecutionResult[] = [];
  if (hookSystem) {
    await hookSystem.initialize();
    details = await hookSystem.getEventHandler().fireEventWithDetails(eventName, fired.payload, {
      signal,
      context: fired.context,
      ...(fired.toolCallId !== undefined ? { toolCallId: fired.toolCallId } : {}),
      ...(fired.context.subagent ? { subagent: true } : {}),
      ...(fired.context.moment !== undefined ? { moment: fired.context.moment } : {}),
    });
    // Async hooks ran in the background; their results are shown once they are done (each is bounded by its timeout).
    background = await waitForBackground(hookSystem, signal);
  }
  return {
    enableHooks: hookSystem !== undefined,
    details,
    background,
    asyncMessages: hookSystem?.takeAsyncHookMessages().map((message) => message.text) ?? [],
    decision: decideFromAggregate(eventName, details.aggregated, fired.inputs),
  };
}

/** The async hooks' results, waited for unless the signal aborts first (then they are cancelled). */
async function waitForBackground(hookSystem: HookSystem, signal: AbortSignal): Promise<HookExecutionResult[]> {
  const onAbort = (): void => void hookSystem.cancelAsyncHooks();
  if (signal.aborted) onAbort();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await hookSystem.waitForAsyncHooks();
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
