/**
 * HookSystem: the hook infrastructure a host holds once per Config (HOOK-003, 006, 007, 142). It
 * creates one registry, planner, runner, aggregator and event handler, and initialises the registry
 * at most once, also under concurrent first calls.
 */
import { HookSystemNotInitializedError } from '../../errors.js';
import type { HookSystemHost } from './engineHost.js';
import { HookAggregator } from '../protocol/hookAggregator.js';
import { HookEventHandler } from './hookEventHandler.js';
import { HookPlanner } from './hookPlanner.js';
import { HookRegistry } from './hookRegistry.js';
import { HookRunner } from './hookRunner.js';
import type { HookEventName } from '../protocol/events.js';
import type { FunctionHookDefinition } from '../protocol/functionHooks.js';
import type { HookExecutionResult } from '../protocol/results.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import type { DefaultHookOutput } from '../protocol/outputs.js';
import type { ToolResult } from '../protocol/results.js';
import { toToolResponse } from '../protocol/toolHookEffects.js';
import { decideBeforeTool, type BeforeToolDecision } from '../protocol/beforeToolDecision.js';
import { decideAfterTool, type AfterToolDecision } from '../protocol/afterToolDecision.js';
import { isEmptyToolCallPlan, type ToolCallSubject } from './hookPlanner.js';
import { AsyncHookTracker, type AsyncHookMessage } from './asyncHooks.js';

/** HOOK-009: what `getStatus()` reports. */
export interface HookSystemStatus {
  initialized: boolean;
  totalHooks: number;
}

/** One tool call put to {@link HookSystem.beforeTool}. */
export interface BeforeToolCall extends HookFireOptions {
  toolName: string;
  args: Record<string, unknown>;
  /** True when someone can be asked (the host has `onAskUser`): an `ask` answer becomes an `ask` decision; otherwise it proceeds (HOOK-182). */
  canAsk?: boolean;
}

/** One executed tool call put to {@link HookSystem.afterTool}. */
export interface AfterToolCall extends HookFireOptions {
  toolName: string;
  /** The arguments as executed. */
  args: Record<string, unknown>;
  /** The tool's own result; its hooks are told it as `tool_response`. */
  result: ToolResult;
  /** What the BeforeTool hooks said: their system message joins the result. */
  beforeOutput?: DefaultHookOutput;
}

/** HOOK-006, 142: owns the shared hook infrastructure; created by `Config.getHookSystem()`. */
export class HookSystem {
  private readonly registry: HookRegistry;
  private readonly planner: HookPlanner;
  private readonly runner: HookRunner;
  private readonly aggregator: HookAggregator;
  private readonly eventHandler: HookEventHandler;
  private readonly asyncHooks: AsyncHookTracker;
  /** The session of fires that name none: the Config's. */
  private readonly defaultSessionId: string;
  private initialization?: Promise<void>;
  private initialized = false;

  constructor(config: HookSystemHost) {
    const logger = config.getDebugLogger().child('hooks');
    this.defaultSessionId = config.getSessionId();
    this.registry = new HookRegistry(config);
    this.planner = new HookPlanner(this.registry, logger.child('planner'), { workingDir: config.getWorkingDir() });
    this.runner = new HookRunner({
      logger: logger.child('runner'),
      withheldVariables: config.getHookEnvironment().withhold,
      warmInterpreters: config.getWarmInterpreters(),
      mcpServers: config.getMcpServers(),
      config,
    });
    this.aggregator = new HookAggregator();
    this.asyncHooks = new AsyncHookTracker(this.runner, logger.child('async'));
    this.eventHandler = new HookEventHandler(config, this.planner, this.runner, this.aggregator, this.asyncHooks);
  }

  /**
   * HOOK-003, 004, 008: initialises the registry once. Concurrent first callers share one
   * initialisation; later calls return at once. A failed initialisation may be retried.
   */
  initialize(): Promise<void> {
    if (this.initialized) return Promise.resolve();
    let initialization = this.initialization;
    if (!initialization) {
      initialization = this.registry.initialize().then(
        () => {
          this.initialized = true;
        },
        (error: unknown) => {
          this.initialization = undefined;
          throw error;
        },
      );
      this.initialization = initialization;
    }
    return initialization;
  }

  /** True once `initialize()` has completed; lets hot paths skip an `await`. */
  isInitialized(): boolean {
    return this.initialized;
  }

  /** HOOK-005: throws {@link HookSystemNotInitializedError} before `initialize()`. */
  getEventHandler(): HookEventHandler {
    if (!this.initialized) throw new HookSystemNotInitializedError();
    return this.eventHandler;
  }

  /** HOOK-005: throws {@link HookSystemNotInitializedError} before `initialize()`. */
  getRegistry(): HookRegistry {
    if (!this.initialized) throw new HookSystemNotInitializedError();
    return this.registry;
  }

  /**
   * Adds an in-process hook (before or after `initialize()`); returns the function that
   * removes it. Throws a `HookConfigError` naming the path of an invalid field.
   */
  registerFunctionHook<Event extends HookEventName>(definition: FunctionHookDefinition<Event>): () => void {
    return this.registry.registerFunctionHook(definition);
  }

  /**
   * The `systemMessage` / `additionalContext` answers of the async hooks a session started that
   * finished since the last call, removed from its queue; default the Config's session (fires that
   * name no session). The model-call path (`fireBeforeModelHook`) drains the firing session's queue
   * into its next model request.
   */
  takeAsyncHookMessages(sessionId: string = this.defaultSessionId): AsyncHookMessage[] {
    return this.asyncHooks.takeMessages(sessionId);
  }

  /**
   * Cancels the async hooks still running (their processes are killed, their requests aborted, their
   * functions' signals aborted) — of one session when `sessionId` is given, else of every session;
   * returns how many. SessionEnd cancels its own session's.
   */
  cancelAsyncHooks(sessionId?: string): number {
    return this.asyncHooks.cancelAll(sessionId);
  }

  /**
   * Waits until the async hooks running now have finished (each is bounded by its
   * timeout), then returns the results of the async hooks that finished since the last call.
   */
  waitForAsyncHooks(): Promise<HookExecutionResult[]> {
    return this.asyncHooks.whenSettled();
  }

  /**
   * HOOK-002, 010, 012, 013: whether a tool hook may run for this call: false when its plan is empty
   * (no BeforeTool hook applies and no AfterTool hook's matcher takes it), so the call can run with no
   * hook work at all. That BeforeTool plan is the one the call's {@link beforeTool} then runs. True
   * before `initialize()` (hooks may then apply), and when planning fails (the fire reports it).
   */
  toolHooksMayApply(call: ToolCallSubject): boolean {
    if (!this.initialized) return true;
    try {
      return !isEmptyToolCallPlan(this.planner.planToolCall(call));
    } catch {
      return true;
    }
  }

  /**
   * HOOK-014..020, 127, 129, 182: fires BeforeTool for one call — plan, run, aggregate — and decides
   * what happens to it: stop, block, ask or proceed with the arguments as the hooks rewrote them.
   * Throws what the engine throws (the tool-call step reports it and fails closed where a hook says
   * so); before `initialize()`, a {@link HookSystemNotInitializedError}.
   */
  async beforeTool(call: BeforeToolCall): Promise<BeforeToolDecision> {
    const { toolName, args, canAsk, ...fireOptions } = call;
    const aggregated = await this.getEventHandler().fireBeforeToolEvent(toolName, args, fireOptions);
    return decideBeforeTool(aggregated.finalOutput, args, { canAsk });
  }

  /**
   * HOOK-025..031, 128, 131, 132: fires AfterTool for one executed call with its result as
   * `tool_response`, and decides what the model sees: a stop, or the result with the hooks' effects
   * and the BeforeTool system message applied. Throws what the engine throws; before `initialize()`,
   * a {@link HookSystemNotInitializedError}.
   */
  async afterTool(call: AfterToolCall): Promise<AfterToolDecision> {
    const { toolName, args, result, beforeOutput, ...fireOptions } = call;
    const aggregated = await this.getEventHandler().fireAfterToolEvent(
      toolName,
      args,
      toToolResponse(result),
      fireOptions,
    );
    return decideAfterTool(result, beforeOutput, aggregated.finalOutput);
  }

  /** HOOK-009: `{ initialized, totalHooks }`. */
  getStatus(): HookSystemStatus {
    return { initialized: this.initialized, totalHooks: this.initialized ? this.registry.getAllHooks().length : 0 };
  }
}
