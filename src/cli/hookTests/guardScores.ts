/**
 * Guard scores: over the cases labelled `should: "block"` / `should: "allow"`, each hook that ran on
 * them gets its catch rate (of the should-block cases it ran on, the share it blocked, stopped or
 * asked on), its false-positive rate (of the should-allow cases it ran on, the share it blocked,
 * stopped or asked on) and its latency (p50 / p95, nearest rank, over every case it ran on). A hook
 * that never blocked or asked on a labelled case is not a guard (a rewriter, a logger) and gets no
 * rates. `--min-catch` and `--max-false-positives` hold every guard to a threshold.
 */
import type { HookRecordDecision } from '../../inspection/records.js';
import type { CaseResult } from './caseRun.js';

/** One guard hook's score. */
export interface GuardScore {
  hook: string;
  /** should-block cases it ran on, and how many of them it flagged. */
  blockCases: number;
  caught: number;
  /** should-allow cases it ran on, and how many of them it flagged. */
  allowCases: number;
  falsePositives: number;
  /** `caught / blockCases`; undefined without should-block cases. */
  catchRate?: number;
  /** `falsePositives / allowCases`; undefined without should-allow cases. */
  falsePositiveRate?: number;
  p50Ms: number;
  p95Ms: number;
}

/** The thresholds of the gate; each is optional. */
export interface GuardThresholds {
  minCatch?: number;
  maxFalsePositives?: number;
}

const flagging: ReadonlySet<HookRecordDecision> = new Set<HookRecordDecision>(['stop', 'block', 'deny', 'ask']);

/** The scores of every guard hook, by hook name in first-seen order. */
export function scoreGuards(results: readonly CaseResult[]): GuardScore[] {
  const tallies = new Map<
    string,
    {
      blockCases: number;
      caught: number;
      allowCases: number;
      falsePositives: number;
      flagged: boolean;
      durations: number[];
    }
  >();
  for (const result of results) {
    const should = result.testCase.should;
    if (should === undefined) continue;
    for (const hook of result.hooks) {
      let tally = tallies.get(hook.name);
      if (!tally) {
        tally = { blockCases: 0, caught: 0, allowCases: 0, falsePositives: 0, flagged: false, durations: [] };
        tallies.set(hook.name, tally);
      }
      const flagged = flagging.has(hook.decision);
      tally.flagged ||= flagged;
      tally.durations.push(hook.durationMs);
      if (should === 'block') {
        tally.blockCases += 1;
        if (flagged) tally.caught += 1;
      } else {
        tally.allowCases += 1;
        if (flagged) tally.falsePositives += 1;
      }
    }
  }
  return [...tallies.entries()]
    .filter(([, tally]) => tally.flagged)
    .map(([hook, tally]) => ({
      hook,
      blockCases: tally.blockCases,
      caught: tally.caught,
      allowCases: tally.allowCases,
      falsePositives: tally.falsePositives,
      ...(tally.blockCases > 0 ? { catchRate: tally.caught / tally.blockCases } : {}),
      ...(tally.allowCases > 0 ? { falsePositiveRate: tally.falsePositives / tally.allowCases } : {}),
      p50Ms: percentile(tally.durations, 0.5),
      p95Ms: percentile(tally.durations, 0.95),
    }));
}

/** Every threshold a guard misses, as one message each. */
export function thresholdFailures(scores: readonly GuardScore[], thresholds: GuardThresholds): string[] {
  const failures: string[] = [];
  for (const score of scores) {
    if (thresholds.minCatch !== undefined && score.catchRate !== undefined && score.catchRate < thresholds.minCatch) {
      failures.push(
        `${score.hook}: catch rate ${formatRate(score.catchRate)} (${score.caught}/${score.blockCases}) is below --min-catch ${thresholds.minCatch}`,
      );
    }
    if (
      thresholds.maxFalsePositives !== undefined &&
      score.falsePositiveRate !== undefined &&
      score.falsePositiveRate > thresholds.maxFalsePositives
    ) {
      failures.push(
        `${score.hook}: false-positive rate ${formatRate(score.falsePositiveRate)} (${score.falsePositives}/${score.allowCases}) is above --max-false-positives ${thresholds.maxFalsePositives}`,
      );
    }
  }
  if ((thresholds.minCatch !== undefined || thresholds.maxFalsePositives !== undefined) && scores.length === 0) {
    failures.push(
      'no guard hook blocked or asked on any labelled case ("should": "block" / "allow"), so no threshold could be checked',
    );
  }
  return failures;
}

/** A rate as a percentage with one decimal (`97.5%`). */
export function formatRate(rate: number | undefined): string {
  return rate === undefined ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** The nearest-rank percentile of `values` (0 for none). */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}
