/**
 * The model boundary: a streaming generator over GenAI SDK types. The real Gemini adapter and the
 * scripted (offline) model both implement it; the modelCall machine invokes it.
 */
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';

/** Options for one generation. */
export interface GenerateOptions {
  /** Aborting stops the stream; a partial response is never handed to AfterModel (HOOK-207). */
  signal?: AbortSignal;
}

/** Produces a model response as a stream of chunks. */
export interface ContentGenerator {
  /** A short name for logs and the CLI (`scripted:demo.json`, `gemini-2.5-flash`). */
  readonly name: string;
  generateContentStream(
    request: GenerateContentParameters,
    options?: GenerateOptions,
  ): Promise<AsyncIterable<GenerateContentResponse>>;
}
