/**
 * `hookrail hooks list` as a real process: hooks by event with source (scope + file), matcher,
 * enabled and trust state, across the settings scopes.
 */
import { describe, expect, it } from 'vitest';
import { runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

interface ListedHookJson {
  event: string;
  name: string;
  command?: string;
  matcher?: string;
  scope: string;
  file: string;
  enabled: boolean;
  trusted: boolean;
  timeout?: number;
}

describe('hookrail hooks list', () => {
  it('says so when no hook is configured and lists the settings files it looked at', async () => {
    const result = await runHookrail(sandbox, ['hooks', 'list']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('No hooks configured.');
    expect(result.stdout).toMatch(/user +~\/\.hookrail\/settings\.json +not found/);
    expect(result.stdout).toMatch(/project +\.hookrail\/settings\.json +not found/);
  });

  it('HOOK-080, HOOK-084: lists user, extra and project hooks by event with matcher, source and state', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson(
        {
          BeforeTool: [
            {
              matcher: 'write_file|replace',
              hooks: [{ type: 'command', command: 'echo guard', name: 'guard', timeout: 5000 }],
            },
          ],
          AfterModel: [{ hooks: [{ type: 'command', command: 'echo after-model' }] }],
        },
        { disabledHooks: ['echo after-model'] },
      ),
    );
    await sandbox.writeProjectFile(
      '.hookrail/settings.json',
      settingsJson({ AfterTool: [{ hooks: [{ type: 'command', command: 'echo project-hook' }] }] }),
    );
    const extra = await sandbox.writeProjectFile(
      'extra.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo extra' }] }] }),
    );

    const result = await runHookrail(sandbox, ['hooks', 'list', '--settings', extra]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/BeforeTool\n {2}enabled +echo extra\n.*matcher: \(all\).*source: extra extra\.json/);
    expect(result.stdout).toMatch(
      /enabled +echo guard\n.*matcher: write_file\|replace · name: guard · timeout: 5\.0 s · source: user ~\/\.hookrail\/settings\.json/,
    );
    expect(result.stdout).toMatch(/AfterModel\n {2}disabled +echo after-model/);
    expect(result.stdout).toMatch(
      /AfterTool\n {2}untrusted +echo project-hook\n.*source: project \.hookrail\/settings\.json/,
    );
    expect(result.stdout).toContain('Untrusted project settings, not applied: .hookrail/settings.json: 1 hook.');
    expect(result.stderr).toContain('hookrail hooks trust');
  });

  it('--json lists every hook with its event, source file, enabled and trusted flags', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({
        BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'echo one' }] }],
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'list', '--json']);
    expect(result.exitCode).toBe(0);
    const parsed = JSON.parse(result.stdout) as {
      enableHooks: boolean;
      hooks: ListedHookJson[];
      files: Array<{ scope: string }>;
    };
    expect(parsed.enableHooks).toBe(true);
    expect(parsed.hooks).toEqual([
      expect.objectContaining({
        event: 'BeforeTool',
        command: 'echo one',
        matcher: 'run_shell_command',
        scope: 'user',
        file: '~/.hookrail/settings.json',
        enabled: true,
        trusted: true,
      }),
    ]);
    expect(parsed.files.map((file) => file.scope)).toEqual([
      'project',
      'claude-local',
      'claude-project',
      'gemini-project',
      'user',
      'claude-user',
      'gemini-user',
      'system',
      'claude-managed',
      'gemini-system',
      'gemini-system-defaults',
    ]);
  });

  it("lists a scenario's hooks with --scenario, and Claude Code hooks on hookrail events, in the Claude dialect, matcher as written", async () => {
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo claude-guard', timeout: 3 }] }],
        },
      }),
    );
    await sandbox.writeProjectFile(
      'scenario.json',
      JSON.stringify({
        turns: [{ text: 'hi' }],
        settings: { hooks: { AfterTool: [{ hooks: [{ type: 'command', command: 'echo from-scenario' }] }] } },
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'list', '--scenario', 'scenario.json', '--json']);
    expect(result.exitCode).toBe(0);
    const hooks = (JSON.parse(result.stdout) as { hooks: ListedHookJson[] }).hooks;
    expect(hooks).toContainEqual(
      expect.objectContaining({
        event: 'AfterTool',
        command: 'echo from-scenario',
        scope: 'extra',
        file: 'scenario.json',
      }),
    );
    const claude = hooks.find((hook) => hook.command === 'echo claude-guard');
    expect(claude).toMatchObject({
      event: 'BeforeTool',
      scope: 'claude-user',
      timeout: 3000,
      dialect: 'claude',
      matcher: 'Bash',
    });
    expect(hooks.find((hook) => hook.command === 'echo from-scenario')).toMatchObject({ dialect: 'native' });
  });

  it('says when a settings file switches hooks off', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo x' }] }] }, { enableHooks: false }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'list']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Hooks are switched off: ~/.hookrail/settings.json says "enableHooks": false.');
  });
});
