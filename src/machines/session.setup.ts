/**
 * The named implementations behind the session machine (session.machine.ts): invoked actors that
 * call the plain functions of sessionActors.ts, guards on the actors' outputs and the context, the
 * `assign`s of sessionState.ts, progress reports and warnings, and the bounded SessionEnd delay.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Content } from '@google/genai';
import { toError } from '../errors.js';
import type {
  AfterAgentHookResult,
  BeforeAgentHookResult,
  LifecycleHookResult,
  SessionEndReason,
  SessionStartHookResult,
  SessionStartSource,
} from '../hooks/triggers/lifecycleHookTriggers.js';
import { DEFAULT_BLOCK_REASON } from '../hooks/protocol/outputs.js';
import { needsCompaction } from './historyCompaction.js';
import { appendToHistory } from './historyTokens.js';
import type { ModelCallOutput } from './modelCall.machine.js';
import { responseFunctionCalls } from './modelCallActors.js';
import {
  callModel,
  checkAnswer,
  checkPrompt,
  endSession,
  killClearedSessionLeftovers,
  runToolBatch,
  startSession,
  type AbortAware,
  type CallModelInput,
  type SessionStopAware,
  type SessionActorInput,
  type SessionServices,
  type ToolBatchOutput,
} from './sessionActors.js';
import { compactHistory, type BlockedCompaction, type CompactionOutput } from './sessionCompaction.js';
import {
  beginTurn,
  continueWith,
  newPrompt,
  promptContent,
  promptResult,
  recordModelCall,
  recordToolResults,
  withHookContext,
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
export interface HookMessageParams {
  eventName: string;
  message?: string;
}

/**
 * The session machine's named implementations: its actors (sessionActors.ts), guards, actions and the
 * SessionEnd delay. Any of them can be swapped with `sessionMachine.provide()`.
 */
export const sessionSetup = setup({
  types: {} as {
    context: SessionContext;
    input: SessionMachineInput;
    events: SessionEvent;
    output: { endReason: SessionEndReason };
  },
  actors: {
    fireSessionStart: fromPromise<SessionStartHookResult, SessionActorInput & { source: SessionStartSource }>(
      ({ input, signal }) => startSession(input, signal),
    ),
    fireBeforeAgent: fromPromise<
      BeforeAgentHookResult & AbortAware & SessionStopAware,
      SessionActorInput & { prompt: string }
    >(({ input, signal }) => checkPrompt(input, signal)),
    callModel: fromPromise<{ call: ModelCallOutput } & AbortAware, CallModelInput>(({ input, signal }) =>
      callModel(input, signal),
    ),
    runToolBatch: fromPromise<ToolBatchOutput, Parameters<typeof runToolBatch>[0]>(({ input, signal }) =>
      runToolBatch(input, signal),
    ),
    fireAfterAgent: fromPromise<
      AfterAgentHookResult & AbortAware & SessionStopAware,
      Parameters<typeof checkAnswer>[0]
    >(({ input, signal }) => checkAnswer(input, signal)),
    compactHistory: fromPromise<
      CompactionOutput | BlockedCompaction,
      SessionActorInput & { trigger: 'auto' | 'manual' }
    >(({ input, signal }) => compactHistory(input, signal)),
    fireSessionEnd: fromPromise<LifecycleHookResult, SessionActorInput & { reason: SessionEndReason }>(
      ({ input, signal }) => endSession(input, signal),
    ),
  },
  guards: {
    /** The prompt's signal aborted while the actor ran: its hooks were cancelled. */
    promptAborted: (_, params: AbortAware) => params.aborted === true,
    /** BeforeAgent or AfterAgent `continue: false` in a session that a stop ends (`stopEndsSession`). */
    sessionStopRequested: (_, params: SessionStopAware) => params.endsSession === true,
    /** BeforeAgent or AfterAgent `continue: false`: the prompt ends, as in Gemini CLI and Claude Code. */
    promptStopRequested: (_, params: { stopped?: boolean }) => params.stopped === true,
    /** BeforeAgent block / deny / exit 2: the prompt is refused. */
    promptBlocked: (_, params: BeforeAgentHookResult) => params.blocked,
    /** Checked in `turn`, where a prompt is always being answered. */
    turnLimitReached: ({ context }) => context.prompt!.turn >= context.limits.maxTurns,
    overTokenBudget: ({ context }) =>
      context.prompt!.compactionBlocked !== true && needsCompaction(context.history, context.services.compaction),
    canCompact: ({ context }) => needsCompaction(context.history, { ...context.services.compaction, tokenBudget: 0 }),
    resumesTurn: ({ context }) => context.resumeTurn,
    modelCallAborted: (_, params: { call: ModelCallOutput } & AbortAware) =>
      params.aborted === true || params.call.outcome === 'aborted',
    modelCallFailed: (_, params: { call: ModelCallOutput }) => params.call.outcome === 'failed',
    /** HOOK-040, 048, 058: a model hook asked the agent to stop. */
    modelCallStopped: (_, params: { call: ModelCallOutput }) => params.call.outcome === 'stopped',
    answerHasFunctionCalls: (_, params: { call: ModelCallOutput }) =>
      responseFunctionCalls(params.call.response).length > 0,
    batchAborted: (_, params: ToolBatchOutput) => params.aborted === true,
    /** HOOK-020, 028: a tool hook stopped the agent during the batch. */
    batchStopped: (_, params: ToolBatchOutput) => params.stopReason !== undefined,
    /** A PreCompress (PreCompact) hook blocked the compaction. */
    compactionBlocked: (_, params: CompactionOutput | BlockedCompaction) => params.blocked === true,
    /** A blocked automatic compaction: the turn it interrupted goes on with the history as it is. */
    compactionBlockedInTurn: ({ context }, params: CompactionOutput | BlockedCompaction) =>
      params.blocked === true && context.resumeTurn,
    continuationRequested: ({ context }, params: AfterAgentHookResult) =>
      params.continueRequested && context.prompt!.continuations < context.limits.maxContinuations,
    continuationRefused: (_, params: AfterAgentHookResult) => params.continueRequested,
  },
  actions: {
    startPrompt: assign({
      prompt: (_, params: { id: number; text: string; signal?: AbortSignal }) =>
        newPrompt(params.id, params.text, params.signal),
    }),
    acceptPrompt: assign({
      history: ({ context }, params: { additionalContext?: string }) =>
        appendToHistory(context.history, promptContent(context.prompt!.text, params.additionalContext)),
    }),
    beginTurn: assign(({ context }) => beginTurn(context)),
    recordModelCall: assign(({ context }, params: { call: ModelCallOutput }) => recordModelCall(context, params.call)),
    recordToolResults: assign(({ context }, params: ToolBatchOutput) =>
      recordToolResults(context, params.outcomes, params.batchContext),
    ),
    continueWithReason: assign(({ context }, params: { reason: string; additionalContext?: string }) =>
      continueWith(context, params.reason, params.additionalContext),
    ),
    /** Gemini CLI's AfterAgent `clearContext`: the conversation is wiped (no SessionEnd or SessionStart). */
    clearConversation: assign((_, params: { clear?: boolean }) =>
      params.clear ? { history: [], lastCompaction: undefined } : {},
    ),
    /** The transcript marks the wiped conversation with a clear boundary, as `clear()` does. */
    reportConversationCleared: ({ context }, params: { clear?: boolean }) => {
      if (!params.clear) return;
      context.services.transcript.restart({ subtype: 'clear_boundary', history: [] });
      context.services.emit({ type: 'context_cleared', turn: context.prompt!.turn });
    },
    /** An AfterAgent hook's context with an ending prompt joins the history: the model reads it with the next prompt. */
    keepStopContext: assign(({ context }, params: { additionalContext?: string }) => ({
      history: withHookContext(context.history, params.additionalContext, 'Stop'),
    })),
    markCompactionBlocked: assign(({ context }) =>
      context.prompt ? { prompt: { ...context.prompt, compactionBlocked: true } } : {},
    ),
    finishPrompt: assign(({ context }, params: PromptEnding) => ({
      lastResult: { promptId: context.prompt!.id, result: promptResult(context, params) },
      prompt: undefined,
    })),
    applyStartContext: assign(({ context }, params: SessionStartHookResult) => ({
      history: withHookContext(context.history, params.additionalContext, 'SessionStart'),
      resumeTurn: false,
    })),
    applyCompaction: assign((_, params: CompactionOutput | BlockedCompaction) =>
      params.blocked ? {} : { history: params.history, lastCompaction: params.report, startSource: 'compact' as const },
    ),
    requestCompaction: assign((_, params: { trigger: 'auto' | 'manual' }) => ({
      compactionTrigger: params.trigger,
      resumeTurn: params.trigger === 'auto',
    })),
    clearHistory: assign({ history: () => [], startSource: 'clear' as const, lastCompaction: undefined }),
    /** Leaving `clearing`, the cleared session's leftover hook processes are killed. */
    killClearedSessionLeftovers: ({ context }) => killClearedSessionLeftovers(context.services),
    setEndReason: assign({ endReason: (_, params: { reason: SessionEndReason }) => params.reason }),
    endResumedTurn: assign({ resumeTurn: false }),
    /** Progress for the host: one named action for every event the session reports. */
    report: ({ context }, params: AgentEvent) => context.services.emit(params),
    /** Follows `finishPrompt`, which has just recorded the result. */
    reportPromptResult: ({ context }) => context.services.emit({ type: 'done', result: context.lastResult!.result }),
    reportModelResponse: ({ context }) => {
      const prompt = context.prompt!;
      const call = prompt.lastCall!;
      if (call.outcome === 'blocked')
        context.services.emit({
          type: 'model_blocked',
          turn: prompt.turn,
          reason: call.blockReason ?? DEFAULT_BLOCK_REASON,
        });
      context.services.emit({
        type: 'model_response',
        turn: prompt.turn,
        text: prompt.finalText,
        functionCalls: prompt.functionCalls.map((functionCall) => functionCall.request),
        suppressDisplay: call.suppressDisplay === true,
      });
    },
    reportToolResults: ({ context }, params: ToolBatchOutput) => {
      for (const outcome of params.outcomes)
        context.services.emit({ type: 'tool_result', turn: context.prompt!.turn, outcome });
    },
    /** Gemini CLI shows a lifecycle hook's `systemMessage` to the user. */
    reportHookMessage: ({ context }, params: HookMessageParams) => {
      if (params.message)
        context.services.emit({ type: 'hook_message', eventName: params.eventName, message: params.message });
    },
    /** Fail-open: an actor that could not run leaves the session going, with a warning naming what failed. */
    warnActorFailed: ({ context }, params: { what: string; error: unknown }) => {
      context.services.config
        .getDebugLogger()
        .child('session')
        .warn(`${params.what} could not run; continuing without it: ${toError(params.error).message}`);
    },
    warnSessionEndTimedOut: ({ context }, params: { reason: SessionEndReason }) => {
      context.services.config
        .getDebugLogger()
        .child('session')
        .warn(
          `SessionEnd hooks (reason "${params.reason}") did not finish within ${context.limits.sessionEndTimeoutMs} ms and were cancelled`,
        );
    },
  },
  delays: {
    /** SessionEnd hooks get a short, bounded time. */
    sessionEndTimeout: ({ context }) => context.limits.sessionEndTimeoutMs,
  },
});
