/**
 * Settings and scenario files are read bounded: a FIFO cannot hang `hooks list` or `run`, a link to
 * `/dev/zero` is not read, and each refusal names the file. Real CLI processes, bounded waits (the CLI
 * is killed if it outlives the bound), no timed assertions.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

const boundedWaitMs = 20_000;

describe('bounded settings reads', () => {
  it('a project settings.json that is a FIFO does not hang hooks list: a warning names it, the user hooks still load', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo user-hook' }] }] }),
    );
    mkdirSync(join(sandbox.project, '.hookrail'));
    execFileSync('mkfifo', [join(sandbox.project, '.hookrail', 'settings.json')]);

    const result = await runHookrail(sandbox, ['hooks', 'list'], { timeoutMs: boundedWaitMs });

    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(
      '.hookrail/settings.json: is a FIFO (named pipe), not a regular file; only regular files are read; this file is ignored',
    );
    expect(result.stdout).toContain('echo user-hook');
  });

  it('a settings.json linked to /dev/zero is refused without reading it', async () => {
    mkdirSync(join(sandbox.home, '.hookrail'));
    symlinkSync('/dev/zero', join(sandbox.home, '.hookrail', 'settings.json'));

    const result = await runHookrail(sandbox, ['hooks', 'list'], { timeoutMs: boundedWaitMs });

    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('~/.hookrail/settings.json: is a character device, not a regular file');
  });

  it('a scenario file that is a FIFO is refused with an error naming it (the same reader as settings)', async () => {
    execFileSync('mkfifo', [join(sandbox.project, 'scenario.json')]);

    const result = await runHookrail(sandbox, ['run', '--scenario', 'scenario.json'], { timeoutMs: boundedWaitMs });

    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('scenario.json: is a FIFO (named pipe), not a regular file');
  });
});
