/**
 * A top-level key that looks like a misspelling of one hookrail reads from that file is a warning at the
 * key, so a file with `"hook"` does not read as "0 hooks, no problems"; the many settings of Claude Code's
 * and Gemini CLI's own files pass without a word.
 */
import { describe, expect, it } from 'vitest';
import { readSettingsScopeFile } from '../../../src/adapters/settings/settings.js';
import { keysReadFrom, reportSettingsKeyTypos } from '../../../src/adapters/settings/settingsKeyTypos.js';
import { useSettingsEnvironment, oneHook } from '../../helpers/settingsEnvironment.js';

const environment = useSettingsEnvironment();

describe('misspelt top-level settings keys', () => {
  it('hookrail\'s own file: "hook", "Hooks", "enableHook" and "hookEnviroment" are warnings naming the key meant; the hooks under "hooks" still load', async () => {
    const path = environment.write(environment.userFile, {
      hook: oneHook('BeforeTool', 'echo lost'),
      Hooks: {},
      enableHook: true,
      hookEnviroment: { withhold: ['TOKEN'] },
      hooks: oneHook('BeforeTool', 'echo kept'),
    });
    const file = await readSettingsScopeFile({
      scope: 'user',
      path,
      homeDir: environment.home,
      workingDir: environment.project,
    });
    expect(file.problems).toEqual([
      { path: 'hook', message: 'unknown key "hook"; ignored (did you mean "hooks"?)', severity: 'warning' },
      { path: 'Hooks', message: 'unknown key "Hooks"; ignored (did you mean "hooks"?)', severity: 'warning' },
      {
        path: 'enableHook',
        message: 'unknown key "enableHook"; ignored (did you mean "enableHooks"?)',
        severity: 'warning',
      },
      {
        path: 'hookEnviroment',
        message: 'unknown key "hookEnviroment"; ignored (did you mean "hookEnvironment"?)',
        severity: 'warning',
      },
    ]);
    expect(file.hooks.BeforeTool?.[0].hooks.map((hook) => hook.command)).toEqual(['echo kept']);
  });

  it('a Claude Code file with its own settings has no problem; "disableAllHook" is a typo of the switch hookrail reads there', async () => {
    const claudeSettings = {
      permissions: { allow: ['Bash(npm test)'] },
      env: { FOO: '1' },
      model: 'opus',
      statusLine: { type: 'command', command: 'echo line' },
      enabledPlugins: {},
      includeCoAuthoredBy: false,
      cleanupPeriodDays: 30,
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo guard' }] }] },
    };
    const clean = await readSettingsScopeFile({
      scope: 'claude-user',
      path: environment.write(environment.claudeUserFile, claudeSettings),
      homeDir: environment.home,
    });
    expect(clean.problems).toEqual([]);
    const typo = await readSettingsScopeFile({
      scope: 'claude-user',
      path: environment.write(environment.claudeUserFile, { ...claudeSettings, disableAllHook: true }),
      homeDir: environment.home,
    });
    expect(typo.problems).toEqual([
      {
        path: 'disableAllHook',
        message: 'unknown key "disableAllHook"; ignored (did you mean "disableAllHooks"?)',
        severity: 'warning',
      },
    ]);
    expect(typo.hooks.BeforeTool).toHaveLength(1);
  });

  it('a Gemini CLI file with its own settings (tools, ui, mcpServers, ...) has no problem', async () => {
    const path = environment.write(environment.geminiUserFile, {
      general: { vimMode: true },
      ui: { theme: 'dark' },
      tools: { sandbox: false },
      mcpServers: {},
      context: { fileName: 'GEMINI.md' },
      security: {},
      hooksConfig: { enabled: true },
      hooks: oneHook('BeforeTool', 'echo gemini'),
    });
    const file = await readSettingsScopeFile({ scope: 'gemini-user', path, homeDir: environment.home });
    expect(file.problems).toEqual([]);
  });

  it('a Gemini CLI file: "tool" is a typo of "tools", whose tools.enableHooks hookrail reads there (and "hooksConfg" of "hooksConfig")', async () => {
    const path = environment.write(environment.geminiUserFile, {
      tool: { enableHooks: false },
      hooksConfg: { enabled: false },
      hooks: oneHook('BeforeTool', 'echo gemini'),
    });
    const file = await readSettingsScopeFile({ scope: 'gemini-user', path, homeDir: environment.home });
    expect(file.problems).toEqual([
      { path: 'tool', message: 'unknown key "tool"; ignored (did you mean "tools"?)', severity: 'warning' },
      {
        path: 'hooksConfg',
        message: 'unknown key "hooksConfg"; ignored (did you mean "hooksConfig"?)',
        severity: 'warning',
      },
    ]);
  });

  it('keysReadFrom: the keys each dialect reads, the hookrail switches only where hookrail reads them', () => {
    expect(keysReadFrom('claude', false)).toEqual([
      'hooks',
      'disableAllHooks',
      'enabledPlugins',
      'pluginConfigs',
      'allowManagedHooksOnly',
      'allowedHttpHookUrls',
      'httpHookAllowedEnvVars',
    ]);
    expect(keysReadFrom('gemini', false)).toEqual(['hooks', 'hooksConfig', 'tools']);
    expect(keysReadFrom('native', true)).toEqual([
      'hooks',
      'enableHooks',
      'disabledHooks',
      'hookEnvironment',
      'warmInterpreters',
      'plugins',
    ]);
  });

  it('only keys read from the file are suggested: "enableHook" in a Claude Code file is no typo of a key hookrail reads there', () => {
    expect(reportSettingsKeyTypos({ enableHook: true, hook: {} }, ['hooks', 'disableAllHooks'])).toEqual([
      { path: 'hook', message: 'unknown key "hook"; ignored (did you mean "hooks"?)', severity: 'warning' },
    ]);
  });
});
