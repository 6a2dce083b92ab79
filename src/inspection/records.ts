/**
 * The inspection record format: one JSON object per line of a run's JSONL file (`hookrail run
 * --inspect FILE`), and one server-sent event of `hookrail run --inspect-serve`. Two families share
 * the file:
 *
 * - XState records (`@xstate.actor`, `@xstate.event`, `@xstate.snapshot`): what the machines did,
 *   written by the inspection listener for every actor. Files written before hookrail records
 *   existed hold only these, and still open in the report.
 * - hookrail records (`hookrail.*`): what the machines cannot say: which hook ran with what input and
 *   what it answered, each tool and model call with its arguments and outcome, the session's
 *   prompts and turns, and a header with the diagrams of the machines that ran.
 *
 * Every record has `type` and `time` (milliseconds since the epoch). Records link to each other by
 * `actorId` / `rootId` (XState session ids, `x:12`) and `callId`. A reader ignores fields it does not
 * know and skips record types it does not know, so writers may add both. The reference for writers
 * is /work/notes/inspection-records.md (kept in step with this file).
 */

/**
 * A machine's states and transitions as the header carries them: the JSON of src/diagrams'
 * `DiagramGraph` (`machineToGraph`), restated here so that the record format, and the report that
 * reads it, depend on nothing above them.
 */
export interface MachineGraph {
  machineId: string;
  /** The root's initial child. */
  initial?: string;
  nodes: MachineGraphNode[];
  edges: MachineGraphEdge[];
}

/** A state: its id (`toolCall.beforeHook`), key, kind, enclosing state and initial child. */
export interface MachineGraphNode {
  id: string;
  label: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  parent?: string;
  initial?: string;
}

/** A transition; `source` `*` stands for a root-level transition (from any state). */
export interface MachineGraphEdge {
  source: string;
  target: string;
  label: string;
  /** The raw event type (`''` for an eventless transition); absent in headers written before it was. */
  eventType?: string;
  guard?: string;
}

/** `version` of the `hookrail.run` header this code writes. Bumped only for an incompatible change. */
export const INSPECTION_FORMAT_VERSION = 1;

/** An XState inspection event, reduced to what serialises (no context, no functions). */
export interface XStateRecord {
  type: '@xstate.actor' | '@xstate.event' | '@xstate.snapshot';
  /** The actor's session id (unique per actor); `rootId` is its root actor's. */
  actorId: string;
  rootId: string;
  /** The machine's id (`toolCall`, `scheduler`, `modelCall`, `session`), when the actor runs a machine. */
  machineId?: string;
  /** The event's type (the event received, or the one that produced the snapshot). */
  eventType?: string;
  /** Sender's session id, for `@xstate.event`. */
  sourceId?: string;
  /** State value (`"beforeHook"`, or `{ turn: "modelCall" }`) and status, for `@xstate.snapshot`. */
  value?: unknown;
  status?: string;
  time: number;
}

/** The header: written once, first, by whoever starts recording a run. */
export interface RunRecord {
  type: 'hookrail.run';
  time: number;
  /** {@link INSPECTION_FORMAT_VERSION} of the writer. */
  version: number;
  /** The diagram of each machine that may appear, by machine id: the page draws paths on these. */
  machines: Record<string, MachineGraph>;
  /** hookrail's package version. */
  hookrailVersion?: string;
  sessionId?: string;
  /** The model's name (`scripted:demo`, `gemini-2.5-flash`). */
  model?: string;
  workingDir?: string;
  /** A title for the report (the scenario's name). */
  title?: string;
  /** Every hook configured for the run, so a reader can tell which never ran (the report's coverage panel). */
  hooks?: ConfiguredHookRecord[];
}

/** A configured hook as the header lists it; `hookName` is the name its `hookrail.hook` records carry. */
export interface ConfiguredHookRecord {
  /** Native event name (`BeforeTool`). */
  eventName: string;
  hookName: string;
  hookType: string;
  /** The group's matcher, in the hook's dialect (`Bash`, `run_shell_command`); absent: every call. */
  matcher?: string;
  /** Where it was configured (`project`, `user`, `extra`, `function`, ...). */
  source?: string;
}

/** How a hook runs. */
export type HookRecordType = 'command' | 'function' | 'http' | 'prompt' | 'agent' | 'plugin';

/** Whose names and output rules the hook was spoken to in. */
export type HookRecordDialect = 'native' | 'claude' | 'gemini';

/**
 * What one hook's answer amounted to, strongest first when several apply: `stop` (`continue:
 * false`), `block` / `deny` (a blocking decision, exit code 2), `ask`, `modify` (rewrote the tool
 * input or the model request), `suppress` (hide the output), `context` (additional context or a
 * system message), `allow` (an explicit allow), `none` (no answer), `error` (the hook failed and
 * was ignored: fail-open).
 */
export type HookRecordDecision =
  | 'stop'
  | 'block'
  | 'deny'
  | 'ask'
  | 'modify'
  | 'suppress'
  | 'context'
  | 'allow'
  | 'none'
  | 'error';

/** One hook invocation, written when it finished. */
export interface HookRecord {
  type: 'hookrail.hook';
  /** When the hook finished; it started at `time - durationMs`. */
  time: number;
  durationMs: number;
  /** The call it ran for: a tool call's id, and the tool or model call actor's session ids. */
  callId?: string;
  actorId?: string;
  rootId?: string;
  /** The event, in native names (`BeforeTool`). */
  eventName: string;
  /** The event as the hook's dialect names it (`PreToolUse`), when it differs. */
  dialectEventName?: string;
  /** The hook's name, else its command, URL or function name. */
  hookName: string;
  hookType: HookRecordType | (string & {});
  dialect: HookRecordDialect;
  /** Where the hook was configured: `project`, `user`, `system`, `extensions`, `function`, or a file path. */
  source: string;
  command?: string;
  url?: string;
  /** The input object the hook received (its stdin, request body or argument); long strings cut. */
  input: unknown;
  /** The output the hook's answer was read as (parsed JSON, or plain text converted). */
  output?: unknown;
  stdout?: string;
  stderr?: string;
  exitCode?: number;
  signal?: string;
  timedOut?: boolean;
  /** http hooks: the response status. */
  httpStatus?: number;
  /** prompt and agent hooks: the model asked and its answer. */
  model?: string;
  modelAnswer?: string;
  /** The runner's verdict: true only for a hook that ran and answered normally (exit code 0, HTTP 2xx). */
  success: boolean;
  /** The hook failed and has `onFailure: "block"`: its `output` is the block it stands for. */
  failedClosed?: boolean;
  /** The hook ran in the background (`async: true`): its answer never changed the call. */
  async?: boolean;
  decision: HookRecordDecision;
  /** The reason the hook gave (block / stop / ask), or the failure's message. */
  reason?: string;
  /** The failure, for a hook that could not run or failed. */
  error?: string;
}

/** How a tool call ended, as the report colours it. */
export type CallRecordOutcome = 'success' | 'blocked' | 'stopped' | 'suppressed' | 'asked' | 'cancelled' | 'error';

/** A tool call starting (`phase: "start"`) and ending (`phase: "end"`). */
export interface CallRecord {
  type: 'hookrail.call';
  phase: 'start' | 'end';
  time: number;
  callId: string;
  toolName: string;
  /** The toolCall actor's session id (its `@xstate.*` records carry it as `rootId` / `actorId`). */
  actorId?: string;
  rootId?: string;
  /** The session turn (model call number, from 1) that asked for the call. */
  turn?: number;
  /** start: the arguments the model asked for; end: the arguments as executed. */
  args?: Record<string, unknown>;
  /** end: the arguments the model asked for (differ from `args` when a hook rewrote them). */
  requestedArgs?: Record<string, unknown>;
  /** end only. */
  outcome?: CallRecordOutcome;
  /** end: the start of what the model sees (`llmContent`), cut to a few thousand characters. */
  result?: string;
  /** end: the start of what the tool itself returned, when an AfterTool hook replaced it (`result` is the replacement). */
  originalResult?: string;
  /** end: the error result's message, for outcome `error` / `cancelled`. */
  error?: string;
  /** end: the reason a hook stopped the agent (outcome `stopped`). */
  stopReason?: string;
  /** end: milliseconds since the call started. */
  durationMs?: number;
  /** end: a hook asked (the `asking` state) and how the ask was settled. */
  ask?: { reason: string; hookNames: string[]; decision: string; answeredBy: string; decisionReason?: string };
}

/** How a model call ended (the modelCall machine's final states). */
export type ModelRecordOutcome = 'completed' | 'blocked' | 'stopped' | 'aborted' | 'failed';

/** A model call starting and ending. */
export interface ModelRecord {
  type: 'hookrail.model';
  phase: 'start' | 'end';
  time: number;
  turn?: number;
  actorId?: string;
  rootId?: string;
  /** The model's name. */
  model?: string;
  /** end only. */
  outcome?: ModelRecordOutcome;
  /** end: the answer's text, cut. */
  text?: string;
  /** end: the tools the model asked to call, in order. */
  functionCalls?: string[];
  /** end: the block or stop reason, or the failure. */
  reason?: string;
  durationMs?: number;
}

/** What happened to the session. */
export type SessionRecordEvent =
  | 'start'
  | 'prompt'
  | 'prompt_blocked'
  | 'turn'
  | 'continue'
  | 'stop'
  | 'ask'
  | 'compact'
  | 'notification'
  | 'error'
  | 'done'
  | 'end';

/**
 * A session-level moment: `start` (SessionStart, `reason` = its source), each `prompt` and whether
 * BeforeAgent blocked it (`prompt_blocked`), each `turn`, an AfterAgent `continue`, a hook's `stop`,
 * `compact`, a hook's message (`notification`), an `error`, a prompt answered (`done`, with its
 * `status`), and the session's `end` (SessionEnd, `reason` = why).
 */
export interface SessionRecord {
  type: 'hookrail.session';
  time: number;
  event: SessionRecordEvent;
  sessionId?: string;
  /** The session machine actor's session id, when a session machine runs. */
  actorId?: string;
  turn?: number;
  /** event `prompt`: the user's prompt. */
  prompt?: string;
  /** event `done`: how the prompt ended (`completed`, `stopped`, `blocked`, `max_turns`, `aborted`, `error`). */
  status?: string;
  /** why: the stop, block, error or continuation reason, the SessionStart source, the SessionEnd reason, a hook's message. */
  reason?: string;
  /** event `done`: the final answer, cut. */
  text?: string;
}

/** Every hookrail record. */
export type HookrailRecord = RunRecord | HookRecord | CallRecord | ModelRecord | SessionRecord;

/** One line of an inspection file. */
export type InspectionLine = XStateRecord | HookrailRecord;

/** The record types this version reads. */
export const inspectionLineTypes: ReadonlySet<string> = new Set([
  '@xstate.actor',
  '@xstate.event',
  '@xstate.snapshot',
  'hookrail.run',
  'hookrail.hook',
  'hookrail.call',
  'hookrail.model',
  'hookrail.session',
]);

/** True for an object with a known record `type` and a numeric `time`. */
export function isInspectionLine(value: unknown): value is InspectionLine {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as { type?: unknown; time?: unknown };
  return typeof record.type === 'string' && inspectionLineTypes.has(record.type) && typeof record.time === 'number';
}

/** Default cut for long strings inside a record: stdout, stderr, tool results, hook inputs. */
export const RECORD_TEXT_LIMIT = 8_000;

/** `text` cut to `limit` characters, saying how many were left out. */
export function excerptText(text: string, limit: number = RECORD_TEXT_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}… [${text.length - limit} more characters]` : text;
}

/**
 * A JSON-safe copy of `value` with every string longer than `limit` cut: a hook's input may hold a
 * whole file, which the report needs only the start of. Functions and cycles are dropped.
 */
export function limitRecordValue(value: unknown, limit: number = RECORD_TEXT_LIMIT, ancestors: object[] = []): unknown {
  if (typeof value === 'string') return excerptText(value, limit);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object') return undefined;
  if (ancestors.includes(value)) return undefined;
  const path = [...ancestors, value];
  if (Array.isArray(value)) return value.map((item) => limitRecordValue(item, limit, path) ?? null);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const converted = limitRecordValue(item, limit, path);
    if (converted !== undefined) copy[key] = converted;
  }
  return copy;
}
