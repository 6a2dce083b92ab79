/**
 * What every trigger function shares: getting the initialised hook system lazily, and turning any
 * failure of the engine into one warning (HOOK-008, 111, 206) — and, where a fail-closed or pinned
 * hook guards the event, into a block (engineFailure.ts): an engine failure is never a silent allow.
 */
import type { Config } from '../engine/config.js';
import type { HookEventName } from '../protocol/events.js';
import { handleEngineFailure } from './engineFailure.js';
import type { HookEventHandler } from '../engine/hookEventHandler.js';
import type { HookSystem } from '../engine/hookSystem.js';
import type { AggregatedHookResult } from '../protocol/results.js';
import type { DefaultHookOutput } from '../protocol/outputs.js';

/**
 * HOOK-008, HOOK-206: the initialised hook system, or `undefined` when hooks are disabled. The first
 * fire initialises it; later fires skip the `await`, so the no-match path stays cheap.
 */
export async function getReadyHookSystem(config: Config): Promise<HookSystem | undefined> {
  const hookSystem = config.getHookSystem();
  if (!hookSystem) return undefined;
  if (!hookSystem.isInitialized()) await hookSystem.initialize();
  return hookSystem;
}

/** Options of {@link runOnHookSystem}. */
export interface RunOnHookSystemOptions<T> {
  config: Config;
  /** The trigger's name, for the warning. */
  trigger: string;
  /** The tool a tool trigger fired for, for the warning. */
  toolName?: string;
  /** The event fired: on a guarding event an engine failure blocks when a fail-closed or pinned hook would have run. */
  eventName?: HookEventName;
  /** What the caller gets when hooks are disabled, no hook produced output, or anything failed. */
  safeDefault: T;
  /** Asks the ready hook system for the result. */
  run: (hookSystem: HookSystem) => Promise<T>;
  /** Turns the blocking output of a failed guarding event into the result; without it, the safe default. */
  interpret?: (output: DefaultHookOutput) => T;
}

/** Options of {@link runTrigger}. */
export interface RunTriggerOptions<T> extends Omit<RunOnHookSystemOptions<T>, 'run' | 'interpret'> {
  /** Fires the trigger's event. */
  fire: (eventHandler: HookEventHandler) => Promise<AggregatedHookResult>;
  /** Turns the aggregated output into the trigger's result. */
  interpret: (output: DefaultHookOutput) => T;
}

/**
 * HOOK-110, HOOK-111, HOOK-115, HOOK-116: what every trigger does around its own event: fire it on the
 * ready hook system and interpret the aggregated output, or return the safe default when hooks are
 * disabled or nothing produced output. Any failure is one warning, never a throw; the result is the
 * safe default, or a block when a fail-closed or pinned hook of the event would have run.
 */
export function runTrigger<T>(options: RunTriggerOptions<T>): Promise<T> {
  return runOnHookSystem({
    ...options,
    run: async (hookSystem) => {
      const output = (await options.fire(hookSystem.getEventHandler())).finalOutput;
      return output ? options.interpret(output) : options.safeDefault;
    },
  });
}

/**
 * The same guard around a question put to the ready hook system itself (`beforeTool`, `afterTool`): its answer, or
 * the safe default when hooks are disabled; any failure is one warning, and a block (`interpret` of
 * the blocking output) when a fail-closed or pinned hook of the event would have run.
 */
export async function runOnHookSystem<T>(options: RunOnHookSystemOptions<T>): Promise<T> {
  try {
    // getReadyHookSystem written out: its await would be paid before every hook's spawn.
    const hookSystem = options.config.getHookSystem();
    if (!hookSystem) return options.safeDefault;
    if (!hookSystem.isInitialized()) await hookSystem.initialize();
    return await options.run(hookSystem);
  } catch (error) {
    const blocking = handleEngineFailure({
      config: options.config,
      trigger: options.trigger,
      error,
      eventName: options.eventName,
      toolName: options.toolName,
    });
    if (!blocking || !options.interpret) return options.safeDefault;
    try {
      return options.interpret(blocking);
    } catch {
      return options.safeDefault;
    }
  }
}

/** HOOK-111: one warning (on stderr if the logger fails) for a step that failed and fell back to its safe default. */
export function warnTriggerFailure(config: Config, trigger: string, error: unknown, toolName?: string): void {
  handleEngineFailure({ config, trigger, error, toolName });
}
