/**
 * `hookrail chat` fires Notification `idle_prompt` when its prompt has waited for the user's next line,
 * as Claude Code does after 60 seconds: once per wait, again only after a line was typed and the
 * prompt waits anew. The hook is the published Claude Code logger (log-hook-input.py) on
 * `~/.claude/settings.json`, matched on `idle_prompt`, run as a real process; chat runs on a
 * pseudo-terminal with a short delay from HOOKRAIL_IDLE_PROMPT_MS.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  IDLE_PROMPT_DELAY_MS,
  IDLE_PROMPT_DELAY_VARIABLE,
  IDLE_PROMPT_NOTIFICATION_TYPE,
  idlePromptDelay,
} from '../../src/cli/idlePrompt.js';
import { settingsJson, useCliSandbox } from '../helpers/cliProcess.js';
import { startHookrailInTerminal } from '../helpers/cliTerminal.js';
import { publishedHook } from '../helpers/publishedHooks.js';
import { waitFor } from '../helpers/waiting.js';

const sandbox = useCliSandbox();

function loggedLines(file: string): Array<Record<string, unknown>> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('hookrail chat: the idle prompt notification', () => {
  it("waits Claude Code's 60 seconds by default; HOOKRAIL_IDLE_PROMPT_MS sets another delay, and a bad value is a usage error naming it", () => {
    expect(IDLE_PROMPT_DELAY_MS).toBe(60_000);
    expect(IDLE_PROMPT_NOTIFICATION_TYPE).toBe('idle_prompt');
    expect(idlePromptDelay({}, 'chat')).toBe(60_000);
    expect(idlePromptDelay({ [IDLE_PROMPT_DELAY_VARIABLE]: '250' }, 'chat')).toBe(250);
    for (const bad of ['0', '-5', '1.5', 'soon'])
      expect(() => idlePromptDelay({ [IDLE_PROMPT_DELAY_VARIABLE]: bad }, 'chat')).toThrow(
        `HOOKRAIL_IDLE_PROMPT_MS must be a positive whole number of milliseconds, got "${bad}"`,
      );
  });

  it('HOOK-081, HOOK-203: Notification fires with idle_prompt once per wait at the prompt, to the hooks matching idle_prompt only', async () => {
    const idleLog = join(sandbox.project, 'idle.jsonl');
    const permissionLog = join(sandbox.project, 'permission.jsonl');
    const logger = (file: string) => `python3 '${publishedHook('claude', 'log-hook-input.py')}' '${file}'`;
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({
        Notification: [
          { matcher: 'idle_prompt', hooks: [{ type: 'command', command: logger(idleLog) }] },
          { matcher: 'permission_prompt', hooks: [{ type: 'command', command: logger(permissionLog) }] },
        ],
      }),
    );
    await sandbox.writeProjectFile(
      'chat.json',
      JSON.stringify({ tools: [], turns: [{ text: 'First answer.' }, { text: 'Second answer.' }] }),
    );
    const delay = 200;
    const terminal = startHookrailInTerminal({
      sandbox,
      args: ['chat', '--scenario', 'chat.json'],
      env: { [IDLE_PROMPT_DELAY_VARIABLE]: String(delay) },
    });
    await terminal.waitForOutput('> ');
    await waitFor(() => loggedLines(idleLog).length === 1, 'the first idle_prompt notification');
    // Still the same wait: no second notification however long the prompt stays idle.
    await sleep(delay * 4);
    expect(loggedLines(idleLog)).toHaveLength(1);

    terminal.type('hello\r');
    await terminal.waitForOutput('First answer.');
    await waitFor(() => loggedLines(idleLog).length === 2, 'the idle_prompt notification of the second wait');
    terminal.type('\u0004');
    const { exitCode } = await terminal.finished;

    expect(exitCode).toBe(0);
    const [first, second] = loggedLines(idleLog);
    expect(first).toMatchObject({
      hook_event_name: 'Notification',
      notification_type: 'idle_prompt',
      message: 'hookrail is waiting for your input',
    });
    expect(second?.['session_id']).toBe(first?.['session_id']);
    expect(loggedLines(permissionLog)).toEqual([]);
  });
});
