/**
 * The toolCall machine's types and its named implementations — actors, guards, actions — declared
 * once with XState's `setup` (toolCall.machine.ts declares the states and transitions). Every
 * implementation is named, so tests swap one with `toolCallMachine.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Config } from '../hooks/engine/config.js';
import type { AskRecord } from '../hooks/protocol/askUser.js';
import type { HookSession } from '../hooks/protocol/hookConfig.js';
import type { DefaultHookOutput } from '../hooks/protocol/outputs.js';
import type { ToolResult } from '../hooks/protocol/results.js';
import type { AskQueue } from '../hooks/triggers/askQueue.js';
import { runAskStep, type AskStepOptions, type AskStepResult } from '../hooks/triggers/askUserStep.js';
import {
  runAfterToolStep,
  runBeforeToolStep,
  type AfterToolStepOptions,
  type BeforeToolStepOptions,
} from '../hooks/triggers/toolCallSteps.js';
import type { AskDecision, BeforeToolDecision } from '../hooks/protocol/beforeToolDecision.js';
import type { AfterToolDecision } from '../hooks/protocol/afterToolDecision.js';
import type { Tool, ToolCallRequest } from '../tool.js';
import {
  askActorFailureResult,
  cancelledResult,
  executeCallTool,
  noToolHooksApply,
  outcomeOfExecutedResult,
  toolNotFoundResult,
  warnActorFailure,
  type ExecuteToolActorInput,
} from './toolCallActors.js';
import type { ToolCallOutcome, ToolCallOutcomeKind } from './types.js';

/** What a toolCall actor is started with. */
export interface ToolCallInput {
  config: Config;
  /** The session whose call this is, as its hooks are told; default the Config's. */
  session?: HookSession;
  request: ToolCallRequest;
  /** The tool the request names; `undefined` when no tool of that name exists. */
  tool: Tool | undefined;
  /** Listed in the error result of a call naming an unknown tool. */
  availableToolNames?: readonly string[];
  /**
   * Where this call's ask waits for its turn (the scheduler's queue); default one queue per
   * Config, first come, first served.
   */
  askQueue?: AskQueue;
  /** The call's position in its scheduler batch, so asks go in request order. */
  askPosition?: number;
}

/** The machine's context: the request, the arguments as executed, and once known the result. */
export interface ToolCallContext {
  config: Config;
  session?: HookSession;
  request: ToolCallRequest;
  tool: Tool | undefined;
  availableToolNames: readonly string[];
  /** The arguments as executed: the request's, or as a BeforeTool hook rewrote them (HOOK-019). */
  args: Record<string, unknown>;
  beforeOutput?: DefaultHookOutput;
  result?: ToolResult;
  outcome?: ToolCallOutcomeKind;
  stopReason?: string;
  /**
   * Set at START when tool hooks can run for this call, so AfterTool follows the tool. False on the
   * unhooked route, which then needs no context update before the tool runs.
   */
  toolHooksRun: boolean;
  askQueue?: AskQueue;
  askPosition?: number;
  /** What the BeforeTool hooks asked, while the call is `asking`. */
  askDecision?: AskDecision;
  /** How the ask was settled, once it was. */
  asked?: AskRecord;
}

/** Events a toolCall actor accepts from outside (the invoked actors' done/error events come from XState). */
export type ToolCallEvent = { type: 'START' } | { type: 'CANCEL'; reason?: string } | { type: 'PUBLISH' };

/** The machine's output: the published (or cancelled) call (ToolCallOutcome). */
export function toToolCallOutcome(context: ToolCallContext): ToolCallOutcome {
  const outcome: ToolCallOutcome = {
    callId: context.request.callId,
    name: context.request.name,
    args: context.args,
    requestedArgs: context.request.args,
    outcome: context.outcome ?? 'cancelled',
    result: context.result ?? cancelledResult(context.request.name, undefined),
  };
  if (context.stopReason !== undefined) outcome.stopReason = context.stopReason;
  if (context.asked !== undefined) outcome.asked = context.asked;
  return outcome;
}

/** What the beforeToolHook actor is invoked with (the step options without the actor's own signal). */
export type BeforeToolActorInput = Omit<BeforeToolStepOptions, 'signal'>;
/** What the askUser actor is invoked with. */
export type AskUserActorInput = Omit<AskStepOptions, 'signal'>;
/** What the afterToolHook actor is invoked with. */
export type AfterToolActorInput = Omit<AfterToolStepOptions, 'signal'>;
/** A failed step, for the warning. */
type Failure = { step: 'BeforeTool' | 'ask' | 'tool' | 'AfterTool'; error: unknown };

/** The tool-call machine's types and named implementations (toolCall.machine.ts declares its states). */
export const toolCallSetup = setup({
  types: {} as {
    context: ToolCallContext;
    input: ToolCallInput;
    events: ToolCallEvent;
    output: ToolCallOutcome;
  },
  actors: {
    beforeToolHook: fromPromise<BeforeToolDecision, BeforeToolActorInput>(({ input, signal }) =>
      runBeforeToolStep({ ...input, signal }),
    ),
    askUser: fromPromise<AskStepResult, AskUserActorInput>(({ input, signal }) => runAskStep({ ...input, signal })),
    executeTool: fromPromise<ToolResult, ExecuteToolActorInput>(({ input, signal }) => executeCallTool(input, signal)),
    afterToolHook: fromPromise<AfterToolDecision, AfterToolActorInput>(({ input, signal }) =>
      runAfterToolStep({ ...input, signal }),
    ),
  },
  guards: {
    toolNotFound: ({ context }) => context.tool === undefined,
    noToolHooks: ({ context }) => noToolHooksApply(context.config, context.request.name, context.request.args),
    hooksSkipped: ({ context }) => !context.toolHooksRun,
    // The shared steps decide (HOOK-020 before HOOK-016); the machine only routes their decisions.
    beforeHookStopped: (_, params: { decision: BeforeToolDecision }) => params.decision.kind === 'stopped',
    beforeHookBlocked: (_, params: { decision: BeforeToolDecision }) => params.decision.kind === 'blocked',
    beforeHookAsked: (_, params: { decision: BeforeToolDecision }) => params.decision.kind === 'ask',
    askDenied: (_, params: { decision: AskStepResult }) => params.decision.kind === 'blocked',
    /** A PermissionRequest hook denied with `interrupt`: the call is blocked and the agent stops. */
    askStopped: (_, params: { decision: AskStepResult }) => params.decision.kind === 'stopped',
    afterHookStopped: (_, params: { decision: AfterToolDecision }) => params.decision.kind === 'stopped',
  },
  actions: {
    assignToolNotFound: assign(({ context }) => ({
      result: toolNotFoundResult(context.request.name, context.availableToolNames),
      outcome: 'error' as const,
    })),
    assignToolHooksRun: assign({ toolHooksRun: true }),
    /** A stop (HOOK-020, 028) from either hook: its result and reason. */
    assignStopped: assign((_, params: { result: ToolResult; stopReason: string }) => ({
      result: params.result,
      stopReason: params.stopReason,
      outcome: 'stopped' as const,
    })),
    assignBlocked: assign((_, params: { result: ToolResult }) => ({
      result: params.result,
      outcome: 'blocked' as const,
    })),
    /** HOOK-018, 019: the arguments as executed (rewritten or not) and the BeforeTool output kept for its system message. */
    assignProceed: assign((_, params: { args: Record<string, unknown>; output: DefaultHookOutput | undefined }) => ({
      args: params.args,
      beforeOutput: params.output,
    })),
    /** What the hooks asked, for the ask step. */
    assignAsk: assign((_, params: { decision: AskDecision | undefined }) => ({ askDecision: params.decision })),
    /** How the ask was settled (kept on the outcome). */
    assignAsked: assign((_, params: { asked: AskRecord }) => ({ asked: params.asked, askDecision: undefined })),
    /** The ask step itself failed (it is meant never to throw): the call is denied, as for a failed onAskUser. */
    assignAskFailed: assign(({ context }, params: { error: unknown }) => {
      const denied = askActorFailureResult({
        toolName: context.request.name,
        decision: context.askDecision,
        error: params.error,
      });
      return { asked: denied.asked, askDecision: undefined, result: denied.result, outcome: 'blocked' as const };
    }),
    assignToolResult: assign((_, params: { result: ToolResult }) => ({ result: params.result })),
    /** The call's final result (a tool that ran unhooked, or the AfterTool effects applied). */
    assignFinished: assign((_, params: { result: ToolResult }) => ({
      result: params.result,
      outcome: outcomeOfExecutedResult(params.result),
    })),
    warnFailure: ({ context }, params: Failure) =>
      warnActorFailure(context.config, params.step, context.request.name, params.error),
    assignCancelled: assign(({ context, event }) => ({
      result: cancelledResult(context.request.name, event.type === 'CANCEL' ? event.reason : undefined),
      outcome: 'cancelled' as const,
      stopReason: undefined,
    })),
  },
});
