/**
 * XState inspection for the scheduler and the agent: either a callback that receives the raw
 * inspection events (e.g. `@statelyai/inspect`'s `inspector.inspect` for live viewing), or an offline
 * JSONL recorder that appends one serialisable record per `@xstate.actor`, `@xstate.event` and
 * `@xstate.snapshot` event — no functions, no cycles, no context (which holds the Config).
 */
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { InspectionEvent } from 'xstate';
import { toError } from '../errors.js';
import type { DebugLogger } from '../debugLogger.js';

/** Where XState inspection events go: a JSONL file path, or a callback (e.g. `@statelyai/inspect`'s `inspect`). */
export type InspectOption = { file: string } | ((event: unknown) => void);

/** One JSONL line of the offline recorder. */
export interface InspectionRecord {
  type: '@xstate.actor' | '@xstate.event' | '@xstate.snapshot';
  /** The actor's session id (unique per actor); `rootId` is its root actor's. */
  actorId: string;
  rootId: string;
  /** The machine's id (`toolCall`, `scheduler`, `modelCall`), when the actor runs a machine. */
  machineId?: string;
  /** The event's type (the event received, or the one that produced the snapshot). */
  eventType?: string;
  /** Sender's session id, for `@xstate.event`. */
  sourceId?: string;
  /** State value and status, for `@xstate.snapshot`. */
  value?: unknown;
  status?: string;
  /** Milliseconds since the epoch. */
  time: number;
}

/** Receives XState inspection events; pass as `createActor(machine, { inspect })`. */
export type InspectionListener = (event: InspectionEvent) => void;

interface ActorRefView {
  sessionId?: string;
  logic?: { id?: unknown };
}

/** The serialisable subset of an inspection event, or `undefined` for the kinds the recorder skips. */
export function toInspectionRecord(event: InspectionEvent, time: number = Date.now()): InspectionRecord | undefined {
  if (event.type !== '@xstate.actor' && event.type !== '@xstate.event' && event.type !== '@xstate.snapshot') return undefined;
  const actorRef = event.actorRef as ActorRefView;
  const record: InspectionRecord = { type: event.type, actorId: String(actorRef.sessionId ?? ''), rootId: event.rootId, time };
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

/**
 * The listener for an `inspect` option: the callback itself, or a JSONL recorder appending to the
 * file. Lines to one file share one buffer (so the scheduler's and the agent's records keep their
 * order) that is written once per tick and at process exit. A write failure is warned about once,
 * naming the file, and never breaks a run.
 */
export function createInspectionListener(option: InspectOption, logger?: DebugLogger): InspectionListener {
  if (typeof option === 'function') return option as InspectionListener;
  const writer = jsonlWriterFor(option.file, logger);
  return (event) => {
    const record = toInspectionRecord(event);
    if (record) writer.write(record);
  };
}

/** Writes every buffered inspection line now (also done automatically each tick and at exit). */
export function flushInspectionFiles(): void {
  for (const writer of writers.values()) writer.flush();
}

class JsonlWriter {
  private lines: string[] = [];
  private scheduled = false;
  private failed = false;

  constructor(
    private readonly file: string,
    private readonly logger: DebugLogger | undefined,
  ) {}

  write(record: InspectionRecord): void {
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
