/**
 * HookPlanner: decides which registered hooks run for one event fire. It filters tool events by
 * matcher (HOOK-021, 032, 087..089), removes duplicate commands keeping the highest-priority one
 * (HOOK-090, 091) and escalates the plan to sequential when any group asks for it (HOOK-109).
 */
import type { DebugLogger } from '../../debugLogger.js';
import { getHookName } from '../protocol/hookConfig.js';
import type { HookRegistry } from './hookRegistry.js';
import { isToolEvent, type HookEventName } from '../protocol/events.js';
import { type HookConfig, type HookEventContext, type HookExecutionPlan, type HookRegistryEntry } from '../protocol/hookConfig.js';

/**
 * Compiled matchers, shared by every planner: matching runs on every tool call. `null` marks a
 * pattern that is not a valid regular expression. Bounded so arbitrary callers cannot grow it forever.
 */
const compiledMatchers = new Map<string, RegExp | null>();
const MATCHER_CACHE_LIMIT = 1_000;

function compileMatcher(matcher: string): RegExp | null {
  const cached = compiledMatchers.get(matcher);
  if (cached !== undefined) return cached;
  let compiled: RegExp | null;
  try {
    compiled = new RegExp(matcher);
  } catch {
    compiled = null;
  }
  if (compiledMatchers.size >= MATCHER_CACHE_LIMIT) compiledMatchers.clear();
  compiledMatchers.set(matcher, compiled);
  return compiled;
}

/**
 * HOOK-087, 088, 089: a missing, empty or `*` matcher matches every tool; otherwise the matcher is a
 * regular expression tested against the tool name, or, when it is not a valid one, compared literally.
 */
export function matchesToolName(matcher: string | undefined, toolName: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  const compiled = compileMatcher(matcher);
  if (compiled === null) return matcher === toolName;
  // A regex without the g/y flags keeps no state between tests, so the shared instance is safe.
  return compiled.test(toolName);
}

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
      if (toolName !== undefined && !matchesToolName(entry.matcher, toolName)) continue;
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
