/**
 * Recording a run (records.ts): XState inspection events of every machine, reduced to serialisable
 * records, and hookrail records (hooks, calls, model calls, session moments) written beside them —
 * to a JSONL file (`inspect: { file }`), to any sink (`inspect: { sink }`, the live report server),
 * or, for a callback (`@statelyai/inspect`'s `inspector.inspect`), the raw XState events only.
 */
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { InspectionEvent } from 'xstate';
import { toError } from '../errors.js';
import type { DebugLogger } from '../debugLogger.js';
import type { Config } from '../hooks/engine/config.js';
import { toHookRecord } from './hookRecords.js';
import type { HookrailRecord, InspectionLine, XStateRecord } from './records.js';

/** One XState record of the recorder (kept under its first name; see records.ts). */
export type InspectionRecord = XStateRecord;

/** Receives XState inspection events; pass as `createActor(machine, { inspect })`. */
export type InspectionListener = (event: InspectionEvent) => void;

/** Where records go, one at a time, in order. */
export interface RecordSink {
  write(record: InspectionLine): void;
}

/**
 * Where a run's inspection goes: a JSONL file, a record sink, or a callback that receives the raw
 * XState inspection events (hookrail records are not sent to a callback).
 */
export type InspectOption = { file: string } | { sink: RecordSink } | ((event: unknown) => void);

/** A run's recorder: the `inspect` listener for its actors, and `record` for hookrail records. */
export interface InspectionRecorder {
  readonly inspect: InspectionListener;
  /** False for a callback option: `record` and `observeHooks` then do nothing. */
  readonly recordsHookrailRecords: boolean;
  record(record: HookrailRecord): void;
  /**
   * Records every hook the Config runs — only those fired for the session `sessionId` when given —
   * until the returned function is called. Recorders writing to the same sink for the same session
   * share one subscription per Config, so a scheduler inside an agent run does not record a hook twice.
   */
  observeHooks(config: Config, sessionId?: string): () => void;
}

interface ActorRefView {
  sessionId?: string;
  logic?: { id?: unknown };
}

/** The serialisable subset of an inspection event, or `undefined` for the kinds the recorder skips. */
export function toInspectionRecord(event: InspectionEvent, time: number = Date.now()): XStateRecord | undefined {
  if (event.type !== '@xstate.actor' && event.type !== '@xstate.event' && event.type !== '@xstate.snapshot')
    return undefined;
  const actorRef = event.actorRef as ActorRefView;
  const record: XStateRecord = {
    type: event.type,
    actorId: String(actorRef.sessionId ?? ''),
    rootId: event.rootId,
    time,
  };
  const machineId = actorRef.logic?.id;
  if (typeof machineId === 'string') record.machineId = machineId;
  if (event.type === '@xstate.event') {
    record.eventType = event.event.type;
    const source = event.sourceRef as ActorRefView | undefined;
    if (source?.sessionId) record.sourceId = source.sessionId;
  } else if (event.type === '@xstate.snapshot') {
    record.eventType = event.event.type;
    const snapshot = event.snapshot as { value?: unknown; status?: unknown };
    if (snapshot.value !== undefined) record.value = toPlainValue(snapshot.value);
    if (typeof snapshot.status === 'string') record.status = snapshot.status;
  }
  return record;
}

/** The recorder for an `inspect` option; file sinks are shared per path (see {@link createInspectionListener}). */
export function createInspectionRecorder(option: InspectOption, logger?: DebugLogger): InspectionRecorder {
  if (typeof option === 'function') {
    return {
      inspect: option as InspectionListener,
      recordsHookrailRecords: false,
      record: () => {},
      observeHooks: () => () => {},
    };
  }
  const sink = 'file' in option ? jsonlWriterFor(option.file, logger) : option.sink;
  return {
    inspect: (event) => {
      const record = toInspectionRecord(event);
      if (record) sink.write(record);
    },
    recordsHookrailRecords: true,
    record: (record) => sink.write(record),
    observeHooks: (config, sessionId) => observeHooksInto(config, sink, sessionId),
  };
}

/**
 * The listener for an `inspect` option: the callback itself, or a JSONL recorder appending to the
 * file. Lines to one file share one buffer (so the scheduler's and the agent's records keep their
 * order) that is written once per tick and at process exit. A write failure is warned about once,
 * naming the file, and never breaks a run.
 */
export function createInspectionListener(option: InspectOption, logger?: DebugLogger): InspectionListener {
  return createInspectionRecorder(option, logger).inspect;
}

/** The shared JSONL sink of a file (what `inspect: { file }` writes to), to combine with other sinks. */
export function fileRecordSink(file: string, logger?: DebugLogger): RecordSink {
  return jsonlWriterFor(file, logger);
}

/** Writes every buffered inspection line now (also done automatically each tick and at exit). */
export function flushInspectionFiles(): void {
  for (const writer of writers.values()) writer.flush();
}

interface HookSubscription {
  count: number;
  unsubscribe: () => void;
}

/** Config → sink → session id ('' for every session) → its subscription. */
const hookSubscriptions = new WeakMap<Config, Map<RecordSink, Map<string, HookSubscription>>>();

function observeHooksInto(config: Config, sink: RecordSink, sessionId: string | undefined): () => void {
  let bySink = hookSubscriptions.get(config);
  if (!bySink) {
    bySink = new Map();
    hookSubscriptions.set(config, bySink);
  }
  let bySession = bySink.get(sink);
  if (!bySession) {
    bySession = new Map();
    bySink.set(sink, bySession);
  }
  const key = sessionId ?? '';
  let subscription = bySession.get(key);
  if (!subscription) {
    const unsubscribe = config.onHookExecuted((event) => {
      if (sessionId === undefined || event.input.session_id === sessionId) sink.write(toHookRecord(event));
    });
    subscription = { count: 0, unsubscribe };
    bySession.set(key, subscription);
  }
  subscription.count += 1;
  let released = false;
  const current = subscription;
  const sessions = bySession;
  return () => {
    if (released) return;
    released = true;
    current.count -= 1;
    if (current.count > 0) return;
    current.unsubscribe();
    sessions.delete(key);
    if (sessions.size === 0) bySink.delete(sink);
  };
}

class JsonlWriter implements RecordSink {
  private lines: string[] = [];
  private scheduled = false;
  private failed = false;

  constructor(
    private readonly file: string,
    private readonly logger: DebugLogger | undefined,
  ) {}

  write(record: InspectionLine): void {
    if (this.failed) return;
    this.lines.push(JSON.stringify(record));
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush()).unref();
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    const text = `${this.lines.join('\n')}\n`;
    this.lines = [];
    try {
      appendFileSync(this.file, text);
    } catch (error) {
      this.failed = true;
      const message = `${this.file}: cannot write XState inspection records, recording stopped: ${toError(error).message}`;
      if (this.logger) this.logger.warn(message, { file: this.file });
      else process.stderr.write(`[hookrail:inspection] warn: ${message}\n`);
    }
  }
}

const writers = new Map<string, JsonlWriter>();
let exitHookInstalled = false;

function jsonlWriterFor(file: string, logger: DebugLogger | undefined): JsonlWriter {
  const path = resolve(file);
  let writer = writers.get(path);
  if (!writer) {
    writer = new JsonlWriter(path, logger);
    writers.set(path, writer);
  }
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', flushInspectionFiles);
  }
  return writer;
}

function toPlainValue(value: unknown): unknown {
  if (typeof value === 'string') return value;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return String(value);
  }
}
