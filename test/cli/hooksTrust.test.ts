/**
 * `hookrail hooks trust` as a real process: project hooks do not run until the folder is trusted,
 * run once it is, need trust again after a command changes, and stop running after `--revoke`.
 */
import { describe, expect, it } from 'vitest';
import { respondHook, runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox(async (newSandbox) => {
  await newSandbox.writeProjectFile(
    'echo.json',
    JSON.stringify({
      prompt: 'Say hello.',
      tools: ['run_shell_command'],
      turns: [
        { functionCalls: [{ name: 'run_shell_command', args: { command: 'echo hello-from-the-tool' } }] },
        { text: 'Done.' },
      ],
    }),
  );
});

async function writeProjectGuard(reason: string): Promise<void> {
  await sandbox.writeProjectFile(
    '.hookrail/settings.json',
    settingsJson({
      BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: respondHook(2, '', reason) }] }],
    }),
  );
}

describe('hookrail hooks trust', () => {
  it('HOOK-084: project hooks are skipped with a warning until trusted, then run', async () => {
    await writeProjectGuard('project guard says no');
    const untrusted = await runHookrail(sandbox, ['run', '--scenario', 'echo.json']);
    expect(untrusted.exitCode).toBe(0);
    expect(untrusted.stderr).toContain(
      'Project settings in .hookrail/settings.json were not applied: this folder is not trusted (left out: .hookrail/settings.json: 1 hook).',
    );
    expect(untrusted.stderr).toContain('hookrail hooks trust');
    expect(untrusted.stdout).toContain('hello-from-the-tool');

    const trust = await runHookrail(sandbox, ['hooks', 'trust']);
    expect(trust.exitCode).toBe(0);
    expect(trust.stdout).toContain(`Trusted ${sandbox.project} for 1 project hook from .hookrail/settings.json:`);
    expect(trust.stdout).toContain('BeforeTool (run_shell_command): sh');

    const trusted = await runHookrail(sandbox, ['run', '--scenario', 'echo.json']);
    expect(trusted.exitCode).toBe(0);
    expect(trusted.stderr).toBe('');
    expect(trusted.stdout).toContain('⛔ blocked by hook: project guard says no');
  });

  it('a changed hook command needs trust again; --revoke withdraws trust', async () => {
    await writeProjectGuard('first version');
    expect((await runHookrail(sandbox, ['hooks', 'trust'])).exitCode).toBe(0);
    await writeProjectGuard('second version');
    const changed = await runHookrail(sandbox, ['run', '--scenario', 'echo.json']);
    expect(changed.stderr).toContain('they changed since this folder was trusted');
    expect(changed.stdout).not.toContain('second version');

    expect((await runHookrail(sandbox, ['hooks', 'trust'])).exitCode).toBe(0);
    const listed = await runHookrail(sandbox, ['hooks', 'list', '--json']);
    expect(JSON.parse(listed.stdout).hooks[0]).toMatchObject({ scope: 'project', trusted: true, enabled: true });

    const revoke = await runHookrail(sandbox, ['hooks', 'trust', '--revoke']);
    expect(revoke.exitCode).toBe(0);
    expect(revoke.stdout).toContain(`Revoked trust for ${sandbox.project}`);
    const again = await runHookrail(sandbox, ['hooks', 'list', '--json']);
    expect(JSON.parse(again.stdout).hooks[0]).toMatchObject({ scope: 'project', trusted: false });
    const twice = await runHookrail(sandbox, ['hooks', 'trust', '--revoke']);
    expect(twice.stdout).toContain('was not trusted; nothing to revoke');
  });

  it('--cwd trusts another folder; a folder without project hooks says so', async () => {
    await sandbox.writeProjectFile(
      'other/.hookrail/settings.json',
      settingsJson({ AfterTool: [{ hooks: [{ type: 'command', command: 'echo other' }] }] }),
    );
    const other = await runHookrail(sandbox, ['hooks', 'trust', '--cwd', 'other']);
    expect(other.exitCode).toBe(0);
    expect(other.stdout).toContain(`Trusted ${sandbox.project}/other for 1 project hook`);
    const empty = await runHookrail(sandbox, ['hooks', 'trust']);
    expect(empty.exitCode).toBe(0);
    expect(empty.stdout).toContain(`No project hooks in ${sandbox.project}`);
  });
});
