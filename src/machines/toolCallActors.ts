/**
 * The plain functions behind the toolCall machine's invoked actors, guards and actions. The machine
 * only wires them to transitions; every decision about what a hook said is made here, with the hook
 * system's own functions (HOOK-134: one implementation of the hook semantics, shared with
 * `executeToolWithHooks`). Each function is unit-testable without XState.
 */
import { HookrailError, ToolNotFoundError, toError } from '../errors.js';
import type { Config } from '../hooks/engine/config.js';
import {
  applyAfterToolEffects,
  applyBeforeToolSystemMessage,
  createBlockedToolResult,
  createStoppedToolResult,
  createToolErrorResult,
  getModifiedToolInput,
  getStopReason,
  toToolResponse,
} from '../hooks/protocol/toolHookEffects.js';
import { fireAfterToolHook, fireBeforeToolHook, toolHooksMayApply } from '../hooks/triggers/toolHookTriggers.js';
import type { DefaultHookOutput } from '../hooks/protocol/outputs.js';
import type { ToolResult } from '../hooks/protocol/results.js';
import type { Tool, ToolCallRequest } from '../tool.js';
import type { ToolCallOutcome, ToolCallOutcomeKind } from './types.js';

/** `error.type` of the result of a call that was cancelled (abort, or the agent was stopped first). */
export const TOOL_CALL_CANCELLED_ERROR_TYPE = 'cancelled';

/** `error.type` of the result of a call that named a tool the scheduler does not know. */
export const TOOL_NOT_FOUND_ERROR_TYPE = 'tool_not_found';

/** What the BeforeTool actor needs. */
export interface BeforeToolHookActorInput {
  config: Config;
  toolName: string;
  args: Record<string, unknown>;
}

/** What the tool-execution actor needs. */
export interface ExecuteToolActorInput {
  tool: Tool | undefined;
  toolName: string;
  args: Record<string, unknown>;
}

/** What the AfterTool actor needs. */
export interface AfterToolHookActorInput {
  config: Config;
  toolName: string;
  args: Record<string, unknown>;
  result: ToolResult;
}

/**
 * HOOK-014, HOOK-127, HOOK-134: fires BeforeTool through the shared trigger. The signal is the
 * invoked actor's: leaving the state (CANCEL) aborts it, which kills the running hook processes.
 */
export function runBeforeToolHook(input: BeforeToolHookActorInput, signal: AbortSignal): Promise<DefaultHookOutput | undefined> {
  return fireBeforeToolHook(input.config, input.toolName, input.args, { signal });
}

/**
 * Runs the tool with the arguments as executed. A throw (synchronous or not) rejects, which the
 * machine turns into an error result; a malformed return value is reported the same way.
 */
export async function runTool(input: ExecuteToolActorInput, signal: AbortSignal): Promise<ToolResult> {
  if (!input.tool) throw new ToolNotFoundError(input.toolName);
  const result: unknown = await input.tool.execute(input.args, { signal });
  if (!isToolResult(result)) {
    throw new HookrailError(
      `Tool "${input.toolName}" returned an invalid result: expected an object with string "llmContent" and "returnDisplay"`,
    );
  }
  return result;
}

/** HOOK-025, HOOK-026, HOOK-128, HOOK-134: fires AfterTool with the tool's result as `tool_response`. */
export function runAfterToolHook(input: AfterToolHookActorInput, signal: AbortSignal): Promise<DefaultHookOutput | undefined> {
  return fireAfterToolHook(input.config, input.toolName, input.args, toToolResponse(input.result), { signal });
}

/**
 * HOOK-002, HOOK-010, HOOK-012, HOOK-013: true when no tool hook can run for this call — hooks are
 * disabled, or the initialised hook system has no BeforeTool or AfterTool hook matching the tool —
 * so the call goes straight to `executing` and from there to `buffered`, as `executeToolWithHooks`
 * runs the tool directly. Before the first fire (not yet initialised) hooks may apply. A failing
 * check answers `false`: the hook states then run and fail open.
 */
export function noToolHooksApply(config: Config, toolName: string): boolean {
  try {
    return !toolHooksMayApply(config, toolName);
  } catch {
    return false;
  }
}

/** HOOK-020, HOOK-028: `continue: false`. Checked before a block, as `executeToolWithHooks` does. */
export function isStopOutput(output: DefaultHookOutput | undefined): boolean {
  return output?.shouldStopExecution() === true;
}

/** HOOK-016a, HOOK-016b, HOOK-129: block / deny (and exit code 2, which the runner turns into a deny). */
export function isBlockOutput(output: DefaultHookOutput | undefined): boolean {
  return output?.isBlockingDecision() === true;
}

/** HOOK-019: the hook returned replacement arguments. */
export function hasModifiedInput(output: DefaultHookOutput | undefined): boolean {
  return getModifiedToolInput(output) !== undefined;
}

/** HOOK-029, HOOK-132: `suppressOutput: true`. */
export function isSuppressOutput(output: DefaultHookOutput | undefined): boolean {
  return output?.suppressOutput === true;
}

/** HOOK-027, HOOK-030, HOOK-131: the hook adds `additionalContext` or a `systemMessage` to the result. */
export function addsContent(output: DefaultHookOutput | undefined): boolean {
  if (!output) return false;
  return output.getAdditionalContext() !== undefined || (typeof output.systemMessage === 'string' && output.systemMessage.length > 0);
}

/** HOOK-019: the original arguments with the hook's replacements shallow-merged over them. */
export function mergeModifiedInput(args: Record<string, unknown>, output: DefaultHookOutput | undefined): Record<string, unknown> {
  const modified = getModifiedToolInput(output);
  return modified ? { ...args, ...modified } : args;
}

/** HOOK-017, HOOK-129: the blocked result the model sees. */
export function blockedResult(output: DefaultHookOutput): ToolResult {
  return createBlockedToolResult(output);
}

/** HOOK-020, HOOK-028: the stop result and the reason surfaced to the caller. */
export function stoppedResult(output: DefaultHookOutput): { result: ToolResult; stopReason: string } {
  return { result: createStoppedToolResult(output), stopReason: getStopReason(output) };
}

/** The result of a tool that threw (or returned something that is not a `ToolResult`). */
export function toolErrorResult(error: unknown): ToolResult {
  return createToolErrorResult(error);
}

/**
 * HOOK-027, HOOK-029..031, HOOK-131, HOOK-132: the executed result with the BeforeTool system message
 * and the AfterTool effects applied — the same composition `executeToolWithHooks` returns.
 */
export function finishExecutedResult(
  result: ToolResult,
  beforeOutput: DefaultHookOutput | undefined,
  afterOutput: DefaultHookOutput | undefined,
): ToolResult {
  return applyAfterToolEffects(applyBeforeToolSystemMessage(result, beforeOutput), afterOutput);
}

/** The outcome of a call whose tool ran: `error` when its result carries an error, else `success`. */
export function outcomeOfExecutedResult(result: ToolResult): ToolCallOutcomeKind {
  return result.error ? 'error' : 'success';
}

/** A result the model and the user both see as `message`; `error.type` says what kind of failure it was. */
export function errorResult(message: string, type: string): ToolResult {
  return { llmContent: message, returnDisplay: message, error: { message, type } };
}

/**
 * HOOK-110: the outcome of a call answered with an error result instead of a finished toolCall
 * machine (not allowed, lost, or its actor failed), with the arguments as requested: no call is lost.
 */
export function errorCallOutcome(request: ToolCallRequest, result: ToolResult): ToolCallOutcome {
  return { callId: request.callId, name: request.name, args: request.args, requestedArgs: request.args, outcome: 'error', result };
}

/** The result of a call naming an unknown tool: the ToolNotFoundError message lists the available tools. */
export function toolNotFoundResult(toolName: string, availableToolNames: readonly string[]): ToolResult {
  return errorResult(new ToolNotFoundError(toolName, availableToolNames).message, TOOL_NOT_FOUND_ERROR_TYPE);
}

/** The result of a cancelled call; `reason` says why (aborted, or the agent was stopped by a hook). */
export function cancelledResult(toolName: string, reason: string | undefined): ToolResult {
  return errorResult(`Tool call "${toolName}" was cancelled${reason ? `: ${reason}` : ''}`, TOOL_CALL_CANCELLED_ERROR_TYPE);
}

/**
 * HOOK-023, HOOK-031, HOOK-111: the hook trigger itself failed (it is meant never to throw). The call
 * goes on as if no hook ran, with one warning naming the event, the tool and the error.
 */
export function warnHookActorFailure(config: Config, eventName: 'BeforeTool' | 'AfterTool', toolName: string, error: unknown): void {
  try {
    const message = toError(error).message;
    config
      .getDebugLogger()
      .child('machines:toolCall')
      .warn(`${eventName} hook for '${toolName}' failed, continuing as if no hook ran: ${message}`, {
        eventName,
        toolName,
        error: message,
      });
  } catch {
    // A broken logger must not turn a fail-open path into a crash.
  }
}

function isToolResult(value: unknown): value is ToolResult {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate['llmContent'] === 'string' && typeof candidate['returnDisplay'] === 'string';
}
