/**
 * The model triggers a host calls around each model call. Callers deal in
 * `@google/genai` types only; translation to the stable hook format happens inside the event handler
 * and the output classes (HOOK-141). They never throw (HOOK-116).
 */
import type {
  Content,
  GenerateContentParameters,
  GenerateContentResponse,
  ToolConfig,
  ToolListUnion,
} from '@google/genai';
import { loadGenAI } from '../../genaiValues.js';
import type { Config } from '../engine/config.js';
import { normalizeContents } from '../protocol/hookTranslator.js';
import { getStopReason } from '../protocol/toolHookEffects.js';
import { runTrigger } from './triggerSupport.js';
import { HookEventName } from '../protocol/events.js';
import { withAsyncHookMessages } from './asyncHookMessages.js';
import { AfterModelHookOutput, BeforeModelHookOutput, type DefaultHookOutput } from '../protocol/outputs.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';

/** HOOK-135, HOOK-176: what `fireBeforeModelHook` tells the caller. */
export interface BeforeModelHookResult {
  /** HOOK-184: true for a block and for `continue: false`; the caller skips the model call (HOOK-174). */
  blocked: boolean;
  reason?: string;
  /** HOOK-036, 194: the hook's `llm_response`, used as if the model had answered. */
  syntheticResponse?: GenerateContentResponse;
  /** HOOK-038, 039: the request to send instead; present only when a hook changed it. */
  modifiedRequest?: GenerateContentParameters;
  /** HOOK-040: a hook asked the agent to stop; `stopReason` is for the user. */
  stopped?: boolean;
  stopReason?: string;
  /** HOOK-159: also appended to `modifiedRequest` as a user-role `[System]` content when the call goes ahead. */
  systemMessage?: string;
}

/** HOOK-136, HOOK-176: what `fireAfterModelHook` tells the caller. */
export interface AfterModelHookResult {
  /** HOOK-046, 047, 048: the modified, replaced or synthetic stop response; else the original. */
  response: GenerateContentResponse;
  /** HOOK-048: a hook asked the agent to stop. */
  stopped?: boolean;
  stopReason?: string;
  /** HOOK-049: hide the response from the user; still process it. */
  suppressDisplay?: boolean;
  /** HOOK-159: for the model's next turn, never for standalone display. */
  systemMessage?: string;
}

/** HOOK-137, HOOK-176: what `fireBeforeToolSelectionHook` tells the caller. */
export interface BeforeToolSelectionHookResult {
  /** HOOK-055..057, 140: the tool config to use (mode and allowed function names). */
  toolConfig?: ToolConfig;
  /** HOOK-167, 168: the request's tool definitions, never filtered. */
  tools?: ToolListUnion;
  /** HOOK-058: a hook asked the agent to stop. */
  stopped?: boolean;
  stopReason?: string;
}

/** Stop fields, when the output asks the agent to stop. */
function stopFields(output: DefaultHookOutput): { stopped?: boolean; stopReason?: string } {
  return output.shouldStopExecution() ? { stopped: true, stopReason: getStopReason(output) } : {};
}

/** a BeforeModel `systemMessage` rides on the request as a user-role `[System]` content. */
function appendSystemContent(request: GenerateContentParameters, systemMessage: string): GenerateContentParameters {
  const systemContent: Content = { role: 'user', parts: [{ text: `[System] ${systemMessage}` }] };
  return { ...request, contents: [...normalizeContents(request.contents), systemContent] };
}

/**
 * HOOK-152, 033..040, 042, 179, 184, 194: fires BeforeModel. A block or stop gives `blocked: true`
 * with the reason and, only if the hook sent `llm_response`, a synthetic response; otherwise the
 * hook's `llm_request` changes come back as `modifiedRequest`. Safe default `{ blocked: false }`.
 * Messages the session's async hooks left since its last request are appended to the request.
 */
export async function fireBeforeModelHook(
  config: Config,
  llmRequest: GenerateContentParameters,
  options?: HookFireOptions,
): Promise<BeforeModelHookResult> {
  await loadGenAI();
  const decision = await runTrigger<BeforeModelHookResult>({
    config,
    trigger: 'fireBeforeModelHook',
    eventName: HookEventName.BeforeModel,
    safeDefault: { blocked: false },
    fire: (eventHandler) => eventHandler.fireBeforeModelEvent(llmRequest, options),
    interpret: (output) => interpretBeforeModelOutput(llmRequest, output),
  });
  // What the session's async hooks said since its last request joins this one.
  return withAsyncHookMessages(config, llmRequest, decision, options?.session?.sessionId);
}

/** A block or stop, else the request as the hook modified it (with its system message appended). */
function interpretBeforeModelOutput(
  llmRequest: GenerateContentParameters,
  output: DefaultHookOutput,
): BeforeModelHookResult {
  const systemMessage = output.systemMessage || undefined;

  if (output.isBlockingDecision() || output.shouldStopExecution()) {
    const result: BeforeModelHookResult = { blocked: true, reason: output.getEffectiveReason(), ...stopFields(output) };
    const syntheticResponse = output instanceof BeforeModelHookOutput ? output.getSyntheticResponse() : undefined;
    if (syntheticResponse) result.syntheticResponse = syntheticResponse;
    if (systemMessage) result.systemMessage = systemMessage;
    return result;
  }

  let request = output.applyLLMRequestModifications(llmRequest);
  if (systemMessage) request = appendSystemContent(request, systemMessage);
  const result: BeforeModelHookResult = { blocked: false };
  if (request !== llmRequest) result.modifiedRequest = request;
  if (systemMessage) result.systemMessage = systemMessage;
  return result;
}

/**
 * HOOK-153, 043..052, 180: fires AfterModel on the complete response. Returns the hook's modified or
 * replacement response, a synthetic stop response on `continue: false`, `suppressDisplay` for
 * `suppressOutput`; a block is not an AfterModel effect. Safe default `{ response: llmResponse }`.
 */
export async function fireAfterModelHook(
  config: Config,
  llmRequest: GenerateContentParameters,
  llmResponse: GenerateContentResponse,
  options?: HookFireOptions,
): Promise<AfterModelHookResult> {
  await loadGenAI();
  return runTrigger<AfterModelHookResult>({
    config,
    trigger: 'fireAfterModelHook',
    safeDefault: { response: llmResponse },
    fire: (eventHandler) => eventHandler.fireAfterModelEvent(llmRequest, llmResponse, options),
    interpret: (output) => {
      const modified = output instanceof AfterModelHookOutput ? output.getModifiedResponse() : undefined;
      const result: AfterModelHookResult = { response: modified ?? llmResponse, ...stopFields(output) };
      if (output.suppressOutput === true) result.suppressDisplay = true;
      if (output.systemMessage) result.systemMessage = output.systemMessage;
      return result;
    },
  });
}

/**
 * HOOK-154, 053..060, 140, 167, 168, 181: fires BeforeToolSelection. The hook's `toolConfig` is
 * applied over the request's; the tool definitions come back unchanged; a block is not a
 * tool-selection effect. Safe default `{}`.
 */
export async function fireBeforeToolSelectionHook(
  config: Config,
  llmRequest: GenerateContentParameters,
  options?: HookFireOptions,
): Promise<BeforeToolSelectionHookResult> {
  await loadGenAI();
  return runTrigger<BeforeToolSelectionHookResult>({
    config,
    trigger: 'fireBeforeToolSelectionHook',
    eventName: HookEventName.BeforeToolSelection,
    safeDefault: {},
    fire: (eventHandler) => eventHandler.fireBeforeToolSelectionEvent(llmRequest, options),
    interpret: (output) => {
      const modified = output.applyToolConfigModifications({
        toolConfig: llmRequest.config?.toolConfig,
        tools: llmRequest.config?.tools,
      });
      const result: BeforeToolSelectionHookResult = { ...stopFields(output) };
      if (modified.toolConfig) result.toolConfig = modified.toolConfig;
      if (modified.tools) result.tools = modified.tools;
      return result;
    },
  });
}
