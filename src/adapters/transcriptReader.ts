/**
 * Reading a session transcript back (`source: "resume"`): the entries after the last compact or
 * clear boundary become the history again, in SDK `Content` form. Tool results get the name of the
 * tool call they answer; a hook's context (a `hook_additional_context` attachment) is a user content
 * again; entries of other types (Claude Code's other attachments, snapshots) are skipped.
 */
import { readFileSync } from 'node:fs';
import type { Content, Part } from '@google/genai';
import { TranscriptError } from '../errors.js';
import { isPlainObject } from '../values.js';
import { hookContextContent, type TranscriptBlock, type TranscriptEntry } from './transcript.js';

/** What a resume needs from a transcript. */
export interface ResumedTranscript {
  history: Content[];
  /** The last entry's uuid, so the resumed session continues the chain. */
  lastUuid: string | null;
  /** The session id the transcript's last entry names, if any. */
  sessionId?: string;
}

/**
 * Reads and converts a transcript file.
 * @throws TranscriptError when the file cannot be read or a line is not a JSON object.
 */
export function readTranscript(path: string): ResumedTranscript {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TranscriptError(
      path,
      code === 'ENOENT' ? 'transcript file not found' : `cannot read the transcript: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const entries: TranscriptEntry[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new TranscriptError(path, `not valid JSON: ${(error as Error).message}`, { line: index + 1, cause: error });
    }
    if (!isPlainObject(value) || typeof value['type'] !== 'string') {
      throw new TranscriptError(path, 'expected a transcript entry: an object with a "type"', { line: index + 1 });
    }
    entries.push(value as unknown as TranscriptEntry);
  });
  const boundary = entries.findLastIndex(
    (entry) => entry.type === 'system' && typeof entry.subtype === 'string' && entry.subtype.endsWith('_boundary'),
  );
  const segment = entries.slice(boundary + 1);
  const last = entries.at(-1);
  const result: ResumedTranscript = {
    history: toHistory(segment),
    lastUuid: typeof last?.uuid === 'string' ? last.uuid : null,
  };
  if (typeof last?.sessionId === 'string') result.sessionId = last.sessionId;
  return result;
}

/** The user and assistant entries as contents, tool results named after their calls. */
export function toHistory(entries: readonly TranscriptEntry[]): Content[] {
  const callNames = new Map<string, string>();
  const history: Content[] = [];
  for (const entry of entries) {
    const hookContext = hookContextOf(entry);
    if (hookContext) history.push(hookContext);
    if ((entry.type !== 'user' && entry.type !== 'assistant') || !entry.message) continue;
    const content = entry.message.content;
    const blocks: TranscriptBlock[] =
      typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : [];
    const parts = blocks.flatMap((block) => toParts(block, callNames));
    if (parts.length > 0) history.push({ role: entry.type === 'assistant' ? 'model' : 'user', parts });
  }
  return history;
}

/** A hook's context (Claude Code's `hook_additional_context` attachment) as the user content the model read. */
function hookContextOf(entry: TranscriptEntry): Content | undefined {
  const attachment = entry.type === 'attachment' && isPlainObject(entry.attachment) ? entry.attachment : undefined;
  if (attachment?.type !== 'hook_additional_context' || !Array.isArray(attachment.content)) return undefined;
  const texts = attachment.content.filter((text): text is string => typeof text === 'string');
  if (texts.length === 0) return undefined;
  return hookContextContent(
    texts.join('\n'),
    typeof attachment.hookEvent === 'string' ? attachment.hookEvent : 'SessionStart',
  );
}

function toParts(block: TranscriptBlock, callNames: Map<string, string>): Part[] {
  if (!isPlainObject(block)) return [];
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? [{ text: block.text }] : [];
    case 'thinking':
      return typeof block.thinking === 'string' ? [{ text: block.thinking, thought: true }] : [];
    case 'tool_use':
      callNames.set(block.id, block.name);
      return [
        { functionCall: { id: block.id, name: block.name, args: isPlainObject(block.input) ? block.input : {} } },
      ];
    case 'tool_result': {
      const output = typeof block.content === 'string' ? block.content : JSON.stringify(block.content);
      const name = callNames.get(block.tool_use_id) ?? '';
      return [
        {
          functionResponse: { id: block.tool_use_id, name, response: block.is_error ? { error: output } : { output } },
        },
      ];
    }
    default:
      return [];
  }
}
