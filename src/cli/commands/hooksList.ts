/**
 * `hookrail hooks list`: every configured hook by event, with its type (command, http, function,
 * plugin), the file it came from, its matcher, `if`, priority, onFailure and async, and whether it runs
 * — enabled, disabled (`disabledHooks`), pinned by the system settings, off (a lower scope's
 * `"enableHooks": false` left only pinned hooks), or untrusted (an untrusted project folder: nothing of
 * its settings applies, and the listing says how to trust it) — then the settings files that were
 * looked at.
 */
import { countHooks, type LoadedSettings, type SettingsScopeFile } from '../../adapters/settings/settings.js';
import { contributesSettings, describeContributions, isPinnedHook } from '../../adapters/settings/settingsMerge.js';
import { getHookName } from '../../hooks/protocol/hookConfig.js';
import { dialectLabel } from '../../hooks/dialects/dialect.js';
import { hookTimeoutMs } from '../../hooks/dialects/hookTimeouts.js';
import { hookEventNames, type HookEventName } from '../../hooks/protocol/events.js';
import type { HookConfig, HookDialect } from '../../hooks/protocol/hookConfig.js';
import { booleanOption, jsonOptionSpec, type ParsedArgs } from '../args.js';
import type { CommandContext, CommandDefinition } from '../context.js';
import { ExitCode } from '../errors.js';
import { formatDuration, oneLine, safeJson, type Styles } from '../render.js';
import { loadOptionSettings, settingsSelectionOptionSpecs, type LoadOptionSettingsOptions } from '../settingsLoader.js';
import {
  describeFunctionHookProblems,
  functionHooksOptionSpec,
  loadFunctionHooksOption,
  type LoadedFunctionHooks,
} from '../functionHooksModule.js';

/** One configured hook as `hooks list` reports it. */
export interface ListedHook {
  event: HookEventName;
  name: string;
  /** `command`, `http`, `function` or `plugin`. */
  type: string;
  command?: string;
  /** Exec form: the arguments of `command`. */
  args?: string[];
  /** http hooks: the URL. */
  url?: string;
  /** Prompt and agent hooks: the question, the model named, an agent's turns. */
  prompt?: string;
  model?: string;
  maxTurns?: number;
  matcher?: string;
  sequential: boolean;
  /** Milliseconds the hook may run: its own `timeout`, else its dialect's default for its type and event. */
  timeout: number;
  /** True when `timeout` is the dialect's default (the hook sets none). */
  defaultTimeout: boolean;
  priority?: number;
  onFailure?: string;
  async?: boolean;
  if?: string;
  /** The protocol it is spoken to in: `native`, `claude` or `gemini` (docs/architecture.md, "Dialects"). */
  dialect: HookDialect;
  /** The Claude event it was configured on, where that narrows the hookrail event (PostToolUseFailure, SubagentStop, ...). */
  dialectEvent?: string;
  /** A settings scope, or `function` for a `--function-hooks` module's hooks. */
  scope: SettingsScopeFile['scope'] | 'function';
  /** The plugin or extension it comes from. */
  source?: string;
  file: string;
  /** False when its name or command is in some file's `disabledHooks`, or a lower scope's `"enableHooks": false` left only pinned hooks. */
  enabled: boolean;
  /** False for project hooks of an untrusted folder: they are not loaded. */
  trusted: boolean;
  /** True for a hook the system settings pin: nothing in a lower scope switches it off. */
  pinned: boolean;
  /** Whether it runs, in one word: `off` is switched off by a lower scope's `"enableHooks": false` while pinned hooks run. */
  state: 'enabled' | 'disabled' | 'off' | 'pinned' | 'untrusted';
}

const commandName = 'hooks list';

/** The `hooks list` command. */
export const hooksListCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: 'List configured hooks by event, with dialect, source, matcher, enabled and trust state',
    description: [
      'Reads every settings scope (see "hookrail --help") plus --settings files, --plugin directories and a scenario\'s hooks. ' +
        'A hook runs when it is enabled and trusted; project hooks need "hookrail hooks trust" first. Each hook is spoken ' +
        'to in its dialect: native (hookrail), claude (Claude Code files and plugins) or gemini (Gemini CLI files and extensions).',
    ],
    options: {
      ...settingsSelectionOptionSpecs("Include this scenario's settings.hooks."),
      'function-hooks': functionHooksOptionSpec,
      json: jsonOptionSpec,
    },
    examples: [
      'hookrail hooks list',
      'hookrail hooks list --scenario examples/scenarios/demo.json',
      'hookrail hooks list --json',
    ],
  },
  execute: async (context, args) => {
    const settings = await loadListedSettings(context, args, { commandName });
    const functionHooks = await loadFunctionHooksOption(context.io.cwd, args);
    const hooks = sortByEvent([
      ...listHooks(settings),
      ...(functionHooks ? listFunctionHooks(functionHooks, settings) : []),
    ]);
    for (const warning of settings.warnings) context.render.warn(warning);
    for (const warning of describeFunctionHookProblems(functionHooks)) context.render.warn(warning);
    if (booleanOption(args, 'json')) {
      const untrustedProjectSettings = untrustedFiles(settings).map((file) => ({
        file: file.displayName,
        notApplied: describeContributions(file),
      }));
      context.render.line(
        safeJson(
          { enableHooks: settings.enableHooks, hooks, untrustedProjectSettings, files: describeFiles(settings.files) },
          2,
        ),
      );
      return ExitCode.success;
    }
    printHooks(context, settings, hooks);
    return ExitCode.success;
  },
};

/** Loads settings for `hooks list` and `hooks validate`: every scope, `--settings`, `--scenario`. */
export async function loadListedSettings(
  context: CommandContext,
  args: ParsedArgs,
  options: LoadOptionSettingsOptions,
): Promise<LoadedSettings> {
  return (await loadOptionSettings(context.io, args, options)).settings;
}

/** Every hook of every file (trusted or not), in priority order within each event. */
export function listHooks(settings: LoadedSettings): ListedHook[] {
  const disabled = new Set(settings.disabledHooks);
  const offFiles = new Set(settings.offFiles.map((file) => file.path));
  const listed: ListedHook[] = [];
  for (const event of hookEventNames) {
    for (const file of settings.files) {
      for (const group of file.hooks[event] ?? []) {
        for (const config of group.hooks) {
          const hostOff = offFiles.has(file.path);
          const pinned = !hostOff && isPinnedHook(file.scope, config);
          const disabledByName = !pinned && isDisabled(config, disabled);
          const switchedOff = hostOff || (!pinned && settings.onlyPinnedHooks);
          listed.push({
            event,
            ...describeListedHook(config, event, group.matcher, group.sequential === true),
            scope: file.scope,
            ...(file.sourceName !== undefined ? { source: file.sourceName } : {}),
            file: file.displayName,
            enabled: !disabledByName && !switchedOff,
            trusted: file.trusted,
            pinned,
            state: !file.trusted
              ? 'untrusted'
              : pinned
                ? 'pinned'
                : disabledByName
                  ? 'disabled'
                  : switchedOff
                    ? 'off'
                    : 'enabled',
          });
        }
      }
    }
  }
  return listed;
}

/** A `--function-hooks` module's hooks, listed like settings hooks with type `function`. */
export function listFunctionHooks(loaded: LoadedFunctionHooks, settings: LoadedSettings): ListedHook[] {
  const disabled = new Set(settings.disabledHooks);
  return loaded.entries.map((entry) => ({
    event: entry.eventName,
    ...describeListedHook(entry.config, entry.eventName, entry.matcher, entry.sequential === true),
    scope: 'function' as const,
    file: loaded.displayName,
    enabled: !isDisabled(entry.config, disabled),
    trusted: true,
    pinned: false,
    state: isDisabled(entry.config, disabled) ? ('disabled' as const) : ('enabled' as const),
  }));
}

/** The fields of one hook that `hooks list` shows, whatever its type. */
function describeListedHook(
  config: HookConfig,
  event: HookEventName,
  matcher: string | undefined,
  sequential: boolean,
) {
  return {
    name: getHookName(config),
    type: String(config.type),
    ...(config.command !== undefined ? { command: config.command } : {}),
    ...(config.type === 'command' && Array.isArray(config.args) ? { args: config.args } : {}),
    ...(config.type === 'http' ? { url: config.url } : {}),
    ...(config.type === 'prompt' || config.type === 'agent'
      ? { prompt: config.prompt, ...(config.model !== undefined ? { model: config.model } : {}) }
      : {}),
    ...(config.type === 'agent' && config.maxTurns !== undefined ? { maxTurns: config.maxTurns } : {}),
    ...(matcher !== undefined ? { matcher } : {}),
    sequential,
    timeout: hookTimeoutMs(config, event),
    defaultTimeout: !(typeof config.timeout === 'number' && Number.isFinite(config.timeout) && config.timeout > 0),
    ...(config.priority !== undefined ? { priority: config.priority } : {}),
    ...(config.onFailure !== undefined ? { onFailure: config.onFailure } : {}),
    ...(config.async !== undefined ? { async: config.async } : {}),
    ...(config.if !== undefined ? { if: config.if } : {}),
    dialect: config.dialect ?? 'native',
    ...(config.dialectEvent !== undefined ? { dialectEvent: config.dialectEvent } : {}),
  };
}

/** Hooks grouped by event in event order; within an event, the order given (priority order per file). */
function sortByEvent(hooks: ListedHook[]): ListedHook[] {
  return hookEventNames.flatMap((event) => hooks.filter((hook) => hook.event === event));
}

function isDisabled(config: HookConfig, disabled: ReadonlySet<string>): boolean {
  return (
    (config.name !== undefined && disabled.has(config.name)) ||
    (config.command !== undefined && disabled.has(config.command)) ||
    (config.type === 'http' && disabled.has(config.url))
  );
}

/** What the listing's first line shows: the command line, `POST <url>`, or a function hook's name. */
function hookTitle(hook: ListedHook): string {
  if (hook.type === 'http' && hook.url !== undefined) return `POST ${hook.url}`;
  if (hook.type === 'function') return hook.name;
  if (hook.prompt !== undefined) return `${hook.type}: ${oneLine(hook.prompt, 80)}`;
  if (hook.command !== undefined)
    return hook.args ? [hook.command, ...hook.args.map(quoteArgument)].join(' ') : hook.command;
  return hook.name;
}

/** An exec-form argument as it would be typed: quoted when it holds spaces or quotes. */
function quoteArgument(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : JSON.stringify(argument);
}

function printHooks(context: CommandContext, settings: LoadedSettings, hooks: ListedHook[]): void {
  const { render } = context;
  const styles = render.styles;
  const switchedOffBy = settings.switchedOffBy.join(' and ');
  // Only a file that says `"enableHooks": false` switches hooks off; no settings file at all (function hooks alone) does not.
  if (!settings.enableHooks && switchedOffBy !== '' && hooks.length > 0) {
    render.line(
      styles.yellow(`Hooks are switched off: ${switchedOffBy} says "enableHooks": false. Nothing below runs.`),
    );
    render.line();
  } else if (settings.onlyPinnedHooks) {
    render.line(
      styles.yellow(
        `Hooks are switched off by ${switchedOffBy} ("enableHooks": false), except those the system settings pin.`,
      ),
    );
    render.line();
  }
  for (const file of settings.offFiles)
    render.line(styles.yellow(`The hooks of ${file.displayName} are off: ${file.reason}.`));
  if (settings.offFiles.length > 0) render.line();
  if (hooks.length === 0) {
    render.line('No hooks configured.');
  }
  for (const event of hookEventNames) {
    const forEvent = hooks.filter((hook) => hook.event === event);
    if (forEvent.length === 0) continue;
    render.line(styles.bold(event));
    for (const hook of forEvent) {
      const title = hookTitle(hook);
      render.line(`  ${stateLabel(hook, styles)}  ${title}`);
      const details = [
        `type: ${hook.type}${hook.args ? ' (exec form)' : ''}`,
        `dialect: ${hook.dialect}${hook.dialectEvent !== undefined ? ` (${hook.dialectEvent})` : ''}`,
        `matcher: ${hook.matcher === undefined || hook.matcher === '' ? '(all)' : hook.matcher}`,
        ...(hook.if !== undefined ? [`if: ${hook.if}`] : []),
        ...(hook.name !== hook.command && hook.name !== title && hook.name !== hook.url ? [`name: ${hook.name}`] : []),
        ...(hook.model !== undefined ? [`model: ${hook.model}`] : []),
        ...(hook.maxTurns !== undefined ? [`maxTurns: ${hook.maxTurns}`] : []),
        ...(hook.priority !== undefined ? [`priority: ${hook.priority}`] : []),
        ...(hook.onFailure === 'block' ? ['onFailure: block (fail-closed)'] : []),
        ...(hook.async === true ? ['async'] : []),
        `timeout: ${formatDuration(hook.timeout)}${hook.defaultTimeout ? ` (${dialectLabel(hook.dialect)} default)` : ''}`,
        ...(hook.sequential ? ['sequential'] : []),
        `source: ${hook.scope}${hook.source !== undefined ? ` ${hook.source}` : ''} ${hook.file}`,
      ];
      render.line(styles.dim(`      ${details.join(' · ')}`));
    }
    render.line();
  }
  render.line(styles.bold('Settings files'));
  for (const file of describeFiles(settings.files)) {
    render.line(`  ${file.scope.padEnd(14)} ${file.file}  ${styles.dim(file.status)}`);
  }
  const untrusted = untrustedFiles(settings);
  if (untrusted.length > 0) {
    render.line();
    const notApplied = untrusted.map((file) => `${file.displayName}: ${describeContributions(file)}`).join('; ');
    render.line(styles.yellow(`Untrusted project settings, not applied: ${notApplied}.`));
    render.line(styles.yellow('  Review them, then run "hookrail hooks trust" to apply them.'));
  }
}

/** The project files left out because the folder is not trusted, and that would change something. */
function untrustedFiles(settings: LoadedSettings): SettingsScopeFile[] {
  return settings.files.filter((file) => !file.trusted && contributesSettings(file));
}

function stateLabel(hook: ListedHook, styles: Styles): string {
  const label = hook.state.padEnd(9);
  if (hook.state === 'untrusted') return styles.yellow(label);
  if (hook.state === 'disabled' || hook.state === 'off') return styles.dim(label);
  return styles.green(label);
}

function describeFiles(files: readonly SettingsScopeFile[]): Array<{ scope: string; file: string; status: string }> {
  return files.map((file) => {
    const hookCount = countHooks(file.hooks);
    const errors = file.problems.filter((problem) => problem.severity === 'error').length;
    const status = !file.exists
      ? 'not found'
      : [
          `${hookCount} ${hookCount === 1 ? 'hook' : 'hooks'}`,
          ...(file.trusted ? [] : ['not trusted']),
          ...(file.problems.length > 0
            ? [
                `${file.problems.length} ${file.problems.length === 1 ? 'problem' : 'problems'}${errors > 0 ? '' : ' (warnings)'}`,
              ]
            : []),
        ].join(', ');
    return { scope: file.scope, file: file.displayName, status };
  });
}
