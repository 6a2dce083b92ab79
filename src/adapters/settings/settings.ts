/**
 * Settings: reads `hooks`, `disabledHooks` and `enableHooks` from every settings scope and merges
 * them into what `Config` takes (HOOK-080, 082, 084, 086).
 *
 * Scopes, highest priority first — the order in which their hook groups are concatenated per event:
 * 1. `extra`: files named with `--settings FILE`, in the order given. The user named them for this
 *    run, so they are the most specific choice (and trusted).
 * 2. `project`: `<workingDir>/.hookrail/settings.json`, then `claude-project`: `<workingDir>/.claude/settings.json`.
 * 3. `user`: `~/.hookrail/settings.json`, then `claude-user`: `~/.claude/settings.json`.
 * 4. `system`: `/etc/hookrail/settings.json`, or the file named by `HOOKRAIL_SYSTEM_SETTINGS`.
 * The registry then tags every merged hook `ConfigSource.Project` (HOOK-085) and the planner keeps
 * the first of identical commands (HOOK-090), so a command configured in several scopes runs once,
 * with the settings (timeout, matcher) of the highest-priority scope. Sequential hooks run in this order.
 *
 * Project files come with the repository, so their hooks run only in a folder the user trusted
 * (see trust.ts); otherwise they are left out with a warning that says how to trust them.
 */
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { HookrailFileError } from '../../errors.js';
import type { ConfigParameters } from '../../hooks/engine/config.js';
import { validateHooksSettings, type HookConfigProblem, type ValidatedHookDefinition } from '../../hooks/engine/hookRegistry.js';
import { hookEventNames } from '../../hooks/protocol/events.js';
import { isPlainObject } from '../../values.js';
import { type HookDefinition, type HooksSettings } from '../../hooks/protocol/hookConfig.js';
import { readClaudeSettingsHooks } from '../../hooks/dialects/claude.js';
import { readJsonFile, writeJsonFileAtomic } from '../jsonFile.js';
import { TrustStore, defaultTrustFile, type TrustState } from './trust.js';

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
  /** False for project files whose hooks were left out because the folder is not trusted for them. */
  trusted: boolean;
  /** This file's valid hooks (also for an untrusted file, so they can be listed and reviewed). */
  hooks: HooksSettings;
  disabledHooks: string[];
  /** The file's own `enableHooks`, when it sets one. */
  enableHooks?: boolean;
  /** Every problem; a path of `''` means the file as a whole (unreadable, malformed, not an object). */
  problems: HookConfigProblem[];
}

/** The merged result of every scope. */
export interface LoadedSettings {
  /** Hook groups of every trusted file, concatenated per event in priority order. */
  hooks: HooksSettings;
  /** Union of every file's `disabledHooks` (names or commands). */
  disabledHooks: string[];
  /** False when a file says `"enableHooks": false`; else true when any hooks are configured or a file says true. */
  enableHooks: boolean;
  /** Every scope that was looked at, in priority order, including missing files. */
  files: SettingsScopeFile[];
  /** Human-readable warnings, each naming its file (and JSON path). */
  warnings: string[];
  /** True when project hooks exist but were left out because the folder is not trusted for them. */
  untrustedProjectHooks: boolean;
}

/** Options for {@link loadSettings}. */
export interface LoadSettingsOptions {
  workingDir: string;
  /** Default `os.homedir()`. */
  homeDir?: string;
  /** Default `process.env`; read for `HOOKRAIL_SYSTEM_SETTINGS`. */
  env?: NodeJS.ProcessEnv;
  /** `--settings FILE` files, relative to `workingDir`; trusted because the user named them. */
  extraFiles?: string[];
  /** Read Claude Code's `.claude/settings.json` files too. Default true. */
  includeClaude?: boolean;
  /** Default: the store at `<homeDir>/.hookrail/trusted-folders.json`. */
  trustStore?: TrustStore;
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

/**
 * HOOK-080, 082, 084, 086: loads every scope and merges them. Never throws for a bad file: a missing
 * file is skipped, a malformed one is a warning and the other scopes still load.
 */
export async function loadSettings(options: LoadSettingsOptions): Promise<LoadedSettings> {
  const workingDir = resolve(options.workingDir);
  const homeDir = resolve(options.homeDir ?? homedir());
  const paths = getSettingsPaths({ workingDir, homeDir, env: options.env });
  const includeClaude = options.includeClaude ?? true;
  const locations: Array<{ scope: SettingsScope; path: string }> = [
    ...(options.extraFiles ?? []).map((file) => ({ scope: 'extra' as const, path: resolve(workingDir, file) })),
    { scope: 'project', path: paths.project },
    ...(includeClaude ? [{ scope: 'claude-project' as const, path: paths.claudeProject }] : []),
    { scope: 'user', path: paths.user },
    ...(includeClaude ? [{ scope: 'claude-user' as const, path: paths.claudeUser }] : []),
    { scope: 'system', path: paths.system },
  ];
  const files = await Promise.all(
    uniqueLocations(locations).map((location) => readSettingsScopeFile({ ...location, workingDir, homeDir })),
  );
  const warnings = files.flatMap(problemWarnings);

  let untrustedProjectHooks = false;
  const projectFiles = files.filter((file) => isProjectScope(file.scope));
  const projectHooks = mergeHooksSettings(projectFiles.map((file) => file.hooks));
  if (hasHooks(projectHooks)) {
    const trustStore = options.trustStore ?? new TrustStore({ file: defaultTrustFile(homeDir) });
    const check = await trustStore.check(workingDir, projectHooks);
    warnings.push(...check.warnings);
    if (check.state !== 'trusted') {
      untrustedProjectHooks = true;
      for (const file of projectFiles) file.trusted = false;
      warnings.push(untrustedWarning(projectFiles.filter((file) => hasHooks(file.hooks)), check.state, workingDir));
    }
  }

  const hooks = mergeHooksSettings(files.filter((file) => file.trusted).map((file) => file.hooks));
  const disabledHooks = [...new Set(files.flatMap((file) => file.disabledHooks))];
  const explicit = files.map((file) => file.enableHooks).filter((value): value is boolean => value !== undefined);
  const enableHooks = explicit.includes(false) ? false : hasHooks(hooks) || explicit.includes(true);
  return { hooks, disabledHooks, enableHooks, files, warnings, untrustedProjectHooks };
}

/** The `Config` fields that come from settings files. */
export function toConfigParameters(settings: LoadedSettings): Pick<ConfigParameters, 'enableHooks' | 'hooks' | 'disabledHooks'> {
  return { enableHooks: settings.enableHooks, hooks: settings.hooks, disabledHooks: settings.disabledHooks };
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
  const file: SettingsScopeFile = { scope: options.scope, path, displayName, exists: false, trusted: true, hooks: {}, disabledHooks: [], problems: [] };
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
  file.hooks = toHooksSettings(validation.definitions);
  file.problems.push(...validation.problems);
  if (!claudeFormat) readSwitches(value, file);
  return file;
}

/** Options for {@link setHookDisabled}. */
export interface SetHookDisabledOptions {
  /** The settings file to edit; created (with its directory) when missing. */
  file: string;
  /** A hook's `name` or its `command`, as the registry matches them. */
  nameOrCommand: string;
  disabled: boolean;
}

/**
 * Adds `nameOrCommand` to (or removes it from) a settings file's `disabledHooks`, keeping every
 * other key. A malformed file is refused with a {@link HookrailFileError} rather than overwritten.
 */
export async function setHookDisabled(options: SetHookDisabledOptions): Promise<{ changed: boolean; disabledHooks: string[] }> {
  const { file, nameOrCommand, disabled } = options;
  if (nameOrCommand.trim() === '') throw new HookrailFileError(file, 'the hook name or command to enable or disable is empty');
  const content = await readJsonFile(file);
  const settings = content.exists ? content.value : {};
  if (!isPlainObject(settings)) throw new HookrailFileError(file, 'expected a JSON object; not changed');
  const current = settings['disabledHooks'] ?? [];
  if (!Array.isArray(current) || !current.every((entry) => typeof entry === 'string')) {
    throw new HookrailFileError(file, '"disabledHooks" must be an array of strings; fix it by hand, not changed');
  }
  const present = current.includes(nameOrCommand);
  if (present === disabled) return { changed: false, disabledHooks: [...current] };
  const disabledHooks = disabled ? [...current, nameOrCommand] : current.filter((entry) => entry !== nameOrCommand);
  await writeJsonFileAtomic(file, { ...settings, disabledHooks });
  return { changed: true, disabledHooks };
}

/** Options for {@link trustProjectHooks}. */
export interface TrustProjectHooksOptions {
  workingDir: string;
  homeDir?: string;
  includeClaude?: boolean;
  trustStore?: TrustStore;
}

/** What {@link trustProjectHooks} trusted. */
export interface TrustedProjectHooks {
  /** The project's hooks as trusted now (a later change needs trust again). */
  hooks: HooksSettings;
  /** The project settings files that were read. */
  files: SettingsScopeFile[];
  warnings: string[];
}

/** `hookrail hooks trust`: trusts the working directory for its project hooks exactly as they are now. */
export async function trustProjectHooks(options: TrustProjectHooksOptions): Promise<TrustedProjectHooks> {
  const workingDir = resolve(options.workingDir);
  const homeDir = resolve(options.homeDir ?? homedir());
  const paths = getSettingsPaths({ workingDir, homeDir });
  const locations: Array<{ scope: SettingsScope; path: string }> = [{ scope: 'project', path: paths.project }];
  if (options.includeClaude ?? true) locations.push({ scope: 'claude-project', path: paths.claudeProject });
  const files = await Promise.all(locations.map((location) => readSettingsScopeFile({ ...location, workingDir, homeDir })));
  const hooks = mergeHooksSettings(files.map((file) => file.hooks));
  const trustStore = options.trustStore ?? new TrustStore({ file: defaultTrustFile(homeDir) });
  await trustStore.trust(workingDir, hooks);
  return { hooks, files, warnings: files.flatMap(problemWarnings) };
}

/** HOOK-086: concatenates hook groups per event, first argument first (highest priority first). */
export function mergeHooksSettings(settingsList: readonly HooksSettings[]): HooksSettings {
  const merged: HooksSettings = {};
  for (const eventName of hookEventNames) {
    const groups = settingsList.flatMap((settings) => settings[eventName] ?? []);
    if (groups.length > 0) merged[eventName] = groups;
  }
  return merged;
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

/** True when any event has at least one hook. */
export function hasHooks(hooks: HooksSettings): boolean {
  return hookEventNames.some((eventName) => (hooks[eventName] ?? []).some((definition) => definition.hooks.length > 0));
}

/** One warning line per problem: `<file>: <JSON path>: <message>`. */
export function problemWarnings(file: SettingsScopeFile): string[] {
  return file.problems.map((problem) => (problem.path ? `${file.displayName}: ${problem.path}: ${problem.message}` : `${file.displayName}: ${problem.message}`));
}

function readSwitches(settings: Record<string, unknown>, file: SettingsScopeFile): void {
  const disabledHooks = settings['disabledHooks'];
  if (Array.isArray(disabledHooks)) {
    disabledHooks.forEach((entry: unknown, index) => {
      if (typeof entry === 'string' && entry !== '') file.disabledHooks.push(entry);
      else file.problems.push({ path: `disabledHooks[${index}]`, message: 'expected a hook name or command (a non-empty string); ignored', severity: 'warning' });
    });
  } else if (disabledHooks !== undefined) {
    file.problems.push({ path: 'disabledHooks', message: 'expected an array of hook names or commands; ignored', severity: 'warning' });
  }
  const enableHooks = settings['enableHooks'];
  if (typeof enableHooks === 'boolean') file.enableHooks = enableHooks;
  else if (enableHooks !== undefined) file.problems.push({ path: 'enableHooks', message: 'expected true or false; ignored', severity: 'warning' });
}

function isProjectScope(scope: SettingsScope): boolean {
  return scope === 'project' || scope === 'claude-project';
}

/**
 * The same file can appear in two scopes (working in the home directory makes the project file the
 * user file; `--settings` may name a scope's file): it is read once, in its most trusted role —
 * extra or user rather than project.
 */
function uniqueLocations(locations: Array<{ scope: SettingsScope; path: string }>): Array<{ scope: SettingsScope; path: string }> {
  const trustedPaths = new Set(locations.filter((location) => !isProjectScope(location.scope)).map((location) => location.path));
  const seen = new Set<string>();
  return locations.filter((location) => {
    if (seen.has(location.path)) return false;
    if (isProjectScope(location.scope) && trustedPaths.has(location.path)) return false;
    seen.add(location.path);
    return true;
  });
}

function untrustedWarning(files: SettingsScopeFile[], state: TrustState, workingDir: string): string {
  const names = files.map((file) => file.displayName).join(' and ');
  const why = state === 'changed' ? 'their commands changed since this folder was trusted' : 'this folder is not trusted';
  return (
    `Project hooks in ${names} were not loaded: ${why}. ` +
    `Review them, then run \`hookrail hooks trust --cwd ${JSON.stringify(workingDir)}\` to allow them.`
  );
}

function displayPath(file: string, context: { workingDir: string; homeDir: string }): string {
  const insideProject = relative(context.workingDir, file);
  if (insideProject && !insideProject.startsWith('..') && !isAbsolute(insideProject)) return insideProject;
  const insideHome = relative(context.homeDir, file);
  if (insideHome && !insideHome.startsWith('..') && !isAbsolute(insideHome)) return `~/${insideHome}`;
  return file;
}
