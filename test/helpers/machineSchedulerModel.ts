/**
 * The model-based test of the scheduler. The scheduler machine is the model: xstate/graph traverses it
 * with the events the real scheduler feeds it (SCHEDULE, CALL_SETTLED per call and outcome, ABORT);
 * a covering subset of the shortest paths is replayed against a real scheduler whose calls run the
 * real hook script: each call's BeforeTool hook waits for its gate file, so the test opens gates in
 * the path's order and checks that the real scheduler machine went through the same snapshots.
 */
import { createActor, initialTransition, transition, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import { expect } from 'vitest';
import type { Config } from '../../src/hooks/engine/config.js';
import { createToolScheduler } from '../../src/machines/scheduler.js';
import { schedulerMachine, type SchedulerEvent } from '../../src/machines/scheduler.machine.js';
import type { ToolBatchResult, ToolCallOutcomeKind } from '../../src/machines/types.js';
import { TransitionCoverage } from './machineCoverage.js';
import { type MachineScratch, recordingTool, type BeforeBehaviour } from './machineScenario.js';
import { waitFor } from './waiting.js';

type SchedulerSnapshot = SnapshotFrom<typeof schedulerMachine>;

/** The concurrency of the model and of the real scheduler it is replayed on. */
export const MODEL_CONCURRENCY = 2;
const BATCH_SIZES = [0, 1, 3];
const SETTLED_OUTCOMES: ToolCallOutcomeKind[] = ['success', 'blocked', 'stopped'];
const STOP_REASON = 'BeforeTool asked the agent to stop';

/** The events the real scheduler can produce in a snapshot. Cancellations are synchronous and in request order. */
export function schedulerModelEvents(snapshot: SchedulerSnapshot): SchedulerEvent[] {
  if (snapshot.value === 'idle') {
    return [
      ...BATCH_SIZES.map((count): SchedulerEvent => ({ type: 'SCHEDULE', count, aborted: false })),
      { type: 'SCHEDULE', count: 2, aborted: true },
    ];
  }
  const phases = snapshot.context.batch.phases;
  const cancelling = phases.indexOf('cancelling');
  if (cancelling >= 0) return [{ type: 'CALL_SETTLED', index: cancelling, outcome: 'cancelled' }];
  const events: SchedulerEvent[] = [];
  phases.forEach((phase, index) => {
    if (phase !== 'running') return;
    for (const outcome of SETTLED_OUTCOMES) {
      events.push(
        outcome === 'stopped'
          ? { type: 'CALL_SETTLED', index, outcome, stopReason: STOP_REASON }
          : { type: 'CALL_SETTLED', index, outcome },
      );
    }
  });
  if (snapshot.value !== 'aborting') events.push({ type: 'ABORT', reason: 'aborted' });
  return events;
}

/**
 * Running states are told apart by their batch; `idle` also by the event that led there, so that a
 * batch completing (or an empty one) is a vertex of its own and shortest paths take those transitions.
 */
function serializeSchedulerState(snapshot: SchedulerSnapshot, event: SchedulerEvent | undefined): string {
  const { phases, stop } = snapshot.context.batch;
  const via = snapshot.value === 'idle' && event ? eventKey(event) : undefined;
  return JSON.stringify({ value: snapshot.value, phases, stop, via });
}

/**
 * A path that ends mid-batch is completed the way the replay cleans up: ABORT, then the synchronous
 * cancellations, so that every replay ends with the batch published and checked.
 */
export function completeWithAbort(events: readonly SchedulerEvent[]): SchedulerEvent[] {
  const completed = [...events];
  let snapshot = expectedSchedulerSnapshots(completed).at(-1);
  while (snapshot && snapshot.value !== 'idle') {
    const cancelling = snapshot.context.batch.phases.indexOf('cancelling');
    const next: SchedulerEvent =
      cancelling >= 0
        ? { type: 'CALL_SETTLED', index: cancelling, outcome: 'cancelled' }
        : { type: 'ABORT', reason: 'aborted' };
    completed.push(next);
    [snapshot] = transition(schedulerMachine, snapshot, next);
  }
  return completed;
}

function eventKey(event: SchedulerEvent): string {
  return JSON.stringify(event);
}

/** The expected snapshot after each event of `events`, from the pure `transition()`. */
export function expectedSchedulerSnapshots(events: readonly SchedulerEvent[]): SchedulerSnapshot[] {
  let [snapshot] = initialTransition(schedulerMachine, { concurrency: MODEL_CONCURRENCY });
  const snapshots: SchedulerSnapshot[] = [];
  for (const event of events) {
    [snapshot] = transition(schedulerMachine, snapshot, event);
    snapshots.push(snapshot);
  }
  return snapshots;
}

/** The transitions one event sequence takes, measured on an actor of the machine with no side effects. */
function transitionsOf(events: readonly SchedulerEvent[]): Set<string> {
  const coverage = new TransitionCoverage();
  const actor = createActor(schedulerMachine, {
    input: { concurrency: MODEL_CONCURRENCY },
    inspect: coverage.listener,
  });
  actor.start();
  for (const event of events) actor.send(event);
  actor.stop();
  return coverage.covered;
}

/** A generated path, as the events to replay. */
export interface SchedulerModelPath {
  events: SchedulerEvent[];
  description: string;
}

/**
 * Shortest paths to every vertex of the model, then a greedy subset that still takes every
 * transition the full set takes (replaying each path costs real processes).
 */
export function generateSchedulerPaths(): { all: SchedulerModelPath[]; selected: SchedulerModelPath[] } {
  const model = new TestModel(schedulerMachine, {
    input: { concurrency: MODEL_CONCURRENCY },
    events: (snapshot: SchedulerSnapshot) => schedulerModelEvents(snapshot),
    serializeState: (snapshot: SchedulerSnapshot, event: unknown) =>
      serializeSchedulerState(snapshot, event as SchedulerEvent | undefined),
    serializeEvent: (event: SchedulerEvent) => eventKey(event),
  } as never) as unknown as TestModel<SchedulerSnapshot, SchedulerEvent, unknown>;
  const all = model.getShortestPaths().map((path: TestPath<SchedulerSnapshot, SchedulerEvent>) => {
    const events = completeWithAbort(path.steps.slice(1).map((step) => step.event));
    return { events, description: describeEvents(events) };
  });
  const features = (path: SchedulerModelPath): Set<string> =>
    new Set([...transitionsOf(path.events), ...scenarioFeatures(path.events)]);
  const remaining = new Map(all.map((path) => [path, features(path)]));
  const uncovered = new Set([...remaining.values()].flatMap((keys) => [...keys]));
  const selected: SchedulerModelPath[] = [];
  while (uncovered.size > 0) {
    let best: SchedulerModelPath | undefined;
    let bestGain = 0;
    for (const [path, keys] of remaining) {
      const gain = [...keys].filter((key) => uncovered.has(key)).length;
      if (gain > bestGain || (gain === bestGain && best && path.events.length < best.events.length)) {
        best = path;
        bestGain = gain;
      }
    }
    if (!best || bestGain === 0) break;
    selected.push(best);
    for (const key of remaining.get(best)!) uncovered.delete(key);
    remaining.delete(best);
  }
  return { all, selected };
}

/**
 * Situations worth replaying besides transitions: every settled outcome (a blocked call settles like a
 * successful one in the machine), a call settling before an earlier one (it waits in `buffered`), a
 * stop cancelling queued calls, and an abort cancelling an already buffered call.
 */
function scenarioFeatures(events: readonly SchedulerEvent[]): string[] {
  const features: string[] = [];
  const snapshots = expectedSchedulerSnapshots(events);
  events.forEach((event, index) => {
    const before = index > 0 ? snapshots[index - 1]! : undefined;
    const phases = before?.context.batch.phases ?? [];
    if (event.type === 'CALL_SETTLED') {
      features.push(`outcome:${event.outcome}`);
      const firstUnpublished = phases.findIndex((phase) => phase !== 'published' && phase !== 'cancelled');
      if (event.outcome !== 'cancelled' && event.index > firstUnpublished) features.push('settles-out-of-order');
      if (event.outcome === 'cancelled' && before?.value === 'stopping') features.push('stop-cancels-queued');
    }
    if (event.type === 'ABORT' && phases.includes('buffered')) features.push('abort-cancels-buffered');
  });
  return features;
}

function describeEvents(events: readonly SchedulerEvent[]): string {
  return events
    .map((event) => {
      if (event.type === 'SCHEDULE')
        return `SCHEDULE(${event.count}${event.aborted ? ', signal already aborted' : ''})`;
      if (event.type === 'CALL_SETTLED') return `#${event.index} ${event.outcome}`;
      return 'ABORT';
    })
    .join(' → ');
}

const behaviourFor: Record<string, BeforeBehaviour> = { success: 'allow', blocked: 'block', stopped: 'stop' };

interface RecordedStep {
  event: SchedulerEvent;
  snapshot: SchedulerSnapshot;
}

/**
 * Replays a path on a real scheduler. Each call's BeforeTool hook is a real process that waits for
 * the call's gate file; a CALL_SETTLED step opens that gate, then waits until the real scheduler
 * machine has processed the event. Returns the batch results the replay produced.
 */
export async function replaySchedulerPath(options: {
  config: Config;
  path: SchedulerModelPath;
  scratch: MachineScratch;
  inspect: (event: InspectionEvent) => void;
}): Promise<ToolBatchResult[]> {
  const { path, scratch } = options;
  const tool = recordingTool('write_file');
  const recorded: RecordedStep[] = [];
  const scheduler = createToolScheduler({
    config: options.config,
    tools: [tool],
    concurrency: MODEL_CONCURRENCY,
    inspect: (event: unknown) => {
      const inspection = event as InspectionEvent;
      options.inspect(inspection);
      const logicId = (inspection.actorRef as { logic?: { id?: string } }).logic?.id;
      if (
        inspection.type === '@xstate.snapshot' &&
        logicId === 'scheduler' &&
        inspection.event.type !== 'xstate.init'
      ) {
        recorded.push({
          event: inspection.event as SchedulerEvent,
          snapshot: inspection.snapshot as SchedulerSnapshot,
        });
      }
    },
  });
  const expected = expectedSchedulerSnapshots(path.events);
  const batches: Array<Promise<ToolBatchResult>> = [];
  const controllers: AbortController[] = [];
  let gates: string[] = [];

  for (const [index, event] of path.events.entries()) {
    if (event.type === 'SCHEDULE') {
      const settledBy = settlementsOfBatch(path.events, index);
      gates = Array.from({ length: event.count }, () => scratch.file('gate'));
      const requests = gates.map((gate, call) => ({
        callId: `call-${batches.length}-${call}`,
        name: 'write_file',
        args: { path: `${call}.txt`, scenario: { before: behaviourFor[settledBy.get(call) ?? 'success'], gate } },
      }));
      const controller = new AbortController();
      if (event.aborted) controller.abort();
      controllers.push(controller);
      batches.push(scheduler.schedule(requests, controller.signal));
    } else if (event.type === 'CALL_SETTLED' && event.outcome !== 'cancelled') {
      scratch.open(gates[event.index]!);
    } else if (event.type === 'ABORT') {
      controllers.at(-1)!.abort();
    }
    await waitFor(() => recorded.length > index, `the scheduler to process step ${index} (${JSON.stringify(event)})`);
    const real = recorded[index]!;
    expect(real.event, `event of step ${index}`).toEqual(event);
    expect(real.snapshot.value, `state after step ${index}`).toEqual(expected[index]!.value);
    expect(real.snapshot.context.batch.phases, `phases after step ${index}`).toEqual(
      expected[index]!.context.batch.phases,
    );
    expect(real.snapshot.context.batch.stop, `stop after step ${index}`).toEqual(expected[index]!.context.batch.stop);
  }
  const results = await Promise.all(batches);
  expect(scheduler.status).toBe('idle');
  expect(scheduler.activeCount).toBe(0);
  return results;
}

/** The non-cancelled outcome each call of the batch scheduled at `scheduleIndex` settles with in the path. */
function settlementsOfBatch(
  events: readonly SchedulerEvent[],
  scheduleIndex: number,
): Map<number, ToolCallOutcomeKind> {
  const settled = new Map<number, ToolCallOutcomeKind>();
  for (const event of events.slice(scheduleIndex + 1)) {
    if (event.type === 'SCHEDULE') break;
    if (event.type === 'CALL_SETTLED' && event.outcome !== 'cancelled') settled.set(event.index, event.outcome);
  }
  return settled;
}

/** The outcomes the model says a completed batch publishes, for comparison with the real batch result. */
export function expectedBatchOutcomes(
  events: readonly SchedulerEvent[],
): Array<{ outcomes: ToolCallOutcomeKind[]; stoppedIndex?: number }> {
  const batches: Array<{ outcomes: ToolCallOutcomeKind[]; stoppedIndex?: number }> = [];
  const snapshots = expectedSchedulerSnapshots(events);
  events.forEach((event, index) => {
    if (event.type === 'SCHEDULE')
      batches.push({ outcomes: new Array<ToolCallOutcomeKind>(event.count).fill('cancelled') });
    const batch = batches.at(-1);
    if (!batch) return;
    if (event.type === 'CALL_SETTLED') batch.outcomes[event.index] = event.outcome;
    const stop = snapshots[index]!.context.batch.stop;
    if (stop) batch.stoppedIndex = stop.index;
  });
  return batches;
}
