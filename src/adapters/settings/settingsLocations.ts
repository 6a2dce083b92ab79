/**
 * Where settings files are (HOOK-084): the scope of each file, the path of each scope's file, which
 * of them belong to the project (and so need trust), the dialect a location gives, and how messages
 * name a file.
 */
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { HookDialect } from '../../hooks/protocol/hookConfig.js';

/**
 * Where a settings file sits. `claude-*` files are Claude Code's, `gemini-*` Gemini CLI's;
 * `plugin` / `project-plugin` are Claude Code plugins (named on the command line or in a user file /
 * in a project file), `extension` Gemini CLI extensions.
 */
export type SettingsScope =
  | 'system'
  | 'user'
  | 'project'
  | 'extra'
  | 'claude-user'
  | 'claude-project'
  | 'claude-local'
  | 'gemini-user'
  | 'gemini-project'
  | 'claude-managed'
  | 'gemini-system'
  | 'gemini-system-defaults'
  | 'plugin'
  | 'project-plugin'
  | 'extension';

/** The settings file of each scope. */
export interface SettingsPaths {
  system: string;
  user: string;
  project: string;
  claudeUser: string;
  claudeProject: string;
  claudeLocal: string;
  geminiUser: string;
  geminiProject: string;
  /** Where Gemini CLI installs extensions: `~/.gemini/extensions`. */
  geminiExtensions: string;
  /** Claude Code's managed policy file (`HOOKRAIL_CLAUDE_MANAGED_SETTINGS`, else its documented system path). */
  claudeManaged: string;
  /** Claude Code's managed drop-in directory: `managed-settings.d` beside the managed file. */
  claudeManagedDropIns: string;
  /** Gemini CLI's system settings (`GEMINI_CLI_SYSTEM_SETTINGS_PATH`, else its documented system path). */
  geminiSystem: string;
  /**
   * Gemini CLI's system defaults, its lowest-precedence file (`GEMINI_CLI_SYSTEM_DEFAULTS_PATH`, else
   * `system-defaults.json` beside the system settings file).
   */
  geminiSystemDefaults: string;
  /** Where Claude Code keeps installed plugins: `~/.claude/plugins`. */
  claudePlugins: string;
}

/** Options for {@link getSettingsPaths}. */
export interface SettingsPathsOptions {
  workingDir: string;
  homeDir?: string;
  env?: NodeJS.ProcessEnv;
}

/** HOOK-084: the settings file of each scope. */
export function getSettingsPaths(options: SettingsPathsOptions): SettingsPaths {
  const workingDir = resolve(options.workingDir);
  const homeDir = resolve(options.homeDir ?? homedir());
  const env = options.env ?? process.env;
  const systemOverride = env['HOOKRAIL_SYSTEM_SETTINGS'];
  const claudeManagedOverride = env['HOOKRAIL_CLAUDE_MANAGED_SETTINGS'];
  const geminiSystemOverride = env['GEMINI_CLI_SYSTEM_SETTINGS_PATH'];
  const geminiDefaultsOverride = env['GEMINI_CLI_SYSTEM_DEFAULTS_PATH'];
  const claudeManaged = claudeManagedOverride ? resolve(workingDir, claudeManagedOverride) : hostSystemPath('claude');
  const geminiSystem = geminiSystemOverride ? resolve(workingDir, geminiSystemOverride) : hostSystemPath('gemini');
  return {
    system: systemOverride ? resolve(workingDir, systemOverride) : '/etc/hookrail/settings.json',
    user: join(homeDir, '.hookrail', 'settings.json'),
    project: join(workingDir, '.hookrail', 'settings.json'),
    claudeUser: join(homeDir, '.claude', 'settings.json'),
    claudeProject: join(workingDir, '.claude', 'settings.json'),
    claudeLocal: join(workingDir, '.claude', 'settings.local.json'),
    geminiUser: join(homeDir, '.gemini', 'settings.json'),
    geminiProject: join(workingDir, '.gemini', 'settings.json'),
    geminiExtensions: join(homeDir, '.gemini', 'extensions'),
    claudeManaged,
    claudeManagedDropIns: join(dirname(claudeManaged), 'managed-settings.d'),
    geminiSystem,
    geminiSystemDefaults: geminiDefaultsOverride
      ? resolve(workingDir, geminiDefaultsOverride)
      : join(dirname(geminiSystem), 'system-defaults.json'),
    claudePlugins: join(homeDir, '.claude', 'plugins'),
  };
}

/**
 * The system-wide policy file each host documents for this platform: Claude Code's
 * `managed-settings.json` and Gemini CLI's system `settings.json`.
 */
export function hostSystemPath(host: 'claude' | 'gemini', platform: NodeJS.Platform = process.platform): string {
  if (host === 'claude') {
    if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
    if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode\\managed-settings.json';
    return '/etc/claude-code/managed-settings.json';
  }
  if (platform === 'darwin') return '/Library/Application Support/GeminiCli/settings.json';
  if (platform === 'win32') return 'C:\\ProgramData\\gemini-cli\\settings.json';
  return '/etc/gemini-cli/settings.json';
}

/** The scopes whose hooks a host's policy imposes: no lower scope switches them off (like `pinned`). */
export function isManagedScope(scope: SettingsScope): boolean {
  return scope === 'claude-managed' || scope === 'gemini-system';
}

/** A settings file's place: its scope and path. */
export interface ScopeLocation {
  scope: SettingsScope;
  path: string;
}

/** Which agents' files to read besides hookrail's. */
export interface ScopeSelection {
  includeClaude: boolean;
  includeGemini: boolean;
}

/** The project's own settings files, highest priority first: what trust covers (with the plugins they name). */
export function projectLocations(paths: SettingsPaths, selection: ScopeSelection): ScopeLocation[] {
  return [
    { scope: 'project', path: paths.project },
    ...(selection.includeClaude
      ? [
          { scope: 'claude-local' as const, path: paths.claudeLocal },
          { scope: 'claude-project' as const, path: paths.claudeProject },
        ]
      : []),
    ...(selection.includeGemini ? [{ scope: 'gemini-project' as const, path: paths.geminiProject }] : []),
  ];
}

/** The dialect a file's location gives, or `undefined` when its content decides. */
export function dialectOfLocation(scope: SettingsScope, path: string): HookDialect | undefined {
  if (
    scope === 'claude-user' ||
    scope === 'claude-project' ||
    scope === 'claude-local' ||
    scope === 'claude-managed' ||
    scope === 'plugin' ||
    scope === 'project-plugin'
  )
    return 'claude';
  if (
    scope === 'gemini-user' ||
    scope === 'gemini-project' ||
    scope === 'gemini-system' ||
    scope === 'gemini-system-defaults' ||
    scope === 'extension'
  )
    return 'gemini';
  const folder = basename(dirname(path));
  if (folder === '.claude') return 'claude';
  if (folder === '.gemini') return 'gemini';
  return undefined;
}

/** Project files come with the repository: they apply only in a trusted folder — every dialect's, and the plugins they name. */
export function isProjectScope(scope: SettingsScope): boolean {
  return (
    scope === 'project' ||
    scope === 'claude-project' ||
    scope === 'claude-local' ||
    scope === 'gemini-project' ||
    scope === 'project-plugin'
  );
}

/** How messages name a file: relative to the working directory, `~/...`, or absolute. */
export function displayPath(file: string, context: { workingDir: string; homeDir: string }): string {
  const insideProject = relative(context.workingDir, file);
  if (insideProject && !insideProject.startsWith('..') && !isAbsolute(insideProject)) return insideProject;
  const insideHome = relative(context.homeDir, file);
  if (insideHome && !insideHome.startsWith('..') && !isAbsolute(insideHome)) return `~/${insideHome}`;
  return file;
}
