/**
 * The run in numbers, from the run model: tool and model calls by outcome, and every hook's runs,
 * total and longest time and decisions, most time first. Pure: no DOM.
 */
import type { RunModel } from './runModel.js';

/** Time spent in one hook, over the run. */
export interface HookTotal {
  hookName: string;
  eventName: string;
  count: number;
  totalMs: number;
  maxMs: number;
  decisions: Record<string, number>;
}

/** The summary: calls by outcome, and hooks by time spent (most first). */
export interface RunSummary {
  toolOutcomes: Record<string, number>;
  modelOutcomes: Record<string, number>;
  hookTotals: HookTotal[];
  toolCallCount: number;
  hookCount: number;
  hookTimeMs: number;
}

/** Counts the model's calls by outcome and its hooks by name and event. */
export function summarizeRun(model: RunModel): RunSummary {
  const toolOutcomes: Record<string, number> = {};
  const modelOutcomes: Record<string, number> = {};
  for (const call of model.calls) {
    const counts = call.kind === 'tool' ? toolOutcomes : modelOutcomes;
    counts[call.outcome] = (counts[call.outcome] ?? 0) + 1;
  }
  const totals = new Map<string, HookTotal>();
  let hookTimeMs = 0;
  for (const hook of model.hooks) {
    const key = `${hook.eventName}\u0000${hook.hookName}`;
    let total = totals.get(key);
    if (!total) {
      total = { hookName: hook.hookName, eventName: hook.eventName, count: 0, totalMs: 0, maxMs: 0, decisions: {} };
      totals.set(key, total);
    }
    total.count += 1;
    total.totalMs += hook.durationMs;
    total.maxMs = Math.max(total.maxMs, hook.durationMs);
    total.decisions[hook.decision] = (total.decisions[hook.decision] ?? 0) + 1;
    hookTimeMs += hook.durationMs;
  }
  return {
    toolOutcomes,
    modelOutcomes,
    hookTotals: [...totals.values()].sort((a, b) => b.totalMs - a.totalMs || a.hookName.localeCompare(b.hookName)),
    toolCallCount: model.calls.filter((call) => call.kind === 'tool').length,
    hookCount: model.hooks.length,
    hookTimeMs,
  };
}
