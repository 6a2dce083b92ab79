/**
 * HookRegistry: turns the host's hook settings into registered hooks. It tags each hook with its
 * source (HOOK-085), validates every entry without ever throwing (HOOK-083, 191, 195), orders hooks
 * by source priority (HOOK-086, 187) and lets hooks be enabled and disabled by name or command.
 */
import { HookConfigError, HookRegistryNotInitializedError } from '../../errors.js';
import type { ExtensionConfig, HookRegistryHost } from './engineHost.js';
import type { DebugLogger } from '../../debugLogger.js';
import { ConfigSource, type HookConfig, type HookRegistryEntry } from '../protocol/hookConfig.js';
import type { FunctionHookDefinition } from '../protocol/functionHooks.js';
import type { HookConfigProblem } from '../validation/hookProblems.js';
import { functionHookEntry } from './functionHookRegistration.js';
import { HookEventName } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';
import { readHooksInDialect } from './dialectHooks.js';

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
  return (
    getHookPriority(right.config) - getHookPriority(left.config) ||
    getSourcePriority(left.source) - getSourcePriority(right.source)
  );
}

/** The events whose hooks also run for a sub-agent: its tool calls, and its stop (SubagentStop). */
export const subagentHookEvents: ReadonlySet<HookEventName> = new Set([
  HookEventName.BeforeTool,
  HookEventName.AfterTool,
  HookEventName.AfterAgent,
]);

/** Whether a hook runs in a sub-agent: one of {@link subagentHookEvents}, and never a prompt or agent hook. */
export function isSubagentHook(entry: HookRegistryEntry): boolean {
  return subagentHookEvents.has(entry.eventName) && entry.config.type !== 'prompt' && entry.config.type !== 'agent';
}

/**
 * HOOK-085, 086, 187: the registered hooks of one Config. `initialize()` reads project hooks
 * (`config.getHooks()`) and active extensions' hooks, validates them and applies the disabled list.
 */
export class HookRegistry {
  private readonly config: HookRegistryHost;
  private readonly logger: DebugLogger;
  private entries: HookRegistryEntry[] = [];
  private problems: HookConfigProblem[] = [];
  private initialized = false;
  /** Enabled entries per event, already sorted; rebuilt lazily after enable/disable. */
  private readonly eventCache = new Map<HookEventName, HookRegistryEntry[]>();
  /** Function hooks added with {@link registerFunctionHook}; kept across re-initialisation. */
  private readonly registeredFunctionHooks: HookRegistryEntry[] = [];

  constructor(config: HookRegistryHost) {
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
      register(
        extension.hooks,
        `extensions[${JSON.stringify(extension.name)}].hooks`,
        ConfigSource.Extensions,
        extension,
      );
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
      cached = this.entries.filter((entry) => entry.enabled && entry.eventName === eventName).sort(compareHookOrder);
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
      if (
        entry.enabled !== enabled &&
        (enabled || entry.config.pinned !== true) &&
        matchesNameOrCommand(entry.config, target)
      ) {
        entry.enabled = enabled;
        changed += 1;
      }
    }
    if (changed > 0) {
      this.eventCache.clear();
      this.logger.debug(
        `${enabled ? 'enabled' : 'disabled'} ${changed} hook(s) matching ${JSON.stringify(nameOrCommand)}`,
      );
    }
    return changed;
  }

  /**
   * Adds an in-process hook, before or after `initialize()`, and returns the function that
   * removes it again. Throws a {@link HookConfigError} naming the definition's error and its path (a
   * host's programming error, reported where it was made); warnings are logged.
   */
  registerFunctionHook<Event extends HookEventName>(definition: FunctionHookDefinition<Event>): () => void {
    const label =
      isPlainObject(definition) && typeof definition['name'] === 'string'
        ? JSON.stringify(definition['name'])
        : '(unnamed)';
    const result = functionHookEntry(definition, `registerFunctionHook(${label})`);
    const error = result.problems.find((problem) => problem.severity === 'error');
    if (error || !result.entry)
      throw new HookConfigError(error?.path ?? label, error?.message ?? 'invalid function hook definition');
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
