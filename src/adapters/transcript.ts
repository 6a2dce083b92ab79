/**
 * The session transcript: one JSON Lines file per session, in Claude Code's transcript format, so
 * hooks that read `transcript_path` (a Stop hook checking the last answer) work unchanged. Each line
 * is an entry `{ type: "user" | "assistant" | "system", uuid, parentUuid, sessionId, cwd, timestamp,
 * message: { role, content } }`; content blocks are `text`, `thinking`, `tool_use` and `tool_result`.
 * Context a hook added is an `attachment` entry (`hook_additional_context`), as Claude Code writes it.
 *
 * Entries are appended synchronously as the history grows, so whatever a hook process reads is
 * already on disk when it starts. A compaction or clear writes a `system` boundary entry and then
 * the new history; a resume reads the last segment back (see transcriptReader.ts).
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Content, Part } from '@google/genai';
import type { DebugLogger } from '../debugLogger.js';
import { toError } from '../errors.js';

/** One content block of a transcript message. */
export type TranscriptBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

/**
 * Claude Code's record of context a hook added (SessionStart, UserPromptSubmit, …): an `attachment`
 * entry, never a user message, so a hook counting the user's prompts in the transcript counts only
 * what the user typed.
 */
export interface HookContextAttachment {
  type: 'hook_additional_context';
  content: string[];
  hookName: string;
  hookEvent: string;
}

/** One line of the transcript. */
export interface TranscriptEntry {
  type: 'user' | 'assistant' | 'system' | 'attachment';
  uuid: string;
  parentUuid: string | null;
  sessionId: string;
  cwd: string;
  timestamp: string;
  isSidechain: false;
  userType?: 'external';
  message?: { role: 'user' | 'assistant'; content: string | TranscriptBlock[]; model?: string };
  /** `system` entries: `compact_boundary` (Claude Code's) or `clear_boundary`. */
  subtype?: string;
  content?: string;
  compactMetadata?: { trigger: 'auto' | 'manual'; preTokens: number };
  /** The user entry holding a compaction's summary. */
  isCompactSummary?: boolean;
  /** `attachment` entries: what a hook added to the model's context. */
  attachment?: HookContextAttachment;
}

/** The contents of the history that hold a hook's context, and the event of that hook. */
const hookContexts = new WeakMap<Content, string>();

/**
 * A user content holding a hook's context for the model: in the transcript it is written as Claude
 * Code writes hook context (an `attachment` entry of type `hook_additional_context`).
 */
export function hookContextContent(text: string, hookEvent: string): Content {
  const content: Content = { role: 'user', parts: [{ text }] };
  hookContexts.set(content, hookEvent);
  return content;
}

/** A transcript file's name for a session id: `<directory>/<sessionId>.jsonl`, the id made file-safe. */
export function defaultTranscriptPath(
  sessionId: string,
  directory: string = join(tmpdir(), 'hookrail', 'transcripts'),
): string {
  return join(directory, `${sessionId.replace(/[^A-Za-z0-9._-]/g, '_')}.jsonl`);
}

/** Options of {@link TranscriptWriter}. */
export interface TranscriptWriterOptions {
  path: string;
  sessionId: string;
  cwd: string;
  /** Recorded on assistant messages. */
  model?: string;
  /** Warned once, naming the file, if writing fails; the session goes on without a transcript. */
  logger?: DebugLogger;
  /** The last entry of an existing transcript this one continues (a resume). */
  parentUuid?: string | null;
  /** Contents already in the file (a resume): `sync` starts after them. */
  alreadyWritten?: number;
}

/** Appends a session's history to its transcript file as it grows. */
export class TranscriptWriter {
  readonly path: string;
  private readonly sessionId: string;
  private readonly cwd: string;
  private readonly model: string | undefined;
  private readonly logger: DebugLogger | undefined;
  private lastUuid: string | null;
  private written: number;
  private failed = false;
  /** Tool calls written but not yet answered: their ids pair the next tool results with them. */
  private openCalls: Array<{ id: string; name: string }> = [];

  constructor(options: TranscriptWriterOptions) {
    this.path = options.path;
    this.sessionId = options.sessionId;
    this.cwd = options.cwd;
    this.model = options.model;
    this.logger = options.logger;
    this.lastUuid = options.parentUuid ?? null;
    this.written = options.alreadyWritten ?? 0;
    this.append([]);
  }

  /** Writes the contents of `history` not written yet, in order. */
  sync(history: readonly Content[]): void {
    if (history.length < this.written) this.written = history.length;
    const entries = history.slice(this.written).map((content) => this.toEntry(content));
    this.written = history.length;
    this.append(entries);
  }

  /**
   * Marks a compaction (`compact_boundary`) or a clear (`clear_boundary`) and writes the history
   * that replaces the old one; `summaryIndex` marks the content holding a compaction's summary.
   */
  restart(options: {
    subtype: 'compact_boundary' | 'clear_boundary';
    history: readonly Content[];
    compactMetadata?: TranscriptEntry['compactMetadata'];
    summaryIndex?: number;
  }): void {
    const boundary = this.baseEntry('system');
    boundary.parentUuid = null;
    boundary.subtype = options.subtype;
    boundary.content = options.subtype === 'compact_boundary' ? 'Conversation compacted' : 'Conversation cleared';
    if (options.compactMetadata) boundary.compactMetadata = options.compactMetadata;
    this.lastUuid = boundary.uuid;
    this.openCalls = [];
    const entries = [boundary];
    options.history.forEach((content, index) => {
      const entry = this.toEntry(content);
      if (index === options.summaryIndex) entry.isCompactSummary = true;
      entries.push(entry);
    });
    this.written = options.history.length;
    this.append(entries);
  }

  private toEntry(content: Content): TranscriptEntry {
    const hookEvent = hookContexts.get(content);
    if (hookEvent !== undefined) {
      const entry = this.baseEntry('attachment');
      const texts = (content.parts ?? []).flatMap((part) => (typeof part.text === 'string' ? [part.text] : []));
      entry.attachment = { type: 'hook_additional_context', content: texts, hookName: hookEvent, hookEvent };
      return entry;
    }
    const isModel = content.role === 'model';
    const entry = this.baseEntry(isModel ? 'assistant' : 'user');
    const blocks = (content.parts ?? []).flatMap((part) => this.toBlocks(part));
    const only = blocks.length === 1 ? blocks[0] : undefined;
    const messageContent = !isModel && only?.type === 'text' ? only.text : blocks;
    entry.message = isModel
      ? { role: 'assistant', content: messageContent, ...(this.model ? { model: this.model } : {}) }
      : { role: 'user', content: messageContent };
    if (!isModel) entry.userType = 'external';
    return entry;
  }

  private toBlocks(part: Part): TranscriptBlock[] {
    if (typeof part.text === 'string')
      return [part.thought === true ? { type: 'thinking', thinking: part.text } : { type: 'text', text: part.text }];
    if (part.functionCall) {
      const name = part.functionCall.name ?? '';
      const id = part.functionCall.id || `toolu_hookrail_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      this.openCalls.push({ id, name });
      return [{ type: 'tool_use', id, name, input: { ...(part.functionCall.args ?? {}) } }];
    }
    if (part.functionResponse) {
      const response = (part.functionResponse.response ?? {}) as Record<string, unknown>;
      const isError = 'error' in response;
      const value = isError ? response['error'] : (response['output'] ?? response);
      return [
        {
          type: 'tool_result',
          tool_use_id: this.matchCall(part.functionResponse.id, part.functionResponse.name ?? ''),
          content: typeof value === 'string' ? value : JSON.stringify(value),
          ...(isError ? { is_error: true } : {}),
        },
      ];
    }
    return [];
  }

  /** The id of the open call a response answers: by id when it has one, else the first open call of that name. */
  private matchCall(id: string | undefined, name: string): string {
    const index = this.openCalls.findIndex((call) => (id ? call.id === id : call.name === name));
    if (index < 0) return id ?? `toolu_hookrail_unmatched_${name}`;
    const [call] = this.openCalls.splice(index, 1);
    return call!.id;
  }

  private baseEntry(type: TranscriptEntry['type']): TranscriptEntry {
    return {
      type,
      uuid: randomUUID(),
      parentUuid: this.lastUuid,
      sessionId: this.sessionId,
      cwd: this.cwd,
      timestamp: new Date().toISOString(),
      isSidechain: false,
    };
  }

  private append(entries: TranscriptEntry[]): void {
    if (this.failed) return;
    for (const entry of entries) this.lastUuid = entry.uuid;
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      appendFileSync(this.path, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    } catch (error) {
      this.failed = true;
      const message = `${this.path}: cannot write the session transcript, continuing without it: ${toError(error).message}`;
      if (this.logger) this.logger.warn(message, { file: this.path });
      else process.stderr.write(`[hookrail:transcript] warn: ${message}\n`);
    }
  }
}
