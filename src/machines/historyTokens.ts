/**
 * The token estimate of a session's history (the characters of its JSON over four, rounded up), kept
 * as the history grows. A history built by {@link appendToHistory} carries the JSON length of the
 * history it extends plus that of the new contents, so estimating it before each model call costs the
 * same at the thousandth prompt as at the first. Any other array is measured once per estimate, each
 * content that joined a history through {@link appendToHistory} by the length remembered for it (so a
 * history copied or rebuilt from such contents is not serialised again), any other content in full. The
 * rule this rests on: a content never changes once it is in a history (the session builds new arrays
 * and new contents, and never edits one in place).
 */
import type { Content } from '@google/genai';

/** What is known of a history built here: its length when measured, and `JSON.stringify(history).length`. */
interface MeasuredHistory {
  count: number;
  jsonLength: number;
}

const measured = new WeakMap<readonly Content[], MeasuredHistory>();
/** `JSON.stringify(content).length` of each content that joined a history through {@link appendToHistory}. */
const contentLengths = new WeakMap<Content, number>();

/** The length of an array element's JSON (`null` for what JSON has no value for, as in an array). */
function elementJsonLength(value: unknown): number {
  return (JSON.stringify(value) ?? 'null').length;
}

function contentJsonLength(content: Content): number {
  return (
    (typeof content === 'object' && content !== null ? contentLengths.get(content) : undefined) ??
    elementJsonLength(content)
  );
}

/**
 * `JSON.stringify(contents).length`: carried for a history built by {@link appendToHistory} (unless
 * its length has changed since), else measured.
 */
export function historyJsonLength(contents: readonly Content[]): number {
  const known = measured.get(contents);
  if (known !== undefined && known.count === contents.length) return known.jsonLength;
  let jsonLength = 2 + Math.max(0, contents.length - 1);
  for (const content of contents) jsonLength += contentJsonLength(content);
  return jsonLength;
}

/** Estimated tokens of some contents: the characters of their JSON over four, rounded up. */
export function estimateTokens(contents: readonly Content[]): number {
  return Math.ceil(historyJsonLength(contents) / 4);
}

/**
 * A new history: `history` followed by `contents`, whose JSON length is that of `history` plus the new
 * contents' and the commas between them (an array's JSON is `[`, its elements joined by `,`, `]`).
 * Only the new contents are serialised; `history` is measured only if it was not built here.
 */
export function appendToHistory(history: readonly Content[], ...contents: Content[]): Content[] {
  const next = [...history, ...contents];
  let jsonLength = historyJsonLength(history);
  for (let index = 0; index < contents.length; index += 1) {
    const content = contents[index]!;
    const length = elementJsonLength(content);
    if (typeof content === 'object' && content !== null) contentLengths.set(content, length);
    jsonLength += (history.length + index > 0 ? 1 : 0) + length;
  }
  measured.set(next, { count: next.length, jsonLength });
  return next;
}

/**
 * The JSON length of every tail of `history`: entry `index` is `JSON.stringify(history.slice(index)).length`
 * (each content measured once, not once per tail).
 */
export function tailJsonLengths(history: readonly Content[]): number[] {
  const lengths = new Array<number>(history.length + 1);
  lengths[history.length] = 2;
  let contentsLength = 0;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    contentsLength += contentJsonLength(history[index]!);
    const count = history.length - index;
    lengths[index] = 2 + contentsLength + (count - 1);
  }
  return lengths;
}
