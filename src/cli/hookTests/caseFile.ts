/**
 * Hook test case files (`hookrail hooks test FILE...`): the one schema, documented in
 * docs/hook-tests.md. A file is JSON — an array of cases, or an object with file-wide `cwd`,
 * `settings`, `scenario` and `cases` — or JSON Lines (`.jsonl`, one case per line). One case:
 *
 * ```jsonc
 * {
 *   "name": "rm -rf is refused",                // default: "<file>#<n>"
 *   "event": "BeforeTool",                      // hookrail's or Claude Code's name; default BeforeTool with "tool",
 *                                               // else the payload's hook_event_name
 *   "tool": "run_shell_command",                // or Claude Code's "Bash" (then "input" uses Claude's argument names)
 *   "input": { "command": "rm -rf build" },
 *   "response": { "llmContent": "..." },        // AfterTool / PostToolUse: the tool's result
 *   "payload": { "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {} }, // or a full payload, any dialect
 *   "request": { "contents": [] }, "modelResponse": { "candidates": [] }, // model events
 *   "settings": ["hooks.json"], "cwd": "..",    // per case; paths relative to the case file
 *   "hookModel": [{ "text": "{\"ok\": false, \"reason\": \"no\"}" }], // scripted answers for prompt/agent hooks
 *   "should": "block",                          // guard scores: "block" or "allow"
 *   "expect": { "denied": "recursive delete" }, // allowed, denied, asked, input, context, stopped, suppressed
 *   "allowHookErrors": false                    // a hook that fails (not a timeout) fails the case unless true
 * }
 * ```
 *
 * Every problem is reported with its file and JSON path, all at once.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseScenario, type ScenarioTurn } from '../../adapters/models/scenario.js';
import { parseJsonText } from '../../adapters/jsonFile.js';
import { ScenarioError } from '../../errors.js';
import { describeValue, isPlainObject } from '../../values.js';
import { suggestClosest } from '../../suggestClosest.js';
import { CliError } from '../errors.js';

/** What a case expects of the decision; every field given must hold. */
export interface CaseExpectation {
  /** true: the call goes ahead (not blocked, stopped or asked); false: it does not. */
  allowed?: boolean;
  /** true, or a regular expression the block reason must match. */
  denied?: true | RegExp;
  /** true, or a regular expression the reason shown to the user must match. */
  asked?: true | RegExp;
  /** The input the tool would run with contains these fields (a partial, deep match). */
  input?: Record<string, unknown>;
  /** The additional context or system message contains this text. */
  context?: string;
  /** true, or a regular expression the stop reason must match. */
  stopped?: true | RegExp;
  suppressed?: boolean;
}

/** One test case, checked and with its paths resolved. */
export interface HookTestCase {
  name: string;
  /** The file and the case's JSON path in it (`guard.json cases[3]`), for messages. */
  location: string;
  /** The case file as given on the command line. */
  source: string;
  file: string;
  /** The event as written (`BeforeTool` or Claude's `PreToolUse`). */
  event: string;
  tool?: string;
  input?: Record<string, unknown>;
  response?: unknown;
  /** Lifecycle fields (or the rest of a full payload). */
  payload?: Record<string, unknown>;
  request?: Record<string, unknown>;
  modelResponse?: Record<string, unknown>;
  /** Absolute paths. */
  settings: string[];
  cwd?: string;
  scenario?: string;
  hookModel?: ScenarioTurn[];
  should?: 'block' | 'allow';
  expect: CaseExpectation;
  allowHookErrors: boolean;
}

/** A case problem: where, and what is wrong. */
interface Problem {
  path: string;
  message: string;
}

const caseKeys = [
  'name',
  'event',
  'tool',
  'input',
  'response',
  'payload',
  'request',
  'modelResponse',
  'settings',
  'cwd',
  'hookModel',
  'should',
  'expect',
  'allowHookErrors',
];
const fileKeys = ['$schema', 'cwd', 'settings', 'scenario', 'cases'];
const expectKeys = ['allowed', 'denied', 'asked', 'input', 'context', 'stopped', 'suppressed'];

/** The defaults a file gives its cases. */
interface FileDefaults {
  settings: string[];
  cwd?: string;
  scenario?: string;
}

/** Reads every case of one file; a {@link CliError} lists every problem with its JSON path. */
export async function readCaseFile(file: string, invocationDir: string): Promise<HookTestCase[]> {
  const path = resolve(invocationDir, file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `${file}: ${code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a directory' : String(error)} (${path})`,
    );
  }
  const problems: Problem[] = [];
  const cases = path.endsWith('.jsonl')
    ? readJsonLines(text, file, path, problems)
    : readJsonDocument(text, file, path, problems);
  if (problems.length > 0) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    throw new CliError(
      `${file}: invalid test cases (${count}):\n${problems.map((problem) => `  ${problem.path}: ${problem.message}`).join('\n')}`,
    );
  }
  return cases;
}

function readJsonLines(text: string, file: string, path: string, problems: Problem[]): HookTestCase[] {
  const cases: HookTestCase[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const at = `line ${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      problems.push({ path: at, message: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    const checked = checkCase(value, { at, file, path, defaults: { settings: [] }, index: cases.length, problems });
    if (checked) cases.push(checked);
  });
  if (cases.length === 0 && problems.length === 0) problems.push({ path: '(file)', message: 'holds no cases' });
  return cases;
}

function readJsonDocument(text: string, file: string, path: string, problems: Problem[]): HookTestCase[] {
  let value: unknown;
  try {
    value = parseJsonText(text, file);
  } catch (error) {
    problems.push({ path: '(file)', message: (error as Error).message });
    return [];
  }
  let list: unknown = value;
  const defaults: FileDefaults = { settings: [] };
  let prefix = '';
  if (isPlainObject(value)) {
    checkKeys(value, fileKeys, '', problems);
    const base = dirname(path);
    defaults.settings = pathList(value['settings'], 'settings', base, problems);
    const cwd = optionalString(value, 'cwd', '', problems);
    if (cwd !== undefined) defaults.cwd = resolve(base, cwd);
    const scenario = optionalString(value, 'scenario', '', problems);
    if (scenario !== undefined) defaults.scenario = resolve(base, scenario);
    list = value['cases'];
    prefix = 'cases';
  }
  if (!Array.isArray(list) || list.length === 0) {
    problems.push({
      path: prefix || '(root)',
      message: `expected a non-empty array of test cases${prefix ? '' : ' (or an object with "cases")'}, got ${describeValue(list)}`,
    });
    return [];
  }
  return list.flatMap(
    (item, index) => checkCase(item, { at: `${prefix}[${index}]`, file, path, defaults, index, problems }) ?? [],
  );
}

/** Where a case sits, and the file's defaults. */
interface CaseSite {
  at: string;
  file: string;
  path: string;
  defaults: FileDefaults;
  index: number;
  problems: Problem[];
}

function checkCase(value: unknown, site: CaseSite): HookTestCase | undefined {
  const { at, problems } = site;
  if (!isPlainObject(value)) {
    problems.push({ path: at, message: `expected a test case object, got ${describeValue(value)}` });
    return undefined;
  }
  const before = problems.length;
  checkKeys(value, caseKeys, at, problems);
  const base = dirname(site.path);
  const payload = optionalObject(value, 'payload', at, problems);
  const tool = optionalString(value, 'tool', at, problems);
  const givenEvent = optionalString(value, 'event', at, problems);
  const payloadEvent = typeof payload?.['hook_event_name'] === 'string' ? payload['hook_event_name'] : undefined;
  const event =
    givenEvent ?? payloadEvent ?? (tool !== undefined || value['input'] !== undefined ? 'BeforeTool' : undefined);
  if (event === undefined)
    problems.push({ path: at, message: 'needs "event" (or "tool", or a "payload" with hook_event_name)' });
  if (givenEvent !== undefined && payloadEvent !== undefined && givenEvent !== payloadEvent) {
    problems.push({
      path: `${at}.event`,
      message: `"${givenEvent}" differs from payload.hook_event_name "${payloadEvent}"`,
    });
  }
  const should = value['should'];
  if (should !== undefined && should !== 'block' && should !== 'allow')
    problems.push({ path: `${at}.should`, message: `expected "block" or "allow", got ${describeValue(should)}` });
  const caseSettings = pathList(value['settings'], `${at}.settings`, base, problems);
  const cwd = optionalString(value, 'cwd', at, problems);
  const allowHookErrors = value['allowHookErrors'];
  if (allowHookErrors !== undefined && typeof allowHookErrors !== 'boolean')
    problems.push({
      path: `${at}.allowHookErrors`,
      message: `expected true or false, got ${describeValue(allowHookErrors)}`,
    });
  const expectation = checkExpectation(value['expect'], `${at}.expect`, problems);
  if (should === undefined && value['expect'] === undefined)
    problems.push({ path: at, message: 'expects nothing: give "expect" or "should"' });
  const hookModel = checkHookModel(value['hookModel'], `${at}.hookModel`, site, problems);
  const input = optionalObject(value, 'input', at, problems);
  const request = optionalObject(value, 'request', at, problems);
  const modelResponse = optionalObject(value, 'modelResponse', at, problems);
  const name = optionalString(value, 'name', at, problems) ?? `${basename(site.file)}#${site.index + 1}`;
  if (problems.length > before || event === undefined) return undefined;
  const testCase: HookTestCase = {
    name,
    location: `${site.file} ${at}`,
    source: site.file,
    file: site.path,
    event,
    settings: [...site.defaults.settings, ...caseSettings],
    expect: expectation,
    allowHookErrors: allowHookErrors === true,
  };
  if (tool !== undefined) testCase.tool = tool;
  if (input !== undefined) testCase.input = input;
  if (value['response'] !== undefined) testCase.response = value['response'];
  if (payload !== undefined) testCase.payload = payload;
  if (request !== undefined) testCase.request = request;
  if (modelResponse !== undefined) testCase.modelResponse = modelResponse;
  const resolvedCwd = cwd !== undefined ? resolve(base, cwd) : site.defaults.cwd;
  if (resolvedCwd !== undefined) testCase.cwd = resolvedCwd;
  if (site.defaults.scenario !== undefined) testCase.scenario = site.defaults.scenario;
  if (hookModel !== undefined) testCase.hookModel = hookModel;
  if (should === 'block' || should === 'allow') testCase.should = should;
  return testCase;
}

function checkExpectation(value: unknown, at: string, problems: Problem[]): CaseExpectation {
  if (value === undefined) return {};
  if (!isPlainObject(value)) {
    problems.push({
      path: at,
      message: `expected an object with ${expectKeys.join(', ')}, got ${describeValue(value)}`,
    });
    return {};
  }
  checkKeys(value, expectKeys, at, problems);
  const expectation: CaseExpectation = {};
  for (const key of ['allowed', 'suppressed'] as const) {
    if (value[key] === undefined) continue;
    if (typeof value[key] === 'boolean') expectation[key] = value[key];
    else problems.push({ path: `${at}.${key}`, message: `expected true or false, got ${describeValue(value[key])}` });
  }
  for (const key of ['denied', 'asked', 'stopped'] as const) {
    const given = value[key];
    if (given === undefined) continue;
    if (given === true) expectation[key] = true;
    else if (typeof given === 'string' && given !== '') {
      try {
        expectation[key] = new RegExp(given);
      } catch (error) {
        problems.push({ path: `${at}.${key}`, message: `not a valid regular expression: ${(error as Error).message}` });
      }
    } else
      problems.push({
        path: `${at}.${key}`,
        message: `expected true or a regular expression the reason must match, got ${describeValue(given)}`,
      });
  }
  const input = optionalObject(value, 'input', at, problems);
  if (input !== undefined) expectation.input = input;
  const context = optionalString(value, 'context', at, problems);
  if (context !== undefined) expectation.context = context;
  return expectation;
}

/** A case's scripted hook-model turns, checked by the scenario reader (same turn format, same messages). */
function checkHookModel(value: unknown, at: string, site: CaseSite, problems: Problem[]): ScenarioTurn[] | undefined {
  if (value === undefined) return undefined;
  try {
    return parseScenario({ turns: value }, site.path).turns;
  } catch (error) {
    const scenarioProblems = error instanceof ScenarioError ? error.problems : [];
    if (scenarioProblems.length === 0) problems.push({ path: at, message: (error as Error).message });
    for (const problem of scenarioProblems)
      problems.push({ path: problem.path.replace(/^turns/, at), message: problem.message });
    return undefined;
  }
}

function pathList(value: unknown, at: string, base: string, problems: Problem[]): string[] {
  if (value === undefined) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((item): item is string => typeof item === 'string' && item !== '')) {
    problems.push({ path: at, message: `expected a file path or an array of them, got ${describeValue(value)}` });
    return [];
  }
  return list.map((item) => resolve(base, item));
}

function optionalString(
  value: Record<string, unknown>,
  key: string,
  at: string,
  problems: Problem[],
): string | undefined {
  const given = value[key];
  if (given === undefined) return undefined;
  if (typeof given === 'string' && given !== '') return given;
  problems.push({ path: join(at, key), message: `expected a non-empty string, got ${describeValue(given)}` });
  return undefined;
}

function optionalObject(
  value: Record<string, unknown>,
  key: string,
  at: string,
  problems: Problem[],
): Record<string, unknown> | undefined {
  const given = value[key];
  if (given === undefined) return undefined;
  if (isPlainObject(given)) return given;
  problems.push({ path: join(at, key), message: `expected an object, got ${describeValue(given)}` });
  return undefined;
}

function checkKeys(value: Record<string, unknown>, known: readonly string[], at: string, problems: Problem[]): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const suggestion = suggestClosest(key, known);
    problems.push({
      path: join(at, key),
      message: `unknown field${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; known: ${known.join(', ')}`,
    });
  }
}

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}
