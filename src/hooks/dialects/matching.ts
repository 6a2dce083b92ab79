/**
 * How a hook's `matcher` selects what it runs for, in its dialect. Tool matchers are tested against
 * every name of the tool (`run_shell_command` and `Bash`), so either dialect's names work in any file.
 *
 * - native and Gemini CLI: a regular expression, unanchored (HOOK-087..089); `*`, `""` or none match all.
 * - Claude Code: a matcher of only letters, digits, `_`, `-`, spaces, `,` and `|` is a list of exact
 *   names (`Edit|Write`, `Bash`: `Edit` does not match `NotebookEdit`); anything else is an unanchored
 *   regular expression, as in Claude Code's hooks reference.
 * - Lifecycle events: Claude Code and Gemini CLI hooks match the event's value (SessionStart `source`,
 *   SessionEnd `reason`, PreCompact `trigger`, Notification `notification_type`) in their own spelling,
 *   as exact names; native hooks ignore matchers there, as hookrail always has.
 */
import type { HookEventName } from '../protocol/events.js';
import type { HookDialect } from './dialect.js';
import { toClaudeLifecycleValue } from './lifecycleValues.js';
import { toolNameAliases } from './toolNames.js';

/** Tests one pattern against one name as a regular expression (the engine's linear-time matcher). */
export type RegexNameTest = (matcher: string, name: string) => boolean;

const claudeNameList = /^[A-Za-z0-9_\- ,|]+$/;

function matchesAll(matcher: string | undefined): boolean {
  return matcher === undefined || matcher.trim() === '' || matcher.trim() === '*';
}

/** A Claude Code matcher's exact names, or `undefined` when it is a regular expression. */
export function claudeMatcherNames(matcher: string): string[] | undefined {
  if (!claudeNameList.test(matcher)) return undefined;
  return matcher
    .split(/[|,]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Options for {@link toolMatcherApplies}. */
export interface ToolMatcherOptions {
  dialect: HookDialect;
  matcher: string | undefined;
  toolName: string;
  regexTest: RegexNameTest;
}

/** Whether a hook's matcher selects the tool, under either of the tool's names. */
export function toolMatcherApplies({ dialect, matcher, toolName, regexTest }: ToolMatcherOptions): boolean {
  if (matchesAll(matcher)) return true;
  const pattern = matcher as string;
  const names = toolNameAliases(toolName);
  if (dialect === 'claude') {
    const exact = claudeMatcherNames(pattern);
    if (exact) return names.some((name) => exact.includes(name));
  }
  return names.some((name) => regexTest(pattern, name));
}

/** Options for {@link lifecycleMatcherApplies}. */
export interface LifecycleMatcherOptions {
  dialect: HookDialect;
  eventName: HookEventName;
  matcher: string | undefined;
  /** The event's value in hookrail's spelling; `undefined` when the fire does not say. */
  value: string | undefined;
}

/** Whether a Claude Code or Gemini CLI hook's lifecycle matcher selects this fire's value. */
export function lifecycleMatcherApplies({ dialect, eventName, matcher, value }: LifecycleMatcherOptions): boolean {
  if (dialect === 'native' || value === undefined || matchesAll(matcher)) return true;
  const pattern = (matcher as string).trim();
  if (dialect === 'gemini') return pattern === value;
  const spelled = toClaudeLifecycleValue(eventName, value);
  const exact = claudeMatcherNames(pattern);
  if (exact) return exact.includes(spelled);
  try {
    return new RegExp(pattern).test(spelled);
  } catch {
    return pattern === spelled;
  }
}
