/**
 * Claude Code settings reader: turns the `hooks` of a Claude Code `settings.json` into hookrail hook
 * definitions, so hook scripts written for Claude Code run unchanged.
 *
 * Mapping:
 * - events: PreToolUse → BeforeTool, PostToolUse → AfterTool, UserPromptSubmit → BeforeAgent,
 *   Stop → AfterAgent, PreCompact → PreCompress; SessionStart, SessionEnd and Notification keep their
 *   names. Any other Claude event (SubagentStop, PermissionRequest, ...) has no hookrail equivalent:
 *   a warning names its path and its hooks are skipped.
 * - `timeout`: Claude counts seconds, hookrail milliseconds; the value is multiplied by 1000.
 * - tool matchers: every alternative naming a Claude tool keeps that name and gains hookrail's
 *   built-in name (see {@link claudeToolNames}), so `Edit|Write` becomes `Edit|replace|Write|write_file`.
 *   In a matcher with other regular-expression syntax, each Claude tool name that stands alone as a
 *   word is replaced by a group of both names: `^(Edit)$` → `^((?:Edit|replace))$`.
 * - `type: "prompt"` hooks (evaluated by Claude's own model) cannot run here: skipped with a warning.
 * - `disableAllHooks: true` leaves all of that file's hooks out.
 * Claude's answers (`hookSpecificOutput.permissionDecision`, `permissionDecisionReason`,
 * `updatedInput`, `additionalContext`) need no mapping: the hook output classes read them.
 */
import { validateHooksSettings, type HookConfigProblem, type HooksValidationResult } from '../engine/hookRegistry.js';
import { HookEventName, isToolEvent } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';

/** Claude Code event name → hookrail event. */
export const claudeEventNames: Readonly<Record<string, HookEventName>> = {
  PreToolUse: HookEventName.BeforeTool,
  PostToolUse: HookEventName.AfterTool,
  UserPromptSubmit: HookEventName.BeforeAgent,
  Stop: HookEventName.AfterAgent,
  PreCompact: HookEventName.PreCompress,
  SessionStart: HookEventName.SessionStart,
  SessionEnd: HookEventName.SessionEnd,
  Notification: HookEventName.Notification,
};

/** Claude Code tool name → the hookrail built-in tool (Gemini CLI's names) that does the same job. */
export const claudeToolNames: Readonly<Record<string, string>> = {
  Bash: 'run_shell_command',
  Write: 'write_file',
  Edit: 'replace',
  MultiEdit: 'replace',
  Read: 'read_file',
  Glob: 'glob',
  LS: 'list_directory',
};

/** Milliseconds per Claude timeout unit (seconds). */
const millisecondsPerSecond = 1000;

const plainAlternation = /^\w+(?:\|\w+)*$/;
const claudeToolWord = new RegExp(`(?<![\\\\\\w])(${Object.keys(claudeToolNames).join('|')})(?!\\w)`, 'g');

/** Adds hookrail's tool names to a Claude Code tool matcher, keeping the original names. */
export function mapClaudeMatcher(matcher: string): string {
  if (plainAlternation.test(matcher)) {
    const alternatives: string[] = [];
    for (const alternative of matcher.split('|')) {
      const mapped = claudeToolNames[alternative];
      for (const name of mapped ? [alternative, mapped] : [alternative]) {
        if (!alternatives.includes(name)) alternatives.push(name);
      }
    }
    return alternatives.join('|');
  }
  return matcher.replace(claudeToolWord, (name: string) => `(?:${name}|${claudeToolNames[name]})`);
}

/** Options for {@link validateClaudeHooksSettings}. */
export interface ValidateClaudeHooksOptions {
  /** JSON path of the Claude `hooks` object, the prefix of every problem's path. Default `hooks`. */
  path?: string;
}

/**
 * Validates a Claude Code `hooks` object and converts it to hookrail definitions. Problems carry
 * paths in the Claude file's own terms (`hooks.PreToolUse[0].hooks[1]`), so the user can find them.
 */
export function validateClaudeHooksSettings(claudeHooks: unknown, options: ValidateClaudeHooksOptions = {}): HooksValidationResult {
  const rootPath = options.path ?? 'hooks';
  if (!isPlainObject(claudeHooks)) return validateHooksSettings(claudeHooks, { path: rootPath });
  const result: HooksValidationResult = { definitions: [], problems: [] };
  for (const [claudeEvent, groups] of Object.entries(claudeHooks)) {
    const claudePath = `${rootPath}.${claudeEvent}`;
    const eventName = claudeEventNames[claudeEvent];
    if (!eventName) {
      result.problems.push({
        path: claudePath,
        message: `Claude Code event ${JSON.stringify(claudeEvent)} has no hookrail equivalent; its hooks are skipped (supported: ${Object.keys(claudeEventNames).join(', ')})`,
        severity: 'warning',
      });
      continue;
    }
    const promptHookPaths: string[] = [];
    const converted = Array.isArray(groups)
      ? groups.map((group: unknown, groupIndex) =>
          convertGroup({ group, eventName, path: `${claudePath}[${groupIndex}]`, promptHookPaths }),
        )
      : groups;
    const validation = validateHooksSettings({ [eventName]: converted }, { path: rootPath });
    const hookrailPath = `${rootPath}.${eventName}`;
    const toClaudePath = (path: string): string => (path.startsWith(hookrailPath) ? claudePath + path.slice(hookrailPath.length) : path);
    for (const definition of validation.definitions) {
      result.definitions.push({ ...definition, path: toClaudePath(definition.path) });
    }
    for (const problem of validation.problems) {
      const path = toClaudePath(problem.path);
      if (promptHookPaths.some((promptPath) => isSameOrInside(path, promptPath))) continue;
      result.problems.push({ ...problem, path });
    }
    for (const promptPath of promptHookPaths) {
      result.problems.push({
        path: promptPath,
        message: 'Claude Code "prompt" hooks are evaluated by Claude\'s own model and cannot run in hookrail; hook skipped',
        severity: 'warning',
      });
    }
  }
  return result;
}

/**
 * Reads the hooks of a whole Claude Code settings object: `disableAllHooks: true` means none.
 * The object itself must already be known to be a plain object.
 */
export function readClaudeSettingsHooks(settings: Record<string, unknown>): HooksValidationResult {
  const problems: HookConfigProblem[] = [];
  const disableAll = settings['disableAllHooks'];
  if (disableAll === true) return { definitions: [], problems };
  if (disableAll !== undefined && typeof disableAll !== 'boolean') {
    problems.push({ path: 'disableAllHooks', message: `expected true or false, got ${typeof disableAll}; ignored`, severity: 'warning' });
  }
  if (settings['hooks'] === undefined) return { definitions: [], problems };
  const validation = validateClaudeHooksSettings(settings['hooks'], { path: 'hooks' });
  return { definitions: validation.definitions, problems: [...problems, ...validation.problems] };
}

interface GroupConversion {
  group: unknown;
  eventName: HookEventName;
  path: string;
  promptHookPaths: string[];
}

/** Converts one Claude hook group in place of its index, so validation paths stay the Claude file's. */
function convertGroup({ group, eventName, path, promptHookPaths }: GroupConversion): unknown {
  if (!isPlainObject(group)) return group;
  const converted: Record<string, unknown> = { ...group };
  const matcher = group['matcher'];
  if (typeof matcher === 'string' && isToolEvent(eventName)) converted['matcher'] = mapClaudeMatcher(matcher);
  const hooks = group['hooks'];
  if (Array.isArray(hooks)) {
    converted['hooks'] = hooks.map((hook: unknown, hookIndex) => {
      if (!isPlainObject(hook)) return hook;
      if (hook['type'] === 'prompt') promptHookPaths.push(`${path}.hooks[${hookIndex}]`);
      const timeout = hook['timeout'];
      if (typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0) {
        return { ...hook, timeout: timeout * millisecondsPerSecond };
      }
      return hook;
    });
  }
  return converted;
}

function isSameOrInside(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}.`) || path.startsWith(`${ancestor}[`);
}
