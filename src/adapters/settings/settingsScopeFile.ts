/**
 * One settings file as hookrail reads it (HOOK-080..084), in its dialect (docs/architecture.md, "Dialects"):
 * what one file says — its valid hooks, `disabledHooks`, `enableHooks`, `hookEnvironment` and
 * `plugins`, and every problem with its JSON path. `pinned` is kept only in the system file. Reading
 * never throws: a bad file is a list of problems. Where the files are: settingsLocations.ts; each
 * dialect's switches: settingsSwitches.ts.
 *
 * A file's location gives its dialect: Claude Code's (`.claude/settings.json`,
 * `.claude/settings.local.json`, `~/.claude/settings.json`) or Gemini CLI's (`.gemini/settings.json`,
 * `~/.gemini/settings.json`). A file named anywhere else (`--settings`, `hooks validate FILE`,
 * hookrail's own files) is read as Claude Code's when its event names are Claude's, as Gemini CLI's
 * when it has Gemini's `hooksConfig`, else as hookrail's, with hookrail's switches too.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { HooksValidationResult, ValidatedHookDefinition } from '../../hooks/validation/hooksSettingsValidation.js';
import type { HookConfigProblem } from '../../hooks/validation/hookProblems.js';
import { readHooksInDialect } from '../../hooks/engine/dialectHooks.js';
import { detectHooksDialect } from '../../hooks/dialects/detect.js';
import { isPlainObject } from '../../values.js';
import type { HookDefinition, HookDialect, HooksSettings } from '../../hooks/protocol/hookConfig.js';
import { readJsonFile } from '../jsonFile.js';
import { dialectOfLocation, displayPath, type SettingsScope } from './settingsLocations.js';
import { readClaudeSwitches, readGeminiSwitches, readHookrailSwitches } from './settingsSwitches.js';
import { keysReadFrom, reportSettingsKeyTypos } from './settingsKeyTypos.js';
import type { SettingsScopeFile } from './scopeFile.js';

/** Options for {@link readSettingsScopeFile}. */
export interface ReadSettingsScopeFileOptions {
  scope: SettingsScope;
  path: string;
  /** For display names; default `process.cwd()`. */
  workingDir?: string;
  /** For display names; default `os.homedir()`. */
  homeDir?: string;
}

/** An empty record of the file at `path`, before reading it. */
export function emptyScopeFile(options: {
  scope: SettingsScope;
  path: string;
  displayName: string;
  dialect: HookDialect;
}): SettingsScopeFile {
  return {
    ...options,
    exists: false,
    trusted: true,
    hooks: {},
    disabledHooks: [],
    withheldVariables: [],
    pluginDirs: [],
    problems: [],
  };
}

/** Reads and validates one settings file in its dialect. Never throws: problems are in `problems`. */
export async function readSettingsScopeFile(options: ReadSettingsScopeFileOptions): Promise<SettingsScopeFile> {
  const path = resolve(options.path);
  const displayName = displayPath(path, {
    workingDir: resolve(options.workingDir ?? process.cwd()),
    homeDir: resolve(options.homeDir ?? homedir()),
  });
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
    file.problems.push({
      path: '',
      message: `expected a JSON object, found ${found}; this file is ignored`,
      severity: 'error',
    });
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
export function readSettingsObject(
  settings: Record<string, unknown>,
  file: SettingsScopeFile,
  options: ReadSettingsObjectOptions,
): void {
  if (file.dialect === 'claude') readClaudeSwitches(settings, file);
  else if (file.dialect === 'gemini') readGeminiSwitches(settings, file);
  if (options.hookrailSwitches) readHookrailSwitches(settings, file);
  file.problems.push(...reportSettingsKeyTypos(settings, keysReadFrom(file.dialect, options.hookrailSwitches)));
  if (settings['hooks'] === undefined) return;
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
  file.definitions = checkPinned(validation.definitions, file.scope, file.problems);
  file.hooks = toHooksSettings(file.definitions);
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
  return file.problems.map((problem) =>
    problem.path
      ? `${file.displayName}: ${problem.path}: ${problem.message}`
      : `${file.displayName}: ${problem.message}`,
  );
}
