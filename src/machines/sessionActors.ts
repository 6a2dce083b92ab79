/**
 * The work the session machine's invoked actors do, as plain functions testable alone: fire the
 * lifecycle hooks through their triggers, run one model call through the modelCall machine, run a
 * batch of tool calls through the scheduler (the compaction is sessionCompaction.ts). Each
 * writes the history to the transcript before any hook fires, so a hook reading `transcript_path`
 * sees everything up to its own event. None of them throws for a hook's failure.
 */
import type { Content } from '@google/genai';
import type { ContentGenerator } from '../contentGenerator.js';
import { toError } from '../errors.js';
import type { Config } from '../hooks/engine/config.js';
import type { HookSession } from '../hooks/protocol/hookConfig.js';
import { firePostToolBatchHook, POST_TOOL_BATCH_EVENT } from '../hooks/triggers/toolBatchTrigger.js';
import { killLeftoverProcesses } from '../hooks/actions/processGroupRegistry.js';
import {
  fireAfterAgentHook,
  fireBeforeAgentHook,
  fireSessionEndHook,
  fireSessionStartHook,
  fireStopFailureHook,
  type AfterAgentHookResult,
  type BeforeAgentHookResult,
  type LifecycleHookResult,
  type SessionEndReason,
  type SessionStartHookResult,
  type SessionStartSource,
} from '../hooks/triggers/lifecycleHookTriggers.js';
import type { InspectionListener, InspectionRecorder } from '../inspection/recorder.js';
import type { TranscriptWriter } from '../adapters/transcript.js';
import type { Tool } from '../tool.js';
import { buildModelRequest, disallowedCallOutcome, type ModelFunctionCall } from './agentHistory.js';
import type { CompactionSettings } from './historyCompaction.js';
import { runModelCall, type ModelCallOutput } from './modelCall.machine.js';
import { isFunctionCallAllowed, responseFunctionCalls, responseText } from './modelCallActors.js';
import { modelCallEndRecord } from './callRecords.js';
import type { ToolScheduler } from './scheduler.js';
import { createErrorResult } from '../hooks/protocol/toolHookEffects.js';
import { errorCallOutcome } from './toolCallActors.js';
import type { AgentEvent, ToolCallOutcome } from './types.js';

/** Everything a session's actors use, fixed for the session's life. */
export interface SessionServices {
  config: Config;
  /** The session as its hooks are told (id, transcript): every fire of the session carries it. */
  session: HookSession;
  generator: ContentGenerator;
  tools: readonly Tool[];
  scheduler: ToolScheduler;
  transcript: TranscriptWriter;
  /** The model name sent in each request. */
  model: string;
  systemInstruction?: string;
  compaction: CompactionSettings;
  /** Writes compaction summaries; default the session's generator. */
  summaryGenerator: ContentGenerator;
  inspect?: InspectionListener;
  /** Writes the model calls' `hookrail.model` records (inspection/records.ts). */
  recorder?: InspectionRecorder;
  /** The turn being answered (for the records). */
  currentTurn?: () => number;
  /** Progress for the host; never throws. */
  emit: (event: AgentEvent) => void;
  /**
   * A hook's `continue: false` on BeforeAgent or AfterAgent ends the whole session (SessionEnd fires)
   * instead of the prompt alone, as Gemini CLI and Claude Code do. Default false.
   */
  stopEndsSession?: boolean;
}

/** What every actor gets: the services, the history so far, and the prompt's abort signal. */
export interface SessionActorInput {
  services: SessionServices;
  history: readonly Content[];
  /** The signal of the prompt being answered; aborting it cancels hooks, the model and tools. */
  promptSignal?: AbortSignal;
}

/** Marks an output produced while the prompt's signal was aborted (its hooks were cancelled). */
export interface AbortAware {
  aborted?: boolean;
}

/** Marks a BeforeAgent or AfterAgent stop that ends the session, not only the prompt. */
export interface SessionStopAware {
  endsSession?: boolean;
}

function sessionStopMark(services: SessionServices, result: { stopped?: boolean }): SessionStopAware {
  return result.stopped === true && services.stopEndsSession === true ? { endsSession: true } : {};
}

/** An actor's own signal, aborted too when the prompt's is. */
export function combinedSignal(signal: AbortSignal, promptSignal: AbortSignal | undefined): AbortSignal {
  return promptSignal ? AbortSignal.any([signal, promptSignal]) : signal;
}

function abortMark(promptSignal: AbortSignal | undefined): AbortAware {
  return promptSignal?.aborted ? { aborted: true } : {};
}

/** SessionStart with its source; a clear starts a new transcript segment first. */
export async function startSession(
  input: SessionActorInput & { source: SessionStartSource },
  signal: AbortSignal,
): Promise<SessionStartHookResult> {
  if (input.source === 'clear')
    input.services.transcript.restart({ subtype: 'clear_boundary', history: input.history });
  else input.services.transcript.sync(input.history);
  return fireSessionStartHook(input.services.config, input.source, { signal, session: input.services.session });
}

/** BeforeAgent (UserPromptSubmit) on the prompt the user typed. */
export async function checkPrompt(
  input: SessionActorInput & { prompt: string },
  signal: AbortSignal,
): Promise<BeforeAgentHookResult & AbortAware & SessionStopAware> {
  input.services.transcript.sync(input.history);
  const result = await fireBeforeAgentHook(input.services.config, input.prompt, {
    signal: combinedSignal(signal, input.promptSignal),
    session: input.services.session,
  });
  return { ...result, ...sessionStopMark(input.services, result), ...abortMark(input.promptSignal) };
}

/** What the prompt being answered has so far: Claude Code's StopFailure hooks are told it when a model error ends the turn. */
export interface CallModelInput extends SessionActorInput {
  prompt?: string;
  response?: string;
}

/**
 * One model call on the history, through the modelCall machine (BeforeToolSelection, BeforeModel,
 * AfterModel). A model error fires Claude Code's StopFailure hooks before the prompt ends.
 */
export async function callModel(
  input: CallModelInput,
  signal: AbortSignal,
): Promise<{ call: ModelCallOutput } & AbortAware> {
  const { services } = input;
  services.transcript.sync(input.history);
  const request = buildModelRequest({
    model: services.model,
    history: input.history,
    tools: services.tools,
    systemInstruction: services.systemInstruction,
  });
  const recorder = services.recorder?.recordsHookrailRecords ? services.recorder : undefined;
  const turn = services.currentTurn?.() ?? 0;
  const startedAt = Date.now();
  let actorId: string | undefined;
  const call = await runModelCall({
    config: services.config,
    session: services.session,
    generator: services.generator,
    request,
    signal: combinedSignal(signal, input.promptSignal),
    inspect: services.inspect,
    onStart: (id) => {
      actorId = id;
      recorder?.record({
        type: 'hookrail.model',
        phase: 'start',
        time: Date.now(),
        turn,
        actorId: id,
        rootId: id,
        model: request.model,
      });
    },
  });
  if (recorder) {
    const text = call.response ? responseText(call.response) : '';
    const functionCalls = responseFunctionCalls(call.response).map((functionCall) => functionCall.name ?? '');
    recorder.record(
      modelCallEndRecord({
        output: call,
        actorId,
        turn,
        model: request.model ?? services.model,
        startedAt,
        time: Date.now(),
        text,
        functionCalls,
      }),
    );
  }
  if (call.outcome === 'failed' && !input.promptSignal?.aborted) {
    const error = call.error ?? new Error('the model call failed');
    await fireStopFailureHook(
      services.config,
      { prompt: input.prompt ?? '', promptResponse: input.response ?? '', error },
      { signal: combinedSignal(signal, input.promptSignal), session: services.session },
    );
  }
  return { call, ...abortMark(input.promptSignal) };
}

/** What a tool batch produced, in the model's order. */
export interface ToolBatchOutput extends AbortAware {
  outcomes: ToolCallOutcome[];
  /** A hook stopped the agent during the batch (HOOK-020, 028), or a PostToolBatch hook after it. */
  stopReason?: string;
  /** Claude Code's PostToolBatch `additionalContext`: joins the history after the results, for the next model call. */
  batchContext?: string;
}

/**
 * Schedules the calls the request allowed and answers the others with an error outcome (HOOK-057);
 * no call is lost: one the batch did not report is answered with an error.
 */
export async function runToolBatch(
  input: SessionActorInput & { request: ModelCallOutput['request']; functionCalls: readonly ModelFunctionCall[] },
  signal: AbortSignal,
): Promise<ToolBatchOutput> {
  input.services.transcript.sync(input.history);
  const allowed = input.functionCalls.filter((functionCall) =>
    isFunctionCallAllowed(input.request, functionCall.request.name),
  );
  const batch =
    allowed.length > 0
      ? await input.services.scheduler.schedule(
          allowed.map((functionCall) => functionCall.request),
          combinedSignal(signal, input.promptSignal),
        )
      : { results: [] };
  const scheduled = new Map(batch.results.map((outcome) => [outcome.callId, outcome]));
  const outcomes = input.functionCalls.map((functionCall) =>
    allowed.includes(functionCall)
      ? (scheduled.get(functionCall.request.callId) ?? missingOutcome(functionCall))
      : disallowedCallOutcome(functionCall.request),
  );
  if (batch.stopped) return { outcomes, stopReason: batch.stopped.reason, ...abortMark(input.promptSignal) };
  if (signal.aborted || input.promptSignal?.aborted) return { outcomes, ...abortMark(input.promptSignal) };
  return { outcomes, ...(await afterBatch(input, outcomes, signal)), ...abortMark(input.promptSignal) };
}

/** Claude Code's PostToolBatch once the batch has resolved: its context for the next model call, or its stop. */
async function afterBatch(
  input: SessionActorInput,
  outcomes: readonly ToolCallOutcome[],
  signal: AbortSignal,
): Promise<Pick<ToolBatchOutput, 'stopReason' | 'batchContext'>> {
  const { services } = input;
  const calls = outcomes.map((outcome) => ({
    toolName: outcome.name,
    toolInput: outcome.args,
    callId: outcome.callId,
    toolResponse: outcome.result.llmContent,
  }));
  const result = await firePostToolBatchHook(services.config, calls, {
    signal: combinedSignal(signal, input.promptSignal),
    session: services.session,
  });
  if (result.systemMessage)
    services.emit({ type: 'hook_message', eventName: POST_TOOL_BATCH_EVENT, message: result.systemMessage });
  if (result.stopped) return { stopReason: result.stopReason ?? '' };
  return result.additionalContext ? { batchContext: result.additionalContext } : {};
}

function missingOutcome(functionCall: ModelFunctionCall): ToolCallOutcome {
  const message = `Tool "${functionCall.request.name}" (call ${functionCall.request.callId}) produced no result`;
  return errorCallOutcome(functionCall.request, createErrorResult({ type: 'tool_missing_result', message }));
}

/** AfterAgent (Stop) on the final answer; the transcript already holds that answer. */
export async function checkAnswer(
  input: SessionActorInput & { prompt: string; response: string; stopHookActive: boolean },
  signal: AbortSignal,
): Promise<AfterAgentHookResult & AbortAware & SessionStopAware> {
  input.services.transcript.sync(input.history);
  const result = await fireAfterAgentHook(
    input.services.config,
    { prompt: input.prompt, promptResponse: input.response, stopHookActive: input.stopHookActive },
    { signal: combinedSignal(signal, input.promptSignal), session: input.services.session },
  );
  return { ...result, ...sessionStopMark(input.services, result), ...abortMark(input.promptSignal) };
}

/** SessionEnd with its reason; the machine bounds the wait and the signal kills what is left. */
export async function endSession(
  input: SessionActorInput & { reason: SessionEndReason },
  signal: AbortSignal,
): Promise<LifecycleHookResult> {
  input.services.transcript.sync(input.history);
  return fireSessionEndHook(input.services.config, input.reason, { signal, session: input.services.session });
}

/**
 * /clear ends the session, so what its hooks left running in their process groups is killed as at
 * `end()` (only this session's: other sessions on the Config keep theirs). SIGTERM goes out at once, to
 * the groups left over at this moment — before SessionStart (`clear`) runs hooks whose leftovers belong
 * to the session after the clear; SIGKILL follows after the grace without holding up the machine. A
 * failure is logged, never thrown.
 */
export function killClearedSessionLeftovers(services: Pick<SessionServices, 'config' | 'session'>): void {
  const { config } = services;
  const warn = (error: unknown): void => {
    try {
      config
        .getDebugLogger()
        .child('session')
        .warn(`the processes left by the cleared session's hooks could not be killed: ${toError(error).message}`);
    } catch {
      // A broken logger must not break the clear.
    }
  };
  try {
    killLeftoverProcesses({ owner: services.session.sessionId }).catch(warn);
  } catch (error) {
    warn(error);
  }
}
