/**
 * The work the modelCall machine's invoked actors do, as plain functions: fire the three model hooks
 * through the hook system's triggers (one implementation of the hook semantics, HOOK-134), apply a
 * tool selection to the request, and stream a response from the injected `ContentGenerator` into
 * one complete `GenerateContentResponse` (HOOK-050). Everything here speaks SDK types (HOOK-141).
 */
import type {
  Candidate,
  Content,
  FunctionCall,
  GenerateContentParameters,
  Part,
  ToolConfig,
  GenerateContentResponse,
} from '@google/genai';
import { createGenerateContentResponse, functionCallingMode, loadGenAI } from '../genaiValues.js';
import type { ContentGenerator } from '../contentGenerator.js';
import { HookrailError, toError } from '../errors.js';
import type { Config } from '../hooks/engine/config.js';
import type { HookOrigin, HookSession } from '../hooks/protocol/hookConfig.js';
import {
  fireAfterModelHook,
  fireBeforeModelHook,
  fireBeforeToolSelectionHook,
  type AfterModelHookResult,
  type BeforeModelHookResult,
  type BeforeToolSelectionHookResult,
} from '../hooks/triggers/modelHookTriggers.js';

/** A model call's generator failed or its stream broke before the response was complete (HOOK-207). */
export class ModelGenerationError extends HookrailError {
  /** The generator's name (`scripted:demo.json`, `gemini-2.5-flash`). */
  readonly generatorName: string;
  constructor(generatorName: string, message: string, options?: { cause?: unknown }) {
    super(`Model "${generatorName}" failed: ${message}`, options);
    this.generatorName = generatorName;
  }
}

/** What a hook actor needs: the host's Config and the request as assembled so far. */
export interface ModelHookActorInput {
  config: Config;
  request: GenerateContentParameters;
  /** The model call the fire is for (handed to hook-execution observers). */
  origin?: HookOrigin;
  /** The session that makes the call; default the Config's. */
  session?: HookSession;
}

/** What the AfterModel actor needs: the request as sent and the complete response. */
export interface AfterModelActorInput extends ModelHookActorInput {
  response: GenerateContentResponse;
}

/** What the generating actor needs. */
export interface GenerateActorInput {
  generator: ContentGenerator;
  request: GenerateContentParameters;
}

/** HOOK-053: fires BeforeToolSelection; the signal kills the hook processes when the call is cancelled. */
export function selectTools(input: ModelHookActorInput, signal: AbortSignal): Promise<BeforeToolSelectionHookResult> {
  return fireBeforeToolSelectionHook(input.config, input.request, {
    signal,
    origin: input.origin,
    session: input.session,
  });
}

/** HOOK-033: fires BeforeModel on the fully assembled request. */
export function checkBeforeModel(input: ModelHookActorInput, signal: AbortSignal): Promise<BeforeModelHookResult> {
  return fireBeforeModelHook(input.config, input.request, { signal, origin: input.origin, session: input.session });
}

/** HOOK-043, 050, 172: fires AfterModel once, on the complete response. */
export function checkAfterModel(input: AfterModelActorInput, signal: AbortSignal): Promise<AfterModelHookResult> {
  return fireAfterModelHook(input.config, input.request, input.response, {
    signal,
    origin: input.origin,
    session: input.session,
  });
}

/**
 * HOOK-055, 056, 057, 140: the hook's tool config replaces the request's function-calling settings
 * (mode and allow-list); other `toolConfig` fields are kept and the `tools` definitions pass through
 * unchanged. Returns the same request object when the hook changed nothing.
 */
export function applyToolSelection(
  request: GenerateContentParameters,
  selection: BeforeToolSelectionHookResult,
): GenerateContentParameters {
  if (!selection.toolConfig && selection.tools === undefined) return request;
  const config = { ...(request.config ?? {}) };
  if (selection.toolConfig) config.toolConfig = mergeToolConfig(config.toolConfig, selection.toolConfig);
  if (selection.tools !== undefined) config.tools = selection.tools as typeof config.tools;
  return { ...request, config };
}

function mergeToolConfig(current: ToolConfig | undefined, selected: ToolConfig): ToolConfig {
  return {
    ...(current ?? {}),
    ...selected,
    functionCallingConfig: { ...(current?.functionCallingConfig ?? {}), ...(selected.functionCallingConfig ?? {}) },
  };
}

/**
 * HOOK-057: whether the request allows the model to call `name`. Mode NONE allows nothing; an
 * allow-list allows only the names on it. The agent answers a call outside these with an error
 * instead of running it, so a model that ignores `toolConfig` still cannot run a tool.
 */
export function isFunctionCallAllowed(request: GenerateContentParameters, name: string): boolean {
  const callingConfig = request.config?.toolConfig?.functionCallingConfig;
  if (!callingConfig) return true;
  if (callingConfig.mode === functionCallingMode.NONE) return false;
  const allowed = callingConfig.allowedFunctionNames;
  return allowed === undefined || allowed.includes(name);
}

/** HOOK-037, 202: the response of a blocked call without a synthetic one: one candidate, empty content. */
export function createEmptyResponse(): GenerateContentResponse {
  const response = createGenerateContentResponse();
  response.candidates = [{ index: 0, content: { role: 'model', parts: [] } }];
  return response;
}

/**
 * HOOK-050, 207: opens the stream with the actor's signal and collects every chunk into one complete
 * response. A stream error, or an abort before the last chunk, rejects: there is no partial response.
 */
export async function generateResponse(
  input: GenerateActorInput,
  signal: AbortSignal,
): Promise<GenerateContentResponse> {
  await loadGenAI();
  const chunks: GenerateContentResponse[] = [];
  try {
    const stream = await input.generator.generateContentStream(input.request, { signal });
    for await (const chunk of stream) {
      // A generator that ignores its signal must still not deliver a response after cancellation.
      if (signal.aborted) break;
      chunks.push(chunk);
    }
  } catch (error) {
    throw new ModelGenerationError(input.generator.name, toError(error).message, { cause: error });
  }
  if (signal.aborted)
    throw new ModelGenerationError(input.generator.name, 'the stream was aborted before it completed');
  return mergeResponseChunks(chunks);
}

/**
 * HOOK-050: one `GenerateContentResponse` from a stream's chunks. Per candidate: adjacent text parts
 * are concatenated (thoughts separately from answer text), function calls and other parts are kept
 * in order, the last finish reason and safety ratings win; the last usage metadata wins. A stream
 * with no candidates yields one candidate with empty content.
 */
export function mergeResponseChunks(chunks: readonly GenerateContentResponse[]): GenerateContentResponse {
  const response = createGenerateContentResponse();
  const candidates = new Map<number, Candidate & { content: Content & { parts: Part[] } }>();
  for (const chunk of chunks) {
    for (const [position, candidate] of (chunk.candidates ?? []).entries()) {
      const index = candidate.index ?? position;
      let merged = candidates.get(index);
      if (!merged) {
        merged = { index, content: { role: 'model', parts: [] } };
        candidates.set(index, merged);
      }
      for (const part of candidate.content?.parts ?? []) appendPart(merged.content.parts, part);
      if (candidate.finishReason !== undefined) merged.finishReason = candidate.finishReason;
      if (candidate.finishMessage !== undefined) merged.finishMessage = candidate.finishMessage;
      if (candidate.safetyRatings !== undefined) merged.safetyRatings = candidate.safetyRatings;
      if (candidate.citationMetadata !== undefined) merged.citationMetadata = candidate.citationMetadata;
      if (candidate.groundingMetadata !== undefined) merged.groundingMetadata = candidate.groundingMetadata;
    }
    if (chunk.usageMetadata !== undefined) response.usageMetadata = chunk.usageMetadata;
    if (chunk.modelVersion !== undefined) response.modelVersion = chunk.modelVersion;
    if (chunk.responseId !== undefined) response.responseId = chunk.responseId;
    if (chunk.promptFeedback !== undefined) response.promptFeedback = chunk.promptFeedback;
    if (chunk.createTime !== undefined) response.createTime = chunk.createTime;
  }
  response.candidates =
    candidates.size > 0
      ? [...candidates.values()].sort((left, right) => (left.index ?? 0) - (right.index ?? 0))
      : createEmptyResponse().candidates;
  return response;
}

function isTextPart(part: Part): part is Part & { text: string } {
  return (
    typeof part.text === 'string' &&
    part.functionCall === undefined &&
    part.functionResponse === undefined &&
    part.inlineData === undefined &&
    part.fileData === undefined &&
    part.executableCode === undefined &&
    part.codeExecutionResult === undefined
  );
}

function appendPart(parts: Part[], part: Part): void {
  const last = parts[parts.length - 1];
  if (last && isTextPart(last) && isTextPart(part) && Boolean(last.thought) === Boolean(part.thought)) {
    parts[parts.length - 1] = { ...last, ...part, text: last.text + part.text };
    return;
  }
  parts.push({ ...part });
}

/** The answer text of a response's first candidate (thoughts excluded), without the SDK getter's warnings. */
export function responseText(response: GenerateContentResponse | undefined): string {
  const parts = response?.candidates?.[0]?.content?.parts ?? [];
  return parts
    .filter((part) => isTextPart(part) && part.thought !== true)
    .map((part) => part.text as string)
    .join('');
}

/** The function calls of a response's first candidate, in order. */
export function responseFunctionCalls(response: GenerateContentResponse | undefined): FunctionCall[] {
  const parts = response?.candidates?.[0]?.content?.parts ?? [];
  return parts.flatMap((part) => (part.functionCall ? [part.functionCall] : []));
}
