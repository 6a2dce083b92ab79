/**
 * The files each dialect brings, read where Claude Code and Gemini CLI read them: `.claude/settings.local.json`,
 * `.gemini/settings.json` (project before user) with Gemini's own switches, Claude Code plugins and
 * Gemini CLI extensions; trust covers every project file alike.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadClaudePlugin } from '../../../src/adapters/settings/extensions.js';
import { isExtensionEnabled, loadGeminiExtension } from '../../../src/adapters/settings/geminiExtensions.js';
import {
  loadSettings,
  readSettingsScopeFile,
  toConfigParameters,
  trustProjectHooks,
} from '../../../src/adapters/settings/settings.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { DebugLogger } from '../../../src/debugLogger.js';
import { HookRegistry } from '../../../src/hooks/engine/hookRegistry.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookConfig, HooksSettings } from '../../../src/hooks/protocol/hookConfig.js';
import { useSettingsEnvironment, oneHook } from '../../helpers/settingsEnvironment.js';

const environment = useSettingsEnvironment();

function hooksOf(hooks: HooksSettings, eventName: HookEventName): HookConfig[] {
  return (hooks[eventName] ?? []).flatMap((group) => group.hooks);
}

function commands(hooks: HooksSettings, eventName: HookEventName): Array<string | undefined> {
  return hooksOf(hooks, eventName).map((hook) => hook.command);
}

async function registryOf(settings: Awaited<ReturnType<typeof loadSettings>>): Promise<HookRegistry> {
  const registry = new HookRegistry(
    new Config({
      ...toConfigParameters(settings),
      workingDir: environment.project,
      logger: new DebugLogger('t', { sink: () => undefined }),
    }),
  );
  await registry.initialize();
  return registry;
}

describe('Gemini CLI settings files', () => {
  it("project and user .gemini/settings.json are read, project before user, their hooks speaking Gemini CLI's dialect", async () => {
    environment.write(environment.geminiUserFile, {
      hooks: oneHook('BeforeTool', 'echo gemini-user', { timeout: 5000 }),
    });
    environment.write(environment.geminiProjectFile, { hooks: oneHook('BeforeTool', 'echo gemini-project') });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.warnings).toEqual([]);
    expect(commands(settings.hooks, HookEventName.BeforeTool)).toEqual(['echo gemini-project', 'echo gemini-user']);
    expect(hooksOf(settings.hooks, HookEventName.BeforeTool).map((hook) => [hook.dialect, hook.timeout])).toEqual([
      ['gemini', undefined],
      ['gemini', 5000],
    ]);
    const registry = await registryOf(settings);
    expect(registry.getAllHooks().map((entry) => entry.dialect)).toEqual(['gemini', 'gemini']);
  });

  it("Gemini's hooksConfig.enabled: false leaves that file's hooks out; hooksConfig.disabled names hooks not to run", async () => {
    environment.write(environment.geminiUserFile, {
      hooksConfig: { enabled: false },
      hooks: oneHook('BeforeTool', 'echo off'),
    });
    environment.write(environment.userFile, {
      hooks: {
        BeforeTool: [
          {
            hooks: [
              { type: 'command', command: 'echo kept' },
              { type: 'command', command: 'echo noisy', name: 'noisy-logger' },
            ],
          },
        ],
      },
    });
    environment.write(environment.systemFile, {});
    const settings = await loadSettings(environment.loadOptions());
    expect(commands(settings.hooks, HookEventName.BeforeTool)).toEqual(['echo kept', 'echo noisy']);
    environment.write(environment.geminiUserFile, { hooksConfig: { disabled: ['noisy-logger'] } });
    const disabled = await loadSettings(environment.loadOptions());
    expect(disabled.disabledHooks).toEqual(['noisy-logger']);
    const registry = await registryOf(disabled);
    expect(registry.getAllHooks().map((entry) => [entry.config.command, entry.enabled])).toEqual([
      ['echo kept', true],
      ['echo noisy', false],
    ]);
  });

  it("Gemini's older switches (hooks.enabled / hooks.disabled, tools.enableHooks) are honoured with a warning naming the new spelling", async () => {
    environment.write(environment.geminiUserFile, {
      hooks: { enabled: true, disabled: ['echo b'], ...oneHook('AfterTool', 'echo b') },
    });
    const file = await readSettingsScopeFile({
      scope: 'gemini-user',
      path: environment.geminiUserFile,
      homeDir: environment.home,
    });
    expect(file.disabledHooks).toEqual(['echo b']);
    expect(commands(file.hooks, HookEventName.AfterTool)).toEqual(['echo b']);
    expect(file.problems).toEqual([
      {
        path: 'hooks.enabled',
        message: "Gemini CLI's older spelling; honoured, but write hooksConfig.enabled",
        severity: 'warning',
      },
      {
        path: 'hooks.disabled',
        message: "Gemini CLI's older spelling; honoured, but write hooksConfig.disabled",
        severity: 'warning',
      },
    ]);
    environment.write(environment.geminiUserFile, {
      tools: { enableHooks: false },
      ...{ hooks: oneHook('AfterTool', 'echo c') },
    });
    const off = await readSettingsScopeFile({
      scope: 'gemini-user',
      path: environment.geminiUserFile,
      homeDir: environment.home,
    });
    expect(off.geminiHooksEnabled).toBe(false);
    expect(off.problems.map((problem) => problem.path)).toEqual(['tools.enableHooks']);
    expect((await loadSettings(environment.loadOptions())).hooks).toEqual({});
  });

  it("a settings file named anywhere with Gemini's hooksConfig is read as Gemini CLI's; with Claude's event names as Claude Code's", async () => {
    const gemini = environment.write(environment.path('gemini.json'), {
      hooksConfig: { enabled: true },
      hooks: oneHook('BeforeTool', 'echo g'),
    });
    const claude = environment.write(environment.path('claude.json'), {
      disableAllHooks: false,
      hooks: oneHook('PreToolUse', 'echo c', { timeout: 2 }),
    });
    const settings = await loadSettings({ ...environment.loadOptions(), extraFiles: [gemini, claude] });
    expect(settings.files.slice(0, 2).map((file) => file.dialect)).toEqual(['gemini', 'claude']);
    expect(
      hooksOf(settings.hooks, HookEventName.BeforeTool).map((hook) => [hook.command, hook.dialect, hook.timeout]),
    ).toEqual([
      ['echo g', 'gemini', undefined],
      ['echo c', 'claude', 2000],
    ]);
  });
});

describe('Claude Code settings.local.json and disableAllHooks', () => {
  it('.claude/settings.local.json is read before .claude/settings.json; disableAllHooks applies after precedence to every Claude file, as Claude Code merges it', async () => {
    environment.write(environment.claudeLocalFile, { hooks: oneHook('PreToolUse', 'echo local') });
    environment.write(environment.claudeProjectFile, {
      disableAllHooks: true,
      hooks: oneHook('PreToolUse', 'echo shared'),
    });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    const off = await loadSettings(environment.loadOptions());
    expect(commands(off.hooks, HookEventName.BeforeTool)).toEqual([]);
    expect(off.offFiles.map((file) => file.displayName)).toEqual([
      '.claude/settings.local.json',
      '.claude/settings.json',
    ]);
    environment.write(environment.claudeLocalFile, {
      disableAllHooks: false,
      hooks: oneHook('PreToolUse', 'echo local'),
    });
    const on = await loadSettings(environment.loadOptions());
    expect(commands(on.hooks, HookEventName.BeforeTool)).toEqual(['echo local', 'echo shared']);
  });
});

describe('trust covers every project file', () => {
  it('hooks in .gemini/settings.json and .claude/settings.local.json of an untrusted folder do not run until it is trusted', async () => {
    environment.write(environment.geminiProjectFile, { hooks: oneHook('BeforeTool', 'echo from-repo-gemini') });
    environment.write(environment.claudeLocalFile, { hooks: oneHook('PreToolUse', 'echo from-repo-claude') });
    const untrusted = await loadSettings(environment.loadOptions());
    expect(untrusted.untrustedProjectHooks).toBe(true);
    expect(untrusted.hooks).toEqual({});
    expect(untrusted.warnings.join('\n')).toContain(
      '.claude/settings.local.json and .gemini/settings.json were not applied',
    );
    const trusted = await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    expect(trusted.files.map((file) => file.scope)).toEqual([
      'project',
      'claude-local',
      'claude-project',
      'gemini-project',
    ]);
    const loaded = await loadSettings(environment.loadOptions());
    expect(commands(loaded.hooks, HookEventName.BeforeTool)).toEqual([
      'echo from-repo-claude',
      'echo from-repo-gemini',
    ]);
  });
});

/** Writes a Claude Code plugin directory and returns its path. */
function writePlugin(
  name: string,
  hooks: Record<string, unknown>,
  manifest: Record<string, unknown> | undefined = { name },
): string {
  const dir = environment.path('plugins', name);
  if (manifest) environment.write(join(dir, '.claude-plugin', 'plugin.json'), manifest);
  environment.write(join(dir, 'hooks', 'hooks.json'), { description: `${name} hooks`, hooks });
  return dir;
}

describe('Claude Code plugins', () => {
  it("--plugin DIR loads hooks/hooks.json in Claude Code's dialect, with CLAUDE_PLUGIN_ROOT for its hooks and seconds for timeouts", async () => {
    const dir = writePlugin('fmt', {
      PostToolUse: [
        {
          matcher: 'Write|Edit',
          hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/scripts/format.sh', timeout: 30 }],
        },
      ],
    });
    const settings = await loadSettings({ ...environment.loadOptions(), pluginDirs: [dir] });
    expect(settings.warnings).toEqual([]);
    const plugin = settings.files.find((file) => file.scope === 'plugin');
    expect(plugin).toMatchObject({
      sourceName: 'fmt',
      dialect: 'claude',
      trusted: true,
      path: join(dir, 'hooks', 'hooks.json'),
    });
    expect(hooksOf(settings.hooks, HookEventName.AfterTool)).toEqual([
      {
        type: 'command',
        command: '${CLAUDE_PLUGIN_ROOT}/scripts/format.sh',
        timeout: 30000,
        dialect: 'claude',
        dialectEvent: 'PostToolUse',
        env: {
          CLAUDE_PLUGIN_ROOT: dir,
          CLAUDE_PLUGIN_DATA: join(environment.home, '.claude', 'plugins', 'data', 'fmt-inline'),
        },
      },
    ]);
  });

  it('the manifest\'s "hooks" may name other files or hold the hooks inline; a missing plugin directory is an error naming it', async () => {
    const named = environment.path('plugins', 'named');
    environment.write(join(named, '.claude-plugin', 'plugin.json'), { name: 'named', hooks: './config/my-hooks.json' });
    environment.write(join(named, 'config', 'my-hooks.json'), { hooks: oneHook('Stop', 'echo named') });
    const inline = environment.path('plugins', 'inline');
    environment.write(join(inline, '.claude-plugin', 'plugin.json'), {
      name: 'inline',
      hooks: { hooks: oneHook('UserPromptSubmit', 'echo inline') },
    });
    const missing = environment.path('plugins', 'nowhere');
    const settings = await loadSettings({ ...environment.loadOptions(), pluginDirs: [named, inline, missing] });
    expect(commands(settings.hooks, HookEventName.AfterAgent)).toEqual(['echo named']);
    expect(commands(settings.hooks, HookEventName.BeforeAgent)).toEqual(['echo inline']);
    expect(settings.warnings).toEqual([`${missing}: Claude Code plugin directory not found`]);
  });

  it('a settings file\'s "plugins" loads plugins relative to the file; a project file\'s plugins need trust like the file', async () => {
    writePlugin('guard', { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo guard' }] }] });
    environment.write(environment.userFile, { plugins: ['../../plugins/guard'] });
    const fromUser = await loadSettings(environment.loadOptions());
    expect(fromUser.files.find((file) => file.scope === 'plugin')?.sourceName).toBe('guard');
    expect(commands(fromUser.hooks, HookEventName.BeforeTool)).toEqual(['echo guard']);

    environment.write(environment.userFile, {});
    environment.write(environment.projectFile, { plugins: ['../../plugins/guard'] });
    const fromProject = await loadSettings(environment.loadOptions());
    expect(fromProject.files.find((file) => file.scope === 'project-plugin')).toMatchObject({ trusted: false });
    expect(fromProject.hooks).toEqual({});
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    expect(commands((await loadSettings(environment.loadOptions())).hooks, HookEventName.BeforeTool)).toEqual([
      'echo guard',
    ]);
  });

  it("loadClaudePlugin gives a host a Config extension whose hooks speak Claude Code's dialect", async () => {
    const dir = writePlugin('guard', {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo guard', timeout: 2 }] }],
    });
    const extension = await loadClaudePlugin(dir, { homeDir: environment.home });
    const env = {
      CLAUDE_PLUGIN_ROOT: dir,
      CLAUDE_PLUGIN_DATA: join(environment.home, '.claude', 'plugins', 'data', 'guard-inline'),
    };
    expect(extension).toMatchObject({ name: 'guard', isActive: true, dialect: 'claude', env });
    const registry = new HookRegistry(
      new Config({ extensions: [extension], logger: new DebugLogger('t', { sink: () => undefined }) }),
    );
    await registry.initialize();
    expect(registry.getAllHooks()).toEqual([
      expect.objectContaining({
        eventName: HookEventName.BeforeTool,
        matcher: 'Bash',
        dialect: 'claude',
        extensionName: 'guard',
        config: expect.objectContaining({ timeout: 2000, env }),
      }),
    ]);
  });
});

/** Writes an installed Gemini CLI extension and returns its directory. */
function writeExtension(name: string, hooksFile: Record<string, unknown> | undefined): string {
  const dir = join(environment.home, '.gemini', 'extensions', name);
  environment.write(join(dir, 'gemini-extension.json'), { name, version: '1.0.0' });
  if (hooksFile) environment.write(join(dir, 'hooks', 'hooks.json'), hooksFile);
  return dir;
}

describe('Gemini CLI extensions', () => {
  it("installed extensions' hooks/hooks.json are read in Gemini CLI's dialect, ${extensionPath} and ${/} replaced", async () => {
    const dir = writeExtension('scanner', {
      hooks: oneHook('BeforeTool', 'node ${extensionPath}${/}scan.js', { matcher: 'write_file' }),
    });
    writeExtension('no-hooks', undefined);
    const settings = await loadSettings(environment.loadOptions());
    expect(
      settings.files.filter((file) => file.scope === 'extension').map((file) => [file.sourceName, file.exists]),
    ).toEqual([
      ['no-hooks', false],
      ['scanner', true],
    ]);
    expect(hooksOf(settings.hooks, HookEventName.BeforeTool)).toEqual([
      { type: 'command', command: `node ${dir}/scan.js`, dialect: 'gemini' },
    ]);
  });

  it('extension-enablement.json overrides disable an extension for this folder; hooksConfig.enabled: false turns extensions off', async () => {
    writeExtension('scanner', { hooks: oneHook('BeforeTool', 'echo scanner') });
    environment.write(join(environment.home, '.gemini', 'extensions', 'extension-enablement.json'), {
      scanner: { overrides: [`!${environment.project}`] },
    });
    expect((await loadSettings(environment.loadOptions())).hooks).toEqual({});
    environment.write(join(environment.home, '.gemini', 'extensions', 'extension-enablement.json'), {});
    expect(commands((await loadSettings(environment.loadOptions())).hooks, HookEventName.BeforeTool)).toEqual([
      'echo scanner',
    ]);
    environment.write(environment.geminiUserFile, { hooksConfig: { enabled: false } });
    expect((await loadSettings(environment.loadOptions())).hooks).toEqual({});
  });

  it('an extension hooks.json key other than "hooks" is a warning (Gemini CLI reads only hooks there)', async () => {
    writeExtension('odd', { hooks: oneHook('AfterTool', 'echo odd'), mcpServers: {} });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.warnings).toEqual([
      '~/.gemini/extensions/odd/hooks/hooks.json: mcpServers: Gemini CLI reads only "hooks" from an extension\'s hooks.json; ignored',
    ]);
  });

  it('enablement rules: "!" disables, a trailing /* covers the folders below, the last match wins', () => {
    expect(isExtensionEnabled([], '/work/app')).toBe(true);
    expect(isExtensionEnabled(['!/work/*'], '/work/app')).toBe(false);
    expect(isExtensionEnabled(['!/work/*', '/work/app'], '/work/app')).toBe(true);
    expect(isExtensionEnabled(['!/work/app'], '/work/app/sub')).toBe(true);
    expect(isExtensionEnabled(['!/work/app/'], '/work/app')).toBe(false);
  });

  it("loadGeminiExtension gives a host a Config extension whose hooks speak Gemini CLI's dialect", async () => {
    const dir = writeExtension('scanner', {
      hooks: oneHook('BeforeTool', 'node ${extensionPath}/scan.js ${workspacePath}'),
    });
    const extension = await loadGeminiExtension(dir, { workingDir: environment.project });
    expect(extension).toEqual({
      name: 'scanner',
      isActive: true,
      dialect: 'gemini',
      hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: `node ${dir}/scan.js ${environment.project}` }] }] },
    });
  });
});
