/**
 * HookRegistry: turns the host's hook settings into registered hooks. It tags each hook with its
 * source (HOOK-085), validates every entry without ever throwing (HOOK-083, 191, 195), orders hooks
 * by source priority (HOOK-086, 187) and lets hooks be enabled and disabled by name or command.
 */
import { HookConfigError, HookRegistryNotInitializedError } from '../../errors.js';
import type { Config, ExtensionConfig } from './config.js';
import type { DebugLogger } from '../../debugLogger.js';
import { ConfigSource, type HookConfig, type HookRegistryEntry, type SettingsHookConfig } from '../protocol/hookConfig.js';
import type { FunctionHookDefinition } from '../protocol/functionHooks.js';
import { validateHookFields, type HookProblemSeverity } from './hookConfigValidation.js';
import { functionHookEntry } from './functionHookRegistration.js';
import { HookEventName, hookEventNames, isHookEventName } from '../protocol/events.js';
import { describeType, describeValue, isPlainObject } from '../../values.js';
import { matcherPatternProblem } from './matchers.js';
import { claudeEventNameList, unsupportedClaudeEventNames } from '../dialects/claudeEvents.js';
import { resolveEventName } from '../dialects/detect.js';
import { hookGroupFieldNames, reportUnknownFields } from './unknownFields.js';
import { validateDialectFields } from './dialectFields.js';
import { readHooksInDialect } from './dialectHooks.js';

/** One problem found while validating hook settings, with the JSON path of the offending value. */
export interface HookConfigProblem {
  path: string;
  message: string;
  /** `error`: the value was skipped. `warning`: it was kept (or ignored) as the message says. */
  severity: HookProblemSeverity;
}

/** One valid hook, flattened out of its definition group, with the path it was read from. */
export interface ValidatedHookDefinition {
  eventName: HookEventName;
  matcher?: string;
  sequential: boolean;
  config: SettingsHookConfig;
  /** JSON path of the hook entry, e.g. `hooks.BeforeTool[0].hooks[1]`. */
  path: string;
}

/** What {@link validateHooksSettings} returns: the hooks that passed and every problem found. */
export interface HooksValidationResult {
  definitions: ValidatedHookDefinition[];
  problems: HookConfigProblem[];
}

/** Options for {@link validateHooksSettings}. */
export interface ValidateHooksSettingsOptions {
  /** JSON path of the settings object, used as the prefix of every problem's path. Default `hooks`. */
  path?: string;
  /** How a bad `timeout` warning names the file's unit; default `milliseconds` (Claude Code files: `seconds`). */
  timeoutUnit?: 'milliseconds' | 'seconds';
}

/**
 * HOOK-080..083, 191, 195: validates a settings `hooks` object. Never throws: invalid values are
 * skipped (`error`) or kept with a correction (`warning`), each reported with its exact JSON path.
 */
export function validateHooksSettings(settings: unknown, options: ValidateHooksSettingsOptions = {}): HooksValidationResult {
  const rootPath = options.path ?? 'hooks';
  const definitions: ValidatedHookDefinition[] = [];
  const problems: HookConfigProblem[] = [];
  const report = (path: string, message: string, severity: HookConfigProblem['severity']): void => {
    problems.push({ path, message, severity });
  };

  if (!isPlainObject(settings)) {
    report(rootPath, `expected an object mapping event names to hook definitions, got ${describeType(settings)}; no hooks registered`, 'error');
    return { definitions, problems };
  }

  for (const [eventKey, eventDefinitions] of Object.entries(settings)) {
    const eventPath = `${rootPath}.${eventKey}`;
    if (!isHookEventName(eventKey)) {
      report(eventPath, unknownEventMessage(eventKey), 'warning');
      continue;
    }
    if (eventDefinitions === undefined) continue;
    if (!Array.isArray(eventDefinitions)) {
      report(eventPath, `expected an array of hook definitions, got ${describeType(eventDefinitions)}; skipped`, 'error');
      continue;
    }
    eventDefinitions.forEach((definition: unknown, definitionIndex) => {
      validateDefinition({ eventName: eventKey, definition, path: `${eventPath}[${definitionIndex}]`, definitions, report, timeoutUnit: options.timeoutUnit });
    });
  }
  return { definitions, problems };
}

interface DefinitionValidation {
  eventName: HookEventName;
  timeoutUnit?: 'milliseconds' | 'seconds';
  definition: unknown;
  path: string;
  definitions: ValidatedHookDefinition[];
  report: (path: string, message: string, severity: HookConfigProblem['severity']) => void;
}

function validateDefinition({ eventName, definition, path, definitions, report, timeoutUnit }: DefinitionValidation): void {
  if (!isPlainObject(definition)) {
    report(path, `expected a hook definition object ({ matcher?, sequential?, hooks }), got ${describeType(definition)}; skipped`, 'error');
    return;
  }
  reportUnknownFields({ object: definition, known: hookGroupFieldNames, path, report });
  // A definition with a bad matcher is skipped, but its hooks are still checked: validate lists every problem.
  let matcherRejected = false;
  const matcher = definition['matcher'];
  if (matcher !== undefined && typeof matcher !== 'string') {
    // A guard meant for one tool must not silently apply to all of them, nor to none: skip and say so.
    report(`${path}.matcher`, `expected a string (a regular expression over tool names), got ${describeType(matcher)}; definition skipped`, 'error');
    matcherRejected = true;
  }
  if (typeof matcher === 'string') {
    const problem = matcherPatternProblem(matcher);
    if (problem) {
      report(`${path}.matcher`, problem.message, problem.severity);
      // A matcher that cannot run in linear time would have to match every tool or none: skip and say so.
      if (problem.severity === 'error') matcherRejected = true;
    }
  }
  let sequential = false;
  const sequentialValue = definition['sequential'];
  if (typeof sequentialValue === 'boolean') {
    sequential = sequentialValue;
  } else if (sequentialValue !== undefined) {
    report(`${path}.sequential`, `expected a boolean, got ${describeValue(sequentialValue)}; treated as false`, 'warning');
  }
  const hooks = definition['hooks'];
  if (hooks === undefined) {
    report(path, '"hooks" is missing (expected an array of hooks); definition skipped', 'error');
    return;
  }
  if (!Array.isArray(hooks)) {
    report(`${path}.hooks`, `expected an array of hooks, got ${describeType(hooks)}; definition skipped`, 'error');
    return;
  }
  hooks.forEach((hook: unknown, hookIndex) => {
    const hookPath = `${path}.hooks[${hookIndex}]`;
    const config = validateHookConfig({ hook, path: hookPath, eventName, report, timeoutUnit: timeoutUnit ?? 'milliseconds' });
    if (!config || matcherRejected) return;
    definitions.push({ eventName, ...(typeof matcher === 'string' ? { matcher } : {}), sequential, config, path: hookPath });
  });
}

interface HookConfigValidation {
  hook: unknown;
  path: string;
  eventName: HookEventName;
  report: (path: string, message: string, severity: HookConfigProblem['severity']) => void;
  timeoutUnit: 'milliseconds' | 'seconds';
}

/**
 * HOOK-083, 191, 195: returns a cleaned copy of a hook entry, or undefined when it must be
 * skipped: its type and fields (hookConfigValidation.ts), then the dialect fields.
 */
function validateHookConfig({ hook, path, eventName, report, timeoutUnit }: HookConfigValidation): SettingsHookConfig | undefined {
  const config = validateHookFields({ hook, path, eventName, report, timeoutUnit });
  if (!config) return undefined;
  validateDialectFields({ hook: hook as Record<string, unknown>, config: config as unknown as Record<string, unknown>, path, eventName, report });
  return config;
}

/** The warning for an event key no dialect knows; Claude Code events hookrail does not fire say so. */
export function unknownEventMessage(eventKey: string): string {
  if (unsupportedClaudeEventNames.includes(eventKey)) {
    return `Claude Code event ${JSON.stringify(eventKey)} has no hookrail equivalent; its hooks are skipped (supported Claude Code events: ${claudeEventNameList.join(', ')})`;
  }
  const base = `unknown hook event ${JSON.stringify(eventKey)}; skipped`;
  const resolved = resolveEventName(eventKey);
  if (resolved) return `${base}. "${eventKey}" is Claude Code's name for ${resolved.eventName}`;
  const caseInsensitive = hookEventNames.find((name) => name.toLowerCase() === eventKey.toLowerCase());
  if (caseInsensitive) return `${base}. Event names are case-sensitive: did you mean "${caseInsensitive}"?`;
  const claudeCaseInsensitive = claudeEventNameList.find((name) => name.toLowerCase() === eventKey.toLowerCase());
  if (claudeCaseInsensitive) return `${base}. Event names are case-sensitive: did you mean "${claudeCaseInsensitive}"?`;
  return `${base}. Known events: ${hookEventNames.join(', ')}, or Claude Code's ${claudeEventNameList.join(', ')}`;
}

const sourcePriority: Readonly<Record<ConfigSource, number>> = {
  [ConfigSource.Function]: 0,
  [ConfigSource.Project]: 1,
  [ConfigSource.User]: 2,
  [ConfigSource.System]: 3,
  [ConfigSource.Extensions]: 4,
};

/**
 * HOOK-086, 187: Project 1, User 2, System 3, Extensions 4; a lower number runs first. The host's
 * own function hooks come before all of them (0).
 */
export function getSourcePriority(source: ConfigSource): number {
  return sourcePriority[source] ?? Number.MAX_SAFE_INTEGER;
}

/** A hook's `priority` (default 0); higher runs first. */
export function getHookPriority(config: HookConfig): number {
  const priority = config.priority;
  return typeof priority === 'number' && Number.isFinite(priority) ? priority : 0;
}

/**
 * HOOK-086, 187: the run order of one event's hooks: higher `priority` first; ties keep
 * source priority, then configuration order (the sort is stable).
 */
export function compareHookOrder(left: HookRegistryEntry, right: HookRegistryEntry): number {
  return getHookPriority(right.config) - getHookPriority(left.config) || getSourcePriority(left.source) - getSourcePriority(right.source);
}

/** The events whose hooks also run for a sub-agent: its tool calls, and its stop (SubagentStop). */
export const subagentHookEvents: ReadonlySet<HookEventName> = new Set([HookEventName.BeforeTool, HookEventName.AfterTool, HookEventName.AfterAgent]);

/** Whether a hook runs in a sub-agent: one of {@link subagentHookEvents}, and never a prompt or agent hook. */
export function isSubagentHook(entry: HookRegistryEntry): boolean {
  return subagentHookEvents.has(entry.eventName) && entry.config.type !== 'prompt' && entry.config.type !== 'agent';
}

/**
 * HOOK-085, 086, 187: the registered hooks of one Config. `initialize()` reads project hooks
 * (`config.getHooks()`) and active extensions' hooks, validates them and applies the disabled list.
 */
export class HookRegistry {
  private readonly config: Config;
  private readonly logger: DebugLogger;
  private entries: HookRegistryEntry[] = [];
  private problems: HookConfigProblem[] = [];
  private initialized = false;
  /** Enabled entries per event, already sorted; rebuilt lazily after enable/disable. */
  private readonly eventCache = new Map<HookEventName, HookRegistryEntry[]>();
  /** Function hooks added with {@link registerFunctionHook}; kept across re-initialisation. */
  private readonly registeredFunctionHooks: HookRegistryEntry[] = [];

  constructor(config: Config) {
    this.config = config;
    this.logger = config.getDebugLogger().child('hooks:registry');
  }

  /** HOOK-085: (re)reads every source; invalid entries are skipped with a warning, never thrown. */
  async initialize(): Promise<void> {
    const entries: HookRegistryEntry[] = [];
    const problems: HookConfigProblem[] = [];
    const register = (settings: unknown, path: string, source: ConfigSource, extension?: ExtensionConfig): void => {
      // Either dialect's names: a Claude-named object (or extension) is read as Claude Code's.
      const validation = readHooksInDialect(settings, { path, dialect: extension?.dialect, env: extension?.env });
      problems.push(...validation.problems);
      for (const definition of validation.definitions) {
        entries.push({
          config: definition.config,
          source,
          eventName: definition.eventName,
          ...(definition.matcher !== undefined ? { matcher: definition.matcher } : {}),
          sequential: definition.sequential,
          enabled: true,
          ...(extension !== undefined ? { extensionName: extension.name } : {}),
          dialect: definition.config.dialect ?? 'native',
          ...(definition.config.dialectEvent !== undefined ? { dialectEvent: definition.config.dialectEvent } : {}),
        });
      }
    };

    register(this.config.getHooks(), 'hooks', ConfigSource.Project);
    for (const extension of this.config.getExtensions()) {
      if (!extension.isActive || extension.hooks === undefined) continue;
      register(extension.hooks, `extensions[${JSON.stringify(extension.name)}].hooks`, ConfigSource.Extensions, extension);
    }
    this.config.getFunctionHooks().forEach((definition, index) => {
      const result = functionHookEntry(definition, `functionHooks[${index}]`);
      problems.push(...result.problems);
      if (result.entry) entries.push(result.entry);
    });
    entries.push(...this.registeredFunctionHooks);
    if (this.config.isSubagent()) {
      // A sub-agent keeps only the hooks that guard it; its parent already reported the problems.
      entries.splice(0, entries.length, ...entries.filter(isSubagentHook));
      problems.length = 0;
    }

    const disabled = new Set(this.config.getDisabledHooks());
    for (const entry of entries) entry.enabled = !isDisabledBy(entry.config, disabled);

    for (const problem of problems) {
      this.logger.warn(`${problem.path}: ${problem.message}`, { path: problem.path, severity: problem.severity });
    }
    this.entries = entries;
    this.problems = problems;
    this.eventCache.clear();
    this.initialized = true;
  }

  /** HOOK-086, 187: the enabled hooks of one event, by priority, then source priority, then configuration order. */
  getHooksForEvent(eventName: HookEventName): HookRegistryEntry[] {
    this.assertInitialized();
    let cached = this.eventCache.get(eventName);
    if (!cached) {
      cached = this.entries
        .filter((entry) => entry.enabled && entry.eventName === eventName)
        .sort(compareHookOrder);
      this.eventCache.set(eventName, cached);
    }
    return [...cached];
  }

  /** Every registered hook, disabled ones included, in registration order. */
  getAllHooks(): HookRegistryEntry[] {
    this.assertInitialized();
    return [...this.entries];
  }

  /** Enables or disables every hook whose `name` or `command` equals `nameOrCommand` (pinned hooks stay enabled); returns how many changed. */
  setHookEnabled(nameOrCommand: string, enabled: boolean): number {
    this.assertInitialized();
    const target = new Set([nameOrCommand]);
    let changed = 0;
    for (const entry of this.entries) {
      if (entry.enabled !== enabled && (enabled || entry.config.pinned !== true) && matchesNameOrCommand(entry.config, target)) {
        entry.enabled = enabled;
        changed += 1;
      }
    }
    if (changed > 0) {
      this.eventCache.clear();
      this.logger.debug(`${enabled ? 'enabled' : 'disabled'} ${changed} hook(s) matching ${JSON.stringify(nameOrCommand)}`);
    }
    return changed;
  }

  /**
   * Adds an in-process hook, before or after `initialize()`, and returns the function that
   * removes it again. Throws a {@link HookConfigError} naming the definition's error and its path (a
   * host's programming error, reported where it was made); warnings are logged.
   */
  registerFunctionHook<Event extends HookEventName>(definition: FunctionHookDefinition<Event>): () => void {
    const label = isPlainObject(definition) && typeof definition['name'] === 'string' ? JSON.stringify(definition['name']) : '(unnamed)';
    const result = functionHookEntry(definition, `registerFunctionHook(${label})`);
    const error = result.problems.find((problem) => problem.severity === 'error');
    if (error || !result.entry) throw new HookConfigError(error?.path ?? label, error?.message ?? 'invalid function hook definition');
    for (const problem of result.problems) {
      this.logger.warn(`${problem.path}: ${problem.message}`, { path: problem.path, severity: problem.severity });
    }
    const entry = result.entry;
    this.registeredFunctionHooks.push(entry);
    if (this.initialized) {
      entry.enabled = !isDisabledBy(entry.config, new Set(this.config.getDisabledHooks()));
      this.entries.push(entry);
      this.eventCache.clear();
    }
    let registered = true;
    return () => {
      if (!registered) return;
      registered = false;
      removeItem(this.registeredFunctionHooks, entry);
      removeItem(this.entries, entry);
      this.eventCache.clear();
    };
  }

  /** The problems the last `initialize()` found (also logged as warnings). */
  getProblems(): HookConfigProblem[] {
    return [...this.problems];
  }

  private assertInitialized(): void {
    if (!this.initialized) throw new HookRegistryNotInitializedError();
  }
}

/** A pinned hook (system settings) cannot be disabled by name or command. */
function isDisabledBy(config: HookConfig, disabled: ReadonlySet<string>): boolean {
  return config.pinned !== true && matchesNameOrCommand(config, disabled);
}

function removeItem<Item>(items: Item[], item: Item): void {
  const index = items.indexOf(item);
  if (index !== -1) items.splice(index, 1);
}

function matchesNameOrCommand(config: HookConfig, names: ReadonlySet<string>): boolean {
  return (
    (config.name !== undefined && names.has(config.name)) ||
    (config.command !== undefined && names.has(config.command)) ||
    (config.type === 'http' && names.has(config.url))
  );
}
