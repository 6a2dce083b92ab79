/**
 * One settings file as hookrail reads it (HOOK-080..084), in its dialect (DESIGN.md, "Dialects"):
 * where each scope's file is, and what one file says — its valid hooks, `disabledHooks`,
 * `enableHooks`, `hookEnvironment` and `plugins`, and every problem with its JSON path. `pinned` is
 * kept only in the system file. Reading never throws: a bad file is a list of problems.
 *
 * A file's location gives its dialect: Claude Code's (`.claude/settings.json`,
 * `.claude/settings.local.json`, `~/.claude/settings.json`) or Gemini CLI's (`.gemini/settings.json`,
 * `~/.gemini/settings.json`). A file named anywhere else (`--settings`, `hooks validate FILE`,
 * hookrail's own files) is read as Claude Code's when its event names are Claude's, as Gemini CLI's
 * when it has Gemini's `hooksConfig`, else as hookrail's. Each dialect's own switches are honoured:
 * - hookrail: `enableHooks`, `disabledHooks`, `hookEnvironment`, `plugins` (Claude Code plugin
 *   directories, relative to the file's directory).
 * - Claude Code: `disableAllHooks: true` leaves the file's hooks out.
 * - Gemini CLI: `hooksConfig.enabled: false` leaves the file's hooks out (and, from the user file,
 *   extensions' hooks); `hooksConfig.disabled` names hooks not to run. The older spellings
 *   (`hooks.enabled`, `hooks.disabled`, `tools.enableHooks`) are honoured with a deprecation warning.
 */
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { HookConfigProblem, HooksValidationResult, ValidatedHookDefinition } from '../../hooks/engine/hookRegistry.js';
import { readHooksInDialect } from '../../hooks/engine/dialectHooks.js';
import { detectHooksDialect } from '../../hooks/dialects/detect.js';
import { isPlainObject } from '../../values.js';
import { type HookDefinition, type HookDialect, type HooksSettings } from '../../hooks/protocol/hookConfig.js';
import { readJsonFile } from '../jsonFile.js';

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
  | 'plugin'
  | 'project-plugin'
  | 'extension';

/** One settings file as loaded. */
export interface SettingsScopeFile {
  scope: SettingsScope;
  /** Absolute path. */
  path: string;
  /** How messages name the file: relative to the working directory, `~/...`, or absolute. */
  displayName: string;
  /** The plugin or extension the file belongs to. */
  sourceName?: string;
  exists: boolean;
  /** False for project files left out because the folder is not trusted for them: they contribute nothing. */
  trusted: boolean;
  /** The dialect its hooks speak. */
  dialect: HookDialect;
  /** This file's valid hooks (also for an untrusted file, so they can be listed and reviewed). */
  hooks: HooksSettings;
  disabledHooks: string[];
  /** The JSON path of each `disabledHooks` entry (`disabledHooks[2]`), for warnings. */
  disabledHookPaths?: string[];
  /** The file's own `enableHooks`, when it sets one. */
  enableHooks?: boolean;
  /** Gemini CLI files: `hooksConfig.enabled` as the file sets it. */
  geminiHooksEnabled?: boolean;
  /** The file's `hookEnvironment.withhold` patterns: variables kept from every hook process. */
  withheldVariables: string[];
  /** hookrail files: the Claude Code plugin directories its `plugins` names, absolute. */
  pluginDirs: string[];
  /** Every problem; a path of `''` means the file as a whole (unreadable, malformed, not an object). */
  problems: HookConfigProblem[];
}

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
  const systemOverride = (options.env ?? process.env)['HOOKRAIL_SYSTEM_SETTINGS'];
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
  };
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
    ...(selection.includeClaude ? [{ scope: 'claude-local' as const, path: paths.claudeLocal }, { scope: 'claude-project' as const, path: paths.claudeProject }] : []),
    ...(selection.includeGemini ? [{ scope: 'gemini-project' as const, path: paths.geminiProject }] : []),
  ];
}

/** Options for {@link readSettingsScopeFile}. */
export interface ReadSettingsScopeFileOptions {
  scope: SettingsScope;
  path: string;
  /** For display names; default `process.cwd()`. */
  workingDir?: string;
  /** For display names; default `os.homedir()`. */
  homeDir?: string;
}

/** The dialect a file's location gives, or `undefined` when its content decides. */
export function dialectOfLocation(scope: SettingsScope, path: string): HookDialect | undefined {
  if (scope === 'claude-user' || scope === 'claude-project' || scope === 'claude-local' || scope === 'plugin' || scope === 'project-plugin') return 'claude';
  if (scope === 'gemini-user' || scope === 'gemini-project' || scope === 'extension') return 'gemini';
  const folder = basename(dirname(path));
  if (folder === '.claude') return 'claude';
  if (folder === '.gemini') return 'gemini';
  return undefined;
}

/** An empty record of the file at `path`, before reading it. */
export function emptyScopeFile(options: { scope: SettingsScope; path: string; displayName: string; dialect: HookDialect }): SettingsScopeFile {
  return { ...options, exists: false, trusted: true, hooks: {}, disabledHooks: [], withheldVariables: [], pluginDirs: [], problems: [] };
}

/** Reads and validates one settings file in its dialect. Never throws: problems are in `problems`. */
export async function readSettingsScopeFile(options: ReadSettingsScopeFileOptions): Promise<SettingsScopeFile> {
  const path = resolve(options.path);
  const displayName = displayPath(path, { workingDir: resolve(options.workingDir ?? process.cwd()), homeDir: resolve(options.homeDir ?? homedir()) });
  const located = dialectOfLocation(options.scope, path);
  const file = emptyScopeFile({ scope: options.scope, path, displayName, dialect: located ?? 'native' });
  let value: unknown;
  try {
    const content = await readJsonFile(path, { displayName });
    if (!content.exists) return file;
    value = content.value;
  } catch (error) {
    file.exists = true;
    const text = error instanceof Error ? error.message : String(error);
    const message = text.startsWith(`${displayName}: `) ? text.slice(displayName.length + 2) : text;
    file.problems.push({ path: '', message: `${message}; this file is ignored`, severity: 'error' });
    return file;
  }
  file.exists = true;
  if (!isPlainObject(value)) {
    const found = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    file.problems.push({ path: '', message: `expected a JSON object, found ${found}; this file is ignored`, severity: 'error' });
    return file;
  }
  file.dialect = located ?? detectFileDialect(value);
  readSettingsObject(value, file, { hookrailSwitches: located === undefined });
  return file;
}

/** A file named anywhere: Claude Code's event names → claude; Gemini CLI's `hooksConfig` → gemini; else native. */
function detectFileDialect(settings: Record<string, unknown>): HookDialect {
  if (detectHooksDialect(settings['hooks']).dialect === 'claude') return 'claude';
  if (settings['hooksConfig'] !== undefined) return 'gemini';
  return 'native';
}

/** Options for {@link readSettingsObject}. */
export interface ReadSettingsObjectOptions {
  /** Read hookrail's own switches too: for files whose location is not Claude Code's or Gemini CLI's. */
  hookrailSwitches: boolean;
  /** Variables added to every hook (a plugin's root). */
  env?: Record<string, string>;
}

/** Reads a settings object's hooks and switches into `file`, by `file.dialect`'s rules. */
export function readSettingsObject(settings: Record<string, unknown>, file: SettingsScopeFile, options: ReadSettingsObjectOptions): void {
  let hooksOff = false;
  if (file.dialect === 'claude') hooksOff = readClaudeSwitches(settings, file);
  else if (file.dialect === 'gemini') hooksOff = readGeminiSwitches(settings, file);
  if (options.hookrailSwitches) readSwitches(settings, file);
  if (hooksOff || settings['hooks'] === undefined) return;
  const validation = readHooksInDialect(settings['hooks'], {
    path: 'hooks',
    dialect: file.dialect === 'native' ? undefined : file.dialect,
    ...(options.env ? { env: options.env } : {}),
  });
  applyValidation(file, validation);
}

/** Stores a validation's hooks (`pinned` kept only in the system file) and problems in `file`. */
export function applyValidation(file: SettingsScopeFile, validation: HooksValidationResult): void {
  file.problems.push(...validation.problems);
  file.hooks = toHooksSettings(checkPinned(validation.definitions, file.scope, file.problems));
}

/**
 * Only the system file may pin a hook, and only with `true`: elsewhere `pinned` is dropped with a
 * warning, so a project or user file cannot make its own hooks impossible to switch off.
 */
export function checkPinned(
  definitions: readonly ValidatedHookDefinition[],
  scope: SettingsScope,
  problems: HookConfigProblem[],
): ValidatedHookDefinition[] {
  return definitions.map((definition) => {
    const pinned = (definition.config as { pinned?: unknown }).pinned;
    if (pinned === undefined || (scope === 'system' && typeof pinned === 'boolean')) return definition;
    const message =
      scope === 'system'
        ? `expected true or false, got ${JSON.stringify(pinned)}; the hook is not pinned`
        : 'only the system settings file (/etc/hookrail/settings.json or HOOKRAIL_SYSTEM_SETTINGS) can pin hooks; ignored';
    problems.push({ path: `${definition.path}.pinned`, message, severity: 'warning' });
    const { pinned: _ignored, ...config } = definition.config;
    return { ...definition, config };
  });
}

/** Regroups validated hooks into settings form, one group per original definition. */
export function toHooksSettings(definitions: readonly ValidatedHookDefinition[]): HooksSettings {
  const settings: HooksSettings = {};
  const groups = new Map<string, HookDefinition>();
  for (const definition of definitions) {
    const groupKey = `${definition.eventName} ${definition.path.replace(/\.hooks\[\d+\]$/, '')}`;
    let group = groups.get(groupKey);
    if (!group) {
      group = {
        ...(definition.matcher !== undefined ? { matcher: definition.matcher } : {}),
        ...(definition.sequential ? { sequential: true } : {}),
        hooks: [],
      };
      groups.set(groupKey, group);
      (settings[definition.eventName] ??= []).push(group);
    }
    group.hooks.push(definition.config);
  }
  return settings;
}

/** One warning line per problem: `<file>: <JSON path>: <message>`. */
export function problemWarnings(file: SettingsScopeFile): string[] {
  return file.problems.map((problem) => (problem.path ? `${file.displayName}: ${problem.path}: ${problem.message}` : `${file.displayName}: ${problem.message}`));
}

/** Claude Code: `disableAllHooks: true` leaves all of the file's hooks out. */
function readClaudeSwitches(settings: Record<string, unknown>, file: SettingsScopeFile): boolean {
  const disableAll = settings['disableAllHooks'];
  if (disableAll === true) return true;
  if (disableAll !== undefined && typeof disableAll !== 'boolean') {
    file.problems.push({ path: 'disableAllHooks', message: `expected true or false, got ${typeof disableAll}; ignored`, severity: 'warning' });
  }
  return false;
}

/** Gemini CLI: `hooksConfig.enabled` / `.disabled`, and the older `hooks.enabled` / `hooks.disabled` / `tools.enableHooks`. */
function readGeminiSwitches(settings: Record<string, unknown>, file: SettingsScopeFile): boolean {
  const hooksConfig = settings['hooksConfig'];
  const hooks = isPlainObject(settings['hooks']) ? settings['hooks'] : {};
  let enabled: unknown;
  let disabled: unknown;
  let disabledPath = 'hooksConfig.disabled';
  if (isPlainObject(hooksConfig)) {
    enabled = hooksConfig['enabled'];
    disabled = hooksConfig['disabled'];
    if (enabled !== undefined && typeof enabled !== 'boolean') {
      file.problems.push({ path: 'hooksConfig.enabled', message: 'expected true or false; ignored', severity: 'warning' });
      enabled = undefined;
    }
  } else if (hooksConfig !== undefined) {
    file.problems.push({ path: 'hooksConfig', message: 'expected an object ({ enabled, disabled }); ignored', severity: 'warning' });
  }
  for (const [key, replacement] of [['enabled', 'hooksConfig.enabled'], ['disabled', 'hooksConfig.disabled']] as const) {
    if (hooks[key] === undefined) continue;
    file.problems.push({ path: `hooks.${key}`, message: `Gemini CLI's older spelling; honoured, but write ${replacement}`, severity: 'warning' });
    if (key === 'enabled' && enabled === undefined && typeof hooks[key] === 'boolean') enabled = hooks[key];
    if (key === 'disabled' && disabled === undefined) {
      disabled = hooks[key];
      disabledPath = 'hooks.disabled';
    }
  }
  const tools = isPlainObject(settings['tools']) ? settings['tools'] : {};
  if (tools['enableHooks'] !== undefined) {
    file.problems.push({ path: 'tools.enableHooks', message: "Gemini CLI's removed switch; honoured, but write hooksConfig.enabled", severity: 'warning' });
    if (enabled === undefined && typeof tools['enableHooks'] === 'boolean') enabled = tools['enableHooks'];
  }
  if (typeof enabled === 'boolean') file.geminiHooksEnabled = enabled;
  readNameList(disabled, disabledPath, file);
  return enabled === false;
}

/** hookrail: `disabledHooks`, `enableHooks`, `hookEnvironment`, `plugins`. */
function readSwitches(settings: Record<string, unknown>, file: SettingsScopeFile): void {
  readNameList(settings['disabledHooks'], 'disabledHooks', file);
  const enableHooks = settings['enableHooks'];
  if (typeof enableHooks === 'boolean') file.enableHooks = enableHooks;
  else if (enableHooks !== undefined) file.problems.push({ path: 'enableHooks', message: 'expected true or false; ignored', severity: 'warning' });
  readHookEnvironment(settings['hookEnvironment'], file);
  readPluginDirs(settings['plugins'], file);
}

/** A list of hook names or commands not to run (`disabledHooks`, `hooksConfig.disabled`). */
function readNameList(value: unknown, path: string, file: SettingsScopeFile): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    file.problems.push({ path, message: 'expected an array of hook names or commands; ignored', severity: 'warning' });
    return;
  }
  const paths = (file.disabledHookPaths ??= []);
  value.forEach((entry: unknown, index) => {
    if (typeof entry === 'string' && entry !== '') {
      file.disabledHooks.push(entry);
      paths.push(`${path}[${index}]`);
    } else {
      file.problems.push({ path: `${path}[${index}]`, message: 'expected a hook name or command (a non-empty string); ignored', severity: 'warning' });
    }
  });
}

/** `plugins: ["../plugins/guard"]`: Claude Code plugin directories, relative to the file's directory. */
function readPluginDirs(plugins: unknown, file: SettingsScopeFile): void {
  if (plugins === undefined) return;
  if (!Array.isArray(plugins)) {
    file.problems.push({ path: 'plugins', message: 'expected an array of Claude Code plugin directories; ignored', severity: 'warning' });
    return;
  }
  plugins.forEach((entry: unknown, index) => {
    if (typeof entry === 'string' && entry.trim() !== '') file.pluginDirs.push(resolve(dirname(file.path), entry));
    else file.problems.push({ path: `plugins[${index}]`, message: 'expected a plugin directory (a non-empty string); ignored', severity: 'warning' });
  });
}

/** `hookEnvironment: { withhold: ["*_API_KEY", "AWS_*"] }`: variable names or globs no hook process receives. */
function readHookEnvironment(value: unknown, file: SettingsScopeFile): void {
  if (value === undefined) return;
  if (!isPlainObject(value)) {
    file.problems.push({ path: 'hookEnvironment', message: 'expected an object like { "withhold": ["*_API_KEY"] }; ignored', severity: 'warning' });
    return;
  }
  for (const key of Object.keys(value)) {
    if (key !== 'withhold') file.problems.push({ path: `hookEnvironment.${key}`, message: 'unknown key; expected withhold', severity: 'warning' });
  }
  const withhold = value['withhold'];
  if (withhold === undefined) return;
  if (!Array.isArray(withhold)) {
    file.problems.push({ path: 'hookEnvironment.withhold', message: 'expected an array of variable names or glob patterns; ignored', severity: 'warning' });
    return;
  }
  withhold.forEach((entry: unknown, index) => {
    if (typeof entry === 'string' && entry.trim() !== '') file.withheldVariables.push(entry);
    else {
      file.problems.push({
        path: `hookEnvironment.withhold[${index}]`,
        message: 'expected a variable name or glob pattern (a non-empty string); ignored',
        severity: 'warning',
      });
    }
  });
}

/** Project files come with the repository: they apply only in a trusted folder — every dialect's, and the plugins they name. */
export function isProjectScope(scope: SettingsScope): boolean {
  return scope === 'project' || scope === 'claude-project' || scope === 'claude-local' || scope === 'gemini-project' || scope === 'project-plugin';
}

/** How messages name a file: relative to the working directory, `~/...`, or absolute. */
export function displayPath(file: string, context: { workingDir: string; homeDir: string }): string {
  const insideProject = relative(context.workingDir, file);
  if (insideProject && !insideProject.startsWith('..') && !isAbsolute(insideProject)) return insideProject;
  const insideHome = relative(context.homeDir, file);
  if (insideHome && !insideHome.startsWith('..') && !isAbsolute(insideHome)) return `~/${insideHome}`;
  return file;
}
