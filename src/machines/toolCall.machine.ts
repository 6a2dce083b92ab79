/**
 * One tool call as an XState v5 machine (the transition table in docs/architecture.md): every hook outcome is a
 * transition, not a flag checked later. The invoked actors ask the hook system's `beforeTool` for the
 * call's decision, then run the ask step (a hook's `ask`), the tool and the hook system's `afterTool`; guards
 * and actions call the shared hook-effect functions (HOOK-134). Every implementation is named, so
 * tests swap one with `toolCallMachine.provide()`.
 *
 * Beyond the table: START for an unknown tool goes to `buffered` with an error result (no hook fires
 * for a tool that cannot run), and START when no tool hook can run (hooks disabled, or none matching
 * the tool once initialised — the check `executeToolWithHooks` makes) goes straight to `executing`
 * and from there to `buffered`, so hooks cost nothing until they apply (HOOK-010, 012, 013).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Config } from '../hooks/engine/config.js';
import type { AskRecord } from '../hooks/protocol/askUser.js';
import type { HookOrigin, HookSession } from '../hooks/protocol/hookConfig.js';
import type { DefaultHookOutput } from '../hooks/protocol/outputs.js';
import type { ToolResult } from '../hooks/protocol/results.js';
import { createToolErrorResult } from '../hooks/protocol/toolHookEffects.js';
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
type Failure = { step: 'BeforeTool' | 'ask' | 'tool' | 'AfterTool'; error: unknown };

/** The call a hook fire is for, so the run report can put each hook on its call. */
function hookOrigin(context: ToolCallContext, self: { sessionId: string }): HookOrigin {
  return { callId: context.request.callId, actorId: self.sessionId };
}

/** the transition table in docs/architecture.md for one tool call. */
export const toolCallMachine = setup({
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
}).createMachine({
  id: 'toolCall',
  initial: 'idle',
  context: ({ input }) => ({
    config: input.config,
    session: input.session,
    request: input.request,
    tool: input.tool,
    availableToolNames: input.availableToolNames ?? [],
    args: input.request.args,
    toolHooksRun: false,
    askQueue: input.askQueue,
    askPosition: input.askPosition,
  }),
  output: ({ context }) => toToolCallOutcome(context),
  states: {
    idle: {
      description: 'Queued: waiting for the scheduler to start it.',
      on: {
        START: [
          { guard: 'toolNotFound', target: 'buffered', actions: 'assignToolNotFound' },
          { guard: 'noToolHooks', target: 'executing' },
          { target: 'beforeHook', actions: 'assignToolHooksRun' },
        ],
        CANCEL: { target: 'cancelled', actions: 'assignCancelled' },
      },
    },
    beforeHook: {
      description:
        'BeforeTool hooks run and decide: stop, block, ask, or proceed with the arguments as executed (HOOK-014).',
      invoke: {
        id: 'beforeHook',
        src: 'beforeToolHook',
        // The call's id reaches Claude Code hooks as `tool_use_id`, the same before and after.
        input: ({ context, self }) => ({
          config: context.config,
          session: context.session,
          toolName: context.request.name,
          args: context.args,
          toolCallId: context.request.callId,
          origin: hookOrigin(context, self),
        }),
        onDone: [
          {
            guard: { type: 'beforeHookStopped', params: ({ event }) => ({ decision: event.output }) },
            target: 'buffered',
            actions: { type: 'assignStopped', params: ({ event }) => stoppedParams(event.output) },
          },
          {
            guard: { type: 'beforeHookBlocked', params: ({ event }) => ({ decision: event.output }) },
            target: 'buffered',
            actions: { type: 'assignBlocked', params: ({ event }) => ({ result: resultOf(event.output) }) },
          },
          {
            guard: { type: 'beforeHookAsked', params: ({ event }) => ({ decision: event.output }) },
            target: 'asking',
            actions: {
              type: 'assignAsk',
              params: ({ event }) => ({ decision: event.output.kind === 'ask' ? event.output : undefined }),
            },
          },
          {
            target: 'executing',
            actions: {
              type: 'assignProceed',
              params: ({ context, event }) => proceedParams(event.output, context.args),
            },
          },
        ],
        onError: {
          target: 'executing',
          actions: {
            type: 'warnFailure',
            params: ({ event }) => ({ step: 'BeforeTool' as const, error: event.error }),
          },
        },
      },
      on: { CANCEL: { target: 'cancelled', actions: 'assignCancelled' } },
    },
    asking: {
      description:
        'A hook asked: a PermissionRequest hook or Config.onAskUser allows (executing) or denies (buffered, blocked; stopped on an interrupt), one ask at a time in request order.',
      invoke: {
        id: 'askUser',
        src: 'askUser',
        input: ({ context }) => ({
          config: context.config,
          session: context.session,
          toolName: context.request.name,
          callId: context.request.callId,
          decision: context.askDecision as AskDecision,
          queue: context.askQueue,
          position: context.askPosition,
        }),
        onDone: [
          {
            guard: { type: 'askStopped', params: ({ event }) => ({ decision: event.output }) },
            target: 'buffered',
            actions: [
              { type: 'assignAsked', params: ({ event }) => ({ asked: event.output.asked }) },
              { type: 'assignStopped', params: ({ event }) => stoppedParams(event.output) },
            ],
          },
          {
            guard: { type: 'askDenied', params: ({ event }) => ({ decision: event.output }) },
            target: 'buffered',
            actions: [
              { type: 'assignAsked', params: ({ event }) => ({ asked: event.output.asked }) },
              { type: 'assignBlocked', params: ({ event }) => ({ result: resultOf(event.output) }) },
            ],
          },
          {
            target: 'executing',
            actions: [
              { type: 'assignAsked', params: ({ event }) => ({ asked: event.output.asked }) },
              { type: 'assignProceed', params: ({ context, event }) => proceedParams(event.output, context.args) },
            ],
          },
        ],
        onError: {
          target: 'buffered',
          actions: [
            { type: 'warnFailure', params: ({ event }) => ({ step: 'ask' as const, error: event.error }) },
            { type: 'assignAskFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
      on: { CANCEL: { target: 'cancelled', actions: 'assignCancelled' } },
    },
    executing: {
      description: 'The tool runs with the arguments as executed; a throw becomes an error result.',
      invoke: {
        id: 'executeTool',
        src: 'executeTool',
        input: ({ context }) => ({ tool: context.tool as Tool, toolName: context.request.name, args: context.args }),
        onDone: [
          {
            guard: 'hooksSkipped',
            target: 'buffered',
            actions: { type: 'assignFinished', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'afterHook',
            actions: { type: 'assignToolResult', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: {
          target: 'buffered',
          actions: [
            { type: 'warnFailure', params: ({ event }) => ({ step: 'tool' as const, error: event.error }) },
            { type: 'assignFinished', params: ({ event }) => ({ result: createToolErrorResult(event.error) }) },
          ],
        },
      },
      on: { CANCEL: { target: 'cancelled', actions: 'assignCancelled' } },
    },
    afterHook: {
      description:
        'AfterTool hooks run on the tool result: stop, or its context, system message and suppression applied (HOOK-025).',
      invoke: {
        id: 'afterHook',
        src: 'afterToolHook',
        input: ({ context, self }) => ({
          config: context.config,
          session: context.session,
          origin: hookOrigin(context, self),
          toolName: context.request.name,
          args: context.args,
          toolCallId: context.request.callId,
          result: context.result ?? createToolErrorResult(undefined),
          beforeOutput: context.beforeOutput,
        }),
        onDone: [
          {
            guard: { type: 'afterHookStopped', params: ({ event }) => ({ decision: event.output }) },
            target: 'buffered',
            actions: { type: 'assignStopped', params: ({ event }) => stoppedParams(event.output) },
          },
          {
            target: 'buffered',
            actions: { type: 'assignFinished', params: ({ event }) => ({ result: event.output.result }) },
          },
        ],
        onError: {
          target: 'buffered',
          actions: [
            { type: 'warnFailure', params: ({ event }) => ({ step: 'AfterTool' as const, error: event.error }) },
            {
              type: 'assignFinished',
              params: ({ context }) => ({ result: context.result ?? createToolErrorResult(undefined) }),
            },
          ],
        },
      },
      on: { CANCEL: { target: 'cancelled', actions: 'assignCancelled' } },
    },
    buffered: {
      description: 'Has its outcome; waits for the calls before it so results publish in request order.',
      on: {
        PUBLISH: { target: 'published' },
        CANCEL: { target: 'cancelled', actions: 'assignCancelled' },
      },
    },
    published: { type: 'final', description: 'Delivered to the model.' },
    cancelled: { type: 'final', description: 'Aborted or not run; hook and tool processes were killed.' },
  },
});

function resultOf(decision: BeforeToolDecision | AskStepResult | AfterToolDecision): ToolResult {
  return 'result' in decision ? decision.result : createToolErrorResult(undefined);
}

function stoppedParams(decision: BeforeToolDecision | AskStepResult | AfterToolDecision): {
  result: ToolResult;
  stopReason: string;
} {
  return { result: resultOf(decision), stopReason: 'stopReason' in decision ? decision.stopReason : '' };
}

function proceedParams(
  decision: BeforeToolDecision | AskStepResult,
  args: Record<string, unknown>,
): { args: Record<string, unknown>; output: DefaultHookOutput | undefined } {
  return decision.kind === 'proceed' ? { args: decision.args, output: decision.output } : { args, output: undefined };
}

/** A running toolCall actor. */
export type ToolCallActor = ActorRefFrom<typeof toolCallMachine>;
