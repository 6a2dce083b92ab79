/**
 * A Claude Code plugin's user options: the `userConfig` its `.claude-plugin/plugin.json` declares and
 * the values the user gave them, as Claude Code keeps them in `pluginConfigs["name@marketplace"].options`
 * of the user settings, a `--settings` file or the managed settings (never a project file: a cloned
 * repository must not feed values into hook commands). A value the user did not give takes the
 * option's `default`.
 *
 * - Every value is set for the plugin's hooks as `CLAUDE_PLUGIN_OPTION_<KEY>` (the key upper-cased,
 *   any character other than a letter, digit or `_` turned into `_`), as Claude Code sets it.
 * - `${user_config.KEY}` is replaced in an exec-form hook's `command` and `args` (no shell reads the
 *   result). A key with no value leaves the hook out with a warning naming the plugin, the hook and the
 *   key, where Claude Code fails the hook; a shell-form `command` that uses `${user_config.KEY}` is left
 *   out too, as Claude Code refuses it (a value would reach a shell): such a hook reads the variable.
 */
import type { HookConfigProblem } from '../../hooks/validation/hookProblems.js';
import { isPlainObject } from '../../values.js';
import { isProjectScope } from './settingsLocations.js';
import type { SettingsScopeFile } from './scopeFile.js';

/** The values of a plugin's options, by key. */
export type PluginOptionValues = Record<string, unknown>;

const userConfigReference = /\$\{user_config\.([^}]+)\}/g;

/** Options for {@link pluginOptionValues}. */
export interface PluginOptionValuesOptions {
  /** The manifest's `userConfig` (each option's `default` fills a value the user did not give). */
  userConfig: unknown;
  /** `name@marketplace`. */
  pluginId: string;
  /** The settings files read, in priority order; the managed files decide first. */
  files?: readonly SettingsScopeFile[];
}

/** The value of every option that has one: the first non-project file that sets it, else its default. */
export function pluginOptionValues(options: PluginOptionValuesOptions): PluginOptionValues {
  const values: PluginOptionValues = {};
  const files = options.files ?? [];
  const ordered = [
    ...files.filter((file) => file.scope === 'claude-managed'),
    ...files.filter((file) => file.scope !== 'claude-managed'),
  ];
  for (const file of ordered) {
    if (isProjectScope(file.scope)) continue;
    const saved = file.pluginConfigs?.[options.pluginId];
    for (const [key, value] of Object.entries(saved ?? {})) if (!(key in values)) values[key] = value;
  }
  if (isPlainObject(options.userConfig))
    for (const [key, option] of Object.entries(options.userConfig))
      if (!(key in values) && isPlainObject(option) && option['default'] !== undefined) values[key] = option['default'];
  return values;
}

/** `CLAUDE_PLUGIN_OPTION_<KEY>` for every value. */
export function pluginOptionVariables(values: PluginOptionValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      `CLAUDE_PLUGIN_OPTION_${key.replace(/[^A-Za-z0-9_]/g, '_').toUpperCase()}`,
      String(value),
    ]),
  );
}

/** Options for {@link substituteUserConfig}. */
export interface SubstituteUserConfigOptions {
  /** A plugin hooks file's `hooks` object (events → groups → hooks). */
  hooks: unknown;
  pluginName: string;
  /** `name@marketplace`, named in a warning about a missing value. */
  pluginId: string;
  values: PluginOptionValues;
}

/**
 * The `hooks` object with `${user_config.KEY}` replaced in exec-form hooks, and the hooks left out
 * (unknown key, or a shell-form command that uses one), each with a warning at its JSON path.
 */
export function substituteUserConfig(options: SubstituteUserConfigOptions): {
  hooks: unknown;
  problems: HookConfigProblem[];
} {
  const problems: HookConfigProblem[] = [];
  if (!isPlainObject(options.hooks)) return { hooks: options.hooks, problems };
  const hooks: Record<string, unknown> = {};
  for (const [eventName, groups] of Object.entries(options.hooks)) {
    if (!Array.isArray(groups)) {
      hooks[eventName] = groups;
      continue;
    }
    hooks[eventName] = groups.map((group: unknown, groupIndex) => {
      if (!isPlainObject(group) || !Array.isArray(group['hooks'])) return group;
      const kept = group['hooks'].filter((hook: unknown, hookIndex) => {
        const path = `hooks.${eventName}[${groupIndex}].hooks[${hookIndex}]`;
        const problem = userConfigProblem({ hook, eventName, ...options });
        if (problem !== undefined) problems.push({ path, message: problem, severity: 'warning' });
        return problem === undefined;
      });
      return { ...group, hooks: kept.map((hook: unknown) => substituteHook(hook, options.values)) };
    });
  }
  return { hooks, problems };
}

function referencedKeys(text: string): string[] {
  return [...text.matchAll(userConfigReference)].map((match) => match[1]!);
}

/** Why a hook cannot run with its `${user_config.*}` references, or `undefined` when it can. */
function userConfigProblem(options: {
  hook: unknown;
  eventName: string;
  pluginName: string;
  pluginId: string;
  values: PluginOptionValues;
}): string | undefined {
  const { hook, eventName, pluginName, pluginId, values } = options;
  if (!isPlainObject(hook) || typeof hook['command'] !== 'string') return undefined;
  const command = hook['command'];
  const named = `plugin ${JSON.stringify(pluginName)}: the ${eventName} hook ${JSON.stringify(command)}`;
  if (!Array.isArray(hook['args'])) {
    const [key] = referencedKeys(command);
    if (key === undefined) return undefined;
    return `${named} uses \${user_config.${key}} in a shell command, which Claude Code refuses (the value would reach a shell); use the exec form (command + args) or read $${pluginOptionVariableName(key)}; the hook does not run`;
  }
  const texts = [command, ...hook['args'].filter((arg): arg is string => typeof arg === 'string')];
  const missing = texts.flatMap(referencedKeys).find((key) => !(key in values));
  if (missing === undefined) return undefined;
  return `${named} uses \${user_config.${missing}}, which has no value (neither the plugin's userConfig default nor pluginConfigs[${JSON.stringify(pluginId)}].options in the user, --settings or managed settings gives one); the hook does not run`;
}

function pluginOptionVariableName(key: string): string {
  return Object.keys(pluginOptionVariables({ [key]: '' }))[0]!;
}

function substituteHook(hook: unknown, values: PluginOptionValues): unknown {
  if (!isPlainObject(hook) || typeof hook['command'] !== 'string' || !Array.isArray(hook['args'])) return hook;
  const replace = (text: string): string =>
    text.replace(userConfigReference, (_whole, key: string) => String(values[key]));
  return {
    ...hook,
    command: replace(hook['command']),
    args: hook['args'].map((arg: unknown) => (typeof arg === 'string' ? replace(arg) : arg)),
  };
}
