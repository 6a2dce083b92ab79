/**
 * The tool triggers a host calls around each tool execution. They await the
 * hooks and return their output (what it does to the call is decided in `toolCallSteps.ts`). With
 * hooks disabled they return at once; they never throw (HOOK-110, 111, 115). They are not `async`:
 * returning runTrigger's promise from an async function would add two turns of the microtask queue
 * after every hook.
 */
import type { Config } from '../engine/config.js';
import { HookEventName } from '../protocol/events.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import type { DefaultHookOutput } from '../protocol/outputs.js';
import { runTrigger } from './triggerSupport.js';

/**
 * HOOK-127, HOOK-150: fires BeforeTool and returns the aggregated output (a `BeforeToolHookOutput`),
 * or `undefined` when hooks are off, nothing matched, or anything failed (HOOK-115).
 */
export function fireBeforeToolHook(
  config: Config,
  toolName: string,
  toolInput: Record<string, unknown>,
  options?: HookFireOptions,
): Promise<DefaultHookOutput | undefined> {
  return runTrigger<DefaultHookOutput | undefined>({
    config,
    trigger: 'fireBeforeToolHook',
    toolName,
    eventName: HookEventName.BeforeTool,
    safeDefault: undefined,
    fire: (eventHandler) => eventHandler.fireBeforeToolEvent(toolName, toolInput, options),
    interpret: (output) => output,
  });
}

/**
 * HOOK-128, HOOK-151: fires AfterTool with `tool_response` (see `toToolResponse`) and returns the
 * aggregated output, or `undefined` when hooks are off, nothing matched, or anything failed.
 */
export function fireAfterToolHook(
  config: Config,
  toolName: string,
  toolInput: Record<string, unknown>,
  toolResponse: Record<string, unknown>,
  options?: HookFireOptions,
): Promise<DefaultHookOutput | undefined> {
  return runTrigger<DefaultHookOutput | undefined>({
    config,
    trigger: 'fireAfterToolHook',
    toolName,
    safeDefault: undefined,
    fire: (eventHandler) => eventHandler.fireAfterToolEvent(toolName, toolInput, toolResponse, options),
    interpret: (output) => output,
  });
}

/**
 * HOOK-002, HOOK-010, HOOK-012, HOOK-013: whether a BeforeTool or AfterTool hook may run for this
 * tool (and, given `toolInput`, these arguments: `if` conditions), answered synchronously.
 * `false` when hooks are disabled, or when the initialised hook system
 * has no tool hook matching the tool: the tool then runs with no async hook work at all. `true` before
 * the first fire (not yet initialised), since hooks may then apply. Throws what the config or hook
 * system throws: each caller chooses how to fail open.
 */
export function toolHooksMayApply(config: Config, toolName: string, toolInput?: Record<string, unknown>): boolean {
  const hookSystem = config.getHookSystem();
  if (!hookSystem) return false;
  if (!hookSystem.isInitialized()) return true;
  const eventHandler = hookSystem.getEventHandler();
  // With the arguments, hooks whose `if` condition fails are ruled out here too.
  const context = toolInput === undefined ? { toolName } : { toolName, toolInput };
  return (
    eventHandler.hasMatchingHooks(HookEventName.BeforeTool, context) ||
    eventHandler.hasMatchingHooks(HookEventName.AfterTool, context)
  );
}
