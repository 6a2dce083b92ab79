/**
 * Settings: reads `hooks`, `disabledHooks` and `enableHooks` from every settings scope — hookrail's
 * own files, Claude Code's and Gemini CLI's, Claude Code plugins and Gemini CLI extensions — and
 * merges them into what `Config` takes (HOOK-080, 082, 084, 086; docs/architecture.md, "Dialects").
 *
 * Scopes, highest priority first — the order in which their hook groups are concatenated per event:
 * 1. `extra`: files named with `--settings FILE`, in the order given. The user named them for this
 *    run, so they are the most specific choice (and trusted).
 * 2. project: `<workingDir>/.hookrail/settings.json` (`project`), `.claude/settings.local.json`
 *    (`claude-local`), `.claude/settings.json` (`claude-project`), `.gemini/settings.json` (`gemini-project`).
 * 3. user: `~/.hookrail/settings.json` (`user`), `~/.claude/settings.json` (`claude-user`),
 *    `~/.gemini/settings.json` (`gemini-user`).
 * 4. `system`: `/etc/hookrail/settings.json`, or the file named by `HOOKRAIL_SYSTEM_SETTINGS`; then the
 *    hosts' policy files: Claude Code's managed settings (`claude-managed`: `/etc/claude-code/managed-settings.json`
 *    on Linux, or `HOOKRAIL_CLAUDE_MANAGED_SETTINGS`) and Gemini CLI's system settings (`gemini-system`:
 *    `/etc/gemini-cli/settings.json`, or `GEMINI_CLI_SYSTEM_SETTINGS_PATH`), whose hooks act as pinned;
 *    Claude Code's managed drop-ins (`managed-settings.d/*.json` beside the managed file, in name order:
 *    managedDropIns.ts) are managed files too. Last, Gemini CLI's system defaults
 *    (`gemini-system-defaults`: `system-defaults.json` beside its system settings, or
 *    `GEMINI_CLI_SYSTEM_DEFAULTS_PATH`), its lowest-precedence file, whose hooks are not pinned.
 * 5. Claude Code plugins (`--plugin DIR`, a file's `plugins`; `project-plugin` when a project file
 *    names it; installed plugins switched on in `enabledPlugins`: installedPlugins.ts) and Gemini CLI
 *    extensions (`~/.gemini/extensions/*`, `extension`).
 * Each file's hooks speak its dialect (settingsScopeFile.ts). The registry then tags every merged
 * hook `ConfigSource.Project` (HOOK-085) and the planner keeps the first of identical commands
 * (HOOK-090), so a command configured in several scopes runs once, with the settings (timeout,
 * matcher) of the highest-priority scope. Sequential hooks run in this order.
 *
 * Project files of every dialect come with the repository, so they apply only in a folder the user
 * trusted (see trust.ts), the plugins a project file names included: until then they contribute
 * nothing — not their hooks, not their `disabledHooks`, not their `enableHooks` — and a warning says
 * how to trust them. settingsMerge.ts has the merge rules,
 * including hooks the system file pins.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { HookrailFileError } from '../../errors.js';
import type { ConfigParameters } from '../../hooks/engine/config.js';
import type { FunctionHookDefinition } from '../../hooks/protocol/functionHooks.js';
import { isPlainObject } from '../../values.js';
import { readJsonFile, writeJsonFileAtomic } from '../jsonFile.js';
import { readNamedPlugins } from './extensions.js';
import { discoverGeminiExtensions, readGeminiExtension } from './geminiExtensions.js';
import { geminiHooksEnabled } from './hostSwitches.js';
import { managedDropInFiles } from './managedDropIns.js';
import { readInstalledPlugins } from './installedPlugins.js';
import { applyProjectTrust } from './projectTrust.js';
import { mergeSettingsFiles, type MergedSettings } from './settingsMerge.js';
import {
  getSettingsPaths,
  isProjectScope,
  projectLocations,
  type ScopeLocation,
  type ScopeSelection,
} from './settingsLocations.js';
import { problemWarnings, readSettingsScopeFile } from './settingsScopeFile.js';
import type { SettingsScopeFile } from './scopeFile.js';
import type { TrustStore } from './trust.js';

export { countHooks, hasHooks, mergeHooksSettings } from './settingsMerge.js';
export {
  checkPinned,
  problemWarnings,
  readSettingsScopeFile,
  toHooksSettings,
  type ReadSettingsScopeFileOptions,
} from './settingsScopeFile.js';
export type { SettingsScopeFile } from './scopeFile.js';
export {
  dialectOfLocation,
  getSettingsPaths,
  type SettingsPaths,
  type SettingsPathsOptions,
  type SettingsScope,
} from './settingsLocations.js';
export {
  checkProjectTrust,
  trustProjectHooks,
  type TrustProjectHooksOptions,
  type TrustedProjectHooks,
} from './projectTrust.js';

/** The merged result of every scope (only trusted files count), with the files it came from. */
export interface LoadedSettings extends MergedSettings {
  /** Every scope that was looked at, in priority order, including missing files. */
  files: SettingsScopeFile[];
  /** Human-readable warnings, each naming its file (and JSON path): every file's problems, then the merge's. */
  warnings: string[];
  /** True when project settings (hooks, `disabledHooks`, `enableHooks`...) exist but were left out: the folder is not trusted for them. */
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
  /** Files read by the caller (a scenario's hooks), trusted, of the highest priority: merged before every other scope. */
  readFiles?: SettingsScopeFile[];
  /** `--plugin DIR` Claude Code plugin directories, relative to `workingDir`; trusted because the user named them. */
  pluginDirs?: string[];
  /** Read Claude Code's files (`.claude/settings*.json`) too. Default true. */
  includeClaude?: boolean;
  /** Read Gemini CLI's files (`.gemini/settings.json`) and extensions too. Default true. */
  includeGemini?: boolean;
  /** Default: the store at `<homeDir>/.hookrail/trusted-folders.json`. */
  trustStore?: TrustStore;
}

/**
 * HOOK-080, 082, 084, 086: loads every scope and merges them. Never throws for a bad file: a missing
 * file is skipped, a malformed one is a warning and the other scopes still load.
 */
export async function loadSettings(options: LoadSettingsOptions): Promise<LoadedSettings> {
  const workingDir = resolve(options.workingDir);
  const homeDir = resolve(options.homeDir ?? homedir());
  const paths = getSettingsPaths({ workingDir, homeDir, env: options.env });
  const selection: ScopeSelection = {
    includeClaude: options.includeClaude ?? true,
    includeGemini: options.includeGemini ?? true,
  };
  const managedDropIns = selection.includeClaude ? await managedDropInFiles(paths.claudeManagedDropIns) : [];
  const locations: ScopeLocation[] = [
    ...(options.extraFiles ?? []).map((file) => ({ scope: 'extra' as const, path: resolve(workingDir, file) })),
    ...projectLocations(paths, selection),
    { scope: 'user', path: paths.user },
    ...(selection.includeClaude ? [{ scope: 'claude-user' as const, path: paths.claudeUser }] : []),
    ...(selection.includeGemini ? [{ scope: 'gemini-user' as const, path: paths.geminiUser }] : []),
    { scope: 'system', path: paths.system },
    ...(selection.includeClaude ? [{ scope: 'claude-managed' as const, path: paths.claudeManaged }] : []),
    ...managedDropIns.map((path) => ({ scope: 'claude-managed' as const, path })),
    ...(selection.includeGemini ? [{ scope: 'gemini-system' as const, path: paths.geminiSystem }] : []),
    ...(selection.includeGemini
      ? [{ scope: 'gemini-system-defaults' as const, path: paths.geminiSystemDefaults }]
      : []),
  ];
  const context = { workingDir, homeDir };
  const settingsFiles = await Promise.all(
    uniqueLocations(locations).map((location) => readSettingsScopeFile({ ...location, ...context })),
  );
  const plugins = await readNamedPlugins(
    settingsFiles,
    (options.pluginDirs ?? []).map((dir) => resolve(workingDir, dir)),
    context,
  );
  const installed = selection.includeClaude
    ? await readInstalledPlugins({
        files: settingsFiles,
        pluginsDir: paths.claudePlugins,
        ...context,
        alreadyRead: plugins.map((file) => file.path),
      })
    : { files: [], warnings: [] };
  const configured = [...(options.readFiles ?? []), ...settingsFiles, ...plugins, ...installed.files];
  const warnings = [...configured.flatMap(problemWarnings), ...installed.warnings];

  const trust = await applyProjectTrust(configured, { workingDir, homeDir, trustStore: options.trustStore });
  warnings.push(...trust.warnings);
  // Extensions last: whether they load depends on the trusted Gemini files' hooksConfig.enabled.
  const extensionDirs =
    selection.includeGemini && geminiHooksEnabled(settingsFiles)
      ? await discoverGeminiExtensions({ extensionsDir: paths.geminiExtensions, workingDir })
      : [];
  const extensions = (await Promise.all(extensionDirs.map((dir) => readGeminiExtension({ dir, ...context })))).flat();
  warnings.push(...extensions.flatMap(problemWarnings));
  return settingsFromFiles([...configured, ...extensions], { warnings, untrustedProjectHooks: trust.untrusted });
}

/** Merges read files (their `trusted` flags set) into {@link LoadedSettings}; `warnings` come first. */
function settingsFromFiles(
  files: SettingsScopeFile[],
  options: { warnings: string[]; untrustedProjectHooks: boolean },
): LoadedSettings {
  const merged = mergeSettingsFiles(files);
  return {
    ...merged,
    files,
    warnings: [...options.warnings, ...merged.warnings],
    untrustedProjectHooks: options.untrustedProjectHooks,
  };
}

/** Options for {@link toConfigParameters}. */
export interface ToConfigParametersOptions {
  /** In-process function hooks the host adds (a `--function-hooks` module in the CLI). */
  functionHooks?: readonly FunctionHookDefinition[];
}

/**
 * The `Config` fields that come from settings files (and the function hooks that join them): `run`, `chat`
 * and `hooks fire` build their Config from these. Hooks are on when a file configures hooks or function
 * hooks are given, unless a file says `"enableHooks": false` (HOOK-002).
 */
export function toConfigParameters(
  settings: LoadedSettings,
  options: ToConfigParametersOptions = {},
): Pick<
  ConfigParameters,
  'enableHooks' | 'hooks' | 'disabledHooks' | 'hookEnvironment' | 'functionHooks' | 'warmInterpreters'
> {
  const functionHooks = options.functionHooks ?? [];
  return {
    enableHooks: settings.enableHooks || (functionHooks.length > 0 && settings.switchedOffBy.length === 0),
    hooks: settings.hooks,
    disabledHooks: settings.disabledHooks,
    hookEnvironment: { withhold: settings.withheldVariables },
    ...(settings.warmInterpreters === undefined ? {} : { warmInterpreters: settings.warmInterpreters }),
    ...(functionHooks.length > 0 ? { functionHooks } : {}),
  };
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
export async function setHookDisabled(
  options: SetHookDisabledOptions,
): Promise<{ changed: boolean; disabledHooks: string[] }> {
  const { file, nameOrCommand, disabled } = options;
  if (nameOrCommand.trim() === '')
    throw new HookrailFileError(file, 'the hook name or command to enable or disable is empty');
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

/**
 * The same file can appear in two scopes (working in the home directory makes the project file the
 * user file; `--settings` may name a scope's file): it is read once, in its most trusted role —
 * extra or user rather than project.
 */
function uniqueLocations(locations: ScopeLocation[]): ScopeLocation[] {
  const trustedPaths = new Set(
    locations.filter((location) => !isProjectScope(location.scope)).map((location) => location.path),
  );
  const seen = new Set<string>();
  return locations.filter((location) => {
    if (seen.has(location.path)) return false;
    if (isProjectScope(location.scope) && trustedPaths.has(location.path)) return false;
    seen.add(location.path);
    return true;
  });
}
