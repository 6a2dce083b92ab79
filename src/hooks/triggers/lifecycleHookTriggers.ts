/**
 * The lifecycle triggers the agent session calls: SessionStart, BeforeAgent, AfterAgent, PreCompress,
 * Notification and SessionEnd. The requirements leave these events fire-and-forget (HOOK-081, HOOK-203);
 * hookrail goes further and returns their outputs for the session to apply as Gemini CLI and Claude
 * Code do. Like every trigger they never throw: a failure is one warning and the safe default
 * (HOOK-110, HOOK-111), and a failed hook without an explicit decision changes nothing.
 */
import type { Config } from '../engine/config.js';
import { HookEventName } from '../protocol/events.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import type { SessionEndInput, SessionStartInput } from '../protocol/inputs.js';
import type { DefaultHookOutput } from '../protocol/outputs.js';
import { getStopReason } from '../protocol/toolHookEffects.js';
import { runTrigger } from './triggerSupport.js';

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
  /** `continue: false`: the prompt ends (and the session with it when the session says so). */
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
  /** `continue: false`: the prompt ends (and the session with it when the session says so); it wins over a block. */
  stopped?: boolean;
  stopReason?: string;
  /** Claude Code's Stop `hookSpecificOutput.additionalContext`: for the model on the continuation. */
  additionalContext?: string;
  /** Gemini CLI's `hookSpecificOutput.clearContext`: with a stop or a block, the conversation is wiped first. */
  clearContext?: boolean;
}

/** What `firePreCompressHook` tells the session: a block (Claude Code's PreCompact) means no compaction. */
export interface PreCompressHookResult extends LifecycleHookResult {
  blocked: boolean;
  reason?: string;
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
export function fireSessionStartHook(
  config: Config,
  source: SessionStartSource,
  options?: HookFireOptions,
): Promise<SessionStartHookResult> {
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
export function fireBeforeAgentHook(
  config: Config,
  prompt: string,
  options?: HookFireOptions,
): Promise<BeforeAgentHookResult> {
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
 * AfterAgent (Stop): `decision: "block"` + `reason` asks the agent to go on, with the hooks'
 * `additionalContext`; `continue: false` ends the prompt and wins over a block; `clearContext: true`
 * (any hook's) wipes the conversation with either. Safe default `{ continueRequested: false }`: the
 * agent stops.
 */
export function fireAfterAgentHook(
  config: Config,
  input: AfterAgentHookInput,
  options?: HookFireOptions,
): Promise<AfterAgentHookResult> {
  return runTrigger<AfterAgentHookResult>({
    config,
    trigger: 'fireAfterAgentHook',
    safeDefault: { continueRequested: false },
    // A sub-agent's stop is SubagentStop (Claude Code hooks are told so).
    fire: (eventHandler) =>
      eventHandler.fireAfterAgentEvent(
        input.prompt,
        input.promptResponse,
        input.stopHookActive,
        config.isSubagent() ? { ...options, subagent: true } : options,
      ),
    interpret: (output) => {
      const result: AfterAgentHookResult = { continueRequested: false, ...systemMessageOf(output) };
      if (output.shouldStopExecution()) {
        result.stopped = true;
        result.stopReason = getStopReason(output);
      } else if (output.isBlockingDecision()) {
        result.continueRequested = true;
        result.reason = output.getEffectiveReason();
      }
      const additionalContext = output.getAdditionalContext();
      if (additionalContext) result.additionalContext = additionalContext;
      if (output.hookSpecificOutput?.['clearContext'] === true) result.clearContext = true;
      return result;
    },
  });
}

/**
 * PreCompress (PreCompact): fired before a compaction; a block (Claude Code's `decision: "block"` or
 * exit 2) means the history is not compacted. Safe default `{ blocked: false }`: it is.
 */
export function firePreCompressHook(
  config: Config,
  trigger: 'auto' | 'manual',
  options?: HookFireOptions,
): Promise<PreCompressHookResult> {
  return runTrigger<PreCompressHookResult>({
    config,
    trigger: 'firePreCompressHook',
    safeDefault: { blocked: false },
    fire: (eventHandler) => eventHandler.firePreCompressEvent(trigger, options),
    interpret: (output) => {
      const result: PreCompressHookResult = { blocked: false, ...systemMessageOf(output) };
      if (output.isBlockingDecision()) {
        result.blocked = true;
        result.reason = output.getEffectiveReason();
      }
      return result;
    },
  });
}

/** Notification: advisory; fired when the agent waits for the user. */
export function fireNotificationHook(
  config: Config,
  input: NotificationHookInput,
  options?: HookFireOptions,
): Promise<LifecycleHookResult> {
  return runTrigger<LifecycleHookResult>({
    config,
    trigger: 'fireNotificationHook',
    safeDefault: {},
    fire: (eventHandler) =>
      eventHandler.fireNotificationEvent(input.notificationType, input.message, input.details ?? {}, options),
    interpret: systemMessageOf,
  });
}

/** SessionEnd: advisory; the caller bounds the wait with `options.signal`. */
export function fireSessionEndHook(
  config: Config,
  reason: SessionEndReason,
  options?: HookFireOptions,
): Promise<LifecycleHookResult> {
  return runTrigger<LifecycleHookResult>({
    config,
    trigger: 'fireSessionEndHook',
    safeDefault: {},
    fire: (eventHandler) => eventHandler.fireSessionEndEvent(reason, options),
    interpret: systemMessageOf,
  });
}

/** The PostCompact input fields: the compaction's trigger and what replaced the older history. */
export interface PostCompactHookInput {
  trigger: 'auto' | 'manual';
  /** The summary the model wrote, or the note a truncation left. */
  compactSummary: string;
}

/**
 * Claude Code's PostCompact, fired on PreCompress once the history is compacted: only Claude hooks
 * configured on PostCompact run. Advisory: its `systemMessage` is for the user.
 */
export function firePostCompactHook(
  config: Config,
  input: PostCompactHookInput,
  options?: HookFireOptions,
): Promise<LifecycleHookResult> {
  return runTrigger<LifecycleHookResult>({
    config,
    trigger: 'firePostCompactHook',
    safeDefault: {},
    fire: (eventHandler) =>
      eventHandler.fireMomentEvent(
        {
          eventName: HookEventName.PreCompress,
          moment: 'PostCompact',
          fields: { trigger: input.trigger, compact_summary: input.compactSummary },
          matchValue: input.trigger,
        },
        options,
      ),
    interpret: systemMessageOf,
  });
}

/** The StopFailure input fields: the prompt, the answer so far and the model error that ended the turn. */
export interface StopFailureHookInput {
  prompt: string;
  promptResponse: string;
  error: Error;
}

/** The API error inside a model error: the first in its `cause` chain that carries an HTTP status. */
function apiErrorOf(error: Error): { status?: number; message: string } {
  for (
    let current: unknown = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth += 1
  ) {
    const { status, message } = current as { status?: unknown; message?: unknown };
    if (typeof status === 'number') return { status, message: typeof message === 'string' ? message : error.message };
    current = (current as { cause?: unknown }).cause;
  }
  return { message: error.message };
}

function httpStatusOf(error: Error): number | undefined {
  return apiErrorOf(error).status;
}

/**
 * Claude Code's `error_type` for a model error: from the HTTP status an API error carries (429 rate
 * limit, 401/403 authentication, 400 invalid request, 404 model not found, 5xx server), else `unknown`.
 */
export function stopFailureErrorType(error: Error): string {
  const status = httpStatusOf(error);
  if (status === undefined) return 'unknown';
  if (status === 429) return 'rate_limit';
  if (status === 401 || status === 403) return 'authentication_failed';
  if (status === 400) return 'invalid_request';
  if (status === 404) return 'model_not_found';
  return status >= 500 ? 'server_error' : 'unknown';
}

/**
 * Claude Code's StopFailure, fired on AfterAgent when a model error ended the turn: only Claude hooks
 * configured on StopFailure run, matched on the error's type (Claude Code's `error`). Claude Code ignores their output and exit
 * code; so does hookrail (the prompt has already ended with status `error`).
 */
export async function fireStopFailureHook(
  config: Config,
  input: StopFailureHookInput,
  options?: HookFireOptions,
): Promise<void> {
  const errorType = stopFailureErrorType(input.error);
  const apiError = apiErrorOf(input.error);
  const status = apiError.status;
  await runTrigger<LifecycleHookResult>({
    config,
    trigger: 'fireStopFailureHook',
    safeDefault: {},
    fire: (eventHandler) =>
      eventHandler.fireMomentEvent(
        {
          eventName: HookEventName.AfterAgent,
          moment: 'StopFailure',
          fields: {
            prompt: input.prompt,
            prompt_response: input.promptResponse,
            stop_hook_active: false,
            error_type: errorType,
            error: status !== undefined ? String(status) : input.error.name,
            error_message: apiError.message,
          },
          matchValue: errorType,
        },
        options,
      ),
    interpret: () => ({}),
  });
}

/** The SubagentStart input fields: which sub-agent starts. */
export interface SubagentStartHookInput {
  agentId: string;
  agentType: string;
}

/**
 * Claude Code's SubagentStart, fired on BeforeAgent of the parent's hooks when an agent hook's
 * sub-agent starts: only Claude hooks configured on SubagentStart run, matched on `agent_type`. Their
 * `additionalContext` is for the sub-agent; `systemMessage` for the user.
 */
export function fireSubagentStartHook(
  config: Config,
  input: SubagentStartHookInput,
  options?: HookFireOptions,
): Promise<SessionStartHookResult> {
  return runTrigger<SessionStartHookResult>({
    config,
    trigger: 'fireSubagentStartHook',
    safeDefault: {},
    fire: (eventHandler) =>
      eventHandler.fireMomentEvent(
        {
          eventName: HookEventName.BeforeAgent,
          moment: 'SubagentStart',
          fields: { prompt: '', agent_id: input.agentId, agent_type: input.agentType },
          matchValue: input.agentType,
        },
        options,
      ),
    interpret: (output) => {
      const result: SessionStartHookResult = systemMessageOf(output);
      const additionalContext = output.getAdditionalContext();
      if (additionalContext) result.additionalContext = additionalContext;
      return result;
    },
  });
}
