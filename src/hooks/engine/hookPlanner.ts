/**
 * HookPlanner: decides which registered hooks run for one event fire. It filters tool events by
 * matcher (HOOK-021, 032, 087..089) and `if` condition, removes duplicate commands keeping the highest-priority one
 * (HOOK-090, 091) and escalates the plan to sequential when any group asks for it (HOOK-109).
 */
import type { DebugLogger } from '../../debugLogger.js';
import { getHookName } from '../protocol/hookConfig.js';
import type { HookRegistry } from './hookRegistry.js';
import { matchesToolName } from '../matching/matchers.js';
import { entryAppliesToFire } from './dialectPlanning.js';
import { isToolEvent, type HookEventName } from '../protocol/events.js';
import { checkIfCondition } from '../matching/ifCondition.js';
import type { HookConfig, HookEventContext, HookExecutionPlan, HookRegistryEntry } from '../protocol/hookConfig.js';

export { matchesToolName } from '../matching/matchers.js';

/**
 * HOOK-091: the de-duplication key: `command:<command>` (with an exec form's arguments), `http:<url>`;
 * plugin hooks without a command key by name. Function hooks are never duplicates of each other.
 */
function deduplicationKey(config: HookConfig): string | undefined {
  if (config.type === 'function') return undefined;
  if (config.type === 'http') return `http:${config.url}`;
  // The same question asked twice (from two scopes, say) is asked once.
  if (config.type === 'prompt' || config.type === 'agent')
    return `${config.type}:${JSON.stringify([config.prompt, config.model ?? null, config.type === 'agent' ? (config.maxTurns ?? null) : null])}`;
  if (config.command !== undefined) {
    return config.type === 'command' && Array.isArray(config.args)
      ? `command:${JSON.stringify([config.command, ...config.args])}`
      : `command:${config.command}`;
  }
  if (config.name !== undefined) return `name:${config.name}`;
  return undefined;
}

/**
 * A hook's `if` condition, checked before anything runs. On a tool event it must hold
 * for the tool (and its arguments, when known); on any other event a hook with `if` never runs.
 */
function passesIfCondition(
  config: HookConfig,
  eventName: HookEventName,
  context: HookEventContext | undefined,
  workingDir?: string,
): boolean {
  const condition = config.if;
  if (condition === undefined) return true;
  if (!isToolEvent(eventName) || context?.toolName === undefined) return false;
  return checkIfCondition(condition, context.toolName, context.toolInput, workingDir);
}

/** Options for {@link HookPlanner}. */
export interface HookPlannerOptions {
  /** The hooks' working directory: relative paths in `if` globs are taken from it. */
  workingDir?: string;
}

/** HOOK-021, 041, 051, 059, 087..091, 109, 162, 163: builds the execution plan of one event fire. */
export class HookPlanner {
  private readonly registry: HookRegistry;
  private readonly logger?: DebugLogger;
  private readonly workingDir?: string;

  constructor(registry: HookRegistry, logger?: DebugLogger, options: HookPlannerOptions = {}) {
    this.registry = registry;
    this.logger = logger;
    this.workingDir = options.workingDir;
  }

  /**
   * The hooks to run for `eventName`, or `null` when none apply. Only tool events with a
   * `toolName` are filtered by matcher; model and lifecycle events ignore matchers.
   */
  createExecutionPlan(eventName: HookEventName, context?: HookEventContext): HookExecutionPlan | null {
    const seen = new Set<string>();
    const planned: HookRegistryEntry[] = [];
    for (const entry of this.registry.getHooksForEvent(eventName)) {
      if (!this.applies(entry, eventName, context)) continue;
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
      const toolName = isToolEvent(eventName) ? context?.toolName : undefined;
      this.logger.debug(
        `${eventName}${toolName !== undefined ? ` (${toolName})` : ''}: ${plan.hookConfigs.length} hook(s), ${plan.sequential ? 'sequential' : 'parallel'}`,
        { hooks: plan.hookConfigs.map(getHookName) },
      );
    }
    return plan;
  }

  /**
   * HOOK-012, 013: whether any hook applies to this fire — the selection of {@link createExecutionPlan},
   * stopping at the first hook and without its debug lines, because a probe before a tool call is not a fire.
   */
  hasApplicableHooks(eventName: HookEventName, context?: HookEventContext): boolean {
    return this.registry.getHooksForEvent(eventName).some((entry) => this.applies(entry, eventName, context));
  }

  /** Each hook in its dialect: either dialect's tool names, lifecycle matchers, Claude's narrower events; then its `if`. */
  private applies(entry: HookRegistryEntry, eventName: HookEventName, context: HookEventContext | undefined): boolean {
    return (
      entryAppliesToFire({ entry, eventName, context, regexTest: matchesToolName }) &&
      passesIfCondition(entry.config, eventName, context, this.workingDir)
    );
  }

  private logDuplicate(eventName: HookEventName, entry: HookRegistryEntry): void {
    if (!this.logger?.isEnabled('debug')) return;
    this.logger.debug(
      `${eventName}: skipping duplicate hook ${JSON.stringify(getHookName(entry.config))} from ${entry.source}`,
    );
  }
}
