/**
 * The stdin a Claude Code hook reads on the moments hookrail fires for Claude alone, when the fire
 * knows less than usual: a model error of no known type, a batch with no calls. The text is what
 * the runner writes to the hook's stdin.
 */
import { describe, expect, it } from 'vitest';
import { openHookConversation } from '../../../src/hooks/dialects/conversation.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookInput } from '../../../src/hooks/protocol/inputs.js';

const base = { session_id: 's-1', transcript_path: '/t.jsonl', cwd: '/home/dev/shop', timestamp: 'x' };

/** The JSON a Claude hook reads for a fire of `eventName` as `moment`, with these native fields. */
function stdinOf(eventName: HookEventName, moment: string, fields: Record<string, unknown>): Record<string, unknown> {
  const conversation = openHookConversation({
    hookConfig: { type: 'command', command: 'true', dialect: 'claude' },
    eventName,
    input: { ...base, hook_event_name: eventName, ...fields } as HookInput,
    moment,
  });
  expect(conversation.eventName).toBe(moment);
  return JSON.parse(conversation.stdin) as Record<string, unknown>;
}

const stopFailure = (fields: Record<string, unknown>) =>
  stdinOf(HookEventName.AfterAgent, 'StopFailure', {
    prompt: 'fix it',
    prompt_response: '',
    stop_hook_active: false,
    ...fields,
  });

describe('a StopFailure hook', () => {
  it('reads the error type and, as error_details, the status and the message joined by a space', () => {
    expect(stopFailure({ error_type: 'rate_limit', error: '429', error_message: 'Too many requests' })).toEqual({
      session_id: 's-1',
      transcript_path: '/t.jsonl',
      cwd: '/home/dev/shop',
      hook_event_name: 'StopFailure',
      error: 'rate_limit',
      error_details: '429 Too many requests',
      last_assistant_message: '',
    });
  });

  it('reads only what is known in error_details, and no error_details when nothing is', () => {
    expect(stopFailure({ error_type: 'unknown', error: '', error_message: 'socket hang up' })['error_details']).toBe(
      'socket hang up',
    );
    expect(stopFailure({ error_type: 'server_error', error: '503', error_message: '' })['error_details']).toBe('503');
    expect(stopFailure({ error_type: 'unknown', error: '', error_message: '' })).not.toHaveProperty('error_details');
  });

  it('reads error "unknown" when the failure has no type', () => {
    expect(stopFailure({ error: 'Error' })).toMatchObject({ error: 'unknown', error_details: 'Error' });
  });
});

describe('a PostToolBatch hook', () => {
  it('reads an empty tool_calls when the batch names no calls, and only the entries that are calls', () => {
    expect(stdinOf(HookEventName.AfterTool, 'PostToolBatch', {})['tool_calls']).toEqual([]);
    expect(
      stdinOf(HookEventName.AfterTool, 'PostToolBatch', {
        tool_calls: [
          null,
          'read_file',
          { tool_name: 'run_shell_command', tool_input: { command: 'ls' }, tool_use_id: 'c1' },
        ],
      })['tool_calls'],
    ).toEqual([{ tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'c1' }]);
  });

  it("reads a call's tool_response only when it is text (a `hooks fire` payload may give another value)", () => {
    const call = { tool_name: 'glob', tool_input: { pattern: '*.md' }, tool_use_id: 'c2' };
    const calls = stdinOf(HookEventName.AfterTool, 'PostToolBatch', {
      tool_calls: [
        { ...call, tool_response: 'README.md' },
        { ...call, tool_response: { files: ['README.md'] } },
      ],
    })['tool_calls'];
    expect(calls).toEqual([
      { tool_name: 'Glob', tool_input: { pattern: '*.md' }, tool_use_id: 'c2', tool_response: 'README.md' },
      { tool_name: 'Glob', tool_input: { pattern: '*.md' }, tool_use_id: 'c2' },
    ]);
  });
});

describe('a moment named on a fire of another event', () => {
  it("is not told: the hook hears the fired event's own Claude name", () => {
    const told = (eventName: HookEventName, moment: string, fields: Record<string, unknown>) =>
      openHookConversation({
        hookConfig: { type: 'command', command: 'true', dialect: 'claude' },
        eventName,
        input: { ...base, hook_event_name: eventName, ...fields } as HookInput,
        moment,
      }).eventName;
    expect(told(HookEventName.AfterTool, 'PostCompact', { tool_name: 'glob', tool_input: {} })).toBe('PostToolUse');
    expect(told(HookEventName.SessionStart, 'PermissionRequest', { source: 'startup' })).toBe('SessionStart');
    expect(told(HookEventName.PreCompress, 'StopFailure', { trigger: 'auto' })).toBe('PreCompact');
  });
});
