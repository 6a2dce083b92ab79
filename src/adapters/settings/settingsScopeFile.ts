/**
 * One settings file as hookrail reads it (HOOK-080..084): where each scope's file is, and what one
 * file says — its valid hooks (hookrail's format or Claude Code's), `disabledHooks`, `enableHooks`
 * and `hookEnvironment`, and every problem with its JSON path. `pinned` is kept only in the system
 * file. Reading never throws: a bad file is a list of problems.
 */
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { validateHooksSettings, type HookConfigProblem, type ValidatedHookDefinition } from '../../hooks/engine/hookRegistry.js';
import { isPlainObject } from '../../values.js';
import { type HookDefinition, type HooksSettings } from '../../hooks/protocol/hookConfig.js';
import { readClaudeSettingsHooks } from '../../hooks/dialects/claude.js';
import { readJsonFile } from '../jsonFile.js';

/** Where a settings file sits; `claude-*` files are read in Claude Code's format. */
export type SettingsScope = 'system' | 'user' | 'project' | 'extra' | 'claude-user' | 'claude-project';

/** One settings file as loaded. */
export interface SettingsScopeFile {
  scope: SettingsScope;
  /** Absolute path. */
  path: string;
  /** How messages name the file: relative to the working directory, `~/...`, or absolute. */
  displayName: string;
  exists: boolean;
  /** False for project files left out because the folder is not trusted for them: they contribute nothing. */
  trusted: boolean;
  /** This file's valid hooks (also for an untrusted file, so they can be listed and reviewed). */
  hooks: HooksSettings;
  disabledHooks: string[];
  /** The JSON path of each `disabledHooks` entry (`disabledHooks[2]`), for warnings. */
  disabledHookPaths?: string[];
  /** The file's own `enableHooks`, when it sets one. */
  enableHooks?: boolean;
  /** The file's `hookEnvironment.withhold` patterns: variables kept from every hook process. */
  withheldVariables: string[];
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
  };
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

/**
 * Reads and validates one settings file (hookrail's format, or Claude Code's for `claude-*` scopes
 * and any file inside a `.claude` directory). Never throws: problems are in `problems`.
 */
export async function readSettingsScopeFile(options: ReadSettingsScopeFileOptions): Promise<SettingsScopeFile> {
  const path = resolve(options.path);
  const displayName = displayPath(path, { workingDir: resolve(options.workingDir ?? process.cwd()), homeDir: resolve(options.homeDir ?? homedir()) });
  const file: SettingsScopeFile = {
    scope: options.scope,
    path,
    displayName,
    exists: false,
    trusted: true,
    hooks: {},
    disabledHooks: [],
    withheldVariables: [],
    problems: [],
  };
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
  const claudeFormat = options.scope === 'claude-user' || options.scope === 'claude-project' || basename(dirname(path)) === '.claude';
  const validation = claudeFormat
    ? readClaudeSettingsHooks(value)
    : value['hooks'] === undefined
      ? { definitions: [], problems: [] }
      : validateHooksSettings(value['hooks'], { path: 'hooks' });
  file.problems.push(...validation.problems);
  file.hooks = toHooksSettings(checkPinned(validation.definitions, options.scope, file.problems));
  if (!claudeFormat) readSwitches(value, file);
  return file;
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

function readSwitches(settings: Record<string, unknown>, file: SettingsScopeFile): void {
  const disabledHooks = settings['disabledHooks'];
  if (Array.isArray(disabledHooks)) {
    const paths: string[] = [];
    file.disabledHookPaths = paths;
    disabledHooks.forEach((entry: unknown, index) => {
      if (typeof entry === 'string' && entry !== '') {
        file.disabledHooks.push(entry);
        paths.push(`disabledHooks[${index}]`);
      } else file.problems.push({ path: `disabledHooks[${index}]`, message: 'expected a hook name or command (a non-empty string); ignored', severity: 'warning' });
    });
  } else if (disabledHooks !== undefined) {
    file.problems.push({ path: 'disabledHooks', message: 'expected an array of hook names or commands; ignored', severity: 'warning' });
  }
  const enableHooks = settings['enableHooks'];
  if (typeof enableHooks === 'boolean') file.enableHooks = enableHooks;
  else if (enableHooks !== undefined) file.problems.push({ path: 'enableHooks', message: 'expected true or false; ignored', severity: 'warning' });
  readHookEnvironment(settings['hookEnvironment'], file);
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

/** Project files come with the repository: they apply only in a trusted folder. */
export function isProjectScope(scope: SettingsScope): boolean {
  return scope === 'project' || scope === 'claude-project';
}

function displayPath(file: string, context: { workingDir: string; homeDir: string }): string {
  const insideProject = relative(context.workingDir, file);
  if (insideProject && !insideProject.startsWith('..') && !isAbsolute(insideProject)) return insideProject;
  const insideHome = relative(context.homeDir, file);
  if (insideHome && !insideHome.startsWith('..') && !isAbsolute(insideHome)) return `~/${insideHome}`;
  return file;
}
