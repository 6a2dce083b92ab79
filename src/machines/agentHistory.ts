/**
 * The conversation the agent loop keeps: building each model request from the history, turning the
 * model's function calls into scheduler requests, and the scheduler's outcomes back into function
 * responses. SDK types only (HOOK-141).
 */
import type { Content, FunctionCall, GenerateContentParameters, GenerateContentResponse, Part } from '@google/genai';
import type { Tool, ToolCallRequest } from '../tool.js';
import { toFunctionDeclaration } from '../tool.js';
import { isPlainObject } from '../values.js';
import { createErrorResult } from '../hooks/protocol/toolHookEffects.js';
import { errorCallOutcome } from './toolCallActors.js';
import type { ToolCallOutcome } from './types.js';

/** What one model request is built from. */
export interface ModelRequestParts {
  model: string;
  history: readonly Content[];
  tools: readonly Tool[];
  systemInstruction?: string;
}

/** The request for the next model call: the whole history, the tools' function declarations, the system instruction. */
export function buildModelRequest(parts: ModelRequestParts): GenerateContentParameters {
  const config: NonNullable<GenerateContentParameters['config']> = {};
  if (parts.tools.length > 0) config.tools = [{ functionDeclarations: parts.tools.map(toFunctionDeclaration) }];
  if (parts.systemInstruction) config.systemInstruction = parts.systemInstruction;
  // A new array of the same contents: the request may be changed (hooks, async messages) without touching the history.
  const request: GenerateContentParameters = { model: parts.model, contents: [...parts.history] };
  if (Object.keys(config).length > 0) request.config = config;
  return request;
}

/** The user's prompt as the first content of the history. */
export function userContent(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}

/** An AfterModel `systemMessage`, carried into the next request as a user-role annotation. */
export function systemMessageContent(systemMessage: string): Content {
  return { role: 'user', parts: [{ text: `[System] ${systemMessage}` }] };
}

/** The model's turn for the history: the first candidate's content, or undefined when it has no parts. */
export function modelContentOf(response: GenerateContentResponse | undefined): Content | undefined {
  const content = response?.candidates?.[0]?.content;
  if (!content?.parts || content.parts.length === 0) return undefined;
  return { role: 'model', parts: [...content.parts] };
}

/** A function call the model made, with the id the scheduler and the function response use. */
export interface ModelFunctionCall {
  request: ToolCallRequest;
  /** The model's own id for the call, echoed in the function response; absent when the model gave none. */
  modelCallId?: string;
}

/** The model's function calls as scheduler requests; calls without an id get `<name>-<turn>-<position>`. */
export function toModelFunctionCalls(calls: readonly FunctionCall[], turn: number): ModelFunctionCall[] {
  const usedIds = new Set<string>();
  return calls.map((call, position) => {
    const name = call.name ?? '';
    const args = isPlainObject(call.args) ? call.args : {};
    const modelCallId = typeof call.id === 'string' && call.id.length > 0 ? call.id : undefined;
    // Results are matched by callId, so a repeated model id must not merge two calls into one.
    let callId = modelCallId ?? `${name}-${turn}-${position}`;
    if (usedIds.has(callId)) callId = `${callId}-${position}`;
    usedIds.add(callId);
    return { request: { callId, name, args }, modelCallId };
  });
}

/** The function response the model sees for one outcome: `{ output }` on success, `{ error }` otherwise. */
export function functionResponsePart(outcome: ToolCallOutcome, modelCallId: string | undefined): Part {
  const response = outcome.result.error ? { error: outcome.result.llmContent } : { output: outcome.result.llmContent };
  return {
    functionResponse: {
      ...(modelCallId !== undefined ? { id: modelCallId } : {}),
      name: outcome.name,
      response,
    },
  };
}

/**
 * HOOK-057: the outcome of a call the request did not allow (mode NONE or not on the allow-list). The
 * tool is not run; the model is told why, so no call is lost.
 */
export function disallowedCallOutcome(request: ToolCallRequest): ToolCallOutcome {
  const message = `Tool "${request.name}" was not run: the tool configuration of this request does not allow calling it`;
  return errorCallOutcome(request, createErrorResult({ type: 'tool_not_allowed', message }));
}
