/**
 * Validation of the fields of prompt and agent hooks: `prompt` (required), `model`, and an
 * agent hook's `maxTurns`. Like the rest of hook validation it never throws and every problem carries
 * the JSON path of the offending value: a hook that cannot ask anything is skipped (`error`), a field
 * that can be corrected is kept with the correction the message states (`warning`).
 */
import { HookEventName } from '../protocol/events.js';
import { DEFAULT_AGENT_HOOK_MAX_TURNS } from '../protocol/judgedHooks.js';
import type { HookProblemReporter } from './hookProblems.js';
import { describeValue } from '../../values.js';

/** Events where an answer changes nothing: the hook's verdict is only recorded. */
const advisoryEvents: ReadonlySet<HookEventName> = new Set([
  HookEventName.SessionStart,
  HookEventName.SessionEnd,
  HookEventName.PreCompress,
  HookEventName.Notification,
]);

/** Fields of other hook types, ignored on a judged hook. */
const foreignFields = ['command', 'args', 'url', 'headers', 'allowedEnvVars'] as const;

/** Checks a prompt or agent hook's own fields into `config`; false when the hook must be skipped. */
export function validateJudgedHookFields(
  hook: Record<string, unknown>,
  config: Record<string, unknown>,
  path: string,
  report: HookProblemReporter,
  eventName?: HookEventName,
): boolean {
  const type = hook['type'] as 'prompt' | 'agent';
  const prompt = hook['prompt'];
  if (prompt === undefined) {
    report(
      path,
      `"prompt" is missing (a ${type} hook asks the hook model a question; $ARGUMENTS stands for the input JSON); hook skipped`,
      'error',
    );
    return false;
  }
  if (typeof prompt !== 'string' || prompt.trim() === '') {
    report(`${path}.prompt`, `expected a non-empty string, got ${describeValue(prompt)}; hook skipped`, 'error');
    return false;
  }
  const model = hook['model'];
  if (model !== undefined && (typeof model !== 'string' || model.trim() === '')) {
    report(
      `${path}.model`,
      `expected a model name such as "gemini-2.5-flash", got ${describeValue(model)}; the hook model's own is used`,
      'warning',
    );
    delete config['model'];
  }
  const maxTurns = hook['maxTurns'];
  if (maxTurns !== undefined) {
    if (type === 'prompt') {
      report(
        `${path}.maxTurns`,
        '"maxTurns" applies to agent hooks only (a prompt hook asks once); ignored',
        'warning',
      );
      delete config['maxTurns'];
    } else if (!(typeof maxTurns === 'number' && Number.isInteger(maxTurns) && maxTurns > 0)) {
      report(
        `${path}.maxTurns`,
        `expected a positive whole number of model turns, got ${describeValue(maxTurns)}; the default of ${DEFAULT_AGENT_HOOK_MAX_TURNS} is used`,
        'warning',
      );
      delete config['maxTurns'];
    }
  }
  for (const field of foreignFields) {
    if (hook[field] === undefined) continue;
    report(`${path}.${field}`, `"${field}" does not apply to a ${type} hook; ignored`, 'warning');
    delete config[field];
  }
  if (eventName !== undefined && advisoryEvents.has(eventName)) {
    report(
      `${path}.type`,
      `a ${type} hook on ${eventName} is asked, but ${eventName} cannot be blocked: its answer is only recorded`,
      'warning',
    );
  }
  return true;
}
