/**
 * One model call as an XState v5 machine: beforeToolSelection → beforeModel → generating →
 * afterModel → done, with every hook outcome an explicit transition (blocked, stopped, failed,
 * aborted). The invoked actors call the hook system's model triggers and the injected streaming
 * `ContentGenerator`; implementations are named, so tests and hosts can swap them with `.provide()`.
 */
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import { assign, createActor, fromPromise, setup, type InspectionEvent } from 'xstate';
import type { ContentGenerator } from '../contentGenerator.js';
import { toError } from '../errors.js';
import type { Config } from '../hooks/engine/config.js';
import type { HookSession } from '../hooks/protocol/hookConfig.js';
import type {
  AfterModelHookResult,
  BeforeModelHookResult,
  BeforeToolSelectionHookResult,
} from '../hooks/triggers/modelHookTriggers.js';
import {
  applyToolSelection,
  checkAfterModel,
  checkBeforeModel,
  createEmptyResponse,
  generateResponse,
  selectTools,
  type AfterModelActorInput,
  type GenerateActorInput,
  type ModelHookActorInput,
} from './modelCallActors.js';

/** How a model call ended. */
export type ModelCallOutcome = 'completed' | 'blocked' | 'stopped' | 'aborted' | 'failed';

/** What a model call needs: the host's Config, the generator, and the request as assembled by the caller. */
export interface ModelCallInput {
  config: Config;
  generator: ContentGenerator;
  request: GenerateContentParameters;
  /** The session that makes the call, as its model hooks are told; default the Config's. */
  session?: HookSession;
}

/**
 * HOOK-141: the result of one model call, in SDK types only. `request` is the request as sent (after
 * tool selection and BeforeModel modifications); `response` is what the agent should use downstream.
 */
export interface ModelCallOutput {
  outcome: ModelCallOutcome;
  request: GenerateContentParameters;
  response?: GenerateContentResponse;
  /** The BeforeModel hook's reason, when it blocked the call (HOOK-036, 037). */
  blockReason?: string;
  /** The hook's reason, when one asked the agent to stop (HOOK-040, 048, 058). */
  stopReason?: string;
  /** HOOK-049: an AfterModel hook asked to hide the response from the user. */
  suppressDisplay?: boolean;
  /** An AfterModel `systemMessage` for the next request. */
  systemMessage?: string;
  /** Set when the outcome is `failed`. */
  error?: Error;
}

interface ModelCallContext {
  config: Config;
  session?: HookSession;
  generator: ContentGenerator;
  request: GenerateContentParameters;
  outcome: ModelCallOutcome;
  response?: GenerateContentResponse;
  blockReason?: string;
  stopReason?: string;
  suppressDisplay: boolean;
  systemMessage?: string;
  error?: Error;
}

interface StopParams {
  stopReason?: string;
  response?: GenerateContentResponse;
}

const defaultStopReason = 'Stopped by hook';

/** HOOK-036..058, 138..141, 172..174, 202, 207: the model call's states and transitions. */
export const modelCallMachine = setup({
  types: {} as {
    context: ModelCallContext;
    input: ModelCallInput;
    output: ModelCallOutput;
    events: { type: 'CANCEL' };
  },
  actors: {
    fireBeforeToolSelection: fromPromise<BeforeToolSelectionHookResult, ModelHookActorInput>(({ input, signal }) =>
      selectTools(input, signal),
    ),
    fireBeforeModel: fromPromise<BeforeModelHookResult, ModelHookActorInput>(({ input, signal }) =>
      checkBeforeModel(input, signal),
    ),
    generateContent: fromPromise<GenerateContentResponse, GenerateActorInput>(({ input, signal }) =>
      generateResponse(input, signal),
    ),
    fireAfterModel: fromPromise<AfterModelHookResult, AfterModelActorInput>(({ input, signal }) =>
      checkAfterModel(input, signal),
    ),
  },
  guards: {
    /** HOOK-040, 048, 058: `continue: false`. */
    hookStopped: (_, params: { stopped?: boolean }) => params.stopped === true,
    /** HOOK-036, 138: blocked with an `llm_response`. */
    blockedWithResponse: (_, params: BeforeModelHookResult) => params.blocked && params.syntheticResponse !== undefined,
    /** HOOK-037, 202: blocked without one. */
    blockedWithoutResponse: (_, params: BeforeModelHookResult) =>
      params.blocked && params.syntheticResponse === undefined,
  },
  actions: {
    /** HOOK-055..057, 140 */
    applyToolSelection: assign({
      request: ({ context }, params: BeforeToolSelectionHookResult) => applyToolSelection(context.request, params),
    }),
    /** HOOK-038, 039, 139 */
    useModifiedRequest: assign({
      request: ({ context }, params: BeforeModelHookResult) => params.modifiedRequest ?? context.request,
    }),
    /** HOOK-036, 138 */
    useSyntheticResponse: assign((_, params: BeforeModelHookResult) => ({
      response: params.syntheticResponse,
      blockReason: params.reason,
    })),
    /** HOOK-037, 202 */
    useEmptyResponse: assign((_, params: BeforeModelHookResult) => ({
      response: createEmptyResponse(),
      blockReason: params.reason,
    })),
    recordStop: assign((_, params: StopParams) => ({
      stopReason: params.stopReason || defaultStopReason,
      response: params.response,
    })),
    storeResponse: assign({ response: (_, params: { response: GenerateContentResponse }) => params.response }),
    /** HOOK-046, 047, 049, 173 */
    applyAfterModel: assign((_, params: AfterModelHookResult) => ({
      response: params.response,
      suppressDisplay: params.suppressDisplay === true,
      systemMessage: params.systemMessage,
    })),
    recordError: assign({ error: (_, params: { error: unknown }) => toError(params.error) }),
    /** Fail-open: a hook actor that could not run leaves the call as it was, with a warning naming the event. */
    warnHookActorFailed: ({ context }, params: { eventName: string; error: unknown }) => {
      context.config
        .getDebugLogger()
        .child('modelCall')
        .warn(`${params.eventName} hook could not run; continuing without it: ${toError(params.error).message}`, {
          eventName: params.eventName,
        });
    },
    setOutcome: assign({ outcome: (_, params: { outcome: ModelCallOutcome }) => params.outcome }),
  },
}).createMachine({
  id: 'modelCall',
  context: ({ input }) => ({
    config: input.config,
    session: input.session,
    generator: input.generator,
    request: input.request,
    outcome: 'aborted',
    suppressDisplay: false,
  }),
  initial: 'beforeToolSelection',
  on: {
    CANCEL: { target: '.aborted' },
  },
  states: {
    beforeToolSelection: {
      invoke: {
        id: 'beforeToolSelection',
        src: 'fireBeforeToolSelection',
        input: ({ context, self }) => ({
          config: context.config,
          session: context.session,
          request: context.request,
          origin: { actorId: self.sessionId },
        }),
        onDone: [
          {
            guard: { type: 'hookStopped', params: ({ event }) => event.output },
            target: 'stopped',
            actions: { type: 'recordStop', params: ({ event }) => ({ stopReason: event.output.stopReason }) },
          },
          {
            target: 'beforeModel',
            actions: { type: 'applyToolSelection', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'beforeModel',
          actions: {
            type: 'warnHookActorFailed',
            params: ({ event }) => ({ eventName: 'BeforeToolSelection', error: event.error }),
          },
        },
      },
    },
    beforeModel: {
      invoke: {
        id: 'beforeModel',
        src: 'fireBeforeModel',
        input: ({ context, self }) => ({
          config: context.config,
          session: context.session,
          request: context.request,
          origin: { actorId: self.sessionId },
        }),
        onDone: [
          {
            guard: { type: 'hookStopped', params: ({ event }) => event.output },
            target: 'stopped',
            actions: {
              type: 'recordStop',
              params: ({ event }) => ({
                stopReason: event.output.stopReason ?? event.output.reason,
                response: event.output.syntheticResponse,
              }),
            },
          },
          {
            guard: { type: 'blockedWithResponse', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'useSyntheticResponse', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'blockedWithoutResponse', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'useEmptyResponse', params: ({ event }) => event.output },
          },
          {
            target: 'generating',
            actions: { type: 'useModifiedRequest', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'generating',
          actions: {
            type: 'warnHookActorFailed',
            params: ({ event }) => ({ eventName: 'BeforeModel', error: event.error }),
          },
        },
      },
    },
    generating: {
      invoke: {
        id: 'generate',
        src: 'generateContent',
        input: ({ context }) => ({ generator: context.generator, request: context.request }),
        onDone: {
          target: 'afterModel',
          actions: { type: 'storeResponse', params: ({ event }) => ({ response: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    afterModel: {
      invoke: {
        id: 'afterModel',
        src: 'fireAfterModel',
        input: ({ context, self }) => ({
          config: context.config,
          session: context.session,
          origin: { actorId: self.sessionId },
          request: context.request,
          response: context.response ?? createEmptyResponse(),
        }),
        onDone: [
          {
            guard: { type: 'hookStopped', params: ({ event }) => event.output },
            target: 'stopped',
            actions: {
              type: 'recordStop',
              params: ({ event }) => ({ stopReason: event.output.stopReason, response: event.output.response }),
            },
          },
          {
            target: 'done',
            actions: { type: 'applyAfterModel', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'done',
          actions: {
            type: 'warnHookActorFailed',
            params: ({ event }) => ({ eventName: 'AfterModel', error: event.error }),
          },
        },
      },
    },
    done: { type: 'final', entry: { type: 'setOutcome', params: { outcome: 'completed' } } },
    blocked: { type: 'final', entry: { type: 'setOutcome', params: { outcome: 'blocked' } } },
    stopped: { type: 'final', entry: { type: 'setOutcome', params: { outcome: 'stopped' } } },
    failed: { type: 'final', entry: { type: 'setOutcome', params: { outcome: 'failed' } } },
    aborted: { type: 'final', entry: { type: 'setOutcome', params: { outcome: 'aborted' } } },
  },
  output: ({ context }) => toModelCallOutput(context),
});

function toModelCallOutput(context: ModelCallContext): ModelCallOutput {
  const output: ModelCallOutput = { outcome: context.outcome, request: context.request };
  if (context.response !== undefined) output.response = context.response;
  if (context.blockReason !== undefined) output.blockReason = context.blockReason;
  if (context.stopReason !== undefined) output.stopReason = context.stopReason;
  if (context.suppressDisplay) output.suppressDisplay = true;
  if (context.systemMessage !== undefined) output.systemMessage = context.systemMessage;
  if (context.error !== undefined) output.error = context.error;
  return output;
}

/** Options for {@link runModelCall}. */
export interface RunModelCallOptions extends ModelCallInput {
  /** Aborting cancels the call from any state: hook processes are killed, the stream is aborted. */
  signal?: AbortSignal;
  /** Receives the actor's XState inspection events. */
  inspect?: (event: InspectionEvent) => void;
  /** A machine with swapped implementations (`modelCallMachine.provide(...)`); default {@link modelCallMachine}. */
  machine?: typeof modelCallMachine;
  /** Called with the call's actor session id before it starts (the run recorder links the call's records by it). */
  onStart?: (actorId: string) => void;
}

/**
 * Runs one model call to its final state and resolves with its output; never rejects. An abort of
 * `signal` sends CANCEL (outcome `aborted`); an unexpected actor failure becomes outcome `failed`.
 */
export function runModelCall(options: RunModelCallOptions): Promise<ModelCallOutput> {
  const { signal, inspect, machine = modelCallMachine, onStart, ...input } = options;
  const actor = createActor(machine, { input, inspect });
  onStart?.(actor.sessionId);
  return new Promise<ModelCallOutput>((resolve) => {
    const cancel = (): void => {
      actor.send({ type: 'CANCEL' });
    };
    const finish = (output: ModelCallOutput): void => {
      signal?.removeEventListener('abort', cancel);
      resolve(output);
    };
    actor.subscribe({
      complete: () => {
        const output = actor.getSnapshot().output;
        finish(output ?? { outcome: 'aborted', request: input.request });
      },
      error: (error) => finish({ outcome: 'failed', request: input.request, error: toError(error) }),
    });
    actor.start();
    if (signal?.aborted) cancel();
    else signal?.addEventListener('abort', cancel, { once: true });
  });
}
