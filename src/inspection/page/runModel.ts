/**
 * The report page's view of a run, built from its inspection records (records.ts): tool and model
 * calls with their machine paths and hook invocations, the other machines' runs (scheduler,
 * session), the session's moments, and a summary. Pure: no DOM, so the page, the live view and the
 * tests share it. Files holding only XState records (written before hookrail records existed) give
 * calls named by their actor, with the outcome their path shows.
 */
import type {
  CallRecord,
  HookRecord,
  InspectionLine,
  ModelRecord,
  RunRecord,
  SessionRecord,
  XStateRecord,
} from '../records.js';

/** One snapshot of a machine actor: the state it entered and the event that took it there. */
export interface MachineStep {
  time: number;
  eventType: string;
  value: unknown;
  status?: string;
}

/** A tool call or a model call, as one timeline row and its details. */
export interface CallView {
  /** Unique within the run: `tool:<callId>`, `model:<actorId>`, `actor:<actorId>`. */
  key: string;
  kind: 'tool' | 'model';
  /** The tool's name, or the model's. */
  name: string;
  machineId: string;
  callId?: string;
  actorId?: string;
  turn?: number;
  start: number;
  end?: number;
  /** A call or model outcome, `running` while it has none, `unknown` when the records do not say. */
  outcome: string;
  args?: Record<string, unknown>;
  requestedArgs?: Record<string, unknown>;
  result?: string;
  /** Tool calls: what the tool itself returned, when an AfterTool hook replaced it. */
  originalResult?: string;
  error?: string;
  stopReason?: string;
  /** A hook asked, and how the ask was settled. */
  ask?: CallRecord['ask'];
  /** Model calls: the answer's text, the tools it asked for, the block or stop reason. */
  text?: string;
  functionCalls?: string[];
  reason?: string;
  steps: MachineStep[];
  hooks: HookRecord[];
}

/** A machine actor that is not a call (the scheduler, the session machine). */
export interface MachineRunView {
  actorId: string;
  machineId: string;
  start: number;
  steps: MachineStep[];
}

/** Everything the page shows. */
export interface RunModel {
  header?: RunRecord;
  start: number;
  end: number;
  calls: CallView[];
  machineRuns: MachineRunView[];
  session: SessionRecord[];
  /** Hooks that belong to no call: lifecycle events (SessionStart, BeforeAgent, AfterAgent...). */
  sessionHooks: HookRecord[];
  hooks: HookRecord[];
  /** A session `end` record was seen. */
  finished: boolean;
  recordCount: number;
}

interface ActorTrack {
  actorId: string;
  rootId: string;
  machineId: string;
  created: number;
  steps: MachineStep[];
}

const callMachines = new Set(['toolCall', 'modelCall']);
const modelFinalStates: Record<string, string> = {
  done: 'completed',
  blocked: 'blocked',
  stopped: 'stopped',
  failed: 'failed',
  aborted: 'aborted',
};

/** Builds the page's view of a run from its records, in file order. */
export function buildRunModel(records: readonly InspectionLine[]): RunModel {
  const actors = new Map<string, ActorTrack>();
  const toolCalls = new Map<string, CallView>();
  const modelCalls: CallView[] = [];
  const hooks: HookRecord[] = [];
  const session: SessionRecord[] = [];
  let header: RunRecord | undefined;
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;

  for (const record of records) {
    start = Math.min(start, record.time);
    end = Math.max(end, record.time);
    switch (record.type) {
      case '@xstate.actor':
      case '@xstate.snapshot':
        trackActor(actors, record);
        break;
      case 'hookrail.run':
        header = header ? { ...header, ...record, machines: { ...header.machines, ...record.machines } } : record;
        break;
      case 'hookrail.call':
        applyCallRecord(toolCalls, record);
        break;
      case 'hookrail.model':
        applyModelRecord(modelCalls, record);
        break;
      case 'hookrail.hook':
        hooks.push(record);
        break;
      case 'hookrail.session':
        session.push(record);
        break;
      default:
        break;
    }
  }

  const calls = [...toolCalls.values(), ...modelCalls];
  const used = new Set<string>();
  for (const call of calls) {
    const track = call.actorId === undefined ? undefined : actors.get(call.actorId);
    if (!track) continue;
    call.steps = track.steps;
    used.add(track.actorId);
    if (call.outcome === 'running' && call.kind === 'model') call.outcome = modelOutcomeOf(track.steps) ?? 'running';
  }
  const machineRuns: MachineRunView[] = [];
  for (const track of actors.values()) {
    if (used.has(track.actorId)) continue;
    if (callMachines.has(track.machineId)) calls.push(callFromActor(track));
    else
      machineRuns.push({
        actorId: track.actorId,
        machineId: track.machineId,
        start: track.created,
        steps: track.steps,
      });
  }
  calls.sort((a, b) => a.start - b.start || (a.kind === b.kind ? 0 : a.kind === 'model' ? -1 : 1));
  assignTurns(calls);
  const sessionHooks = attachHooks(calls, hooks);
  return {
    header,
    start: Number.isFinite(start) ? start : 0,
    end: Number.isFinite(end) ? end : 0,
    calls,
    machineRuns,
    session,
    sessionHooks,
    hooks,
    finished: session.some((record) => record.event === 'end'),
    recordCount: records.length,
  };
}

function trackActor(actors: Map<string, ActorTrack>, record: XStateRecord): void {
  if (record.machineId === undefined) return;
  let track = actors.get(record.actorId);
  if (!track) {
    track = {
      actorId: record.actorId,
      rootId: record.rootId,
      machineId: record.machineId,
      created: record.time,
      steps: [],
    };
    actors.set(record.actorId, track);
  }
  if (record.type === '@xstate.snapshot') {
    const step: MachineStep = { time: record.time, eventType: record.eventType ?? '', value: record.value };
    if (record.status !== undefined) step.status = record.status;
    track.steps.push(step);
  }
}

function applyCallRecord(calls: Map<string, CallView>, record: CallRecord): void {
  let call = calls.get(record.callId);
  if (!call) {
    call = {
      key: `tool:${record.callId}`,
      kind: 'tool',
      name: record.toolName,
      machineId: 'toolCall',
      callId: record.callId,
      start: record.time,
      outcome: 'running',
      steps: [],
      hooks: [],
    };
    calls.set(record.callId, call);
  }
  if (record.actorId !== undefined) call.actorId = record.actorId;
  if (record.turn !== undefined) call.turn = record.turn;
  if (record.phase === 'start') {
    call.start = record.time;
    if (record.args) call.requestedArgs = record.args;
    return;
  }
  call.end = record.time;
  if (record.durationMs !== undefined && call.start === record.time) call.start = record.time - record.durationMs;
  call.outcome = record.outcome ?? 'unknown';
  if (record.args) call.args = record.args;
  if (record.requestedArgs) call.requestedArgs = record.requestedArgs;
  if (record.result !== undefined) call.result = record.result;
  if (record.originalResult !== undefined) call.originalResult = record.originalResult;
  if (record.error !== undefined) call.error = record.error;
  if (record.stopReason !== undefined) call.stopReason = record.stopReason;
  if (record.ask) call.ask = record.ask;
}

function applyModelRecord(calls: CallView[], record: ModelRecord): void {
  const key = record.actorId !== undefined ? `model:${record.actorId}` : `model:turn${record.turn ?? calls.length + 1}`;
  let call = calls.find((candidate) => candidate.key === key);
  if (!call) {
    call = {
      key,
      kind: 'model',
      name: record.model ?? 'model',
      machineId: 'modelCall',
      start: record.time,
      outcome: 'running',
      steps: [],
      hooks: [],
    };
    if (record.actorId !== undefined) call.actorId = record.actorId;
    calls.push(call);
  }
  if (record.turn !== undefined) call.turn = record.turn;
  if (record.model !== undefined) call.name = record.model;
  if (record.phase === 'start') {
    call.start = record.time;
    return;
  }
  call.end = record.time;
  call.outcome = record.outcome ?? 'unknown';
  if (record.text !== undefined) call.text = record.text;
  if (record.functionCalls) call.functionCalls = record.functionCalls;
  if (record.reason !== undefined) call.reason = record.reason;
}

/** A call known only from its actor's records (an old file, or a writer without hookrail records). */
function callFromActor(track: ActorTrack): CallView {
  const last = track.steps[track.steps.length - 1];
  const kind = track.machineId === 'modelCall' ? 'model' : 'tool';
  const call: CallView = {
    key: `actor:${track.actorId}`,
    kind,
    name: `${track.machineId} ${track.actorId}`,
    machineId: track.machineId,
    actorId: track.actorId,
    start: track.created,
    outcome: kind === 'model' ? (modelOutcomeOf(track.steps) ?? 'running') : toolOutcomeOf(track.steps),
    steps: track.steps,
    hooks: [],
  };
  if (last && last.status === 'done') call.end = last.time;
  return call;
}

function modelOutcomeOf(steps: readonly MachineStep[]): string | undefined {
  const last = steps[steps.length - 1];
  return last?.status === 'done' && typeof last.value === 'string' ? modelFinalStates[last.value] : undefined;
}

function toolOutcomeOf(steps: readonly MachineStep[]): string {
  const last = steps[steps.length - 1];
  if (last?.status !== 'done') return 'running';
  return last.value === 'cancelled' ? 'cancelled' : 'unknown';
}

/** Model calls without a turn are numbered in order; a tool call takes the turn of the model call before it. */
function assignTurns(calls: CallView[]): void {
  let modelCount = 0;
  let turn: number | undefined;
  for (const call of calls) {
    if (call.kind === 'model') {
      modelCount += 1;
      call.turn ??= modelCount;
      turn = call.turn;
    } else if (call.turn === undefined && turn !== undefined) {
      call.turn = turn;
    }
  }
}

/** Puts each hook on its call (by call id, else actor id); returns the ones that belong to none. */
function attachHooks(calls: readonly CallView[], hooks: readonly HookRecord[]): HookRecord[] {
  const byCallId = new Map<string, CallView>();
  const byActorId = new Map<string, CallView>();
  for (const call of calls) {
    if (call.kind === 'tool' && call.callId !== undefined) byCallId.set(call.callId, call);
    if (call.actorId !== undefined) byActorId.set(call.actorId, call);
  }
  const unattached: HookRecord[] = [];
  for (const hook of hooks) {
    const call =
      (hook.callId !== undefined ? byCallId.get(hook.callId) : undefined) ??
      (hook.actorId !== undefined ? byActorId.get(hook.actorId) : undefined) ??
      (hook.rootId !== undefined ? byActorId.get(hook.rootId) : undefined);
    if (call) call.hooks.push(hook);
    else unattached.push(hook);
  }
  return unattached;
}
