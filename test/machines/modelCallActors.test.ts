import {
  FinishReason,
  FunctionCallingConfigMode,
  GenerateContentResponse,
  type GenerateContentParameters,
} from '@google/genai';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModelGenerationError } from '../../src/index.js';
import {
  applyToolSelection,
  createEmptyResponse,
  isFunctionCallAllowed,
  mergeResponseChunks,
} from '../../src/engine.js';
import { generateResponse, responseFunctionCalls, responseText } from '../../src/machines/modelCallActors.js';
import { FakeContentGenerator, partsChunk, textChunk, textTurn } from '../helpers/modelFakeGenerator.js';
import { loadGenAI } from '../../src/genaiValues.js';

// These call the synchronous response builders directly; the model path's async entry points load the
// optional SDK first, so responses are its own GenerateContentResponse instances (HOOK-141).
beforeAll(async () => {
  await loadGenAI();
});

const tools = [{ functionDeclarations: [{ name: 'read_file' }, { name: 'write_file' }] }];

function request(toolConfig?: GenerateContentParameters['config']): GenerateContentParameters {
  return { model: 'm', contents: [{ role: 'user', parts: [{ text: 'hi' }] }], config: { tools, ...toolConfig } };
}

describe('mergeResponseChunks', () => {
  it('HOOK-050: concatenates the text of all chunks, keeps function calls in order, takes the last finish reason and usage', () => {
    const merged = mergeResponseChunks([
      partsChunk([{ text: 'Let me ' }], { usage: { prompt: 5, output: 1 } }),
      partsChunk([{ text: 'look.' }]),
      partsChunk([{ functionCall: { name: 'read_file', args: { path: 'a' } } }]),
      partsChunk([{ functionCall: { name: 'read_file', args: { path: 'b' } } }], {
        finishReason: FinishReason.STOP,
        usage: { prompt: 5, output: 9 },
      }),
    ]);

    expect(merged).toBeInstanceOf(GenerateContentResponse);
    expect(merged.candidates).toHaveLength(1);
    expect(merged.candidates?.[0].content?.parts).toEqual([
      { text: 'Let me look.' },
      { functionCall: { name: 'read_file', args: { path: 'a' } } },
      { functionCall: { name: 'read_file', args: { path: 'b' } } },
    ]);
    expect(merged.candidates?.[0].finishReason).toBe(FinishReason.STOP);
    expect(merged.usageMetadata).toEqual({ promptTokenCount: 5, candidatesTokenCount: 9, totalTokenCount: 14 });
  });

  it('HOOK-050: keeps thought text apart from answer text', () => {
    const merged = mergeResponseChunks([
      partsChunk([{ text: 'planning ', thought: true }]),
      partsChunk([{ text: 'more', thought: true }]),
      partsChunk([{ text: 'Answer' }]),
    ]);

    expect(merged.candidates?.[0].content?.parts).toEqual([
      { text: 'planning more', thought: true },
      { text: 'Answer' },
    ]);
    expect(responseText(merged)).toBe('Answer');
  });

  it('HOOK-050: merges each candidate index separately', () => {
    const first = new GenerateContentResponse();
    first.candidates = [
      { index: 0, content: { role: 'model', parts: [{ text: 'A' }] } },
      { index: 1, content: { role: 'model', parts: [{ text: 'X' }] } },
    ];
    const second = new GenerateContentResponse();
    second.candidates = [
      { index: 1, content: { role: 'model', parts: [{ text: 'Y' }] }, finishReason: FinishReason.MAX_TOKENS },
      { index: 0, content: { role: 'model', parts: [{ text: 'B' }] }, finishReason: FinishReason.STOP },
    ];

    const merged = mergeResponseChunks([first, second]);

    expect(merged.candidates?.map((candidate) => candidate.content?.parts?.[0].text)).toEqual(['AB', 'XY']);
    expect(merged.candidates?.map((candidate) => candidate.finishReason)).toEqual([
      FinishReason.STOP,
      FinishReason.MAX_TOKENS,
    ]);
  });

  it('HOOK-050, HOOK-202: a stream without candidates gives one candidate with empty content', () => {
    const merged = mergeResponseChunks([]);
    expect(merged.candidates).toEqual([{ index: 0, content: { role: 'model', parts: [] } }]);
    expect(createEmptyResponse().candidates).toEqual(merged.candidates);
  });

  it('does not mutate the chunks it merges', () => {
    const chunk = textChunk('one');
    const before = structuredClone(chunk.candidates);
    mergeResponseChunks([chunk, textChunk(' two')]);
    expect(chunk.candidates).toEqual(before);
  });
});

describe('applyToolSelection', () => {
  it('HOOK-055, HOOK-140: puts the allow-list on the request toolConfig and keeps the tool definitions', () => {
    const original = request({ toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } } });
    const applied = applyToolSelection(original, {
      toolConfig: { functionCallingConfig: { allowedFunctionNames: ['read_file'] } },
      tools,
    });

    expect(applied.config?.toolConfig?.functionCallingConfig).toEqual({
      mode: FunctionCallingConfigMode.ANY,
      allowedFunctionNames: ['read_file'],
    });
    expect(applied.config?.tools).toEqual(tools);
    expect(original.config?.toolConfig?.functionCallingConfig?.allowedFunctionNames).toBeUndefined();
  });

  it('HOOK-056: the hook mode replaces the request mode; other toolConfig fields are kept', () => {
    const original = request({
      toolConfig: {
        functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO },
        retrievalConfig: { languageCode: 'en' },
      },
    });
    const applied = applyToolSelection(original, {
      toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } },
    });

    expect(applied.config?.toolConfig).toEqual({
      functionCallingConfig: { mode: FunctionCallingConfigMode.NONE },
      retrievalConfig: { languageCode: 'en' },
    });
  });

  it('returns the same request when the hook selected nothing', () => {
    const original = request();
    expect(applyToolSelection(original, {})).toBe(original);
  });
});

describe('isFunctionCallAllowed', () => {
  it('HOOK-057: mode NONE allows no call; an allow-list allows only its names; no toolConfig allows all', () => {
    expect(isFunctionCallAllowed(request(), 'write_file')).toBe(true);
    const none = request({ toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } } });
    expect(isFunctionCallAllowed(none, 'read_file')).toBe(false);
    const listed = request({
      toolConfig: {
        functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['read_file'] },
      },
    });
    expect(isFunctionCallAllowed(listed, 'read_file')).toBe(true);
    expect(isFunctionCallAllowed(listed, 'write_file')).toBe(false);
  });
});

describe('generateResponse', () => {
  it('HOOK-050: collects the whole stream before resolving', async () => {
    const generator = new FakeContentGenerator([textTurn('a', 'b', 'c')]);
    const response = await generateResponse({ generator, request: request() }, new AbortController().signal);
    expect(responseText(response)).toBe('abc');
    expect(responseFunctionCalls(response)).toEqual([]);
  });

  it('HOOK-207: a stream error rejects with a ModelGenerationError naming the generator', async () => {
    const generator = new FakeContentGenerator([{ chunks: [textChunk('par')], failWith: new Error('socket hang up') }]);
    const failure = generateResponse({ generator, request: request() }, new AbortController().signal);
    await expect(failure).rejects.toBeInstanceOf(ModelGenerationError);
    await expect(failure).rejects.toThrow('Model "fake-model" failed: socket hang up');
  });

  it('HOOK-207: an abort before the stream ends rejects, even when the generator ignores its signal', async () => {
    const controller = new AbortController();
    const generator = new FakeContentGenerator([textTurn('one', 'two', 'three')], {
      onOpen: () => controller.abort(),
    });
    await expect(generateResponse({ generator, request: request() }, controller.signal)).rejects.toThrow(
      'the stream was aborted before it completed',
    );
  });
});
