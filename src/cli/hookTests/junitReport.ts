/**
 * The JUnit XML of a `hooks test` run (`--junit FILE`), the format CI systems read: one
 * `<testsuite>` per case file, one `<testcase>` per case (`classname` = the file, `time` in
 * seconds), a `<failure>` per failed case (message: its first failure; body: all of them) and an
 * `<error>` per case that could not run. Guard thresholds missed are one more failed test case.
 */
import type { CaseResult } from './caseRun.js';

/** Options of {@link junitXml}. */
export interface JunitXmlOptions {
  results: readonly CaseResult[];
  /** Failures of the guard thresholds, reported as a test case of their own. */
  thresholdFailures: readonly string[];
  /** Whether thresholds were given (then the gate is a test case even when it passes). */
  gated: boolean;
  timestamp: Date;
}

/** The XML document. */
export function junitXml(options: JunitXmlOptions): string {
  const suites = new Map<string, CaseResult[]>();
  for (const result of options.results) {
    const key = result.testCase.source;
    suites.set(key, [...(suites.get(key) ?? []), result]);
  }
  const suiteXml = [...suites.entries()].map(([file, results]) => {
    const failures = results.filter((result) => result.status === 'fail').length;
    const errors = results.filter((result) => result.status === 'error').length;
    const time = seconds(results.reduce((sum, result) => sum + result.durationMs, 0));
    return [
      `  <testsuite name="${escapeXml(file)}" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time}" timestamp="${options.timestamp.toISOString()}">`,
      ...results.map((result) => caseXml(result, file)),
      '  </testsuite>',
    ].join('\n');
  });
  if (options.gated) {
    const failed = options.thresholdFailures.length > 0;
    suiteXml.push(
      [
        `  <testsuite name="guard thresholds" tests="1" failures="${failed ? 1 : 0}" errors="0" skipped="0" time="0" timestamp="${options.timestamp.toISOString()}">`,
        `    <testcase name="guard thresholds" classname="guard thresholds" time="0">${
          failed
            ? `\n      <failure message="${escapeXml(options.thresholdFailures[0] ?? '')}" type="threshold">${escapeXml(options.thresholdFailures.join('\n'))}</failure>\n    `
            : ''
        }</testcase>`,
        '  </testsuite>',
      ].join('\n'),
    );
  }
  const all = options.results;
  const failures =
    all.filter((result) => result.status === 'fail').length + (options.thresholdFailures.length > 0 ? 1 : 0);
  const errors = all.filter((result) => result.status === 'error').length;
  const tests = all.length + (options.gated ? 1 : 0);
  const time = seconds(all.reduce((sum, result) => sum + result.durationMs, 0));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="hookrail hooks test" tests="${tests}" failures="${failures}" errors="${errors}" time="${time}">`,
    ...suiteXml,
    '</testsuites>',
    '',
  ].join('\n');
}

function caseXml(result: CaseResult, file: string): string {
  const open = `    <testcase name="${escapeXml(result.testCase.name)}" classname="${escapeXml(file)}" time="${seconds(result.durationMs)}">`;
  const details = escapeXml(
    [`outcome: ${result.outcome}`, `hook: ${result.decidingHook}`, ...result.failures].join('\n'),
  );
  if (result.status === 'pass') return `${open}</testcase>`;
  const element = result.status === 'fail' ? 'failure' : 'error';
  return `${open}\n      <${element} message="${escapeXml(result.failures[0] ?? '')}" type="${result.status === 'fail' ? 'expectation' : 'case'}">${details}</${element}>\n    </testcase>`;
}

function seconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(3);
}

/** Text as XML character data or attribute value: markup escaped, characters XML 1.0 forbids dropped. */
function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
