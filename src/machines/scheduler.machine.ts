/**
 * The tool scheduler's batch lifecycle as an XState v5 machine: `idle` ↔ `running`, with `stopping`
 * (a hook stopped the agent: queued calls are cancelled, running ones finish) and `aborting` (the
 * signal aborted: every unpublished call is cancelled). Its state is the scheduler's observable status
 * (HOOK-129, HOOK-204: back to `idle` once a batch, blocked calls included, is published).
 *
 * The bookkeeping is `assign`ed from plain functions (schedulerBatch.ts), so the machine's transitions
 * can be traversed by xstate/graph; the side effects on the toolCall actors (start, publish, cancel,
 * finish) are named actions the scheduler supplies with `schedulerMachine.provide()`.
 */
import { assign, setup } from 'xstate';
import {
  cancelQueued,
  cancelUnpublished,
  createBatch,
  isBatchComplete,
  publishReady,
  settleCall,
  startQueued,
  type BatchState,
  type BatchStop,
} from './schedulerBatch.js';
import type { ToolCallOutcomeKind } from './types.js';

/** Default number of tool calls of one batch that run at once. */
export const DEFAULT_TOOL_CONCURRENCY = 8;

/** Input of the scheduler machine. */
export interface SchedulerMachineInput {
  concurrency?: number;
}

/** The scheduler machine's context: the current batch (empty while idle). */
export interface SchedulerContext {
  batch: BatchState;
}

/** What the scheduler machine reacts to. */
export type SchedulerEvent =
  | { type: 'SCHEDULE'; count: number /** The batch's signal was aborted before it started. */; aborted?: boolean }
  | { type: 'CALL_SETTLED'; index: number; outcome: ToolCallOutcomeKind; stopReason?: string }
  | { type: 'ABORT'; reason?: string };

/** Parameters of the side-effect actions: the indexes of the calls to act on. */
export interface CallIndexesParams {
  indexes: readonly number[];
}

/** Parameters of `cancelCalls`. */
export interface CancelCallsParams extends CallIndexesParams {
  reason: string;
}

/** Parameters of `finishBatch`: the first stop of the batch, if any. */
export interface FinishBatchParams {
  stop: BatchStop | undefined;
}

/** The text a call cancelled because an earlier call stopped the agent carries. */
export function stoppedBatchCancelReason(stopReason: string): string {
  return `not run because a hook stopped the agent${stopReason ? `: ${stopReason}` : ''}`;
}

const finishBatchAction = {
  type: 'finishBatch',
  params: ({ context }: { context: SchedulerContext }): FinishBatchParams => ({ stop: context.batch.stop }),
} as const;

// The action builders below return fresh objects on each call: the Stately JSON export drops an
// object it has already written (its cycle guard), so shared action objects would vanish from it.

/** Starts the calls `assignStarted` just moved from queued to running. */
function startCallsAction() {
  return {
    type: 'startCalls',
    params: ({ context }: { context: SchedulerContext }): CallIndexesParams => ({ indexes: context.batch.started }),
  } as const;
}

/** A settled call is recorded, then every call now publishable is published, in request order. */
function settleAndPublishActions() {
  return [
    'assignSettled',
    'assignPublished',
    {
      type: 'publishCalls',
      params: ({ context }: { context: SchedulerContext }): CallIndexesParams => ({ indexes: context.batch.published }),
    },
  ] as const;
}

/** Cancels the calls the entry action just marked cancelled, with the batch's reason or `defaultReason`. */
function cancelCallsAction(defaultReason: string) {
  return {
    type: 'cancelCalls',
    params: ({ context }: { context: SchedulerContext }): CancelCallsParams => ({
      indexes: context.batch.cancelled,
      reason: context.batch.cancelReason ?? defaultReason,
    }),
  } as const;
}

function settledEvent(event: SchedulerEvent): Extract<SchedulerEvent, { type: 'CALL_SETTLED' }> | undefined {
  return event.type === 'CALL_SETTLED' ? event : undefined;
}

/** The batch lifecycle; side-effect actions are no-ops until the scheduler provides them. */
export const schedulerMachine = setup({
  types: {} as {
    context: SchedulerContext;
    input: SchedulerMachineInput;
    events: SchedulerEvent;
  },
  guards: {
    batchComplete: ({ context }) => isBatchComplete(context.batch),
    settledCallStops: ({ event }) => settledEvent(event)?.outcome === 'stopped',
    scheduledAborted: ({ event }) => event.type === 'SCHEDULE' && event.aborted === true,
  },
  actions: {
    assignBatch: assign({
      batch: ({ context, event }) =>
        createBatch(event.type === 'SCHEDULE' ? event.count : 0, context.batch.concurrency),
    }),
    assignSettled: assign({
      batch: ({ context, event }) => {
        const settled = settledEvent(event);
        return settled ? settleCall(context.batch, settled.index, settled.outcome, settled.stopReason) : context.batch;
      },
    }),
    assignPublished: assign({ batch: ({ context }) => publishReady(context.batch) }),
    assignStarted: assign({ batch: ({ context }) => startQueued(context.batch) }),
    assignStopCancelled: assign({
      batch: ({ context }) => cancelQueued(context.batch, stoppedBatchCancelReason(context.batch.stop?.reason ?? '')),
    }),
    assignAbortCancelled: assign({
      batch: ({ context, event }) =>
        cancelUnpublished(context.batch, event.type === 'ABORT' && event.reason ? event.reason : 'aborted'),
    }),
    startCalls: (_, _params: CallIndexesParams) => {},
    publishCalls: (_, _params: CallIndexesParams) => {},
    cancelCalls: (_, _params: CancelCallsParams) => {},
    finishBatch: (_, _params: FinishBatchParams) => {},
  },
}).createMachine({
  id: 'scheduler',
  initial: 'idle',
  context: ({ input }) => ({ batch: createBatch(0, input.concurrency ?? DEFAULT_TOOL_CONCURRENCY) }),
  states: {
    idle: {
      description: 'No batch running (HOOK-204: the status a blocked batch returns to).',
      on: {
        SCHEDULE: [
          { guard: 'scheduledAborted', target: 'aborting', actions: 'assignBatch' },
          { target: 'running', actions: 'assignBatch' },
        ],
      },
    },
    running: {
      description: 'Calls run up to the concurrency; buffered results publish in request order.',
      entry: ['assignStarted', startCallsAction()],
      always: { guard: 'batchComplete', target: 'idle', actions: finishBatchAction },
      on: {
        CALL_SETTLED: [
          { guard: 'settledCallStops', target: 'stopping', actions: settleAndPublishActions() },
          { actions: [...settleAndPublishActions(), 'assignStarted', startCallsAction()] },
        ],
        ABORT: { target: 'aborting' },
      },
    },
    stopping: {
      description: 'A hook stopped the agent (HOOK-020, 028): queued calls are cancelled, running calls finish.',
      entry: ['assignStopCancelled', cancelCallsAction('')],
      always: { guard: 'batchComplete', target: 'idle', actions: finishBatchAction },
      on: {
        CALL_SETTLED: { actions: settleAndPublishActions() },
        ABORT: { target: 'aborting' },
      },
    },
    aborting: {
      description: 'The signal aborted: every unpublished call is cancelled and its processes killed.',
      entry: ['assignAbortCancelled', cancelCallsAction('aborted')],
      always: { guard: 'batchComplete', target: 'idle', actions: finishBatchAction },
      on: {
        CALL_SETTLED: { actions: settleAndPublishActions() },
      },
    },
  },
});

/** The scheduler machine's states: its status as a host sees it. */
export type SchedulerStatus = 'idle' | 'running' | 'stopping' | 'aborting';
