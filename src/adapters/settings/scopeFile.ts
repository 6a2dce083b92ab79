/**
 * The shape of one settings file as hookrail has read it; settingsScopeFile.ts reads it, the switches
 * and the merge fill and use it.
 */
import type { HookDialect, HooksSettings } from '../../hooks/protocol/hookConfig.js';
import type { HookConfigProblem } from '../../hooks/validation/hookProblems.js';
import type { ValidatedHookDefinition } from '../../hooks/validation/hooksSettingsValidation.js';
import type { SettingsScope } from './settingsLocations.js';

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
  /** The same hooks, each with the JSON path it was read from, for checks that name it (`hooks validate`). */
  definitions?: ValidatedHookDefinition[];
  disabledHooks: string[];
  /** The JSON path of each `disabledHooks` entry (`disabledHooks[2]`), for warnings. */
  disabledHookPaths?: string[];
  /** The file's own `enableHooks`, when it sets one. */
  enableHooks?: boolean;
  /** Gemini CLI files: `hooksConfig.enabled` as the file sets it. */
  geminiHooksEnabled?: boolean;
  /** Claude Code files: `disableAllHooks` as the file sets it. */
  claudeDisableAllHooks?: boolean;
  /** Claude Code files: `enabledPlugins` as the file sets it (`name@marketplace` → on or off). */
  enabledPlugins?: Record<string, boolean>;
  /** Claude Code files: `pluginConfigs.<name@marketplace>.options`, the plugin option values the file sets. */
  pluginConfigs?: Record<string, Record<string, unknown>>;
  /** Claude Code files: the hook policy keys the file sets (`allowManagedHooksOnly` only from the managed file). */
  claudePolicy?: ClaudePolicy;
  /** Claude Code plugins: `name@marketplace` when installed from a marketplace (installedPlugins.ts). */
  pluginId?: string;
  /** The file's `hookEnvironment.withhold` patterns: variables kept from every hook process. */
  withheldVariables: string[];
  /** hookrail files: `warmInterpreters`, idle warm interpreters per interpreter (0: off), when the file sets it. */
  warmInterpreters?: number;
  /** hookrail files: the Claude Code plugin directories its `plugins` names, absolute. */
  pluginDirs: string[];
  /** Every problem; a path of `''` means the file as a whole (unreadable, malformed, not an object). */
  problems: HookConfigProblem[];
}

/** Claude Code's hook policy keys, as one file sets them. */
export interface ClaudePolicy {
  /** Managed file only: only managed hooks (and hooks of plugins the managed file enables) run. */
  allowManagedHooksOnly?: boolean;
  /** URL patterns (`*` wildcards) http hooks may target; an empty list blocks every http hook. */
  allowedHttpHookUrls?: string[];
  /** Variables http hooks may interpolate into headers: each hook's `allowedEnvVars` is cut to these. */
  httpHookAllowedEnvVars?: string[];
}
