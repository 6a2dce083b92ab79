/**
 * A fake streaming ContentGenerator for the model-call and agent tests: plays one scripted turn per
 * `generateContentStream` call, records every request it is sent, can fail when opened or mid-stream,
 * and can hang until its signal aborts.
 */
import { FinishReason, GenerateContentResponse, type GenerateContentParameters, type Part } from '@google/genai';
import type { ContentGenerator, GenerateOptions } from '../../src/index.js';

/** One model turn the fake plays. */
export type FakeTurn =
  /** Yields these chunks, then ends. */
  | { chunks: GenerateContentResponse[] }
  /** Yields `chunks`, then throws `error` mid-stream. */
  | { chunks: GenerateContentResponse[]; failWith: Error }
  /** Rejects when the stream is opened. */
  | { failOnOpen: Error }
  /** Yields `chunks`, then waits until the signal aborts. */
  | { chunks: GenerateContentResponse[]; hang: true };

/** A chunk with some parts for candidate 0. */
export function partsChunk(
  parts: Part[],
  options: { finishReason?: FinishReason; usage?: { prompt: number; output: number } } = {},
): GenerateContentResponse {
  const chunk = new GenerateContentResponse();
  chunk.candidates = [{ index: 0, content: { role: 'model', parts } }];
  if (options.finishReason !== undefined) chunk.candidates[0].finishReason = options.finishReason;
  if (options.usage) {
    chunk.usageMetadata = {
      promptTokenCount: options.usage.prompt,
      candidatesTokenCount: options.usage.output,
      totalTokenCount: options.usage.prompt + options.usage.output,
    };
  }
  return chunk;
}

/** A text chunk. */
export function textChunk(text: string, finishReason?: FinishReason): GenerateContentResponse {
  return partsChunk([{ text }], { finishReason });
}

/** A chunk with one function call. */
export function functionCallChunk(name: string, args: Record<string, unknown>, id?: string): GenerateContentResponse {
  return partsChunk([{ functionCall: { name, args, ...(id !== undefined ? { id } : {}) } }], {
    finishReason: FinishReason.STOP,
  });
}

/** A whole answer streamed as several text chunks, the last with STOP. */
export function textTurn(...pieces: string[]): FakeTurn {
  return {
    chunks: pieces.map((piece, index) => textChunk(piece, index === pieces.length - 1 ? FinishReason.STOP : undefined)),
  };
}

/** A turn that asks for function calls (optionally after some text). */
export function callsTurn(
  calls: Array<{ name: string; args?: Record<string, unknown>; id?: string }>,
  text?: string,
): FakeTurn {
  const chunks = text !== undefined ? [textChunk(text)] : [];
  for (const call of calls) chunks.push(functionCallChunk(call.name, call.args ?? {}, call.id));
  return { chunks };
}

/** The fake generator. When its turns run out it answers "no more turns". */
export class FakeContentGenerator implements ContentGenerator {
  readonly name = 'fake-model';
  /** Deep copies of the requests, in call order. */
  readonly requests: GenerateContentParameters[] = [];
  /** Streams that saw their signal abort. */
  abortedStreams = 0;
  private readonly turns: FakeTurn[];
  private readonly onOpen?: (request: GenerateContentParameters) => void;

  /** `onOpen` runs when a stream is opened, before any chunk: tests check what had happened by then. */
  constructor(turns: FakeTurn[] = [], options: { onOpen?: (request: GenerateContentParameters) => void } = {}) {
    this.turns = [...turns];
    this.onOpen = options.onOpen;
  }

  /** How many streams were opened. */
  get streamsOpened(): number {
    return this.requests.length;
  }

  async generateContentStream(
    request: GenerateContentParameters,
    options: GenerateOptions = {},
  ): Promise<AsyncIterable<GenerateContentResponse>> {
    this.requests.push(structuredClone(request));
    this.onOpen?.(request);
    const turn = this.turns.shift() ?? textTurn('no more turns');
    if ('failOnOpen' in turn) throw turn.failOnOpen;
    return this.play(turn, options.signal);
  }

  private async *play(
    turn: Exclude<FakeTurn, { failOnOpen: Error }>,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<GenerateContentResponse> {
    for (const chunk of turn.chunks) {
      // Yield to the event loop between chunks, as a network stream would.
      await new Promise((resolve) => setImmediate(resolve));
      yield chunk;
    }
    if ('failWith' in turn) throw turn.failWith;
    if ('hang' in turn) {
      await new Promise<void>((resolve) => {
        if (signal?.aborted) resolve();
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      this.abortedStreams += 1;
      throw new Error('stream aborted');
    }
  }
}
