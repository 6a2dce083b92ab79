/**
 * The lifecycle triggers the agent session calls: SessionStart, BeforeAgent, AfterAgent, PreCompress,
 * Notification and SessionEnd. The seed leaves these events fire-and-forget (HOOK-081, HOOK-203);
 * hookrail goes further and returns their outputs for the session to apply as Gemini CLI and Claude
 * Code do. Like every trigger they never throw: a failure is one warning and the safe default
 * (HOOK-110, HOOK-111), and a failed hook without an explicit decision changes nothing.
 */
import type { Config } from '../engine/config.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import type { SessionEndInput, SessionStartInput } from '../protocol/inputs.js';
import type { DefaultHookOutput } from '../protocol/outputs.js';
import { getStopReason } from '../protocol/toolHookEffects.js';
import { runTrigger } from './triggerSupport.js';
import { HookEventName } from '../protocol/events.js';

/** Why a session starts (the SessionStart `source`). */
export type SessionStartSource = SessionStartInput['source'];

/** Why a session ends (the SessionEnd `reason`). */
export type SessionEndReason = SessionEndInput['reason'];

/** What every lifecycle trigger reports: a `systemMessage` is for the user to see. */
export interface LifecycleHookResult {
  systemMessage?: string;
}

/** What `fireSessionStartHook` tells the session. Advisory: `continue` and `decision` are ignored. */
export interface SessionStartHookResult extends LifecycleHookResult {
  /** Joins the model's context before the next prompt. */
  additionalContext?: string;
}

/** What `fireBeforeAgentHook` tells the session about a prompt. */
export interface BeforeAgentHookResult extends LifecycleHookResult {
  /** A block or deny (or exit 2): the prompt is refused; nothing reaches the model. */
  blocked: boolean;
  reason?: string;
  /** `continue: false`: the session ends. */
  stopped?: boolean;
  stopReason?: string;
  /** Added to the prompt; sequential hooks' contexts are chained (HOOK-211) and joined. */
  additionalContext?: string;
}

/** What `fireAfterAgentHook` tells the session once the model has answered. */
export interface AfterAgentHookResult extends LifecycleHookResult {
  /** A block or deny (or exit 2): the agent goes on, with `reason` as the next user message. */
  continueRequested: boolean;
  reason?: string;
  /** `continue: false`: the session ends; it wins over a block. */
  stopped?: boolean;
  stopReason?: string;
}

/** The AfterAgent input fields. */
export interface AfterAgentHookInput {
  prompt: string;
  promptResponse: string;
  /** True when this answer was produced because an AfterAgent hook asked the agent to go on. */
  stopHookActive: boolean;
}

/** The Notification input fields. */
export interface NotificationHookInput {
  /** e.g. `ToolPermission` (Gemini CLI) or `permission_prompt` (Claude Code). */
  notificationType: string;
  message: string;
  details?: Record<string, unknown>;
}

function systemMessageOf(output: DefaultHookOutput): LifecycleHookResult {
  return output.systemMessage ? { systemMessage: output.systemMessage } : {};
}

/** SessionStart: `additionalContext` (a Claude hook's plain stdout arrives here too) and `systemMessage`. */
export function fireSessionStartHook(config: Config, source: SessionStartSource, options?: HookFireOptions): Promise<SessionStartHookResult> {
  return runTrigger<SessionStartHookResult>({
    config,
    trigger: 'fireSessionStartHook',
    safeDefault: {},
    fire: (eventHandler) => eventHandler.fireSessionStartEvent(source, options),
    interpret: (output) => {
      const result: SessionStartHookResult = systemMessageOf(output);
      const additionalContext = output.getAdditionalContext();
      if (additionalContext) result.additionalContext = additionalContext;
      return result;
    },
  });
}

/**
 * BeforeAgent (UserPromptSubmit): a stop wins over a block, a block over context. Safe default
 * `{ blocked: false }`: the prompt goes to the model unchanged.
 */
export function fireBeforeAgentHook(config: Config, prompt: string, options?: HookFireOptions): Promise<BeforeAgentHookResult> {
  return runTrigger<BeforeAgentHookResult>({
    config,
    trigger: 'fireBeforeAgentHook',
    eventName: HookEventName.BeforeAgent,
    safeDefault: { blocked: false },
    fire: (eventHandler) => eventHandler.fireBeforeAgentEvent(prompt, options),
    interpret: (output) => {
      const result: BeforeAgentHookResult = { blocked: false, ...systemMessageOf(output) };
      if (output.shouldStopExecution()) {
        result.stopped = true;
        result.stopReason = getStopReason(output);
      } else if (output.isBlockingDecision()) {
        result.blocked = true;
        result.reason = output.getEffectiveReason();
      }
      const additionalContext = output.getAdditionalContext();
      if (additionalContext) result.additionalContext = additionalContext;
      return result;
    },
  });
}

/**
 * AfterAgent (Stop): `decision: "block"` + `reason` asks the agent to go on; `continue: false` ends
 * the session and wins over a block. Safe default `{ continueRequested: false }`: the agent stops.
 */
export function fireAfterAgentHook(config: Config, input: AfterAgentHookInput, options?: HookFireOptions): Promise<AfterAgentHookResult> {
  return runTrigger<AfterAgentHookResult>({
    config,
    trigger: 'fireAfterAgentHook',
    safeDefault: { continueRequested: false },
    // A sub-agent's stop is SubagentStop (Claude Code hooks are told so).
    fire: (eventHandler) =>
      eventHandler.fireAfterAgentEvent(input.prompt, input.promptResponse, input.stopHookActive, config.isSubagent() ? { ...options, subagent: true } : options),
    interpret: (output) => {
      const result: AfterAgentHookResult = { continueRequested: false, ...systemMessageOf(output) };
      if (output.shouldStopExecution()) {
        result.stopped = true;
        result.stopReason = getStopReason(output);
      } else if (output.isBlockingDecision()) {
        result.continueRequested = true;
        result.reason = output.getEffectiveReason();
      }
      return result;
    },
  });
}

/** PreCompress (PreCompact): advisory; fired before a compaction, which it cannot stop. */
export function firePreCompressHook(config: Config, trigger: 'auto' | 'manual', options?: HookFireOptions): Promise<LifecycleHookResult> {
  return runTrigger<LifecycleHookResult>({
    config,
    trigger: 'firePreCompressHook',
    safeDefault: {},
    fire: (eventHandler) => eventHandler.firePreCompressEvent(trigger, options),
    interpret: systemMessageOf,
  });
}

/** Notification: advisory; fired when the agent waits for the user. */
export function fireNotificationHook(config: Config, input: NotificationHookInput, options?: HookFireOptions): Promise<LifecycleHookResult> {
  return runTrigger<LifecycleHookResult>({
    config,
    trigger: 'fireNotificationHook',
    safeDefault: {},
    fire: (eventHandler) => eventHandler.fireNotificationEvent(input.notificationType, input.message, input.details ?? {}, options),
    interpret: systemMessageOf,
  });
}

/** SessionEnd: advisory; the caller bounds the wait with `options.signal`. */
export function fireSessionEndHook(config: Config, reason: SessionEndReason, options?: HookFireOptions): Promise<LifecycleHookResult> {
  return runTrigger<LifecycleHookResult>({
    config,
    trigger: 'fireSessionEndHook',
    safeDefault: {},
    fire: (eventHandler) => eventHandler.fireSessionEndEvent(reason, options),
    interpret: systemMessageOf,
  });
}
