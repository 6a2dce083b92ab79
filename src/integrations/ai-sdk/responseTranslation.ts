/**
 * AI SDK model results in hookrail's GenAI-shaped response, and back; streams assembled into one
 * result and results replayed as a stream. AfterModel hooks see the response through hookrail's one
 * translator (`LLMResponse`), so they read an AI SDK answer as they read a Gemini answer.
 */
import { randomUUID } from 'node:crypto';
import type { FinishReason, GenerateContentResponse, Part } from '@google/genai';
import { createGenerateContentResponse } from '../../genaiValues.js';
import { isPlainObject } from '../../values.js';
import type { ToolNames } from './toolNames.js';
import type {
  LanguageModelContent,
  LanguageModelGenerateResult,
  LanguageModelStreamPart,
  LanguageModelUsage,
} from './types.js';

const finishReasons: Record<string, string> = {
  stop: 'STOP',
  'tool-calls': 'STOP',
  length: 'MAX_TOKENS',
  'content-filter': 'SAFETY',
};

/** A generate result as a GenAI response: text, reasoning (thought text) and tool calls (function calls, hookrail's names). */
export function toGenerateContentResponse(
  result: Pick<LanguageModelGenerateResult, 'content' | 'finishReason' | 'usage'>,
  toolNames: ToolNames,
): GenerateContentResponse {
  const parts: Part[] = [];
  for (const content of result.content) {
    if (content.type === 'text') parts.push({ text: content.text });
    else if (content.type === 'reasoning') parts.push({ text: content.text, thought: true });
    else if (content.type === 'tool-call' && content.providerExecuted !== true) {
      parts.push({
        functionCall: {
          id: content.toolCallId,
          name: toolNames.canonical(content.toolName),
          args: parseToolInput(content.input),
        },
      });
    }
  }
  const response = createGenerateContentResponse();
  response.candidates = [
    {
      index: 0,
      content: { role: 'model', parts },
      finishReason: (finishReasons[result.finishReason.unified] ?? 'OTHER') as FinishReason,
    },
  ];
  const input = result.usage.inputTokens.total;
  const output = result.usage.outputTokens.total;
  response.usageMetadata = {
    promptTokenCount: input,
    candidatesTokenCount: output,
    totalTokenCount: input === undefined && output === undefined ? undefined : (input ?? 0) + (output ?? 0),
  };
  return response;
}

/** Options of {@link fromGenerateContentResponse}. */
export interface FromResponseOptions {
  toolNames: ToolNames;
  /** The usage of the model call that ran, if one did; else every count is undefined. */
  usage?: LanguageModelUsage;
  warnings?: LanguageModelGenerateResult['warnings'];
}

/**
 * A generate result from a hook's response (a replacement, a synthetic answer, a stop): its text and
 * function calls (in the builder's tool names); finish reason `tool-calls` when it calls a tool,
 * else `stop`.
 */
export function fromGenerateContentResponse(
  response: GenerateContentResponse | undefined,
  options: FromResponseOptions,
): LanguageModelGenerateResult {
  const content: LanguageModelContent[] = [];
  for (const part of response?.candidates?.[0]?.content?.parts ?? []) {
    if (typeof part.text === 'string')
      content.push(part.thought === true ? { type: 'reasoning', text: part.text } : { type: 'text', text: part.text });
    else if (part.functionCall) {
      content.push({
        type: 'tool-call',
        toolCallId: part.functionCall.id ?? randomUUID(),
        toolName: options.toolNames.builder(part.functionCall.name ?? ''),
        input: JSON.stringify(part.functionCall.args ?? {}),
      });
    }
  }
  const callsTools = content.some((part) => part.type === 'tool-call');
  return {
    content,
    finishReason: callsTools ? { unified: 'tool-calls', raw: undefined } : { unified: 'stop', raw: 'STOP' },
    usage: options.usage ?? emptyUsage(),
    warnings: options.warnings ?? [],
  };
}

/** Usage with every count unknown: no model ran. */
export function emptyUsage(): LanguageModelUsage {
  return {
    inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: undefined, text: undefined, reasoning: undefined },
  };
}

/** What a stream said, assembled: its content in order, finish reason and usage, and its warnings. */
export function assembleStream(parts: readonly LanguageModelStreamPart[]): LanguageModelGenerateResult {
  const content: LanguageModelContent[] = [];
  const open = new Map<string, { type: 'text' | 'reasoning'; text: string }>();
  let finishReason: LanguageModelGenerateResult['finishReason'] = { unified: 'other', raw: undefined };
  let usage = emptyUsage();
  let warnings: LanguageModelGenerateResult['warnings'] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text-start':
      case 'reasoning-start': {
        const block = { type: part.type === 'text-start' ? ('text' as const) : ('reasoning' as const), text: '' };
        open.set(`${block.type}:${part.id}`, block);
        content.push(block);
        break;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const block = open.get(`${part.type === 'text-delta' ? 'text' : 'reasoning'}:${part.id}`);
        if (block) block.text += part.delta;
        else content.push({ type: part.type === 'text-delta' ? 'text' : 'reasoning', text: part.delta });
        break;
      }
      case 'tool-call':
      case 'tool-result':
      case 'file':
      case 'source':
        content.push(part as LanguageModelContent);
        break;
      case 'finish':
        finishReason = part.finishReason;
        usage = part.usage;
        break;
      case 'stream-start':
        warnings = part.warnings;
        break;
      default:
        break;
    }
  }
  return { content, finishReason, usage, warnings };
}

/** A result as the parts of a stream: `stream-start`, each content part (text and reasoning as start, delta, end), `finish`. */
export function toStreamParts(result: LanguageModelGenerateResult): LanguageModelStreamPart[] {
  const parts: LanguageModelStreamPart[] = [{ type: 'stream-start', warnings: result.warnings }];
  for (const content of result.content) {
    if (content.type === 'text' || content.type === 'reasoning') {
      const id = randomUUID();
      const kind = content.type;
      parts.push({ type: `${kind}-start`, id } as LanguageModelStreamPart);
      parts.push({ type: `${kind}-delta`, id, delta: content.text } as LanguageModelStreamPart);
      parts.push({ type: `${kind}-end`, id } as LanguageModelStreamPart);
    } else {
      parts.push(content as LanguageModelStreamPart);
    }
  }
  parts.push({ type: 'finish', finishReason: result.finishReason, usage: result.usage });
  return parts;
}

/** A readable stream of `parts`, in order. */
export function streamOf(parts: readonly LanguageModelStreamPart[]): ReadableStream<LanguageModelStreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** Every part of a stream, read to its end (a read error rejects). */
export async function readStream(stream: ReadableStream<LanguageModelStreamPart>): Promise<LanguageModelStreamPart[]> {
  const parts: LanguageModelStreamPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

function parseToolInput(input: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(input);
    return isPlainObject(parsed) ? parsed : { input: parsed };
  } catch {
    return { input };
  }
}
