/**
 * Which dialect a `hooks` object is written in, from its event names. Claude Code's names
 * (PreToolUse, UserPromptSubmit, Stop, ...) make it Claude; hookrail's (BeforeTool, BeforeAgent,
 * AfterAgent, BeforeModel, ...) make it native; SessionStart, SessionEnd and Notification are the same
 * in both and decide nothing. Used for files whose location does not say (`--settings`, hookrail's own
 * files, a scenario's hooks) and for `Config.hooks`.
 */
import { hookEventNames, type HookEventName } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';
import {
  claudeEventNames,
  isClaudeEventName,
  unsupportedClaudeEventNames,
  type ClaudeEventName,
} from './claudeEvents.js';

/** Whose name an event key is. */
export type EventNameKind = 'claude' | 'native' | 'shared' | 'unknown';

const sharedNames: ReadonlySet<string> = new Set(hookEventNames.filter((name) => isClaudeEventName(name)));

/** Whose name `key` is: only Claude Code's, only hookrail's, both, or neither. */
export function classifyEventName(key: string): EventNameKind {
  if (sharedNames.has(key)) return 'shared';
  if (isClaudeEventName(key) || unsupportedClaudeEventNames.includes(key)) return 'claude';
  if ((hookEventNames as readonly string[]).includes(key)) return 'native';
  return 'unknown';
}

/** The result of {@link detectHooksDialect}. */
export interface HooksDialectDetection {
  /** `claude` when any key is one of Claude Code's own names and none is hookrail's; else `native`. */
  dialect: 'native' | 'claude';
  /** True when the object uses both Claude Code's and hookrail's own names. */
  mixed: boolean;
  claudeKeys: string[];
  nativeKeys: string[];
}

/** Detects the dialect of a `hooks` object from its event names (anything else: native). */
export function detectHooksDialect(hooks: unknown): HooksDialectDetection {
  const claudeKeys: string[] = [];
  const nativeKeys: string[] = [];
  if (isPlainObject(hooks)) {
    for (const key of Object.keys(hooks)) {
      const kind = classifyEventName(key);
      if (kind === 'claude') claudeKeys.push(key);
      else if (kind === 'native') nativeKeys.push(key);
    }
  }
  return {
    dialect: claudeKeys.length > 0 && nativeKeys.length === 0 ? 'claude' : 'native',
    mixed: claudeKeys.length > 0 && nativeKeys.length > 0,
    claudeKeys,
    nativeKeys,
  };
}

/** An event key resolved to the hookrail event it fires on. */
export interface ResolvedEventName {
  eventName: HookEventName;
  /** The Claude Code name, when the key was one. */
  claudeEvent?: ClaudeEventName;
}

/** The hookrail event an event key (in either dialect) fires on, or `undefined` when there is none. */
export function resolveEventName(key: string): ResolvedEventName | undefined {
  if ((hookEventNames as readonly string[]).includes(key)) {
    const eventName = key as HookEventName;
    return isClaudeEventName(key) ? { eventName, claudeEvent: key } : { eventName };
  }
  if (isClaudeEventName(key)) return { eventName: claudeEventNames[key], claudeEvent: key };
  return undefined;
}
