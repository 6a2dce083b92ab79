/**
 * Which Claude Code event a Claude hook gets, seen as its author would: PreCompact fired by hand is
 * `manual` unless said otherwise (Claude Code's /compact), and a shell command ended by a signal is a
 * failed call (PostToolUseFailure), not a successful one. Real CLI processes and real hook scripts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHookrail, settingsJson, useCliSandbox, writeScenario } from '../helpers/cliProcess.js';
import { readEventLog, sessionFixtureCommand } from '../helpers/sessionHooks.js';

const sandbox = useCliSandbox();

function logging(log: string, matcher?: string): unknown[] {
  return [
    {
      ...(matcher === undefined ? {} : { matcher }),
      hooks: [{ type: 'command', command: sessionFixtureCommand('log-event.py', log) }],
    },
  ];
}

describe('the Claude Code event a hook gets', () => {
  it('hooks fire PreCompact without a trigger is a manual compaction: the "manual" matcher runs, the "auto" one does not', async () => {
    const manual = join(sandbox.project, 'manual.jsonl');
    const auto = join(sandbox.project, 'auto.jsonl');
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({ PreCompact: [...logging(manual, 'manual'), ...logging(auto, 'auto')] }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'PreCompact', '--json']);
    expect(result.exitCode).toBe(0);
    expect(readEventLog(manual).map((entry) => [entry.event, entry.trigger])).toEqual([['PreCompact', 'manual']]);
    expect(existsSync(auto)).toBe(false);
  });

  it('a shell command killed by a signal reaches Claude hooks as PostToolUseFailure, not PostToolUse', async () => {
    const log = join(sandbox.project, 'events.jsonl');
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({ PostToolUse: logging(log, 'Bash'), PostToolUseFailure: logging(log, 'Bash') }),
    );
    const scenario = await writeScenario(sandbox, 'killed', {
      prompt: 'Run the flaky job.',
      tools: ['run_shell_command'],
      turns: [
        { text: 'Running it.', functionCalls: [{ name: 'run_shell_command', args: { command: 'kill -KILL $$' } }] },
        { text: 'It was killed.' },
      ],
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode, result.stderr).toBe(0);
    const events = readEventLog(log);
    expect(events.map((entry) => [entry.event, entry.tool])).toEqual([['PostToolUseFailure', 'Bash']]);
    expect(String(events[0]!.input['error'])).toContain('SIGKILL');
  });
});
