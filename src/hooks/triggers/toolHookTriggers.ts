/**
 * The tool triggers a host may call around its own tool execution, returning the hooks' aggregated
 * output rather than a decision (what it does to the call is decided by the hook system's
 * `beforeTool` and `afterTool`, which the tool-call steps ask). With hooks disabled they return at
 * once; they never throw (HOOK-110, 111, 115). They are not `async`: returning a step's promise from
 * an async function would add two turns of the microtask queue after every hook.
 */
import type { Config } from '../engine/config.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import type { DefaultHookOutput } from '../protocol/outputs.js';
import { runBeforeToolStep } from './toolCallSteps.js';
import { runOnHookSystem } from './triggerSupport.js';

/**
 * HOOK-127, HOOK-150: fires BeforeTool and returns the aggregated output (a `BeforeToolHookOutput`),
 * or `undefined` when hooks are off, nothing matched, or anything failed (HOOK-115): the output the
 * BeforeTool step's decision was read from.
 */
export function fireBeforeToolHook(
  config: Config,
  toolName: string,
  toolInput: Record<string, unknown>,
  options?: HookFireOptions,
): Promise<DefaultHookOutput | undefined> {
  return runBeforeToolStep({ ...options, config, toolName, args: toolInput }).then((decision) => decision.output);
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
  return runOnHookSystem<DefaultHookOutput | undefined>({
    config,
    trigger: 'fireAfterToolHook',
    toolName,
    safeDefault: undefined,
    run: async (hookSystem) =>
      (await hookSystem.getEventHandler().fireAfterToolEvent(toolName, toolInput, toolResponse, options)).finalOutput,
  });
}

/**
 * HOOK-002, HOOK-010, HOOK-012, HOOK-013: whether a BeforeTool or AfterTool hook may run for this
 * tool (and, given `toolInput`, these arguments: `if` conditions), answered synchronously from the
 * call's plan (`HookSystem.toolHooksMayApply`). `false` when hooks are disabled, or when the initialised
 * hook system plans no tool hook for the call: the tool then runs with no async hook work at all.
 * `true` before the first fire (not yet initialised), since hooks may then apply. Throws what the
 * config throws: each caller chooses how to fail open.
 */
export function toolHooksMayApply(config: Config, toolName: string, toolInput?: Record<string, unknown>): boolean {
  return config.getHookSystem()?.toolHooksMayApply({ toolName, args: toolInput }) ?? false;
}
