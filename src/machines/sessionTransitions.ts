/**
 * The action lists the session machine's transitions share (session.machine.ts and its states in
 * session.turn.ts and session.stopCheck.ts): ending a prompt, reporting a hook's system message, a
 * failed actor. Each returns named actions of session.setup.ts with their params.
 */
import { toError } from '../errors.js';
import type { AfterAgentHookResult, LifecycleHookResult } from '../hooks/triggers/lifecycleHookTriggers.js';
import type { ModelCallOutput } from './modelCall.machine.js';
import type { SessionActorInput } from './sessionActors.js';
import type { BlockedCompaction, CompactionOutput } from './sessionCompaction.js';
import type { PromptEnding, SessionContext } from './sessionState.js';

/** What every session actor is given. */
export function actorInput(context: SessionContext): SessionActorInput {
  return { services: context.services, history: context.history, promptSignal: context.prompt?.signal };
}

/** The two actions that end a prompt: record its result, then report it. */
export function finish(ending: PromptEnding | ((args: { context: SessionContext; event: unknown }) => PromptEnding)) {
  return [
    {
      type: 'finishPrompt',
      params: (args: { context: SessionContext; event: unknown }) =>
        typeof ending === 'function' ? ending(args) : ending,
    },
    'reportPromptResult',
  ] as const;
}

/** A lifecycle hook's system message, reported under its event. */
export function hookMessage(eventName: string) {
  return {
    type: 'reportHookMessage',
    params: ({ event }: { event: { output?: LifecycleHookResult } }) => ({
      eventName,
      message: event.output?.systemMessage,
    }),
  } as const;
}

/** Gemini CLI's AfterAgent `clearContext` with a stop or a block: the conversation is wiped, and the transcript says so. */
export function clearIfRequested() {
  const params = ({ event }: { event: { output: AfterAgentHookResult } }) => ({
    clear: event.output.clearContext === true,
  });
  return [
    { type: 'clearConversation', params },
    { type: 'reportConversationCleared', params },
  ] as const;
}

/** A PreCompress block, reported. */
export function reportBlockedCompaction() {
  return {
    type: 'report',
    params: ({ event }: { event: { output: BlockedCompaction | CompactionOutput } }) => {
      const blocked = event.output as BlockedCompaction;
      return { type: 'compaction_blocked' as const, trigger: blocked.trigger, reason: blocked.reason };
    },
  } as const;
}

/** A turn's actor failed: the error is reported on the turn, and the prompt ends with it. */
export function endWithError() {
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

/** An actor that failed outside a turn, warned about with what it was. */
export function warnActor(what: string) {
  return {
    type: 'warnActorFailed',
    params: ({ event }: { event: { error?: unknown } }) => ({ what, error: event.error }),
  } as const;
}

/** What a failed model call says. */
export function failureMessage(call: ModelCallOutput): string {
  return call.error?.message ?? 'the model call failed';
}

/** A BeforeAgent or AfterAgent hook stopped the prompt: it finishes `stopped` with the hook's reason. */
export function stopEndingPrompt(options: { sessionEnded?: true } = {}) {
  return finish(({ event }) => ({
    status: 'stopped',
    stopReason: (event as { output: { stopReason?: string } }).output.stopReason,
    ...options,
  }));
}

/**
 * A BeforeAgent or AfterAgent hook stopped, and the stop ends the session (`stopEndsSession`): the
 * prompt finishes `stopped` with the hook's reason, and SessionEnd will say `other`.
 */
export function stopEndingSession() {
  return [...stopEndingPrompt({ sessionEnded: true }), { type: 'setEndReason', params: { reason: 'other' } }] as const;
}
