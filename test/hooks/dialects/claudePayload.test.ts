/**
 * A payload in Claude Code's terms (`hooks fire` with a Claude event, Claude Code's own stdin) read
 * back into the native event and fields every hook of that fire receives. eventMapping.test.ts
 * round-trips Claude Code's published payloads; these are the payloads that leave fields out or give
 * them in a shape hookrail must translate.
 */
import { describe, expect, it } from 'vitest';
import { failedToolResponse, fromClaudeInput } from '../../../src/hooks/dialects/claudePayload.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';

describe('a Claude payload read into the native fire', () => {
  it('an event hookrail does not fire is no fire; base fields are kept only where the payload has them', () => {
    expect(fromClaudeInput({ hook_event_name: 'BeforeTool' })).toBeUndefined();
    expect(fromClaudeInput({ hook_event_name: 'ConfigChange' })).toBeUndefined();
    expect(fromClaudeInput({ hook_event_name: 'UserPromptSubmit', prompt: 'hi', agent_type: 3 })).toStrictEqual({
      eventName: HookEventName.BeforeAgent,
      claudeEvent: 'UserPromptSubmit',
      fields: { prompt: 'hi' },
    });
    expect(
      fromClaudeInput({
        hook_event_name: 'UserPromptSubmit',
        session_id: 's-1',
        cwd: '/home/dev/shop',
        agent_id: 'a-1',
        agent_type: 'reviewer',
      })?.fields,
    ).toStrictEqual({ session_id: 's-1', cwd: '/home/dev/shop', agent_id: 'a-1', agent_type: 'reviewer', prompt: '' });
  });

  it('a tool named the hookrail way keeps its arguments as given', () => {
    expect(
      fromClaudeInput({ hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: { file_path: 'a.ts' } })
        ?.fields['tool_input'],
    ).toStrictEqual({ file_path: 'a.ts' });
  });

  it('PreToolUse: tool_use_id only when given as text; no toolFailed before the call', () => {
    expect(
      fromClaudeInput({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
        tool_use_id: 9,
      }),
    ).toStrictEqual({
      eventName: HookEventName.BeforeTool,
      claudeEvent: 'PreToolUse',
      fields: { tool_name: 'run_shell_command', tool_input: { command: 'ls' } },
    });
  });

  it('PostToolUse succeeded; a native result of a hookrail-named tool is kept, anything else translated', () => {
    const native = { llmContent: 'ok', returnDisplay: 'ok', metadata: { exitCode: 0 } };
    const post = (tool_name: string, tool_response: unknown) =>
      fromClaudeInput({ hook_event_name: 'PostToolUse', tool_name, tool_input: { command: 'ls' }, tool_response });
    expect(post('run_shell_command', native)).toMatchObject({ toolFailed: false, fields: { tool_response: native } });
    expect(post('run_shell_command', native)?.fields['tool_response']).toBe(native);
    expect(post('run_shell_command', { stdout: 'a' })?.fields['tool_response']).toMatchObject({ llmContent: 'a' });
    expect(post('run_shell_command', 'plain')?.fields['tool_response']).toMatchObject({ llmContent: 'plain' });
    // A Claude-named tool's response is Claude's shape, even one that looks native.
    expect(post('Bash', { llmContent: 'x', stdout: 'real' })?.fields['tool_response']).toStrictEqual({
      llmContent: 'x',
      returnDisplay: 'x',
      metadata: {},
      stdout: 'real',
    });
  });

  it('PostToolUseFailure: an interrupt is a cancelled call, anything else a failed one; the call failed', () => {
    const failure = (is_interrupt: unknown) =>
      fromClaudeInput({
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Read',
        tool_input: { file_path: '/a.ts' },
        error: 'No such file',
        is_interrupt,
      });
    expect(failure(true)).toMatchObject({
      toolFailed: true,
      fields: { tool_response: { error: { message: 'No such file', type: 'cancelled' } } },
    });
    for (const notInterrupt of [false, 'true', undefined])
      expect(failure(notInterrupt)?.fields['tool_response']).toMatchObject({
        error: { message: 'No such file', type: 'tool_failed' },
      });
  });

  it('a failure\'s native result: a shell\'s exit code and output, else the error, or "The tool failed"', () => {
    expect(failedToolResponse('run_shell_command', 'Exit code 3\nlint failed', false)).toStrictEqual({
      llmContent: 'lint failed',
      returnDisplay: 'lint failed',
      metadata: { exitCode: 3, signal: null, stdout: 'lint failed', stderr: '' },
    });
    expect(failedToolResponse('run_shell_command', 'Exit code 1', false)).toStrictEqual({
      llmContent: '',
      returnDisplay: '',
      metadata: { exitCode: 1, signal: null, stdout: '', stderr: '' },
    });
    expect(failedToolResponse('read_file', 'Exit code 1', false)).toStrictEqual({
      llmContent: 'Exit code 1',
      returnDisplay: 'Exit code 1',
      error: { message: 'Exit code 1', type: 'tool_failed' },
    });
    expect(failedToolResponse('run_shell_command', 'Command timed out', true)).toStrictEqual({
      llmContent: 'Command timed out',
      returnDisplay: 'Command timed out',
      error: { message: 'Command timed out', type: 'cancelled' },
    });
    expect(failedToolResponse('write_file', '', false)).toMatchObject({
      llmContent: 'The tool failed',
      error: { message: 'The tool failed' },
    });
  });

  it('PermissionRequest and PostToolBatch: tool calls in native names; a non-array list is empty', () => {
    expect(
      fromClaudeInput({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'ls' } }),
    ).toMatchObject({
      moment: 'PermissionRequest',
      fields: { tool_name: 'run_shell_command', permission_suggestions: [] },
    });
    expect(
      fromClaudeInput({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', permission_suggestions: 'all' })
        ?.fields['permission_suggestions'],
    ).toEqual([]);
    expect(fromClaudeInput({ hook_event_name: 'PostToolBatch', tool_calls: 'none' })?.fields['tool_calls']).toEqual([]);
    expect(
      fromClaudeInput({
        hook_event_name: 'PostToolBatch',
        tool_calls: [
          { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1', tool_response: 'a.ts' },
          { tool_name: 'Read', tool_input: { file_path: '/a.ts' }, tool_response: { content: 'x' } },
          'not a call',
        ],
      })?.fields['tool_calls'],
    ).toStrictEqual([
      { tool_name: 'run_shell_command', tool_input: { command: 'ls' }, tool_use_id: 't1', tool_response: 'a.ts' },
      { tool_name: 'read_file', tool_input: { file_path: '/a.ts' }, tool_use_id: '' },
    ]);
  });

  it('Stop reads last_assistant_message, or prompt_response; SubagentStop is a sub-agent stop', () => {
    expect(
      fromClaudeInput({ hook_event_name: 'Stop', prompt: 'fix it', prompt_response: 'done', stop_hook_active: 'yes' }),
    ).toStrictEqual({
      eventName: HookEventName.AfterAgent,
      claudeEvent: 'Stop',
      fields: { prompt: 'fix it', prompt_response: 'done', stop_hook_active: false },
    });
    expect(fromClaudeInput({ hook_event_name: 'SubagentStop', stop_hook_active: true })).toMatchObject({
      subagent: true,
      fields: { prompt: '', prompt_response: '', stop_hook_active: true },
    });
  });

  it('moments without a hookrail event of their own: SubagentStart, PostCompact, StopFailure', () => {
    expect(fromClaudeInput({ hook_event_name: 'SubagentStart', prompt: 'ignored' })).toStrictEqual({
      eventName: HookEventName.BeforeAgent,
      claudeEvent: 'SubagentStart',
      fields: { prompt: '' },
      moment: 'SubagentStart',
    });
    expect(fromClaudeInput({ hook_event_name: 'PostCompact' })?.fields).toStrictEqual({
      trigger: 'manual',
      compact_summary: '',
    });
    expect(
      fromClaudeInput({ hook_event_name: 'StopFailure', error: 'rate_limit', error_details: '429' })?.fields,
    ).toStrictEqual({
      prompt_response: '',
      stop_hook_active: false,
      error_type: 'rate_limit',
      error: '',
      error_message: '429',
    });
    expect(fromClaudeInput({ hook_event_name: 'StopFailure' })?.fields['error_type']).toBe('unknown');
  });

  it('PreCompact without a trigger is manual; Notification keeps a text title and object details only', () => {
    expect(fromClaudeInput({ hook_event_name: 'PreCompact', custom_instructions: '' })?.fields).toStrictEqual({
      trigger: 'manual',
    });
    expect(
      fromClaudeInput({ hook_event_name: 'PreCompact', trigger: 'auto', custom_instructions: 'keep the plan' })?.fields,
    ).toStrictEqual({ trigger: 'auto', custom_instructions: 'keep the plan' });
    expect(
      fromClaudeInput({ hook_event_name: 'Notification', message: 'waiting', title: 7, details: 'x' })?.fields,
    ).toMatchObject({ message: 'waiting', details: {} });
    expect(
      fromClaudeInput({ hook_event_name: 'Notification', message: 'waiting', title: 7 })?.fields,
    ).not.toHaveProperty('title');
    expect(
      fromClaudeInput({ hook_event_name: 'Notification', title: 'Claude', details: { a: 1 } })?.fields,
    ).toMatchObject({ title: 'Claude', details: { a: 1 } });
  });
});
