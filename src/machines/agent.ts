/**
 * The agent loop: prompt → model call (the modelCall machine) → the model's function calls through
 * one tool scheduler (one toolCall machine per call) → function responses → next model call, until
 * the model answers without calls, a hook stops the run, `maxTurns` is reached, the signal aborts,
 * or the model fails. Hook behaviour is the same in every mode: nothing here reads a TTY (HOOK-125).
 */
import type { Content } from '@google/genai';
import type { ContentGenerator } from '../contentGenerator.js';
import { toError } from '../errors.js';
import type { Config } from '../hooks/engine/config.js';
import { DEFAULT_BLOCK_REASON } from '../hooks/protocol/outputs.js';
import type { Tool } from '../tool.js';
import {
  buildModelRequest,
  disallowedCallOutcome,
  functionResponsePart,
  modelContentOf,
  systemMessageContent,
  toModelFunctionCalls,
  userContent,
  type ModelFunctionCall,
} from './agentHistory.js';
import { runModelCall, type ModelCallOutput } from './modelCall.machine.js';
import { isFunctionCallAllowed, responseFunctionCalls, responseText } from './modelCallActors.js';
import { createInspectionRecorder, type InspectionRecorder } from '../inspection/recorder.js';
import { excerptText } from '../inspection/records.js';
import { modelCallEndRecord } from './callRecords.js';
import { createToolScheduler, type ToolScheduler } from './scheduler.js';
import { createErrorResult } from '../hooks/protocol/toolHookEffects.js';
import { errorCallOutcome } from './toolCallActors.js';
import type { InspectOption } from '../inspection/recorder.js';
import type { AgentEvent, AgentRunResult, AgentRunStatus, ToolCallOutcome } from './types.js';

/** Default for {@link AgentOptions.maxTurns}. */
export const DEFAULT_MAX_TURNS = 25;

/** Options for {@link runAgent}. */
export interface AgentOptions {
  config: Config;
  generator: ContentGenerator;
  tools: Tool[];
  /** The model name sent in each request; default: the generator's name. */
  model?: string;
  systemInstruction?: string;
  /** Model calls allowed in one run; default {@link DEFAULT_MAX_TURNS}. */
  maxTurns?: number;
  /** Tool calls of one batch run at once; the scheduler's default when absent. */
  concurrency?: number;
  /** Records every machine's XState events, and the run's prompt, turns, model and tool calls and hooks (inspection/records.ts). */
  inspect?: InspectOption;
  /** Progress for a host or the CLI; a listener that throws is logged and ignored. */
  onEvent?: (event: AgentEvent) => void;
  /** Aborting ends the run with status `aborted`: hook processes are killed, the stream and tools aborted. */
  signal?: AbortSignal;
}

/** What the loop has gathered so far. */
interface RunState {
  turn: number;
  finalText: string;
  history: Content[];
  toolCalls: ToolCallOutcome[];
}

/**
 * HOOK-040, 048, 058, 125, 202: runs the agent loop to an end and resolves with how it ended. Never
 * rejects: a failing model or an unexpected error gives status `error` with the message.
 */
export async function runAgent(prompt: string, options: AgentOptions): Promise<AgentRunResult> {
  const state: RunState = { turn: 0, finalText: '', history: [userContent(prompt)], toolCalls: [] };
  const recorder = options.inspect ? createInspectionRecorder(options.inspect, options.config.getDebugLogger()) : undefined;
  const releaseHooks = recorder?.observeHooks(options.config);
  recorder?.record({ type: 'hookrail.session', time: Date.now(), event: 'prompt', sessionId: options.config.getSessionId(), prompt: excerptText(prompt) });
  const emit = recordingEmitter(createEmitter(options), recorder);
  const finish = (status: AgentRunStatus, details: { stopReason?: string; errorMessage?: string } = {}): AgentRunResult => {
    const result: AgentRunResult = {
      status,
      finalText: state.finalText,
      turns: state.turn,
      history: state.history,
      toolCalls: state.toolCalls,
      ...details,
    };
    emit({ type: 'done', result });
    releaseHooks?.();
    return result;
  };
  try {
    return await loop(state, options, emit, finish, recorder);
  } catch (error) {
    const message = toError(error).message;
    emit({ type: 'error', turn: state.turn, message });
    return finish('error', { errorMessage: message });
  }
}

type Emit = (event: AgentEvent) => void;
type Finish = (status: AgentRunStatus, details?: { stopReason?: string; errorMessage?: string }) => AgentRunResult;

async function loop(state: RunState, options: AgentOptions, emit: Emit, finish: Finish, recorder: InspectionRecorder | undefined): Promise<AgentRunResult> {
  const { config, generator, tools, signal } = options;
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const scheduler = createToolScheduler({
    config,
    tools,
    concurrency: options.concurrency,
    inspect: options.inspect,
    onUpdate: (update) => emit({ type: 'tool_update', turn: state.turn, update }),
  });
  let pendingSystemMessage: string | undefined;

  for (;;) {
    if (signal?.aborted) return finish('aborted');
    if (state.turn >= maxTurns) return finish('max_turns');
    state.turn += 1;
    emit({ type: 'turn_start', turn: state.turn });
    if (pendingSystemMessage !== undefined) {
      state.history.push(systemMessageContent(pendingSystemMessage));
      pendingSystemMessage = undefined;
    }
    const request = buildModelRequest({
      model: options.model ?? generator.name,
      history: state.history,
      tools,
      systemInstruction: options.systemInstruction,
    });
    const modelStartedAt = Date.now();
    let modelActorId: string | undefined;
    const call = await runModelCall({
      config,
      generator,
      request,
      signal,
      inspect: recorder?.inspect,
      onStart: (actorId) => {
        modelActorId = actorId;
        recorder?.record({ type: 'hookrail.model', phase: 'start', time: Date.now(), turn: state.turn, actorId, rootId: actorId, model: request.model });
      },
    });
    recorder?.record(
      modelCallEndRecord({
        output: call,
        actorId: modelActorId,
        turn: state.turn,
        model: request.model,
        startedAt: modelStartedAt,
        time: Date.now(),
        text: call.response ? responseText(call.response) : '',
        functionCalls: responseFunctionCalls(call.response).map((functionCall) => functionCall.name ?? ''),
      }),
    );

    if (call.outcome === 'aborted') return finish('aborted');
    if (call.outcome === 'failed') {
      const message = call.error?.message ?? 'the model call failed';
      emit({ type: 'error', turn: state.turn, message });
      return finish('error', { errorMessage: message });
    }
    const modelContent = modelContentOf(call.response);
    if (modelContent) state.history.push(modelContent);
    // A stop before any response keeps the previous turn's text as the run's last answer.
    if (call.response) state.finalText = responseText(call.response);
    if (call.outcome === 'stopped') return stop(state, call.stopReason ?? '', emit, finish);
    if (call.outcome === 'blocked') {
      emit({ type: 'model_blocked', turn: state.turn, reason: call.blockReason ?? DEFAULT_BLOCK_REASON });
    }

    const functionCalls = toModelFunctionCalls(responseFunctionCalls(call.response), state.turn);
    emit({
      type: 'model_response',
      turn: state.turn,
      text: state.finalText,
      functionCalls: functionCalls.map((functionCall) => functionCall.request),
      suppressDisplay: call.suppressDisplay === true,
    });
    if (functionCalls.length === 0) return finish('completed');
    pendingSystemMessage = call.systemMessage;

    const batch = await runTools(scheduler, call, functionCalls, signal);
    for (const outcome of batch.outcomes) {
      state.toolCalls.push(outcome);
      emit({ type: 'tool_result', turn: state.turn, outcome });
    }
    state.history.push({
      role: 'user',
      parts: batch.outcomes.map((outcome, position) => functionResponsePart(outcome, functionCalls[position]?.modelCallId)),
    });
    if (batch.stopReason !== undefined) return stop(state, batch.stopReason, emit, finish);
  }
}

function stop(state: RunState, reason: string, emit: Emit, finish: Finish): AgentRunResult {
  emit({ type: 'stopped', turn: state.turn, reason });
  return finish('stopped', { stopReason: reason });
}

/**
 * Schedules the calls the request allowed and answers the others with an error outcome (HOOK-057);
 * outcomes come back in the model's order.
 */
async function runTools(
  scheduler: ToolScheduler,
  call: ModelCallOutput,
  functionCalls: readonly ModelFunctionCall[],
  signal: AbortSignal | undefined,
): Promise<{ outcomes: ToolCallOutcome[]; stopReason?: string }> {
  const allowed = functionCalls.filter((functionCall) => isFunctionCallAllowed(call.request, functionCall.request.name));
  const batch =
    allowed.length > 0
      ? await scheduler.schedule(
          allowed.map((functionCall) => functionCall.request),
          signal,
        )
      : { results: [] };
  const scheduled = new Map(batch.results.map((outcome) => [outcome.callId, outcome]));
  const outcomes = functionCalls.map((functionCall) =>
    allowed.includes(functionCall)
      ? (scheduled.get(functionCall.request.callId) ?? missingOutcome(functionCall))
      : disallowedCallOutcome(functionCall.request),
  );
  return batch.stopped ? { outcomes, stopReason: batch.stopped.reason } : { outcomes };
}

/** A scheduled call the batch did not report; answered with an error so the model never loses a call. */
function missingOutcome(functionCall: ModelFunctionCall): ToolCallOutcome {
  const message = `Tool "${functionCall.request.name}" (call ${functionCall.request.callId}) produced no result`;
  return errorCallOutcome(functionCall.request, createErrorResult({ type: 'tool_missing_result', message }));
}

/** The emitter that also records the session's moments (turns, stop, error, end) as `hookrail.session` records. */
function recordingEmitter(emit: Emit, recorder: InspectionRecorder | undefined): Emit {
  if (!recorder?.recordsHookrailRecords) return emit;
  return (event) => {
    const time = Date.now();
    if (event.type === 'turn_start') recorder.record({ type: 'hookrail.session', time, event: 'turn', turn: event.turn });
    else if (event.type === 'stopped') recorder.record({ type: 'hookrail.session', time, event: 'stop', turn: event.turn, reason: excerptText(event.reason) });
    else if (event.type === 'error') recorder.record({ type: 'hookrail.session', time, event: 'error', turn: event.turn, reason: excerptText(event.message) });
    else if (event.type === 'done') {
      const { result } = event;
      const reason = result.stopReason ?? result.errorMessage;
      recorder.record({ type: 'hookrail.session', time, event: 'end', status: result.status, text: excerptText(result.finalText, 2_000), ...(reason !== undefined ? { reason: excerptText(reason) } : {}) });
    }
    emit(event);
  };
}

function createEmitter(options: AgentOptions): Emit {
  const listener = options.onEvent;
  if (!listener) return () => {};
  const logger = options.config.getDebugLogger().child('agent');
  return (event) => {
    try {
      listener(event);
    } catch (error) {
      logger.warn(`onEvent listener threw on a "${event.type}" event; ignored: ${toError(error).message}`);
    }
  };
}
