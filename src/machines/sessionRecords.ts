/**
 * The `hookrail.session` records (inspection/records.ts) of a session's progress events: what the
 * report's timeline and session section show between the calls — SessionStart, each turn, a
 * blocked prompt, an AfterAgent continuation, a stop, a compaction, a hook's message, a prompt's
 * result, SessionEnd.
 */
import { excerptText, type SessionRecord } from '../inspection/records.js';
import type { AgentEvent } from './types.js';

/** The record of a progress event, or `undefined` for the events other records cover (calls, updates). */
export function sessionRecordOf(
  event: AgentEvent,
  sessionId: string,
  time: number = Date.now(),
): SessionRecord | undefined {
  const record = (fields: Omit<SessionRecord, 'type' | 'time' | 'sessionId'>): SessionRecord => ({
    type: 'hookrail.session',
    time,
    sessionId,
    ...fields,
  });
  switch (event.type) {
    case 'session_start':
      return record({ event: 'start', reason: event.source });
    case 'session_end':
      return record({
        event: 'end',
        reason: event.timedOut ? `${event.reason} (SessionEnd hooks timed out)` : event.reason,
      });
    case 'prompt_blocked':
      return record({ event: 'prompt_blocked', reason: excerptText(event.reason) });
    case 'turn_start':
      return record({ event: 'turn', turn: event.turn });
    case 'continued':
      return record({ event: 'continue', turn: event.turn, reason: excerptText(event.reason) });
    case 'stopped':
      return record({ event: 'stop', turn: event.turn, reason: excerptText(event.reason) });
    case 'error':
      return record({ event: 'error', turn: event.turn, reason: excerptText(event.message) });
    case 'compacted':
      return record({ event: 'compact' });
    case 'hook_message':
      return record({ event: 'notification', reason: excerptText(`${event.eventName}: ${event.message}`) });
    case 'done': {
      const { result } = event;
      const reason = result.stopReason ?? result.blockReason ?? result.errorMessage;
      return record({
        event: 'done',
        status: result.status,
        text: excerptText(result.finalText, 2_000),
        ...(reason !== undefined ? { reason: excerptText(reason) } : {}),
      });
    }
    default:
      return undefined;
  }
}
