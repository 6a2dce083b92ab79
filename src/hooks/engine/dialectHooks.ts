/**
 * Reads a `hooks` object written in any dialect into hookrail's definitions (docs/architecture.md, "Dialects"). Both dialects' event names are accepted everywhere: `PreToolUse` and `BeforeTool` alike.
 *
 * - The dialect is the file's when its location says (`.claude/…` → claude, `.gemini/…` → gemini),
 *   else detected from the event names (dialects/detect.ts): Claude Code's names make it Claude.
 * - Every hook is stamped with the dialect it speaks (`dialect`, omitted for native), the Claude event
 *   it was configured on where that narrows the hookrail event (`dialectEvent`: PostToolUse,
 *   PostToolUseFailure, Stop, SubagentStop), and the source's extra variables (`env`).
 * - `timeout` counts seconds in a Claude Code file and milliseconds elsewhere; it is stored in ms.
 * - Matchers are kept as written: the planner matches them against either dialect's tool names.
 * - Problems keep the paths of the file as written (`hooks.PreToolUse[0].hooks[1]`).
 * The result is in native form, so reading it again changes nothing.
 */
import { isPlainObject } from '../../values.js';
import { narrowingClaudeEvents } from '../dialects/claudeEvents.js';
import { classifyEventName, detectHooksDialect, resolveEventName } from '../dialects/detect.js';
import { timeoutUnitMilliseconds, type HookDialect } from '../dialects/dialect.js';
import {
  unknownEventMessage,
  validateHooksSettings,
  type HooksValidationResult,
} from '../validation/hooksSettingsValidation.js';

/** Options for {@link readHooksInDialect}. */
export interface ReadHooksInDialectOptions {
  /** JSON path of the `hooks` object, the prefix of every problem's path. Default `hooks`. */
  path?: string;
  /** The dialect the source's location gives; default: detected from the event names. */
  dialect?: HookDialect;
  /** Variables added to every hook's `env` (a plugin's root, an extension's path). */
  env?: Record<string, string>;
}

/** What {@link readHooksInDialect} returns: valid definitions, problems, and the dialect it read. */
export interface DialectHooksResult extends HooksValidationResult {
  dialect: HookDialect;
}

/** Gemini CLI's old switches that lived inside `hooks` (January 2026); read by the settings reader. */
const geminiSwitchKeys: ReadonlySet<string> = new Set(['enabled', 'disabled', 'notifications']);

/** Validates and converts a `hooks` object in any dialect. Never throws. */
export function readHooksInDialect(hooks: unknown, options: ReadHooksInDialectOptions = {}): DialectHooksResult {
  const rootPath = options.path ?? 'hooks';
  if (!isPlainObject(hooks)) {
    return { ...validateHooksSettings(hooks, { path: rootPath }), dialect: options.dialect ?? 'native' };
  }
  const detection = detectHooksDialect(hooks);
  const objectDialect: HookDialect = options.dialect ?? detection.dialect;
  const result: DialectHooksResult = { definitions: [], problems: [], dialect: objectDialect };
  if (options.dialect === undefined && detection.mixed) {
    result.problems.push({
      path: rootPath,
      message:
        `mixes Claude Code event names (${detection.claudeKeys.join(', ')}) with hookrail's (${detection.nativeKeys.join(', ')}); ` +
        "each group speaks the dialect of its event's name, and SessionStart, SessionEnd and Notification hooks speak hookrail's",
      severity: 'warning',
    });
  }
  for (const [key, groups] of Object.entries(hooks)) {
    const keyPath = `${rootPath}.${key}`;
    if (objectDialect === 'gemini' && geminiSwitchKeys.has(key)) continue;
    const resolved = resolveEventName(key);
    if (!resolved) {
      result.problems.push({ path: keyPath, message: unknownEventMessage(key), severity: 'warning' });
      continue;
    }
    const kind = classifyEventName(key);
    const keyDialect: HookDialect =
      options.dialect ?? (kind === 'claude' ? 'claude' : kind === 'native' ? 'native' : objectDialect);
    const dialectEvent =
      keyDialect === 'claude' && resolved.claudeEvent && narrowingClaudeEvents.includes(resolved.claudeEvent)
        ? resolved.claudeEvent
        : undefined;
    const converted = Array.isArray(groups)
      ? groups.map((group: unknown) => convertGroup(group, { dialect: keyDialect, dialectEvent, env: options.env }))
      : groups;
    const validation = validateHooksSettings(
      { [resolved.eventName]: converted },
      { path: rootPath, timeoutUnit: timeoutUnitMilliseconds(keyDialect) === 1000 ? 'seconds' : 'milliseconds' },
    );
    const nativePath = `${rootPath}.${resolved.eventName}`;
    const toWrittenPath = (path: string): string =>
      path.startsWith(nativePath) ? keyPath + path.slice(nativePath.length) : path;
    for (const definition of validation.definitions)
      result.definitions.push({ ...definition, path: toWrittenPath(definition.path) });
    for (const problem of validation.problems) result.problems.push({ ...problem, path: toWrittenPath(problem.path) });
  }
  return result;
}

interface GroupConversion {
  dialect: HookDialect;
  dialectEvent: string | undefined;
  env: Record<string, string> | undefined;
}

/** One group with its hooks stamped and their timeouts in milliseconds; anything malformed is left for validation. */
function convertGroup(group: unknown, conversion: GroupConversion): unknown {
  if (!isPlainObject(group) || !Array.isArray(group['hooks'])) return group;
  const unit = timeoutUnitMilliseconds(conversion.dialect);
  return {
    ...group,
    hooks: group['hooks'].map((hook: unknown) => {
      if (!isPlainObject(hook)) return hook;
      const stamped: Record<string, unknown> = { ...hook };
      if (conversion.dialect !== 'native' && stamped['dialect'] === undefined) stamped['dialect'] = conversion.dialect;
      if (conversion.dialectEvent !== undefined && stamped['dialectEvent'] === undefined)
        stamped['dialectEvent'] = conversion.dialectEvent;
      if (conversion.env !== undefined)
        stamped['env'] = { ...conversion.env, ...(isPlainObject(hook['env']) ? hook['env'] : {}) };
      const timeout = hook['timeout'];
      if (unit !== 1 && typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)
        stamped['timeout'] = timeout * unit;
      return stamped;
    }),
  };
}
