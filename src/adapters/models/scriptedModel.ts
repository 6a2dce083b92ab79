/**
 * The scripted model: a {@link ContentGenerator} that plays a scenario (see scenario.ts) one turn per
 * call, so runs are offline and reproducible. It streams like a real model (text in a few chunks,
 * then the function calls with ids), honours the abort signal, records every request, checks each
 * turn's `expect` against the request it answers, and respects the request's tool config: a call
 * that `mode: NONE` or `allowedFunctionNames` forbids is replaced by a sentence saying so, which is
 * how BeforeToolSelection hooks are seen to work without a real model.
 */
import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';
import type { Content, GenerateContentParameters, Part, GenerateContentResponse } from '@google/genai';
import { createGenerateContentResponse, finishReasonStop, functionCallingMode, loadGenAI } from '../../genaiValues.js';
import type { ContentGenerator, GenerateOptions } from '../../contentGenerator.js';
import { ScenarioError } from '../../errors.js';
import { normalizeContents } from '../../hooks/protocol/hookTranslator.js';
import type { Scenario, ScenarioExpectation, ScenarioFunctionCall, ScenarioTurn } from './scenario.js';

/** Options for {@link ScriptedContentGenerator}. */
export interface ScriptedContentGeneratorOptions {
  /** How many chunks a turn's text is streamed in (split at spaces). Default 3. */
  textChunks?: number;
  /**
   * Keep every request in {@link ScriptedContentGenerator.requests} (default true, for tests that read
   * them). Each kept request holds the whole history of its call, so a long session's memory grows
   * with the square of its length; `false` keeps none.
   */
  recordRequests?: boolean;
}

const receivedPreviewLength = 500;

/** Plays a {@link Scenario}: one turn per `generateContentStream` call. */
export class ScriptedContentGenerator implements ContentGenerator {
  readonly name: string;
  readonly scenario: Scenario;
  /** Every request received, in order (contents copied at the time of the call); empty with `recordRequests: false`. */
  readonly requests: GenerateContentParameters[] = [];
  private readonly textChunks: number;
  private readonly recordRequests: boolean;
  private nextTurn = 0;

  constructor(scenario: Scenario, options: ScriptedContentGeneratorOptions = {}) {
    this.scenario = scenario;
    this.name = `scripted:${scenario.name}`;
    this.textChunks = Math.max(1, options.textChunks ?? 3);
    this.recordRequests = options.recordRequests ?? true;
  }

  /** How many scripted turns have been played. */
  get turnsPlayed(): number {
    return Math.min(this.nextTurn, this.scenario.turns.length);
  }

  /** True once every scripted turn has been played. */
  get finished(): boolean {
    return this.nextTurn >= this.scenario.turns.length;
  }

  /** Starts the scenario over and forgets the recorded requests. */
  reset(): void {
    this.nextTurn = 0;
    this.requests.length = 0;
  }

  /**
   * Answers with the next scripted turn, or with a closing text once the turns have run out.
   * @throws ScenarioError when the turn's `expect` does not match the request.
   */
  async generateContentStream(
    request: GenerateContentParameters,
    options: GenerateOptions = {},
  ): Promise<AsyncIterable<GenerateContentResponse>> {
    await loadGenAI();
    options.signal?.throwIfAborted();
    if (this.recordRequests) this.requests.push({ ...request, contents: [...normalizeContents(request.contents)] });
    const turnIndex = this.nextTurn;
    this.nextTurn += 1;
    const turn = this.scenario.turns[turnIndex];
    if (!turn) {
      const played = this.scenario.turns.length;
      const text = `The scenario "${this.scenario.name}" has ended: all ${played} scripted turn${played === 1 ? ' was' : 's were'} played.`;
      return this.stream({ text }, turnIndex, [], options.signal);
    }
    if (turn.expect) this.checkExpectation(turn.expect, turnIndex, normalizeContents(request.contents));
    const { allowed, refusals } = applyToolConfig(turn.functionCalls, request);
    const text = [turn.text, ...refusals]
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .join('\n');
    return this.stream({ ...turn, text: text === '' ? undefined : text }, turnIndex, allowed, options.signal);
  }

  private checkExpectation(expectation: ScenarioExpectation, turnIndex: number, contents: Content[]): void {
    const received = newInput(contents);
    const where = `turn ${turnIndex + 1} (turns[${turnIndex}])`;
    for (const wanted of expectation.functionResponseContains) {
      if (received.functionResponses.some((response) => response.includes(wanted))) continue;
      const got =
        received.functionResponses.length > 0
          ? `they were: ${preview(received.functionResponses.join('\n---\n'))}`
          : 'the request had no function responses';
      throw new ScenarioError(
        this.scenario.file,
        `scenario "${this.scenario.name}", ${where}: expected the function responses to contain ${JSON.stringify(wanted)}, but ${got}`,
        { turn: turnIndex + 1 },
      );
    }
    for (const wanted of expectation.textContains) {
      if (received.text.includes(wanted)) continue;
      const got = received.text !== '' ? `it was: ${preview(received.text)}` : 'the request had no new text';
      throw new ScenarioError(
        this.scenario.file,
        `scenario "${this.scenario.name}", ${where}: expected the new text to contain ${JSON.stringify(wanted)}, but ${got}`,
        { turn: turnIndex + 1 },
      );
    }
  }

  private async *stream(
    turn: Pick<ScenarioTurn, 'text' | 'delayMs'>,
    turnIndex: number,
    functionCalls: ScenarioFunctionCall[],
    signal: AbortSignal | undefined,
  ): AsyncGenerator<GenerateContentResponse> {
    const textPieces = turn.text === undefined ? [] : splitText(turn.text, this.textChunks);
    const callParts: Part[] = functionCalls.map((call, index) => ({
      functionCall: {
        id: call.id ?? `scripted-t${turnIndex + 1}-c${index + 1}`,
        name: call.name,
        args: structuredClone(call.args),
      },
    }));
    const chunks: Part[][] = textPieces.map((piece) => [{ text: piece }]);
    if (callParts.length > 0 || chunks.length === 0) chunks.push(callParts);
    for (let index = 0; index < chunks.length; index += 1) {
      if (turn.delayMs) await sleep(turn.delayMs, undefined, { signal });
      else await yieldToEventLoop();
      signal?.throwIfAborted();
      yield makeChunk(chunks[index], index === chunks.length - 1, this.name);
    }
  }
}

function makeChunk(parts: Part[], last: boolean, modelVersion: string): GenerateContentResponse {
  const response = createGenerateContentResponse();
  response.candidates = [
    { index: 0, content: { role: 'model', parts }, ...(last ? { finishReason: finishReasonStop } : {}) },
  ];
  response.modelVersion = modelVersion;
  return response;
}

/** Splits text at spaces into at most `count` pieces of similar length; joined they give the text back. */
export function splitText(text: string, count: number): string[] {
  if (count <= 1 || text.length === 0) return [text];
  const target = Math.ceil(text.length / count);
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > 0 && pieces.length < count - 1) {
    const cut = rest.indexOf(' ', target);
    if (cut === -1) break;
    pieces.push(rest.slice(0, cut + 1));
    rest = rest.slice(cut + 1);
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}

/** Splits the scripted calls into those the request's tool config allows and sentences about the rest. */
function applyToolConfig(
  calls: ScenarioFunctionCall[],
  request: GenerateContentParameters,
): { allowed: ScenarioFunctionCall[]; refusals: string[] } {
  const functionConfig = request.config?.toolConfig?.functionCallingConfig;
  const none = functionConfig?.mode === functionCallingMode.NONE;
  // Like the Gemini API, an empty or absent allow-list restricts nothing (only mode NONE forbids all).
  const allowList = functionConfig?.allowedFunctionNames?.length
    ? new Set(functionConfig.allowedFunctionNames)
    : undefined;
  const allowed: ScenarioFunctionCall[] = [];
  const refusals: string[] = [];
  for (const call of calls) {
    if (none) {
      refusals.push(
        `[scripted model] Not calling ${call.name}: the request's tool config has mode NONE, so no tools may be called.`,
      );
    } else if (allowList && !allowList.has(call.name)) {
      refusals.push(`[scripted model] Not calling ${call.name}: the request allows only ${[...allowList].join(', ')}.`);
    } else {
      allowed.push(call);
    }
  }
  return { allowed, refusals };
}

/** The request's contents after the last model turn: what the model has not seen before. */
function newInput(contents: Content[]): { text: string; functionResponses: string[] } {
  let start = 0;
  contents.forEach((content, index) => {
    if (content.role === 'model') start = index + 1;
  });
  const texts: string[] = [];
  const functionResponses: string[] = [];
  for (const content of contents.slice(start)) {
    for (const part of content.parts ?? []) {
      if (typeof part.text === 'string' && part.thought !== true) texts.push(part.text);
      if (part.functionResponse) {
        functionResponses.push(
          [part.functionResponse.name ?? '', ...stringLeaves(part.functionResponse.response)].join('\n'),
        );
      }
    }
  }
  return { text: texts.join('\n'), functionResponses };
}

function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringLeaves);
  return [];
}

function preview(text: string): string {
  return JSON.stringify(text.length > receivedPreviewLength ? `${text.slice(0, receivedPreviewLength)}…` : text);
}
