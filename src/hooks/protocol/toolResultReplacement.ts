/**
 * An AfterTool answer that puts another result in place of the tool's own, in its host's way:
 * Claude Code's PostToolUse `hookSpecificOutput.updatedToolOutput` (and the MCP-only
 * `updatedMCPToolOutput` it replaced), and Gemini CLI's AfterTool `decision: "deny"` / exit 2, after
 * which the model reads `Tool result blocked: <reason>`. The dialect readers write it into the native
 * output as `hookSpecificOutput.toolResultReplacement`; the AfterTool step applies it, and the tool's
 * own output stays on the result (`replacedContent`) for the inspection record. The native dialect
 * keeps the rule that AfterTool does not block: its `decision` is not read as a replacement.
 */
import { isPlainObject } from '../../values.js';
import type { ToolResult } from './results.js';

/** The `hookSpecificOutput` field that carries a replacement result through aggregation. */
export const TOOL_RESULT_REPLACEMENT_FIELD = 'toolResultReplacement';

/** `error.type` of a result a Gemini CLI AfterTool hook blocked. */
export const HOOK_BLOCKED_RESULT_ERROR_TYPE = 'hook_blocked_result';

/** What a replacement puts in place of the tool's result. */
export interface ToolResultReplacement {
  llmContent: string;
  returnDisplay: string;
  error?: { message: string; type?: string };
}

/** Gemini CLI: the result a blocking AfterTool answer leaves the model, with the reason. */
export function blockedResultReplacement(reason: string): ToolResultReplacement {
  const text = `Tool result blocked: ${reason}`;
  return { llmContent: text, returnDisplay: text, error: { message: reason, type: HOOK_BLOCKED_RESULT_ERROR_TYPE } };
}

/**
 * Claude Code: `updatedToolOutput` as the text the model reads — a string as it is, MCP content blocks
 * (`[{ type: "text", text }]` or `{ content: [...] }`) as their texts, anything else as JSON.
 */
export function updatedOutputReplacement(updated: unknown): ToolResultReplacement {
  const text = outputText(updated);
  return { llmContent: text, returnDisplay: text };
}

/** The replacement a merged AfterTool output carries, if any (a malformed one is ignored). */
export function readToolResultReplacement(hookSpecificOutput: unknown): ToolResultReplacement | undefined {
  if (!isPlainObject(hookSpecificOutput)) return undefined;
  const replacement = hookSpecificOutput[TOOL_RESULT_REPLACEMENT_FIELD];
  if (!isPlainObject(replacement) || typeof replacement['llmContent'] !== 'string') return undefined;
  const returnDisplay = typeof replacement['returnDisplay'] === 'string' ? replacement['returnDisplay'] : replacement['llmContent'];
  const error = isPlainObject(replacement['error']) && typeof replacement['error']['message'] === 'string' ? (replacement['error'] as ToolResultReplacement['error']) : undefined;
  return { llmContent: replacement['llmContent'], returnDisplay, ...(error ? { error } : {}) };
}

/** The tool's result with the replacement in place; the tool's own `llmContent` kept as `replacedContent`. */
export function replaceToolResult(toolResult: ToolResult, replacement: ToolResultReplacement | undefined): ToolResult {
  if (!replacement) return toolResult;
  const replaced: ToolResult = { ...toolResult, llmContent: replacement.llmContent, returnDisplay: replacement.returnDisplay, replacedContent: toolResult.llmContent };
  if (replacement.error) replaced.error = replacement.error;
  return replaced;
}

function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  const blocks = Array.isArray(value) ? value : isPlainObject(value) && Array.isArray(value['content']) ? value['content'] : undefined;
  if (blocks?.every((block) => isPlainObject(block) && block['type'] === 'text' && typeof block['text'] === 'string')) {
    return blocks.map((block) => (block as { text: string }).text).join('\n');
  }
  return JSON.stringify(value) ?? '';
}
