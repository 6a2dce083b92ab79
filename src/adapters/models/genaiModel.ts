/**
 * The real model: a {@link ContentGenerator} over `@google/genai`'s `GoogleGenAI`
 * (`models.generateContentStream`). Requests and responses are the SDK's own types, so function
 * declarations, function calls and function responses pass through unchanged. The abort signal goes
 * to the SDK (it cancels the HTTP request) and is checked between chunks. API failures become a
 * {@link ModelError} whose message says what to do (unknown model, bad key, quota). `@google/genai` is an
 * optional peer dependency: it is imported on the first request, never at module load.
 */
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import type { ContentGenerator, GenerateOptions } from '../../contentGenerator.js';
import { ModelError, toError } from '../../errors.js';

/** The part of `GoogleGenAI` the adapter uses; tests pass a double. */
export interface GeminiClient {
  models: {
    generateContentStream(parameters: GenerateContentParameters): Promise<AsyncIterable<GenerateContentResponse>>;
  };
}

/** Options for {@link GeminiContentGenerator}. */
export interface GeminiContentGeneratorOptions {
  /** A Gemini API key (GEMINI_API_KEY / GOOGLE_API_KEY). Not needed when `client` is given. */
  apiKey?: string;
  /** The model used when a request names none, e.g. `gemini-2.5-flash`. */
  model: string;
  /** A ready client; default `new GoogleGenAI({ apiKey, httpOptions: { baseUrl } })`, created on first use. */
  client?: GeminiClient;
  /** Another endpoint for the API (a proxy, or a local test server). */
  baseUrl?: string;
}

/** Streams from the Gemini API. */
export class GeminiContentGenerator implements ContentGenerator {
  readonly name: string;
  readonly model: string;
  private client: GeminiClient | undefined;
  private readonly apiKey: string | undefined;
  private readonly baseUrl: string | undefined;

  constructor(options: GeminiContentGeneratorOptions) {
    if (!options.model) throw new ModelError('', 'GeminiContentGenerator needs a model name, e.g. "gemini-2.5-flash"');
    if (!options.client && !options.apiKey) {
      throw new ModelError(
        options.model,
        `model "${options.model}" needs a Gemini API key: set GEMINI_API_KEY or GOOGLE_API_KEY`,
      );
    }
    this.model = options.model;
    this.name = options.model;
    this.client = options.client;
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl;
  }

  /**
   * Opens a stream for `request` (its `model`, or the adapter's when it names none).
   * @throws ModelError when the API refuses the call; the abort reason when aborted.
   */
  async generateContentStream(
    request: GenerateContentParameters,
    options: GenerateOptions = {},
  ): Promise<AsyncIterable<GenerateContentResponse>> {
    const { signal } = options;
    signal?.throwIfAborted();
    const model = request.model || this.model;
    const parameters: GenerateContentParameters = { ...request, model };
    if (signal) parameters.config = { ...request.config, abortSignal: signal };
    const client = this.client ?? (this.client = await createGeminiClient(this.apiKey, this.baseUrl, model));
    let stream: AsyncIterable<GenerateContentResponse>;
    try {
      stream = await client.models.generateContentStream(parameters);
    } catch (error) {
      throw translateError(error, model, signal);
    }
    return guardStream(stream, model, signal);
  }
}

/** Loads the optional `@google/genai` peer and builds its client; a clear error when it is not installed. */
async function createGeminiClient(
  apiKey: string | undefined,
  baseUrl: string | undefined,
  model: string,
): Promise<GeminiClient> {
  let sdk: typeof import('@google/genai');
  try {
    sdk = await import('@google/genai');
  } catch (error) {
    throw new ModelError(
      model,
      `model "${model}" needs the optional package @google/genai: run \`npm install @google/genai\``,
      {
        cause: toError(error),
      },
    );
  }
  return new sdk.GoogleGenAI({ apiKey, ...(baseUrl ? { httpOptions: { baseUrl } } : {}) });
}

async function* guardStream(
  stream: AsyncIterable<GenerateContentResponse>,
  model: string,
  signal: AbortSignal | undefined,
): AsyncGenerator<GenerateContentResponse> {
  try {
    for await (const chunk of stream) {
      signal?.throwIfAborted();
      yield chunk;
    }
  } catch (error) {
    throw translateError(error, model, signal);
  }
}

/** Turns an SDK or network failure into a {@link ModelError} with advice; an abort stays an abort. */
export function translateError(error: unknown, model: string, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason ?? error;
  if (error instanceof ModelError) return error;
  const failure = toError(error);
  if (failure.name === 'AbortError') return failure;
  const reported = (failure as Error & { status?: unknown }).status;
  const status = typeof reported === 'number' ? reported : undefined;
  if (status === undefined) {
    return new ModelError(model, `could not reach the Gemini API for model "${model}": ${failure.message}`, {
      cause: failure,
    });
  }
  const detail = apiMessage(failure.message);
  const http = `HTTP ${status}`;
  let message: string;
  if (status === 404) {
    message = `unknown model "${model}": the Gemini API answered ${http} (${detail}); check the model name, e.g. gemini-2.5-flash`;
  } else if (status === 400 && /api key/i.test(detail)) {
    message = `the Gemini API rejected the API key (${http}: ${detail}); check GEMINI_API_KEY or GOOGLE_API_KEY`;
  } else if (status === 401 || status === 403) {
    message = `the Gemini API refused access to model "${model}" (${http}: ${detail}); check the API key and its permissions`;
  } else if (status === 429) {
    message = `the Gemini API quota or rate limit was exceeded for model "${model}" (${http}: ${detail}); wait and try again`;
  } else {
    message = `the Gemini API failed for model "${model}" (${http}: ${detail})`;
  }
  return new ModelError(model, message, { status, cause: failure });
}

/** The SDK's error message is the JSON error body; its `error.message` is the readable part. */
function apiMessage(message: string): string {
  try {
    const body = JSON.parse(message) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string' && body.error.message !== '') return body.error.message;
  } catch {
    // Not JSON: the message is already plain text.
  }
  return message;
}
