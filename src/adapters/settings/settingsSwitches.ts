/**
 * The switches a settings file sets besides its hooks, in each dialect's spelling (docs/architecture.md,
 * "Dialects"), read into the file's record with a warning and its JSON path for every bad value:
 * - hookrail: `enableHooks`, `disabledHooks`, `hookEnvironment`, `warmInterpreters`, `plugins` (Claude
 *   Code plugin directories, relative to the file's directory).
 * - Claude Code: `disableAllHooks`, `enabledPlugins` and the managed policy keys, applied across files
 *   after precedence (hostSwitches.ts); `pluginConfigs`, plugin option values (pluginUserConfig.ts).
 * - Gemini CLI: `hooksConfig.enabled`, applied across files after precedence (hostSwitches.ts);
 *   `hooksConfig.disabled` names hooks not to run. The older spellings (`hooks.enabled`, `hooks.disabled`,
 *   `tools.enableHooks`) are honoured with a deprecation warning.
 */
import { dirname, resolve } from 'node:path';
import { isPlainObject } from '../../values.js';
import { isProjectScope } from './settingsLocations.js';
import type { ClaudePolicy, SettingsScopeFile } from './scopeFile.js';

/**
 * Claude Code: `disableAllHooks`, `enabledPlugins`, and from the managed policy file
 * `allowManagedHooksOnly`, `allowedHttpHookUrls` and `httpHookAllowedEnvVars`. They are recorded on
 * the file and applied after precedence, across files (hostSwitches.ts), as Claude Code applies them.
 */
export function readClaudeSwitches(settings: Record<string, unknown>, file: SettingsScopeFile): void {
  const disableAll = settings['disableAllHooks'];
  if (typeof disableAll === 'boolean') file.claudeDisableAllHooks = disableAll;
  else if (disableAll !== undefined)
    file.problems.push({
      path: 'disableAllHooks',
      message: `expected true or false, got ${typeof disableAll}; ignored`,
      severity: 'warning',
    });
  readEnabledPlugins(settings['enabledPlugins'], file);
  readPluginConfigs(settings['pluginConfigs'], file);
  if (file.scope !== 'claude-managed' && settings['allowManagedHooksOnly'] !== undefined) {
    file.problems.push({
      path: 'allowManagedHooksOnly',
      message: 'honoured only in the managed settings file; ignored here',
      severity: 'warning',
    });
  }
  const policy: ClaudePolicy = {};
  const managedOnly = settings['allowManagedHooksOnly'];
  if (file.scope === 'claude-managed' && typeof managedOnly === 'boolean') policy.allowManagedHooksOnly = managedOnly;
  for (const key of ['allowedHttpHookUrls', 'httpHookAllowedEnvVars'] as const) {
    const list = settings[key];
    if (list === undefined) continue;
    if (Array.isArray(list) && list.every((entry) => typeof entry === 'string')) policy[key] = list as string[];
    else file.problems.push({ path: key, message: 'expected an array of strings; ignored', severity: 'warning' });
  }
  if (Object.keys(policy).length > 0) file.claudePolicy = policy;
}

/**
 * `pluginConfigs: { "name@marketplace": { "options": {...} } }`: plugin option values (pluginUserConfig.ts).
 * Claude Code does not read them from a project file, so a cloned repository cannot set them.
 */
function readPluginConfigs(value: unknown, file: SettingsScopeFile): void {
  if (value === undefined) return;
  if (isProjectScope(file.scope)) {
    file.problems.push({
      path: 'pluginConfigs',
      message: 'plugin options are not read from a project file (as in Claude Code); ignored',
      severity: 'warning',
    });
    return;
  }
  if (!isPlainObject(value)) {
    file.problems.push({
      path: 'pluginConfigs',
      message: 'expected an object like { "name@marketplace": { "options": {...} } }; ignored',
      severity: 'warning',
    });
    return;
  }
  const configs: Record<string, Record<string, unknown>> = {};
  for (const [id, config] of Object.entries(value)) {
    const options = isPlainObject(config) ? config['options'] : undefined;
    if (options === undefined && isPlainObject(config)) continue;
    if (isPlainObject(options)) configs[id] = options;
    else
      file.problems.push({
        path: `pluginConfigs.${id}.options`,
        message: 'expected an object of option values; ignored',
        severity: 'warning',
      });
  }
  file.pluginConfigs = configs;
}

/** `enabledPlugins: { "name@marketplace": true }`: the installed plugins switched on (or off) by this file. */
function readEnabledPlugins(value: unknown, file: SettingsScopeFile): void {
  if (value === undefined) return;
  if (!isPlainObject(value)) {
    file.problems.push({
      path: 'enabledPlugins',
      message: 'expected an object like { "name@marketplace": true }; ignored',
      severity: 'warning',
    });
    return;
  }
  const enabled: Record<string, boolean> = {};
  for (const [id, on] of Object.entries(value)) {
    if (typeof on === 'boolean') enabled[id] = on;
    else
      file.problems.push({
        path: `enabledPlugins.${id}`,
        message: 'expected true or false; ignored',
        severity: 'warning',
      });
  }
  file.enabledPlugins = enabled;
}

/**
 * Gemini CLI: `hooksConfig.enabled` / `.disabled`, and the older `hooks.enabled` / `hooks.disabled` /
 * `tools.enableHooks`. `enabled` is recorded on the file and applied after precedence (hostSwitches.ts).
 */
export function readGeminiSwitches(settings: Record<string, unknown>, file: SettingsScopeFile): void {
  const hooksConfig = settings['hooksConfig'];
  const hooks = isPlainObject(settings['hooks']) ? settings['hooks'] : {};
  let enabled: unknown;
  let disabled: unknown;
  let disabledPath = 'hooksConfig.disabled';
  if (isPlainObject(hooksConfig)) {
    enabled = hooksConfig['enabled'];
    disabled = hooksConfig['disabled'];
    if (enabled !== undefined && typeof enabled !== 'boolean') {
      file.problems.push({
        path: 'hooksConfig.enabled',
        message: 'expected true or false; ignored',
        severity: 'warning',
      });
      enabled = undefined;
    }
  } else if (hooksConfig !== undefined) {
    file.problems.push({
      path: 'hooksConfig',
      message: 'expected an object ({ enabled, disabled }); ignored',
      severity: 'warning',
    });
  }
  for (const [key, replacement] of [
    ['enabled', 'hooksConfig.enabled'],
    ['disabled', 'hooksConfig.disabled'],
  ] as const) {
    if (hooks[key] === undefined) continue;
    file.problems.push({
      path: `hooks.${key}`,
      message: `Gemini CLI's older spelling; honoured, but write ${replacement}`,
      severity: 'warning',
    });
    if (key === 'enabled' && enabled === undefined && typeof hooks[key] === 'boolean') enabled = hooks[key];
    if (key === 'disabled' && disabled === undefined) {
      disabled = hooks[key];
      disabledPath = 'hooks.disabled';
    }
  }
  const tools = isPlainObject(settings['tools']) ? settings['tools'] : {};
  if (tools['enableHooks'] !== undefined) {
    file.problems.push({
      path: 'tools.enableHooks',
      message: "Gemini CLI's removed switch; honoured, but write hooksConfig.enabled",
      severity: 'warning',
    });
    if (enabled === undefined && typeof tools['enableHooks'] === 'boolean') enabled = tools['enableHooks'];
  }
  if (typeof enabled === 'boolean') file.geminiHooksEnabled = enabled;
  readNameList(disabled, disabledPath, file);
}

/** hookrail: `disabledHooks`, `enableHooks`, `hookEnvironment`, `warmInterpreters`, `plugins`. */
export function readHookrailSwitches(settings: Record<string, unknown>, file: SettingsScopeFile): void {
  readNameList(settings['disabledHooks'], 'disabledHooks', file);
  const enableHooks = settings['enableHooks'];
  if (typeof enableHooks === 'boolean') file.enableHooks = enableHooks;
  else if (enableHooks !== undefined)
    file.problems.push({ path: 'enableHooks', message: 'expected true or false; ignored', severity: 'warning' });
  readHookEnvironment(settings['hookEnvironment'], file);
  readWarmInterpreters(settings['warmInterpreters'], file);
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
      file.problems.push({
        path: `${path}[${index}]`,
        message: 'expected a hook name or command (a non-empty string); ignored',
        severity: 'warning',
      });
    }
  });
}

/** `plugins: ["../plugins/guard"]`: Claude Code plugin directories, relative to the file's directory. */
function readPluginDirs(plugins: unknown, file: SettingsScopeFile): void {
  if (plugins === undefined) return;
  if (!Array.isArray(plugins)) {
    file.problems.push({
      path: 'plugins',
      message: 'expected an array of Claude Code plugin directories; ignored',
      severity: 'warning',
    });
    return;
  }
  plugins.forEach((entry: unknown, index) => {
    if (typeof entry === 'string' && entry.trim() !== '') file.pluginDirs.push(resolve(dirname(file.path), entry));
    else
      file.problems.push({
        path: `plugins[${index}]`,
        message: 'expected a plugin directory (a non-empty string); ignored',
        severity: 'warning',
      });
  });
}

/** `warmInterpreters: 2`: idle warm interpreters kept per interpreter command hooks name; 0 switches warm starts off. */
function readWarmInterpreters(value: unknown, file: SettingsScopeFile): void {
  if (value === undefined) return;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) file.warmInterpreters = value;
  else
    file.problems.push({
      path: 'warmInterpreters',
      message: `expected a whole number of idle interpreters, 0 or more (0: off), got ${JSON.stringify(value)}; ignored`,
      severity: 'warning',
    });
}

/** `hookEnvironment: { withhold: ["*_API_KEY", "AWS_*"] }`: variable names or globs no hook process receives. */
function readHookEnvironment(value: unknown, file: SettingsScopeFile): void {
  if (value === undefined) return;
  if (!isPlainObject(value)) {
    file.problems.push({
      path: 'hookEnvironment',
      message: 'expected an object like { "withhold": ["*_API_KEY"] }; ignored',
      severity: 'warning',
    });
    return;
  }
  for (const key of Object.keys(value)) {
    if (key !== 'withhold')
      file.problems.push({
        path: `hookEnvironment.${key}`,
        message: 'unknown key; expected withhold',
        severity: 'warning',
      });
  }
  const withhold = value['withhold'];
  if (withhold === undefined) return;
  if (!Array.isArray(withhold)) {
    file.problems.push({
      path: 'hookEnvironment.withhold',
      message: 'expected an array of variable names or glob patterns; ignored',
      severity: 'warning',
    });
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
