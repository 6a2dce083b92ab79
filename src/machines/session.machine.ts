/**
 * The agent session as an XState v5 machine (docs/architecture.md, "The machines"): starting
 * (SessionStart) → idle → beforeAgent (BeforeAgent / UserPromptSubmit) → turn (a modelCall machine,
 * then the tool batch through the scheduler, again until the model answers without calls) →
 * stopCheck (AfterAgent / Stop) → idle …, compacting (PreCompress) when the history passes its
 * budget or on request, clearing and ending (SessionEnd, bounded wait) → done. Every hook outcome
 * is a transition; the implementations are named in session.setup.ts, so hosts and tests can swap
 * one with `.provide()`.
 */
import { DEFAULT_BLOCK_REASON } from '../hooks/protocol/outputs.js';
import type { BeforeAgentHookResult } from '../hooks/triggers/lifecycleHookTriggers.js';
import type { CompactionOutput } from './sessionCompaction.js';
import { sessionSetup } from './session.setup.js';
import { stopCheckState } from './session.stopCheck.js';
import { turnState } from './session.turn.js';
import {
  actorInput,
  finish,
  hookMessage,
  reportBlockedCompaction,
  stopEndingPrompt,
  stopEndingSession,
  warnActor,
} from './sessionTransitions.js';

export type { SessionEvent, SessionMachineInput } from './session.setup.js';

/** HOOK-081, HOOK-203 and beyond: the session's states and transitions. */
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({
    services: input.services,
    limits: input.limits,
    history: input.history ?? [],
    startSource: input.source ?? 'startup',
    resumeTurn: false,
    compactionTrigger: 'auto',
    endReason: 'exit',
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'SessionStart (startup, resume, clear, compact): its additionalContext joins the history.',
      invoke: {
        id: 'sessionStart',
        src: 'fireSessionStart',
        input: ({ context }) => ({ ...actorInput(context), source: context.startSource }),
        onDone: [
          {
            guard: 'resumesTurn',
            target: 'turn.callingModel',
            actions: [{ type: 'applyStartContext', params: ({ event }) => event.output }, hookMessage('SessionStart')],
          },
          {
            target: 'idle',
            actions: [{ type: 'applyStartContext', params: ({ event }) => event.output }, hookMessage('SessionStart')],
          },
        ],
        onError: [
          {
            guard: 'resumesTurn',
            target: 'turn.callingModel',
            actions: [warnActor('SessionStart hook'), 'endResumedTurn'],
          },
          { target: 'idle', actions: warnActor('SessionStart hook') },
        ],
      },
      exit: {
        type: 'report',
        params: ({ context }) => ({
          type: 'session_start',
          source: context.startSource,
          transcriptPath: context.services.transcript.path,
        }),
      },
    },
    idle: {
      description: 'Waiting for the next prompt.',
      on: {
        PROMPT: { target: 'beforeAgent', actions: { type: 'startPrompt', params: ({ event }) => event } },
        COMPACT: {
          guard: 'canCompact',
          target: 'compacting',
          actions: { type: 'requestCompaction', params: { trigger: 'manual' } },
        },
        CLEAR: { target: 'clearing' },
        END: { target: 'ending', actions: { type: 'setEndReason', params: ({ event }) => event } },
      },
    },
    beforeAgent: {
      description:
        'BeforeAgent / UserPromptSubmit: block refuses the prompt, continue:false ends the prompt (the session too with stopEndsSession), context joins the prompt.',
      invoke: {
        id: 'beforeAgent',
        src: 'fireBeforeAgent',
        input: ({ context }) => ({ ...actorInput(context), prompt: context.prompt!.text }),
        onDone: [
          {
            guard: { type: 'promptAborted', params: ({ event }) => event.output },
            target: 'idle',
            actions: finish({ status: 'aborted' }),
          },
          {
            guard: { type: 'sessionStopRequested', params: ({ event }) => event.output },
            target: 'ending',
            actions: [hookMessage('BeforeAgent'), { type: 'acceptPrompt', params: {} }, ...stopEndingSession()],
          },
          {
            // As Gemini CLI does, the prompt stays in the history and the transcript; the input is the user's again.
            guard: { type: 'promptStopRequested', params: ({ event }) => event.output },
            target: 'idle',
            actions: [hookMessage('BeforeAgent'), { type: 'acceptPrompt', params: {} }, ...stopEndingPrompt()],
          },
          {
            guard: { type: 'promptBlocked', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              hookMessage('BeforeAgent'),
              {
                type: 'report',
                params: ({ event }) => ({
                  type: 'prompt_blocked',
                  reason: event.output.reason ?? DEFAULT_BLOCK_REASON,
                }),
              },
              ...finish(({ event }) => ({
                status: 'blocked',
                blockReason: (event as { output: BeforeAgentHookResult }).output.reason ?? DEFAULT_BLOCK_REASON,
              })),
            ],
          },
          {
            target: 'turn',
            actions: [
              hookMessage('BeforeAgent'),
              { type: 'acceptPrompt', params: ({ event }) => ({ additionalContext: event.output.additionalContext }) },
            ],
          },
        ],
        onError: { target: 'turn', actions: [warnActor('BeforeAgent hook'), { type: 'acceptPrompt', params: {} }] },
      },
    },
    turn: turnState,
    compacting: {
      description:
        'PreCompress, then the older history is summarised or truncated (never splitting a call from its response); a PreCompress block keeps the history.',
      invoke: {
        id: 'compaction',
        src: 'compactHistory',
        input: ({ context }) => ({ ...actorInput(context), trigger: context.compactionTrigger }),
        onDone: [
          {
            guard: { type: 'compactionBlockedInTurn', params: ({ event }) => event.output },
            target: 'turn.callingModel',
            actions: [hookMessage('PreCompress'), reportBlockedCompaction(), 'markCompactionBlocked', 'endResumedTurn'],
          },
          {
            guard: { type: 'compactionBlocked', params: ({ event }) => event.output },
            target: 'idle',
            actions: [hookMessage('PreCompress'), reportBlockedCompaction()],
          },
          {
            target: 'starting',
            actions: [
              hookMessage('PreCompress'),
              { type: 'applyCompaction', params: ({ event }) => event.output },
              {
                type: 'report',
                params: ({ event }) => ({ type: 'compacted', ...(event.output as CompactionOutput).report }),
              },
            ],
          },
        ],
        onError: [
          { guard: 'resumesTurn', target: 'turn.callingModel', actions: [warnActor('Compaction'), 'endResumedTurn'] },
          { target: 'idle', actions: warnActor('Compaction') },
        ],
      },
    },
    stopCheck: stopCheckState,
    clearing: {
      description:
        'SessionEnd (reason clear, bounded wait), then what its hooks left running is killed, the history is cleared and the session starts again.',
      // However SessionEnd ends (answered, failed, timed out), the leftovers go before SessionStart (clear) runs.
      exit: 'killClearedSessionLeftovers',
      invoke: {
        id: 'sessionEndForClear',
        src: 'fireSessionEnd',
        input: ({ context }) => ({ ...actorInput(context), reason: 'clear' as const }),
        onDone: { target: 'starting', actions: [hookMessage('SessionEnd'), 'clearHistory'] },
        onError: { target: 'starting', actions: [warnActor('SessionEnd hook'), 'clearHistory'] },
      },
      after: {
        sessionEndTimeout: {
          target: 'starting',
          actions: [{ type: 'warnSessionEndTimedOut', params: { reason: 'clear' } }, 'clearHistory'],
        },
      },
    },
    ending: {
      description: 'SessionEnd with its reason; its hooks get a short, bounded time.',
      invoke: {
        id: 'sessionEnd',
        src: 'fireSessionEnd',
        input: ({ context }) => ({ ...actorInput(context), reason: context.endReason }),
        onDone: {
          target: 'done',
          actions: [
            hookMessage('SessionEnd'),
            {
              type: 'report',
              params: ({ context }) => ({ type: 'session_end', reason: context.endReason, timedOut: false }),
            },
          ],
        },
        onError: {
          target: 'done',
          actions: [
            warnActor('SessionEnd hook'),
            {
              type: 'report',
              params: ({ context }) => ({ type: 'session_end', reason: context.endReason, timedOut: false }),
            },
          ],
        },
      },
      after: {
        sessionEndTimeout: {
          target: 'done',
          actions: [
            { type: 'warnSessionEndTimedOut', params: ({ context }) => ({ reason: context.endReason }) },
            {
              type: 'report',
              params: ({ context }) => ({ type: 'session_end', reason: context.endReason, timedOut: true }),
            },
          ],
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ endReason: context.endReason }),
});
