/**
 * Where settings files are (HOOK-084): each scope's path, which scopes belong to the project, the
 * dialect a location gives, and how messages name a file.
 */
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dialectOfLocation,
  hostSystemPath,
  displayPath,
  getSettingsPaths,
  isProjectScope,
  projectLocations,
  type SettingsScope,
} from '../../../src/adapters/settings/settingsLocations.js';
import { useSettingsEnvironment } from '../../helpers/settingsEnvironment.js';

const environment = useSettingsEnvironment();

describe('settings locations', () => {
  it('HOOK-084: the system scope is /etc/hookrail/settings.json unless HOOKRAIL_SYSTEM_SETTINGS names another file', () => {
    const defaults = getSettingsPaths({ workingDir: environment.project, homeDir: environment.home, env: {} });
    const overridden = getSettingsPaths({
      workingDir: environment.project,
      homeDir: environment.home,
      env: environment.env,
    });

    expect(defaults).toEqual({
      system: '/etc/hookrail/settings.json',
      user: environment.userFile,
      project: environment.projectFile,
      claudeUser: environment.claudeUserFile,
      claudeProject: environment.claudeProjectFile,
      claudeLocal: environment.claudeLocalFile,
      geminiUser: environment.geminiUserFile,
      geminiProject: environment.geminiProjectFile,
      geminiExtensions: join(environment.home, '.gemini', 'extensions'),
      claudeManaged: hostSystemPath('claude'),
      claudeManagedDropIns: join(dirname(hostSystemPath('claude')), 'managed-settings.d'),
      geminiSystem: hostSystemPath('gemini'),
      geminiSystemDefaults: join(dirname(hostSystemPath('gemini')), 'system-defaults.json'),
      claudePlugins: join(environment.home, '.claude', 'plugins'),
    });
    expect(overridden.system).toBe(environment.systemFile);
  });

  it("the hosts' policy files are at their documented system paths unless HOOKRAIL_CLAUDE_MANAGED_SETTINGS / GEMINI_CLI_SYSTEM_SETTINGS_PATH name others", () => {
    expect(hostSystemPath('claude', 'linux')).toBe('/etc/claude-code/managed-settings.json');
    expect(hostSystemPath('claude', 'darwin')).toBe('/Library/Application Support/ClaudeCode/managed-settings.json');
    expect(hostSystemPath('claude', 'win32')).toBe('C:\\Program Files\\ClaudeCode\\managed-settings.json');
    expect(hostSystemPath('gemini', 'linux')).toBe('/etc/gemini-cli/settings.json');
    expect(hostSystemPath('gemini', 'darwin')).toBe('/Library/Application Support/GeminiCli/settings.json');
    expect(hostSystemPath('gemini', 'win32')).toBe('C:\\ProgramData\\gemini-cli\\settings.json');
    const overridden = getSettingsPaths({
      workingDir: environment.project,
      homeDir: environment.home,
      env: environment.env,
    });
    expect(overridden.claudeManaged).toBe(environment.claudeManagedFile);
    expect(overridden.geminiSystem).toBe(environment.geminiSystemFile);
    expect(overridden.claudeManagedDropIns).toBe(join(dirname(environment.claudeManagedFile), 'managed-settings.d'));
    expect(overridden.geminiSystemDefaults).toBe(environment.geminiSystemDefaultsFile);
    const defaults = getSettingsPaths({ workingDir: environment.project, homeDir: environment.home, env: {} });
    expect(dirname(defaults.claudeManagedDropIns)).toBe(dirname(hostSystemPath('claude')));
    expect(defaults.geminiSystemDefaults).toBe(join(dirname(hostSystemPath('gemini')), 'system-defaults.json'));
    const named = getSettingsPaths({
      workingDir: environment.project,
      homeDir: environment.home,
      env: { ...environment.env, GEMINI_CLI_SYSTEM_DEFAULTS_PATH: 'corp/defaults.json' },
    });
    expect(named.geminiSystemDefaults).toBe(join(environment.project, 'corp', 'defaults.json'));
  });

  it('HOOK-084: the project files, highest priority first, are what trust covers; plugins a project file names are project scope too', () => {
    const paths = getSettingsPaths({ workingDir: environment.project, homeDir: environment.home, env: {} });
    expect(projectLocations(paths, { includeClaude: true, includeGemini: true })).toEqual([
      { scope: 'project', path: environment.projectFile },
      { scope: 'claude-local', path: environment.claudeLocalFile },
      { scope: 'claude-project', path: environment.claudeProjectFile },
      { scope: 'gemini-project', path: environment.geminiProjectFile },
    ]);
    expect(projectLocations(paths, { includeClaude: false, includeGemini: false })).toEqual([
      { scope: 'project', path: environment.projectFile },
    ]);
    const projectScopes: SettingsScope[] = [
      'project',
      'claude-project',
      'claude-local',
      'gemini-project',
      'project-plugin',
    ];
    const otherScopes: SettingsScope[] = [
      'system',
      'user',
      'extra',
      'claude-user',
      'gemini-user',
      'gemini-system-defaults',
      'plugin',
      'extension',
    ];
    expect(projectScopes.filter(isProjectScope)).toEqual(projectScopes);
    expect(otherScopes.filter(isProjectScope)).toEqual([]);
  });

  it("a file's location gives its dialect; a file named anywhere else is decided by its content", () => {
    expect(dialectOfLocation('claude-local', '/p/.claude/settings.local.json')).toBe('claude');
    expect(dialectOfLocation('plugin', '/plugins/guard/hooks/hooks.json')).toBe('claude');
    expect(dialectOfLocation('extension', '/home/.gemini/extensions/x/hooks/hooks.json')).toBe('gemini');
    expect(dialectOfLocation('gemini-system-defaults', '/etc/gemini-cli/system-defaults.json')).toBe('gemini');
    expect(dialectOfLocation('extra', '/p/.claude/other.json')).toBe('claude');
    expect(dialectOfLocation('extra', '/p/.gemini/other.json')).toBe('gemini');
    expect(dialectOfLocation('extra', '/p/hooks.json')).toBeUndefined();
  });

  it('messages name a file relative to the project, else under ~/, else by its absolute path', () => {
    const context = { workingDir: '/work/project', homeDir: '/home/me' };
    expect(displayPath('/work/project/.hookrail/settings.json', context)).toBe('.hookrail/settings.json');
    expect(displayPath('/home/me/.claude/settings.json', context)).toBe('~/.claude/settings.json');
    expect(displayPath('/etc/hookrail/settings.json', context)).toBe('/etc/hookrail/settings.json');
  });
});
