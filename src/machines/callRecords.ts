/**
 * The `hookrail.call` and `hookrail.model` records (inspection/records.ts) of the machines' calls:
 * a tool call's start and end with its arguments and outcome, and a model call's end with its
 * answer. Built here, where the machines' outcome types live; written by the scheduler and the agent.
 */
import type { InspectionRecorder } from '../inspection/recorder.js';
import {
  excerptText,
  limitRecordValue,
  type CallRecord,
  type CallRecordOutcome,
  type ModelRecord,
} from '../inspection/records.js';
import type { ToolCallRequest } from '../tool.js';
import type { ModelCallOutput } from './modelCall.machine.js';
import type { ToolCallContext } from './toolCall.machine.js';
import type { ToolCallState } from './types.js';

/** What {@link recordToolCallState} needs about the state a call entered. */
export interface ToolCallStateRecordOptions {
  recorder: InspectionRecorder;
  actorId: string;
  context: ToolCallContext;
  state: ToolCallState;
  /** When the call started, once its start record was written. */
  startedAt: number | undefined;
}

/**
 * Writes a call's start record when it leaves `idle` and its end record once it has an outcome
 * (`buffered`, or `cancelled` without passing through `buffered`); returns when it started.
 */
export function recordToolCallState(options: ToolCallStateRecordOptions): number | undefined {
  const { recorder, actorId, context, state } = options;
  let startedAt = options.startedAt;
  const now = Date.now();
  if (state === 'idle' || state === 'published') return startedAt;
  if (startedAt === undefined && state !== 'cancelled') {
    recorder.record(toolCallStartRecord(context.request, actorId, now));
    startedAt = now;
  }
  if (state === 'buffered' || state === 'cancelled')
    recorder.record(toolCallEndRecord(context, actorId, startedAt ?? now, now));
  return startedAt;
}

/** A tool call leaving `idle`: the arguments the model asked for. */
export function toolCallStartRecord(request: ToolCallRequest, actorId: string, time: number): CallRecord {
  return {
    type: 'hookrail.call',
    phase: 'start',
    time,
    callId: request.callId,
    toolName: request.name,
    actorId,
    rootId: actorId,
    args: limitRecordValue(request.args) as Record<string, unknown>,
  };
}

/** A tool call with its outcome (buffered or cancelled): arguments as executed, result excerpt, duration. */
export function toolCallEndRecord(
  context: ToolCallContext,
  actorId: string,
  startedAt: number,
  time: number,
): CallRecord {
  const { request, result } = context;
  const record: CallRecord = {
    type: 'hookrail.call',
    phase: 'end',
    time,
    callId: request.callId,
    toolName: request.name,
    actorId,
    rootId: actorId,
    args: limitRecordValue(context.args) as Record<string, unknown>,
    requestedArgs: limitRecordValue(request.args) as Record<string, unknown>,
    outcome: callOutcomeOf(context),
    durationMs: time - startedAt,
  };
  if (result) record.result = excerptText(result.llmContent, 2_000);
  if (result?.replacedContent !== undefined) record.originalResult = excerptText(result.replacedContent, 2_000);
  if (result?.error) record.error = excerptText(result.error.message, 2_000);
  if (context.stopReason !== undefined) record.stopReason = context.stopReason;
  if (context.asked) {
    const { reason, hookNames, decision, answeredBy, decisionReason } = context.asked;
    record.ask = {
      reason: excerptText(reason, 2_000),
      hookNames: [...hookNames],
      decision,
      answeredBy,
      ...(decisionReason !== undefined ? { decisionReason } : {}),
    };
  }
  return record;
}

/**
 * The report's outcome: the machine's, with a success that ran because the user allowed a hook's
 * ask shown as `asked`, and a success whose output a hook hid as `suppressed`. A denied ask stays
 * `blocked` (its `ask` field says why).
 */
export function callOutcomeOf(context: Pick<ToolCallContext, 'outcome' | 'result' | 'asked'>): CallRecordOutcome {
  const outcome = context.outcome ?? 'cancelled';
  if (outcome !== 'success') return outcome;
  if (context.asked !== undefined) return 'asked';
  return context.result?.suppressDisplay === true ? 'suppressed' : outcome;
}

/** What the model call's end record needs besides its output. */
export interface ModelEndRecordOptions {
  output: ModelCallOutput;
  actorId: string | undefined;
  turn: number;
  model: string;
  startedAt: number;
  time: number;
  /** The answer's text and the tools it asked for (the agent has already read them). */
  text: string;
  functionCalls: readonly string[];
}

/** A finished model call: outcome, answer text, the tools it asked for, the block / stop / failure reason. */
export function modelCallEndRecord(options: ModelEndRecordOptions): ModelRecord {
  const { output } = options;
  const record: ModelRecord = {
    type: 'hookrail.model',
    phase: 'end',
    time: options.time,
    turn: options.turn,
    model: options.model,
    outcome: output.outcome,
    durationMs: options.time - options.startedAt,
    text: excerptText(options.text, 2_000),
    functionCalls: [...options.functionCalls],
  };
  if (options.actorId !== undefined) {
    record.actorId = options.actorId;
    record.rootId = options.actorId;
  }
  const reason = output.blockReason ?? output.stopReason ?? output.error?.message;
  if (reason !== undefined) record.reason = excerptText(reason, 2_000);
  return record;
}
