/**
 * The tool scheduler: one toolCall actor per call, run concurrently up to `concurrency`, results
 * buffered and published in request order, a hook's stop ending the batch, an abort cancelling every
 * unpublished call. The batch lifecycle is the scheduler machine; this module gives it its side
 * effects on the toolCall actors and turns their snapshots into progress updates.
 *
 * Each call's actor is a separate root actor held in a Map and dropped once its call is published or
 * cancelled, so the cost of a call does not grow with the calls already run.
 */
import { createActor, type Actor } from 'xstate';
import { toError } from '../errors.js';
import type { Config } from '../hooks/engine/config.js';
import type { DebugLogger } from '../debugLogger.js';
import type { Tool, ToolCallRequest } from '../tool.js';
import { createInspectionRecorder, type InspectionRecorder } from '../inspection/recorder.js';
import { recordToolCallState } from './callRecords.js';
import {
  DEFAULT_TOOL_CONCURRENCY,
  schedulerMachine,
  type SchedulerEvent,
  type SchedulerStatus,
} from './scheduler.machine.js';
import type { BatchStop } from './schedulerBatch.js';
import { toolCallMachine, type ToolCallActor } from './toolCall.machine.js';
import { createToolErrorResult } from '../hooks/protocol/toolHookEffects.js';
import type { HookSession } from '../hooks/protocol/hookConfig.js';
import { AskQueue } from '../hooks/triggers/askQueue.js';
import { errorCallOutcome } from './toolCallActors.js';
import type { InspectOption } from '../inspection/recorder.js';
import type { ToolBatchResult, ToolCallOutcome, ToolCallState, ToolCallUpdate } from './types.js';

/** Options of {@link createToolScheduler}. */
export interface ToolSchedulerOptions {
  config: Config;
  tools: Tool[];
  /** Calls of one batch that run at once; default 8. */
  concurrency?: number;
  /** Records the scheduler's and every toolCall actor's XState events, each call's start and end, and its hooks. */
  inspect?: InspectOption;
  /** Called on every state a call enters (the same updates `subscribe` delivers). */
  onUpdate?: (update: ToolCallUpdate) => void;
  /** A toolCall machine with swapped implementations (tests); default `toolCallMachine`. */
  toolCallMachine?: typeof toolCallMachine;
  /** The session whose calls these are, as their hooks are told; default the Config's. */
  session?: HookSession;
}

/** Runs batches of tool calls; see {@link createToolScheduler}. */
export interface ToolScheduler {
  /** Runs the calls; resolves with their outcomes in request order. Batches run one after another. */
  schedule(requests: ToolCallRequest[], signal?: AbortSignal): Promise<ToolBatchResult>;
  /** Receives every progress update; returns the unsubscribe function. */
  subscribe(listener: (update: ToolCallUpdate) => void): () => void;
  /** Live toolCall actors: 0 between batches, proving finished actors are released. */
  readonly activeCount: number;
  /** HOOK-129, HOOK-204: `idle` between batches, `running` / `stopping` / `aborting` during one. */
  readonly status: SchedulerStatus;
}

/** HOOK-129, HOOK-130, HOOK-134, HOOK-204: creates a scheduler whose every call is a toolCall machine. */
export function createToolScheduler(options: ToolSchedulerOptions): ToolScheduler {
  return new MachineToolScheduler(options);
}

interface RunningBatch {
  requests: readonly ToolCallRequest[];
  outcomes: Array<ToolCallOutcome | undefined>;
  resolve: (result: ToolBatchResult) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  /** Calls whose outcome has not arrived yet. */
  pending: number;
  /** Ends the recording of this batch's hooks. */
  releaseHooks: () => void;
  /** Set when the scheduler machine finished the batch; it resolves once every outcome is in. */
  finished?: { stop: BatchStop | undefined };
}

type SchedulerActor = Actor<typeof schedulerMachine>;

class MachineToolScheduler implements ToolScheduler {
  private readonly config: Config;
  private readonly logger: DebugLogger;
  private readonly toolsByName = new Map<string, Tool>();
  private readonly toolNames: readonly string[];
  private readonly concurrency: number;
  private readonly callMachine: typeof toolCallMachine;
  private readonly recorder: InspectionRecorder | undefined;
  private readonly session: HookSession | undefined;
  private readonly listeners = new Set<(update: ToolCallUpdate) => void>();
  private readonly actors = new Map<number, ToolCallActor>();
  /** The asks of this scheduler's calls, one at a time, in request order within a batch. */
  private readonly askQueue = new AskQueue();
  private batchQueue: Promise<unknown> = Promise.resolve();
  private current: RunningBatch | undefined;
  private scheduler: SchedulerActor;

  constructor(options: ToolSchedulerOptions) {
    this.config = options.config;
    this.logger = options.config.getDebugLogger().child('machines:scheduler');
    for (const tool of options.tools) this.toolsByName.set(tool.name, tool);
    this.toolNames = [...this.toolsByName.keys()];
    this.concurrency = options.concurrency ?? DEFAULT_TOOL_CONCURRENCY;
    this.callMachine = options.toolCallMachine ?? toolCallMachine;
    this.session = options.session;
    this.recorder = options.inspect ? createInspectionRecorder(options.inspect, this.logger) : undefined;
    if (options.onUpdate) this.listeners.add(options.onUpdate);
    this.scheduler = this.createSchedulerActor();
  }

  get activeCount(): number {
    return this.actors.size;
  }

  get status(): SchedulerStatus {
    return this.scheduler.getSnapshot().value as SchedulerStatus;
  }

  schedule(requests: ToolCallRequest[], signal?: AbortSignal): Promise<ToolBatchResult> {
    const run = this.batchQueue.then(() => this.runBatch(requests, signal));
    this.batchQueue = run.catch(() => undefined);
    return run;
  }

  subscribe(listener: (update: ToolCallUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private createSchedulerActor(): SchedulerActor {
    const machine = schedulerMachine.provide({
      actions: {
        startCalls: (_, params) => this.startCalls(params.indexes),
        publishCalls: (_, params) => this.sendToCalls(params.indexes, { type: 'PUBLISH' }),
        cancelCalls: (_, params) => this.sendToCalls(params.indexes, { type: 'CANCEL', reason: params.reason }),
        finishBatch: (_, params) => this.finishBatch(params.stop),
      },
    });
    const actor = createActor(machine, { input: { concurrency: this.concurrency }, inspect: this.recorder?.inspect });
    actor.subscribe({ error: (error) => this.recoverFromSchedulerError(error) });
    actor.start();
    return actor;
  }

  private runBatch(requests: readonly ToolCallRequest[], signal: AbortSignal | undefined): Promise<ToolBatchResult> {
    return new Promise<ToolBatchResult>((resolve) => {
      const batch: RunningBatch = {
        requests: [...requests],
        outcomes: Array.from<ToolCallOutcome | undefined>({ length: requests.length }),
        pending: requests.length,
        resolve,
        signal,
        onAbort: () => this.scheduler.send({ type: 'ABORT', reason: 'aborted' }),
        releaseHooks: this.recorder ? this.recorder.observeHooks(this.config, this.session?.sessionId) : () => {},
      };
      this.current = batch;
      this.askQueue.startBatch();
      batch.requests.forEach((request, index) => this.createCallActor(request, index));
      // An already aborted signal cancels every call before any starts.
      this.scheduler.send({ type: 'SCHEDULE', count: batch.requests.length, aborted: signal?.aborted === true });
      if (this.current === batch) signal?.addEventListener('abort', batch.onAbort, { once: true });
    });
  }

  private createCallActor(request: ToolCallRequest, index: number): void {
    const actor = createActor(this.callMachine, {
      input: {
        config: this.config,
        session: this.session,
        request,
        tool: this.toolsByName.get(request.name),
        availableToolNames: this.toolNames,
        askQueue: this.askQueue,
        askPosition: index,
      },
      inspect: this.recorder?.inspect,
    });
    let lastState: string | undefined;
    let startedAt: number | undefined;
    this.actors.set(index, actor);
    actor.subscribe({
      next: (snapshot) => {
        const state = snapshot.value as ToolCallState;
        if (state === lastState) return;
        lastState = state;
        const context = snapshot.context;
        // Past the point where it could ask, later calls' asks need not wait for this one.
        if (state !== 'idle' && state !== 'beforeHook' && state !== 'asking') this.askQueue.pass(index);
        if (this.recorder?.recordsHookrailRecords)
          startedAt = recordToolCallState({
            recorder: this.recorder,
            actorId: actor.sessionId,
            context,
            state,
            startedAt,
          });
        this.emitUpdate({
          callId: request.callId,
          name: request.name,
          state,
          args: context.args,
          outcome: context.outcome,
          suppressDisplay: context.result?.suppressDisplay,
          ...(context.asked ? { asked: context.asked } : {}),
        });
        if (snapshot.status === 'done') {
          this.releaseCall(index, snapshot.output);
          if (state === 'cancelled') this.settle({ type: 'CALL_SETTLED', index, outcome: 'cancelled' });
        } else if (state === 'buffered') {
          this.settle({
            type: 'CALL_SETTLED',
            index,
            outcome: context.outcome ?? 'error',
            stopReason: context.stopReason,
          });
        }
      },
      error: (error) => {
        // An actor that errors must not lose its call: it is answered with an error result.
        this.logger.warn(
          `tool call '${request.name}' (${request.callId}) failed inside its machine: ${toError(error).message}`,
        );
        this.releaseCall(index, errorCallOutcome(request, createToolErrorResult(error)));
        this.settle({ type: 'CALL_SETTLED', index, outcome: 'error' });
      },
    });
    actor.start();
  }

  /**
   * Tells the scheduler machine a call settled, after the call's own notification has returned: sent
   * from inside it, the PUBLISH that may follow would wait in the call's mailbox behind later calls'
   * PUBLISH, and progress updates would leave request order.
   */
  private settle(event: Extract<SchedulerEvent, { type: 'CALL_SETTLED' }>): void {
    const scheduler = this.scheduler;
    queueMicrotask(() => scheduler.send(event));
  }

  /**
   * START goes out once the scheduler's own transition is over, as XState's `sendTo` would deliver it:
   * sent from inside the scheduler's action, a call's hooks and tool would run inside that action, and an
   * actor they create there (an agent hook's sub-agent session, a tool's own machine) would make XState's
   * development build warn that an action called `assign()`.
   */
  private startCalls(indexes: readonly number[]): void {
    queueMicrotask(() => this.sendToCalls(indexes, { type: 'START' }));
  }

  private sendToCalls(
    indexes: readonly number[],
    event: { type: 'START' } | { type: 'PUBLISH' } | { type: 'CANCEL'; reason: string },
  ): void {
    for (const index of indexes) this.actors.get(index)?.send(event);
  }

  private releaseCall(index: number, outcome: ToolCallOutcome | undefined): void {
    this.askQueue.pass(index);
    const actor = this.actors.get(index);
    if (!actor) return;
    this.actors.delete(index);
    actor.stop();
    const batch = this.current;
    if (batch && outcome && batch.outcomes[index] === undefined) {
      batch.outcomes[index] = outcome;
      batch.pending -= 1;
    }
    this.resolveIfComplete();
  }

  /**
   * The machine has published or cancelled every call. A call's PUBLISH may still sit in its actor's
   * mailbox (when it was sent from inside that actor's own notification), so the batch resolves once
   * every outcome has arrived.
   */
  private finishBatch(stop: BatchStop | undefined): void {
    if (!this.current) return;
    this.current.finished = { stop };
    this.resolveIfComplete();
  }

  private resolveIfComplete(): void {
    const batch = this.current;
    if (!batch?.finished || batch.pending > 0) return;
    this.current = undefined;
    batch.signal?.removeEventListener('abort', batch.onAbort);
    batch.releaseHooks();
    const result: ToolBatchResult = { results: batch.outcomes as ToolCallOutcome[] };
    const stop = batch.finished.stop;
    if (stop) result.stopped = { reason: stop.reason, callId: batch.requests[stop.index]!.callId };
    batch.resolve(result);
  }

  private emitUpdate(update: ToolCallUpdate): void {
    for (const listener of this.listeners) {
      try {
        listener(update);
      } catch (error) {
        this.logger.warn(`a tool-call progress listener threw: ${toError(error).message}`);
      }
    }
  }

  /** The scheduler machine itself failed: every call still gets an outcome, and a fresh machine takes over. */
  private recoverFromSchedulerError(error: unknown): void {
    this.logger.error(`tool scheduler machine failed: ${toError(error).message}`);
    this.scheduler = this.createSchedulerActor();
    for (const [index, actor] of [...this.actors]) {
      actor.send({ type: 'CANCEL', reason: 'the tool scheduler failed' });
      if (this.actors.has(index)) this.releaseCall(index, undefined);
    }
    const batch = this.current;
    if (!batch) return;
    this.current = undefined;
    batch.signal?.removeEventListener('abort', batch.onAbort);
    batch.releaseHooks();
    batch.resolve({
      results: batch.outcomes.map((outcome, index) => outcome ?? this.lostCallOutcome(batch.requests[index]!)),
    });
  }

  private lostCallOutcome(request: ToolCallRequest): ToolCallOutcome {
    return errorCallOutcome(
      request,
      createToolErrorResult(new Error(`tool call "${request.name}" (${request.callId}) ended without a result`)),
    );
  }
}
