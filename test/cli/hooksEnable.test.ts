/**
 * `hookrail hooks enable|disable NAME` as a real process: edits `disabledHooks` in the user (or
 * project) settings file, keeps its other keys, and the change shows in `list` and `fire`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox(async (newSandbox) => {
  await newSandbox.writeHomeFile(
    '.hookrail/settings.json',
    settingsJson(
      { BeforeTool: [{ hooks: [{ type: 'command', name: 'guard', command: 'echo guard' }] }] },
      { theme: 'dark' },
    ),
  );
});

function userSettings(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(sandbox.home, '.hookrail', 'settings.json'), 'utf8')) as Record<string, unknown>;
}

describe('hookrail hooks enable / disable', () => {
  it('disable NAME writes disabledHooks to the user settings, keeps other keys, and the hook stops running', async () => {
    const disable = await runHookrail(sandbox, ['hooks', 'disable', 'guard']);
    expect(disable.exitCode).toBe(0);
    expect(disable.stdout).toContain(`Disabled "guard" in ${join(sandbox.home, '.hookrail', 'settings.json')}.`);
    expect(userSettings()).toMatchObject({
      theme: 'dark',
      disabledHooks: ['guard'],
      hooks: { BeforeTool: expect.any(Array) },
    });

    const listed = await runHookrail(sandbox, ['hooks', 'list', '--json']);
    expect(JSON.parse(listed.stdout).hooks[0]).toMatchObject({ name: 'guard', enabled: false });
    const fired = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'x']);
    expect(fired.stdout).toContain('No hook matched BeforeTool');

    const again = await runHookrail(sandbox, ['hooks', 'disable', 'guard']);
    expect(again.stdout).toContain('"guard" was already disabled');

    const enable = await runHookrail(sandbox, ['hooks', 'enable', 'guard']);
    expect(enable.exitCode).toBe(0);
    expect(userSettings()['disabledHooks']).toEqual([]);
    const relisted = await runHookrail(sandbox, ['hooks', 'list', '--json']);
    expect(JSON.parse(relisted.stdout).hooks[0]).toMatchObject({ name: 'guard', enabled: true });
  });

  it('a hook can be disabled by its command; an unknown name gets a warning', async () => {
    const byCommand = await runHookrail(sandbox, ['hooks', 'disable', 'echo guard']);
    expect(byCommand.exitCode).toBe(0);
    expect(byCommand.stderr).toBe('');
    const unknown = await runHookrail(sandbox, ['hooks', 'disable', 'no-such-hook']);
    expect(unknown.exitCode).toBe(0);
    expect(unknown.stderr).toContain('no configured hook is named "no-such-hook"');
  });

  it('--project edits the project file, which applies once the folder is trusted; enabling in the user file warns that the project still disables it', async () => {
    const project = await runHookrail(sandbox, ['hooks', 'disable', 'guard', '--project']);
    expect(project.exitCode).toBe(0);
    expect(project.stderr).toContain(
      'project settings are not trusted, so the change applies only after "hookrail hooks trust"',
    );
    const projectSettings = JSON.parse(
      readFileSync(join(sandbox.project, '.hookrail', 'settings.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(projectSettings['disabledHooks']).toEqual(['guard']);
    expect(JSON.parse((await runHookrail(sandbox, ['hooks', 'list', '--json'])).stdout).hooks[0]).toMatchObject({
      name: 'guard',
      enabled: true,
    });
    expect((await runHookrail(sandbox, ['hooks', 'trust'])).exitCode).toBe(0);
    expect(JSON.parse((await runHookrail(sandbox, ['hooks', 'list', '--json'])).stdout).hooks[0]).toMatchObject({
      name: 'guard',
      enabled: false,
    });

    // A trusted folder stays trusted when the user edits its file with --project.
    const reEnable = await runHookrail(sandbox, ['hooks', 'enable', 'guard', '--project']);
    expect(reEnable.stderr).toBe('');
    expect(JSON.parse((await runHookrail(sandbox, ['hooks', 'list', '--json'])).stdout).hooks[0]).toMatchObject({
      name: 'guard',
      enabled: true,
    });
    await runHookrail(sandbox, ['hooks', 'disable', 'guard', '--project']);
    const enable = await runHookrail(sandbox, ['hooks', 'enable', 'guard']);
    expect(enable.exitCode).toBe(0);
    expect(enable.stderr).toContain('"guard" is still disabled by .hookrail/settings.json');
  });

  it('a malformed settings file is not overwritten: one message, exit 1', async () => {
    await sandbox.writeHomeFile('.hookrail/settings.json', '{"hooks": ');
    const result = await runHookrail(sandbox, ['hooks', 'disable', 'guard']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/settings\.json: invalid JSON at line 1/);
    expect(readFileSync(join(sandbox.home, '.hookrail', 'settings.json'), 'utf8')).toBe('{"hooks": ');
  });

  it('NAME is required (exit 2)', async () => {
    const result = await runHookrail(sandbox, ['hooks', 'enable']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('missing NAME');
  });
});
