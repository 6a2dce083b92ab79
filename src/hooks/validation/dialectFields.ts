/**
 * Validation of the fields that say how to speak to a hook (`dialect`, `dialectEvent`, `env`; see
 * `HookDialectFields`). A bad value is dropped with a warning naming its JSON path; the hook is kept.
 */
import type { HookEventName } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';
import { claudeEventNames, isClaudeEventName, narrowingClaudeEvents } from '../dialects/claudeEvents.js';
import { hookDialects, isHookDialect } from '../dialects/dialect.js';
import type { HookConfigProblem } from './hookProblems.js';

/** What {@link validateDialectFields} checks. */
export interface DialectFieldsValidation {
  /** The hook as written. */
  hook: Record<string, unknown>;
  /** The cleaned copy; bad fields are deleted from it. */
  config: Record<string, unknown>;
  path: string;
  eventName: HookEventName;
  report: (path: string, message: string, severity: HookConfigProblem['severity']) => void;
}

/** Checks `dialect`, `dialectEvent` and `env` of one hook entry. */
export function validateDialectFields({ hook, config, path, eventName, report }: DialectFieldsValidation): void {
  const dialect = hook['dialect'];
  if (dialect !== undefined && !isHookDialect(dialect)) {
    report(
      `${path}.dialect`,
      `expected one of ${hookDialects.map((name) => JSON.stringify(name)).join(', ')}, got ${JSON.stringify(dialect)}; the hook speaks hookrail's native dialect`,
      'warning',
    );
    delete config['dialect'];
  }
  const dialectEvent = hook['dialectEvent'];
  if (dialectEvent !== undefined) {
    const valid =
      isClaudeEventName(dialectEvent) &&
      narrowingClaudeEvents.includes(dialectEvent) &&
      claudeEventNames[dialectEvent] === eventName;
    if (!valid) {
      const allowed = narrowingClaudeEvents.filter((name) => claudeEventNames[name] === eventName);
      report(
        `${path}.dialectEvent`,
        `${JSON.stringify(dialectEvent)} does not narrow ${eventName}` +
          (allowed.length > 0
            ? ` (expected ${allowed.map((name) => JSON.stringify(name)).join(' or ')})`
            : ' (no Claude Code event narrows it)') +
          '; ignored, the hook runs on every ' +
          eventName,
        'warning',
      );
      delete config['dialectEvent'];
    }
  }
  const env = hook['env'];
  if (env === undefined) return;
  if (!isPlainObject(env)) {
    report(`${path}.env`, 'expected an object of variable names to string values; ignored', 'warning');
    delete config['env'];
    return;
  }
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (typeof value === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) kept[name] = value;
    else report(`${path}.env.${name}`, 'expected a variable name with a string value; ignored', 'warning');
  }
  config['env'] = kept;
}
