/**
 * A trace of the hook planner's work, for tests that check a tool call is planned once: every
 * selection of hooks (the matching work) and every plan a fire asked for, in order. Restored by
 * `vi.restoreAllMocks()`.
 */
import { vi } from 'vitest';
import { HookPlanner } from '../../src/hooks/engine/hookPlanner.js';
import type { HookEventName } from '../../src/hooks/protocol/events.js';
import type { HookExecutionPlan } from '../../src/hooks/protocol/hookConfig.js';

/** What the planner did since {@link tracePlanner} was called. */
export interface PlannerTrace {
  /** The event of each selection of hooks (matchers and `if` conditions checked), in order. */
  selections: HookEventName[];
  /** Each plan a fire asked for: its event and how many hooks it runs (0: none applied). */
  fires: Array<{ eventName: HookEventName; hookCount: number }>;
}

/** Spies on every HookPlanner: its selections and the plans fires ask for. */
export function tracePlanner(): PlannerTrace {
  const trace: PlannerTrace = { selections: [], fires: [] };
  const prototype = HookPlanner.prototype as unknown as {
    select: (eventName: HookEventName, ...rest: unknown[]) => unknown;
    createExecutionPlan: (eventName: HookEventName, ...rest: unknown[]) => HookExecutionPlan | null;
  };
  const select = prototype.select;
  vi.spyOn(prototype, 'select').mockImplementation(function (this: unknown, eventName, ...rest) {
    trace.selections.push(eventName);
    return select.call(this, eventName, ...rest);
  });
  const createExecutionPlan = prototype.createExecutionPlan;
  vi.spyOn(prototype, 'createExecutionPlan').mockImplementation(function (this: unknown, eventName, ...rest) {
    const plan = createExecutionPlan.call(this, eventName, ...rest);
    trace.fires.push({ eventName, hookCount: plan?.hookConfigs.length ?? 0 });
    return plan;
  });
  return trace;
}
