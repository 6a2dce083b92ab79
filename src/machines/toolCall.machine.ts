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
import type { ActorRefFrom } from 'xstate';
import type { AskStepResult } from '../hooks/triggers/askUserStep.js';
import type { AskDecision, BeforeToolDecision } from '../hooks/protocol/beforeToolDecision.js';
import type { AfterToolDecision } from '../hooks/protocol/afterToolDecision.js';
import type { HookOrigin } from '../hooks/protocol/hookConfig.js';
import type { Tool } from '../tool.js';
import type { DefaultHookOutput } from '../hooks/protocol/outputs.js';
import type { ToolResult } from '../hooks/protocol/results.js';
import { createToolErrorResult } from '../hooks/protocol/toolHookEffects.js';
import { toolCallSetup, toToolCallOutcome, type ToolCallContext } from './toolCall.setup.js';

export {
  toToolCallOutcome,
  type AfterToolActorInput,
  type AskUserActorInput,
  type BeforeToolActorInput,
  type ToolCallContext,
  type ToolCallEvent,
  type ToolCallInput,
} from './toolCall.setup.js';

/** The call a hook fire is for, so the run report can put each hook on its call. */
function hookOrigin(context: ToolCallContext, self: { sessionId: string }): HookOrigin {
  return { callId: context.request.callId, actorId: self.sessionId };
}

/** the transition table in docs/architecture.md for one tool call. */
export const toolCallMachine = toolCallSetup.createMachine({
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
