/**
 * Managed policy, as each host applies it: Claude Code's managed settings file and Gemini CLI's system
 * settings are read (from paths the test names through HOOKRAIL_CLAUDE_MANAGED_SETTINGS and
 * GEMINI_CLI_SYSTEM_SETTINGS_PATH, never /etc), their hooks act as pinned, and the switches
 * (`disableAllHooks`, `allowManagedHooksOnly`, the http hook policy, `hooksConfig.enabled`) apply after
 * precedence across each host's files. Guard hooks run as real processes.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings, trustProjectHooks } from '../../../src/adapters/settings/settings.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { claudeGuard, commandsOf, geminiGuard, guard, shellCall } from '../../helpers/policyGuards.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { useSettingsEnvironment } from '../../helpers/settingsEnvironment.js';

afterAll(() => assertNoHookProcessesAlive());

const environment = useSettingsEnvironment();

describe("Claude Code's managed settings", () => {
  it('the managed file is read; its hook blocks and is placed first; a user disabledHooks entry cannot switch it off (pinned)', async () => {
    environment.write(environment.claudeManagedFile, { hooks: claudeGuard('managed: no force push') });
    environment.write(environment.userFile, { disabledHooks: [guard('managed: no force push')] });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.files.find((file) => file.scope === 'claude-managed')).toMatchObject({
      exists: true,
      dialect: 'claude',
      path: environment.claudeManagedFile,
    });
    expect(settings.disabledHooks).toEqual([]);
    const outcome = await shellCall(settings, environment.project);
    expect(outcome.ran).toBe(false);
    expect(outcome.llmContent).toContain('managed: no force push');
  });

  it("disableAllHooks: true in a user file switches off every non-managed Claude hook; the managed hook still blocks (Claude Code's CHANGELOG over pages calling the key managed-only: docs/bring-your-hooks.md, where hookrail differs)", async () => {
    environment.write(environment.claudeManagedFile, { hooks: claudeGuard('managed guard') });
    environment.write(environment.claudeUserFile, { disableAllHooks: true, hooks: claudeGuard('user guard') });
    environment.write(environment.userFile, { hooks: geminiGuard('native guard') });
    const settings = await loadSettings(environment.loadOptions());
    expect(commandsOf(settings)).toEqual([guard('managed guard'), guard('native guard')]);
    expect(settings.offFiles).toEqual([
      {
        path: environment.claudeUserFile,
        displayName: '~/.claude/settings.json',
        reason: '"disableAllHooks": true in ~/.claude/settings.json',
      },
    ]);
    expect((await shellCall(settings, environment.project)).llmContent).toContain('managed guard');
  });

  it('disableAllHooks: true in the managed file switches off every Claude hook, managed ones included; other dialects run', async () => {
    environment.write(environment.claudeManagedFile, { disableAllHooks: true, hooks: claudeGuard('managed guard') });
    environment.write(environment.claudeUserFile, { disableAllHooks: false, hooks: claudeGuard('user guard') });
    environment.write(environment.userFile, { hooks: geminiGuard('native guard') });
    const settings = await loadSettings(environment.loadOptions());
    expect(commandsOf(settings)).toEqual([guard('native guard')]);
  });

  it('allowManagedHooksOnly: only managed hooks and the hooks of plugins the managed file switches on run', async () => {
    const installPath = join(environment.home, '.claude', 'plugins', 'cache', 'corp', 'policy', '1.0.0');
    environment.write(join(installPath, 'hooks', 'hooks.json'), { hooks: claudeGuard('corp plugin guard') });
    environment.write(join(environment.home, '.claude', 'plugins', 'installed_plugins.json'), {
      version: 2,
      plugins: { 'policy@corp': [{ scope: 'user', installPath, version: '1.0.0' }] },
    });
    environment.write(environment.claudeManagedFile, {
      allowManagedHooksOnly: true,
      enabledPlugins: { 'policy@corp': true },
      hooks: claudeGuard('managed guard'),
    });
    environment.write(environment.claudeUserFile, { hooks: claudeGuard('user guard') });
    const settings = await loadSettings(environment.loadOptions());
    expect(commandsOf(settings)).toEqual([guard('managed guard'), guard('corp plugin guard')]);
    expect(settings.offFiles.map((file) => [file.displayName, file.reason])).toEqual([
      [
        '~/.claude/settings.json',
        `"allowManagedHooksOnly": true in ${settings.files.find((file) => file.scope === 'claude-managed')!.displayName} (managed policy)`,
      ],
    ]);
  });

  it('allowedHttpHookUrls leaves out a Claude http hook to another URL (with a warning); httpHookAllowedEnvVars cuts allowedEnvVars', async () => {
    environment.write(environment.claudeManagedFile, {
      allowedHttpHookUrls: ['https://hooks.corp.example/*'],
      httpHookAllowedEnvVars: ['CORP_TOKEN'],
    });
    environment.write(environment.claudeUserFile, {
      hooks: {
        PreToolUse: [
          {
            hooks: [
              {
                type: 'http',
                url: 'https://hooks.corp.example/check',
                allowedEnvVars: ['CORP_TOKEN', 'AWS_SECRET_ACCESS_KEY'],
              },
            ],
          },
          { hooks: [{ type: 'http', url: 'https://elsewhere.example/collect' }] },
        ],
      },
    });
    const settings = await loadSettings(environment.loadOptions());
    const hooks = (settings.hooks[HookEventName.BeforeTool] ?? []).flatMap((group) => group.hooks);
    expect(hooks).toEqual([
      expect.objectContaining({
        type: 'http',
        url: 'https://hooks.corp.example/check',
        allowedEnvVars: ['CORP_TOKEN'],
      }),
    ]);
    expect(settings.warnings).toContain(
      '~/.claude/settings.json: the http hook to https://elsewhere.example/collect is left out: allowedHttpHookUrls (["https://hooks.corp.example/*"]) does not allow its URL',
    );
  });
});

describe("Gemini CLI's system settings", () => {
  it('hooksConfig.enabled: false in the system settings switches off every Gemini hook, whatever the user file says', async () => {
    environment.write(environment.geminiSystemFile, {
      hooksConfig: { enabled: false },
      hooks: geminiGuard('system guard'),
    });
    environment.write(environment.geminiUserFile, { hooksConfig: { enabled: true }, hooks: geminiGuard('user guard') });
    const settings = await loadSettings(environment.loadOptions());
    expect(commandsOf(settings)).toEqual([]);
    expect((await shellCall(settings, environment.project)).ran).toBe(true);
  });

  it('the system settings decide over the user file: enabled there, a user "enabled: false" does not switch hooks off; the system hook is pinned', async () => {
    environment.write(environment.geminiSystemFile, {
      hooksConfig: { enabled: true },
      hooks: geminiGuard('system guard'),
    });
    environment.write(environment.geminiUserFile, {
      hooksConfig: { enabled: false, disabled: [guard('system guard')] },
      hooks: geminiGuard('user guard'),
    });
    const settings = await loadSettings(environment.loadOptions());
    expect(commandsOf(settings)).toEqual([guard('system guard'), guard('user guard')]);
    expect((await shellCall(settings, environment.project)).llmContent).toContain('system guard');
  });

  it('without a system setting the project file decides over the user file', async () => {
    environment.write(environment.geminiUserFile, {
      hooksConfig: { enabled: false },
      hooks: geminiGuard('user guard'),
    });
    const off = await loadSettings(environment.loadOptions());
    expect(commandsOf(off)).toEqual([]);
    environment.write(environment.geminiProjectFile, { hooksConfig: { enabled: true } });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    const on = await loadSettings(environment.loadOptions());
    expect(commandsOf(on)).toEqual([guard('user guard')]);
  });
});
