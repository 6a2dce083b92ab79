/**
 * The checks `new Config(parameters)` makes before it keeps anything: a parameter of the wrong type
 * throws a {@link ConfigParameterError} naming it and what it expects, so a configuration mistake
 * fails at construction instead of switching every hook off at the first event. A console-like logger
 * (`console`, pino, winston) is accepted on purpose and wrapped in a {@link DebugLogger}. Values a Config
 * can do without fall back to their default with a warning (`askUserTimeout`, `warmInterpreters`).
 */
import {
  consoleLikeLogSink,
  DebugLogger,
  isConsoleLikeLogger,
  isDebugLogger,
  type ConsoleLikeLogger,
} from '../../debugLogger.js';
import { ConfigParameterError } from '../../errors.js';
import { DEFAULT_WARM_INTERPRETERS } from '../actions/warm/warmPool.js';
import { type McpServerTransport, normalizeMcpNamePart } from '../dialects/mcpToolNames.js';
import { DEFAULT_ASK_USER_TIMEOUT_MS } from '../protocol/askUser.js';

type Check = (value: unknown) => boolean;

const isBoolean: Check = (value) => typeof value === 'boolean';
const isString: Check = (value) => typeof value === 'string';
const isNonEmptyString: Check = (value) => typeof value === 'string' && value !== '';
const isFunction: Check = (value) => typeof value === 'function';
const isPlainObject: Check = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray: Check = (value) => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isObjectArray: Check = (value) => Array.isArray(value) && value.every(isPlainObject);
const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';
/** `{ NAME: { command?, args?, cwd?, url? } }` with strings where given and `args` an array of strings. */
const isMcpServers: Check = (value) =>
  isPlainObject(value) &&
  Object.values(value as Record<string, unknown>).every((server) => {
    if (!isPlainObject(server)) return false;
    const { command, args, cwd, url } = server as Record<string, unknown>;
    return (
      isOptionalString(command) &&
      isOptionalString(cwd) &&
      isOptionalString(url) &&
      (args === undefined || isStringArray(args))
    );
  });
const isContentGenerator: Check = (value) =>
  isPlainObjectLike(value) &&
  typeof (value as { generateContentStream?: unknown }).generateContentStream === 'function';

function isPlainObjectLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** Each checked parameter: how to tell a good value, and what the error says it expects. */
const parameterChecks: ReadonlyArray<readonly [name: string, check: Check, expected: string]> = [
  ['enableHooks', isBoolean, 'true or false'],
  ['hooks', isPlainObject, 'an object keyed by event name (the settings.json `hooks` object)'],
  ['functionHooks', isObjectArray, 'an array of function hook definitions'],
  ['extensions', isObjectArray, 'an array of extension objects'],
  ['disabledHooks', isStringArray, 'an array of hook names or commands'],
  ['hookEnvironment', isPlainObject, 'an object such as { withhold: ["*_API_KEY"] }'],
  ['sessionId', isNonEmptyString, 'a non-empty string'],
  ['workingDir', isNonEmptyString, 'a non-empty string (a directory path)'],
  ['onAskUser', isFunction, 'a function'],
  ['transcriptPath', isString, 'a string (a file path, or "" for none)'],
  ['hookModel', isContentGenerator, 'a ContentGenerator (an object with a generateContentStream method)'],
  ['hookAgentRunner', isFunction, 'a function'],
  ['onJudgedHook', isFunction, 'a function'],
  ['subagent', isBoolean, 'true or false'],
  [
    'mcpServers',
    isMcpServers,
    'an object keyed by server name, each { command?, args?, cwd?, url? } with string values and args a string array',
  ],
];

/**
 * Throws a {@link ConfigParameterError} for the first parameter that is present (not `undefined`) and
 * of the wrong type. `parameters` itself must be an object. `logger` and `askUserTimeout` are checked
 * where they are read ({@link resolveConfigLogger}; the timeout falls back to its default with a warning).
 */
export function checkConfigParameters(parameters: unknown): void {
  if (!isPlainObjectLike(parameters) || Array.isArray(parameters))
    throw new ConfigParameterError('parameters', 'an object', parameters);
  const values = parameters as Record<string, unknown>;
  for (const [name, check, expected] of parameterChecks) {
    const value = values[name];
    if (value !== undefined && !check(value)) throw new ConfigParameterError(name, expected, value);
  }
  const withhold = (values.hookEnvironment as { withhold?: unknown } | undefined)?.withhold;
  if (withhold !== undefined && !isStringArray(withhold))
    throw new ConfigParameterError('hookEnvironment.withhold', 'an array of variable names or globs', withhold);
}

/**
 * The logger a Config writes to: a {@link DebugLogger} as given; a console-like logger wrapped so
 * its `warn`/`error`/`info`/`debug` receive the records of that level; none, the default (warnings on
 * stderr). Anything else throws a {@link ConfigParameterError} naming `logger`.
 */
export function resolveConfigLogger(logger: unknown): DebugLogger {
  if (logger === undefined) return new DebugLogger('hookrail');
  if (isDebugLogger(logger)) return logger;
  if (isConsoleLikeLogger(logger))
    return new DebugLogger('hookrail', { sink: consoleLikeLogSink(logger as ConsoleLikeLogger) });
  throw new ConfigParameterError(
    'logger',
    'a DebugLogger or a console-like logger (an object with a warn method, such as console)',
    logger,
  );
}

/** A positive finite `askUserTimeout`, else the default with a warning naming the parameter. */
export function validAskUserTimeout(value: number | undefined, logger: DebugLogger): number {
  if (value === undefined) return DEFAULT_ASK_USER_TIMEOUT_MS;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  logger.warn(
    `Config askUserTimeout must be a positive number of milliseconds, got ${String(value)}; using ${DEFAULT_ASK_USER_TIMEOUT_MS}`,
  );
  return DEFAULT_ASK_USER_TIMEOUT_MS;
}

/** A whole number of idle interpreters, 0 or more; anything else is warned about and the default used. */
export function validWarmInterpreters(value: number | undefined, logger: DebugLogger): number {
  if (value === undefined) return DEFAULT_WARM_INTERPRETERS;
  if (Number.isInteger(value) && value >= 0) return value;
  logger.warn(
    `Config.warmInterpreters: expected a whole number, 0 or more (0: off), got ${String(value)}; using ${DEFAULT_WARM_INTERPRETERS}`,
  );
  return DEFAULT_WARM_INTERPRETERS;
}

/** `servers` keyed by each name as it appears in tool names (`my server` → `my_server`). */
export function mcpServersByToolName(
  servers: Readonly<Record<string, McpServerTransport>> | undefined,
): Readonly<Record<string, McpServerTransport>> {
  const keyed: Record<string, McpServerTransport> = {};
  for (const [name, transport] of Object.entries(servers ?? {})) keyed[normalizeMcpNamePart(name)] = transport;
  return keyed;
}
