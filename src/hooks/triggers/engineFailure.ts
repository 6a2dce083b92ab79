/**
 * A failure of the hook engine itself — not of a hook's process, but of the code that should have run
 * it — is never a silent allow:
 * - it is reported: a warning to the Config's logger, and straight to stderr when that logger (or
 *   the Config) fails too, so it reaches the terminal at least once;
 * - a hook that guards the action fail-closed (`onFailure: "block"`, foreground) or is pinned by the
 *   system settings blocks it, as it would have had its own process failed. Which hooks those are is
 *   asked of the registry when it works (matchers applied), else read from the Config's raw settings,
 *   function hooks and extensions, where every such hook of the event counts, whatever its matcher.
 */
import { toError } from '../../errors.js';
import type { Config } from '../engine/config.js';
import { entryAppliesToFire } from '../engine/dialectPlanning.js';
import { matchesToolName } from '../matching/matchers.js';
import { claudeEventNames } from '../dialects/claudeEvents.js';
import type { HookEventName } from '../protocol/events.js';
import { failClosedEvents, failClosedOutput } from '../protocol/failurePolicy.js';
import { getHookName, type HookConfig } from '../protocol/hookConfig.js';
import { createHookOutput, type DefaultHookOutput } from '../protocol/outputs.js';

/** What failed, for the report and the fail-closed decision. */
export interface EngineFailure {
  config: Config;
  /** The trigger or step that failed (`fireBeforeToolHook`), for the message. */
  trigger: string;
  error: unknown;
  /** The event whose hooks could not run; without it nothing is blocked. */
  eventName?: HookEventName;
  toolName?: string;
}

/**
 * Reports the failure (see the module comment) and returns the blocking output the fail-closed or
 * pinned hooks of the event stand for, or `undefined` when none would have run (the caller then
 * goes on with its safe default).
 */
export function handleEngineFailure(failure: EngineFailure): DefaultHookOutput | undefined {
  const guards =
    failure.eventName !== undefined && failClosedEvents.has(failure.eventName)
      ? guardingHookNames(failure.config, failure.eventName, failure.toolName)
      : [];
  const message = toError(failure.error).message;
  const subject = failure.toolName === undefined ? failure.trigger : `${failure.trigger} for '${failure.toolName}'`;
  const consequence =
    guards.length > 0
      ? `blocking ${failure.eventName}, as its fail-closed or pinned hook${guards.length > 1 ? 's' : ''} ${guards.map((name) => JSON.stringify(name)).join(', ')} would`
      : 'continuing as if no hook ran';
  const text = `${subject} failed, ${consequence}: ${message}`;
  reportEngineFailure(failure.config, text, { trigger: failure.trigger, toolName: failure.toolName, error: message });
  if (guards.length === 0 || failure.eventName === undefined) return undefined;
  return createHookOutput(
    failure.eventName,
    failClosedOutput(
      failure.eventName,
      `hookrail could not run the hooks of ${failure.eventName} (${message}); ${guards.map((name) => JSON.stringify(name)).join(', ')} ${guards.length > 1 ? 'are' : 'is'} fail-closed, so it is blocked`,
    ),
  );
}

/** One warning on the Config's logger; on stderr when the logger cannot take it. */
export function reportEngineFailure(config: Config, message: string, data: Record<string, unknown>): void {
  try {
    config.getDebugLogger().child('hooks:triggers').warn(message, data);
  } catch (loggerError) {
    try {
      process.stderr.write(
        `[hookrail:hooks:triggers] warn: ${message} (the Config's logger failed too: ${toError(loggerError).message})\n`,
      );
    } catch {
      // stderr itself is gone; nothing is left to tell.
    }
  }
}

/** Names of the fail-closed or pinned hooks that would have run for this event (and tool). */
function guardingHookNames(config: Config, eventName: HookEventName, toolName: string | undefined): string[] {
  try {
    const hookSystem = config.getHookSystem();
    if (hookSystem?.isInitialized()) {
      return hookSystem
        .getRegistry()
        .getHooksForEvent(eventName)
        .filter(
          (entry) =>
            isGuarding(entry.config, eventName) &&
            entryAppliesToFire({ entry, eventName, context: { toolName }, regexTest: matchesToolName }),
        )
        .map((entry) => getHookName(entry.config));
    }
  } catch {
    // The registry is part of what failed: read the settings as given.
  }
  return configuredGuardingHookNames(config, eventName);
}

function isGuarding(hook: Partial<HookConfig>, eventName: HookEventName): boolean {
  if (hook.pinned === true) return true;
  return hook.onFailure === 'block' && hook.async !== true && failClosedEvents.has(eventName);
}

/** The Config's own hooks of the event (native or Claude event names), function hooks and active extensions' hooks. */
function configuredGuardingHookNames(config: Config, eventName: HookEventName): string[] {
  const names: string[] = [];
  const eventKeys = new Set<string>([
    eventName,
    ...Object.entries(claudeEventNames)
      .filter(([, native]) => native === eventName)
      .map(([claude]) => claude),
  ]);
  const addFromSettings = (settings: unknown): void => {
    if (typeof settings !== 'object' || settings === null) return;
    for (const key of eventKeys) {
      const definitions = readSafely(() => (settings as Record<string, unknown>)[key]);
      if (!Array.isArray(definitions)) continue;
      for (const definition of definitions) {
        const hooks = readSafely(() => (definition as { hooks?: unknown } | null)?.hooks);
        if (!Array.isArray(hooks)) continue;
        for (const hook of hooks) {
          if (
            typeof hook === 'object' &&
            hook !== null &&
            readSafely(() => isGuarding(hook as Partial<HookConfig>, eventName))
          )
            names.push(readSafely(() => getHookName(hook as HookConfig)) ?? 'a hook');
        }
      }
    }
  };
  addFromSettings(readSafely(() => config.getHooks()));
  for (const extension of readSafely(() => config.getExtensions()) ?? []) {
    if (readSafely(() => extension.isActive)) addFromSettings(readSafely(() => extension.hooks));
  }
  for (const definition of readSafely(() => config.getFunctionHooks()) ?? []) {
    if (
      readSafely(
        () => String(definition.event) === eventName && isGuarding(definition as Partial<HookConfig>, eventName),
      )
    )
      names.push(definition.name);
  }
  return names;
}

function readSafely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
