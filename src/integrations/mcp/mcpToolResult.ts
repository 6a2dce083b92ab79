/**
 * An MCP `tools/call` answer in hookrail's terms and back. Hooks see a `ToolResult` whose
 * `llmContent` is the text the model reads (the text blocks, other blocks named in brackets) and whose
 * `metadata.mcpResult` is the server's `CallToolResult` as it came. The client gets the server's answer
 * untouched when no hook changed the text; an AfterTool hook's context is one more text block after the
 * server's own (its `structuredContent` and non-text blocks kept); a result a hook replaced is that
 * replacement; a call that never reached the server (blocked, denied, stopped) is a normal result with
 * `isError: true` and the reason as text.
 */
import type { ToolResult } from '../../hooks/protocol/results.js';
import { textOfToolOutput } from '../../hooks/protocol/toolOutputText.js';
import { replacedToolOutput } from '../../hooks/protocol/toolResultReplacement.js';
import { isPlainObject } from '../../values.js';

/** `error.type` of a result whose server answered `isError: true`. */
export const MCP_TOOL_ERROR_TYPE = 'mcp_tool_error';

/** `error.type` of a result whose server answered with a JSON-RPC error. */
export const MCP_PROTOCOL_ERROR_TYPE = 'mcp_protocol_error';

/** An MCP `CallToolResult`, with whatever else the server put in it. */
export interface McpCallToolResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  [key: string]: unknown;
}

/** A JSON-RPC error object. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** What the server answered to one `tools/call`: a result, or a JSON-RPC error. */
export type McpServerAnswer = { result: McpCallToolResult } | { error: JsonRpcErrorObject };

/** The text the model reads of a `CallToolResult`: its blocks' text, one per line; else its `structuredContent` as JSON. */
export function textOfCallToolResult(result: McpCallToolResult): string {
  return textOfToolOutput(Array.isArray(result.content) ? result : { ...result, content: [] });
}

/** The server's answer as the `ToolResult` hooks see; `metadata.mcpResult` (or `mcpError`) holds it as it came. */
export function toToolResult(answer: McpServerAnswer): ToolResult {
  if ('error' in answer) {
    const message = `MCP error ${answer.error.code}: ${answer.error.message}`;
    return {
      llmContent: message,
      returnDisplay: message,
      metadata: { mcpError: answer.error },
      error: { message, type: MCP_PROTOCOL_ERROR_TYPE },
    };
  }
  const text = textOfCallToolResult(answer.result);
  const toolResult: ToolResult = { llmContent: text, returnDisplay: text, metadata: { mcpResult: answer.result } };
  if (answer.result.isError === true) toolResult.error = { message: text, type: MCP_TOOL_ERROR_TYPE };
  return toolResult;
}

/** A result of one text block. */
export function textCallToolResult(text: string, isError: boolean): McpCallToolResult {
  return isError ? { content: [{ type: 'text', text }], isError: true } : { content: [{ type: 'text', text }] };
}

/**
 * What the client gets for a call whose server answered `answer` and whose hooks made `final` of it:
 * the answer itself when the text is unchanged; the server's blocks plus one text block with what hooks
 * appended; the value a hook put in place of the output (toolResultReplacement.ts); else the final text alone.
 */
export function toClientAnswer(answer: McpServerAnswer, final: ToolResult): McpServerAnswer {
  const replacement = replacedToolOutput(final);
  const base: McpServerAnswer = replacement === undefined ? answer : { result: replacementResult(replacement, answer) };
  if ('error' in base) return base;
  const original = textOfCallToolResult(base.result);
  if (final.llmContent === original) return base;
  if (final.llmContent.startsWith(original)) {
    const appended = final.llmContent.slice(original.length).replace(/^\n\n/, '');
    const content = Array.isArray(base.result.content) ? base.result.content : [];
    return { result: { ...base.result, content: [...content, { type: 'text', text: appended }] } };
  }
  return { result: textCallToolResult(final.llmContent, base.result.isError === true) };
}

/**
 * A replacement output as a `CallToolResult`: a whole result (an object with `content`) as it is, an
 * array as its content blocks, a string as one text block, anything else as its JSON text. It keeps the
 * server's `isError`.
 */
function replacementResult(replacement: unknown, answer: McpServerAnswer): McpCallToolResult {
  const isError = 'result' in answer && answer.result.isError === true;
  if (isPlainObject(replacement) && Array.isArray(replacement['content'])) return replacement as McpCallToolResult;
  if (Array.isArray(replacement)) return isError ? { content: replacement, isError } : { content: replacement };
  return textCallToolResult(textOfToolOutput(replacement), isError);
}
