/**
 * The agent session as an XState v5 machine (docs/architecture.md, "The machines"): starting
 * (SessionStart) → idle → beforeAgent (BeforeAgent / UserPromptSubmit) → turn (a modelCall machine,
 * then the tool batch through the scheduler, again until the model answers without calls) →
 * stopCheck (AfterAgent / Stop) → idle …, compacting (PreCompress) when the history passes its
 * budget or on request, clearing and ending (SessionEnd, bounded wait) → done. Every hook outcome
 * is a transition; the implementations are named in session.setup.ts, so hosts and tests can swap
 * one with `.provide()`.
 */
import { toError } from '../errors.js';
import type {
  AfterAgentHookResult,
  BeforeAgentHookResult,
  LifecycleHookResult,
} from '../hooks/triggers/lifecycleHookTriggers.js';
import { DEFAULT_BLOCK_REASON } from '../hooks/protocol/outputs.js';
import type { ModelCallOutput } from './modelCall.machine.js';
import type { BlockedCompaction, CompactionOutput, SessionActorInput, ToolBatchOutput } from './sessionActors.js';
import { sessionSetup } from './session.setup.js';
import { continuationLimitMessage, type PromptEnding, type SessionContext } from './sessionState.js';

export type { SessionEvent, SessionMachineInput } from './session.setup.js';

function actorInput(context: SessionContext): SessionActorInput {
  return { services: context.services, history: context.history, promptSignal: context.prompt?.signal };
}

/** The two actions that end a prompt: record its result, then report it. */
function finish(ending: PromptEnding | ((args: { context: SessionContext; event: unknown }) => PromptEnding)) {
  return [
    {
      type: 'finishPrompt',
      params: (args: { context: SessionContext; event: unknown }) =>
        typeof ending === 'function' ? ending(args) : ending,
    },
    'reportPromptResult',
  ] as const;
}

function hookMessage(eventName: string) {
  return {
    type: 'reportHookMessage',
    params: ({ event }: { event: { output?: LifecycleHookResult } }) => ({
      eventName,
      message: event.output?.systemMessage,
    }),
  } as const;
}

/** Gemini CLI's AfterAgent `clearContext` with a stop or a block: the conversation is wiped, and the transcript says so. */
function clearIfRequested() {
  const params = ({ event }: { event: { output?: AfterAgentHookResult } }) => ({
    clear: event.output?.clearContext === true,
  });
  return [
    { type: 'clearConversation', params },
    { type: 'reportConversationCleared', params },
  ] as const;
}

function reportBlockedCompaction() {
  return {
    type: 'report',
    params: ({ event }: { event: { output: BlockedCompaction | CompactionOutput } }) => {
      const blocked = event.output as BlockedCompaction;
      return { type: 'compaction_blocked' as const, trigger: blocked.trigger, reason: blocked.reason };
    },
  } as const;
}

/** A turn's actor failed: the error is reported on the turn, and the prompt ends with it. */
function endWithError() {
  return [
    {
      type: 'report',
      params: ({ context, event }: { context: SessionContext; event: { error?: unknown } }) => ({
        type: 'error' as const,
        turn: context.prompt!.turn,
        message: toError(event.error).message,
      }),
    },
    ...finish(({ event }) => ({
      status: 'error',
      errorMessage: toError((event as { error: unknown }).error).message,
    })),
  ] as const;
}

function warnActor(what: string) {
  return {
    type: 'warnActorFailed',
    params: ({ event }: { event: { error?: unknown } }) => ({ what, error: event.error }),
  } as const;
}

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
            actions: [
              hookMessage('BeforeAgent'),
              { type: 'acceptPrompt', params: {} },
              ...finish(({ event }) => ({
                status: 'stopped',
                stopReason: (event as { output: BeforeAgentHookResult }).output.stopReason,
                sessionEnded: true,
              })),
              { type: 'setEndReason', params: { reason: 'other' } },
            ],
          },
          {
            // As Gemini CLI does, the prompt stays in the history and the transcript; the input is the user's again.
            guard: { type: 'promptStopRequested', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              hookMessage('BeforeAgent'),
              { type: 'acceptPrompt', params: {} },
              ...finish(({ event }) => ({
                status: 'stopped',
                stopReason: (event as { output: BeforeAgentHookResult }).output.stopReason,
              })),
            ],
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
    turn: {
      description:
        'One model call (the modelCall machine), then its tool calls (the scheduler), until the model answers without calls.',
      initial: 'checkingLimits',
      states: {
        checkingLimits: {
          always: [
            { guard: 'turnLimitReached', target: '#session.idle', actions: finish({ status: 'max_turns' }) },
            {
              guard: 'overTokenBudget',
              target: '#session.compacting',
              actions: { type: 'requestCompaction', params: { trigger: 'auto' } },
            },
            { target: 'callingModel' },
          ],
        },
        callingModel: {
          entry: [
            'beginTurn',
            { type: 'report', params: ({ context }) => ({ type: 'turn_start', turn: context.prompt!.turn }) },
          ],
          invoke: {
            id: 'callModel',
            src: 'callModel',
            input: ({ context }) => ({
              ...actorInput(context),
              prompt: context.prompt?.text,
              response: context.prompt?.finalText,
            }),
            onDone: [
              {
                guard: { type: 'modelCallAborted', params: ({ event }) => event.output },
                target: '#session.idle',
                actions: finish({ status: 'aborted' }),
              },
              {
                guard: { type: 'modelCallFailed', params: ({ event }) => event.output },
                target: '#session.idle',
                actions: [
                  {
                    type: 'report',
                    params: ({ context, event }) => ({
                      type: 'error',
                      turn: context.prompt!.turn,
                      message: failureMessage(event.output.call),
                    }),
                  },
                  ...finish(({ event }) => ({
                    status: 'error',
                    errorMessage: failureMessage((event as { output: { call: ModelCallOutput } }).output.call),
                  })),
                ],
              },
              {
                guard: { type: 'modelCallStopped', params: ({ event }) => event.output },
                target: '#session.idle',
                actions: [
                  { type: 'recordModelCall', params: ({ event }) => event.output },
                  {
                    type: 'report',
                    params: ({ context, event }) => ({
                      type: 'stopped',
                      turn: context.prompt!.turn,
                      reason: event.output.call.stopReason ?? '',
                    }),
                  },
                  ...finish(({ event }) => ({
                    status: 'stopped',
                    stopReason: (event as { output: { call: ModelCallOutput } }).output.call.stopReason ?? '',
                  })),
                ],
              },
              {
                guard: { type: 'answerHasFunctionCalls', params: ({ event }) => event.output },
                target: 'runningTools',
                actions: [{ type: 'recordModelCall', params: ({ event }) => event.output }, 'reportModelResponse'],
              },
              {
                target: '#session.stopCheck',
                actions: [{ type: 'recordModelCall', params: ({ event }) => event.output }, 'reportModelResponse'],
              },
            ],
            onError: {
              target: '#session.idle',
              actions: endWithError(),
            },
          },
        },
        runningTools: {
          invoke: {
            id: 'toolBatch',
            src: 'runToolBatch',
            input: ({ context }) => ({
              ...actorInput(context),
              request: context.prompt!.lastCall!.request,
              functionCalls: context.prompt!.functionCalls,
            }),
            onDone: [
              {
                guard: { type: 'batchAborted', params: ({ event }) => event.output },
                target: '#session.idle',
                actions: [
                  { type: 'recordToolResults', params: ({ event }) => event.output },
                  { type: 'reportToolResults', params: ({ event }) => event.output },
                  ...finish({ status: 'aborted' }),
                ],
              },
              {
                guard: { type: 'batchStopped', params: ({ event }) => event.output },
                target: '#session.idle',
                actions: [
                  { type: 'recordToolResults', params: ({ event }) => event.output },
                  { type: 'reportToolResults', params: ({ event }) => event.output },
                  {
                    type: 'report',
                    params: ({ context, event }) => ({
                      type: 'stopped',
                      turn: context.prompt!.turn,
                      reason: event.output.stopReason ?? '',
                    }),
                  },
                  ...finish(({ event }) => ({
                    status: 'stopped',
                    stopReason: (event as { output: ToolBatchOutput }).output.stopReason,
                  })),
                ],
              },
              {
                target: 'checkingLimits',
                actions: [
                  { type: 'recordToolResults', params: ({ event }) => event.output },
                  { type: 'reportToolResults', params: ({ event }) => event.output },
                ],
              },
            ],
            onError: {
              target: '#session.idle',
              actions: endWithError(),
            },
          },
        },
      },
    },
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
    stopCheck: {
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
            actions: [
              hookMessage('AfterAgent'),
              ...finish(({ event }) => ({
                status: 'stopped',
                stopReason: (event as { output: AfterAgentHookResult }).output.stopReason,
                sessionEnded: true,
              })),
              { type: 'setEndReason', params: { reason: 'other' } },
            ],
          },
          {
            guard: { type: 'promptStopRequested', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              hookMessage('AfterAgent'),
              ...clearIfRequested(),
              ...finish(({ event }) => ({
                status: 'stopped',
                stopReason: (event as { output: AfterAgentHookResult }).output.stopReason,
              })),
            ],
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
    },
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

function failureMessage(call: ModelCallOutput): string {
  return call.error?.message ?? 'the model call failed';
}
