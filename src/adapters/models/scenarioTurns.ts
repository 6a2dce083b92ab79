/**
 * A scenario's turns — what the scripted model (or the hook model) says each time it is asked — and
 * their validation, with the checks scenario.ts uses for the rest of the file: unknown keys (with the
 * closest name) and optional texts, every problem with its JSON path.
 */
import type { ScenarioProblem } from '../../errors.js';
import { suggestClosest } from '../../suggestClosest.js';
import { describeValue, isPlainObject } from '../../values.js';

/** One function call of a scripted turn. */
export interface ScenarioFunctionCall {
  name: string;
  args: Record<string, unknown>;
  /** Default: `scripted-t<turn>-c<call>`. */
  id?: string;
}

/** What a turn expects the request it answers to contain; each list's strings must all be found. */
export interface ScenarioExpectation {
  functionResponseContains: string[];
  textContains: string[];
}

/** One model turn. */
export interface ScenarioTurn {
  text?: string;
  functionCalls: ScenarioFunctionCall[];
  expect?: ScenarioExpectation;
  delayMs?: number;
}

const turnKeys = ['text', 'functionCalls', 'expect', 'delayMs'];
const functionCallKeys = ['name', 'args', 'id'];
const expectationKeys = ['functionResponseContains', 'textContains'];

/** A scenario's (or its hook model's) `turns`, at least one, each validated; problems with their JSON paths. */
export function validateTurns(value: unknown, at: string, problems: ScenarioProblem[]): ScenarioTurn[] {
  const turns: ScenarioTurn[] = [];
  if (value === undefined) {
    problems.push({ path: at, message: 'is required: a list of model turns' });
  } else if (!Array.isArray(value)) {
    problems.push({ path: at, message: `expected an array of turns, got ${describeValue(value)}` });
  } else if (value.length === 0) {
    problems.push({ path: at, message: 'must contain at least one turn' });
  } else {
    value.forEach((turn, index) => {
      const validated = validateTurn(turn, `${at}[${index}]`, problems);
      if (validated) turns.push(validated);
    });
  }
  return turns;
}

function validateTurn(value: unknown, at: string, problems: ScenarioProblem[]): ScenarioTurn | undefined {
  if (!isPlainObject(value)) {
    problems.push({
      path: at,
      message: `expected an object with "text" and/or "functionCalls", got ${describeValue(value)}`,
    });
    return undefined;
  }
  checkKeys(value, turnKeys, at, problems);
  const turn: ScenarioTurn = { functionCalls: [] };
  const text = optionalText(value, 'text', at, problems);
  if (text !== undefined) turn.text = text;
  if (value.functionCalls !== undefined) {
    if (!Array.isArray(value.functionCalls)) {
      problems.push({
        path: `${at}.functionCalls`,
        message: `expected an array of function calls, got ${describeValue(value.functionCalls)}`,
      });
    } else {
      value.functionCalls.forEach((call, index) => {
        const validated = validateFunctionCall(call, `${at}.functionCalls[${index}]`, problems);
        if (validated) turn.functionCalls.push(validated);
      });
    }
  }
  const noCalls =
    value.functionCalls === undefined || (Array.isArray(value.functionCalls) && value.functionCalls.length === 0);
  if (value.text === undefined && noCalls) {
    problems.push({ path: at, message: 'a turn needs "text", at least one function call, or both' });
  }
  if (value.expect !== undefined) turn.expect = validateExpectation(value.expect, `${at}.expect`, problems);
  if (value.delayMs !== undefined) {
    if (typeof value.delayMs !== 'number' || !Number.isFinite(value.delayMs) || value.delayMs < 0) {
      problems.push({
        path: `${at}.delayMs`,
        message: `expected a number of milliseconds (0 or more), got ${describeValue(value.delayMs)}`,
      });
    } else {
      turn.delayMs = value.delayMs;
    }
  }
  return turn;
}

function validateFunctionCall(
  value: unknown,
  at: string,
  problems: ScenarioProblem[],
): ScenarioFunctionCall | undefined {
  if (!isPlainObject(value)) {
    problems.push({ path: at, message: `expected an object with "name" and "args", got ${describeValue(value)}` });
    return undefined;
  }
  checkKeys(value, functionCallKeys, at, problems);
  let valid = true;
  if (typeof value.name !== 'string') {
    problems.push({
      path: `${at}.name`,
      message:
        value.name === undefined
          ? 'is required: the tool to call'
          : `expected a string, got ${describeValue(value.name)}`,
    });
    valid = false;
  } else if (value.name.trim() === '') {
    problems.push({ path: `${at}.name`, message: 'must not be empty' });
    valid = false;
  }
  if (value.args !== undefined && !isPlainObject(value.args)) {
    problems.push({ path: `${at}.args`, message: `expected an object of arguments, got ${describeValue(value.args)}` });
    valid = false;
  }
  if (value.id !== undefined && (typeof value.id !== 'string' || value.id === '')) {
    problems.push({ path: `${at}.id`, message: `expected a non-empty string, got ${describeValue(value.id)}` });
    valid = false;
  }
  if (!valid) return undefined;
  const call: ScenarioFunctionCall = {
    name: value.name as string,
    args: (value.args as Record<string, unknown> | undefined) ?? {},
  };
  if (typeof value.id === 'string') call.id = value.id;
  return call;
}

function validateExpectation(value: unknown, at: string, problems: ScenarioProblem[]): ScenarioExpectation | undefined {
  if (!isPlainObject(value)) {
    problems.push({
      path: at,
      message: `expected an object with ${expectationKeys.map((key) => `"${key}"`).join(' or ')}, got ${describeValue(value)}`,
    });
    return undefined;
  }
  checkKeys(value, expectationKeys, at, problems);
  const expectation: ScenarioExpectation = {
    functionResponseContains: stringOrStrings(
      value.functionResponseContains,
      `${at}.functionResponseContains`,
      problems,
    ),
    textContains: stringOrStrings(value.textContains, `${at}.textContains`, problems),
  };
  if (expectation.functionResponseContains.length === 0 && expectation.textContains.length === 0) {
    if (!problems.some((problem) => problem.path.startsWith(at))) {
      problems.push({
        path: at,
        message: `expects nothing; give ${expectationKeys.map((key) => `"${key}"`).join(' or ')}`,
      });
    }
    return undefined;
  }
  return expectation;
}

function stringOrStrings(value: unknown, at: string, problems: ScenarioProblem[]): string[] {
  if (value === undefined) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list)) {
    problems.push({ path: at, message: `expected a string or an array of strings, got ${describeValue(value)}` });
    return [];
  }
  const strings: string[] = [];
  list.forEach((item, index) => {
    if (typeof item === 'string' && item !== '') strings.push(item);
    else
      problems.push({
        path: Array.isArray(value) ? `${at}[${index}]` : at,
        message: `expected a non-empty string, got ${describeValue(item)}`,
      });
  });
  return strings;
}

/** `record[key]` when it is a string; a problem when it is there but not one. */
export function optionalText(
  record: Record<string, unknown>,
  key: string,
  at: string,
  problems: ScenarioProblem[],
): string | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    problems.push({ path: join(at, key), message: `expected a string, got ${describeValue(value)}` });
    return undefined;
  }
  return value;
}

/** A problem, with the closest allowed name, for each key of `record` not in `allowed`. */
export function checkKeys(
  record: Record<string, unknown>,
  allowed: readonly string[],
  at: string,
  problems: ScenarioProblem[],
): void {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) {
      const expected = allowed.filter((name) => name !== '$schema');
      const suggestion = suggestClosest(key, expected);
      problems.push({
        path: join(at, key),
        message: `unknown key; ${suggestion ? `did you mean "${suggestion}"? ` : ''}expected one of ${expected.join(', ')}`,
      });
    }
  }
}

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}
