import { ApiError, GenerateContentResponse, type GenerateContentParameters } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GeminiContentGenerator, type GeminiClient } from '../../../src/adapters/models/genaiModel.js';
import { ModelError } from '../../../src/errors.js';
import { geminiChunk, startGeminiTestServer, type GeminiTestServer } from '../../helpers/adapterGeminiServer.js';

/** An SDK double: records the parameters and plays a scripted stream. */
function sdkDouble(
  play: (parameters: GenerateContentParameters) => AsyncGenerator<GenerateContentResponse>,
): GeminiClient & { calls: GenerateContentParameters[] } {
  const calls: GenerateContentParameters[] = [];
  return {
    calls,
    models: {
      async generateContentStream(parameters) {
        calls.push(parameters);
        return play(parameters);
      },
    },
  };
}

function response(text: string): GenerateContentResponse {
  return Object.assign(new GenerateContentResponse(), {
    candidates: [{ content: { role: 'model', parts: [{ text }] } }],
  });
}

function apiError(status: number, message: string): ApiError {
  return new ApiError({ status, message: JSON.stringify({ error: { code: status, message, status: 'X' } }) });
}

async function collect(stream: AsyncIterable<GenerateContentResponse>): Promise<GenerateContentResponse[]> {
  const chunks: GenerateContentResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const request: GenerateContentParameters = {
  model: '',
  contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
  config: { temperature: 0 },
};

describe('GeminiContentGenerator over an SDK double', () => {
  it("sends the adapter's model when the request names none, with the abort signal, and streams the chunks", async () => {
    const client = sdkDouble(async function* () {
      yield response('Hel');
      yield response('lo');
    });
    const generator = new GeminiContentGenerator({ model: 'gemini-2.5-flash', client });
    expect(generator.name).toBe('gemini-2.5-flash');
    const controller = new AbortController();
    const chunks = await collect(await generator.generateContentStream(request, { signal: controller.signal }));
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Hel', 'lo']);
    expect(client.calls[0].model).toBe('gemini-2.5-flash');
    expect(client.calls[0].config).toMatchObject({ temperature: 0, abortSignal: controller.signal });
    expect(client.calls[0].contents).toBe(request.contents);
  });

  it("uses the request's model when it names one (a BeforeModel hook may change it)", async () => {
    const client = sdkDouble(async function* () {
      yield response('ok');
    });
    const generator = new GeminiContentGenerator({ model: 'gemini-2.5-flash', client });
    await collect(await generator.generateContentStream({ ...request, model: 'gemini-2.5-pro' }));
    expect(client.calls[0].model).toBe('gemini-2.5-pro');
  });

  it.each([
    [
      404,
      'models/gemini-nope is not found for API version v1beta',
      'unknown model "gemini-2.5-flash": the Gemini API answered HTTP 404 (models/gemini-nope is not found for API version v1beta); check the model name',
    ],
    [
      400,
      'API key not valid. Please pass a valid API key.',
      'the Gemini API rejected the API key (HTTP 400: API key not valid. Please pass a valid API key.); check GEMINI_API_KEY or GOOGLE_API_KEY',
    ],
    [
      403,
      'Permission denied',
      'the Gemini API refused access to model "gemini-2.5-flash" (HTTP 403: Permission denied)',
    ],
    [
      429,
      'Resource exhausted',
      'the Gemini API quota or rate limit was exceeded for model "gemini-2.5-flash" (HTTP 429: Resource exhausted)',
    ],
    [500, 'Internal error', 'the Gemini API failed for model "gemini-2.5-flash" (HTTP 500: Internal error)'],
  ])('maps an HTTP %i from the API to a ModelError that says what to do', async (status, apiMessage, expected) => {
    const client: GeminiClient = {
      models: {
        generateContentStream: () => Promise.reject(apiError(status, apiMessage)),
      },
    };
    const failure = await new GeminiContentGenerator({ model: 'gemini-2.5-flash', client })
      .generateContentStream(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelError);
    expect((failure as ModelError).message).toContain(expected);
    expect((failure as ModelError).status).toBe(status);
    expect((failure as ModelError).model).toBe('gemini-2.5-flash');
  });

  it('maps a network failure and an error in the middle of the stream', async () => {
    const unreachable: GeminiClient = {
      models: { generateContentStream: () => Promise.reject(new TypeError('fetch failed')) },
    };
    await expect(
      new GeminiContentGenerator({ model: 'm', client: unreachable }).generateContentStream(request),
    ).rejects.toThrow('could not reach the Gemini API for model "m": fetch failed');
    const breaking = sdkDouble(async function* () {
      yield response('partial');
      throw apiError(503, 'The model is overloaded');
    });
    const stream = await new GeminiContentGenerator({ model: 'm', client: breaking }).generateContentStream(request);
    await expect(collect(stream)).rejects.toThrow(
      'the Gemini API failed for model "m" (HTTP 503: The model is overloaded)',
    );
  });

  it('an abort stays an abort (not a ModelError), before the call and mid-stream', async () => {
    const controller = new AbortController();
    controller.abort();
    const client = sdkDouble(async function* (parameters) {
      yield response('first');
      await new Promise((resolve) => parameters.config?.abortSignal?.addEventListener('abort', resolve));
      throw new Error('the SDK noticed the abort');
    });
    const generator = new GeminiContentGenerator({ model: 'm', client });
    await expect(generator.generateContentStream(request, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(client.calls).toHaveLength(0);

    const live = new AbortController();
    const iterator = (await generator.generateContentStream(request, { signal: live.signal }))[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.text).toBe('first');
    const pending = iterator.next();
    live.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(ModelError);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });

  it('refuses to be built without a model, or without a key and a client', () => {
    expect(() => new GeminiContentGenerator({ model: '' })).toThrow(ModelError);
    expect(() => new GeminiContentGenerator({ model: 'gemini-2.5-flash' })).toThrow(
      'model "gemini-2.5-flash" needs a Gemini API key: set GEMINI_API_KEY or GOOGLE_API_KEY',
    );
  });
});

describe('GeminiContentGenerator against a local HTTP server speaking the Gemini API', () => {
  let server: GeminiTestServer;

  beforeEach(async () => {
    server = await startGeminiTestServer();
  });
  afterEach(() => server.close());

  it('streams text and function calls through the real GoogleGenAI client', async () => {
    server.reply({
      kind: 'stream',
      chunks: [
        geminiChunk([{ text: 'Let me look. ' }]),
        geminiChunk([{ functionCall: { name: 'list_directory', args: { dir_path: '.' } } }], 'STOP'),
      ],
    });
    const generator = new GeminiContentGenerator({
      apiKey: 'dummy-key-for-tests',
      model: 'gemini-2.5-flash',
      baseUrl: server.baseUrl,
    });
    const tools = [
      {
        functionDeclarations: [
          { name: 'list_directory', description: 'lists', parametersJsonSchema: { type: 'object', properties: {} } },
        ],
      },
    ];
    const chunks = await collect(await generator.generateContentStream({ ...request, config: { tools } }));
    expect(chunks).toHaveLength(2);
    expect(chunks[0].text).toBe('Let me look. ');
    expect(chunks[1].functionCalls).toEqual([{ name: 'list_directory', args: { dir_path: '.' } }]);
    expect(chunks[1].candidates?.[0].finishReason).toBe('STOP');

    const [sent] = server.requests;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(sent.headers['x-goog-api-key']).toBe('dummy-key-for-tests');
    expect(sent.body.contents).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
    expect(JSON.stringify(sent.body.tools)).toContain('list_directory');
  });

  it('turns the API rejecting an unknown model into a clear ModelError', async () => {
    server.reply({
      kind: 'error',
      status: 404,
      body: {
        error: {
          code: 404,
          message: 'models/gemini-nope is not found for API version v1beta, or is not supported for generateContent.',
          status: 'NOT_FOUND',
        },
      },
    });
    const generator = new GeminiContentGenerator({ apiKey: 'dummy', model: 'gemini-nope', baseUrl: server.baseUrl });
    const failure = await generator.generateContentStream(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelError);
    expect((failure as ModelError).message).toBe(
      'unknown model "gemini-nope": the Gemini API answered HTTP 404 (models/gemini-nope is not found for API version v1beta, ' +
        'or is not supported for generateContent.); check the model name, e.g. gemini-2.5-flash',
    );
  });

  it('aborting mid-stream rejects the stream and closes the HTTP connection', async () => {
    server.reply({ kind: 'hang-after', chunks: [geminiChunk([{ text: 'thinking' }])] });
    const generator = new GeminiContentGenerator({
      apiKey: 'dummy',
      model: 'gemini-2.5-flash',
      baseUrl: server.baseUrl,
    });
    const controller = new AbortController();
    const iterator = (await generator.generateContentStream(request, { signal: controller.signal }))[
      Symbol.asyncIterator
    ]();
    expect((await iterator.next()).value?.text).toBe('thinking');
    const pending = iterator.next();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await server.disconnected();
    expect(server.requests).toHaveLength(1);
  });
});
