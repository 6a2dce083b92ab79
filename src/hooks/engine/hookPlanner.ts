/**
 * HookPlanner: decides which registered hooks run for one event fire. It filters tool events by
 * matcher (HOOK-021, 032, 087..089) and `if` condition, removes duplicate commands keeping the highest-priority one
 * (HOOK-090, 091) and escalates the plan to sequential when any group asks for it (HOOK-109).
 *
 * A tool call is planned once: the BeforeTool plan made to ask whether any hook applies to the call
 * ({@link HookPlanner.planToolCall}) is the one the call's BeforeTool fire runs, as long as the hooks
 * it was made from are still the registered ones and it did not read the arguments.
 */
import type { DebugLogger } from '../../debugLogger.js';
import { getHookName } from '../protocol/hookConfig.js';
import type { HookRegistry } from './hookRegistry.js';
import { matchesToolName } from '../matching/matchers.js';
import { entryAppliesToFire } from './dialectPlanning.js';
import { HookEventName, isToolEvent } from '../protocol/events.js';
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

/** A tool call about to run, as planning sees it: its tool and, when known, its arguments. */
export interface ToolCallSubject {
  toolName: string;
  /** The call's arguments, for `if` conditions; without them a condition is checked on the tool name only. */
  args?: Record<string, unknown>;
}

/** The hooks of one tool call, planned before it runs ({@link HookPlanner.planToolCall}). */
export interface ToolCallPlan {
  /** The BeforeTool hooks that run for the call, or `null` when none applies. */
  beforeTool: HookExecutionPlan | null;
  /** Whether an AfterTool hook's matcher takes the call. */
  afterToolMayRun: boolean;
}

/** True when no tool hook can run for the call: no BeforeTool hook applies and no AfterTool hook may follow. */
export function isEmptyToolCallPlan(plan: ToolCallPlan): boolean {
  return plan.beforeTool === null && !plan.afterToolMayRun;
}

/** The hooks that apply to one fire, and the duplicates left out (logged when the plan is made). */
interface Selection {
  planned: HookRegistryEntry[];
  duplicates: HookRegistryEntry[];
}

/** A BeforeTool selection made ahead of its fire, with what it was made from. */
interface SelectionAhead {
  toolName: string;
  /** The registered BeforeTool hooks it was selected from, in order. */
  candidates: readonly HookRegistryEntry[];
  selection: Selection;
}

/** HOOK-021, 041, 051, 059, 087..091, 109, 162, 163: builds the execution plan of one event fire. */
export class HookPlanner {
  private readonly registry: HookRegistry;
  private readonly logger?: DebugLogger;
  private readonly workingDir?: string;
  /** The BeforeTool selection of the call asked about last, until a BeforeTool fire takes it. */
  private selectionAhead?: SelectionAhead;

  constructor(registry: HookRegistry, logger?: DebugLogger, options: HookPlannerOptions = {}) {
    this.registry = registry;
    this.logger = logger;
    this.workingDir = options.workingDir;
  }

  /**
   * The hooks to run for `eventName`, or `null` when none apply. Only tool events with a
   * `toolName` are filtered by matcher; model and lifecycle events ignore matchers. A BeforeTool fire
   * of the call {@link planToolCall} was asked about runs the selection made then.
   */
  createExecutionPlan(eventName: HookEventName, context?: HookEventContext): HookExecutionPlan | null {
    const candidates = this.registry.getHooksForEvent(eventName);
    const selection =
      this.takeSelectionAhead(eventName, context, candidates) ?? this.select(eventName, context, candidates);
    for (const entry of selection.duplicates) this.logDuplicate(eventName, entry);
    const plan = planOf(eventName, selection.planned);
    if (plan !== null && this.logger?.isEnabled('debug')) {
      const toolName = isToolEvent(eventName) ? context?.toolName : undefined;
      this.logger.debug(
        `${eventName}${toolName !== undefined ? ` (${toolName})` : ''}: ${plan.hookConfigs.length} hook(s), ${plan.sequential ? 'sequential' : 'parallel'}`,
        { hooks: plan.hookConfigs.map(getHookName) },
      );
    }
    return plan;
  }

  /**
   * HOOK-010, 012, 013: the hooks of a tool call about to run — its BeforeTool plan, and whether an
   * AfterTool hook may follow (which AfterTool hooks run depends on the tool's result and the arguments
   * as executed, so only their matchers are checked now). Logs nothing: asking is not a fire. The
   * BeforeTool selection is kept for the call's fire, unless an `if` condition among the hooks reads
   * the arguments (the fire then selects again).
   */
  planToolCall(call: ToolCallSubject): ToolCallPlan {
    const context: HookEventContext =
      call.args === undefined ? { toolName: call.toolName } : { toolName: call.toolName, toolInput: call.args };
    const candidates = this.registry.getHooksForEvent(HookEventName.BeforeTool);
    const selection = this.select(HookEventName.BeforeTool, context, candidates);
    const readsArguments = candidates.some((entry) => entry.config.if !== undefined);
    this.selectionAhead = readsArguments ? undefined : { toolName: call.toolName, candidates, selection };
    return {
      beforeTool: planOf(HookEventName.BeforeTool, selection.planned),
      afterToolMayRun: this.hasApplicableHooks(HookEventName.AfterTool, context),
    };
  }

  /**
   * HOOK-012, 013: whether any hook applies to this fire — the selection of {@link createExecutionPlan},
   * stopping at the first hook and without its debug lines, because a probe before a tool call is not a fire.
   */
  hasApplicableHooks(eventName: HookEventName, context?: HookEventContext): boolean {
    return this.registry.getHooksForEvent(eventName).some((entry) => this.applies(entry, eventName, context));
  }

  /** The hooks of `candidates` that apply, the first of each duplicate kept (HOOK-090, 091). */
  private select(
    eventName: HookEventName,
    context: HookEventContext | undefined,
    candidates: readonly HookRegistryEntry[],
  ): Selection {
    const seen = new Set<string>();
    const planned: HookRegistryEntry[] = [];
    const duplicates: HookRegistryEntry[] = [];
    for (const entry of candidates) {
      if (!this.applies(entry, eventName, context)) continue;
      const key = deduplicationKey(entry.config);
      if (key !== undefined) {
        if (seen.has(key)) {
          duplicates.push(entry);
          continue;
        }
        seen.add(key);
      }
      planned.push(entry);
    }
    return { planned, duplicates };
  }

  /**
   * The selection {@link planToolCall} made for this BeforeTool fire, taken once: only for a plain
   * BeforeTool fire (no Claude moment) of the same tool, when the registered BeforeTool hooks are still
   * the same hooks in the same order — any hook added, removed, enabled or disabled since, and it is
   * made again.
   */
  private takeSelectionAhead(
    eventName: HookEventName,
    context: HookEventContext | undefined,
    candidates: readonly HookRegistryEntry[],
  ): Selection | undefined {
    const ahead = this.selectionAhead;
    if (ahead === undefined || eventName !== HookEventName.BeforeTool) return undefined;
    this.selectionAhead = undefined;
    const plainFire =
      context !== undefined &&
      context.moment === undefined &&
      context.subagent === undefined &&
      context.toolFailed === undefined;
    if (!plainFire || context.toolName !== ahead.toolName || !sameEntries(ahead.candidates, candidates))
      return undefined;
    return ahead.selection;
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

/** The plan of the selected hooks, or `null` when none applies; sequential when any group asks for it (HOOK-109). */
function planOf(eventName: HookEventName, planned: readonly HookRegistryEntry[]): HookExecutionPlan | null {
  if (planned.length === 0) return null;
  return {
    eventName,
    hookConfigs: planned.map((entry) => entry.config),
    sequential: planned.some((entry) => entry.sequential === true),
  };
}

/** True when both lists hold the same registry entries in the same order. */
function sameEntries(left: readonly HookRegistryEntry[], right: readonly HookRegistryEntry[]): boolean {
  return left.length === right.length && left.every((entry, index) => entry === right[index]);
}
