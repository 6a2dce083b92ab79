/**
 * Where async hooks' answers reach the model: a session's next model request that goes ahead carries
 * every `systemMessage` and `additionalContext` the async hooks of that session left since its last
 * one, as one user-role content of `[System]` lines (the form a BeforeModel `systemMessage` takes).
 */
import type { Content, GenerateContentParameters } from '@google/genai';
import type { Config } from '../engine/config.js';
import type { AsyncHookMessage } from '../engine/asyncHooks.js';
import { normalizeContents } from '../protocol/hookTranslator.js';
import { warnTriggerFailure } from './triggerSupport.js';

/** The part of a BeforeModel result this step reads and extends. */
interface ModelRequestDecision {
  blocked: boolean;
  modifiedRequest?: GenerateContentParameters;
}

/**
 * Drains the messages of the session's async hooks (`sessionId`, default the Config's session) into
 * the request about to be sent: `modifiedRequest` (or the original) gains one content with them. A
 * blocked call leaves them queued for the next one.
 */
export function withAsyncHookMessages<Decision extends ModelRequestDecision>(
  config: Config,
  request: GenerateContentParameters,
  decision: Decision,
  sessionId?: string,
): Decision {
  if (decision.blocked) return decision;
  const hookSystem = config.getHookSystem();
  if (!hookSystem) return decision;
  const messages = hookSystem.takeAsyncHookMessages(sessionId);
  if (messages.length === 0) return decision;
  const base = decision.modifiedRequest ?? request;
  try {
    return {
      ...decision,
      modifiedRequest: { ...base, contents: [...normalizeContents(base.contents), asyncHookContent(messages)] },
    };
  } catch (error) {
    // HOOK-116: the model call goes ahead unchanged; the messages are reported, not lost silently.
    warnTriggerFailure(config, 'async hook messages', error);
    return decision;
  }
}

/** One user-role content, a `[System]` text part per message. */
export function asyncHookContent(messages: readonly AsyncHookMessage[]): Content {
  return { role: 'user', parts: messages.map((message) => ({ text: `[System] ${message.text}` })) };
}
