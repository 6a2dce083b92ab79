/**
 * HookPlanner: decides which registered hooks run for one event fire. It filters tool events by
 * matcher (HOOK-021, 032, 087..089), removes duplicate commands keeping the highest-priority one
 * (HOOK-090, 091) and escalates the plan to sequential when any group asks for it (HOOK-109).
 */
import type { DebugLogger } from '../../debugLogger.js';
import { getHookName } from '../protocol/hookConfig.js';
import type { HookRegistry } from './hookRegistry.js';
import { matchesToolName } from './matchers.js';
import { entryAppliesToFire } from './dialectPlanning.js';
import { isToolEvent, type HookEventName } from '../protocol/events.js';
import { type HookConfig, type HookEventContext, type HookExecutionPlan, type HookRegistryEntry } from '../protocol/hookConfig.js';

export { matchesToolName } from './matchers.js';

/** HOOK-091: the de-duplication key, `command:<command>`; plugin hooks without a command key by name. */
function deduplicationKey(config: HookConfig): string | undefined {
  if (config.command !== undefined) return `command:${config.command}`;
  if (config.name !== undefined) return `name:${config.name}`;
  return undefined;
}

/** HOOK-021, 041, 051, 059, 087..091, 109, 162, 163: builds the execution plan of one event fire. */
export class HookPlanner {
  private readonly registry: HookRegistry;
  private readonly logger?: DebugLogger;

  constructor(registry: HookRegistry, logger?: DebugLogger) {
    this.registry = registry;
    this.logger = logger;
  }

  /**
   * The hooks to run for `eventName`, or `null` when none apply. Only tool events with a
   * `toolName` are filtered by matcher; model and lifecycle events ignore matchers.
   */
  createExecutionPlan(eventName: HookEventName, context?: HookEventContext): HookExecutionPlan | null {
    const entries = this.registry.getHooksForEvent(eventName);
    if (entries.length === 0) return null;

    const toolName = isToolEvent(eventName) ? context?.toolName : undefined;
    const seen = new Set<string>();
    const planned: HookRegistryEntry[] = [];
    for (const entry of entries) {
      // Each hook in its dialect: either dialect's tool names, lifecycle matchers, Claude's narrower events.
      if (!entryAppliesToFire({ entry, eventName, context, regexTest: matchesToolName })) continue;
      const key = deduplicationKey(entry.config);
      if (key !== undefined) {
        if (seen.has(key)) {
          this.logDuplicate(eventName, entry);
          continue;
        }
        seen.add(key);
      }
      planned.push(entry);
    }
    if (planned.length === 0) return null;

    const plan: HookExecutionPlan = {
      eventName,
      hookConfigs: planned.map((entry) => entry.config),
      sequential: planned.some((entry) => entry.sequential === true),
    };
    if (this.logger?.isEnabled('debug')) {
      this.logger.debug(
        `${eventName}${toolName !== undefined ? ` (${toolName})` : ''}: ${plan.hookConfigs.length} hook(s), ${plan.sequential ? 'sequential' : 'parallel'}`,
        { hooks: plan.hookConfigs.map(getHookName) },
      );
    }
    return plan;
  }

  private logDuplicate(eventName: HookEventName, entry: HookRegistryEntry): void {
    if (!this.logger?.isEnabled('debug')) return;
    this.logger.debug(`${eventName}: skipping duplicate hook ${JSON.stringify(getHookName(entry.config))} from ${entry.source}`);
  }
}
