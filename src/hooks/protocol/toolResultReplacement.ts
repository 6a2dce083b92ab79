/**
 * An AfterTool answer that puts another result in place of the tool's own, in its host's way:
 * Claude Code's PostToolUse `hookSpecificOutput.updatedToolOutput` (and the MCP-only
 * `updatedMCPToolOutput`), and Gemini CLI's AfterTool `decision: "deny"` / exit 2, after which the
 * model reads `Tool result blocked: <reason>`. The dialect readers write it into the native output as
 * `hookSpecificOutput.toolResultReplacement`; the AfterTool effects apply it. The tool's own text stays
 * on the result (`replacedContent`) for the inspection record, and the value a Claude Code hook gave
 * stays in `metadata.updatedToolOutput`, for hosts that hand a value back rather than text (the MCP
 * gateway's content blocks, an AI SDK tool's value). The native dialect keeps the rule that AfterTool
 * does not replace or block (HOOK-178): a native hook's replacement is dropped.
 */
import { isPlainObject } from '../../values.js';
import type { HookExecutionResult, ToolResult } from './results.js';
import { textOfToolOutput } from './toolOutputText.js';

/** The `hookSpecificOutput` field that carries a replacement result through aggregation. */
export const TOOL_RESULT_REPLACEMENT_FIELD = 'toolResultReplacement';

/** The `metadata` field of a replaced result that holds the value a Claude Code hook gave. */
export const UPDATED_TOOL_OUTPUT_METADATA = 'updatedToolOutput';

/** `error.type` of a result a Gemini CLI AfterTool hook blocked. */
export const HOOK_BLOCKED_RESULT_ERROR_TYPE = 'hook_blocked_result';

/** What a replacement puts in place of the tool's result. */
export interface ToolResultReplacement {
  /** What the model reads. */
  llmContent: string;
  /** What the user is shown. */
  returnDisplay: string;
  /** Set when the replacement reports a failure (a Gemini CLI block). */
  error?: { message: string; type?: string };
  /** The value a Claude Code hook gave (a string, MCP content blocks, any JSON); `llmContent` is its text. */
  output?: unknown;
}

/** Gemini CLI: the result a blocking AfterTool answer leaves the model, with the reason. */
export function blockedResultReplacement(reason: string): ToolResultReplacement {
  const text = `Tool result blocked: ${reason}`;
  return { llmContent: text, returnDisplay: text, error: { message: reason, type: HOOK_BLOCKED_RESULT_ERROR_TYPE } };
}

/** Claude Code: `updatedToolOutput` as the text the model reads (toolOutputText.ts), the value kept beside it. */
export function updatedOutputReplacement(updated: unknown): ToolResultReplacement {
  const text = textOfToolOutput(updated);
  return { llmContent: text, returnDisplay: text, output: updated };
}

/** The replacement a merged AfterTool output carries, if any (a malformed one is ignored). */
export function readToolResultReplacement(hookSpecificOutput: unknown): ToolResultReplacement | undefined {
  if (!isPlainObject(hookSpecificOutput)) return undefined;
  const replacement = hookSpecificOutput[TOOL_RESULT_REPLACEMENT_FIELD];
  if (!isPlainObject(replacement) || typeof replacement['llmContent'] !== 'string') return undefined;
  const returnDisplay =
    typeof replacement['returnDisplay'] === 'string' ? replacement['returnDisplay'] : replacement['llmContent'];
  const error =
    isPlainObject(replacement['error']) && typeof replacement['error']['message'] === 'string'
      ? (replacement['error'] as ToolResultReplacement['error'])
      : undefined;
  return {
    llmContent: replacement['llmContent'],
    returnDisplay,
    ...(error ? { error } : {}),
    ...(replacement['output'] !== undefined ? { output: replacement['output'] } : {}),
  };
}

/**
 * The tool's result with the replacement in place: its `llmContent` and `returnDisplay` (and `error`,
 * when the replacement has one); the tool's own `llmContent` kept as `replacedContent`, a Claude Code
 * hook's value as `metadata.updatedToolOutput`. A new object; the given result is not changed.
 */
export function replaceToolResult(toolResult: ToolResult, replacement: ToolResultReplacement | undefined): ToolResult {
  if (!replacement) return toolResult;
  const replaced: ToolResult = {
    ...toolResult,
    llmContent: replacement.llmContent,
    returnDisplay: replacement.returnDisplay,
    replacedContent: toolResult.llmContent,
  };
  if (replacement.error) replaced.error = replacement.error;
  if (replacement.output !== undefined)
    replaced.metadata = { ...toolResult.metadata, [UPDATED_TOOL_OUTPUT_METADATA]: replacement.output };
  return replaced;
}

/** The value a Claude Code hook put in place of the tool's output, on a result it replaced (else `undefined`). */
export function replacedToolOutput(toolResult: ToolResult): unknown {
  return toolResult.metadata?.[UPDATED_TOOL_OUTPUT_METADATA];
}

/**
 * HOOK-178: a hook whose dialect cannot replace a tool's result this way (native; Gemini CLI, whose
 * own replacement its reader adds after) has any replacement it wrote itself dropped from its answer.
 */
export function withoutOutputReplacement(result: HookExecutionResult): HookExecutionResult {
  const specific = result.output?.hookSpecificOutput;
  if (!isPlainObject(specific) || !(TOOL_RESULT_REPLACEMENT_FIELD in specific)) return result;
  const { [TOOL_RESULT_REPLACEMENT_FIELD]: _dropped, ...rest } = specific;
  return { ...result, output: { ...result.output, hookSpecificOutput: rest } };
}
