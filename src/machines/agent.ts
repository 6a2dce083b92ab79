/**
 * `runAgent`: the one-prompt convenience over the session machine. It starts a session
 * (SessionStart), answers the prompt (BeforeAgent, model calls and tool batches, AfterAgent), and
 * ends the session (SessionEnd, reason `exit`). Hook behaviour is the same in every mode: nothing
 * here reads a TTY (HOOK-125).
 */
import { toError } from '../errors.js';
import { createAgentSession, DEFAULT_MAX_TURNS, type AgentSessionOptions } from './session.js';
import type { AgentEvent, AgentRunResult } from './types.js';

export { DEFAULT_MAX_TURNS };

/** Options for {@link runAgent}: a session's options plus the prompt's abort signal. */
export interface AgentOptions extends Omit<AgentSessionOptions, 'resume'> {
  /** Aborting ends the run with status `aborted`: hook processes are killed, the stream and tools aborted. */
  signal?: AbortSignal;
}

/** The session's own events; `runAgent` reports only the prompt's. */
const sessionEventTypes: ReadonlySet<AgentEvent['type']> = new Set(['session_start', 'session_end']);

/**
 * HOOK-040, 048, 058, 125, 202: answers one prompt in a session of its own and resolves with how it
 * ended. Never rejects: a failing model or an unexpected error gives status `error` with the message.
 */
export async function runAgent(prompt: string, options: AgentOptions): Promise<AgentRunResult> {
  const { signal, onEvent, ...sessionOptions } = options;
  const forward = onEvent
    ? (event: AgentEvent) => (sessionEventTypes.has(event.type) ? undefined : onEvent(event))
    : undefined;
  try {
    const session = createAgentSession({ ...sessionOptions, ...(forward ? { onEvent: forward } : {}) });
    try {
      return await session.prompt(prompt, { signal });
    } finally {
      await session.end('exit');
    }
  } catch (error) {
    const message = toError(error).message;
    const result: AgentRunResult = {
      status: 'error',
      errorMessage: message,
      finalText: '',
      turns: 0,
      history: [],
      toolCalls: [],
      continuations: 0,
    };
    for (const event of [
      { type: 'error', turn: 0, message },
      { type: 'done', result },
    ] as const) {
      try {
        forward?.(event);
      } catch (listenerError) {
        options.config
          .getDebugLogger()
          .child('agent')
          .warn(`onEvent listener threw on a "${event.type}" event; ignored: ${toError(listenerError).message}`);
      }
    }
    return result;
  }
}
