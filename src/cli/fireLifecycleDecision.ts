/**
 * The verdict `hookrail hooks fire` prints for a lifecycle event: what an agent session (`hookrail
 * run`, `hookrail chat`, `createAgentSession`) does with the hooks' aggregated answer, by the same
 * rules the session applies (lifecycleHookTriggers.ts, the session machine).
 */
import { HookEventName } from '../hooks/protocol/events.js';
import type { DefaultHookOutput } from '../hooks/protocol/outputs.js';

/** The fields of the aggregated decision a lifecycle verdict reads. */
export interface LifecycleDecisionFields {
  blocked: boolean;
  reason?: string;
  stop: boolean;
  stopReason?: string;
  additionalContext?: string;
  systemMessage?: string;
}

/** The session's verdict on a lifecycle event's answer (the tool and model events have verdicts of their own). */
export function lifecycleVerdict(
  eventName: HookEventName,
  decision: LifecycleDecisionFields,
  output: DefaultHookOutput | undefined,
  moment?: string,
): string {
  const shown = decision.systemMessage !== undefined ? '; the user sees the systemMessage' : '';
  if (moment === 'PostCompact') return `advisory: the history is already compacted${shown}`;
  if (moment === 'StopFailure')
    return 'ignored, as Claude Code ignores it: the prompt has already ended with the model error';
  if (moment === 'SubagentStart')
    return `${decision.additionalContext !== undefined ? "the additional context joins the sub-agent's prompt" : 'the sub-agent starts with its prompt unchanged'}${shown}`;
  const context = decision.additionalContext !== undefined;
  const clears = output?.hookSpecificOutput?.['clearContext'] === true;
  switch (eventName) {
    case HookEventName.SessionStart:
      return `${context ? "the additional context joins the model's history before the next prompt" : 'the session starts with its history unchanged'}${shown}`;
    case HookEventName.BeforeAgent:
      if (decision.stop)
        return `the prompt ends before the model is called (the session takes the next prompt): ${decision.stopReason}${shown}`;
      if (decision.blocked) return `the prompt is refused and nothing reaches the model: ${decision.reason}${shown}`;
      return `${context ? 'the prompt reaches the model with the additional context' : 'the prompt reaches the model unchanged'}${shown}`;
    case HookEventName.AfterAgent:
      if (decision.stop)
        return `the prompt ends with this answer${clears ? ' and the conversation is wiped' : ''}: ${decision.stopReason}${shown}`;
      if (decision.blocked) {
        return (
          `${clears ? 'the conversation is wiped, then ' : ''}the agent goes on with the reason as the next user message` +
          `${context ? ', the additional context after it' : ''}: ${decision.reason}${shown}`
        );
      }
      return `the agent stops${context ? "; the additional context joins the model's history for the next prompt" : ''}${shown}`;
    case HookEventName.PreCompress:
      if (decision.blocked) return `the compaction does not happen and the history is kept: ${decision.reason}${shown}`;
      return `the history is compacted${shown}`;
    case HookEventName.SessionEnd:
      return `the session ends; SessionEnd hooks get a bounded wait and cannot stop it${shown}`;
    default:
      return `the notification is advisory: the agent goes on waiting for the user${shown}`;
  }
}

/** The fields of the decision a tool moment's verdict reads. */
export interface ToolMomentDecisionFields extends LifecycleDecisionFields {
  /** PermissionRequest: the arguments the call runs with (`updatedInput` over the asked-about ones). */
  modifiedInput?: Record<string, unknown>;
  /** PermissionRequest: a hook allowed the call for the user. */
  allowed?: boolean;
}

/**
 * The session's verdict on Claude Code's PermissionRequest (the ask a hook made is answered for the
 * user, or put to them) and PostToolBatch (context for the next model call, or the turn ends).
 */
export function toolMomentVerdict(
  moment: 'PermissionRequest' | 'PostToolBatch',
  decision: ToolMomentDecisionFields,
): string {
  const shown = decision.systemMessage !== undefined ? '; the user sees the systemMessage' : '';
  if (moment === 'PostToolBatch') {
    if (decision.stop) return `the turn ends before the next model call: ${decision.stopReason}${shown}`;
    return `${decision.additionalContext !== undefined ? "the next model call reads the additional context after the batch's results" : "the next model call reads the batch's results unchanged"}${shown}`;
  }
  if (decision.stop)
    return `the call is denied for the user and the agent stops: ${decision.reason ?? decision.stopReason}${shown}`;
  if (decision.blocked)
    return `the call is denied for the user, who is not asked; the model receives: ${decision.reason}${shown}`;
  if (decision.allowed === true) {
    const input = decision.modifiedInput;
    return `the call is allowed for the user, who is not asked${input ? `; it runs with ${JSON.stringify(input)}` : ''}${shown}`;
  }
  return `no decision: the user is asked (onAskUser; hookrail run: y/n on a terminal, else --ask)${shown}`;
}
