/**
 * An untrusted project cannot weaken the user's hooks: its `disabledHooks`, `enableHooks: false` and
 * hooks contribute nothing to `hookrail run`, `hooks fire` applies exactly what `run` applies, and
 * `hooks list` shows what was left out with the command to trust it. The system scope can pin hooks
 * that lower scopes cannot switch off. Real CLI processes and real hook scripts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { respondHook, runHookrail, settingsJson, useCliSandbox, type CliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

/** `user-guard`: blocks run_shell_command with exit 2 and a reason on stderr. */
function guardHooks(name: string): Record<string, unknown> {
  return {
    BeforeTool: [
      {
        matcher: 'run_shell_command',
        hooks: [{ type: 'command', name, command: respondHook(2, '', `blocked by ${name}`) }],
      },
    ],
  };
}

/** A scenario whose model runs `touch ran.txt`, then answers with whatever the tool said. */
async function writeTouchScenario(target: CliSandbox): Promise<string> {
  await target.writeProjectFile(
    'touch.json',
    JSON.stringify({
      prompt: 'Create ran.txt.',
      tools: ['run_shell_command'],
      turns: [
        { functionCalls: [{ name: 'run_shell_command', args: { command: 'touch ran.txt' } }] },
        { text: 'Done.' },
      ],
    }),
  );
  return 'touch.json';
}

async function writeUserGuard(): Promise<void> {
  await sandbox.writeHomeFile('.hookrail/settings.json', settingsJson(guardHooks('user-guard')));
}

describe('an untrusted project cannot weaken hooks', () => {
  for (const projectSettings of [
    { disabledHooks: ['user-guard'] },
    { enableHooks: false },
    { disabledHooks: [respondHook(2, '', 'blocked by user-guard')] },
  ]) {
    it(`hookrail run still blocks with the user's guard when an untrusted project says ${JSON.stringify(projectSettings).slice(0, 60)}`, async () => {
      await writeUserGuard();
      await sandbox.writeProjectFile('.hookrail/settings.json', JSON.stringify(projectSettings));
      const scenario = await writeTouchScenario(sandbox);

      const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);

      expect(result.stdout).toContain('⛔ blocked by hook: blocked by user-guard');
      expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(false);
      expect(result.stderr).toContain('.hookrail/settings.json were not applied: this folder is not trusted');
      expect(result.stderr).toContain(`hookrail hooks trust --cwd ${JSON.stringify(sandbox.project)}`);

      const fired = await runHookrail(sandbox, [
        'hooks',
        'fire',
        'BeforeTool',
        '--tool',
        'run_shell_command',
        '--json',
      ]);
      expect(JSON.parse(fired.stdout).decision).toMatchObject({ blocked: true, reason: 'blocked by user-guard' });
    });
  }

  it('an untrusted .claude/settings.json cannot disable the guard either, and its own hooks do not run', async () => {
    await writeUserGuard();
    await sandbox.writeProjectFile(
      '.claude/settings.json',
      JSON.stringify({
        disabledHooks: ['user-guard'],
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: respondHook(0, '{"decision":"allow"}') }] },
          ],
        },
      }),
    );
    const scenario = await writeTouchScenario(sandbox);

    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);

    expect(result.stdout).toContain('⛔ blocked by hook: blocked by user-guard');
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(false);
  });

  it('hooks fire on an untrusted project says its hooks for the event are not run and how to trust them, not that none are configured', async () => {
    await sandbox.writeProjectFile('.hookrail/settings.json', settingsJson(guardHooks('project-guard')));

    const fired = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'run_shell_command']);

    expect(fired.stdout).toContain(
      '1 BeforeTool hook(s) in untrusted project settings are not run; "hookrail hooks trust" trusts this folder',
    );
    expect(fired.stdout).not.toContain('no BeforeTool hooks are configured');
    const afterTool = await runHookrail(sandbox, ['hooks', 'fire', 'AfterTool', '--tool', 'run_shell_command']);
    expect(afterTool.stdout).toContain('no AfterTool hooks are configured');
  });

  it('once the user trusts the folder, its disabledHooks apply (run and fire agree)', async () => {
    await writeUserGuard();
    await sandbox.writeProjectFile('.hookrail/settings.json', JSON.stringify({ disabledHooks: ['user-guard'] }));
    const trust = await runHookrail(sandbox, ['hooks', 'trust']);
    expect(trust.exitCode).toBe(0);
    expect(trust.stdout).toContain('disabledHooks: user-guard');
    const scenario = await writeTouchScenario(sandbox);

    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);

    expect(result.exitCode).toBe(0);
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(true);
    const fired = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'run_shell_command', '--json']);
    expect(JSON.parse(fired.stdout)).toMatchObject({ matched: 0, decision: { blocked: false } });
  });

  it('hooks list shows the untrusted project settings as not applied, with the command to trust them', async () => {
    await writeUserGuard();
    await sandbox.writeProjectFile(
      '.hookrail/settings.json',
      JSON.stringify({ disabledHooks: ['user-guard'], enableHooks: false }),
    );

    const result = await runHookrail(sandbox, ['hooks', 'list']);

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/enabled +user-guard|enabled +sh /);
    expect(result.stdout).not.toContain('Hooks are switched off');
    expect(result.stdout).toContain(
      'Untrusted project settings, not applied: .hookrail/settings.json: disabledHooks ["user-guard"], enableHooks: false',
    );
    expect(result.stdout).toContain('hookrail hooks trust');
    const listed = JSON.parse((await runHookrail(sandbox, ['hooks', 'list', '--json'])).stdout) as {
      enableHooks: boolean;
      hooks: Array<{ name: string; enabled: boolean }>;
    };
    expect(listed.enableHooks).toBe(true);
    expect(listed.hooks).toEqual([expect.objectContaining({ name: 'user-guard', enabled: true, trusted: true })]);
  });
});

describe('hooks fire applies exactly what run applies', () => {
  it('"enableHooks": false in the user settings: fire runs no hook, like run, and says why', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson(guardHooks('user-guard'), { enableHooks: false }),
    );

    const fired = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'run_shell_command']);
    expect(fired.exitCode).toBe(0);
    expect(fired.stdout).toContain(
      'No hook ran: hooks are switched off ("enableHooks": false in ~/.hookrail/settings.json)',
    );
    expect(fired.stdout).toMatch(/blocked +no/);

    const json = JSON.parse(
      (await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'run_shell_command', '--json'])).stdout,
    );
    expect(json).toMatchObject({ enableHooks: false, matched: 0, hooks: [], decision: { blocked: false } });

    const scenario = await writeTouchScenario(sandbox);
    const run = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(true);
  });
});

describe('system scope pins hooks', () => {
  it('a pinned system hook still blocks when the user disables it by name and says "enableHooks": false', async () => {
    const systemFile = await sandbox.writeHomeFile(
      'etc/hookrail/settings.json',
      settingsJson({
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            hooks: [
              {
                type: 'command',
                name: 'corp-guard',
                pinned: true,
                command: respondHook(2, '', 'blocked by corp-guard'),
              },
            ],
          },
        ],
      }),
    );
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson(
        { AfterTool: [{ hooks: [{ type: 'command', name: 'user-audit', command: respondHook(0, '{}') }] }] },
        { disabledHooks: ['corp-guard'], enableHooks: false },
      ),
    );
    const env = { HOOKRAIL_SYSTEM_SETTINGS: systemFile };
    const scenario = await writeTouchScenario(sandbox);

    const run = await runHookrail(sandbox, ['run', '--scenario', scenario], { env });
    expect(run.stdout).toContain('⛔ blocked by hook: blocked by corp-guard');
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(false);
    expect(run.stderr).toContain('disabledHooks[0]: "corp-guard" is pinned by the system settings');

    const fired = JSON.parse(
      (await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'run_shell_command', '--json'], { env }))
        .stdout,
    );
    expect(fired.decision).toMatchObject({ blocked: true, reason: 'blocked by corp-guard' });
    const afterTool = JSON.parse(
      (await runHookrail(sandbox, ['hooks', 'fire', 'AfterTool', '--tool', 'run_shell_command', '--json'], { env }))
        .stdout,
    );
    expect(afterTool).toMatchObject({ matched: 0 });

    const listed = await runHookrail(sandbox, ['hooks', 'list'], { env });
    expect(listed.stdout).toMatch(/pinned +sh /);
    expect(listed.stdout).toMatch(/off +sh /);
  });

  it('"pinned" outside the system settings is a warning naming its JSON path, and is ignored', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson(
        { BeforeTool: [{ hooks: [{ type: 'command', name: 'mine', pinned: true, command: 'echo mine' }] }] },
        { disabledHooks: ['mine'] },
      ),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate']);
    expect(result.stdout).toContain(
      '~/.hookrail/settings.json: hooks.BeforeTool[0].hooks[0].pinned: only the system settings file (/etc/hookrail/settings.json or HOOKRAIL_SYSTEM_SETTINGS) can pin hooks; ignored',
    );
    const listed = JSON.parse((await runHookrail(sandbox, ['hooks', 'list', '--json'])).stdout) as {
      hooks: Array<{ name: string; enabled: boolean; pinned: boolean }>;
    };
    expect(listed.hooks).toEqual([expect.objectContaining({ name: 'mine', enabled: false, pinned: false })]);
  });
});
