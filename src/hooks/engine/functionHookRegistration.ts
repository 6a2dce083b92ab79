/**
 * Turns a host's function hook definition (`Config.functionHooks`,
 * `HookSystem.registerFunctionHook`) into a registry entry, checking it like a settings hook: the
 * event, the name, `run`, the matcher, and the fields every hook type takes.
 */
import { type HookEventName, hookEventNames, isHookEventName, isToolEvent } from '../protocol/events.js';
import type { FunctionHookDefinition } from '../protocol/functionHooks.js';
import { ConfigSource, type FunctionHookConfig, type HookRegistryEntry } from '../protocol/hookConfig.js';
import { validateCommonFields } from '../validation/hookConfigValidation.js';
import type { HookProblemSeverity } from '../validation/hookProblems.js';
import { reportUnknownFields } from '../validation/unknownFields.js';
import { describeType, describeValue, isPlainObject } from '../../values.js';

/** One problem with a function hook definition, at its path (`functionHooks[2].event`). */
export interface FunctionHookProblem {
  path: string;
  message: string;
  severity: HookProblemSeverity;
}

/** The entry made from a definition (absent when it has an error), and every problem found. */
export interface FunctionHookEntryResult {
  entry?: HookRegistryEntry;
  problems: FunctionHookProblem[];
}

/** Fields a definition may carry; anything else is reported, so a typo (`onfailure`) is not silently ignored. */
const knownFields: readonly string[] = [
  'event',
  'name',
  'run',
  'matcher',
  'sequential',
  'timeout',
  'onFailure',
  'priority',
  'async',
  'if',
  'description',
];

/** Validates one function hook definition; never throws. */
export function functionHookEntry(definition: unknown, path: string): FunctionHookEntryResult {
  const problems: FunctionHookProblem[] = [];
  const report = (problemPath: string, message: string, severity: HookProblemSeverity): void => {
    problems.push({ path: problemPath, message, severity });
  };
  if (!isPlainObject(definition)) {
    report(
      path,
      `expected a function hook definition ({ event, name, run, ... }), got ${describeType(definition)}; hook skipped`,
      'error',
    );
    return { problems };
  }
  const event = definition['event'];
  if (!isHookEventName(event)) {
    report(
      `${path}.event`,
      `unknown hook event ${describeValue(event)} (known events: ${hookEventNames.join(', ')}); hook skipped`,
      'error',
    );
    return { problems };
  }
  const name = definition['name'];
  if (typeof name !== 'string' || name.trim() === '') {
    report(
      `${path}.name`,
      `expected a non-empty string (shown in warnings, "hooks list" and inspection), got ${describeValue(name)}; hook skipped`,
      'error',
    );
    return { problems };
  }
  const run = definition['run'];
  if (typeof run !== 'function') {
    report(
      `${path}.run`,
      `expected a function (input, { signal }) => output, got ${describeType(run)}; hook skipped`,
      'error',
    );
    return { problems };
  }
  reportUnknownFields({ object: definition, known: knownFields, path, report });
  const matcher = definition['matcher'];
  if (matcher !== undefined && typeof matcher !== 'string') {
    report(
      `${path}.matcher`,
      `expected a string (a regular expression over tool names), got ${describeType(matcher)}; hook skipped`,
      'error',
    );
    return { problems };
  }
  if (typeof matcher === 'string' && !isToolEvent(event)) {
    report(`${path}.matcher`, `matchers filter tool events only; ignored on ${event}`, 'warning');
  }
  const sequential = definition['sequential'];
  if (sequential !== undefined && typeof sequential !== 'boolean') {
    report(`${path}.sequential`, `expected a boolean, got ${describeValue(sequential)}; treated as false`, 'warning');
  }
  const config: Record<string, unknown> = { type: 'function', name, run };
  for (const field of ['timeout', 'onFailure', 'priority', 'async', 'if', 'description'] as const) {
    if (definition[field] !== undefined) config[field] = definition[field];
  }
  if (!validateCommonFields({ hook: definition, config, path, report, eventName: event as HookEventName }))
    return { problems };
  const entry: HookRegistryEntry = {
    config: config as unknown as FunctionHookConfig,
    source: ConfigSource.Function,
    eventName: event,
    ...(typeof matcher === 'string' ? { matcher } : {}),
    sequential: sequential === true,
    enabled: true,
    // In-process hooks get hookrail's own input object (docs/architecture.md, "Dialects": Config hooks are native).
    dialect: 'native',
  };
  return { entry, problems };
}

/**
 * The definition `entry` stands for, as checked: its event, its matcher where one applies, its order
 * and the fields kept (unknown and corrected ones gone). A caller that reported a definition's problems
 * itself, naming where it came from (the CLI's `--function-hooks MODULE`), hands the registry these,
 * which it takes without warning about them a second time.
 */
export function checkedDefinition(entry: HookRegistryEntry): FunctionHookDefinition {
  const { type: _type, ...fields } = entry.config as FunctionHookConfig;
  const matcher = isToolEvent(entry.eventName) && entry.matcher !== undefined ? { matcher: entry.matcher } : {};
  return {
    ...fields,
    event: entry.eventName,
    ...matcher,
    sequential: entry.sequential === true,
  } as FunctionHookDefinition;
}
