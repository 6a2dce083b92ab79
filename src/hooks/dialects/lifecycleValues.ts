/**
 * The values lifecycle events carry (SessionStart `source`, SessionEnd `reason`, PreCompress
 * `trigger`, Notification `notification_type`) where the two agents spell them differently, both
 * ways. Claude Code and Gemini CLI hooks also match their lifecycle matchers against these values.
 */
import { HookEventName } from '../protocol/events.js';

/** Native value → Claude Code's, per event; values not listed are the same in both. */
const nativeToClaude: Partial<Record<HookEventName, Readonly<Record<string, string>>>> = {
  // hookrail's older spelling of the compaction source.
  [HookEventName.SessionStart]: { compress: 'compact' },
  // Claude Code has no `exit` reason: leaving the prompt is `prompt_input_exit`, anything else `other`.
  [HookEventName.SessionEnd]: { exit: 'other' },
  [HookEventName.Notification]: { ToolPermission: 'permission_prompt' },
};

/** Claude Code's value → native, per event (Claude's `other` SessionEnd reason is hookrail's `other` too). */
const claudeToNative: Partial<Record<HookEventName, Readonly<Record<string, string>>>> = {
  [HookEventName.Notification]: { permission_prompt: 'ToolPermission' },
};

function lookup(table: Readonly<Record<string, string>> | undefined, value: string): string {
  return table && Object.hasOwn(table, value) ? table[value] : value;
}

/** The value a Claude Code hook is told for a native lifecycle value. */
export function toClaudeLifecycleValue(eventName: HookEventName, value: string): string {
  return lookup(nativeToClaude[eventName], value);
}

/** The native value for one written in Claude Code's terms. */
export function toNativeLifecycleValue(eventName: HookEventName, value: string): string {
  return lookup(claudeToNative[eventName], value);
}

/** Per lifecycle event, the field of its input that its matchers are compared with. */
const lifecycleMatchFields: Partial<Record<HookEventName, string>> = {
  [HookEventName.SessionStart]: 'source',
  [HookEventName.SessionEnd]: 'reason',
  [HookEventName.PreCompress]: 'trigger',
  [HookEventName.Notification]: 'notification_type',
};

/** The field of a lifecycle event's input that its matchers are compared with, if it has one. */
export function lifecycleMatchField(eventName: HookEventName): string | undefined {
  return lifecycleMatchFields[eventName];
}
