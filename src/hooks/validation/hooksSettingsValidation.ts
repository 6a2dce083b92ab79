/**
 * A settings `hooks` object, validated: every definition group and hook checked, each problem reported
 * at its JSON path, the valid hooks returned flattened out of their groups (HOOK-080..083, 191, 195).
 */
import type { SettingsHookConfig } from '../protocol/hookConfig.js';
import { type HookEventName, hookEventNames, isHookEventName } from '../protocol/events.js';
import { describeType, describeValue, isPlainObject } from '../../values.js';
import { matcherPatternProblem } from '../matching/matchers.js';
import { claudeEventNameList, unsupportedClaudeEventNames } from '../dialects/claudeEvents.js';
import { resolveEventName } from '../dialects/detect.js';
import { validateHookFields } from './hookConfigValidation.js';
import type { HookConfigProblem } from './hookProblems.js';
import { hookGroupFieldNames, reportUnknownFields } from './unknownFields.js';
import { validateDialectFields } from './dialectFields.js';
/** One valid hook, flattened out of its definition group, with the path it was read from. */
export interface ValidatedHookDefinition {
  eventName: HookEventName;
  matcher?: string;
  sequential: boolean;
  config: SettingsHookConfig;
  /** JSON path of the hook entry, e.g. `hooks.BeforeTool[0].hooks[1]`. */
  path: string;
}

/** What {@link validateHooksSettings} returns: the hooks that passed and every problem found. */
export interface HooksValidationResult {
  definitions: ValidatedHookDefinition[];
  problems: HookConfigProblem[];
}

/** Options for {@link validateHooksSettings}. */
export interface ValidateHooksSettingsOptions {
  /** JSON path of the settings object, used as the prefix of every problem's path. Default `hooks`. */
  path?: string;
  /** How a bad `timeout` warning names the file's unit; default `milliseconds` (Claude Code files: `seconds`). */
  timeoutUnit?: 'milliseconds' | 'seconds';
}

/**
 * HOOK-080..083, 191, 195: validates a settings `hooks` object. Never throws: invalid values are
 * skipped (`error`) or kept with a correction (`warning`), each reported with its exact JSON path.
 */
export function validateHooksSettings(
  settings: unknown,
  options: ValidateHooksSettingsOptions = {},
): HooksValidationResult {
  const rootPath = options.path ?? 'hooks';
  const definitions: ValidatedHookDefinition[] = [];
  const problems: HookConfigProblem[] = [];
  const report = (path: string, message: string, severity: HookConfigProblem['severity']): void => {
    problems.push({ path, message, severity });
  };

  if (!isPlainObject(settings)) {
    report(
      rootPath,
      `expected an object mapping event names to hook definitions, got ${describeType(settings)}; no hooks registered`,
      'error',
    );
    return { definitions, problems };
  }

  for (const [eventKey, eventDefinitions] of Object.entries(settings)) {
    const eventPath = `${rootPath}.${eventKey}`;
    if (!isHookEventName(eventKey)) {
      report(eventPath, unknownEventMessage(eventKey), 'warning');
      continue;
    }
    if (eventDefinitions === undefined) continue;
    if (!Array.isArray(eventDefinitions)) {
      report(
        eventPath,
        `expected an array of hook definitions, got ${describeType(eventDefinitions)}; skipped`,
        'error',
      );
      continue;
    }
    eventDefinitions.forEach((definition: unknown, definitionIndex) => {
      validateDefinition({
        eventName: eventKey,
        definition,
        path: `${eventPath}[${definitionIndex}]`,
        definitions,
        report,
        timeoutUnit: options.timeoutUnit,
      });
    });
  }
  return { definitions, problems };
}

interface DefinitionValidation {
  eventName: HookEventName;
  timeoutUnit?: 'milliseconds' | 'seconds';
  definition: unknown;
  path: string;
  definitions: ValidatedHookDefinition[];
  report: (path: string, message: string, severity: HookConfigProblem['severity']) => void;
}

function validateDefinition({
  eventName,
  definition,
  path,
  definitions,
  report,
  timeoutUnit,
}: DefinitionValidation): void {
  if (!isPlainObject(definition)) {
    report(
      path,
      `expected a hook definition object ({ matcher?, sequential?, hooks }), got ${describeType(definition)}; skipped`,
      'error',
    );
    return;
  }
  reportUnknownFields({ object: definition, known: hookGroupFieldNames, path, report });
  // A definition with a bad matcher is skipped, but its hooks are still checked: validate lists every problem.
  let matcherRejected = false;
  const matcher = definition['matcher'];
  if (matcher !== undefined && typeof matcher !== 'string') {
    // A guard meant for one tool must not silently apply to all of them, nor to none: skip and say so.
    report(
      `${path}.matcher`,
      `expected a string (a regular expression over tool names), got ${describeType(matcher)}; definition skipped`,
      'error',
    );
    matcherRejected = true;
  }
  if (typeof matcher === 'string') {
    const problem = matcherPatternProblem(matcher);
    if (problem) {
      report(`${path}.matcher`, problem.message, problem.severity);
      // A matcher that cannot run in linear time would have to match every tool or none: skip and say so.
      if (problem.severity === 'error') matcherRejected = true;
    }
  }
  let sequential = false;
  const sequentialValue = definition['sequential'];
  if (typeof sequentialValue === 'boolean') {
    sequential = sequentialValue;
  } else if (sequentialValue !== undefined) {
    report(
      `${path}.sequential`,
      `expected a boolean, got ${describeValue(sequentialValue)}; treated as false`,
      'warning',
    );
  }
  const hooks = definition['hooks'];
  if (hooks === undefined) {
    report(path, '"hooks" is missing (expected an array of hooks); definition skipped', 'error');
    return;
  }
  if (!Array.isArray(hooks)) {
    report(`${path}.hooks`, `expected an array of hooks, got ${describeType(hooks)}; definition skipped`, 'error');
    return;
  }
  hooks.forEach((hook: unknown, hookIndex) => {
    const hookPath = `${path}.hooks[${hookIndex}]`;
    const config = validateHookConfig({
      hook,
      path: hookPath,
      eventName,
      report,
      timeoutUnit: timeoutUnit ?? 'milliseconds',
    });
    if (!config || matcherRejected) return;
    definitions.push({
      eventName,
      ...(typeof matcher === 'string' ? { matcher } : {}),
      sequential,
      config,
      path: hookPath,
    });
  });
}

interface HookConfigValidation {
  hook: unknown;
  path: string;
  eventName: HookEventName;
  report: (path: string, message: string, severity: HookConfigProblem['severity']) => void;
  timeoutUnit: 'milliseconds' | 'seconds';
}

/**
 * HOOK-083, 191, 195: returns a cleaned copy of a hook entry, or undefined when it must be
 * skipped: its type and fields (hookConfigValidation.ts), then the dialect fields.
 */
function validateHookConfig({
  hook,
  path,
  eventName,
  report,
  timeoutUnit,
}: HookConfigValidation): SettingsHookConfig | undefined {
  const config = validateHookFields({ hook, path, eventName, report, timeoutUnit });
  if (!config) return undefined;
  validateDialectFields({
    hook: hook as Record<string, unknown>,
    config: config as unknown as Record<string, unknown>,
    path,
    eventName,
    report,
  });
  return config;
}

/** The warning for an event key no dialect knows; Claude Code events hookrail does not fire say so. */
export function unknownEventMessage(eventKey: string): string {
  if (unsupportedClaudeEventNames.includes(eventKey)) {
    return `Claude Code event ${JSON.stringify(eventKey)} has no hookrail equivalent; its hooks are skipped (supported Claude Code events: ${claudeEventNameList.join(', ')})`;
  }
  const base = `unknown hook event ${JSON.stringify(eventKey)}; skipped`;
  const resolved = resolveEventName(eventKey);
  if (resolved) return `${base}. "${eventKey}" is Claude Code's name for ${resolved.eventName}`;
  const caseInsensitive = hookEventNames.find((name) => name.toLowerCase() === eventKey.toLowerCase());
  if (caseInsensitive) return `${base}. Event names are case-sensitive: did you mean "${caseInsensitive}"?`;
  const claudeCaseInsensitive = claudeEventNameList.find((name) => name.toLowerCase() === eventKey.toLowerCase());
  if (claudeCaseInsensitive) return `${base}. Event names are case-sensitive: did you mean "${claudeCaseInsensitive}"?`;
  return `${base}. Known events: ${hookEventNames.join(', ')}, or Claude Code's ${claudeEventNameList.join(', ')}`;
}
