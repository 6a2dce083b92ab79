/**
 * A stdin payload in Claude Code's terms read back into hookrail's native event and fields: the
 * reverse of claudeInput.ts. `hooks fire PreToolUse --tool Bash ...` builds the payload Claude Code
 * would send and fires its native meaning, so native, Gemini CLI and Claude Code hooks of one fire all
 * see the same call, each in its dialect; the tests use it to compare Claude Code's own payloads with
 * the ones hookrail sends.
 *
 * A tool named with hookrail's name (`run_shell_command`) keeps its arguments and result as given;
 * a tool named with Claude's (`Bash`) has Claude's arguments and output shape, which are translated.
 */
import type { HookEventName } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';
import { claudeEventNames, isClaudeEventName, type ClaudeEventName } from './claudeEvents.js';
import { fromClaudeToolResponse } from './claudeToolResponse.js';
import { toNativeLifecycleValue } from './lifecycleValues.js';
import { toNativeToolInput } from './toolArguments.js';
import { isClaudeToolName, toNativeToolName } from './toolNames.js';

/** A Claude payload's native meaning. */
export interface NativeFire {
  eventName: HookEventName;
  claudeEvent: ClaudeEventName;
  /** The native input's fields (the base fields only where the payload has them). */
  fields: Record<string, unknown>;
  /** Claude's `tool_use_id`. */
  toolUseId?: string;
  /** AfterTool: Claude said the tool failed (PostToolUseFailure) or succeeded (PostToolUse). */
  toolFailed?: boolean;
  /** SubagentStop. */
  subagent?: boolean;
  /** PostCompact, StopFailure, SubagentStart, PermissionRequest and PostToolBatch: the Claude-only event fired on its nearest hookrail event (HookFireOptions.moment). */
  moment?: ClaudeEventName;
}

const exitCodeError = /^Exit code (\d+)(?:\n([\s\S]*))?$/;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reads a Claude Code stdin payload; `undefined` when `hook_event_name` is not a Claude event hookrail fires. */
export function fromClaudeInput(
  payload: Record<string, unknown>,
  options: { cwd?: string } = {},
): NativeFire | undefined {
  const claudeEvent = payload['hook_event_name'];
  if (!isClaudeEventName(claudeEvent)) return undefined;
  const eventName = claudeEventNames[claudeEvent];
  const fields: Record<string, unknown> = {};
  for (const key of ['session_id', 'transcript_path', 'cwd'] as const)
    if (payload[key] !== undefined) fields[key] = payload[key];
  const cwd = text(payload['cwd']) || options.cwd || process.cwd();
  const fire: NativeFire = { eventName, claudeEvent, fields };
  for (const key of ['agent_id', 'agent_type'] as const)
    if (typeof payload[key] === 'string') fields[key] = payload[key];
  switch (claudeEvent) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure': {
      const givenName = text(payload['tool_name']);
      const toolName = toNativeToolName(givenName);
      const claudeNamed = isClaudeToolName(givenName);
      const toolInput = isPlainObject(payload['tool_input']) ? payload['tool_input'] : {};
      const nativeInput = nativeToolInputOf(givenName, toolInput, cwd);
      fields['tool_name'] = toolName;
      fields['tool_input'] = nativeInput;
      if (typeof payload['tool_use_id'] === 'string') fire.toolUseId = payload['tool_use_id'];
      if (claudeEvent === 'PostToolUse') {
        const response = payload['tool_response'];
        fields['tool_response'] =
          claudeNamed || !isPlainObject(response) || typeof response['llmContent'] !== 'string'
            ? fromClaudeToolResponse(response, { toolName, toolInput: nativeInput, cwd })
            : response;
        fire.toolFailed = false;
      } else if (claudeEvent === 'PostToolUseFailure') {
        fields['tool_response'] = failedToolResponse(
          toolName,
          text(payload['error']),
          payload['is_interrupt'] === true,
        );
        fire.toolFailed = true;
      }
      break;
    }
    case 'PermissionRequest': {
      const givenName = text(payload['tool_name']);
      fields['tool_name'] = toNativeToolName(givenName);
      fields['tool_input'] = nativeToolInputOf(givenName, payload['tool_input'], cwd);
      fields['permission_suggestions'] = Array.isArray(payload['permission_suggestions'])
        ? payload['permission_suggestions']
        : [];
      fire.moment = claudeEvent;
      break;
    }
    case 'PostToolBatch':
      fields['tool_calls'] = (Array.isArray(payload['tool_calls']) ? payload['tool_calls'] : [])
        .filter(isPlainObject)
        .map((call) => {
          const givenName = text(call['tool_name']);
          const nativeCall: Record<string, unknown> = {
            tool_name: toNativeToolName(givenName),
            tool_input: nativeToolInputOf(givenName, call['tool_input'], cwd),
            tool_use_id: text(call['tool_use_id']),
          };
          if (typeof call['tool_response'] === 'string') nativeCall['tool_response'] = call['tool_response'];
          return nativeCall;
        });
      fire.moment = claudeEvent;
      break;
    case 'UserPromptSubmit':
      fields['prompt'] = text(payload['prompt']);
      break;
    case 'Stop':
    case 'SubagentStop':
      fields['prompt'] = text(payload['prompt']);
      fields['prompt_response'] = text(payload['last_assistant_message'] ?? payload['prompt_response']);
      fields['stop_hook_active'] = payload['stop_hook_active'] === true;
      if (claudeEvent === 'SubagentStop') fire.subagent = true;
      break;
    case 'SessionStart':
      fields['source'] = toNativeLifecycleValue(eventName, text(payload['source']) || 'startup');
      break;
    case 'SessionEnd':
      fields['reason'] = toNativeLifecycleValue(eventName, text(payload['reason']) || 'other');
      break;
    case 'PreCompact':
      fields['trigger'] = text(payload['trigger']) || 'manual';
      if (text(payload['custom_instructions']) !== '') fields['custom_instructions'] = payload['custom_instructions'];
      break;
    case 'SubagentStart':
      fields['prompt'] = '';
      fire.moment = claudeEvent;
      break;
    case 'PostCompact':
      fields['trigger'] = text(payload['trigger']) || 'manual';
      fields['compact_summary'] = text(payload['compact_summary']);
      fire.moment = claudeEvent;
      break;
    case 'StopFailure':
      fields['prompt_response'] = text(payload['last_assistant_message']);
      fields['stop_hook_active'] = false;
      // Claude Code's `error` is the error's type; `error_details` the rest.
      fields['error_type'] = text(payload['error']) || 'unknown';
      fields['error'] = '';
      fields['error_message'] = text(payload['error_details']);
      fire.moment = claudeEvent;
      break;
    case 'Notification':
      fields['notification_type'] = toNativeLifecycleValue(eventName, text(payload['notification_type']));
      fields['message'] = text(payload['message']);
      fields['details'] = isPlainObject(payload['details']) ? payload['details'] : {};
      if (typeof payload['title'] === 'string') fields['title'] = payload['title'];
      break;
  }
  return fire;
}

/** A tool's arguments in the native names: a tool named the Claude way has Claude's argument names, translated. */
function nativeToolInputOf(givenName: string, toolInput: unknown, cwd: string): Record<string, unknown> {
  const given = isPlainObject(toolInput) ? toolInput : {};
  return isClaudeToolName(givenName) ? toNativeToolInput(toNativeToolName(givenName), given, { cwd }) : { ...given };
}

/**
 * The native result of a call Claude reports as failed: a shell command's `Exit code N` becomes its
 * exit code and output (as the shell tool reports a non-zero exit); anything else an error result.
 */
export function failedToolResponse(toolName: string, error: string, isInterrupt: boolean): Record<string, unknown> {
  const exit = toolName === 'run_shell_command' ? exitCodeError.exec(error) : null;
  if (exit) {
    const output = exit[2] ?? '';
    return {
      llmContent: output,
      returnDisplay: output,
      metadata: { exitCode: Number(exit[1]), signal: null, stdout: output, stderr: '' },
    };
  }
  const message = error === '' ? 'The tool failed' : error;
  return {
    llmContent: message,
    returnDisplay: message,
    error: { message, type: isInterrupt ? 'cancelled' : 'tool_failed' },
  };
}
