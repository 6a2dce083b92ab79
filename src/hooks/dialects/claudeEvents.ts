/**
 * Claude Code's event names and how they map onto hookrail's (native, Gemini CLI's) events, both
 * ways. This is the one Claude event map of the code base (docs/architecture.md, "Dialects"):
 *
 * | native event | Claude Code event |
 * |---|---|
 * | BeforeTool | PreToolUse; PermissionRequest when a hook's `ask` is about to be put to the user |
 * | AfterTool | PostToolUse, or PostToolUseFailure when the tool failed; PostToolBatch once a turn's calls have all resolved |
 * | BeforeAgent | UserPromptSubmit; SubagentStart when an agent hook's sub-agent starts |
 * | AfterAgent | Stop, or SubagentStop for a sub-agent; StopFailure when a model error ended the turn |
 * | PreCompress | PreCompact; PostCompact once the history is compacted |
 * | SessionStart, SessionEnd, Notification | the same names |
 * | BeforeModel, AfterModel, BeforeToolSelection | none: Claude Code has no model events |
 */
import { HookEventName } from '../protocol/events.js';

/** The Claude Code events hookrail fires. */
export type ClaudeEventName =
  | 'PreToolUse'
  | 'PostToolUse'
  | 'PostToolUseFailure'
  | 'UserPromptSubmit'
  | 'Stop'
  | 'SubagentStop'
  | 'SubagentStart'
  | 'SessionStart'
  | 'SessionEnd'
  | 'PreCompact'
  | 'PostCompact'
  | 'StopFailure'
  | 'PermissionRequest'
  | 'PostToolBatch'
  | 'Notification';

/** Claude Code event name → the hookrail event it fires on. */
export const claudeEventNames: Readonly<Record<ClaudeEventName, HookEventName>> = {
  PreToolUse: HookEventName.BeforeTool,
  PostToolUse: HookEventName.AfterTool,
  PostToolUseFailure: HookEventName.AfterTool,
  UserPromptSubmit: HookEventName.BeforeAgent,
  Stop: HookEventName.AfterAgent,
  SubagentStop: HookEventName.AfterAgent,
  SubagentStart: HookEventName.BeforeAgent,
  SessionStart: HookEventName.SessionStart,
  SessionEnd: HookEventName.SessionEnd,
  PreCompact: HookEventName.PreCompress,
  PostCompact: HookEventName.PreCompress,
  StopFailure: HookEventName.AfterAgent,
  PermissionRequest: HookEventName.BeforeTool,
  PostToolBatch: HookEventName.AfterTool,
  Notification: HookEventName.Notification,
};

/**
 * Claude Code events with no hookrail event of their own, each fired on its nearest hookrail event
 * as a "moment" of it (HookFireOptions.moment): PostCompact on PreCompress once the history is
 * compacted, StopFailure on AfterAgent when a model error ended the turn, SubagentStart on BeforeAgent
 * when an agent hook's sub-agent starts, PermissionRequest on BeforeTool when a hook's `ask` is about to
 * be put to the user, PostToolBatch on AfterTool once every call of a turn's batch has resolved. Only
 * Claude hooks configured on the moment run, and they are told its name.
 */
export const claudeMomentEvents: readonly ClaudeEventName[] = [
  'PostCompact',
  'StopFailure',
  'SubagentStart',
  'PermissionRequest',
  'PostToolBatch',
];

/** Every Claude Code event hookrail fires, in the order of {@link claudeEventNames}. */
export const claudeEventNameList = Object.keys(claudeEventNames) as ClaudeEventName[];

/**
 * Claude Code events with no hookrail counterpart: a file naming one gets a warning that says so,
 * not "unknown event".
 */
export const unsupportedClaudeEventNames: readonly string[] = [
  'PermissionDenied',
  'Setup',
  'CwdChanged',
  'FileChanged',
  'DirectoryAdded',
  'InstructionsLoaded',
  'ConfigChange',
  'UserPromptExpansion',
  'MessageDisplay',
  'WorktreeCreate',
  'WorktreeRemove',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'Elicitation',
  'ElicitationResult',
];

/** True for a Claude Code event name hookrail fires. */
export function isClaudeEventName(value: unknown): value is ClaudeEventName {
  return typeof value === 'string' && Object.hasOwn(claudeEventNames, value);
}

/**
 * Claude events that narrow their hookrail event: a hook configured on one of them runs only on
 * that part of the event (a PostToolUse hook after a tool that succeeded, a PostToolUseFailure hook
 * after one that failed; Stop for the agent, SubagentStop for a sub-agent).
 */
export const narrowingClaudeEvents: readonly ClaudeEventName[] = [
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStop',
  ...claudeMomentEvents,
];

/** What a fire knows that decides which Claude event it is. */
export interface ClaudeEventFacts {
  /** AfterTool: the tool failed (an error result, or a shell command that exited non-zero). */
  toolFailed?: boolean;
  /** AfterAgent: the agent that stops is a sub-agent. */
  subagent?: boolean;
  /** The Claude-only event this fire is ({@link claudeMomentEvents}). */
  moment?: string;
}

/** The Claude Code event a hookrail event is, given its facts; `undefined` for model events. */
export function toClaudeEventName(eventName: HookEventName, facts: ClaudeEventFacts = {}): ClaudeEventName | undefined {
  const moment = claudeMomentEvents.find((name) => name === facts.moment);
  if (moment !== undefined && claudeEventNames[moment] === eventName) return moment;
  switch (eventName) {
    case HookEventName.BeforeTool:
      return 'PreToolUse';
    case HookEventName.AfterTool:
      return facts.toolFailed === true ? 'PostToolUseFailure' : 'PostToolUse';
    case HookEventName.BeforeAgent:
      return 'UserPromptSubmit';
    case HookEventName.AfterAgent:
      return facts.subagent === true ? 'SubagentStop' : 'Stop';
    case HookEventName.PreCompress:
      return 'PreCompact';
    case HookEventName.SessionStart:
    case HookEventName.SessionEnd:
    case HookEventName.Notification:
      return eventName;
  }
  // The model events: Claude Code has none.
  return undefined;
}

/**
 * Whether a hook configured on Claude event `configuredAs` runs on a fire with `facts`. Facts not
 * known (a bare AfterTool fire without a result) let both PostToolUse and PostToolUseFailure hooks run.
 */
export function claudeEventApplies(configuredAs: string, facts: ClaudeEventFacts): boolean {
  if (facts.moment !== undefined || (claudeMomentEvents as readonly string[]).includes(configuredAs))
    return configuredAs === facts.moment;
  switch (configuredAs) {
    case 'PostToolUse':
      return facts.toolFailed !== true;
    case 'PostToolUseFailure':
      return facts.toolFailed !== false;
    case 'Stop':
      return facts.subagent !== true;
    case 'SubagentStop':
      return facts.subagent === true;
    default:
      return true;
  }
}
