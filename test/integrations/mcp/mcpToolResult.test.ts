/**
 * An MCP tools/call answer as hooks see it and as the client gets it back: untouched when no hook
 * changed it, one more text block for what a hook appended, a hook's replacement, the server's
 * JSON-RPC error as it came.
 */
import { describe, expect, it } from 'vitest';
import { applyAfterToolEffects } from '../../../src/hooks/protocol/toolHookEffects.js';
import { DefaultHookOutput } from '../../../src/hooks/protocol/outputs.js';
import {
  TOOL_RESULT_REPLACEMENT_FIELD,
  updatedOutputReplacement,
} from '../../../src/hooks/protocol/toolResultReplacement.js';
import {
  MCP_PROTOCOL_ERROR_TYPE,
  MCP_TOOL_ERROR_TYPE,
  textOfCallToolResult,
  toClientAnswer,
  toToolResult,
  type McpServerAnswer,
} from '../../../src/integrations/mcp/mcpToolResult.js';

const weather: McpServerAnswer = {
  result: {
    content: [
      { type: 'text', text: 'Oslo: 21°C' },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      { type: 'resource_link', uri: 'file:///forecast.txt', name: 'forecast' },
    ],
    structuredContent: { celsius: 21 },
    _meta: { source: 'fixture' },
  },
};

describe('MCP tool results', () => {
  it('hooks read the text blocks with other kinds named in brackets, and the result as it came in metadata.mcpResult', () => {
    expect(toToolResult(weather)).toEqual({
      llmContent: 'Oslo: 21°C\n[image image/png]\n[resource_link file:///forecast.txt]',
      returnDisplay: 'Oslo: 21°C\n[image image/png]\n[resource_link file:///forecast.txt]',
      metadata: { mcpResult: weather.result },
    });
    expect(textOfCallToolResult({ content: [], structuredContent: { a: 1 } })).toBe('{"a":1}');
    expect(toToolResult({ result: { content: [{ type: 'text', text: 'nope' }], isError: true } }).error).toEqual({
      message: 'nope',
      type: MCP_TOOL_ERROR_TYPE,
    });
    expect(toToolResult({ error: { code: -32602, message: 'Unknown tool' } })).toMatchObject({
      llmContent: 'MCP error -32602: Unknown tool',
      error: { type: MCP_PROTOCOL_ERROR_TYPE },
      metadata: { mcpError: { code: -32602, message: 'Unknown tool' } },
    });
  });

  it('the client gets the very answer when no hook changed the text', () => {
    const final = applyAfterToolEffects(toToolResult(weather), undefined);
    expect(toClientAnswer(weather, final)).toBe(weather);
    const error: McpServerAnswer = { error: { code: -32602, message: 'Unknown tool' } };
    expect(toClientAnswer(error, toToolResult(error))).toBe(error);
  });

  it('HOOK-027, HOOK-131: additionalContext and a systemMessage become one more text block; every other field survives', () => {
    const final = applyAfterToolEffects(
      toToolResult(weather),
      new DefaultHookOutput({ systemMessage: 'checked', hookSpecificOutput: { additionalContext: 'audited' } }),
    );
    expect(toClientAnswer(weather, final)).toEqual({
      result: {
        ...weather.result,
        content: [
          ...(weather.result as { content: unknown[] }).content,
          { type: 'text', text: 'audited\n\n[System] checked' },
        ],
      },
    });
  });

  it('a replaced output (updatedToolOutput) is what the client gets: blocks, a whole result, or text; context still follows it', () => {
    const replaced = (value: unknown, extra: Record<string, unknown> = {}) =>
      toClientAnswer(
        weather,
        applyAfterToolEffects(
          toToolResult(weather),
          new DefaultHookOutput({
            hookSpecificOutput: { [TOOL_RESULT_REPLACEMENT_FIELD]: updatedOutputReplacement(value), ...extra },
          }),
        ),
      );
    expect(replaced([{ type: 'text', text: 'redacted' }])).toEqual({
      result: { content: [{ type: 'text', text: 'redacted' }] },
    });
    expect(replaced({ content: [{ type: 'text', text: 'whole' }], structuredContent: { celsius: 0 } })).toEqual({
      result: { content: [{ type: 'text', text: 'whole' }], structuredContent: { celsius: 0 } },
    });
    expect(replaced('plain')).toEqual({ result: { content: [{ type: 'text', text: 'plain' }] } });
    expect(replaced('plain', { additionalContext: 'why' })).toEqual({
      result: {
        content: [
          { type: 'text', text: 'plain' },
          { type: 'text', text: 'why' },
        ],
      },
    });
  });
});
