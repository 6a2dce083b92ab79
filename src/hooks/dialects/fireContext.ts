/**
 * What a fire must know for hooks in every dialect to be planned right, read from its native fields:
 * the tool name, whether the tool failed (Claude's PostToolUse vs PostToolUseFailure), and the
 * lifecycle value Claude Code and Gemini CLI hooks match on.
 */
import { HookEventName, isToolEvent } from '../protocol/events.js';
import type { HookEventContext } from '../protocol/hookConfig.js';
import { isPlainObject } from '../../values.js';
import { isFailedToolResponse } from './claudeToolResponse.js';
import { lifecycleMatchField } from './lifecycleValues.js';

/** The planner context of a fire with these event fields (native names). */
export function fireContextOf(eventName: HookEventName, fields: Record<string, unknown>): HookEventContext {
  if (isToolEvent(eventName)) {
    const toolName = typeof fields['tool_name'] === 'string' ? fields['tool_name'] : undefined;
    if (toolName === undefined) return {};
    if (eventName !== HookEventName.AfterTool || !isPlainObject(fields['tool_response'])) return { toolName };
    return { toolName, toolFailed: isFailedToolResponse(toolName, fields['tool_response']) };
  }
  const field = lifecycleMatchField(eventName);
  const value = field === undefined ? undefined : fields[field];
  return typeof value === 'string' ? { matchValue: value } : {};
}
