/**
 * The text a model reads of a tool output given as a value rather than a `ToolResult`: a string as it
 * is; MCP content blocks (an array) with each text block's text and other kinds named in brackets,
 * one per line; an MCP `CallToolResult` (an object with `content`) by its blocks, or its
 * `structuredContent` as JSON when it has none; anything else as JSON. Used for the output a
 * PostToolUse hook puts in place of a tool's (`updatedToolOutput`) and for MCP results.
 */
import { isPlainObject } from '../../values.js';

/** The text of one MCP content block: a text block's text, an embedded text resource's text, other kinds named in brackets. */
function blockText(block: unknown): string {
  if (!isPlainObject(block)) return typeof block === 'string' ? block : JSON.stringify(block);
  if (block['type'] === 'text' && typeof block['text'] === 'string') return block['text'];
  if (block['type'] === 'resource' && isPlainObject(block['resource'])) {
    const resource = block['resource'];
    return typeof resource['text'] === 'string' ? resource['text'] : `[resource ${String(resource['uri'] ?? '')}]`;
  }
  if (block['type'] === 'resource_link') return `[resource_link ${String(block['uri'] ?? '')}]`;
  const mimeType = typeof block['mimeType'] === 'string' ? ` ${block['mimeType']}` : '';
  return `[${String(block['type'] ?? 'content')}${mimeType}]`;
}

/** The text a model reads of a tool output value (see the module comment). */
export function textOfToolOutput(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return output.map(blockText).join('\n');
  if (isPlainObject(output) && Array.isArray(output['content'])) {
    if (output['content'].length === 0 && output['structuredContent'] !== undefined)
      return JSON.stringify(output['structuredContent']);
    return output['content'].map(blockText).join('\n');
  }
  return JSON.stringify(output) ?? '';
}
