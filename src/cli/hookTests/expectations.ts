/**
 * A case's expectations checked against the decision of its fire (fireDecision.ts, the decision
 * `hooks fire` prints): each unmet expectation is one failure message saying what was expected and
 * what came out. A call "goes ahead" when it is neither blocked, stopped nor waiting for the user.
 */
import type { FireDecision } from '../fireDecision.js';
import { isPlainObject } from '../../values.js';
import type { CaseExpectation, HookTestCase } from './caseFile.js';

/** What the fire decided, in the words failure messages use. */
export function describeDecision(decision: FireDecision): string {
  if (decision.stop) return `stopped (${decision.stopReason ?? ''})`;
  if (decision.blocked) return `denied (${decision.reason ?? ''})`;
  if (decision.asks !== undefined) return `asked (${decision.asks})`;
  if (decision.modifiedInput) return 'allowed with a rewritten input';
  return 'allowed';
}

/** True when the call goes ahead without a person: not blocked, not stopped, not asking. */
export function goesAhead(decision: FireDecision): boolean {
  return !decision.blocked && !decision.stop && decision.asks === undefined;
}

/** The failure messages of a case's expectations (and its `should` label); empty when all hold. */
export function checkExpectations(
  testCase: HookTestCase,
  decision: FireDecision,
  firedInput: Record<string, unknown> | undefined,
): string[] {
  const failures: string[] = [];
  const expectation: CaseExpectation = testCase.expect;
  const outcome = describeDecision(decision);
  const ahead = goesAhead(decision);
  if (testCase.should === 'block' && ahead) failures.push(`should block, but the call was ${outcome}`);
  if (testCase.should === 'allow' && !ahead) failures.push(`should allow, but the call was ${outcome}`);
  if (expectation.allowed !== undefined && expectation.allowed !== ahead) {
    failures.push(`expected the call to be ${expectation.allowed ? 'allowed' : 'not allowed'}, but it was ${outcome}`);
  }
  checkReason(failures, 'denied', expectation.denied, decision.blocked && !decision.stop, decision.reason, outcome);
  checkReason(failures, 'asked', expectation.asked, decision.asks !== undefined, decision.asks, outcome);
  checkReason(failures, 'stopped', expectation.stopped, decision.stop, decision.stopReason, outcome);
  if (expectation.input !== undefined) {
    const runsWith = decision.modifiedInput ?? firedInput ?? {};
    const mismatch = partialMismatch(expectation.input, runsWith, 'input');
    if (mismatch !== undefined)
      failures.push(
        `expected the tool to run with ${JSON.stringify(expectation.input)}: ${mismatch}; it runs with ${JSON.stringify(runsWith)}`,
      );
  }
  if (expectation.context !== undefined) {
    const given = [decision.additionalContext, decision.systemMessage].filter(
      (text): text is string => text !== undefined,
    );
    if (!given.some((text) => text.includes(expectation.context ?? ''))) {
      failures.push(
        `expected context containing ${JSON.stringify(expectation.context)}, got ${given.length > 0 ? JSON.stringify(given.join('\n')) : 'none'}`,
      );
    }
  }
  if (expectation.suppressed !== undefined && expectation.suppressed !== decision.suppressOutput) {
    failures.push(
      `expected the output ${expectation.suppressed ? 'to be' : 'not to be'} suppressed, but it was ${decision.suppressOutput ? '' : 'not '}suppressed`,
    );
  }
  return failures;
}

function checkReason(
  failures: string[],
  what: string,
  expected: true | RegExp | undefined,
  happened: boolean,
  reason: string | undefined,
  outcome: string,
): void {
  if (expected === undefined) return;
  if (!happened) {
    failures.push(
      `expected ${what}${expected instanceof RegExp ? ` matching /${expected.source}/` : ''}, but the call was ${outcome}`,
    );
  } else if (expected instanceof RegExp && !expected.test(reason ?? '')) {
    failures.push(`expected ${what} with a reason matching /${expected.source}/, got ${JSON.stringify(reason ?? '')}`);
  }
}

/** Where `actual` fails to contain `expected` (objects: every expected field; arrays: every element, same length), or undefined. */
export function partialMismatch(expected: unknown, actual: unknown, path: string): string | undefined {
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return `${path} is ${JSON.stringify(actual)}, not an object`;
    for (const [key, value] of Object.entries(expected)) {
      const mismatch = partialMismatch(value, actual[key], `${path}.${key}`);
      if (mismatch !== undefined) return mismatch;
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return `${path} is ${JSON.stringify(actual)}`;
    for (const [index, value] of expected.entries()) {
      const mismatch = partialMismatch(value, actual[index], `${path}[${index}]`);
      if (mismatch !== undefined) return mismatch;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : `${path} is ${JSON.stringify(actual)}`;
}
