/**
 * Guard scores from case results: catch and false-positive rates over the labelled cases each hook ran
 * on, nearest-rank p50 / p95, hooks that never block left out, and the threshold messages.
 */
import { describe, expect, it } from 'vitest';
import type { CaseHookResult, CaseResult } from '../../src/cli/hookTests/caseRun.js';
import type { HookTestCase } from '../../src/cli/hookTests/caseFile.js';
import { percentile, scoreGuards, thresholdFailures } from '../../src/cli/hookTests/guardScores.js';

function caseResult(should: HookTestCase['should'], hooks: CaseHookResult[]): CaseResult {
  const testCase: HookTestCase = {
    name: 'c',
    location: 'f.json [0]',
    source: 'f.json',
    file: '/f.json',
    event: 'BeforeTool',
    settings: [],
    expect: {},
    allowHookErrors: false,
    ...(should ? { should } : {}),
  };
  return {
    testCase,
    status: 'pass',
    failures: [],
    outcome: 'allowed',
    decidingHook: '',
    hooks,
    durationMs: 1,
    warnings: [],
  };
}

const hook = (name: string, decision: CaseHookResult['decision'], durationMs: number): CaseHookResult => ({
  name,
  decision,
  durationMs,
  timedOut: false,
  success: true,
});

describe('guard scores', () => {
  it('nearest-rank percentiles', () => {
    expect(percentile([], 0.5)).toBe(0);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.95)).toBe(100);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.5)).toBe(50);
  });

  it('rates count the labelled cases each hook ran on; ask and stop count as flagged; a hook that never flags is no guard', () => {
    const results = [
      caseResult('block', [hook('guard', 'deny', 10), hook('rewriter', 'modify', 1)]),
      caseResult('block', [hook('guard', 'none', 20), hook('rewriter', 'none', 1)]),
      caseResult('block', [hook('guard', 'ask', 30)]),
      caseResult('block', [hook('guard', 'stop', 40)]),
      caseResult('allow', [hook('guard', 'block', 50), hook('rewriter', 'none', 1)]),
      caseResult('allow', [hook('guard', 'allow', 60)]),
      // Unlabelled cases do not count.
      caseResult(undefined, [hook('guard', 'deny', 1000)]),
    ];
    for (const order of [results, [...results].reverse()]) {
      const scores = scoreGuards(order);
      expect(scores).toEqual([
        {
          hook: 'guard',
          blockCases: 4,
          caught: 3,
          allowCases: 2,
          falsePositives: 1,
          catchRate: 0.75,
          falsePositiveRate: 0.5,
          p50Ms: 30,
          p95Ms: 60,
        },
      ]);
    }
  });

  it('thresholds name the guard, its rate, its counts and the option; with no guard at all a given threshold fails', () => {
    const scores = scoreGuards([
      caseResult('block', [hook('guard', 'deny', 1)]),
      caseResult('block', [hook('guard', 'none', 1)]),
      caseResult('allow', [hook('guard', 'deny', 1)]),
    ]);
    expect(thresholdFailures(scores, { minCatch: 0.95, maxFalsePositives: 0.02 })).toEqual([
      'guard: catch rate 50.0% (1/2) is below --min-catch 0.95',
      'guard: false-positive rate 100.0% (1/1) is above --max-false-positives 0.02',
    ]);
    expect(thresholdFailures(scores, { minCatch: 0.5, maxFalsePositives: 1 })).toEqual([]);
    expect(thresholdFailures([], { minCatch: 0.9 })).toEqual([
      'no guard hook blocked or asked on any labelled case ("should": "block" / "allow"), so no threshold could be checked',
    ]);
    expect(thresholdFailures([], {})).toEqual([]);
  });
});
