/**
 * HookEventHandler: one method per event. Each fire plans first, returns the empty success result at
 * once when nothing matches, and otherwise builds the stdin object, runs the hooks, aggregates and
 * logs one telemetry line. It never throws (HOOK-113, 147).
 */
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import { isFailedToolResponse } from '../dialects/claudeToolResponse.js';
import { fireContextOf } from '../dialects/fireContext.js';
import { toError } from '../../errors.js';
import type { HookEventHandlerHost } from './engineHost.js';
import type { DebugLogger } from '../../debugLogger.js';
import type { HookAggregator } from '../protocol/hookAggregator.js';
import type { HookPlanner } from './hookPlanner.js';
import type { HookRunner } from './hookRunner.js';
import { defaultHookTranslator } from '../protocol/hookTranslator.js';
import {
  createEmptyAggregatedResult,
  type AggregatedHookResult,
  type HookExecutionResult,
} from '../protocol/results.js';
import { HookEventName, isHookEventName, isToolEvent } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';
import { AsyncHookTracker } from './asyncHooks.js';
import { describeEvent, logFireTelemetry, notifyHookObservers } from './fireReport.js';
import { buildFireInput, fireFacts } from './fireInput.js';
import type {
  AfterAgentInput,
  AfterModelInput,
  AfterToolInput,
  BeforeAgentInput,
  BeforeModelInput,
  BeforeToolInput,
  BeforeToolSelectionInput,
  HookInput,
  NotificationInput,
  PreCompressInput,
  SessionEndInput,
  SessionStartInput,
} from '../protocol/inputs.js';
import type { HookEventContext, HookExecutionPlan, HookFireOptions, HookSession } from '../protocol/hookConfig.js';

/** Options of {@link HookEventHandler.fireEventWithDetails}: a fire's options plus an explicit planner context. */
export interface FireEventWithDetailsOptions extends HookFireOptions {
  /** Matcher context; for tool events it defaults to `{ toolName: payload.tool_name }`. */
  context?: HookEventContext;
}

/** What `hooks fire` shows a hook author: the plan, every hook's own result, and the aggregate. */
export interface HookFireDetails {
  plan: HookExecutionPlan | null;
  results: HookExecutionResult[];
  aggregated: AggregatedHookResult;
}

/** The event-specific fields of a stdin object (everything but the base fields). */
type EventFields<Input extends HookInput> = Omit<Input, keyof HookInput>;

/** One fire: the event, its planner context, and how to build its fields once hooks are known to match. */
interface FireRequest<Input extends HookInput> {
  eventName: HookEventName;
  context: HookEventContext | undefined;
  buildFields: () => EventFields<Input>;
  options: HookFireOptions | undefined;
}

/** HOOK-143: fires the five applied events and the six lifecycle events through planner → runner → aggregator. */
export class HookEventHandler {
  private readonly config: HookEventHandlerHost;
  private readonly planner: HookPlanner;
  private readonly runner: HookRunner;
  private readonly aggregator: HookAggregator;
  private readonly logger: DebugLogger;

  private readonly asyncHooks: AsyncHookTracker;

  constructor(
    config: HookEventHandlerHost,
    planner: HookPlanner,
    runner: HookRunner,
    aggregator: HookAggregator,
    asyncHooks?: AsyncHookTracker,
  ) {
    this.config = config;
    this.planner = planner;
    this.runner = runner;
    this.aggregator = aggregator;
    this.logger = config.getDebugLogger().child('hooks:event-handler');
    this.asyncHooks = asyncHooks ?? new AsyncHookTracker(runner, this.logger);
  }

  /**
   * HOOK-011, 012, 013: synchronously, whether a fire of `eventName` would run any hook, so a caller's
   * no-match path can skip all async work. A planner error answers `true`: the fire then reports it.
   */
  hasMatchingHooks(eventName: HookEventName, context?: HookEventContext): boolean {
    try {
      return this.planner.hasApplicableHooks(eventName, context);
    } catch {
      return true;
    }
  }

  /** HOOK-014, 015, 021, 162: BeforeTool with `tool_name` / `tool_input`, filtered by matcher on the tool name. */
  async fireBeforeToolEvent(
    toolName: string,
    toolInput: Record<string, unknown>,
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    const fired = await this.fire<BeforeToolInput>({
      eventName: HookEventName.BeforeTool,
      context: { toolName, toolInput },
      buildFields: () => ({ tool_name: toolName, tool_input: toolInput }),
      options,
    });
    return fired.aggregated;
  }

  /** HOOK-025, 026, 032, 162: AfterTool with `tool_response` = `{ llmContent, returnDisplay, metadata, error }`. */
  async fireAfterToolEvent(
    toolName: string,
    toolInput: Record<string, unknown>,
    toolResponse: Record<string, unknown>,
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    const fired = await this.fire<AfterToolInput>({
      eventName: HookEventName.AfterTool,
      context: { toolName, toolInput, toolFailed: isFailedToolResponse(toolName, toolResponse) },
      buildFields: () => ({ tool_name: toolName, tool_input: toolInput, tool_response: toolResponse }),
      options,
    });
    return fired.aggregated;
  }

  /** HOOK-033, 034, 035, 041, 163: BeforeModel with the request in the stable hook format; no matcher. */
  async fireBeforeModelEvent(
    llmRequest: GenerateContentParameters,
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    const fired = await this.fire<BeforeModelInput>({
      eventName: HookEventName.BeforeModel,
      context: undefined,
      buildFields: () => ({ llm_request: defaultHookTranslator.toHookLLMRequest(llmRequest) }),
      options,
    });
    return fired.aggregated;
  }

  /** HOOK-043, 044, 045, 050, 051, 163: AfterModel with the real request and the complete response, translated. */
  async fireAfterModelEvent(
    llmRequest: GenerateContentParameters,
    llmResponse: GenerateContentResponse,
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    const fired = await this.fire<AfterModelInput>({
      eventName: HookEventName.AfterModel,
      context: undefined,
      buildFields: () => ({
        llm_request: defaultHookTranslator.toHookLLMRequest(llmRequest),
        llm_response: defaultHookTranslator.toHookLLMResponse(llmResponse),
      }),
      options,
    });
    return fired.aggregated;
  }

  /** HOOK-053, 054, 059, 163, 205: BeforeToolSelection with the real request, translated; no matcher. */
  async fireBeforeToolSelectionEvent(
    llmRequest: GenerateContentParameters,
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    const fired = await this.fire<BeforeToolSelectionInput>({
      eventName: HookEventName.BeforeToolSelection,
      context: undefined,
      buildFields: () => ({ llm_request: defaultHookTranslator.toHookLLMRequest(llmRequest) }),
      options,
    });
    return fired.aggregated;
  }

  /** HOOK-081, HOOK-203: BeforeAgent fires and runs; the agent session applies its result (beyond HOOK-203, lifecycleHookTriggers.ts). */
  async fireBeforeAgentEvent(prompt: string, options?: HookFireOptions): Promise<AggregatedHookResult> {
    return this.fireLifecycle<BeforeAgentInput>(HookEventName.BeforeAgent, () => ({ prompt }), options);
  }

  /** HOOK-081, HOOK-203: AfterAgent fires and runs; the agent session applies its result (beyond HOOK-203, lifecycleHookTriggers.ts). */
  async fireAfterAgentEvent(
    prompt: string,
    promptResponse: string,
    stopHookActive: boolean,
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    return this.fireLifecycle<AfterAgentInput>(
      HookEventName.AfterAgent,
      () => ({ prompt, prompt_response: promptResponse, stop_hook_active: stopHookActive }),
      options,
    );
  }

  /** HOOK-081, HOOK-203: SessionStart fires and runs; the agent session applies its result (beyond HOOK-203, lifecycleHookTriggers.ts). */
  async fireSessionStartEvent(
    source: SessionStartInput['source'],
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    return this.fireLifecycle<SessionStartInput>(HookEventName.SessionStart, () => ({ source }), options);
  }

  /**
   * HOOK-081, HOOK-203: SessionEnd fires and runs; the agent session applies its result (beyond HOOK-203,
   * lifecycleHookTriggers.ts). The ending session's async hooks still running are cancelled first, and
   * the messages they left for its model dropped; other sessions' async hooks go on.
   */
  async fireSessionEndEvent(
    reason: SessionEndInput['reason'],
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    this.asyncHooks.endSession(this.sessionOf(options).sessionId);
    return this.fireLifecycle<SessionEndInput>(HookEventName.SessionEnd, () => ({ reason }), options);
  }

  /** HOOK-081, HOOK-203: PreCompress fires and runs; the agent session applies its result (beyond HOOK-203, lifecycleHookTriggers.ts). */
  async firePreCompressEvent(
    trigger: PreCompressInput['trigger'],
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    return this.fireLifecycle<PreCompressInput>(HookEventName.PreCompress, () => ({ trigger }), options);
  }

  /** HOOK-081, HOOK-203: Notification fires and runs; the agent session applies its result (beyond HOOK-203, lifecycleHookTriggers.ts). */
  async fireNotificationEvent(
    notificationType: string,
    message: string,
    details: Record<string, unknown>,
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    return this.fireLifecycle<NotificationInput>(
      HookEventName.Notification,
      () => ({ notification_type: notificationType, message, details }),
      options,
    );
  }

  /**
   * A Claude Code event with no hookrail event of its own (claudeEvents.ts, `claudeMomentEvents`),
   * fired on its nearest hookrail event with `fields` (native names): only the Claude hooks configured
   * on `moment` run; `matchValue` is what their matcher is checked against, or `toolName` on a tool
   * event (its matcher names tools, in either dialect).
   */
  async fireMomentEvent(
    request: {
      eventName: HookEventName;
      moment: string;
      fields: Record<string, unknown>;
      matchValue?: string;
      toolName?: string;
    },
    options?: HookFireOptions,
  ): Promise<AggregatedHookResult> {
    const context: HookEventContext = { moment: request.moment };
    if (request.matchValue !== undefined) context.matchValue = request.matchValue;
    if (request.toolName !== undefined) context.toolName = request.toolName;
    const fired = await this.fire<HookInput>({
      eventName: request.eventName,
      context,
      buildFields: () => request.fields as EventFields<HookInput>,
      options: { ...options, moment: request.moment },
    });
    return fired.aggregated;
  }

  /**
   * The hook author's test bench (`hookrail hooks fire`): fires any event with a raw payload of
   * event-specific fields (in the stable hook format) and returns the plan and each hook's result
   * besides the aggregate. Base fields come from Config unless the payload sets them.
   */
  async fireEventWithDetails(
    eventName: HookEventName,
    payload: Record<string, unknown>,
    options: FireEventWithDetailsOptions = {},
  ): Promise<HookFireDetails> {
    if (!isHookEventName(eventName)) {
      this.logger.warn(
        `Cannot fire unknown hook event "${String(eventName)}"; known events: ${Object.values(HookEventName).join(', ')}`,
      );
      return { plan: null, results: [], aggregated: createEmptyAggregatedResult() };
    }
    const toolInput =
      isToolEvent(eventName) && isPlainObject(payload['tool_input']) ? { toolInput: payload['tool_input'] } : {};
    const context = { ...fireContextOf(eventName, payload), ...toolInput, ...options.context };
    return this.fire<HookInput>({
      eventName,
      context,
      buildFields: () => payload as EventFields<HookInput>,
      options,
    });
  }

  private async fireLifecycle<Input extends HookInput>(
    eventName: HookEventName,
    buildFields: () => EventFields<Input>,
    options: HookFireOptions | undefined,
  ): Promise<AggregatedHookResult> {
    // Lifecycle fields are small: built first, so Claude Code and Gemini CLI matchers can see their value.
    const fields = buildFields();
    const context = {
      ...fireContextOf(eventName, fields as Record<string, unknown>),
      ...(options?.subagent ? { subagent: true } : {}),
      ...(options?.moment !== undefined ? { moment: options.moment } : {}),
    };
    const fired = await this.fire<Input>({ eventName, context, buildFields: () => fields, options });
    return fired.aggregated;
  }

  /**
   * HOOK-011, 012, 113, 144..147, 164..166: plan → (nothing matched: empty result, no input built) →
   * input → sequential or parallel run → aggregate → one debug line. Any error: warn, empty result.
   */
  private async fire<Input extends HookInput>(request: FireRequest<Input>): Promise<HookFireDetails> {
    const { eventName, context } = request;
    const startedAt = this.logger.isEnabled('debug') ? performance.now() : 0;
    try {
      const plan = this.planner.createExecutionPlan(eventName, context);
      if (!plan || plan.hookConfigs.length === 0) {
        if (this.logger.isEnabled('debug')) {
          this.logger.debug(`${describeEvent(eventName, context)}: 0 hooks matched, skipped`, {
            eventName,
            toolName: context?.toolName,
            hookCount: 0,
          });
        }
        return { plan: null, results: [], aggregated: createEmptyAggregatedResult() };
      }
      const input = buildFireInput({
        eventName,
        session: this.sessionOf(request.options),
        workingDir: this.config.getWorkingDir(),
        subagent: this.config.getSubagentIdentity(),
        fields: request.buildFields(),
      }) as Input;
      const runOptions = fireFacts(eventName, request.options, context);
      // Async hooks start in the background and take no part in the decision.
      const { foreground, background } = AsyncHookTracker.partition(plan.hookConfigs);
      if (background.length > 0) {
        const origin = request.options?.origin;
        this.asyncHooks.start(background, eventName, input, (result) => {
          if (this.config.hasHookExecutionObservers())
            this.config.notifyHookExecuted(
              origin ? { eventName, input, result, origin } : { eventName, input, result },
            );
        });
      }
      const results = plan.sequential
        ? await this.runner.executeHooksSequential(foreground, eventName, input, runOptions)
        : await this.runner.executeHooksParallel(foreground, eventName, input, runOptions);
      if (this.config.hasHookExecutionObservers())
        notifyHookObservers({ host: this.config, plan, input, results, origin: request.options?.origin });
      const aggregated = this.aggregator.aggregateResults(results, eventName);
      if (this.logger.isEnabled('debug'))
        logFireTelemetry({
          logger: this.logger,
          eventName,
          context,
          plan,
          aggregated,
          durationMs: performance.now() - startedAt,
        });
      return { plan, results, aggregated };
    } catch (error) {
      const message = toError(error).message;
      this.logger.warn(
        `${describeEvent(eventName, context)} failed in the hook system, continuing without hooks: ${message}`,
        {
          eventName,
          toolName: context?.toolName,
          error: message,
        },
      );
      return { plan: null, results: [], aggregated: createEmptyAggregatedResult() };
    }
  }

  /** The session a fire belongs to: the one in its options, else the Config's id and transcript. */
  private sessionOf(options: HookFireOptions | undefined): HookSession {
    return (
      options?.session ?? { sessionId: this.config.getSessionId(), transcriptPath: this.config.getTranscriptPath() }
    );
  }
}
