/**
 * The model of the session machine for its model-based test. xstate/graph's TestModel walks a copy
 * of the machine whose actors never settle, feeding it synthetic `xstate.done.actor.*`,
 * `xstate.error.actor.*` and `xstate.after.*` events (one per hook, model or tool outcome, tagged
 * with a `kind`) and the host's PROMPT / COMPACT / CLEAR / END. Shortest paths to every vertex are
 * completed to the final state; a greedy subset that takes every transition the full set takes is
 * what the test replays for real (each replay costs real hook processes).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FinishReason, GenerateContentResponse } from '@google/genai';
import {
  createActor,
  fromPromise,
  initialTransition,
  transition,
  type AnyEventObject,
  type SnapshotFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import {
  compactionSettings,
  estimateTokens,
  findCompactionCut,
  TranscriptWriter,
  truncateHistory,
  sessionMachine,
  type SessionMachineInput,
} from '../../src/engine.js';
import {
  Config,
  createToolScheduler,
  DebugLogger,
  type CompactionSettings,
  type ToolCallOutcome,
} from '../../src/index.js';
import { TransitionCoverage } from './machineCoverage.js';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** A model event: the machine's event plus the outcome `kind` the replay turns into a real setup. */
export type SessionStepEvent = AnyEventObject & { kind: string };

/** The bounds of the model and of the sessions it is replayed on. */
export const MODEL_LIMITS = { maxTurns: 2, maxContinuations: 1, sessionEndTimeoutMs: 20_000 };

/** Compaction settings with wide margins: small contents stay far below, one big tool output far above. */
export const MODEL_COMPACTION: CompactionSettings = compactionSettings({
  tokenBudget: 2_000,
  keepRecentTokens: 1_000,
  strategy: 'truncate',
});

/** The text of a big tool output (about 5,000 estimated tokens). */
export const BIG_OUTPUT = 'x'.repeat(20_000);

function response(
  parts: NonNullable<NonNullable<GenerateContentResponse['candidates']>[number]['content']>['parts'],
): GenerateContentResponse {
  const value = new GenerateContentResponse();
  value.candidates = [{ index: 0, content: { role: 'model', parts }, finishReason: FinishReason.STOP }];
  return value;
}

const request = { model: 'fake-model', contents: [] };

function outcome(kind: 'ok' | 'big' | 'stopped' | 'aborted'): ToolCallOutcome {
  const text = kind === 'big' ? BIG_OUTPUT : kind === 'ok' ? 'small' : kind;
  return {
    callId: 'tool-1-0',
    name: 'tool',
    args: {},
    requestedArgs: {},
    outcome: kind === 'ok' || kind === 'big' ? 'success' : kind === 'stopped' ? 'stopped' : 'cancelled',
    result: { llmContent: text, returnDisplay: text },
  };
}

function done(id: string, kind: string, output: unknown): SessionStepEvent {
  return { type: `xstate.done.actor.${id}`, output, kind };
}

function failed(id: string): SessionStepEvent {
  return { type: `xstate.error.actor.${id}`, error: new Error('actor failed'), kind: 'actorFails' };
}

/** The compaction the real session would make of this history (truncation, as configured). */
function compactionOutput(snapshot: SessionSnapshot): unknown {
  const history = snapshot.context.history;
  const compacted = truncateHistory(history, findCompactionCut(history, MODEL_COMPACTION.keepRecentTokens));
  return {
    ...compacted,
    report: {
      trigger: snapshot.context.compactionTrigger,
      strategy: 'truncate',
      removedContents: compacted.removedContents,
      tokensBefore: estimateTokens(history),
      tokensAfter: estimateTokens(compacted.history),
    },
  };
}

function canCompact(snapshot: SessionSnapshot): boolean {
  return findCompactionCut(snapshot.context.history, 1) > 0;
}

/** The events the real session can produce in a snapshot. */
export function sessionModelEvents(snapshot: SessionSnapshot): SessionStepEvent[] {
  if (snapshot.status !== 'active') return [];
  const value =
    typeof snapshot.value === 'string' ? snapshot.value : `turn.${(snapshot.value as { turn: string }).turn}`;
  switch (value) {
    case 'starting':
      return [done('sessionStart', 'plain', {}), failed('sessionStart')];
    case 'idle':
      return [
        { type: 'PROMPT', id: 0, text: 'p', kind: 'PROMPT' },
        ...(canCompact(snapshot) ? [{ type: 'COMPACT', kind: 'COMPACT' }] : []),
        { type: 'CLEAR', kind: 'CLEAR' },
        { type: 'END', reason: 'exit', kind: 'END' },
      ];
    case 'beforeAgent':
      return [
        done('beforeAgent', 'proceed', { blocked: false }),
        done('beforeAgent', 'block', { blocked: true, reason: 'blocked prompt' }),
        done('beforeAgent', 'stop', { blocked: false, stopped: true, stopReason: 'stop prompt' }),
        done('beforeAgent', 'stopSession', {
          blocked: false,
          stopped: true,
          stopReason: 'stop session',
          endsSession: true,
        }),
        done('beforeAgent', 'aborted', { blocked: false, aborted: true }),
        failed('beforeAgent'),
      ];
    case 'turn.callingModel':
      return [
        done('callModel', 'answer', {
          call: { outcome: 'completed', request, response: response([{ text: 'answer' }]) },
        }),
        done('callModel', 'calls', {
          call: { outcome: 'completed', request, response: response([{ functionCall: { name: 'tool', args: {} } }]) },
        }),
        done('callModel', 'failed', { call: { outcome: 'failed', request, error: new Error('model failed') } }),
        done('callModel', 'stopped', { call: { outcome: 'stopped', request, stopReason: 'model stop' } }),
        done('callModel', 'aborted', { call: { outcome: 'aborted', request }, aborted: true }),
        failed('callModel'),
      ];
    case 'turn.runningTools':
      return [
        done('toolBatch', 'ok', { outcomes: [outcome('ok')] }),
        done('toolBatch', 'big', { outcomes: [outcome('big')] }),
        done('toolBatch', 'stopped', { outcomes: [outcome('stopped')], stopReason: 'tool stop' }),
        done('toolBatch', 'aborted', { outcomes: [outcome('aborted')], aborted: true }),
        failed('toolBatch'),
      ];
    case 'stopCheck':
      return [
        done('afterAgent', 'allow', { continueRequested: false }),
        done('afterAgent', 'continue', { continueRequested: true, reason: 'keep going' }),
        done('afterAgent', 'stop', { continueRequested: false, stopped: true, stopReason: 'stop after' }),
        done('afterAgent', 'stopSession', {
          continueRequested: false,
          stopped: true,
          stopReason: 'stop session after',
          endsSession: true,
        }),
        done('afterAgent', 'aborted', { continueRequested: false, aborted: true }),
        failed('afterAgent'),
      ];
    case 'compacting':
      return [
        done('compaction', 'done', compactionOutput(snapshot)),
        done('compaction', 'blocked', {
          blocked: true,
          trigger: snapshot.context.compactionTrigger,
          reason: 'keep history',
        }),
        failed('compaction'),
      ];
    case 'clearing':
    case 'ending': {
      const id = value === 'clearing' ? 'sessionEndForClear' : 'sessionEnd';
      return [
        done(id, 'done', {}),
        failed(id),
        { type: `xstate.after.sessionEndTimeout.session.${value}`, kind: 'timeout' },
      ];
    }
    default:
      return [];
  }
}

/** A state's name as the replay compares it: `turn.callingModel` for nested states. */
export function stateName(value: unknown): string {
  return typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, string>).map(([parent, child]) => `${parent}.${child}`)[0]!;
}

/** One step of a path: the state it leaves and the kind of outcome that leaves it. */
export interface SessionPathStep {
  state: string;
  kind: string;
  event: SessionStepEvent;
}

/** A path to replay: its steps, the states the machine passes through, and the prompt results the model expects. */
export interface SessionModelPath {
  steps: SessionPathStep[];
  states: string[];
  statuses: string[];
  description: string;
}

/** A copy of the machine whose actors never settle: the model's events say how each one ends. */
function modelMachine() {
  const never = fromPromise(() => new Promise<never>(() => {}));
  return sessionMachine.provide({
    actors: {
      fireSessionStart: never,
      fireBeforeAgent: never,
      callModel: never,
      runToolBatch: never,
      fireAfterAgent: never,
      compactHistory: never,
      fireSessionEnd: never,
    } as never,
  });
}

function modelInput(): SessionMachineInput {
  const config = new Config({ logger: new DebugLogger('model', { sink: () => {} }) });
  const directory = mkdtempSync(join(tmpdir(), 'hookrail-session-model-'));
  return {
    services: {
      config,
      session: { sessionId: 'model', transcriptPath: join(directory, 'model.jsonl') },
      generator: {
        name: 'fake-model',
        generateContentStream: () => Promise.reject(new Error('the model has no generator')),
      },
      tools: [],
      scheduler: createToolScheduler({ config, tools: [] }),
      transcript: new TranscriptWriter({ path: join(directory, 'model.jsonl'), sessionId: 'model', cwd: directory }),
      model: 'fake-model',
      compaction: MODEL_COMPACTION,
      summaryGenerator: {
        name: 'none',
        generateContentStream: () => Promise.reject(new Error('no summaries in the model')),
      },
      emit: () => {},
    },
    limits: MODEL_LIMITS,
  };
}

/** The outcome each state takes on the way to `done` once a path's own steps are played. */
const closingKinds: Record<string, string> = {
  starting: 'plain',
  idle: 'END',
  beforeAgent: 'stop',
  'turn.callingModel': 'aborted',
  'turn.runningTools': 'aborted',
  stopCheck: 'stop',
  compacting: 'done',
  clearing: 'done',
  ending: 'done',
};

/** The snapshots after each event, from the pure `transition()`. */
function snapshotsOf(
  machine: ReturnType<typeof modelMachine>,
  input: SessionMachineInput,
  events: readonly SessionStepEvent[],
): SessionSnapshot[] {
  let [snapshot] = initialTransition(machine, input);
  const snapshots = [snapshot];
  for (const event of events) {
    [snapshot] = transition(machine, snapshot, event as never);
    snapshots.push(snapshot);
  }
  return snapshots;
}

/** A path's events, followed by the closing outcomes that lead to `done`. */
function completeToDone(
  machine: ReturnType<typeof modelMachine>,
  input: SessionMachineInput,
  events: SessionStepEvent[],
): { events: SessionStepEvent[]; snapshots: SessionSnapshot[] } {
  const completed = [...events];
  let snapshots = snapshotsOf(machine, input, completed);
  while (snapshots.at(-1)!.status === 'active') {
    const snapshot = snapshots.at(-1)!;
    const kind = closingKinds[stateName(snapshot.value)];
    const next = sessionModelEvents(snapshot).find((event) => event.kind === kind);
    if (!next) throw new Error(`no closing event from ${stateName(snapshot.value)}`);
    completed.push(next);
    snapshots = snapshotsOf(machine, input, completed);
  }
  return { events: completed, snapshots };
}

function describePath({
  events,
  snapshots,
}: {
  events: SessionStepEvent[];
  snapshots: SessionSnapshot[];
}): SessionModelPath {
  const steps = events.map((event, index) => ({ state: stateName(snapshots[index]!.value), kind: event.kind, event }));
  const statuses: string[] = [];
  snapshots.forEach((snapshot, index) => {
    const result = snapshot.context.lastResult;
    if (result && result !== snapshots[index - 1]?.context.lastResult) statuses.push(result.result.status);
  });
  return {
    steps,
    states: snapshots
      .map((snapshot) => stateName(snapshot.value))
      .filter((name, index, names) => index === 0 || names[index - 1] !== name),
    statuses,
    description: steps.map((step) => `${step.state}:${step.kind}`).join(' → '),
  };
}

/** Every transition a path takes, measured on an actor of the model machine. */
function transitionsOf(path: SessionModelPath, input: SessionMachineInput): Set<string> {
  const coverage = new TransitionCoverage();
  const actor = createActor(modelMachine(), { input, inspect: coverage.listener });
  actor.start();
  for (const step of path.steps) actor.send(step.event as never);
  actor.stop();
  return coverage.covered;
}

/**
 * A stop ends the prompt, or the session when the session is made with `stopEndsSession`; one real
 * session cannot do both, so a path with both kinds of stop is not replayed.
 */
function onePromptStopKind(path: SessionModelPath): boolean {
  const kinds = new Set(
    path.steps.filter((step) => step.state === 'beforeAgent' || step.state === 'stopCheck').map((step) => step.kind),
  );
  return !(kinds.has('stop') && kinds.has('stopSession'));
}

/** True when the path's sessions must be made with `stopEndsSession`. */
export function stopsEndSession(path: SessionModelPath): boolean {
  return path.steps.some((step) => step.kind === 'stopSession');
}

/** Shortest paths to every vertex, completed to `done`, and a greedy subset covering the same transitions. */
export function generateSessionPaths(): { all: SessionModelPath[]; selected: SessionModelPath[] } {
  const input = modelInput();
  const machine = modelMachine();
  const model = new TestModel(machine, {
    input,
    events: (snapshot: SessionSnapshot) => sessionModelEvents(snapshot),
    serializeState: (snapshot: SessionSnapshot, event: SessionStepEvent | undefined, previous?: SessionSnapshot) =>
      JSON.stringify({
        value: snapshot.value,
        status: snapshot.status,
        from: previous ? stateName(previous.value) : null,
        kind: event?.kind ?? null,
        turn: snapshot.context.prompt?.turn ?? null,
        continuations: snapshot.context.prompt?.continuations ?? null,
        resumeTurn: snapshot.context.resumeTurn,
        compactionBlocked: snapshot.context.prompt?.compactionBlocked ?? null,
        overBudget: estimateTokens(snapshot.context.history) > MODEL_COMPACTION.tokenBudget,
        canCompact: canCompact(snapshot),
      }),
    serializeEvent: (event: SessionStepEvent) => `${event.type}:${event.kind}`,
  } as never) as unknown as TestModel<SessionSnapshot, SessionStepEvent, unknown>;

  const all = model
    .getShortestPaths()
    .map((path) =>
      describePath(
        completeToDone(
          machine,
          input,
          path.steps.slice(1).map((step) => step.event),
        ),
      ),
    )
    .filter(onePromptStopKind);

  const remaining = new Map(all.map((path) => [path, transitionsOf(path, input)]));
  const uncovered = new Set([...remaining.values()].flatMap((keys) => [...keys]));
  const selected: SessionModelPath[] = [];
  while (uncovered.size > 0) {
    let best: SessionModelPath | undefined;
    let bestGain = 0;
    for (const [path, keys] of remaining) {
      const gain = [...keys].filter((key) => uncovered.has(key)).length;
      if (gain > bestGain || (gain === bestGain && best && path.steps.length < best.steps.length)) {
        best = path;
        bestGain = gain;
      }
    }
    if (!best) break;
    selected.push(best);
    for (const key of remaining.get(best)!) uncovered.delete(key);
    remaining.delete(best);
  }
  return { all, selected };
}
