/**
 * A Claude Code plugin's documented placeholders in its hooks: `${CLAUDE_PLUGIN_ROOT}` and
 * `${CLAUDE_PLUGIN_DATA}` are expanded in the exec form (`command` + `args`, no shell) and in the shell
 * form (by the shell, from the hook's environment), and both variables are set for the hook — with a
 * real plugin directory whose path has a space, and real hook processes.
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings, toConfigParameters } from '../../../src/adapters/settings/settings.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { hookFixture } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { useSettingsEnvironment } from '../../helpers/settingsEnvironment.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

afterAll(() => assertNoHookProcessesAlive());

const environment = useSettingsEnvironment();

describe('Claude Code plugin placeholders', () => {
  it('${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} reach the exec form and the shell form of a plugin hook, and both are set in its environment', async () => {
    const plugin = join(environment.root, 'my plugins', 'placeholder-probe');
    cpSync(hookFixture('reference/placeholder-plugin'), plugin, { recursive: true });
    const settings = await loadSettings({ ...environment.loadOptions(), pluginDirs: [plugin] });
    expect(settings.warnings).toEqual([]);
    const dataDirectory = join(environment.home, '.claude', 'plugins', 'data', 'placeholder-probe-inline');
    expect(existsSync(dataDirectory)).toBe(true);

    const config = new Config({
      ...toConfigParameters(settings),
      workingDir: environment.project,
      logger: recordingLogger().logger,
    });
    let ran = false;
    await executeToolWithHooks(config, 'run_shell_command', { command: 'ls' }, async () => {
      ran = true;
      return { llmContent: 'ok', returnDisplay: 'ok' };
    });
    expect(ran).toBe(true);
    const lines = readJsonLines<Record<string, string>>(join(dataDirectory, 'calls.log'));
    const expected = {
      logFile: join(dataDirectory, 'calls.log'),
      tool: 'Bash',
      root: plugin,
      data: dataDirectory,
      project: environment.project,
    };
    expect(lines.sort((left, right) => left['form']!.localeCompare(right['form']!))).toEqual([
      { form: 'exec', ...expected },
      { form: 'shell', ...expected },
    ]);
  });
});
