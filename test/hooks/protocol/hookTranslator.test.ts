import {
  FinishReason,
  FunctionCallingConfigMode,
  GenerateContentResponse,
  HarmCategory,
  HarmProbability,
  type GenerateContentParameters,
} from '@google/genai';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  defaultHookTranslator,
  HookTranslatorGenAIv1,
  normalizeContents,
  type HookToolConfig,
  type LLMRequest,
  type LLMResponse,
} from '../../../src/hooks/protocol/hookTranslator.js';
import { loadGenAI } from '../../../src/genaiValues.js';

// These call the synchronous response builders directly; the model path's async entry points load the
// optional SDK first, so responses are its own GenerateContentResponse instances (HOOK-141).
beforeAll(async () => {
  await loadGenAI();
});

const translator = new HookTranslatorGenAIv1();

function sdkResponse(fields: Partial<GenerateContentResponse>): GenerateContentResponse {
  return Object.assign(new GenerateContentResponse(), fields);
}

describe('stable hook formats', () => {
  it('HOOK-071, HOOK-072: toHookLLMRequest gives model, role/content messages, config and toolConfig', () => {
    const request = translator.toHookLLMRequest({
      model: 'gemini-2.5-flash',
      contents: [
        { role: 'user', parts: [{ text: 'list files' }] },
        { role: 'model', parts: [{ text: 'Sure.' }] },
      ],
      config: {
        temperature: 0.3,
        maxOutputTokens: 512,
        topP: 0.9,
        topK: 20,
        stopSequences: ['END'],
        systemInstruction: 'be brief',
        toolConfig: {
          functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['list_directory'] },
        },
      },
    });
    expect(request).toEqual({
      model: 'gemini-2.5-flash',
      messages: [
        { role: 'user', content: 'list files' },
        { role: 'model', content: 'Sure.' },
      ],
      config: { temperature: 0.3, maxOutputTokens: 512, topP: 0.9, topK: 20, stopSequences: ['END'] },
      toolConfig: { mode: 'ANY', allowedFunctionNames: ['list_directory'] },
    });
    expect(JSON.parse(JSON.stringify(request))).toEqual(request);
    expectTypeOf<LLMRequest['messages'][number]['role']>().toEqualTypeOf<'user' | 'model' | 'system'>();
  });

  it('HOOK-073: toHookLLMResponse gives text, candidates (parts, finishReason, index, safetyRatings) and usageMetadata', () => {
    const response = translator.toHookLLMResponse(
      sdkResponse({
        candidates: [
          {
            content: { role: 'model', parts: [{ text: 'Hello ' }, { text: 'there' }] },
            finishReason: FinishReason.STOP,
            index: 0,
            safetyRatings: [
              { category: HarmCategory.HARM_CATEGORY_HARASSMENT, probability: HarmProbability.NEGLIGIBLE },
            ],
          },
        ],
        usageMetadata: {
          promptTokenCount: 10,
          candidatesTokenCount: 2,
          totalTokenCount: 12,
          cachedContentTokenCount: 4,
        },
      }),
    );
    expect(response).toEqual({
      text: 'Hello there',
      candidates: [
        {
          content: { role: 'model', parts: ['Hello ', 'there'] },
          finishReason: 'STOP',
          index: 0,
          safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' }],
        },
      ],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 2, totalTokenCount: 12 },
    });
  });

  it('HOOK-074: HookToolConfig carries mode AUTO/ANY/NONE and allowedFunctionNames, both ways', () => {
    expectTypeOf<HookToolConfig['mode']>().toEqualTypeOf<'AUTO' | 'ANY' | 'NONE' | undefined>();
    for (const [hookMode, sdkMode] of [
      ['AUTO', FunctionCallingConfigMode.AUTO],
      ['ANY', FunctionCallingConfigMode.ANY],
      ['NONE', FunctionCallingConfigMode.NONE],
    ] as const) {
      const sdk = translator.fromHookToolConfig({ mode: hookMode, allowedFunctionNames: ['a', 'b'] });
      expect(sdk).toEqual({ functionCallingConfig: { mode: sdkMode, allowedFunctionNames: ['a', 'b'] } });
      expect(translator.toHookToolConfig(sdk)).toEqual({ mode: hookMode, allowedFunctionNames: ['a', 'b'] });
    }
    expect(translator.toHookToolConfig(undefined)).toEqual({});
    expect(
      translator.toHookToolConfig({ functionCallingConfig: { mode: FunctionCallingConfigMode.VALIDATED } }),
    ).toEqual({});
    expect(translator.fromHookToolConfig({ mode: 'none' as 'NONE' })).toEqual({
      functionCallingConfig: { mode: FunctionCallingConfigMode.NONE },
    });
    expect(
      translator.fromHookToolConfig({
        mode: 'SOMETIMES' as 'ANY',
        allowedFunctionNames: ['x', 3 as unknown as string],
      }),
    ).toEqual({
      functionCallingConfig: { allowedFunctionNames: ['x'] },
    });
  });

  it('HOOK-035, HOOK-045: defaultHookTranslator is a HookTranslatorGenAIv1', () => {
    expect(defaultHookTranslator).toBeInstanceOf(HookTranslatorGenAIv1);
  });
});

describe('toHookLLMRequest is text-only', () => {
  it('HOOK-075: only text is extracted; images, function calls and responses, inline and file data and thoughts are dropped', () => {
    const request = translator.toHookLLMRequest({
      model: 'm',
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'describe ' },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
            { fileData: { fileUri: 'gs://bucket/a.pdf', mimeType: 'application/pdf' } },
            { text: 'this' },
          ],
        },
        {
          role: 'model',
          parts: [
            { text: 'thinking...', thought: true },
            { text: 'calling' },
            { functionCall: { name: 'read_file', args: { path: 'a' } } },
          ],
        },
      ],
    });
    expect(request.messages).toEqual([
      { role: 'user', content: 'describe this' },
      { role: 'model', content: 'calling' },
    ]);
    expect(JSON.stringify(request)).not.toMatch(/inlineData|fileData|functionCall|iVBOR|thinking/);
  });

  it('HOOK-076: a message with no text left after filtering is dropped entirely', () => {
    const request = translator.toHookLLMRequest({
      model: 'm',
      contents: [
        { role: 'user', parts: [{ text: 'read a' }] },
        { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: 'a' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { content: 'x' } } }] },
        { role: 'user', parts: [{ text: '' }] },
        { role: 'model', parts: [{ text: 'done' }] },
      ],
    });
    expect(request.messages).toEqual([
      { role: 'user', content: 'read a' },
      { role: 'model', content: 'done' },
    ]);
  });

  it('accepts every SDK contents shape: a string, a part list and a single Content', () => {
    expect(translator.toHookLLMRequest({ model: 'm', contents: 'hi' }).messages).toEqual([
      { role: 'user', content: 'hi' },
    ]);
    expect(translator.toHookLLMRequest({ model: 'm', contents: ['a', { text: 'b' }] }).messages).toEqual([
      { role: 'user', content: 'ab' },
    ]);
    expect(
      translator.toHookLLMRequest({ model: 'm', contents: { role: 'model', parts: [{ text: 'c' }] } }).messages,
    ).toEqual([{ role: 'model', content: 'c' }]);
    expect(normalizeContents(undefined)).toEqual([]);
    expect(normalizeContents([])).toEqual([]);
  });
});

describe('toHookLLMResponse is text-only', () => {
  it('HOOK-077: only text parts are kept and safety ratings lose their blocked flag', () => {
    const response = translator.toHookLLMResponse(
      sdkResponse({
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                { text: 'plan', thought: true },
                { text: 'answer' },
                { functionCall: { name: 'write_file', args: {} } },
              ],
            },
            safetyRatings: [
              {
                category: HarmCategory.HARM_CATEGORY_DANGEROUS_CONTENT,
                probability: HarmProbability.HIGH,
                blocked: true,
              },
            ],
          },
        ],
      }),
    );
    expect(response.candidates[0]).toEqual({
      content: { role: 'model', parts: ['answer'] },
      safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH' }],
    });
    expect(response.text).toBe('answer');
    expect('blocked' in (response.candidates[0].safetyRatings?.[0] ?? {})).toBe(false);
    expectTypeOf<NonNullable<LLMResponse['candidates'][number]['safetyRatings']>[number]>().toEqualTypeOf<{
      category: string;
      probability: string;
    }>();
  });

  it('HOOK-077: a response without candidates or usage gives an empty candidate list and no text', () => {
    expect(translator.toHookLLMResponse(sdkResponse({}))).toEqual({ candidates: [] });
  });
});

describe('fromHookLLMRequest keeps what hooks cannot see', () => {
  const baseRequest: GenerateContentParameters = {
    model: 'gemini-a',
    contents: [
      { role: 'user', parts: [{ text: 'look at this' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
      { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: 'a.txt' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { content: 'hello' } } }] },
      { role: 'model', parts: [{ text: 'It says hello.' }] },
    ],
    config: {
      systemInstruction: 'You are careful.',
      tools: [{ functionDeclarations: [{ name: 'read_file' }] }],
      temperature: 0.7,
    },
  };

  it('HOOK-078: the unchanged hook view of a request rebuilds the original exactly', () => {
    const rebuilt = translator.fromHookLLMRequest(translator.toHookLLMRequest(baseRequest), baseRequest);
    expect(rebuilt).toEqual(baseRequest);
  });

  it('HOOK-078: tools, systemInstruction and non-text parts survive an edited message; added messages are appended', () => {
    const hookRequest = translator.toHookLLMRequest(baseRequest);
    hookRequest.messages[0] = { role: 'user', content: 'look at this [redacted]' };
    hookRequest.messages.push({ role: 'system', content: 'Answer in French.' }, { role: 'user', content: 'Merci' });
    hookRequest.config = { temperature: 0 };

    const rebuilt = translator.fromHookLLMRequest(hookRequest, baseRequest);
    expect(rebuilt.model).toBe('gemini-a');
    expect(rebuilt.config).toEqual({
      systemInstruction: 'You are careful.',
      tools: [{ functionDeclarations: [{ name: 'read_file' }] }],
      temperature: 0,
    });
    expect(rebuilt.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: 'look at this [redacted]' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }],
      },
      { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: 'a.txt' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { content: 'hello' } } }] },
      { role: 'model', parts: [{ text: 'It says hello.' }] },
      { role: 'user', parts: [{ text: '[System] Answer in French.' }] },
      { role: 'user', parts: [{ text: 'Merci' }] },
    ]);
    expect(baseRequest.config?.temperature).toBe(0.7);
  });

  it('HOOK-078: a message the hook removed is dropped; model and toolConfig changes are applied', () => {
    const rebuilt = translator.fromHookLLMRequest(
      { model: 'gemini-b', messages: [{ role: 'user', content: 'look at this' }], toolConfig: { mode: 'NONE' } },
      baseRequest,
    );
    expect(rebuilt.model).toBe('gemini-b');
    expect(rebuilt.contents).toEqual([
      { role: 'user', parts: [{ text: 'look at this' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
      { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: 'a.txt' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { content: 'hello' } } }] },
    ]);
    expect(rebuilt.config?.toolConfig).toEqual({ functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } });
    expect(rebuilt.config?.tools).toEqual([{ functionDeclarations: [{ name: 'read_file' }] }]);
  });

  it('HOOK-078: without messages in the hook request, the contents are the base request’s', () => {
    const rebuilt = translator.fromHookLLMRequest({ config: { maxOutputTokens: 64 } }, baseRequest);
    expect(rebuilt.contents).toBe(baseRequest.contents);
    expect(rebuilt.config?.maxOutputTokens).toBe(64);
  });

  it('without a base request, builds a request from the hook messages alone', () => {
    expect(translator.fromHookLLMRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })).toEqual({
      model: 'm',
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });
  });
});

describe('fromHookLLMResponse', () => {
  it('HOOK-079: rebuilds a GenerateContentResponse from text parts only', () => {
    const response = translator.fromHookLLMResponse({
      candidates: [{ content: { role: 'model', parts: ['Hello', ' world'] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 },
    });
    expect(response).toBeInstanceOf(GenerateContentResponse);
    expect(response.text).toBe('Hello world');
    expect(response.candidates?.[0]?.content?.parts).toEqual([{ text: 'Hello' }, { text: ' world' }]);
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(response.functionCalls).toBeUndefined();
    expect(response.usageMetadata).toEqual({ promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 });
  });

  it('HOOK-079: a round trip through the hook format drops the non-text parts of the original response', () => {
    const original = sdkResponse({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ text: 'Reading.' }, { functionCall: { name: 'read_file', args: { path: 'a' } } }],
          },
          index: 0,
        },
      ],
    });
    const rebuilt = translator.fromHookLLMResponse(translator.toHookLLMResponse(original));
    expect(rebuilt.candidates?.[0]?.content?.parts).toEqual([{ text: 'Reading.' }]);
    expect(rebuilt.functionCalls).toBeUndefined();
  });

  it('HOOK-079: a text-only hook response becomes one candidate; non-string parts are stringified', () => {
    expect(translator.fromHookLLMResponse({ text: 'short answer' }).text).toBe('short answer');
    const odd = translator.fromHookLLMResponse({
      candidates: [{ content: { role: 'model', parts: [{ nested: true } as unknown as string] } }],
    });
    expect(odd.candidates?.[0]?.content?.parts).toEqual([{ text: '{"nested":true}' }]);
    expect(odd.candidates?.[0]?.index).toBe(0);
  });
});
