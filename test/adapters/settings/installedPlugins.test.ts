/**
 * Claude Code plugins installed the way Claude Code installs them (~/.claude/plugins:
 * installed_plugins.json and the cache) and switched on in `enabledPlugins` are loaded, with a temp
 * HOME; a switched-on plugin hookrail cannot find is a warning naming it. The plugin's hook runs as a
 * real process and blocks as it would in Claude Code.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings, toConfigParameters, trustProjectHooks } from '../../../src/adapters/settings/settings.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { callThroughHooks } from '../../helpers/toolThroughHooks.js';
import { hookFixture, shellQuote } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { useSettingsEnvironment } from '../../helpers/settingsEnvironment.js';

afterAll(() => assertNoHookProcessesAlive());

const environment = useSettingsEnvironment();

const guardCommand = `sh ${shellQuote(hookFixture('exit-2-stderr.sh'))} "Dangerous rm command detected"`;

/** Installs `name@marketplace` as Claude Code does: its files in the cache, its entry in installed_plugins.json. */
function install(name: string, marketplace: string, entry: Record<string, unknown> = {}): string {
  const installPath = join(environment.home, '.claude', 'plugins', 'cache', marketplace, name, '1.0.0');
  environment.write(join(installPath, '.claude-plugin', 'plugin.json'), { name, version: '1.0.0' });
  environment.write(join(installPath, 'hooks', 'hooks.json'), {
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guardCommand }] }] },
  });
  const registryPath = join(environment.home, '.claude', 'plugins', 'installed_plugins.json');
  const registry = {
    version: 2,
    plugins: {
      [`${name}@${marketplace}`]: [
        {
          scope: 'user',
          installPath,
          version: '1.0.0',
          installedAt: '2026-11-01T00:00:00.000Z',
          lastUpdated: '2026-11-01T00:00:00.000Z',
          ...entry,
        },
      ],
    },
  };
  environment.write(registryPath, registry);
  return installPath;
}

function shellCall(
  settings: Awaited<ReturnType<typeof loadSettings>>,
  command: string,
): Promise<{ ran: boolean; llmContent: string }> {
  const config = new Config({
    ...toConfigParameters(settings),
    workingDir: environment.project,
    logger: recordingLogger().logger,
  });
  return callThroughHooks({ config, toolName: 'run_shell_command', args: { command } });
}

describe("installed Claude Code plugins (Claude Code's own layout)", () => {
  it('a plugin in installed_plugins.json switched on in ~/.claude/settings.json enabledPlugins is loaded in the Claude dialect, and its hook blocks', async () => {
    const installPath = install('hookify', 'claude-code-plugins');
    environment.write(environment.claudeUserFile, { enabledPlugins: { 'hookify@claude-code-plugins': true } });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.warnings).toEqual([]);
    const pluginFile = settings.files.find((file) => file.pluginId === 'hookify@claude-code-plugins');
    expect(pluginFile).toMatchObject({
      scope: 'plugin',
      dialect: 'claude',
      sourceName: 'hookify',
      path: join(installPath, 'hooks', 'hooks.json'),
    });
    const [hook] = settings.hooks[HookEventName.BeforeTool]![0]!.hooks;
    expect(hook).toMatchObject({
      command: guardCommand,
      dialect: 'claude',
      env: {
        CLAUDE_PLUGIN_ROOT: installPath,
        CLAUDE_PLUGIN_DATA: join(environment.home, '.claude', 'plugins', 'data', 'hookify-claude-code-plugins'),
      },
    });
    const outcome = await shellCall(settings, 'rm -rf /');
    expect(outcome.ran).toBe(false);
    expect(outcome.llmContent).toContain('Dangerous rm command detected');
  });

  it('enabledPlugins false (or a more specific file switching it off) leaves the installed plugin out', async () => {
    install('hookify', 'claude-code-plugins');
    environment.write(environment.claudeUserFile, { enabledPlugins: { 'hookify@claude-code-plugins': true } });
    environment.write(environment.claudeLocalFile, { enabledPlugins: { 'hookify@claude-code-plugins': false } });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.files.some((file) => file.pluginId !== undefined)).toBe(false);
    expect(settings.hooks).toEqual({});
  });

  it('without a registry entry the newest version in the cache is used', async () => {
    const installPath = install('hookify', 'claude-code-plugins');
    environment.write(join(environment.home, '.claude', 'plugins', 'installed_plugins.json'), {
      version: 2,
      plugins: {},
    });
    environment.write(environment.claudeUserFile, { enabledPlugins: { 'hookify@claude-code-plugins': true } });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.files.find((file) => file.pluginId === 'hookify@claude-code-plugins')?.path).toBe(
      join(installPath, 'hooks', 'hooks.json'),
    );
  });

  it('an enabledPlugins entry hookrail cannot find is a warning naming the plugin and the file', async () => {
    install('hookify', 'claude-code-plugins');
    environment.write(environment.claudeUserFile, {
      enabledPlugins: { 'hookify@claude-code-plugins': true, 'ghost@nowhere': true },
    });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.warnings).toEqual([
      '~/.claude/settings.json: enabledPlugins: "ghost@nowhere" is switched on but hookrail cannot find it (not in ~/.claude/plugins/installed_plugins.json or its cache); its hooks do not run',
    ]);
    expect(settings.files.filter((file) => file.pluginId !== undefined).map((file) => file.pluginId)).toEqual([
      'hookify@claude-code-plugins',
    ]);
  });

  it('a plugin installed for another project (scope "project" with its projectPath) does not count here: a warning says so', async () => {
    install('hookify', 'claude-code-plugins', {
      scope: 'project',
      projectPath: join(environment.root, 'other-project'),
    });
    environment.write(environment.claudeUserFile, { enabledPlugins: { 'hookify@claude-code-plugins': true } });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.files.some((file) => file.pluginId !== undefined)).toBe(false);
    expect(settings.warnings).toEqual([
      '~/.claude/settings.json: enabledPlugins: "hookify@claude-code-plugins" is switched on but hookrail cannot find it (~/.claude/plugins/installed_plugins.json lists it for other projects only); its hooks do not run',
    ]);
    install('hookify', 'claude-code-plugins', { scope: 'project', projectPath: environment.project });
    const here = await loadSettings(environment.loadOptions());
    expect(here.files.some((file) => file.pluginId === 'hookify@claude-code-plugins')).toBe(true);
  });
});
