/**
 * The agent session as an XState v5 machine (DESIGN.md, "The session machine"): starting
 * (SessionStart) → idle → beforeAgent (BeforeAgent / UserPromptSubmit) → turn (a modelCall machine,
 * then the tool batch through the scheduler, again until the model answers without calls) →
 * stopCheck (AfterAgent / Stop) → idle …, compacting (PreCompress) when the history passes its
 * budget or on request, clearing and ending (SessionEnd, bounded wait) → done. Every hook outcome
 * is a transition; the invoked actors call plain functions (sessionActors.ts) and every
 * implementation is named, so hosts and tests can swap one with `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toError } from '../errors.js';
import type {
  AfterAgentHookResult,
  BeforeAgentHookResult,
  LifecycleHookResult,
  SessionEndReason,
  SessionStartHookResult,
  SessionStartSource,
} from '../hooks/triggers/lifecycleHookTriggers.js';
import type { Content } from '@google/genai';
import { DEFAULT_BLOCK_REASON } from '../hooks/protocol/outputs.js';
import { needsCompaction } from './historyCompaction.js';
import { responseFunctionCalls } from './modelCallActors.js';
import type { ModelCallOutput } from './modelCall.machine.js';
import {
  callModel,
  checkAnswer,
  checkPrompt,
  compactHistory,
  endSession,
  runToolBatch,
  startSession,
  type AbortAware,
  type CompactionOutput,
  type SessionActorInput,
  type SessionServices,
  type ToolBatchOutput,
} from './sessionActors.js';
import {
  beginTurn,
  continuationLimitMessage,
  continueWith,
  newPrompt,
  promptContent,
  promptResult,
  recordModelCall,
  recordToolResults,
  withStartContext,
  type PromptEnding,
  type SessionContext,
  type SessionLimits,
} from './sessionState.js';
import type { AgentEvent } from './types.js';

/** What a session machine starts from. */
export interface SessionMachineInput {
  services: SessionServices;
  limits: SessionLimits;
  /** `startup` (default), or `resume` with the transcript's history. */
  source?: SessionStartSource;
  history?: Content[];
}

/** What the session machine reacts to. */
export type SessionEvent =
  | { type: 'PROMPT'; id: number; text: string; signal?: AbortSignal }
  | { type: 'COMPACT' }
  | { type: 'CLEAR' }
  | { type: 'END'; reason: SessionEndReason };

/** A hook's message for the user, and the event it came from. */
interface HookMessageParams {
  eventName: string;
  message?: string;
}

function actorInput(context: SessionContext): SessionActorInput {
  return { services: context.services, history: context.history, promptSignal: context.prompt?.signal };
}

/** The two actions that end a prompt: record its result, then report it. */
function finish(ending: PromptEnding | ((args: { context: SessionContext; event: unknown }) => PromptEnding)) {
  return [
    { type: 'finishPrompt', params: (args: { context: SessionContext; event: unknown }) => (typeof ending === 'function' ? ending(args) : ending) },
    'reportPromptResult',
  ] as const;
}

function hookMessage(eventName: string) {
  return { type: 'reportHookMessage', params: ({ event }: { event: { output?: LifecycleHookResult } }) => ({ eventName, message: event.output?.systemMessage }) } as const;
}

function warnActor(what: string) {
  return { type: 'warnActorFailed', params: ({ event }: { event: { error?: unknown } }) => ({ what, error: event.error }) } as const;
}

/** HOOK-081, HOOK-203 and beyond: the session's states and transitions. */
export const sessionMachine = setup({
  types: {} as { context: SessionContext; input: SessionMachineInput; events: SessionEvent; output: { endReason: SessionEndReason } },
  actors: {
    fireSessionStart: fromPromise<SessionStartHookResult, SessionActorInput & { source: SessionStartSource }>(({ input, signal }) => startSession(input, signal)),
    fireBeforeAgent: fromPromise<BeforeAgentHookResult & AbortAware, SessionActorInput & { prompt: string }>(({ input, signal }) => checkPrompt(input, signal)),
    callModel: fromPromise<{ call: ModelCallOutput } & AbortAware, SessionActorInput>(({ input, signal }) => callModel(input, signal)),
    runToolBatch: fromPromise<ToolBatchOutput, Parameters<typeof runToolBatch>[0]>(({ input, signal }) => runToolBatch(input, signal)),
    fireAfterAgent: fromPromise<AfterAgentHookResult & AbortAware, Parameters<typeof checkAnswer>[0]>(({ input, signal }) => checkAnswer(input, signal)),
    compactHistory: fromPromise<CompactionOutput, SessionActorInput & { trigger: 'auto' | 'manual' }>(({ input, signal }) => compactHistory(input, signal)),
    fireSessionEnd: fromPromise<LifecycleHookResult, SessionActorInput & { reason: SessionEndReason }>(({ input, signal }) => endSession(input, signal)),
  },
  guards: {
    /** The prompt's signal aborted while the actor ran: its hooks were cancelled. */
    promptAborted: (_, params: AbortAware) => params.aborted === true,
    /** BeforeAgent `continue: false`: the session ends. */
    sessionStopRequested: (_, params: BeforeAgentHookResult) => params.stopped === true,
    /** BeforeAgent block / deny / exit 2: the prompt is refused. */
    promptBlocked: (_, params: BeforeAgentHookResult) => params.blocked,
    turnLimitReached: ({ context }) => (context.prompt?.turn ?? 0) >= context.limits.maxTurns,
    overTokenBudget: ({ context }) => needsCompaction(context.history, context.services.compaction),
    canCompact: ({ context }) => needsCompaction(context.history, { ...context.services.compaction, tokenBudget: 0 }),
    resumesTurn: ({ context }) => context.resumeTurn,
    modelCallAborted: (_, params: { call: ModelCallOutput } & AbortAware) => params.aborted === true || params.call.outcome === 'aborted',
    modelCallFailed: (_, params: { call: ModelCallOutput }) => params.call.outcome === 'failed',
    /** HOOK-040, 048, 058: a model hook asked the agent to stop. */
    modelCallStopped: (_, params: { call: ModelCallOutput }) => params.call.outcome === 'stopped',
    answerHasFunctionCalls: (_, params: { call: ModelCallOutput }) => responseFunctionCalls(params.call.response).length > 0,
    batchAborted: (_, params: ToolBatchOutput) => params.aborted === true,
    /** HOOK-020, 028: a tool hook stopped the agent during the batch. */
    batchStopped: (_, params: ToolBatchOutput) => params.stopReason !== undefined,
    /** AfterAgent `continue: false` (it wins over a block): the session ends. */
    stopHookEndsSession: (_, params: AfterAgentHookResult) => params.stopped === true,
    continuationRequested: ({ context }, params: AfterAgentHookResult) =>
      params.continueRequested && (context.prompt?.continuations ?? 0) < context.limits.maxContinuations,
    continuationRefused: (_, params: AfterAgentHookResult) => params.continueRequested,
  },
  actions: {
    startPrompt: assign({ prompt: (_, params: { id: number; text: string; signal?: AbortSignal }) => newPrompt(params.id, params.text, params.signal) }),
    acceptPrompt: assign({ history: ({ context }, params: { additionalContext?: string }) => [...context.history, promptContent(context.prompt!.text, params.additionalContext)] }),
    beginTurn: assign(({ context }) => beginTurn(context)),
    recordModelCall: assign(({ context }, params: { call: ModelCallOutput }) => recordModelCall(context, params.call)),
    recordToolResults: assign(({ context }, params: ToolBatchOutput) => recordToolResults(context, params.outcomes)),
    continueWithReason: assign(({ context }, params: { reason: string }) => continueWith(context, params.reason)),
    finishPrompt: assign(({ context }, params: PromptEnding) => ({
      lastResult: { promptId: context.prompt?.id ?? -1, result: promptResult(context, params) },
      prompt: undefined,
    })),
    applyStartContext: assign(({ context }, params: SessionStartHookResult) => ({ history: withStartContext(context.history, params.additionalContext), resumeTurn: false })),
    applyCompaction: assign((_, params: CompactionOutput) => ({ history: params.history, lastCompaction: params.report, startSource: 'compact' as const })),
    requestCompaction: assign((_, params: { trigger: 'auto' | 'manual' }) => ({ compactionTrigger: params.trigger, resumeTurn: params.trigger === 'auto' })),
    clearHistory: assign({ history: () => [], startSource: 'clear' as const, lastCompaction: undefined }),
    setEndReason: assign({ endReason: (_, params: { reason: SessionEndReason }) => params.reason }),
    endResumedTurn: assign({ resumeTurn: false }),
    /** Progress for the host: one named action for every event the session reports. */
    report: ({ context }, params: AgentEvent) => context.services.emit(params),
    reportPromptResult: ({ context }) => {
      if (context.lastResult) context.services.emit({ type: 'done', result: context.lastResult.result });
    },
    reportModelResponse: ({ context }) => {
      const prompt = context.prompt!;
      const call = prompt.lastCall!;
      if (call.outcome === 'blocked') context.services.emit({ type: 'model_blocked', turn: prompt.turn, reason: call.blockReason ?? DEFAULT_BLOCK_REASON });
      context.services.emit({
        type: 'model_response',
        turn: prompt.turn,
        text: prompt.finalText,
        functionCalls: prompt.functionCalls.map((functionCall) => functionCall.request),
        suppressDisplay: call.suppressDisplay === true,
      });
    },
    reportToolResults: ({ context }, params: ToolBatchOutput) => {
      for (const outcome of params.outcomes) context.services.emit({ type: 'tool_result', turn: context.prompt!.turn, outcome });
    },
    /** Gemini CLI shows a lifecycle hook's `systemMessage` to the user. */
    reportHookMessage: ({ context }, params: HookMessageParams) => {
      if (params.message) context.services.emit({ type: 'hook_message', eventName: params.eventName, message: params.message });
    },
    /** Fail-open: an actor that could not run leaves the session going, with a warning naming what failed. */
    warnActorFailed: ({ context }, params: { what: string; error: unknown }) => {
      context.services.config.getDebugLogger().child('session').warn(`${params.what} could not run; continuing without it: ${toError(params.error).message}`);
    },
    warnSessionEndTimedOut: ({ context }, params: { reason: SessionEndReason }) => {
      context.services.config
        .getDebugLogger()
        .child('session')
        .warn(`SessionEnd hooks (reason "${params.reason}") did not finish within ${context.limits.sessionEndTimeoutMs} ms and were cancelled`);
    },
  },
  delays: {
    /** SessionEnd hooks get a short, bounded time. */
    sessionEndTimeout: ({ context }) => context.limits.sessionEndTimeoutMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    services: input.services,
    limits: input.limits,
    history: input.history ?? [],
    startSource: input.source ?? 'startup',
    resumeTurn: false,
    compactionTrigger: 'auto',
    endReason: 'exit',
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'SessionStart (startup, resume, clear, compact): its additionalContext joins the history.',
      invoke: {
        id: 'sessionStart',
        src: 'fireSessionStart',
        input: ({ context }) => ({ ...actorInput(context), source: context.startSource }),
        onDone: [
          {
            guard: 'resumesTurn',
            target: 'turn.callingModel',
            actions: [{ type: 'applyStartContext', params: ({ event }) => event.output }, hookMessage('SessionStart')],
          },
          { target: 'idle', actions: [{ type: 'applyStartContext', params: ({ event }) => event.output }, hookMessage('SessionStart')] },
        ],
        onError: [
          { guard: 'resumesTurn', target: 'turn.callingModel', actions: [warnActor('SessionStart hook'), 'endResumedTurn'] },
          { target: 'idle', actions: warnActor('SessionStart hook') },
        ],
      },
      exit: { type: 'report', params: ({ context }) => ({ type: 'session_start', source: context.startSource, transcriptPath: context.services.transcript.path }) },
    },
    idle: {
      description: 'Waiting for the next prompt.',
      on: {
        PROMPT: { target: 'beforeAgent', actions: { type: 'startPrompt', params: ({ event }) => event } },
        COMPACT: { guard: 'canCompact', target: 'compacting', actions: { type: 'requestCompaction', params: { trigger: 'manual' } } },
        CLEAR: { target: 'clearing' },
        END: { target: 'ending', actions: { type: 'setEndReason', params: ({ event }) => event } },
      },
    },
    beforeAgent: {
      description: 'BeforeAgent / UserPromptSubmit: block refuses the prompt, continue:false ends the session, context joins the prompt.',
      invoke: {
        id: 'beforeAgent',
        src: 'fireBeforeAgent',
        input: ({ context }) => ({ ...actorInput(context), prompt: context.prompt!.text }),
        onDone: [
          { guard: { type: 'promptAborted', params: ({ event }) => event.output }, target: 'idle', actions: finish({ status: 'aborted' }) },
          {
            guard: { type: 'sessionStopRequested', params: ({ event }) => event.output },
            target: 'ending',
            actions: [
              hookMessage('BeforeAgent'),
              { type: 'acceptPrompt', params: {} },
              ...finish(({ event }) => ({ status: 'stopped', stopReason: (event as { output: BeforeAgentHookResult }).output.stopReason, sessionEnded: true })),
              { type: 'setEndReason', params: { reason: 'other' } },
            ],
          },
          {
            guard: { type: 'promptBlocked', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              hookMessage('BeforeAgent'),
              { type: 'report', params: ({ event }) => ({ type: 'prompt_blocked', reason: event.output.reason ?? DEFAULT_BLOCK_REASON }) },
              ...finish(({ event }) => ({ status: 'blocked', blockReason: (event as { output: BeforeAgentHookResult }).output.reason ?? DEFAULT_BLOCK_REASON })),
            ],
          },
          { target: 'turn', actions: [hookMessage('BeforeAgent'), { type: 'acceptPrompt', params: ({ event }) => ({ additionalContext: event.output.additionalContext }) }] },
        ],
        onError: { target: 'turn', actions: [warnActor('BeforeAgent hook'), { type: 'acceptPrompt', params: {} }] },
      },
    },
    turn: {
      description: 'One model call (the modelCall machine), then its tool calls (the scheduler), until the model answers without calls.',
      initial: 'checkingLimits',
      states: {
        checkingLimits: {
          always: [
            { guard: 'turnLimitReached', target: '#session.idle', actions: finish({ status: 'max_turns' }) },
            { guard: 'overTokenBudget', target: '#session.compacting', actions: { type: 'requestCompaction', params: { trigger: 'auto' } } },
            { target: 'callingModel' },
          ],
        },
        callingModel: {
          entry: ['beginTurn', { type: 'report', params: ({ context }) => ({ type: 'turn_start', turn: context.prompt!.turn }) }],
          invoke: {
            id: 'callModel',
            src: 'callModel',
            input: ({ context }) => actorInput(context),
            onDone: [
              { guard: { type: 'modelCallAborted', params: ({ event }) => event.output }, target: '#session.idle', actions: finish({ status: 'aborted' }) },
              {
                guard: { type: 'modelCallFailed', params: ({ event }) => event.output },
                target: '#session.idle',
                actions: [
                  { type: 'report', params: ({ context, event }) => ({ type: 'error', turn: context.prompt!.turn, message: failureMessage(event.output.call) }) },
                  ...finish(({ event }) => ({ status: 'error', errorMessage: failureMessage((event as { output: { call: ModelCallOutput } }).output.call) })),
                ],
              },
              {
                guard: { type: 'modelCallStopped', params: ({ event }) => event.output },
                target: '#session.idle',
                actions: [
                  { type: 'recordModelCall', params: ({ event }) => event.output },
                  { type: 'report', params: ({ context, event }) => ({ type: 'stopped', turn: context.prompt!.turn, reason: event.output.call.stopReason ?? '' }) },
                  ...finish(({ event }) => ({ status: 'stopped', stopReason: (event as { output: { call: ModelCallOutput } }).output.call.stopReason ?? '' })),
                ],
              },
              {
                guard: { type: 'answerHasFunctionCalls', params: ({ event }) => event.output },
                target: 'runningTools',
                actions: [{ type: 'recordModelCall', params: ({ event }) => event.output }, 'reportModelResponse'],
              },
              { target: '#session.stopCheck', actions: [{ type: 'recordModelCall', params: ({ event }) => event.output }, 'reportModelResponse'] },
            ],
            onError: {
              target: '#session.idle',
              actions: [
                { type: 'report', params: ({ context, event }) => ({ type: 'error', turn: context.prompt!.turn, message: toError(event.error).message }) },
                ...finish(({ event }) => ({ status: 'error', errorMessage: toError((event as { error: unknown }).error).message })),
              ],
            },
          },
        },
        runningTools: {
          invoke: {
            id: 'toolBatch',
            src: 'runToolBatch',
            input: ({ context }) => ({ ...actorInput(context), request: context.prompt!.lastCall!.request, functionCalls: context.prompt!.functionCalls }),
            onDone: [
              {
                guard: { type: 'batchAborted', params: ({ event }) => event.output },
                target: '#session.idle',
                actions: [{ type: 'recordToolResults', params: ({ event }) => event.output }, { type: 'reportToolResults', params: ({ event }) => event.output }, ...finish({ status: 'aborted' })],
              },
              {
                guard: { type: 'batchStopped', params: ({ event }) => event.output },
                target: '#session.idle',
                actions: [
                  { type: 'recordToolResults', params: ({ event }) => event.output },
                  { type: 'reportToolResults', params: ({ event }) => event.output },
                  { type: 'report', params: ({ context, event }) => ({ type: 'stopped', turn: context.prompt!.turn, reason: event.output.stopReason ?? '' }) },
                  ...finish(({ event }) => ({ status: 'stopped', stopReason: (event as { output: ToolBatchOutput }).output.stopReason })),
                ],
              },
              {
                target: 'checkingLimits',
                actions: [{ type: 'recordToolResults', params: ({ event }) => event.output }, { type: 'reportToolResults', params: ({ event }) => event.output }],
              },
            ],
            onError: {
              target: '#session.idle',
              actions: [
                { type: 'report', params: ({ context, event }) => ({ type: 'error', turn: context.prompt!.turn, message: toError(event.error).message }) },
                ...finish(({ event }) => ({ status: 'error', errorMessage: toError((event as { error: unknown }).error).message })),
              ],
            },
          },
        },
      },
    },
    compacting: {
      description: 'PreCompress, then the older history is summarised or truncated (never splitting a call from its response).',
      invoke: {
        id: 'compaction',
        src: 'compactHistory',
        input: ({ context }) => ({ ...actorInput(context), trigger: context.compactionTrigger }),
        onDone: {
          target: 'starting',
          actions: [
            hookMessage('PreCompress'),
            { type: 'applyCompaction', params: ({ event }) => event.output },
            { type: 'report', params: ({ event }) => ({ type: 'compacted', ...event.output.report }) },
          ],
        },
        onError: [
          { guard: 'resumesTurn', target: 'turn.callingModel', actions: [warnActor('Compaction'), 'endResumedTurn'] },
          { target: 'idle', actions: warnActor('Compaction') },
        ],
      },
    },
    stopCheck: {
      description: 'AfterAgent / Stop: decision block + reason makes the agent go on (stop_hook_active, bounded); continue:false ends the session.',
      invoke: {
        id: 'afterAgent',
        src: 'fireAfterAgent',
        input: ({ context }) => ({
          ...actorInput(context),
          prompt: context.prompt!.text,
          response: context.prompt!.finalText,
          stopHookActive: context.prompt!.continuations > 0,
        }),
        onDone: [
          { guard: { type: 'promptAborted', params: ({ event }) => event.output }, target: 'idle', actions: finish({ status: 'aborted' }) },
          {
            guard: { type: 'stopHookEndsSession', params: ({ event }) => event.output },
            target: 'ending',
            actions: [
              hookMessage('AfterAgent'),
              ...finish(({ event }) => ({ status: 'stopped', stopReason: (event as { output: AfterAgentHookResult }).output.stopReason, sessionEnded: true })),
              { type: 'setEndReason', params: { reason: 'other' } },
            ],
          },
          {
            guard: { type: 'continuationRequested', params: ({ event }) => event.output },
            target: 'turn',
            actions: [
              hookMessage('AfterAgent'),
              { type: 'continueWithReason', params: ({ event }) => ({ reason: event.output.reason ?? DEFAULT_BLOCK_REASON }) },
              {
                type: 'report',
                params: ({ context, event }) => ({ type: 'continued', turn: context.prompt!.turn, reason: event.output.reason ?? DEFAULT_BLOCK_REASON, continuation: context.prompt!.continuations }),
              },
            ],
          },
          {
            guard: { type: 'continuationRefused', params: ({ event }) => event.output },
            target: 'idle',
            actions: [hookMessage('AfterAgent'), ...finish(({ context }) => ({ status: 'continuation_limit', stopReason: continuationLimitMessage(context.limits.maxContinuations) }))],
          },
          { target: 'idle', actions: [hookMessage('AfterAgent'), ...finish({ status: 'completed' })] },
        ],
        onError: { target: 'idle', actions: [warnActor('AfterAgent hook'), ...finish({ status: 'completed' })] },
      },
    },
    clearing: {
      description: 'SessionEnd (reason clear, bounded wait), then the history is cleared and the session starts again.',
      invoke: {
        id: 'sessionEndForClear',
        src: 'fireSessionEnd',
        input: ({ context }) => ({ ...actorInput(context), reason: 'clear' as const }),
        onDone: { target: 'starting', actions: [hookMessage('SessionEnd'), 'clearHistory'] },
        onError: { target: 'starting', actions: [warnActor('SessionEnd hook'), 'clearHistory'] },
      },
      after: { sessionEndTimeout: { target: 'starting', actions: [{ type: 'warnSessionEndTimedOut', params: { reason: 'clear' } }, 'clearHistory'] } },
    },
    ending: {
      description: 'SessionEnd with its reason; its hooks get a short, bounded time.',
      invoke: {
        id: 'sessionEnd',
        src: 'fireSessionEnd',
        input: ({ context }) => ({ ...actorInput(context), reason: context.endReason }),
        onDone: {
          target: 'done',
          actions: [hookMessage('SessionEnd'), { type: 'report', params: ({ context }) => ({ type: 'session_end', reason: context.endReason, timedOut: false }) }],
        },
        onError: {
          target: 'done',
          actions: [warnActor('SessionEnd hook'), { type: 'report', params: ({ context }) => ({ type: 'session_end', reason: context.endReason, timedOut: false }) }],
        },
      },
      after: {
        sessionEndTimeout: {
          target: 'done',
          actions: [
            { type: 'warnSessionEndTimedOut', params: ({ context }) => ({ reason: context.endReason }) },
            { type: 'report', params: ({ context }) => ({ type: 'session_end', reason: context.endReason, timedOut: true }) },
          ],
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ endReason: context.endReason }),
});

function failureMessage(call: ModelCallOutput): string {
  return call.error?.message ?? 'the model call failed';
}
