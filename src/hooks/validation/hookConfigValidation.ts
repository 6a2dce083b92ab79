/**
 * Validation of one configured hook (HOOK-083, 191, 195): its type and the type's own
 * fields (`command` and exec-form `args`; `url`, `headers`, `allowedEnvVars`), then the fields
 * every type takes (`timeout`, `name`, `description`, `priority`, `onFailure`, `async`, `if`).
 * Never throws: an entry that cannot run as written is skipped (`error`); a field that can be
 * corrected is kept with the correction the message states (`warning`). Every problem carries the
 * JSON path of the offending value.
 */
import type { SettingsHookConfig } from '../protocol/hookConfig.js';
import { defaultHookTimeoutMs } from '../dialects/hookTimeouts.js';
import { isToolEvent, type HookEventName } from '../protocol/events.js';
import { failClosedEvents } from '../protocol/failurePolicy.js';
import { describeType, describeValue, isPlainObject } from '../../values.js';
import { parseIfCondition } from '../matching/ifCondition.js';
import { referencedVariables } from '../actions/headerInterpolation.js';
import { hookFieldNames, reportUnknownFields } from './unknownFields.js';
import { validateJudgedHookFields } from './judgedHookValidation.js';
import type { HookProblemReporter } from './hookProblems.js';

/** The hook types a settings file may use. */
const settingsHookTypes = ['command', 'http', 'prompt', 'agent', 'plugin'] as const;

const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const environmentVariablePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Header values may not hold line breaks or other control characters (tab aside).
const headerValueForbidden = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** What {@link validateHookFields} checks. */
export interface HookFieldsValidation {
  /** The hook as written. */
  hook: unknown;
  /** JSON path of the hook entry. */
  path: string;
  /** The event it is configured for (some fields only apply to some events). */
  eventName?: HookEventName;
  report: HookProblemReporter;
  /** How a bad `timeout` warning names the file's unit; default `milliseconds` (Claude Code files: `seconds`). */
  timeoutUnit?: 'milliseconds' | 'seconds';
}

/** HOOK-083, 191, 195: a cleaned copy of a settings hook entry, or undefined when it must be skipped. */
export function validateHookFields({
  hook,
  path,
  eventName,
  report,
  timeoutUnit,
}: HookFieldsValidation): SettingsHookConfig | undefined {
  if (!isPlainObject(hook)) {
    report(
      path,
      `expected a hook object ({ type, command, timeout? }), got ${describeType(hook)}; hook skipped`,
      'error',
    );
    return undefined;
  }
  const type = hook['type'];
  if (type === undefined) {
    report(
      path,
      '"type" is missing (expected "command", "http", "prompt", "agent" or "plugin"); hook skipped',
      'error',
    );
    return undefined;
  }
  if (type === 'function') {
    report(
      `${path}.type`,
      '"function" hooks are registered in code (Config.functionHooks or HookSystem.registerFunctionHook), not in settings; hook skipped',
      'error',
    );
    return undefined;
  }
  if (typeof type !== 'string' || !(settingsHookTypes as readonly string[]).includes(type)) {
    report(
      `${path}.type`,
      `unknown hook type ${describeValue(type)} (expected "command", "http", "prompt", "agent" or "plugin"); hook skipped`,
      'error',
    );
    return undefined;
  }
  const config: Record<string, unknown> = { ...hook };
  for (const field of reportUnknownFields({ object: hook, known: hookFieldNames, path, report })) delete config[field];
  const typeValid =
    type === 'command'
      ? validateCommandFields(hook, config, path, report)
      : type === 'http'
        ? validateHttpFields(hook, config, path, report)
        : type === 'prompt' || type === 'agent'
          ? validateJudgedHookFields(hook, config, path, report, eventName)
          : validatePluginFields(hook, config, path, report);
  if (!typeValid) return undefined;
  if (type !== 'http' && type !== 'prompt' && type !== 'agent') {
    for (const field of ['url', 'headers', 'allowedEnvVars'] as const) {
      if (hook[field] !== undefined) {
        report(`${path}.${field}`, `"${field}" applies to http hooks only; ignored for a ${type} hook`, 'warning');
        delete config[field];
      }
    }
  }
  if (!validateCommonFields({ hook, config, path, report, eventName, timeoutUnit })) return undefined;
  return config as unknown as SettingsHookConfig;
}

function validateCommandFields(
  hook: Record<string, unknown>,
  config: Record<string, unknown>,
  path: string,
  report: HookProblemReporter,
): boolean {
  const command = hook['command'];
  if (command === undefined) {
    report(path, '"command" is missing; hook skipped', 'error');
    return false;
  }
  if (typeof command !== 'string' || command.trim().length === 0) {
    report(`${path}.command`, `expected a non-empty string, got ${describeValue(command)}; hook skipped`, 'error');
    return false;
  }
  const args = hook['args'];
  if (args === undefined) return true;
  if (!Array.isArray(args)) {
    report(
      `${path}.args`,
      `expected an array of strings (exec form: the arguments of "command"), got ${describeType(args)}; hook skipped`,
      'error',
    );
    return false;
  }
  const badIndex = args.findIndex((argument) => typeof argument !== 'string');
  if (badIndex !== -1) {
    report(
      `${path}.args[${badIndex}]`,
      `expected a string, got ${describeValue(args[badIndex])}; every argument must be a string; hook skipped`,
      'error',
    );
    return false;
  }
  if (/\s/.test(command.trim())) {
    report(
      `${path}.command`,
      `with "args" the command is the executable itself, run without a shell; ${JSON.stringify(command)} contains a space, so no such program may exist (put its arguments in "args")`,
      'warning',
    );
  }
  config['args'] = [...args];
  return true;
}

function validateHttpFields(
  hook: Record<string, unknown>,
  config: Record<string, unknown>,
  path: string,
  report: HookProblemReporter,
): boolean {
  const url = hook['url'];
  if (url === undefined) {
    report(
      path,
      '"url" is missing (an http hook POSTs its input to an http:// or https:// URL); hook skipped',
      'error',
    );
    return false;
  }
  const urlProblem = httpUrlProblem(url);
  if (urlProblem) {
    report(`${path}.url`, `${urlProblem}; hook skipped`, 'error');
    return false;
  }
  const headers = hook['headers'];
  if (headers !== undefined) {
    if (!isPlainObject(headers)) {
      report(
        `${path}.headers`,
        `expected an object of header names to string values, got ${describeType(headers)}; hook skipped`,
        'error',
      );
      return false;
    }
    for (const [name, value] of Object.entries(headers)) {
      const headerPath = `${path}.headers[${JSON.stringify(name)}]`;
      if (!headerNamePattern.test(name)) {
        report(headerPath, `${JSON.stringify(name)} is not a valid HTTP header name; hook skipped`, 'error');
        return false;
      }
      if (typeof value !== 'string') {
        report(headerPath, `expected a string, got ${describeValue(value)}; hook skipped`, 'error');
        return false;
      }
      if (headerValueForbidden.test(value)) {
        report(headerPath, 'header values may not contain line breaks or control characters; hook skipped', 'error');
        return false;
      }
    }
  }
  const allowed = hook['allowedEnvVars'];
  if (allowed !== undefined) {
    if (!Array.isArray(allowed)) {
      report(
        `${path}.allowedEnvVars`,
        `expected an array of environment variable names, got ${describeType(allowed)}; hook skipped`,
        'error',
      );
      return false;
    }
    const badIndex = allowed.findIndex((name) => typeof name !== 'string' || !environmentVariablePattern.test(name));
    if (badIndex !== -1) {
      report(
        `${path}.allowedEnvVars[${badIndex}]`,
        `${describeValue(allowed[badIndex])} is not an environment variable name; hook skipped`,
        'error',
      );
      return false;
    }
  }
  const allowedNames = new Set<string>(Array.isArray(allowed) ? (allowed as string[]) : []);
  for (const [name, value] of Object.entries(isPlainObject(headers) ? headers : {})) {
    for (const variable of new Set(referencedVariables(value as string))) {
      if (allowedNames.has(variable)) continue;
      report(
        `${path}.headers[${JSON.stringify(name)}]`,
        `$${variable} is not in allowedEnvVars, so it is sent empty; add it to allowedEnvVars to send its value`,
        'warning',
      );
    }
  }
  for (const field of ['command', 'args'] as const) {
    if (hook[field] !== undefined) {
      report(`${path}.${field}`, `"${field}" does not apply to an http hook; ignored`, 'warning');
      delete config[field];
    }
  }
  return true;
}

function validatePluginFields(
  hook: Record<string, unknown>,
  config: Record<string, unknown>,
  path: string,
  report: HookProblemReporter,
): boolean {
  const command = hook['command'];
  if (command !== undefined && typeof command !== 'string') {
    report(`${path}.command`, `expected a string, got ${describeType(command)}; ignored`, 'warning');
    delete config['command'];
  }
  return true;
}

/** Why `url` cannot be an http hook's URL, or undefined when it can. */
export function httpUrlProblem(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.trim() === '')
    return `expected an http:// or https:// URL, got ${describeValue(url)}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${JSON.stringify(url)} is not a valid URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `${JSON.stringify(url)} is not an http(s) URL (protocol ${JSON.stringify(parsed.protocol)})`;
  }
  return undefined;
}

/** What {@link validateCommonFields} checks. */
export interface CommonFieldsValidation {
  /** The hook (or function hook definition) as written. */
  hook: Record<string, unknown>;
  /** The cleaned copy; fields kept with a correction are deleted from it. */
  config: Record<string, unknown>;
  path: string;
  report: HookProblemReporter;
  eventName?: HookEventName;
  timeoutUnit?: 'milliseconds' | 'seconds';
}

/**
 * `timeout`, `name`, `description`, `priority`, `onFailure`, `async` and `if`, shared by
 * settings hooks and function hooks. Returns false when the hook must be skipped (an `if` that does
 * not parse: the hook would otherwise run where it was meant not to, or not run where it was meant to).
 */
export function validateCommonFields({
  hook,
  config,
  path,
  report,
  eventName,
  timeoutUnit = 'milliseconds',
}: CommonFieldsValidation): boolean {
  const timeout = hook['timeout'];
  if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)) {
    // A guard hook must not vanish because of a typo in its timeout: keep it, with its dialect's default.
    // Gemini CLI's defaults equal the native ones, so the unit tells which dialect's default applies.
    const fallback = defaultHookTimeoutMs({
      dialect: timeoutUnit === 'seconds' ? 'claude' : 'native',
      type: String(hook['type'] ?? 'command'),
      eventName: eventName ?? '',
    });
    report(
      `${path}.timeout`,
      `expected a positive number of ${timeoutUnit}, got ${describeValue(timeout)}; the hook is kept with the default timeout of ` +
        (timeoutUnit === 'seconds' ? `${fallback / 1000} s` : `${fallback} ms`),
      'warning',
    );
    delete config['timeout'];
  }
  for (const field of ['name', 'description'] as const) {
    const value = hook[field];
    if (value !== undefined && typeof value !== 'string') {
      report(`${path}.${field}`, `expected a string, got ${describeType(value)}; ignored`, 'warning');
      delete config[field];
    }
  }
  const priority = hook['priority'];
  if (priority !== undefined && !(typeof priority === 'number' && Number.isFinite(priority))) {
    report(
      `${path}.priority`,
      `expected a number (higher runs first), got ${describeValue(priority)}; treated as 0`,
      'warning',
    );
    delete config['priority'];
  }
  const isAsync = hook['async'];
  if (isAsync !== undefined && typeof isAsync !== 'boolean') {
    report(
      `${path}.async`,
      `expected true or false, got ${describeValue(isAsync)}; treated as false (the hook runs in the foreground)`,
      'warning',
    );
    delete config['async'];
  }
  validateOnFailure(hook, config, path, report, eventName);
  return validateIf(hook, path, report, eventName);
}

function validateOnFailure(
  hook: Record<string, unknown>,
  config: Record<string, unknown>,
  path: string,
  report: HookProblemReporter,
  eventName: HookEventName | undefined,
): void {
  const onFailure = hook['onFailure'];
  if (onFailure === undefined || onFailure === 'continue') return;
  if (onFailure !== 'block') {
    report(
      `${path}.onFailure`,
      `expected "continue" or "block", got ${describeValue(onFailure)}; treated as "continue" (a failure is ignored)`,
      'warning',
    );
    delete config['onFailure'];
    return;
  }
  if (config['async'] === true) {
    report(`${path}.onFailure`, 'an async hook never blocks, so onFailure "block" has no effect on it', 'warning');
  } else if (eventName !== undefined && !failClosedEvents.has(eventName)) {
    report(
      `${path}.onFailure`,
      `onFailure "block" blocks BeforeTool, BeforeModel, BeforeToolSelection and BeforeAgent; a failing ${eventName} hook is reported and ignored`,
      'warning',
    );
  }
}

function validateIf(
  hook: Record<string, unknown>,
  path: string,
  report: HookProblemReporter,
  eventName: HookEventName | undefined,
): boolean {
  const condition = hook['if'];
  if (condition === undefined) return true;
  const parsed = parseIfCondition(condition);
  if (parsed.error !== undefined) {
    report(`${path}.if`, `${parsed.error}; hook skipped`, 'error');
    return false;
  }
  if (eventName !== undefined && !isToolEvent(eventName)) {
    report(
      `${path}.if`,
      `"if" conditions apply to tool events (BeforeTool, AfterTool); on ${eventName} this hook never runs`,
      'warning',
    );
  }
  return true;
}
