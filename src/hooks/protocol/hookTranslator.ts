/**
 * The stable hook API (HOOK-071..079): hook scripts see `LLMRequest` / `LLMResponse` /
 * `HookToolConfig`, a text-only view that does not change when the GenAI SDK does. The translator
 * converts at the `HookEventHandler` boundary, so callers deal in SDK types only (HOOK-141).
 */
import type {
  Content,
  ContentListUnion,
  GenerateContentConfig,
  GenerateContentParameters,
  Part,
  ToolConfig,
  GenerateContentResponse,
} from '@google/genai';
import { functionCallingMode, createGenerateContentResponse } from '../../genaiValues.js';

/** HOOK-074: the tool-calling mode and allow-list as hook scripts see them. */
export interface HookToolConfig {
  mode?: 'AUTO' | 'ANY' | 'NONE';
  allowedFunctionNames?: string[];
}

/** One message of an {@link LLMRequest}. `system` messages added by hooks become user-role annotations. */
export interface LLMMessage {
  role: 'user' | 'model' | 'system';
  content: string;
}

/** HOOK-072: a model request as hook scripts see it. */
export interface LLMRequest {
  model: string;
  messages: LLMMessage[];
  config?: {
    temperature?: number;
    maxOutputTokens?: number;
    topP?: number;
    topK?: number;
    stopSequences?: string[];
    candidateCount?: number;
    presencePenalty?: number;
    frequencyPenalty?: number;
    seed?: number;
    responseMimeType?: string;
  };
  toolConfig?: HookToolConfig;
}

/**
 * HOOK-073, HOOK-077: a model response as hook scripts see it. Safety ratings carry `category` and
 * `probability` only; the SDK's `blocked` flag is deliberately not part of the stable format.
 */
export interface LLMResponse {
  text?: string;
  candidates: Array<{
    content: { role: 'model'; parts: string[] };
    finishReason?: string;
    index?: number;
    safetyRatings?: Array<{ category: string; probability: string }>;
  }>;
  usageMetadata?: {
    promptTokenCount?: number;
    candidatesTokenCount?: number;
    totalTokenCount?: number;
  };
}

/** The conversions a hook translator offers; one implementation per SDK generation. */
export interface HookTranslator {
  toHookLLMRequest(sdkRequest: GenerateContentParameters): LLMRequest;
  fromHookLLMRequest(
    hookRequest: Partial<LLMRequest>,
    baseRequest?: GenerateContentParameters,
  ): GenerateContentParameters;
  toHookLLMResponse(sdkResponse: GenerateContentResponse): LLMResponse;
  fromHookLLMResponse(hookResponse: Partial<LLMResponse>): GenerateContentResponse;
  toHookToolConfig(sdkToolConfig: ToolConfig | undefined): HookToolConfig;
  fromHookToolConfig(hookToolConfig: HookToolConfig): ToolConfig;
}

const configKeys = [
  'temperature',
  'maxOutputTokens',
  'topP',
  'topK',
  'stopSequences',
  'candidateCount',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
  'responseMimeType',
] as const;

const hookModes = new Set(['AUTO', 'ANY', 'NONE']);

/** HOOK-071..079: the translator for `@google/genai` (v1 of the stable hook API). */
export class HookTranslatorGenAIv1 implements HookTranslator {
  /** HOOK-075, HOOK-076: text parts only; a message left without text is dropped. */
  toHookLLMRequest(sdkRequest: GenerateContentParameters): LLMRequest {
    const messages: LLMMessage[] = [];
    for (const content of normalizeContents(sdkRequest.contents)) {
      const message = toHookMessage(content);
      if (message) messages.push(message);
    }
    const request: LLMRequest = { model: sdkRequest.model ?? '', messages };
    const config = pickHookConfig(sdkRequest.config);
    if (config) request.config = config;
    const toolConfig = sdkRequest.config?.toolConfig;
    if (toolConfig) request.toolConfig = this.toHookToolConfig(toolConfig);
    return request;
  }

  /**
   * HOOK-078: rebuilds SDK parameters from a hook's request on top of `baseRequest`. Fields the hook
   * format cannot express (tools, systemInstruction, function calls and responses, inline data) are
   * kept: an unchanged message keeps its original `Content`; a changed one gets the new text and
   * keeps its non-text parts; a removed one is dropped; new messages are appended (HOOK-039).
   */
  fromHookLLMRequest(
    hookRequest: Partial<LLMRequest>,
    baseRequest?: GenerateContentParameters,
  ): GenerateContentParameters {
    const base: GenerateContentParameters = baseRequest ?? { model: '', contents: [] };
    const result: GenerateContentParameters = { ...base };
    if (typeof hookRequest.model === 'string' && hookRequest.model.length > 0) result.model = hookRequest.model;
    if (Array.isArray(hookRequest.messages)) {
      result.contents = mergeMessages(normalizeContents(base.contents), hookRequest.messages);
    }
    const config: GenerateContentConfig = { ...(base.config ?? {}) };
    let configChanged = false;
    if (hookRequest.config && typeof hookRequest.config === 'object') {
      for (const key of configKeys) {
        const value = hookRequest.config[key];
        if (value !== undefined) {
          (config as Record<string, unknown>)[key] = value;
          configChanged = true;
        }
      }
    }
    if (hookRequest.toolConfig && typeof hookRequest.toolConfig === 'object') {
      config.toolConfig = this.fromHookToolConfig(hookRequest.toolConfig);
      configChanged = true;
    }
    if (configChanged) result.config = config;
    return result;
  }

  /** HOOK-077: text parts only; safety ratings without `blocked`; three usage counters. */
  toHookLLMResponse(sdkResponse: GenerateContentResponse): LLMResponse {
    const candidates = (sdkResponse.candidates ?? []).map((candidate) => {
      const parts = (candidate.content?.parts ?? [])
        .map((part) => part.text)
        .filter(
          (text): text is string =>
            typeof text === 'string' && text.length > 0 && !isThought(candidate.content?.parts, text),
        );
      const hookCandidate: LLMResponse['candidates'][number] = { content: { role: 'model', parts } };
      if (candidate.finishReason !== undefined) hookCandidate.finishReason = String(candidate.finishReason);
      if (candidate.index !== undefined) hookCandidate.index = candidate.index;
      if (candidate.safetyRatings) {
        hookCandidate.safetyRatings = candidate.safetyRatings.map((rating) => ({
          category: String(rating.category ?? ''),
          probability: String(rating.probability ?? ''),
        }));
      }
      return hookCandidate;
    });
    const response: LLMResponse = { candidates };
    const text = candidates[0]?.content.parts.join('');
    if (text) response.text = text;
    const usage = sdkResponse.usageMetadata;
    if (usage) {
      response.usageMetadata = {
        promptTokenCount: usage.promptTokenCount,
        candidatesTokenCount: usage.candidatesTokenCount,
        totalTokenCount: usage.totalTokenCount,
      };
    }
    return response;
  }

  /** HOOK-079: a `GenerateContentResponse` rebuilt from text parts only. */
  fromHookLLMResponse(hookResponse: Partial<LLMResponse>): GenerateContentResponse {
    const response = createGenerateContentResponse();
    const hookCandidates = Array.isArray(hookResponse.candidates) ? hookResponse.candidates : [];
    if (hookCandidates.length === 0 && typeof hookResponse.text === 'string') {
      response.candidates = [{ content: { role: 'model', parts: [{ text: hookResponse.text }] }, index: 0 }];
    } else {
      response.candidates = hookCandidates.map((candidate, position) => ({
        content: {
          role: 'model',
          parts: (Array.isArray(candidate?.content?.parts) ? candidate.content.parts : []).map((part) => ({
            text: typeof part === 'string' ? part : JSON.stringify(part),
          })),
        },
        finishReason: candidate?.finishReason as never,
        index: candidate?.index ?? position,
        safetyRatings: candidate?.safetyRatings as never,
      }));
    }
    if (hookResponse.usageMetadata) response.usageMetadata = { ...hookResponse.usageMetadata };
    return response;
  }

  /** HOOK-074: SDK `ToolConfig` → `{ mode, allowedFunctionNames }`. */
  toHookToolConfig(sdkToolConfig: ToolConfig | undefined): HookToolConfig {
    const functionConfig = sdkToolConfig?.functionCallingConfig;
    const hookConfig: HookToolConfig = {};
    const mode = functionConfig?.mode ? String(functionConfig.mode) : undefined;
    if (mode && hookModes.has(mode)) hookConfig.mode = mode as HookToolConfig['mode'];
    if (functionConfig?.allowedFunctionNames)
      hookConfig.allowedFunctionNames = [...functionConfig.allowedFunctionNames];
    return hookConfig;
  }

  /** HOOK-074: `{ mode, allowedFunctionNames }` → SDK `ToolConfig`; unknown modes are ignored. */
  fromHookToolConfig(hookToolConfig: HookToolConfig): ToolConfig {
    const functionCallingConfig: NonNullable<ToolConfig['functionCallingConfig']> = {};
    const mode = typeof hookToolConfig.mode === 'string' ? hookToolConfig.mode.toUpperCase() : undefined;
    if (mode === 'AUTO') functionCallingConfig.mode = functionCallingMode.AUTO;
    if (mode === 'ANY') functionCallingConfig.mode = functionCallingMode.ANY;
    if (mode === 'NONE') functionCallingConfig.mode = functionCallingMode.NONE;
    if (Array.isArray(hookToolConfig.allowedFunctionNames)) {
      functionCallingConfig.allowedFunctionNames = hookToolConfig.allowedFunctionNames.filter(
        (name): name is string => typeof name === 'string',
      );
    }
    return { functionCallingConfig };
  }
}

/** HOOK-035, HOOK-045: the translator every event handler and output class uses. */
export const defaultHookTranslator: HookTranslator = new HookTranslatorGenAIv1();

/** The SDK accepts a string, a part, parts, a Content or Contents; this returns Contents. */
export function normalizeContents(contents: ContentListUnion | undefined): Content[] {
  if (contents === undefined || contents === null) return [];
  const list = Array.isArray(contents) ? contents : [contents];
  if (list.length === 0) return [];
  if (list.every(isContent)) return list as Content[];
  // A bare part list is one user turn.
  return [{ role: 'user', parts: list.map((item) => (typeof item === 'string' ? { text: item } : (item as Part))) }];
}

function isContent(value: unknown): value is Content {
  return typeof value === 'object' && value !== null && ('parts' in value || 'role' in value);
}

function textOf(content: Content): string {
  return (content.parts ?? [])
    .filter((part) => typeof part.text === 'string' && part.thought !== true)
    .map((part) => part.text as string)
    .join('');
}

function isThought(parts: Part[] | undefined, text: string): boolean {
  return (parts ?? []).some((part) => part.thought === true && part.text === text);
}

function toHookMessage(content: Content): LLMMessage | undefined {
  const text = textOf(content);
  if (!text) return undefined;
  const role = content.role === 'model' ? 'model' : content.role === 'system' ? 'system' : 'user';
  return { role, content: text };
}

function toSdkContent(message: LLMMessage): Content {
  const text = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
  if (message.role === 'model') return { role: 'model', parts: [{ text }] };
  // GenAI contents have no system role: a hook's system message rides as a user-role annotation.
  if (message.role === 'system') return { role: 'user', parts: [{ text: `[System] ${text}` }] };
  return { role: 'user', parts: [{ text }] };
}

function isHookMessage(value: unknown): value is LLMMessage {
  return typeof value === 'object' && value !== null && 'content' in value;
}

function mergeMessages(baseContents: Content[], hookMessages: unknown[]): Content[] {
  const messages = hookMessages.filter(isHookMessage);
  const merged: Content[] = [];
  let messageIndex = 0;
  for (const content of baseContents) {
    const original = toHookMessage(content);
    if (!original) {
      merged.push(content); // nothing the hook could see, so nothing it could change
      continue;
    }
    const replacement = messages[messageIndex];
    messageIndex += 1;
    if (!replacement) continue; // the hook removed this message
    if (replacement.role === original.role && replacement.content === original.content) {
      merged.push(content);
      continue;
    }
    const nonText = (content.parts ?? []).filter((part) => typeof part.text !== 'string');
    const rebuilt = toSdkContent(replacement);
    merged.push({ role: rebuilt.role, parts: [...(rebuilt.parts ?? []), ...nonText] });
  }
  for (const added of messages.slice(messageIndex)) merged.push(toSdkContent(added));
  return merged;
}

function pickHookConfig(config: GenerateContentConfig | undefined): LLMRequest['config'] | undefined {
  if (!config) return undefined;
  const picked: Record<string, unknown> = {};
  for (const key of configKeys) {
    const value = (config as Record<string, unknown>)[key];
    if (value !== undefined) picked[key] = value;
  }
  return Object.keys(picked).length > 0 ? (picked as LLMRequest['config']) : undefined;
}
