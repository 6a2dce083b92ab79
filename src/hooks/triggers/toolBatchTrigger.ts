/**
 * Claude Code's PostToolBatch: once every call of a turn's batch has resolved and before the next
 * model call, the Claude hooks configured on PostToolBatch run once with the whole batch (each call's
 * tool name, arguments, id and the text the model reads). Their `additionalContext` reaches the next
 * model call; `continue: false` ends the turn there, with its `stopReason`; `systemMessage` is for the
 * user. As in Claude Code there is no matcher to match and no decision to block with. Fired on
 * AfterTool as a moment of it (claudeEvents.ts): only PostToolBatch hooks run.
 */
import type { Config } from '../engine/config.js';
import { HookEventName } from '../protocol/events.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import { getStopReason } from '../protocol/toolHookEffects.js';
import { runTrigger } from './triggerSupport.js';

/** The moment's name, as Claude Code hooks are told it. */
export const POST_TOOL_BATCH_EVENT = 'PostToolBatch';

/** One resolved call of the batch, in hookrail's (native) names. */
export interface BatchToolCall {
  toolName: string;
  toolInput: Record<string, unknown>;
  /** The call's id (Claude Code's `tool_use_id`, the same its PreToolUse and PostToolUse hooks saw). */
  callId: string;
  /** The text the model reads for the call's result. */
  toolResponse: string;
}

/** What PostToolBatch hooks told the session. */
export interface PostToolBatchHookResult {
  /** For the model, with the batch's results, on the next model call. */
  additionalContext?: string;
  /** `continue: false`: the turn ends before the next model call. */
  stopped?: boolean;
  stopReason?: string;
  /** For the user. */
  systemMessage?: string;
}

/** Fires PostToolBatch for a resolved batch. Never throws: a failure is one warning and no effect. */
export function firePostToolBatchHook(
  config: Config,
  calls: readonly BatchToolCall[],
  options?: HookFireOptions,
): Promise<PostToolBatchHookResult> {
  return runTrigger<PostToolBatchHookResult>({
    config,
    trigger: 'firePostToolBatchHook',
    safeDefault: {},
    fire: (eventHandler) =>
      eventHandler.fireMomentEvent(
        {
          eventName: HookEventName.AfterTool,
          moment: POST_TOOL_BATCH_EVENT,
          fields: {
            tool_calls: calls.map((call) => ({
              tool_name: call.toolName,
              tool_input: call.toolInput,
              tool_use_id: call.callId,
              tool_response: call.toolResponse,
            })),
          },
        },
        options,
      ),
    interpret: (output) => {
      const result: PostToolBatchHookResult = {};
      const additionalContext = output.getAdditionalContext();
      if (additionalContext) result.additionalContext = additionalContext;
      if (output.shouldStopExecution()) {
        result.stopped = true;
        result.stopReason = getStopReason(output);
      }
      if (output.systemMessage) result.systemMessage = output.systemMessage;
      return result;
    },
  });
}
