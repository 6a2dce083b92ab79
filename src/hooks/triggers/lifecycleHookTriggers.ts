/**
 * Lifecycle triggers. The seed leaves these events fire-and-forget (HOOK-081, HOOK-203); like every
 * trigger they never throw: a failure is one warning and the safe default (HOOK-110, HOOK-111).
 * Here: Notification, fired when a hook's `ask` waits for the user (issue 14).
 */
import type { Config } from '../engine/config.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import type { DefaultHookOutput } from '../protocol/outputs.js';
import { runTrigger } from './triggerSupport.js';

/** What a lifecycle trigger reports: a `systemMessage` is for the user to see. */
export interface LifecycleHookResult {
  systemMessage?: string;
}

/** The Notification input fields. */
export interface NotificationHookInput {
  /** `ToolPermission` when a tool call waits for the user's permission (Gemini CLI's name). */
  notificationType: string;
  message: string;
  details?: Record<string, unknown>;
}

function systemMessageOf(output: DefaultHookOutput): LifecycleHookResult {
  return output.systemMessage ? { systemMessage: output.systemMessage } : {};
}

/** Notification: advisory; fired when the agent waits for the user (issue 14: a hook asked). */
export function fireNotificationHook(config: Config, input: NotificationHookInput, options?: HookFireOptions): Promise<LifecycleHookResult> {
  return runTrigger<LifecycleHookResult>({
    config,
    trigger: 'fireNotificationHook',
    safeDefault: {},
    fire: (eventHandler) => eventHandler.fireNotificationEvent(input.notificationType, input.message, input.details ?? {}, options),
    interpret: systemMessageOf,
  });
}
