/**
 * What every trigger function shares: getting the initialised hook system lazily, and turning any
 * failure into one warning (HOOK-008, 111, 206).
 */
import { toError } from '../errors.js';
import type { Config } from './config.js';
import type { HookSystem } from './hookSystem.js';

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

/** HOOK-111: one warning for a trigger that failed and fell back to its safe default. */
export function warnTriggerFailure(config: Config, trigger: string, error: unknown, toolName?: string): void {
  try {
    const message = toError(error).message;
    const subject = toolName === undefined ? trigger : `${trigger} for '${toolName}'`;
    config
      .getDebugLogger()
      .child('hooks:triggers')
      .warn(`${subject} failed, continuing as if no hook ran: ${message}`, { trigger, toolName, error: message });
  } catch {
    // A broken logger must not turn a fail-open path into a crash.
  }
}
