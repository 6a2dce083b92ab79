/**
 * The switches of each dialect's settings file, read straight into a file record: every bad
 * value is a warning with its JSON path, never a throw, and Gemini CLI's older spellings still count.
 */
import { describe, expect, it } from 'vitest';
import { emptyScopeFile } from '../../../src/adapters/settings/settingsScopeFile.js';
import type { SettingsScopeFile } from '../../../src/adapters/settings/scopeFile.js';
import {
  readClaudeSwitches,
  readGeminiSwitches,
  readHookrailSwitches,
} from '../../../src/adapters/settings/settingsSwitches.js';

function file(dialect: SettingsScopeFile['dialect']): SettingsScopeFile {
  return emptyScopeFile({ scope: 'extra', path: '/work/project/settings.json', displayName: 'settings.json', dialect });
}

function problemPaths(scopeFile: SettingsScopeFile): string[] {
  return scopeFile.problems.map((problem) => problem.path);
}

describe('Claude Code: disableAllHooks', () => {
  it('disableAllHooks is recorded on the file (applied across files after precedence); a non-boolean is a warning', () => {
    const on = file('claude');
    readClaudeSwitches({ disableAllHooks: true, enabledPlugins: { 'fmt@tools': true, 'old@tools': false } }, on);
    expect(on.claudeDisableAllHooks).toBe(true);
    expect(on.enabledPlugins).toEqual({ 'fmt@tools': true, 'old@tools': false });
    const bad = file('claude');
    readClaudeSwitches(
      { disableAllHooks: 'yes', enabledPlugins: { 'fmt@tools': 'on' }, allowManagedHooksOnly: true },
      bad,
    );
    expect(bad.claudeDisableAllHooks).toBeUndefined();
    expect(problemPaths(bad)).toEqual(['disableAllHooks', 'enabledPlugins.fmt@tools', 'allowManagedHooksOnly']);
  });
});

describe('Gemini CLI: hooksConfig and the older spellings', () => {
  it('hooksConfig.enabled: false is recorded (applied across files after precedence); hooksConfig.disabled names hooks not to run', () => {
    const scopeFile = file('gemini');
    readGeminiSwitches({ hooksConfig: { enabled: false, disabled: ['guard', ''] } }, scopeFile);
    expect(scopeFile.geminiHooksEnabled).toBe(false);
    expect(scopeFile.disabledHooks).toEqual(['guard']);
    expect(scopeFile.disabledHookPaths).toEqual(['hooksConfig.disabled[0]']);
    expect(problemPaths(scopeFile)).toEqual(['hooksConfig.disabled[1]']);
  });

  it('hooks.enabled, hooks.disabled and tools.enableHooks are honoured, each with a warning naming the new spelling', () => {
    const scopeFile = file('gemini');
    readGeminiSwitches({ hooks: { enabled: false, disabled: ['old'] }, tools: { enableHooks: true } }, scopeFile);
    expect(scopeFile.geminiHooksEnabled).toBe(false);
    expect(scopeFile.disabledHooks).toEqual(['old']);
    expect(scopeFile.disabledHookPaths).toEqual(['hooks.disabled[0]']);
    expect(problemPaths(scopeFile)).toEqual(['hooks.enabled', 'hooks.disabled', 'tools.enableHooks']);
    expect(scopeFile.problems[0]?.message).toContain('write hooksConfig.enabled');
  });
});

describe("hookrail's own switches", () => {
  it('enableHooks, disabledHooks, hookEnvironment.withhold and plugins (relative to the file) are read', () => {
    const scopeFile = file('native');
    readHookrailSwitches(
      {
        enableHooks: false,
        disabledHooks: ['a'],
        hookEnvironment: { withhold: ['*_API_KEY'] },
        plugins: ['../plugins/guard'],
      },
      scopeFile,
    );
    expect(scopeFile.enableHooks).toBe(false);
    expect(scopeFile.disabledHooks).toEqual(['a']);
    expect(scopeFile.withheldVariables).toEqual(['*_API_KEY']);
    expect(scopeFile.pluginDirs).toEqual(['/work/plugins/guard']);
    expect(scopeFile.problems).toEqual([]);
  });

  it('every value of the wrong type is a warning with its JSON path, and is ignored', () => {
    const scopeFile = file('native');
    readHookrailSwitches(
      { enableHooks: 'no', disabledHooks: 'a', hookEnvironment: { withhold: [''], keep: [] }, plugins: [3] },
      scopeFile,
    );
    expect(scopeFile.enableHooks).toBeUndefined();
    expect(scopeFile.disabledHooks).toEqual([]);
    expect(scopeFile.withheldVariables).toEqual([]);
    expect(scopeFile.pluginDirs).toEqual([]);
    expect(problemPaths(scopeFile)).toEqual([
      'disabledHooks',
      'enableHooks',
      'hookEnvironment.keep',
      'hookEnvironment.withhold[0]',
      'plugins[0]',
    ]);
  });

  it('warmInterpreters: a whole number, 0 or more, is read (0 switches warm starts off); anything else is a warning naming the value', () => {
    for (const value of [0, 3]) {
      const scopeFile = file('native');
      readHookrailSwitches({ warmInterpreters: value }, scopeFile);
      expect(scopeFile.warmInterpreters).toBe(value);
      expect(scopeFile.problems).toEqual([]);
    }
    for (const value of [-1, 1.5, '2', true]) {
      const scopeFile = file('native');
      readHookrailSwitches({ warmInterpreters: value }, scopeFile);
      expect(scopeFile.warmInterpreters).toBeUndefined();
      expect(scopeFile.problems).toEqual([
        {
          path: 'warmInterpreters',
          message: `expected a whole number of idle interpreters, 0 or more (0: off), got ${JSON.stringify(value)}; ignored`,
          severity: 'warning',
        },
      ]);
    }
  });
});
