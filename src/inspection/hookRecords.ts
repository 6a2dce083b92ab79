/**
 * One finished hook as a `hookrail.hook` record: who it was (name, type, dialect, source), what it
 * got, what it printed or answered, how long it took, and the decision its answer amounted to. Reads
 * the hook engine's `HookExecutionEvent`; fields a hook type adds to its result under the record's
 * names (`httpStatus`, `model`, `modelAnswer`) are recorded as they are.
 */
import type { HookExecutionEvent, HookExecutionResult } from '../hooks/protocol/results.js';
import { getHookName, type HookConfig, type HookRegistryEntry } from '../hooks/protocol/hookConfig.js';
import { isPlainObject } from '../values.js';
import {
  excerptText,
  limitRecordValue,
  type ConfiguredHookRecord,
  type HookRecordDecision,
  type HookRecord,
  type HookRecordDialect,
} from './records.js';

const dialects: ReadonlySet<string> = new Set<HookRecordDialect>(['native', 'claude', 'gemini']);

/** The `hookrail.hook` record of one finished hook; `time` is when it finished. */
export function toHookRecord(event: HookExecutionEvent, time: number = Date.now()): HookRecord {
  const { result } = event;
  const hookConfig = result.hookConfig as unknown as Record<string, unknown>;
  const extras = result as unknown as Record<string, unknown>;
  const record: HookRecord = {
    type: 'hookrail.hook',
    time,
    durationMs: Math.round(result.duration * 10) / 10,
    eventName: event.eventName,
    hookName: hookNameOf(hookConfig),
    hookType: typeof hookConfig['type'] === 'string' ? hookConfig['type'] : 'command',
    dialect:
      typeof hookConfig['dialect'] === 'string' && dialects.has(hookConfig['dialect'])
        ? (hookConfig['dialect'] as HookRecordDialect)
        : 'native',
    source: stringOr(hookConfig['source'], 'settings'),
    input: limitRecordValue(dialectInputOf(result) ?? event.input),
    success: result.success,
    decision: hookDecisionOf(result),
  };
  const origin = event.origin;
  if (origin?.callId !== undefined) record.callId = origin.callId;
  if (origin?.actorId !== undefined) record.actorId = origin.actorId;
  if (origin?.rootId !== undefined) record.rootId = origin.rootId;
  const told = dialectInputOf(result) as Record<string, unknown> | undefined;
  const dialectEventName = told?.['hook_event_name'] ?? hookConfig['dialectEvent'];
  if (typeof dialectEventName === 'string' && dialectEventName !== event.eventName)
    record.dialectEventName = dialectEventName;
  if (typeof hookConfig['command'] === 'string') record.command = hookConfig['command'];
  if (typeof hookConfig['url'] === 'string') record.url = hookConfig['url'];
  if (result.output !== undefined) record.output = limitRecordValue(result.output);
  if (result.stdout) record.stdout = excerptText(result.stdout);
  if (result.stderr) record.stderr = excerptText(result.stderr);
  if (result.exitCode !== undefined) record.exitCode = result.exitCode;
  if (result.signal) record.signal = result.signal;
  if (result.timedOut) record.timedOut = true;
  if (result.failedClosed) record.failedClosed = true;
  if (hookConfig['async'] === true) record.async = true;
  if (typeof extras['httpStatus'] === 'number') record.httpStatus = extras['httpStatus'];
  if (typeof extras['model'] === 'string') record.model = extras['model'];
  if (typeof extras['modelAnswer'] === 'string') record.modelAnswer = excerptText(extras['modelAnswer']);
  const reason = reasonOf(result);
  if (reason !== undefined) record.reason = excerptText(reason);
  // Exit code 2 is how a command hook blocks, not a failure: its reason is already the record's `reason`.
  const blocks = record.decision === 'deny' || record.decision === 'block';
  if (result.error && !(blocks && result.exitCode === 2)) record.error = excerptText(result.error.message);
  return record;
}

/**
 * What a hook's answer amounted to (records.ts `HookRecordDecision`), strongest first. A failed hook
 * counts as `error` (fail-open) unless its answer still blocks or stops: exit code 2 is a `deny`.
 */
export function hookDecisionOf(result: HookExecutionResult): HookRecordDecision {
  const output = result.output as Record<string, unknown> | undefined;
  if (!output) return result.success ? 'none' : 'error';
  const specific = isPlainObject(output['hookSpecificOutput']) ? output['hookSpecificOutput'] : {};
  const decisions = [output['decision'], specific['permissionDecision']];
  if (output['continue'] === false) return 'stop';
  if (decisions.includes('block')) return 'block';
  if (decisions.includes('deny')) return 'deny';
  if (!result.success) return 'error';
  if (decisions.includes('ask')) return 'ask';
  if (
    isPlainObject(specific['tool_input']) ||
    isPlainObject(specific['updatedInput']) ||
    isPlainObject(specific['llm_request'])
  )
    return 'modify';
  if (output['suppressOutput'] === true) return 'suppress';
  if (nonEmptyString(specific['additionalContext']) || nonEmptyString(output['systemMessage'])) return 'context';
  if (decisions.includes('allow') || decisions.includes('approve')) return 'allow';
  return 'none';
}

/**
 * The input exactly as the hook received it, in its dialect (`tool_name: "Bash"` for a Claude hook):
 * the runner keeps the stdin it wrote. `undefined` when it did not (a hook that never started).
 */
function dialectInputOf(result: HookExecutionResult): unknown {
  if (typeof result.stdin !== 'string') return undefined;
  try {
    return JSON.parse(result.stdin) as unknown;
  } catch {
    return result.stdin;
  }
}

function reasonOf(result: HookExecutionResult): string | undefined {
  const output = result.output as Record<string, unknown> | undefined;
  const specific = output && isPlainObject(output['hookSpecificOutput']) ? output['hookSpecificOutput'] : {};
  for (const candidate of [output?.['reason'], output?.['stopReason'], specific['permissionDecisionReason']]) {
    if (nonEmptyString(candidate)) return candidate;
  }
  return result.error?.message;
}

function hookNameOf(hookConfig: Record<string, unknown>): string {
  for (const key of ['name', 'command', 'url']) {
    const value = hookConfig[key];
    if (nonEmptyString(value)) return value;
  }
  // A prompt or agent hook without a name is what it asks.
  if (nonEmptyString(hookConfig['prompt'])) return getHookName(hookConfig as unknown as HookConfig);
  return `${stringOr(hookConfig['type'], 'unnamed')} hook`;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function stringOr(value: unknown, fallback: string): string {
  return nonEmptyString(value) ? value : fallback;
}

/** The header's list of configured hooks: each enabled registry entry, named as its `hookrail.hook` records name it. */
export function toConfiguredHookRecords(entries: readonly HookRegistryEntry[]): ConfiguredHookRecord[] {
  return entries
    .filter((entry) => entry.enabled)
    .map((entry) => ({
      eventName: entry.eventName,
      hookName: hookNameOf(entry.config as unknown as Record<string, unknown>),
      hookType: entry.config.type,
      ...(entry.matcher !== undefined && entry.matcher !== '' ? { matcher: entry.matcher } : {}),
      source: String(entry.source),
    }));
}
