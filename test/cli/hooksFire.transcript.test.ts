/**
 * `hookrail hooks fire` and `transcript_path` (HOOK-144, HOOK-161): a fire has no session, yet
 * published Claude Code hooks open `transcript_path` to read the recent messages. Real CLI processes
 * and a real python3 hook that opens the transcript unguarded and counts its lines.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, runHookrail, settingsJson, startHookrail, useCliSandbox } from '../helpers/cliProcess.js';
import { readPidFile } from '../helpers/processes.js';

const sandbox = useCliSandbox();

/** What transcript-lines.py wrote: the path it was given and what it read there. */
interface TranscriptRead {
  transcript_path: string;
  lines: number;
  last_type: string | null;
}

/** A hook running transcript-lines.py, recording into `<project>/<name>.json`. */
function transcriptHook(name: string): Record<string, unknown> {
  return {
    type: 'command',
    command: `python3 "${fixturePath('hooks/transcript-lines.py')}" "${join(sandbox.project, `${name}.json`)}"`,
  };
}

function readRecord(name: string): TranscriptRead {
  return JSON.parse(readFileSync(join(sandbox.project, `${name}.json`), 'utf8')) as TranscriptRead;
}

describe('hookrail hooks fire: transcript_path', () => {
  it("HOOK-144, HOOK-161: without --transcript, every dialect's hooks get one empty JSONL file made for the fire (zero lines read, no failure), removed afterwards", async () => {
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [transcriptHook('claude')] }] } }),
    );
    await sandbox.writeHomeFile(
      '.gemini/settings.json',
      JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [transcriptHook('gemini')] }] } }),
    );
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [transcriptHook('native')] }] }),
    );
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'PreToolUse',
      '--tool',
      'Bash',
      '--input',
      '{"command":"ls"}',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as {
      hooks: Array<{ exitCode: number; success: boolean; stdout: string }>;
    };
    expect(report.hooks).toHaveLength(3);
    for (const hook of report.hooks) {
      expect(hook).toMatchObject({ exitCode: 0, success: true });
      expect(hook.stdout).toContain('transcript has 0 lines');
    }
    const records = ['claude', 'gemini', 'native'].map(readRecord);
    const path = records[0].transcript_path;
    expect(path).toMatch(/hookrail-fire-[^/]+\/transcript\.jsonl$/);
    expect(records).toEqual([
      { transcript_path: path, lines: 0, last_type: null },
      { transcript_path: path, lines: 0, last_type: null },
      { transcript_path: path, lines: 0, last_type: null },
    ]);
    // Made for the fire only: the file and its private directory are gone once the command exits.
    expect(existsSync(path)).toBe(false);
    expect(existsSync(dirname(path))).toBe(false);
  });

  it("HOOK-144: --transcript FILE is given to the hooks as transcript_path (Claude Code's Stop hook reads its messages) and is left in place", async () => {
    const transcript = await sandbox.writeProjectFile(
      'logs/session.jsonl',
      `${[
        { type: 'user', message: { role: 'user', content: 'list the files' } },
        { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'a.txt b.txt' }] } },
        { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] } },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n')}\n`,
    );
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [transcriptHook('stop')] }] } }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'Stop', '--transcript', 'logs/session.jsonl']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('transcript has 3 lines');
    expect(readRecord('stop')).toEqual({ transcript_path: transcript, lines: 3, last_type: 'assistant' });
    expect(existsSync(transcript)).toBe(true);
  });

  it("HOOK-144: without --transcript, an AfterAgent (Stop) fire's transcript holds the turn its payload gives, as a session's would", async () => {
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [transcriptHook('stop')] }] } }),
    );
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ AfterAgent: [{ hooks: [transcriptHook('after')] }] }),
    );
    const claude = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'Stop',
      '--payload',
      '{"last_assistant_message":"I am halfway."}',
    ]);
    expect(claude.exitCode).toBe(0);
    // The Claude Stop hook and the native AfterAgent hook both run for Stop; the answer is the only line.
    expect(readRecord('stop')).toMatchObject({ lines: 1, last_type: 'assistant' });
    expect(readRecord('after')).toMatchObject({ lines: 1, last_type: 'assistant' });
    const native = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'AfterAgent',
      '--payload',
      '{"prompt":"list the files","prompt_response":"a.txt b.txt"}',
    ]);
    expect(native.exitCode).toBe(0);
    const record = readRecord('after');
    expect(record).toMatchObject({ lines: 2, last_type: 'assistant' });
    expect(existsSync(record.transcript_path)).toBe(false);
  });

  it('HOOK-144: a fire stopped by SIGTERM while its hook reads the transcript still removes the transcript made for it', async () => {
    const stdinFile = join(sandbox.project, 'stdin.json');
    const pidFile = join(sandbox.project, 'hook.pid');
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({
        BeforeTool: [
          { hooks: [{ type: 'command', command: `cat > "${stdinFile}" && echo $$ > "${pidFile}" && exec sleep 60` }] },
        ],
      }),
    );
    const host = startHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'run_shell_command']);
    await readPidFile(pidFile, 20_000);
    const path = (JSON.parse(readFileSync(stdinFile, 'utf8')) as { transcript_path: string }).transcript_path;
    expect(existsSync(path)).toBe(true);
    host.kill('SIGTERM');
    const result = await host;
    expect(result.exitCode).toBe(143);
    expect(existsSync(dirname(path))).toBe(false);
  });

  it('HOOK-144: a --transcript that does not exist, or is a directory, is an error naming it, and no hook runs', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ AfterAgent: [{ hooks: [transcriptHook('after')] }] }),
    );
    const missing = await runHookrail(sandbox, ['hooks', 'fire', 'AfterAgent', '--transcript', 'nowhere.jsonl']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain(
      `--transcript nowhere.jsonl: file not found (${join(sandbox.project, 'nowhere.jsonl')})`,
    );
    await mkdir(join(sandbox.project, 'logs'));
    const directory = await runHookrail(sandbox, ['hooks', 'fire', 'AfterAgent', '--transcript', 'logs']);
    expect(directory.exitCode).toBe(1);
    expect(directory.stderr).toContain(`--transcript logs: not a file (${join(sandbox.project, 'logs')})`);
    expect(existsSync(join(sandbox.project, 'after.json'))).toBe(false);
  });

  it('HOOK-144: hooks fire --help describes --transcript and the empty default', async () => {
    const result = await runHookrail(sandbox, ['hooks', 'fire', '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /--transcript FILE +An existing JSONL transcript, given to the hooks as transcript_path \(default: one made for the fire, removed after it\)/,
    );
    expect(result.stdout).toContain(
      'an empty JSONL file made for the fire in a private temp directory and removed afterwards',
    );
  });
});
