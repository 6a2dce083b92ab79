/**
 * The session's compaction actor, as a plain function testable alone: PreCompress first (a block
 * keeps the history), then the older history summarised by the model or truncated, the transcript
 * restarted at a compact boundary, and PostCompact told the summary.
 */
import { toError } from '../errors.js';
import { DEFAULT_BLOCK_REASON } from '../hooks/protocol/outputs.js';
import {
  firePostCompactHook,
  firePreCompressHook,
  type PreCompressHookResult,
} from '../hooks/triggers/lifecycleHookTriggers.js';
import {
  estimateTokens,
  findCompactionCut,
  summarizeHistory,
  summaryRequest,
  truncateHistory,
  type CompactedHistory,
} from './historyCompaction.js';
import { generateResponse, responseText } from './modelCallActors.js';
import { combinedSignal, type SessionActorInput } from './sessionActors.js';
import type { CompactionReport } from './types.js';

/** A finished compaction: the new history, what it did, and the PreCompress hooks' message. */
export interface CompactionOutput extends CompactedHistory {
  blocked?: false;
  report: CompactionReport;
  systemMessage?: string;
}

/** A compaction a PreCompress (PreCompact) hook blocked: the history stays as it is. */
export interface BlockedCompaction {
  blocked: true;
  trigger: 'auto' | 'manual';
  reason: string;
  systemMessage?: string;
}

/**
 * PreCompress, then the compaction itself: the model summarises the older contents (truncation if
 * it fails or answers nothing) or they are truncated. The transcript gets a compact boundary and
 * the new history. A PreCompress block leaves the history and the transcript as they are.
 */
export async function compactHistory(
  input: SessionActorInput & { trigger: 'auto' | 'manual' },
  signal: AbortSignal,
): Promise<CompactionOutput | BlockedCompaction> {
  const { services } = input;
  const runSignal = combinedSignal(signal, input.promptSignal);
  services.transcript.sync(input.history);
  const preCompress: PreCompressHookResult = await firePreCompressHook(services.config, input.trigger, {
    signal: runSignal,
    session: services.session,
  });
  if (preCompress.blocked) {
    return {
      blocked: true,
      trigger: input.trigger,
      reason: preCompress.reason ?? DEFAULT_BLOCK_REASON,
      ...(preCompress.systemMessage ? { systemMessage: preCompress.systemMessage } : {}),
    };
  }
  const settings = services.compaction;
  const cut = findCompactionCut(input.history, settings.keepRecentTokens);
  let compacted = truncateHistory(input.history, cut);
  let strategy = settings.strategy;
  if (settings.strategy === 'summarize' && cut > 0) {
    try {
      const request = summaryRequest(services.model, input.history.slice(0, cut));
      const summary = responseText(
        await generateResponse({ generator: services.summaryGenerator, request }, runSignal),
      );
      if (summary.trim() === '') throw new Error('the model answered with no text');
      compacted = summarizeHistory(input.history, cut, summary);
    } catch (error) {
      strategy = 'truncate';
      services.config
        .getDebugLogger()
        .child('session')
        .warn(`the history could not be summarised, truncated instead: ${toError(error).message}`);
    }
  }
  const tokensBefore = estimateTokens(input.history);
  const report: CompactionReport = {
    trigger: input.trigger,
    strategy,
    removedContents: compacted.removedContents,
    tokensBefore,
    tokensAfter: estimateTokens(compacted.history),
  };
  services.transcript.restart({
    subtype: 'compact_boundary',
    history: compacted.history,
    compactMetadata: { trigger: input.trigger, preTokens: tokensBefore },
    summaryIndex: compacted.summaryIndex,
  });
  // The compacted history's summary content opens with the summary (or truncation note) as its first text part.
  const summary = compacted.history[compacted.summaryIndex]!.parts![0]!.text!;
  const postCompact = await firePostCompactHook(
    services.config,
    { trigger: input.trigger, compactSummary: summary },
    { signal: runSignal, session: services.session },
  );
  if (postCompact.systemMessage)
    services.emit({ type: 'hook_message', eventName: 'PostCompact', message: postCompact.systemMessage });
  return { ...compacted, report, ...(preCompress.systemMessage ? { systemMessage: preCompress.systemMessage } : {}) };
}
