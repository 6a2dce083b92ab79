/**
 * The tool triggers a host calls around each tool execution (technical design §5.1). They await the
 * hooks and return their output; `executeToolWithHooks` also applies it. With hooks disabled they
 * return at once; they never throw (HOOK-110, 111, 115).
 */
import { HookrailError } from '../../errors.js';
import type { Config } from '../engine/config.js';
import {
  applyAfterToolEffects,
  applyBeforeToolSystemMessage,
  createBlockedToolResult,
  createStoppedToolResult,
  createToolErrorResult,
  getModifiedToolInput,
  toToolResponse,
} from '../protocol/toolHookEffects.js';
import { runTrigger, warnTriggerFailure } from './triggerSupport.js';
import { HookEventName } from '../protocol/events.js';
import { type DefaultHookOutput } from '../protocol/outputs.js';
import { type HookFireOptions } from '../protocol/hookConfig.js';
import { type ToolResult } from '../protocol/results.js';

/** Runs the tool with the arguments it should run with (the original, or as a BeforeTool hook rewrote them). */
export type ToolExecuteFunction = (toolInput: Record<string, unknown>) => Promise<ToolResult>;

/**
 * HOOK-127, HOOK-150: fires BeforeTool and returns the aggregated output (a `BeforeToolHookOutput`),
 * or `undefined` when hooks are off, nothing matched, or anything failed (HOOK-115).
 */
export async function fireBeforeToolHook(
  config: Config,
  toolName: string,
  toolInput: Record<string, unknown>,
  options?: HookFireOptions,
): Promise<DefaultHookOutput | undefined> {
  return runTrigger<DefaultHookOutput | undefined>({
    config,
    trigger: 'fireBeforeToolHook',
    toolName,
    safeDefault: undefined,
    fire: (eventHandler) => eventHandler.fireBeforeToolEvent(toolName, toolInput, options),
    interpret: (output) => output,
  });
}

/**
 * HOOK-128, HOOK-151: fires AfterTool with `tool_response` (see `toToolResponse`) and returns the
 * aggregated output, or `undefined` when hooks are off, nothing matched, or anything failed.
 */
export async function fireAfterToolHook(
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
 * HOOK-133: before → execute → after for one tool call, returning the `ToolResult` the model sees.
 * Hooks disabled, or (once initialised) no hook matching the tool: `executeFn` is called directly,
 * synchronously, with no hook work (HOOK-002, 010, 012, 013).
 * A tool that throws yields an error result; the call is never lost.
 */
export function executeToolWithHooks(
  config: Config,
  toolName: string,
  toolInput: Record<string, unknown>,
  executeFn: ToolExecuteFunction,
  options?: HookFireOptions,
): Promise<ToolResult> {
  let hooksMayApply: boolean;
  try {
    hooksMayApply = toolHooksMayApply(config, toolName);
  } catch (error) {
    warnTriggerFailure(config, 'executeToolWithHooks', error, toolName);
    hooksMayApply = false;
  }
  if (!hooksMayApply) return runTool(executeFn, toolInput);
  return executeWithHookSystem(config, toolName, toolInput, executeFn, options);
}

/**
 * HOOK-002, HOOK-010, HOOK-012, HOOK-013: whether a BeforeTool or AfterTool hook may run for this
 * tool, answered synchronously. `false` when hooks are disabled, or when the initialised hook system
 * has no tool hook matching the tool: the tool then runs with no async hook work at all. `true` before
 * the first fire (not yet initialised), since hooks may then apply. Throws what the config or hook
 * system throws: each caller chooses how to fail open.
 */
export function toolHooksMayApply(config: Config, toolName: string): boolean {
  const hookSystem = config.getHookSystem();
  if (!hookSystem) return false;
  if (!hookSystem.isInitialized()) return true;
  const eventHandler = hookSystem.getEventHandler();
  const context = { toolName };
  return eventHandler.hasMatchingHooks(HookEventName.BeforeTool, context) || eventHandler.hasMatchingHooks(HookEventName.AfterTool, context);
}

/** Calls the tool; a throw (synchronous or not) or a value that is not a ToolResult becomes an error result. */
function runTool(executeFn: ToolExecuteFunction, toolInput: Record<string, unknown>): Promise<ToolResult> {
  try {
    // Promise.resolve: a plain-JavaScript host may pass a function that returns a bare ToolResult.
    return Promise.resolve(executeFn(toolInput)).then(ensureToolResult, createToolErrorResult);
  } catch (error) {
    return Promise.resolve(createToolErrorResult(error));
  }
}

function ensureToolResult(value: unknown): ToolResult {
  const candidate = value as Partial<ToolResult> | null | undefined;
  if (typeof candidate?.llmContent === 'string' && typeof candidate.returnDisplay === 'string') return candidate as ToolResult;
  return createToolErrorResult(
    new HookrailError('the tool returned an invalid result: expected an object with string "llmContent" and "returnDisplay"'),
  );
}

/**
 * HOOK-014, 016a, 016b, 017..020, 023, 025, 027..031, 156, 177, 178, 183: a stop outranks a block
 * (both skip the tool; only a stop also ends the agent loop); a block skips the tool; modified
 * `tool_input` is shallow-merged over the original; AfterTool sees the tool's own result; its stop
 * replaces the result, its context, system message and suppression are appended or flagged.
 */
async function executeWithHookSystem(
  config: Config,
  toolName: string,
  toolInput: Record<string, unknown>,
  executeFn: ToolExecuteFunction,
  options: HookFireOptions | undefined,
): Promise<ToolResult> {
  let toolResult: ToolResult | undefined;
  try {
    const beforeOutput = await fireBeforeToolHook(config, toolName, toolInput, options);
    if (beforeOutput?.shouldStopExecution()) return createStoppedToolResult(beforeOutput);
    if (beforeOutput?.isBlockingDecision()) return createBlockedToolResult(beforeOutput);

    const modifiedInput = getModifiedToolInput(beforeOutput);
    const effectiveInput = modifiedInput ? { ...toolInput, ...modifiedInput } : toolInput;
    toolResult = await runTool(executeFn, effectiveInput);

    const afterOutput = await fireAfterToolHook(config, toolName, effectiveInput, toToolResponse(toolResult), options);
    if (afterOutput?.shouldStopExecution()) return createStoppedToolResult(afterOutput);
    return applyAfterToolEffects(applyBeforeToolSystemMessage(toolResult, beforeOutput), afterOutput);
  } catch (error) {
    // HOOK-111: the triggers and effects do not throw; should one ever, the tool's own result survives.
    warnTriggerFailure(config, 'executeToolWithHooks', error, toolName);
    return toolResult ?? createToolErrorResult(error);
  }
}
