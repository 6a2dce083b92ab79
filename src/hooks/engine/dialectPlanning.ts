/**
 * Whether a registered hook runs for one fire, in its dialect (the planner's filter, docs/architecture.md
 * "Dialects"): its matcher against either dialect's tool names or, for Claude Code and Gemini CLI
 * hooks, the lifecycle value; and its Claude event against the fire (a PostToolUse hook only after a
 * tool that succeeded, PostToolUseFailure only after one that failed, SubagentStop only for sub-agents).
 */
import { isToolEvent, type HookEventName } from '../protocol/events.js';
import type { HookEventContext, HookRegistryEntry } from '../protocol/hookConfig.js';
import { claudeEventApplies } from '../dialects/claudeEvents.js';
import { lifecycleMatcherApplies, toolMatcherApplies, type RegexNameTest } from '../dialects/matching.js';

/** What {@link entryAppliesToFire} needs. */
export interface EntryFireCheck {
  entry: HookRegistryEntry;
  eventName: HookEventName;
  context: HookEventContext | undefined;
  /** The engine's matcher (regular expression over a name). */
  regexTest: RegexNameTest;
}

/** True when `entry` should run for this fire. */
export function entryAppliesToFire({ entry, eventName, context, regexTest }: EntryFireCheck): boolean {
  // A Claude Code event fired on its nearest hookrail event runs only the Claude hooks configured on it.
  if (context?.moment !== undefined && entry.dialectEvent !== context.moment) return false;
  if (
    entry.dialectEvent !== undefined &&
    !claudeEventApplies(entry.dialectEvent, {
      toolFailed: context?.toolFailed,
      subagent: context?.subagent,
      moment: context?.moment,
    })
  ) {
    return false;
  }
  if (isToolEvent(eventName)) {
    const toolName = context?.toolName;
    return (
      toolName === undefined ||
      toolMatcherApplies({ dialect: entry.dialect, matcher: entry.matcher, toolName, regexTest })
    );
  }
  return lifecycleMatcherApplies({
    dialect: entry.dialect,
    eventName,
    matcher: entry.matcher,
    value: context?.matchValue,
  });
}
