/**
 * The stdin a Claude Code hook receives, built from hookrail's native input right before it is sent
 * (docs/architecture.md, "Dialects"): Claude's `hook_event_name`, tool names and `tool_input` fields, the
 * tool's output in Claude's shape, `tool_use_id`, `permission_mode`, and the per-event fields
 * (`prompt`, `stop_hook_active`, `last_assistant_message`, `source`, `reason`, `trigger`, `message`).
 * Fields follow the order Claude Code writes them; hookrail's `timestamp` is not sent (Claude has none).
 */
import { HookEventName } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';
import { toClaudeEventName, type ClaudeEventName } from './claudeEvents.js';
import { toClaudeToolInput } from './toolArguments.js';
import { toClaudeToolName } from './toolNames.js';
import { toClaudeToolOutcome } from './claudeToolResponse.js';
import { toClaudeLifecycleValue } from './lifecycleValues.js';

/** Claude Code's permission mode; hookrail has no permission prompts, so always the default. */
export const CLAUDE_PERMISSION_MODE = 'default';

/** The events whose stdin carries `permission_mode` in Claude Code's hooks reference. */
const eventsWithPermissionMode: ReadonlySet<ClaudeEventName> = new Set<ClaudeEventName>([
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
]);

/** What the native input does not carry but a Claude hook is told. */
export interface ClaudeInputFacts {
  /** The tool call's id, sent as `tool_use_id`. */
  toolUseId?: string;
  /** AfterAgent for a sub-agent: sent as SubagentStop. */
  subagent?: boolean;
  /** A Claude-only event fired on its nearest hookrail event (claudeEvents.ts): sent under its own name. */
  moment?: string;
}

/** A native input in Claude's terms. */
export interface ClaudeInput {
  /** `undefined` for model events, which Claude Code does not have: their stdin stays native. */
  eventName: ClaudeEventName | undefined;
  payload: Record<string, unknown>;
}

function stringField(input: Record<string, unknown>, key: string): string {
  const value = input[key];
  return typeof value === 'string' ? value : '';
}

/** Sets the optional field `key` when `source` holds text there; Claude Code leaves it out otherwise. */
function copyText(payload: Record<string, unknown>, source: Record<string, unknown>, key: string): void {
  if (typeof source[key] === 'string') payload[key] = source[key];
}

/** Native input → the stdin object Claude Code would send for the same moment. */
export function toClaudeInput(
  eventName: HookEventName,
  input: Record<string, unknown>,
  facts: ClaudeInputFacts = {},
): ClaudeInput {
  const toolName = stringField(input, 'tool_name');
  const toolResponse = isPlainObject(input['tool_response']) ? input['tool_response'] : undefined;
  const cwd = stringField(input, 'cwd') || process.cwd();
  const toolInput = isPlainObject(input['tool_input']) ? input['tool_input'] : {};
  const outcome =
    eventName === HookEventName.AfterTool && toolResponse
      ? toClaudeToolOutcome(toolResponse, { toolName, toolInput, cwd })
      : undefined;
  const claudeEvent = toClaudeEventName(eventName, {
    toolFailed: outcome?.kind === 'failure',
    subagent: facts.subagent,
    moment: facts.moment,
  });
  if (claudeEvent === undefined) return { eventName: undefined, payload: { ...input } };

  const payload: Record<string, unknown> = {
    session_id: input['session_id'],
    transcript_path: input['transcript_path'],
    cwd: input['cwd'],
  };
  if (eventsWithPermissionMode.has(claudeEvent)) payload['permission_mode'] = CLAUDE_PERMISSION_MODE;
  payload['hook_event_name'] = claudeEvent;
  // Inside a sub-agent every event says which one (Claude Code's agent_id and agent_type).
  copyText(payload, input, 'agent_id');
  copyText(payload, input, 'agent_type');

  switch (claudeEvent) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
      payload['tool_name'] = toClaudeToolName(toolName);
      payload['tool_input'] = toClaudeToolInput(toolName, toolInput, { cwd });
      if (outcome?.kind === 'success') payload['tool_response'] = outcome.toolResponse;
      if (facts.toolUseId !== undefined) payload['tool_use_id'] = facts.toolUseId;
      if (outcome?.kind === 'failure') {
        payload['error'] = outcome.error;
        payload['is_interrupt'] = outcome.isInterrupt;
      }
      break;
    case 'PermissionRequest':
      // As Claude Code sends it: the call as PreToolUse sees it, without `tool_use_id`.
      payload['tool_name'] = toClaudeToolName(toolName);
      payload['tool_input'] = toClaudeToolInput(toolName, toolInput, { cwd });
      payload['permission_suggestions'] = Array.isArray(input['permission_suggestions'])
        ? input['permission_suggestions']
        : [];
      break;
    case 'PostToolBatch':
      payload['tool_calls'] = toClaudeBatchCalls(input['tool_calls'], cwd);
      break;
    case 'UserPromptSubmit':
      payload['prompt'] = stringField(input, 'prompt');
      break;
    case 'Stop':
    case 'SubagentStop':
      payload['stop_hook_active'] = input['stop_hook_active'] === true;
      payload['last_assistant_message'] = stringField(input, 'prompt_response');
      break;
    case 'SessionStart':
      payload['source'] = toClaudeLifecycleValue(eventName, stringField(input, 'source'));
      break;
    case 'SessionEnd':
      payload['reason'] = toClaudeLifecycleValue(eventName, stringField(input, 'reason'));
      break;
    case 'PreCompact':
      payload['trigger'] = stringField(input, 'trigger');
      payload['custom_instructions'] = stringField(input, 'custom_instructions');
      break;
    case 'PostCompact':
      payload['trigger'] = stringField(input, 'trigger');
      payload['compact_summary'] = stringField(input, 'compact_summary');
      break;
    case 'StopFailure': {
      // As Claude Code's hooks reference sends it: `error` is the error's type (what matchers test),
      // `error_details` what is known besides (the HTTP status and the API's message).
      payload['error'] = stringField(input, 'error_type') || 'unknown';
      const details = [stringField(input, 'error'), stringField(input, 'error_message')].filter((part) => part !== '');
      if (details.length > 0) payload['error_details'] = details.join(' ');
      payload['last_assistant_message'] = stringField(input, 'prompt_response');
      break;
    }
    case 'Notification':
      payload['message'] = stringField(input, 'message');
      payload['notification_type'] = toClaudeLifecycleValue(eventName, stringField(input, 'notification_type'));
      copyText(payload, input, 'title');
      break;
  }
  return { eventName: claudeEvent, payload };
}

/** A batch's calls in Claude's names: each call's tool name and arguments, its id, and the text the model reads. */
function toClaudeBatchCalls(calls: unknown, cwd: string): Record<string, unknown>[] {
  if (!Array.isArray(calls)) return [];
  return calls.filter(isPlainObject).map((call) => {
    const toolName = stringField(call, 'tool_name');
    const toolInput = isPlainObject(call['tool_input']) ? call['tool_input'] : {};
    const claudeCall: Record<string, unknown> = {
      tool_name: toClaudeToolName(toolName),
      tool_input: toClaudeToolInput(toolName, toolInput, { cwd }),
      tool_use_id: stringField(call, 'tool_use_id'),
    };
    copyText(claudeCall, call, 'tool_response');
    return claudeCall;
  });
}
