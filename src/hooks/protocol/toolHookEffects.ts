/**
 * How tool-hook outputs change a tool's result. Plain functions shared by `executeToolWithHooks` and
 * the toolCall machine, so there is one implementation of every effect (HOOK-134). None of them
 * mutates the `ToolResult` it is given; each returns a new object (HOOK-217).
 */
import { toError } from '../../errors.js';
import { modifiedToolInput, type DefaultHookOutput } from './outputs.js';
import type { ToolResult } from './results.js';
import { readToolResultReplacement, replaceToolResult } from './toolResultReplacement.js';

/** `error.type` of a result produced because a BeforeTool hook blocked the call. */
export const HOOK_BLOCKED_ERROR_TYPE = 'hook_blocked';

/** `error.type` of a result produced because a hook asked the agent to stop (`continue: false`). */
export const HOOK_STOPPED_ERROR_TYPE = 'hook_stopped';

/** `error.type` of a result produced because a hook asked and the answer was deny. */
export const ASK_DENIED_ERROR_TYPE = 'ask_denied';

/** `error.type` of a result produced because the tool itself threw. */
export const TOOL_EXECUTION_ERROR_TYPE = 'tool_execution_error';

/**
 * HOOK-017, HOOK-183: the result of a call a BeforeTool hook blocked. `llmContent` is exactly the
 * hook's effective reason, so the model reads why; the user sees that a hook blocked it.
 */
export function createBlockedToolResult(beforeOutput: DefaultHookOutput): ToolResult {
  const reason = beforeOutput.getEffectiveReason();
  return {
    llmContent: reason,
    returnDisplay: `Tool call blocked by hook: ${reason}`,
    error: { message: reason, type: HOOK_BLOCKED_ERROR_TYPE },
  };
}

/** Options of {@link createAskDeniedToolResult}. */
export interface AskDeniedResultOptions {
  toolName: string;
  /** Why it was denied: the user's reason, or that no one could or did answer. */
  reason: string;
}

/**
 * The result of a call a hook asked about and the answer denied. The model reads that the
 * call was not allowed and why, so it does not simply retry; the outcome is `blocked`.
 */
export function createAskDeniedToolResult(options: AskDeniedResultOptions): ToolResult {
  return createErrorResult({
    type: ASK_DENIED_ERROR_TYPE,
    message: options.reason,
    text: `Permission to run ${options.toolName} was denied: ${options.reason}`,
  });
}

/** The reason an asking hook gives (Claude's `permissionDecisionReason` first), or a plain default. */
export function getAskReason(output: DefaultHookOutput): string {
  const compatibilityReason = output.hookSpecificOutput?.['permissionDecisionReason'];
  if (typeof compatibilityReason === 'string' && compatibilityReason.trim() !== '') return compatibilityReason;
  return output.reason || 'a hook asks for confirmation';
}

/** The reason a stop carries: the hook's `stopReason`, else its `reason`. */
export function getStopReason(output: DefaultHookOutput): string {
  return output.stopReason || output.reason || 'No reason provided';
}

/**
 * HOOK-020, HOOK-028: the result of a call during which a hook asked the agent to stop. It says so
 * and carries the `stopReason` in `llmContent`, `returnDisplay` and `error.message`.
 */
export function createStoppedToolResult(output: DefaultHookOutput): ToolResult {
  const stopReason = getStopReason(output);
  const text = `Agent execution stopped by hook: ${stopReason}`;
  return {
    llmContent: text,
    returnDisplay: text,
    error: { message: stopReason, type: HOOK_STOPPED_ERROR_TYPE },
  };
}

/**
 * HOOK-027, HOOK-029, HOOK-030, HOOK-131, HOOK-132, HOOK-159: a new result with the AfterTool effects:
 * a replaced result first (Claude Code's `updatedToolOutput`, Gemini CLI's AfterTool block;
 * toolResultReplacement.ts), then the hook's context and system message ({@link appendAfterToolOutput}).
 */
export function applyAfterToolEffects(toolResult: ToolResult, afterOutput: DefaultHookOutput | undefined): ToolResult {
  return appendAfterToolOutput(
    replaceToolResult(toolResult, readToolResultReplacement(afterOutput?.hookSpecificOutput)),
    afterOutput,
  );
}

/**
 * HOOK-029, HOOK-030, HOOK-131, HOOK-132: a new result with `"\n\n" + additionalContext` and
 * `"\n\n[System] " + systemMessage` appended to `llmContent`; `suppressOutput` sets `suppressDisplay`
 * and leaves `llmContent` to the model. A replacement is not applied here.
 */
export function appendAfterToolOutput(toolResult: ToolResult, afterOutput: DefaultHookOutput | undefined): ToolResult {
  const result: ToolResult = { ...toolResult };
  if (!afterOutput) return result;
  const additionalContext = afterOutput.getAdditionalContext();
  if (additionalContext) result.llmContent = `${result.llmContent}\n\n${additionalContext}`;
  result.llmContent = appendSystemMessage(result.llmContent, afterOutput.systemMessage);
  if (afterOutput.suppressOutput === true) result.suppressDisplay = true;
  return result;
}

/**
 * HOOK-159: a BeforeTool `systemMessage` on a call that went ahead rides on the
 * tool's result as `"\n\n[System] " + systemMessage`, never as a separate turn or UI line.
 */
export function applyBeforeToolSystemMessage(
  toolResult: ToolResult,
  beforeOutput: DefaultHookOutput | undefined,
): ToolResult {
  return { ...toolResult, llmContent: appendSystemMessage(toolResult.llmContent, beforeOutput?.systemMessage) };
}

function appendSystemMessage(llmContent: string, systemMessage: string | undefined): string {
  if (typeof systemMessage !== 'string' || systemMessage.length === 0) return llmContent;
  return `${llmContent}\n\n[System] ${systemMessage}`;
}

/**
 * HOOK-026: the `tool_response` an AfterTool hook receives: `llmContent`, `returnDisplay`, `metadata`,
 * optional `error`, and `output` for a tool that returned a structured value.
 */
export function toToolResponse(toolResult: ToolResult): Record<string, unknown> {
  const response: Record<string, unknown> = {
    llmContent: toolResult.llmContent,
    returnDisplay: toolResult.returnDisplay,
    metadata: toolResult.metadata ?? {},
  };
  if (toolResult.error) response['error'] = toolResult.error;
  if (toolResult.output !== undefined) response['output'] = toolResult.output;
  return response;
}

/**
 * HOOK-019: the replacement arguments a BeforeTool hook returned in `hookSpecificOutput.tool_input`
 * (Gemini CLI) or `updatedInput` (Claude Code); the caller shallow-merges them over the original.
 */
export function getModifiedToolInput(beforeOutput: DefaultHookOutput | undefined): Record<string, unknown> | undefined {
  return modifiedToolInput(beforeOutput?.hookSpecificOutput);
}

/** Options of {@link createErrorResult}. */
export interface ErrorResultOptions {
  /** `error.type`: what kind of failure (hooks see it in `tool_response`). */
  type: string;
  /** `error.message`. */
  message: string;
  /** What the model and the user read; default the message. */
  text?: string;
}

/** A result that reports a failure: the model and the user read `text`, `error` says what failed. */
export function createErrorResult(options: ErrorResultOptions): ToolResult {
  const text = options.text ?? options.message;
  return { llmContent: text, returnDisplay: text, error: { message: options.message, type: options.type } };
}

/** HOOK-025: a tool that threw still produces a result (and AfterTool still fires on it). */
export function createToolErrorResult(error: unknown): ToolResult {
  const message = toError(error).message;
  return createErrorResult({ type: TOOL_EXECUTION_ERROR_TYPE, message, text: `Tool execution failed: ${message}` });
}
