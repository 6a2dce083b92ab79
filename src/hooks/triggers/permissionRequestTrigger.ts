/**
 * Claude Code's PermissionRequest: when a hook's `ask` is about to be put to the user, the Claude
 * hooks configured on PermissionRequest (matched on the tool's name, in either dialect) answer first,
 * on the user's behalf. `decision.behavior` "allow" lets the call run (with `updatedInput` when given),
 * "deny" blocks it with `message` (and with `interrupt` also stops the agent); exit 2 denies with
 * stderr. No decision leaves the ask to the user, as before. Fired on BeforeTool as a moment of it
 * (claudeEvents.ts): only PermissionRequest hooks run.
 */
import type { Config } from '../engine/config.js';
import { HookEventName } from '../protocol/events.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import type { DefaultHookOutput } from '../protocol/outputs.js';
import { getModifiedToolInput, getStopReason } from '../protocol/toolHookEffects.js';
import { runTrigger } from './triggerSupport.js';

/** The moment's name, as Claude Code hooks are told it. */
export const PERMISSION_REQUEST_EVENT = 'PermissionRequest';

/** What PermissionRequest hooks answered for the user. */
export type PermissionRequestAnswer =
  | { kind: 'none' }
  | { kind: 'allow'; toolInput?: Record<string, unknown> }
  | { kind: 'deny'; reason: string; stopReason?: string };

/** The call about to be put to the user. */
export interface PermissionRequestHookInput {
  toolName: string;
  /** The arguments the call would run with. */
  toolInput: Record<string, unknown>;
}

/**
 * Fires PermissionRequest for one ask. Never throws: an engine failure is one warning and no decision
 * (the user is asked), or a deny where a fail-closed or pinned PermissionRequest hook would have run.
 */
export function firePermissionRequestHook(
  config: Config,
  input: PermissionRequestHookInput,
  options?: HookFireOptions,
): Promise<PermissionRequestAnswer> {
  return runTrigger<PermissionRequestAnswer>({
    config,
    trigger: 'firePermissionRequestHook',
    toolName: input.toolName,
    safeDefault: { kind: 'none' },
    fire: (eventHandler) =>
      eventHandler.fireMomentEvent(
        {
          eventName: HookEventName.BeforeTool,
          moment: PERMISSION_REQUEST_EVENT,
          // hookrail offers the user no "always allow" rules to pick, so there are no suggestions.
          fields: { tool_name: input.toolName, tool_input: input.toolInput, permission_suggestions: [] },
          toolName: input.toolName,
        },
        options,
      ),
    interpret: permissionRequestAnswer,
  });
}

/** The merged answer: a deny (or a stop) wins over an allow; anything else is no decision. */
export function permissionRequestAnswer(output: DefaultHookOutput): PermissionRequestAnswer {
  if (output.shouldStopExecution()) {
    const stopReason = getStopReason(output);
    return { kind: 'deny', reason: output.isBlockingDecision() ? output.getEffectiveReason() : stopReason, stopReason };
  }
  if (output.isBlockingDecision()) return { kind: 'deny', reason: output.getEffectiveReason() };
  if (output.decision === 'allow' || output.decision === 'approve') {
    const toolInput = getModifiedToolInput(output);
    return toolInput ? { kind: 'allow', toolInput } : { kind: 'allow' };
  }
  return { kind: 'none' };
}
