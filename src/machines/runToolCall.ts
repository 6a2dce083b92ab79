/**
 * `runToolCall`: one tool call through its own toolCall actor, outside a scheduler (hosts and tests that
 * want the machine without a batch).
 */
import { createActor, type InspectionEvent } from 'xstate';
import type { InspectionRecorder } from '../inspection/recorder.js';
import { recordToolCallState } from './callRecords.js';
import { toolCallMachine, type ToolCallInput } from './toolCall.machine.js';
import type { ToolCallOutcome, ToolCallState } from './types.js';

/** Options for {@link runToolCall}. */
export interface RunToolCallOptions extends ToolCallInput {
  /** Aborting sends CANCEL: the call ends `cancelled` and its hook and tool processes are killed. */
  signal?: AbortSignal;
  /** XState inspection observer for the call's actor (a recorder's own `inspect` is used when this is absent). */
  inspect?: (event: InspectionEvent) => void;
  /** Records the call's XState events and its start and end records, as the scheduler records its calls. */
  recorder?: InspectionRecorder;
  /** A machine with swapped implementations (`toolCallMachine.provide(...)`); default `toolCallMachine`. */
  machine?: typeof toolCallMachine;
}

/**
 * Runs one call through its own toolCall actor outside a scheduler: START, publish as soon as it is
 * buffered, resolve with the machine's output. Never rejects for a failing hook or tool.
 */
export function runToolCall(options: RunToolCallOptions): Promise<ToolCallOutcome> {
  const machine = options.machine ?? toolCallMachine;
  const actor = createActor(machine, {
    input: {
      config: options.config,
      session: options.session,
      request: options.request,
      tool: options.tool,
      availableToolNames: options.availableToolNames,
      askQueue: options.askQueue,
      askPosition: options.askPosition,
    },
    inspect: options.inspect ?? options.recorder?.inspect,
  });
  const recorder = options.recorder?.recordsHookrailRecords ? options.recorder : undefined;
  let lastState: ToolCallState | undefined;
  let startedAt: number | undefined;
  return new Promise<ToolCallOutcome>((resolve, reject) => {
    const onAbort = (): void => actor.send({ type: 'CANCEL', reason: 'aborted' });
    const subscription = actor.subscribe({
      next: (snapshot) => {
        const state = snapshot.value as ToolCallState;
        if (recorder && state !== lastState) {
          lastState = state;
          startedAt = recordToolCallState({
            recorder,
            actorId: actor.sessionId,
            context: snapshot.context,
            state,
            startedAt,
          });
        }
        if (snapshot.status === 'done') {
          options.signal?.removeEventListener('abort', onAbort);
          subscription.unsubscribe();
          resolve(snapshot.output);
        } else if (snapshot.value === 'buffered') {
          actor.send({ type: 'PUBLISH' });
        }
      },
      error: (error) => {
        options.signal?.removeEventListener('abort', onAbort);
        reject(error);
      },
    });
    actor.start();
    if (options.signal?.aborted) onAbort();
    else {
      options.signal?.addEventListener('abort', onAbort, { once: true });
      actor.send({ type: 'START' });
    }
  });
}
