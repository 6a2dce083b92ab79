/**
 * The fires of a recorded run (`hookrail run --inspect FILE`), rebuilt from its `hookrail.hook`
 * records: the records of one fire share their event and their call (a tool call's id, else the
 * actor), a hook that runs again starts a new fire, and a fire's payload is read back into native
 * names from the first record's input (a Claude Code hook's input through the Claude reader). What
 * the recorded hooks decided is read by the same aggregator and decision logic a fire uses.
 */
import { fromClaudeInput } from '../hooks/dialects/claudePayload.js';
import { fireContextOf } from '../hooks/dialects/fireContext.js';
import { HookAggregator } from '../hooks/protocol/hookAggregator.js';
import { isHookEventName, type HookEventName } from '../hooks/protocol/events.js';
import type { HookConfig } from '../hooks/protocol/hookConfig.js';
import type { HookOutput } from '../hooks/protocol/outputs.js';
import type { HookExecutionResult } from '../hooks/protocol/results.js';
import type { HookRecord, InspectionLine } from '../inspection/records.js';
import { isPlainObject } from '../values.js';
import { decideFromAggregate, type FireDecision } from './fireDecision.js';
import type { FirePayload } from './firePayload.js';

/** One recorded fire. */
export interface RecordedFire {
  eventName: HookEventName;
  /** The tool call's id, for tool events. */
  callId?: string;
  /** The records of the hooks that ran, in the order they finished. */
  records: HookRecord[];
  /** The fire rebuilt: its native payload (base fields left out: the replay's own are used) and planner context. */
  fired: FirePayload;
  /** The transcript the hooks were given, when the recording names one. */
  transcriptPath?: string;
}

/** The base fields every fire fills in itself. */
const baseFields = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp'];

/** Groups a recording's hook records into fires, in recording order. Records of unknown events are skipped. */
export function recordedFires(records: readonly InspectionLine[]): RecordedFire[] {
  const fires: RecordedFire[] = [];
  const open = new Map<string, RecordedFire>();
  for (const record of records) {
    if (record.type !== 'hookrail.hook' || !isHookEventName(record.eventName)) continue;
    const eventName = record.eventName;
    const fields = nativeFields(record);
    const key = `${eventName}\u0000${record.callId ?? record.actorId ?? ''}\u0000${record.callId !== undefined ? '' : JSON.stringify(fields)}`;
    let fire = open.get(key);
    if (!fire || fire.records.some((earlier) => earlier.hookName === record.hookName)) {
      const payload = Object.fromEntries(Object.entries(fields).filter(([name]) => !baseFields.includes(name)));
      const context = fireContextOf(eventName, payload);
      const toolInput = isPlainObject(payload['tool_input']) ? payload['tool_input'] : undefined;
      fire = {
        eventName,
        records: [],
        fired: {
          payload,
          ...(context.toolName !== undefined ? { toolName: context.toolName } : {}),
          ...(record.callId !== undefined ? { toolCallId: record.callId } : {}),
          context: toolInput ? { ...context, toolInput } : context,
          inputs: toolInput ? { toolInput } : {},
        },
      };
      if (record.callId !== undefined) fire.callId = record.callId;
      const transcriptPath = isPlainObject(record.input) ? record.input['transcript_path'] : undefined;
      if (typeof transcriptPath === 'string' && transcriptPath !== '') fire.transcriptPath = transcriptPath;
      open.set(key, fire);
      fires.push(fire);
    }
    fire.records.push(record);
  }
  return fires;
}

/** What the recorded hooks decided: their recorded answers through the aggregator and the decision logic of a fire. */
export function recordedDecision(fire: RecordedFire): FireDecision {
  const results = fire.records
    .filter((record) => record.async !== true)
    .map((record) => toExecutionResult(record, fire.eventName));
  return decideFromAggregate(
    fire.eventName,
    new HookAggregator().aggregateResults(results, fire.eventName),
    fire.fired.inputs,
  );
}

/** A record's input in native names: a Claude Code hook's through the Claude reader, any other as recorded. */
function nativeFields(record: HookRecord): Record<string, unknown> {
  const input = isPlainObject(record.input) ? record.input : {};
  if (record.dialect === 'claude') return fromClaudeInput(input)?.fields ?? input;
  return input;
}

/** The runner's result a record stands for, as far as the aggregator reads it. */
function toExecutionResult(record: HookRecord, eventName: HookEventName): HookExecutionResult {
  const hookConfig = {
    type: record.hookType,
    name: record.hookName,
    ...(record.command !== undefined ? { command: record.command } : {}),
  } as unknown as HookConfig;
  const result: HookExecutionResult = { hookConfig, eventName, success: record.success, duration: record.durationMs };
  if (isPlainObject(record.output)) result.output = record.output as HookOutput;
  if (record.stderr !== undefined) result.stderr = record.stderr;
  if (record.exitCode !== undefined) result.exitCode = record.exitCode;
  if (record.signal !== undefined) result.signal = record.signal;
  if (record.timedOut) result.timedOut = true;
  if (record.failedClosed) result.failedClosed = true;
  return result;
}
