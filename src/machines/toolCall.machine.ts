/**
 * One tool call as an XState v5 machine (DESIGN.md's transition table): every hook outcome is a
 * transition, not a flag checked later. The invoked actors call `fireBeforeToolHook`, the tool and
 * `fireAfterToolHook`; guards and actions call the shared hook-effect functions (HOOK-134). Every
 * implementation is named, so tests swap one with `toolCallMachine.provide()`.
 *
 * Beyond the table: START for an unknown tool goes to `buffered` with an error result (no hook fires
 * for a tool that cannot run), and START when no tool hook can run (hooks disabled, or none matching
 * the tool once initialised — the check `executeToolWithHooks` makes) goes straight to `executing`
 * and from there to `buffered`, so hooks cost nothing until they apply (HOOK-010, 012, 013).
 */
import { assign, createActor, fromPromise, setup, type ActorRefFrom, type InspectionEvent } from 'xstate';
import type { Config } from '../hooks/engine/config.js';
import type { DefaultHookOutput } from '../hooks/protocol/outputs.js';
import type { ToolResult } from '../hooks/protocol/results.js';
import type { Tool, ToolCallRequest } from '../tool.js';
import {
  addsContent,
  blockedResult,
  cancelledResult,
  finishExecutedResult,
  hasModifiedInput,
  isBlockOutput,
  isStopOutput,
  isSuppressOutput,
  mergeModifiedInput,
  noToolHooksApply,
  outcomeOfExecutedResult,
  runAfterToolHook,
  runBeforeToolHook,
  runTool,
  stoppedResult,
  toolErrorResult,
  toolNotFoundResult,
  warnHookActorFailure,
  type AfterToolHookActorInput,
  type BeforeToolHookActorInput,
  type ExecuteToolActorInput,
} from './toolCallActors.js';
import type { ToolCallOutcome, ToolCallOutcomeKind } from './types.js';

/** What a toolCall actor is started with. */
export interface ToolCallInput {
  config: Config;
  request: ToolCallRequest;
  /** The tool the request names; `undefined` when no tool of that name exists. */
  tool: Tool | undefined;
  /** Listed in the error result of a call naming an unknown tool. */
  availableToolNames?: readonly string[];
}

/** The machine's context: the request, the arguments as executed, and once known the result. */
export interface ToolCallContext {
  config: Config;
  request: ToolCallRequest;
  tool: Tool | undefined;
  availableToolNames: readonly string[];
  /** The arguments as executed: the request's, or as a BeforeTool hook rewrote them (HOOK-019). */
  args: Record<string, unknown>;
  beforeOutput: DefaultHookOutput | undefined;
  result: ToolResult | undefined;
  outcome: ToolCallOutcomeKind | undefined;
  stopReason: string | undefined;
  /** Set at START when no tool hook can run for this call: the hook states are skipped. */
  hooksSkipped: boolean;
}

/** Events a toolCall actor accepts from outside (the invoked actors' done/error events come from XState). */
export type ToolCallEvent =
  | { type: 'START' }
  | { type: 'CANCEL'; reason?: string }
  | { type: 'PUBLISH' };

type InvokeEvent = { type: string; output?: unknown; error?: unknown };

function outputOf<T>(event: InvokeEvent): T {
  return event.output as T;
}

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
  return outcome;
}

/** DESIGN.md's transition table for one tool call. */
export const toolCallMachine = setup({
  types: {} as {
    context: ToolCallContext;
    input: ToolCallInput;
    events: ToolCallEvent;
    output: ToolCallOutcome;
  },
  actors: {
    beforeToolHook: fromPromise<DefaultHookOutput | undefined, BeforeToolHookActorInput>(({ input, signal }) =>
      runBeforeToolHook(input, signal),
    ),
    executeTool: fromPromise<ToolResult, ExecuteToolActorInput>(({ input, signal }) => runTool(input, signal)),
    afterToolHook: fromPromise<DefaultHookOutput | undefined, AfterToolHookActorInput>(({ input, signal }) =>
      runAfterToolHook(input, signal),
    ),
  },
  guards: {
    toolNotFound: ({ context }) => context.tool === undefined,
    noToolHooks: ({ context }) => noToolHooksApply(context.config, context.request.name),
    hooksSkipped: ({ context }) => context.hooksSkipped,
    beforeHookStopped: ({ event }) => isStopOutput(outputOf(event as InvokeEvent)),
    beforeHookBlocked: ({ event }) => isBlockOutput(outputOf(event as InvokeEvent)),
    beforeHookModifiedInput: ({ event }) => hasModifiedInput(outputOf(event as InvokeEvent)),
    afterHookStopped: ({ event }) => isStopOutput(outputOf(event as InvokeEvent)),
    afterHookSuppressed: ({ event }) => isSuppressOutput(outputOf(event as InvokeEvent)),
    afterHookAddsContent: ({ event }) => addsContent(outputOf(event as InvokeEvent)),
  },
  actions: {
    assignToolNotFound: assign(({ context }) => ({
      result: toolNotFoundResult(context.request.name, context.availableToolNames),
      outcome: 'error' as const,
    })),
    assignStopped: assign(({ event }) => {
      const { result, stopReason } = stoppedResult(outputOf<DefaultHookOutput>(event as InvokeEvent));
      return { result, stopReason, outcome: 'stopped' as const };
    }),
    assignBlocked: assign(({ event }) => ({
      result: blockedResult(outputOf<DefaultHookOutput>(event as InvokeEvent)),
      outcome: 'blocked' as const,
    })),
    assignModifiedInput: assign(({ context, event }) => {
      const output = outputOf<DefaultHookOutput | undefined>(event as InvokeEvent);
      return { args: mergeModifiedInput(context.args, output), beforeOutput: output };
    }),
    assignBeforeOutput: assign({ beforeOutput: ({ event }) => outputOf<DefaultHookOutput | undefined>(event as InvokeEvent) }),
    warnBeforeHookFailed: ({ context, event }) =>
      warnHookActorFailure(context.config, 'BeforeTool', context.request.name, (event as InvokeEvent).error),
    assignHooksSkipped: assign({ hooksSkipped: true }),
    assignToolResult: assign({ result: ({ event }) => outputOf<ToolResult>(event as InvokeEvent) }),
    assignToolError: assign({ result: ({ event }) => toolErrorResult((event as InvokeEvent).error) }),
    assignUnhookedResult: assign(({ event }) => {
      const result = outputOf<ToolResult>(event as InvokeEvent);
      return { result, outcome: outcomeOfExecutedResult(result) };
    }),
    assignUnhookedError: assign(({ event }) => ({ result: toolErrorResult((event as InvokeEvent).error), outcome: 'error' as const })),
    assignFinishedResult: assign(({ context, event }) => {
      const result = finishExecutedResult(
        context.result ?? toolErrorResult(undefined),
        context.beforeOutput,
        outputOf<DefaultHookOutput | undefined>(event as InvokeEvent),
      );
      return { result, outcome: outcomeOfExecutedResult(result) };
    }),
    assignFailOpenResult: assign(({ context }) => {
      const result = finishExecutedResult(context.result ?? toolErrorResult(undefined), context.beforeOutput, undefined);
      return { result, outcome: outcomeOfExecutedResult(result) };
    }),
    warnAfterHookFailed: ({ context, event }) =>
      warnHookActorFailure(context.config, 'AfterTool', context.request.name, (event as InvokeEvent).error),
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
    request: input.request,
    tool: input.tool,
    availableToolNames: input.availableToolNames ?? [],
    args: input.request.args,
    beforeOutput: undefined,
    result: undefined,
    outcome: undefined,
    stopReason: undefined,
    hooksSkipped: false,
  }),
  output: ({ context }) => toToolCallOutcome(context),
  states: {
    idle: {
      description: 'Queued: waiting for the scheduler to start it.',
      on: {
        START: [
          { guard: 'toolNotFound', target: 'buffered', actions: 'assignToolNotFound' },
          { guard: 'noToolHooks', target: 'executing', actions: 'assignHooksSkipped' },
          { target: 'beforeHook' },
        ],
        CANCEL: { target: 'cancelled', actions: 'assignCancelled' },
      },
    },
    beforeHook: {
      description: 'BeforeTool hooks run (HOOK-014).',
      invoke: {
        id: 'beforeHook',
        src: 'beforeToolHook',
        input: ({ context }) => ({ config: context.config, toolName: context.request.name, args: context.args }),
        onDone: [
          { guard: 'beforeHookStopped', target: 'buffered', actions: 'assignStopped' },
          { guard: 'beforeHookBlocked', target: 'buffered', actions: 'assignBlocked' },
          { guard: 'beforeHookModifiedInput', target: 'executing', actions: 'assignModifiedInput' },
          { target: 'executing', actions: 'assignBeforeOutput' },
        ],
        onError: { target: 'executing', actions: 'warnBeforeHookFailed' },
      },
      on: { CANCEL: { target: 'cancelled', actions: 'assignCancelled' } },
    },
    executing: {
      description: 'The tool runs with the arguments as executed.',
      invoke: {
        id: 'executeTool',
        src: 'executeTool',
        input: ({ context }) => ({ tool: context.tool, toolName: context.request.name, args: context.args }),
        onDone: [
          { guard: 'hooksSkipped', target: 'buffered', actions: 'assignUnhookedResult' },
          { target: 'afterHook', actions: 'assignToolResult' },
        ],
        onError: [
          { guard: 'hooksSkipped', target: 'buffered', actions: 'assignUnhookedError' },
          { target: 'afterHook', actions: 'assignToolError' },
        ],
      },
      on: { CANCEL: { target: 'cancelled', actions: 'assignCancelled' } },
    },
    afterHook: {
      description: 'AfterTool hooks run on the tool result (HOOK-025).',
      invoke: {
        id: 'afterHook',
        src: 'afterToolHook',
        input: ({ context }) => ({
          config: context.config,
          toolName: context.request.name,
          args: context.args,
          result: context.result ?? toolErrorResult(undefined),
        }),
        onDone: [
          { guard: 'afterHookStopped', target: 'buffered', actions: 'assignStopped' },
          { guard: 'afterHookSuppressed', target: 'buffered', actions: 'assignFinishedResult' },
          { guard: 'afterHookAddsContent', target: 'buffered', actions: 'assignFinishedResult' },
          { target: 'buffered', actions: 'assignFinishedResult' },
        ],
        onError: { target: 'buffered', actions: ['warnAfterHookFailed', 'assignFailOpenResult'] },
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

/** A running toolCall actor. */
export type ToolCallActor = ActorRefFrom<typeof toolCallMachine>;

/** Options for {@link runToolCall}. */
export interface RunToolCallOptions extends ToolCallInput {
  /** Aborting sends CANCEL: the call ends `cancelled` and its hook and tool processes are killed. */
  signal?: AbortSignal;
  /** XState inspection observer for the call's actor. */
  inspect?: (event: InspectionEvent) => void;
  /** A machine with swapped implementations (`toolCallMachine.provide(...)`); default `toolCallMachine`. */
  machine?: typeof toolCallMachine;
}

/**
 * Runs one call through its own toolCall actor outside a scheduler: START, publish as soon as it is
 * buffered, resolve with the machine's output. Never rejects for a failing hook or tool.
 */
export function runToolCall(options: RunToolCallOptions): Promise<ToolCallOutcome> {
  const machine = options.machine ?? toolCallMachine;
  const actor = createActor(machine, {
    input: { config: options.config, request: options.request, tool: options.tool, availableToolNames: options.availableToolNames },
    inspect: options.inspect,
  });
  return new Promise<ToolCallOutcome>((resolve, reject) => {
    const onAbort = (): void => actor.send({ type: 'CANCEL', reason: 'aborted' });
    const subscription = actor.subscribe({
      next: (snapshot) => {
        if (snapshot.status === 'done') {
          options.signal?.removeEventListener('abort', onAbort);
          subscription.unsubscribe();
          resolve(snapshot.output);
        } else if (snapshot.value === 'buffered') {
          actor.send({ type: 'PUBLISH' });
        }
      },
      error: (error) => {
        options.signal?.removeEventListener('abort', onAbort);
        reject(error);
      },
    });
    actor.start();
    if (options.signal?.aborted) onAbort();
    else {
      options.signal?.addEventListener('abort', onAbort, { once: true });
      actor.send({ type: 'START' });
    }
  });
}
