/**
 * Settings as the CLI loads them: every scope (src/adapters/settings/settings.ts) plus the files named with
 * `--settings` and a scenario's `settings.hooks`, both treated as user-named (trusted, highest
 * priority). A file the user named that is missing or malformed stops the command; a bad file the
 * user did not name is a warning and the other scopes still load.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readHooksInDialect } from '../hooks/engine/dialectHooks.js';
import {
  checkPinned,
  loadSettings,
  toHooksSettings,
  type LoadedSettings,
  type SettingsScopeFile,
} from '../adapters/settings/settings.js';
import { loadScenario, type Scenario } from '../adapters/models/scenario.js';
import {
  cwdOptionSpec,
  pluginOptionSpec,
  settingsOptionSpec,
  stringListOption,
  stringOption,
  type OptionSpec,
  type ParsedArgs,
} from './args.js';
import type { CliIo } from './context.js';
import { CliError, CliUsageError } from './errors.js';

/** Hooks that travel inside another file, e.g. a scenario's `settings.hooks`. */
export interface EmbeddedHooks {
  /** Absolute path of the file that carries them. */
  path: string;
  /** How messages name that file. */
  displayName: string;
  /** The raw `hooks` value, validated here. */
  hooks: unknown;
  /** JSON path of `hooks` inside the file, prefixed to every problem (`settings.hooks`). */
  jsonPath: string;
}

/** Options for {@link loadCliSettings}. */
export interface LoadCliSettingsOptions {
  /** The project directory (`--cwd`), absolute. */
  workingDir: string;
  /** The directory `--settings` paths are relative to: the shell's working directory. */
  invocationDir: string;
  env: NodeJS.ProcessEnv;
  /** `--settings FILE` values, in command-line order. */
  settingsFiles: readonly string[];
  /** `--plugin DIR` values: Claude Code plugin directories, relative to `invocationDir`. */
  pluginDirs?: readonly string[];
  /** A scenario's hooks; they take priority over every settings file. */
  embeddedHooks?: EmbeddedHooks;
  /** Keep a malformed `--settings` file as a problem instead of stopping (`hooks validate`). */
  tolerateMalformedFiles?: boolean;
}

/**
 * Loads and merges every scope plus the user-named files. Throws {@link CliError} when a
 * `--settings` file is missing or unreadable, or embedded hooks are not an object.
 */
export async function loadCliSettings(options: LoadCliSettingsOptions): Promise<LoadedSettings> {
  const extraFiles = await Promise.all(
    options.settingsFiles.map((file) => requireFile(resolve(options.invocationDir, file), file)),
  );
  const pluginDirs = await Promise.all(
    (options.pluginDirs ?? []).map((dir) => requireDirectory(resolve(options.invocationDir, dir), dir)),
  );
  const loaded = await loadSettings({
    workingDir: options.workingDir,
    env: options.env,
    homeDir: options.env['HOME'] || undefined,
    extraFiles,
    ...(options.embeddedHooks ? { readFiles: [embeddedScopeFile(options.embeddedHooks)] } : {}),
    pluginDirs,
  });
  for (const file of loaded.files) {
    const wholeFileProblem = file.problems.find((problem) => problem.path === '');
    if (file.scope === 'extra' && wholeFileProblem && !options.tolerateMalformedFiles) {
      throw new CliError(`--settings ${file.displayName}: ${wholeFileProblem.message}`);
    }
  }
  return loaded;
}

/** Options of {@link loadOptionSettings}. */
export interface LoadOptionSettingsOptions {
  /** Names the command in usage errors. */
  commandName: string;
  /** Keep a malformed `--settings` file as a problem instead of stopping (`hooks validate`). */
  tolerateMalformedFiles?: boolean;
}

/** What a command's `--cwd`, `--scenario` and `--settings` options name, loaded. */
export interface OptionSettings {
  /** The project directory (`--cwd`, else the shell's working directory), absolute. */
  workingDir: string;
  /** The `--scenario` file, when one was given. */
  scenario: Scenario | undefined;
  settings: LoadedSettings;
}

/**
 * The options {@link loadOptionSettings} reads, in the order help lists them: `--cwd`, `--settings`,
 * `--plugin` and `--scenario`, whose description says what the command takes from a scenario.
 */
export function settingsSelectionOptionSpecs(scenarioDescription: string): Record<string, OptionSpec> {
  return {
    cwd: cwdOptionSpec,
    settings: settingsOptionSpec,
    plugin: pluginOptionSpec,
    scenario: { type: 'string', valueName: 'FILE', description: scenarioDescription },
  };
}

/**
 * The settings `run`, `hooks fire`, `hooks list` and `hooks validate` work with: every scope for the
 * `--cwd` project, each `--settings FILE`, and the `--scenario` file's `settings.hooks`. Throws
 * {@link CliError} for a bad `--cwd`, `--settings` or `--scenario`; warnings stay in `settings.warnings`.
 */
export async function loadOptionSettings(
  io: CliIo,
  args: ParsedArgs,
  options: LoadOptionSettingsOptions,
): Promise<OptionSettings> {
  const workingDir = await resolveWorkingDir(io.cwd, stringOption(args, 'cwd'), options.commandName);
  const scenarioFile = stringOption(args, 'scenario');
  const scenario = scenarioFile === undefined ? undefined : await loadScenario(resolve(io.cwd, scenarioFile));
  const settings = await loadCliSettings({
    workingDir,
    invocationDir: io.cwd,
    env: io.env,
    settingsFiles: stringListOption(args, 'settings'),
    pluginDirs: stringListOption(args, 'plugin'),
    embeddedHooks: scenario && scenarioFile !== undefined ? scenarioEmbeddedHooks(scenario, scenarioFile) : undefined,
    tolerateMalformedFiles: options.tolerateMalformedFiles,
  });
  return { workingDir, scenario, settings };
}

/** The working directory named by `--cwd` (resolved against the shell's), checked to be a directory. */
export async function resolveWorkingDir(
  invocationDir: string,
  cwdOption: string | undefined,
  commandName: string,
): Promise<string> {
  if (cwdOption === undefined) return invocationDir;
  if (cwdOption.trim() === '') throw new CliUsageError('--cwd needs a directory', { commandName });
  const directory = resolve(invocationDir, cwdOption);
  const stats = await stat(directory).catch(() => undefined);
  if (!stats) throw new CliError(`--cwd ${cwdOption}: no such directory (${directory})`);
  if (!stats.isDirectory()) throw new CliError(`--cwd ${cwdOption}: not a directory (${directory})`);
  return directory;
}

/** A scenario's `settings.hooks` as {@link EmbeddedHooks}, or `undefined` when it brings none. */
export function scenarioEmbeddedHooks(scenario: Scenario, displayName: string): EmbeddedHooks | undefined {
  const hooks = scenario.settings?.hooks;
  if (hooks === undefined) return undefined;
  return { path: scenario.file, displayName, hooks, jsonPath: 'settings.hooks' };
}

async function requireDirectory(path: string, asGiven: string): Promise<string> {
  const stats = await stat(path).catch(() => undefined);
  if (!stats) throw new CliError(`--plugin ${asGiven}: directory not found (${path})`);
  if (!stats.isDirectory())
    throw new CliError(`--plugin ${asGiven}: not a directory (${path}); give the plugin's root directory`);
  return path;
}

async function requireFile(path: string, asGiven: string): Promise<string> {
  const stats = await stat(path).catch(() => undefined);
  if (!stats) throw new CliError(`--settings ${asGiven}: file not found (${path})`);
  if (!stats.isFile()) throw new CliError(`--settings ${asGiven}: not a file (${path})`);
  return path;
}

/** Embedded hooks as a scope file of their own: user-named, so trusted, and never pinned. */
function embeddedScopeFile(embedded: EmbeddedHooks): SettingsScopeFile {
  // Either dialect's names: a scenario written with Claude Code's event names brings Claude hooks.
  const validation = readHooksInDialect(embedded.hooks, { path: embedded.jsonPath });
  const problems = [...validation.problems];
  return {
    scope: 'extra',
    path: embedded.path,
    displayName: embedded.displayName,
    exists: true,
    trusted: true,
    dialect: validation.dialect,
    hooks: toHooksSettings(checkPinned(validation.definitions, 'extra', problems)),
    disabledHooks: [],
    withheldVariables: [],
    pluginDirs: [],
    problems,
  };
}
