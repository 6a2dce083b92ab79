/**
 * What one fire hands its hooks: the stdin object — the firing session's base fields with the
 * event's fields over them (HOOK-015, 062, 144, 161, 215) — and the runner's options, what hooks in
 * other dialects are told beyond the input.
 */
import { randomUUID } from 'node:crypto';
import { type HookEventName, isToolEvent } from '../protocol/events.js';
import type { HookEventContext, HookFireOptions, HookSession } from '../protocol/hookConfig.js';
import type { HookInput } from '../protocol/inputs.js';
import type { SubagentIdentity } from './engineHost.js';

/** What {@link buildFireInput} builds the stdin object from. */
export interface BuildFireInputOptions {
  eventName: HookEventName;
  /** The firing session: its id and transcript (`transcript_path` is '' while it writes none). */
  session: HookSession;
  /** The Config's working directory (`cwd`). */
  workingDir: string;
  /** Set when a sub-agent fires: its events say which one (Claude Code's `agent_id` and `agent_type`). */
  subagent: SubagentIdentity | undefined;
  /** The event's own fields. */
  fields: object;
}

/**
 * The stdin object: the base fields, then the event's fields over them, then `hook_event_name`. Built
 * by assignment onto the fresh base object, not by spreading two objects into a third: V8 makes that
 * spread a slow dictionary object, and every hook of the fire then pays for it (measured at a
 * function hook's whole cost doubling). A `__proto__` field stays a plain own field, as with a spread.
 */
export function buildFireInput(options: BuildFireInputOptions): HookInput {
  const { eventName, session, subagent, fields } = options;
  const base: HookInput = {
    session_id: session.sessionId,
    transcript_path: session.transcriptPath,
    cwd: options.workingDir,
    hook_event_name: eventName,
    timestamp: isoTimestamp(),
  };
  if (subagent) Object.assign(base, { agent_id: subagent.agentId, agent_type: subagent.agentType });
  const input = base as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = (fields as Record<string, unknown>)[key];
    if (key === '__proto__')
      Object.defineProperty(input, key, { value, enumerable: true, writable: true, configurable: true });
    else input[key] = value;
  }
  input['hook_event_name'] = eventName;
  return base;
}

/**
 * The runner's options: the signal, and what hooks in other dialects are told beyond the input (a
 * tool call's id, the same for every hook of the fire; whether a sub-agent stops; the Claude-only
 * moment).
 */
export function fireFacts(
  eventName: HookEventName,
  options: HookFireOptions | undefined,
  context: HookEventContext | undefined,
): HookFireOptions {
  const facts: HookFireOptions = { signal: options?.signal };
  if (isToolEvent(eventName)) facts.toolCallId = options?.toolCallId ?? `hookrail_${randomUUID()}`;
  if (options?.subagent === true || context?.subagent === true) facts.subagent = true;
  const moment = options?.moment ?? context?.moment;
  if (moment !== undefined) facts.moment = moment;
  return facts;
}

let timestampMillis = Number.NaN;
let timestampText = '';

/** The current time as ISO 8601, formatted once per millisecond: fires in a tight loop share it. */
function isoTimestamp(): string {
  const now = Date.now();
  if (now !== timestampMillis) {
    timestampMillis = now;
    timestampText = new Date(now).toISOString();
  }
  return timestampText;
}
