/**
 * openHookConversation: a hook is spoken to without waiting, unless its dialect must prepare a file
 * first (a Claude SessionStart hook's CLAUDE_ENV_FILE) — the await was taken out of every
 * other hook's way to its spawn.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHookConversation } from '../../../src/hooks/dialects/conversation.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookInput } from '../../../src/hooks/protocol/inputs.js';
import { scratchDirectory } from '../../helpers/hookFixtures.js';

let scratch: ReturnType<typeof scratchDirectory>;
beforeEach(() => {
  scratch = scratchDirectory();
});
afterEach(() => scratch.remove());

function inputOf(eventName: HookEventName, fields: Record<string, unknown>): HookInput {
  return {
    session_id: 'session-1',
    transcript_path: '',
    cwd: scratch.path,
    hook_event_name: eventName,
    timestamp: '2026-11-23T00:00:00.000Z',
    ...fields,
  } as HookInput;
}

describe('openHookConversation', () => {
  it('returns the conversation itself, with nothing to await, for a hook whose dialect prepares nothing', () => {
    const conversation = openHookConversation({
      hookConfig: { type: 'command', command: 'true', dialect: 'claude' },
      eventName: HookEventName.BeforeTool,
      input: inputOf(HookEventName.BeforeTool, {
        tool_name: 'write_file',
        tool_input: { file_path: 'a.txt', content: 'x' },
      }),
      toolUseId: 'toolu_1',
    });
    expect(conversation).not.toBeInstanceOf(Promise);
    expect(conversation.ready).toBeUndefined();
    expect(conversation.eventName).toBe('PreToolUse');
    expect(JSON.parse(conversation.stdin)).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_use_id: 'toolu_1',
    });
  });

  it("a Claude SessionStart hook's CLAUDE_ENV_FILE exists, empty, once `ready` resolves", async () => {
    const directory = join(scratch.path, 'session-env');
    const conversation = openHookConversation({
      hookConfig: { type: 'command', command: 'true', dialect: 'claude' },
      eventName: HookEventName.SessionStart,
      input: inputOf(HookEventName.SessionStart, { source: 'startup' }),
      environmentFileDirectory: directory,
    });
    const file = conversation.env['CLAUDE_ENV_FILE'];
    expect(file?.startsWith(directory)).toBe(true);
    expect(conversation.ready).toBeInstanceOf(Promise);
    await conversation.ready;
    expect(existsSync(file!)).toBe(true);
    expect(readFileSync(file!, 'utf8')).toBe('');
  });

  it('a Claude SessionStart fire that names no session gives its hook CLAUDE_ENV_FILE "session.sh"', () => {
    const directory = join(scratch.path, 'session-env');
    const { session_id: _unnamed, ...input } = inputOf(HookEventName.SessionStart, { source: 'startup' });
    const conversation = openHookConversation({
      hookConfig: { type: 'command', command: 'true', dialect: 'claude' },
      eventName: HookEventName.SessionStart,
      input: input as HookInput,
      environmentFileDirectory: directory,
    });
    expect(conversation.env['CLAUDE_ENV_FILE']).toBe(join(directory, 'session.sh'));
  });

  it("a hook's own env sets its text values; values of another type, or an env that is no object, set nothing", () => {
    const envOf = (env: unknown) =>
      openHookConversation({
        hookConfig: { type: 'command', command: 'true', dialect: 'claude', env } as never,
        eventName: HookEventName.BeforeTool,
        input: inputOf(HookEventName.BeforeTool, { tool_name: 'run_shell_command', tool_input: { command: 'ls' } }),
      }).env;
    expect(envOf({ CLAUDE_PLUGIN_ROOT: '/plugins/guard', PORT: 8080, DEBUG: true })).toEqual({
      CLAUDE_PLUGIN_ROOT: '/plugins/guard',
    });
    expect(envOf(null)).toEqual({});
    expect(envOf(['A=1'])).toEqual({});
  });
});
