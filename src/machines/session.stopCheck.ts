/**
 * The session's `stopCheck` state: AfterAgent / Stop decides whether the agent stops (the prompt, or
 * the whole session), goes on with a reason (bounded by the continuation limit) or completes.
 */
import { DEFAULT_BLOCK_REASON } from '../hooks/protocol/outputs.js';
import { sessionSetup } from './session.setup.js';
import { continuationLimitMessage } from './sessionState.js';
import {
  actorInput,
  clearIfRequested,
  finish,
  hookMessage,
  stopEndingPrompt,
  stopEndingSession,
  warnActor,
} from './sessionTransitions.js';

/** The `stopCheck` state of session.machine.ts. */
export const stopCheckState = sessionSetup.createStateConfig({
  description:
    'AfterAgent / Stop: decision block + reason (+ context) makes the agent go on (stop_hook_active, bounded); continue:false ends the prompt (the session too with stopEndsSession); clearContext wipes the conversation first.',
  invoke: {
    id: 'afterAgent',
    src: 'fireAfterAgent',
    input: ({ context }) => ({
      ...actorInput(context),
      prompt: context.prompt!.text,
      response: context.prompt!.finalText,
      stopHookActive: context.prompt!.continuations > 0,
    }),
    onDone: [
      {
        guard: { type: 'promptAborted', params: ({ event }) => event.output },
        target: 'idle',
        actions: finish({ status: 'aborted' }),
      },
      {
        guard: { type: 'sessionStopRequested', params: ({ event }) => event.output },
        target: 'ending',
        actions: [hookMessage('AfterAgent'), ...stopEndingSession()],
      },
      {
        guard: { type: 'promptStopRequested', params: ({ event }) => event.output },
        target: 'idle',
        actions: [hookMessage('AfterAgent'), ...clearIfRequested(), ...stopEndingPrompt()],
      },
      {
        guard: { type: 'continuationRequested', params: ({ event }) => event.output },
        target: 'turn',
        actions: [
          hookMessage('AfterAgent'),
          ...clearIfRequested(),
          {
            type: 'continueWithReason',
            params: ({ event }) => ({
              reason: event.output.reason ?? DEFAULT_BLOCK_REASON,
              additionalContext: event.output.additionalContext,
            }),
          },
          {
            type: 'report',
            params: ({ context, event }) => ({
              type: 'continued',
              turn: context.prompt!.turn,
              reason: event.output.reason ?? DEFAULT_BLOCK_REASON,
              continuation: context.prompt!.continuations,
            }),
          },
        ],
      },
      {
        guard: { type: 'continuationRefused', params: ({ event }) => event.output },
        target: 'idle',
        actions: [
          hookMessage('AfterAgent'),
          ...finish(({ context }) => ({
            status: 'continuation_limit',
            stopReason: continuationLimitMessage(context.limits.maxContinuations),
          })),
        ],
      },
      {
        target: 'idle',
        actions: [
          hookMessage('AfterAgent'),
          {
            type: 'keepStopContext',
            params: ({ event }) => ({ additionalContext: event.output.additionalContext }),
          },
          ...finish({ status: 'completed' }),
        ],
      },
    ],
    onError: { target: 'idle', actions: [warnActor('AfterAgent hook'), ...finish({ status: 'completed' })] },
  },
});
