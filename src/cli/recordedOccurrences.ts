/**
 * Every event a recorded run fired, read from its call, model and session records (not only from
 * the hooks that ran): each tool call's BeforeTool and, when the tool ran, its AfterTool; each
 * model call's BeforeModel, BeforeToolSelection and, when it answered, AfterModel; SessionStart,
 * each prompt's BeforeAgent and AfterAgent, PreCompress, Notification and SessionEnd. With the
 * planner context each fire had, so `hooks coverage` can ask the planner which hooks it selects.
 */
import { HookEventName } from '../hooks/protocol/events.js';
import type { HookEventContext } from '../hooks/protocol/hookConfig.js';
import type { InspectionLine } from '../inspection/records.js';

/** One recorded fire of an event, with its planner context. */
export interface RecordedOccurrence {
  eventName: HookEventName;
  context: HookEventContext;
}

/** Tool-call outcomes after which the tool ran, so AfterTool fired. */
const ranOutcomes = new Set(['success', 'error', 'suppressed']);

/** The fires of a recording, in recording order. */
export function recordedOccurrences(records: readonly InspectionLine[]): RecordedOccurrence[] {
  const afterToolCalls = new Set(
    records.flatMap((record) =>
      record.type === 'hookrail.hook' && record.eventName === HookEventName.AfterTool && record.callId
        ? [record.callId]
        : [],
    ),
  );
  const occurrences: RecordedOccurrence[] = [];
  const add = (eventName: HookEventName, context: HookEventContext = {}): void =>
    void occurrences.push({ eventName, context });
  for (const record of records) {
    switch (record.type) {
      case 'hookrail.call': {
        const context: HookEventContext = {
          toolName: record.toolName,
          ...(record.args ? { toolInput: record.args } : {}),
        };
        if (record.phase === 'start') add(HookEventName.BeforeTool, context);
        else if (ranOutcomes.has(record.outcome ?? '') || afterToolCalls.has(record.callId))
          add(HookEventName.AfterTool, { ...context, toolFailed: record.outcome === 'error' });
        break;
      }
      case 'hookrail.model':
        if (record.phase === 'start') {
          add(HookEventName.BeforeModel);
          add(HookEventName.BeforeToolSelection);
        } else if (record.outcome === 'completed') add(HookEventName.AfterModel);
        break;
      case 'hookrail.session': {
        const matchValue = record.reason !== undefined ? { matchValue: record.reason } : {};
        if (record.event === 'start') add(HookEventName.SessionStart, matchValue);
        else if (record.event === 'prompt') add(HookEventName.BeforeAgent);
        else if (record.event === 'continue' || record.event === 'done') add(HookEventName.AfterAgent);
        else if (record.event === 'compact') add(HookEventName.PreCompress, matchValue);
        else if (record.event === 'notification') add(HookEventName.Notification);
        else if (record.event === 'end') add(HookEventName.SessionEnd, matchValue);
        break;
      }
      default:
        break;
    }
  }
  return occurrences;
}
