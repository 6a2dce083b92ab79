/**
 * HOOK-188: a Claude Code plugin's user options (`userConfig` in its manifest, values in
 * `pluginConfigs["name@marketplace"].options`), as Claude Code applies them to hooks:
 * `${user_config.KEY}` replaced in the exec form, every value set as `CLAUDE_PLUGIN_OPTION_<KEY>`, a
 * default filling a value the user did not give, the managed settings deciding first and a project
 * file never; a shell-form command that uses `${user_config.KEY}` and a key with no value leave the hook
 * out with a warning. A real installed plugin, real hook processes.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings, toConfigParameters, trustProjectHooks } from '../../../src/adapters/settings/settings.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { recordingLogger } from '../../../src/testing.js';
import { hookFixture } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { useSettingsEnvironment } from '../../helpers/settingsEnvironment.js';

afterAll(() => assertNoHookProcessesAlive());

const environment = useSettingsEnvironment();

const pluginId = 'option-probe@corp';

/** Installs the fixture plugin the way `claude plugin install` does and switches it on in the user file. */
function installPlugin(userSettings: Record<string, unknown>): string {
  const installPath = join(environment.home, '.claude', 'plugins', 'cache', 'corp', 'option-probe', '1.0.0');
  cpSync(hookFixture('reference/user-config-plugin'), installPath, { recursive: true });
  environment.write(join(environment.home, '.claude', 'plugins', 'installed_plugins.json'), {
    version: 2,
    plugins: { [pluginId]: [{ scope: 'user', installPath, version: '1.0.0' }] },
  });
  environment.write(environment.claudeUserFile, { enabledPlugins: { [pluginId]: true }, ...userSettings });
  return installPath;
}

async function runBashCall(
  extraFiles: string[] = [],
): Promise<Array<{ form: string; args: string[]; options: Record<string, string> }>> {
  const settings = await loadSettings({ ...environment.loadOptions(), extraFiles });
  const config = new Config({
    ...toConfigParameters(settings),
    workingDir: environment.project,
    logger: recordingLogger().logger,
  });
  await executeToolWithHooks(config, 'run_shell_command', { command: 'ls' }, async () => ({
    llmContent: 'ok',
    returnDisplay: 'ok',
  }));
  const log = join(environment.home, '.claude', 'plugins', 'data', 'option-probe-corp', 'options.log');
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { form: string; args: string[]; options: Record<string, string> })
    .sort((left, right) => left.form.localeCompare(right.form));
}

describe('HOOK-188: Claude Code plugin user options', () => {
  it('${user_config.KEY} is replaced in the exec form and CLAUDE_PLUGIN_OPTION_<KEY> is set, from pluginConfigs and the userConfig defaults', async () => {
    installPlugin({ pluginConfigs: { [pluginId]: { options: { team_channel: '#deploys', max_lines: 25 } } } });
    const expectedOptions = {
      CLAUDE_PLUGIN_OPTION_API_ENDPOINT: 'https://deploy.example/status',
      CLAUDE_PLUGIN_OPTION_MAX_LINES: '25',
      CLAUDE_PLUGIN_OPTION_TEAM_CHANNEL: '#deploys',
    };
    expect(await runBashCall()).toEqual([
      { form: 'environment', args: [], options: expectedOptions },
      { form: 'exec', args: ['https://deploy.example/status', 'lines=25', '#deploys'], options: expectedOptions },
    ]);
  });

  it('Claude Code refuses ${user_config.KEY} in a shell-form command (v2.1.207, though the plugins reference still shows it): the hook is left out with a warning naming the plugin, the hook and the key', async () => {
    installPlugin({ pluginConfigs: { [pluginId]: { options: { team_channel: '#deploys' } } } });
    const settings = await loadSettings(environment.loadOptions());
    const refused = settings.warnings.filter((warning) => warning.includes('in a shell command'));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('plugin "option-probe": the PreToolUse hook "node');
    expect(refused[0]).toContain('${user_config.api_endpoint}');
    expect(refused[0]).toContain('$CLAUDE_PLUGIN_OPTION_API_ENDPOINT');
    expect(refused[0]).toContain('hooks.PreToolUse[0].hooks[2]');
    expect((await runBashCall()).map((line) => line.form)).toEqual(['environment', 'exec']);
  });

  it('a key with no value (undeclared, or declared without a default and not set) leaves the hook out with a warning naming the plugin, the hook and the key, never an empty string', async () => {
    installPlugin({});
    const settings = await loadSettings(environment.loadOptions());
    const missing = settings.warnings.filter((warning) => warning.includes('which has no value'));
    expect(missing).toHaveLength(2);
    expect(missing[0]).toContain('plugin "option-probe": the PreToolUse hook "node" uses ${user_config.team_channel}');
    expect(missing[0]).toContain(`pluginConfigs["${pluginId}"].options`);
    expect(missing[0]).toContain('hooks.PreToolUse[0].hooks[0]');
    expect(missing[1]).toContain('${user_config.region}');
    expect(missing[1]).toContain('hooks.PreToolUse[0].hooks[3]');
    expect(await runBashCall()).toEqual([
      {
        form: 'environment',
        args: [],
        options: {
          CLAUDE_PLUGIN_OPTION_API_ENDPOINT: 'https://deploy.example/status',
          CLAUDE_PLUGIN_OPTION_MAX_LINES: '10',
        },
      },
    ]);
  });

  it('the managed settings decide a value first; a project file cannot set one (a warning says it is ignored)', async () => {
    installPlugin({ pluginConfigs: { [pluginId]: { options: { team_channel: '#deploys', max_lines: 25 } } } });
    environment.write(environment.claudeManagedFile, {
      pluginConfigs: { [pluginId]: { options: { max_lines: 5 } } },
    });
    environment.write(environment.claudeProjectFile, {
      pluginConfigs: { [pluginId]: { options: { team_channel: '#attacker', api_endpoint: 'https://evil.example' } } },
    });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.warnings).toContain(
      '.claude/settings.json: pluginConfigs: plugin options are not read from a project file (as in Claude Code); ignored',
    );
    const exec = (await runBashCall()).find((line) => line.form === 'exec');
    expect(exec?.args).toEqual(['https://deploy.example/status', 'lines=5', '#deploys']);
  });

  it('a Claude --settings file (here in a .claude folder) gives values too, over the user settings', async () => {
    installPlugin({ pluginConfigs: { [pluginId]: { options: { team_channel: '#deploys' } } } });
    const named = environment.write(environment.path('ci', '.claude', 'ci-settings.json'), {
      pluginConfigs: { [pluginId]: { options: { team_channel: '#ci', api_endpoint: 'https://ci.example/status' } } },
    });
    const exec = (await runBashCall([named])).find((line) => line.form === 'exec');
    expect(exec?.args).toEqual(['https://ci.example/status', 'lines=10', '#ci']);
  });
});
