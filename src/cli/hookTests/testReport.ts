/**
 * What `hooks test` prints: a table with each case's verdict, name, outcome, deciding hook and
 * duration; under it every failure with the case's file and JSON path; the guard scores; a summary
 * line. `--json` prints the same as one JSON document.
 */
import { formatDuration, type Renderer } from '../render.js';
import type { CaseResult } from './caseRun.js';
import { formatRate, type GuardScore } from './guardScores.js';

/** A whole run's results. */
export interface TestRunReport {
  results: readonly CaseResult[];
  scores: readonly GuardScore[];
  thresholdFailures: readonly string[];
}

/** The run as one JSON document. */
export function testReportJson(report: TestRunReport): Record<string, unknown> {
  return {
    summary: summaryCounts(report),
    cases: report.results.map((result) => ({
      name: result.testCase.name,
      location: result.testCase.location,
      event: result.testCase.event,
      ...(result.testCase.should ? { should: result.testCase.should } : {}),
      status: result.status,
      outcome: result.outcome,
      hook: result.decidingHook,
      durationMs: result.durationMs,
      failures: result.failures,
      hooks: result.hooks,
    })),
    guards: report.scores,
    thresholdFailures: report.thresholdFailures,
  };
}

/** Passed, failed and errored cases, and whether the run passes. */
export function summaryCounts(report: TestRunReport): {
  cases: number;
  passed: number;
  failed: number;
  errors: number;
  ok: boolean;
} {
  const passed = report.results.filter((result) => result.status === 'pass').length;
  const failed = report.results.filter((result) => result.status === 'fail').length;
  const errors = report.results.length - passed - failed;
  return {
    cases: report.results.length,
    passed,
    failed,
    errors,
    ok: failed === 0 && errors === 0 && report.thresholdFailures.length === 0,
  };
}

/** Prints the table, the failures, the guard scores and the summary. */
export function printTestReport(render: Renderer, report: TestRunReport): void {
  const styles = render.styles;
  const rows = report.results.map((result) => [
    result.status === 'pass' ? 'PASS' : result.status === 'fail' ? 'FAIL' : 'ERROR',
    result.testCase.name,
    result.outcome,
    result.decidingHook,
    formatDuration(result.durationMs),
  ]);
  const header = ['', 'case', 'outcome', 'hook', 'duration'];
  const widths = header.map((title, column) =>
    Math.min(column === 1 || column === 2 ? 48 : 40, Math.max(title.length, ...rows.map((row) => row[column]!.length))),
  );
  // A hook's name is often a path: its end says more than its start.
  const cell = (text: string, column: number): string => {
    const width = widths[column]!;
    if (text.length <= width) return text.padEnd(width);
    return column === 3 ? `…${text.slice(text.length - width + 1)}` : `${text.slice(0, width - 1)}…`;
  };
  render.line(styles.bold(header.map(cell).join('  ').trimEnd()));
  rows.forEach((row, index) => {
    const status = report.results[index]!.status;
    const colour = status === 'pass' ? styles.green : status === 'fail' ? styles.red : styles.yellow;
    render.line(
      `${colour(cell(row[0]!, 0))}  ${row
        .slice(1)
        .map((text, column) => cell(text, column + 1))
        .join('  ')
        .trimEnd()}`,
    );
  });
  const failed = report.results.filter((result) => result.status !== 'pass');
  if (failed.length > 0) {
    render.line();
    for (const result of failed) {
      render.line(
        `${styles.red(result.status === 'fail' ? '✗' : '!')} ${result.testCase.name}  ${styles.dim(result.testCase.location)}`,
      );
      for (const failure of result.failures) render.line(`    ${failure}`);
    }
  }
  for (const warning of new Set(report.results.flatMap((result) => result.warnings))) render.warn(warning);
  if (report.scores.length > 0) {
    render.line();
    render.line(styles.bold('Guard scores (cases labelled "should")'));
    const scoreRows = report.scores.map((score) => [
      score.hook,
      `${formatRate(score.catchRate)} (${score.caught}/${score.blockCases})`,
      `${formatRate(score.falsePositiveRate)} (${score.falsePositives}/${score.allowCases})`,
      formatDuration(score.p50Ms),
      formatDuration(score.p95Ms),
    ]);
    const scoreHeader = ['hook', 'catch rate', 'false positives', 'p50', 'p95'];
    const scoreWidths = scoreHeader.map((title, column) =>
      Math.max(title.length, ...scoreRows.map((row) => row[column]!.length)),
    );
    const line = (row: string[]): string =>
      row
        .map((text, column) => text.padEnd(scoreWidths[column]!))
        .join('  ')
        .trimEnd();
    render.line(styles.dim(line(scoreHeader)));
    for (const row of scoreRows) render.line(line(row));
  }
  for (const failure of report.thresholdFailures) render.line(styles.red(`✗ ${failure}`));
  const counts = summaryCounts(report);
  render.line();
  const summary = `${counts.cases} ${counts.cases === 1 ? 'case' : 'cases'}: ${counts.passed} passed, ${counts.failed} failed${counts.errors > 0 ? `, ${counts.errors} could not run` : ''}`;
  render.line(counts.ok ? styles.green(summary) : styles.red(summary));
}
