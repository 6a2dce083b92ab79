/**
 * Event names and per-event stdin fields both ways. Claude Code's own payloads (the fixtures in
 * test/fixtures/payloads/claude/events/, one per event hookrail fires) read back into hookrail's event
 * and fields and translated again give the same payload, less the fields hookrail has nothing for;
 * hookrail's inputs translated to Claude and back give the same input.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeEventApplies, claudeEventNames, toClaudeEventName } from '../../../src/hooks/dialects/claudeEvents.js';
import { toClaudeInput } from '../../../src/hooks/dialects/claudeInput.js';
import { fromClaudeInput } from '../../../src/hooks/dialects/claudePayload.js';
import { toGeminiInput } from '../../../src/hooks/dialects/gemini.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { loadPayload, payloadsDirectory } from '../../helpers/publishedHooks.js';

const places = {
  projectDir: '/home/dev/shop',
  transcriptPath: '/home/dev/.claude/projects/-home-dev-shop/8f0c2a9e.jsonl',
};

/**
 * Fields Claude Code sends that hookrail has no value for: the prompt's id, timings, the model, a
 * sub-agent's identity and transcript, and Stop's lists of background work (docs/bring-your-hooks.md).
 */
const fieldsHookrailDoesNotSend = [
  'prompt_id',
  'duration_ms',
  'model',
  'agent_transcript_path',
  'background_tasks',
  'session_crons',
];

function without(payload: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([key]) => !keys.includes(key)));
}

const claudeEventFiles = readdirSync(join(payloadsDirectory, 'claude', 'events')).map((file) =>
  file.replace(/\.json$/, ''),
);

describe('event names: native ⇄ Claude Code', () => {
  it('every Claude Code event hookrail fires maps to its event and back (the table in docs/architecture.md)', () => {
    expect(claudeEventNames).toEqual({
      PreToolUse: 'BeforeTool',
      PostToolUse: 'AfterTool',
      PostToolUseFailure: 'AfterTool',
      UserPromptSubmit: 'BeforeAgent',
      Stop: 'AfterAgent',
      SubagentStop: 'AfterAgent',
      SubagentStart: 'BeforeAgent',
      SessionStart: 'SessionStart',
      SessionEnd: 'SessionEnd',
      PreCompact: 'PreCompress',
      PostCompact: 'PreCompress',
      StopFailure: 'AfterAgent',
      PermissionRequest: 'BeforeTool',
      PostToolBatch: 'AfterTool',
      Notification: 'Notification',
    });
    const moments = ['PostCompact', 'StopFailure', 'SubagentStart', 'PermissionRequest', 'PostToolBatch'];
    for (const [claude, native] of Object.entries(claudeEventNames)) {
      const moment = moments.includes(claude) ? claude : undefined;
      const facts = { toolFailed: claude === 'PostToolUseFailure', subagent: claude === 'SubagentStop', moment };
      expect(toClaudeEventName(native, facts)).toBe(claude);
    }
    for (const modelEvent of [HookEventName.BeforeModel, HookEventName.AfterModel, HookEventName.BeforeToolSelection]) {
      expect(toClaudeEventName(modelEvent)).toBeUndefined();
    }
  });

  it('a hook configured on a narrowing Claude event runs only on its part of the hookrail event', () => {
    expect(claudeEventApplies('PostToolUse', { toolFailed: false })).toBe(true);
    expect(claudeEventApplies('PostToolUse', { toolFailed: true })).toBe(false);
    expect(claudeEventApplies('PostToolUseFailure', { toolFailed: true })).toBe(true);
    expect(claudeEventApplies('PostToolUseFailure', { toolFailed: false })).toBe(false);
    expect(claudeEventApplies('Stop', {})).toBe(true);
    expect(claudeEventApplies('Stop', { subagent: true })).toBe(false);
    expect(claudeEventApplies('SubagentStop', {})).toBe(false);
    expect(claudeEventApplies('SubagentStop', { subagent: true })).toBe(true);
  });
});

describe("stdin: Claude Code's own payloads → hookrail → Claude Code", () => {
  it('covers every Claude Code event hookrail fires', () => {
    expect(claudeEventFiles.sort()).toEqual(Object.keys(claudeEventNames).sort());
  });

  it.each(claudeEventFiles)('%s round-trips (fields hookrail has no value for aside)', (eventFile) => {
    const { value: payload } = loadPayload({ relativePath: `claude/events/${eventFile}.json`, places });
    const fire = fromClaudeInput(payload);
    expect(fire?.claudeEvent).toBe(eventFile);
    if (!fire) return;
    const nativeInput = { ...fire.fields, hook_event_name: fire.eventName, timestamp: '2026-08-21T14:03:31.077Z' };
    const told = toClaudeInput(fire.eventName, nativeInput, {
      toolUseId: fire.toolUseId,
      subagent: fire.subagent,
      moment: fire.moment,
    });
    expect(told.eventName).toBe(eventFile);
    expect(told.payload).toEqual(without(payload, fieldsHookrailDoesNotSend));
  });
});

describe("stdin: hookrail's input → Claude Code → hookrail", () => {
  const base = { session_id: 's-1', transcript_path: '/t.jsonl', cwd: '/home/dev/shop' };
  const cases: Array<{
    eventName: HookEventName;
    fields: Record<string, unknown>;
    claude: string;
    facts?: { subagent?: boolean };
  }> = [
    {
      eventName: HookEventName.BeforeTool,
      fields: { tool_name: 'write_file', tool_input: { file_path: '/home/dev/shop/.env', content: 'A=1' } },
      claude: 'PreToolUse',
    },
    {
      eventName: HookEventName.AfterTool,
      fields: {
        tool_name: 'run_shell_command',
        tool_input: { command: 'npm test' },
        tool_response: {
          llmContent: 'ok',
          returnDisplay: 'ok',
          metadata: { exitCode: 0, signal: null, stdout: 'ok', stderr: '' },
        },
      },
      claude: 'PostToolUse',
    },
    {
      eventName: HookEventName.AfterTool,
      fields: {
        tool_name: 'run_shell_command',
        tool_input: { command: 'npm run lint' },
        tool_response: {
          llmContent: 'bad',
          returnDisplay: 'bad',
          metadata: { exitCode: 1, signal: null, stdout: 'bad', stderr: '' },
        },
      },
      claude: 'PostToolUseFailure',
    },
    { eventName: HookEventName.BeforeAgent, fields: { prompt: 'Add a discount field' }, claude: 'UserPromptSubmit' },
    {
      eventName: HookEventName.AfterAgent,
      fields: { prompt: '', prompt_response: 'Done.', stop_hook_active: true },
      claude: 'Stop',
    },
    {
      eventName: HookEventName.AfterAgent,
      fields: { prompt: '', prompt_response: 'Found it.', stop_hook_active: false },
      claude: 'SubagentStop',
      facts: { subagent: true },
    },
    { eventName: HookEventName.SessionStart, fields: { source: 'resume' }, claude: 'SessionStart' },
    { eventName: HookEventName.SessionEnd, fields: { reason: 'prompt_input_exit' }, claude: 'SessionEnd' },
    { eventName: HookEventName.PreCompress, fields: { trigger: 'auto' }, claude: 'PreCompact' },
    {
      eventName: HookEventName.Notification,
      fields: { notification_type: 'ToolPermission', message: 'Allow?', details: {} },
      claude: 'Notification',
    },
  ];

  it.each(cases)('$eventName as $claude round-trips', ({ eventName, fields, claude, facts }) => {
    const told = toClaudeInput(
      eventName,
      { ...base, hook_event_name: eventName, timestamp: 'x', ...fields },
      { toolUseId: 'toolu_1', ...facts },
    );
    expect(told.eventName).toBe(claude);
    expect(told.payload).not.toHaveProperty('timestamp');
    const back = fromClaudeInput(told.payload);
    expect(back?.eventName).toBe(eventName);
    expect(back?.fields).toEqual({ ...base, ...fields });
  });

  it('values Claude Code spells differently: SessionEnd "exit" is told as "other", Notification "ToolPermission" as "permission_prompt"', () => {
    const end = toClaudeInput(HookEventName.SessionEnd, { ...base, reason: 'exit' });
    expect(end.payload['reason']).toBe('other');
    const notification = toClaudeInput(HookEventName.Notification, {
      ...base,
      notification_type: 'ToolPermission',
      message: 'm',
      details: { a: 1 },
    });
    expect(notification.payload).toEqual({
      ...base,
      hook_event_name: 'Notification',
      message: 'm',
      notification_type: 'permission_prompt',
    });
  });

  it('tool events carry permission_mode "default" and tool_use_id; lifecycle events without permission_mode, as the hooks reference shows', () => {
    const pre = toClaudeInput(
      HookEventName.BeforeTool,
      { ...base, tool_name: 'run_shell_command', tool_input: { command: 'ls' } },
      { toolUseId: 'call-9' },
    );
    expect(pre.payload).toEqual({
      ...base,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'call-9',
    });
    expect(toClaudeInput(HookEventName.SessionStart, { ...base, source: 'startup' }).payload).not.toHaveProperty(
      'permission_mode',
    );
  });

  it("model events have no Claude Code form: a Claude hook on them gets hookrail's input", () => {
    const input = { ...base, hook_event_name: 'BeforeModel', llm_request: { model: 'm', messages: [] } };
    expect(toClaudeInput(HookEventName.BeforeModel, input)).toEqual({ eventName: undefined, payload: input });
  });
});

describe('stdin: Gemini CLI', () => {
  it("Gemini CLI hooks get hookrail's input with tool_response {llmContent, returnDisplay, error?}, no metadata — the fields Gemini CLI sends", () => {
    const { value: geminiPayload } = loadPayload({ relativePath: 'gemini/events/AfterTool.json', places });
    const native = {
      ...geminiPayload,
      tool_response: { ...(geminiPayload['tool_response'] as object), metadata: { exitCode: 0 } },
    };
    expect(toGeminiInput(HookEventName.AfterTool, native)).toEqual(geminiPayload);
    const failed = {
      ...native,
      tool_response: {
        llmContent: 'x',
        returnDisplay: 'x',
        metadata: {},
        error: { message: 'boom', type: 'tool_failed' },
      },
    };
    expect(toGeminiInput(HookEventName.AfterTool, failed)['tool_response']).toEqual({
      llmContent: 'x',
      returnDisplay: 'x',
      error: { message: 'boom', type: 'tool_failed' },
    });
    const { value: start } = loadPayload({ relativePath: 'gemini/events/SessionStart.json', places });
    expect(toGeminiInput(HookEventName.SessionStart, start)).toBe(start);
  });
});

describe('a Claude Code payload without its lifecycle value', () => {
  it('reads the default: SessionStart source startup, SessionEnd reason other, PreCompact and PostCompact trigger manual', () => {
    const fired = (hookEventName: string) => fromClaudeInput({ hook_event_name: hookEventName, session_id: 's-1' });
    expect(fired('SessionStart')?.fields).toMatchObject({ source: 'startup' });
    expect(fired('SessionEnd')?.fields).toMatchObject({ reason: 'other' });
    expect(fired('PreCompact')?.fields).toMatchObject({ trigger: 'manual' });
    expect(fired('PostCompact')).toMatchObject({ fields: { trigger: 'manual' }, moment: 'PostCompact' });
  });
});
