/**
 * Compaction of a session's history when it passes its token budget: the older contents are
 * replaced by a summary the model writes, or dropped with a note (deterministic truncation). The
 * cut never separates a function call from its response: the kept part starts at a user text or a
 * model turn, never at a function response. Token counts are estimates (four characters a token).
 */
import type { Content, GenerateContentParameters } from '@google/genai';
import { estimateTokens, tailJsonLengths } from './historyTokens.js';

export { estimateTokens } from './historyTokens.js';

/** How the older contents are replaced. */
export type CompactionStrategy = 'summarize' | 'truncate';

/** Default {@link CompactionSettings.tokenBudget}: estimated tokens of history before a compaction. */
export const DEFAULT_COMPACTION_TOKEN_BUDGET = 100_000;

/** When and how a session compacts its history. */
export interface CompactionSettings {
  /** A model call whose history is estimated above this many tokens is preceded by a compaction. */
  tokenBudget: number;
  /** Estimated tokens of recent history kept verbatim; default half the budget. */
  keepRecentTokens: number;
  /** `summarize` (the model writes a summary; truncation if that fails) or `truncate`. */
  strategy: CompactionStrategy;
}

/** The history after a compaction and what it removed. */
export interface CompactedHistory {
  history: Content[];
  /** How many contents the summary or note replaced. */
  removedContents: number;
  /** Index of the content that holds the summary or the note. */
  summaryIndex: number;
}

/** The settings with defaults filled in. */
export function compactionSettings(options: Partial<CompactionSettings> = {}): CompactionSettings {
  const tokenBudget = positive(options.tokenBudget) ?? DEFAULT_COMPACTION_TOKEN_BUDGET;
  return {
    tokenBudget,
    keepRecentTokens: positive(options.keepRecentTokens) ?? Math.max(1, Math.floor(tokenBudget / 2)),
    strategy: options.strategy ?? 'summarize',
  };
}

/** A content where the kept history may start: anything but a user turn carrying function responses. */
function isCutPoint(content: Content): boolean {
  return content.role === 'model' || !(content.parts ?? []).some((part) => part.functionResponse !== undefined);
}

/**
 * Where the kept part starts: the earliest cut point whose tail fits `keepRecentTokens`, else the
 * latest cut point; 0 when nothing can be removed.
 */
export function findCompactionCut(history: readonly Content[], keepRecentTokens: number): number {
  let latest = 0;
  let fitting = 0;
  const tailLengths = tailJsonLengths(history);
  for (let index = history.length - 1; index >= 1; index -= 1) {
    if (!isCutPoint(history[index]!)) continue;
    if (latest === 0) latest = index;
    if (Math.ceil(tailLengths[index]! / 4) <= keepRecentTokens) fitting = index;
  }
  return fitting || latest;
}

/** True when the history passes the budget and a compaction can remove something. */
export function needsCompaction(history: readonly Content[], settings: CompactionSettings): boolean {
  return estimateTokens(history) > settings.tokenBudget && findCompactionCut(history, settings.keepRecentTokens) > 0;
}

/** The kept contents with `text` in front: merged into a leading user text turn, else a user turn of its own. */
function withLeadingText(kept: readonly Content[], text: string, removedContents: number): CompactedHistory {
  const [first, ...rest] = kept;
  if (first && first.role === 'user') {
    return {
      history: [{ role: 'user', parts: [{ text }, ...(first.parts ?? [])] }, ...rest],
      removedContents,
      summaryIndex: 0,
    };
  }
  return { history: [{ role: 'user', parts: [{ text }] }, ...kept], removedContents, summaryIndex: 0 };
}

/** Deterministic truncation: the contents before `cut` are dropped and a note says how many. */
export function truncateHistory(history: readonly Content[], cut: number): CompactedHistory {
  const note = `[Earlier conversation compacted: ${cut} older ${cut === 1 ? 'message was' : 'messages were'} removed to stay within the token budget.]`;
  return withLeadingText(history.slice(cut), note, cut);
}

/** The contents before `cut` replaced by the model's summary of them. */
export function summarizeHistory(history: readonly Content[], cut: number, summary: string): CompactedHistory {
  const text = `[Earlier conversation compacted: a summary of the ${cut} older ${cut === 1 ? 'message' : 'messages'} follows.]\n${summary.trim()}`;
  return withLeadingText(history.slice(cut), text, cut);
}

/** The request that asks the model to summarise the older contents; no tools are offered. */
export function summaryRequest(model: string, older: readonly Content[]): GenerateContentParameters {
  return {
    model,
    contents: [
      ...older.map((content) => ({ ...content, parts: [...(content.parts ?? [])] })),
      {
        role: 'user',
        parts: [
          {
            text:
              'Write a concise summary of the conversation so far for your own later use: the task, decisions taken, ' +
              'files and commands involved, results, and what remains to do. Answer with the summary only.',
          },
        ],
      },
    ],
  };
}

function positive(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}
