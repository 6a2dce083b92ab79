/**
 * The scheduler machine's bookkeeping as plain functions over an immutable batch record: which calls
 * start (up to the concurrency), which buffered calls can publish (request order), which calls a stop
 * or an abort cancels. The machine assigns their results; tests call them directly.
 */
import type { ToolCallOutcomeKind } from './types.js';

/** Where one call of the batch is, as the scheduler sees it. */
export type CallPhase = 'queued' | 'running' | 'cancelling' | 'buffered' | 'published' | 'cancelled';

/** The first call (in request order) whose hook asked the agent to stop. */
export interface BatchStop {
  index: number;
  reason: string;
}

/** The scheduler's view of the current batch. */
export interface BatchState {
  concurrency: number;
  phases: readonly CallPhase[];
  /** Index of the first call not yet started. */
  nextToStart: number;
  /** Calls `[0, publishedCount)` are published or cancelled. */
  publishedCount: number;
  /** Calls started and not yet buffered or cancelled. */
  running: number;
  stop: BatchStop | undefined;
  /** The calls the last step started, published or cancelled: read by the side-effect actions. */
  started: readonly number[];
  published: readonly number[];
  cancelled: readonly number[];
  cancelReason: string | undefined;
}

/** A fresh batch of `count` queued calls. */
export function createBatch(count: number, concurrency: number): BatchState {
  return {
    concurrency: Math.max(1, Math.floor(concurrency)),
    phases: new Array<CallPhase>(Math.max(0, count)).fill('queued'),
    nextToStart: 0,
    publishedCount: 0,
    running: 0,
    stop: undefined,
    started: [],
    published: [],
    cancelled: [],
    cancelReason: undefined,
  };
}

/** Starts queued calls in request order while fewer than `concurrency` run. */
export function startQueued(batch: BatchState): BatchState {
  const started: number[] = [];
  let phases: CallPhase[] | undefined;
  let { nextToStart, running } = batch;
  while (running < batch.concurrency && nextToStart < batch.phases.length) {
    if (batch.phases[nextToStart] === 'queued') {
      phases ??= [...batch.phases];
      phases[nextToStart] = 'running';
      started.push(nextToStart);
      running += 1;
    }
    nextToStart += 1;
  }
  return { ...batch, phases: phases ?? batch.phases, nextToStart, running, started };
}

/**
 * Records that call `index` reached `buffered` (with `outcome`) or `cancelled`. A stop is kept when it
 * is the first in request order. An event for a call that already ended is ignored.
 */
export function settleCall(
  batch: BatchState,
  index: number,
  outcome: ToolCallOutcomeKind,
  stopReason?: string,
): BatchState {
  const phase = batch.phases[index];
  const accepted =
    outcome === 'cancelled'
      ? phase === 'queued' || phase === 'running' || phase === 'buffered' || phase === 'cancelling'
      : phase === 'running';
  if (!accepted) return { ...batch, started: [] };
  const phases = [...batch.phases];
  phases[index] = outcome === 'cancelled' ? 'cancelled' : 'buffered';
  const running = phase === 'running' ? batch.running - 1 : batch.running;
  let stop = batch.stop;
  if (outcome === 'stopped' && (stop === undefined || index < stop.index)) {
    stop = { index, reason: stopReason ?? '' };
  }
  return { ...batch, phases, running, stop, started: [] };
}

/** Publishes the buffered calls at the head of the batch, in request order; cancelled calls are skipped over. */
export function publishReady(batch: BatchState): BatchState {
  const published: number[] = [];
  let phases: CallPhase[] | undefined;
  let publishedCount = batch.publishedCount;
  while (publishedCount < batch.phases.length) {
    const phase = (phases ?? batch.phases)[publishedCount];
    if (phase === 'buffered') {
      phases ??= [...batch.phases];
      phases[publishedCount] = 'published';
      published.push(publishedCount);
    } else if (phase !== 'cancelled') {
      break;
    }
    publishedCount += 1;
  }
  return { ...batch, phases: phases ?? batch.phases, publishedCount, published };
}

/** A stop ends the turn: calls not yet started are cancelled with `reason`; running calls finish. */
export function cancelQueued(batch: BatchState, reason: string): BatchState {
  return cancelWhere(batch, (phase) => phase === 'queued', reason);
}

/** An abort cancels every call not yet published, running or buffered. */
export function cancelUnpublished(batch: BatchState, reason: string): BatchState {
  return cancelWhere(
    batch,
    (phase) => phase === 'queued' || phase === 'running' || phase === 'buffered' || phase === 'cancelling',
    reason,
  );
}

/** True when every call is published or cancelled (also for an empty batch). */
export function isBatchComplete(batch: BatchState): boolean {
  return batch.publishedCount >= batch.phases.length;
}

function cancelWhere(batch: BatchState, predicate: (phase: CallPhase) => boolean, reason: string): BatchState {
  const cancelled: number[] = [];
  const phases = batch.phases.map((phase, index) => {
    if (!predicate(phase)) return phase;
    cancelled.push(index);
    return 'cancelling' as const;
  });
  const runningCancelled = cancelled.filter((index) => batch.phases[index] === 'running').length;
  return {
    ...batch,
    phases,
    nextToStart: batch.phases.length,
    running: batch.running - runningCancelled,
    cancelled,
    cancelReason: reason,
  };
}
