/**
 * Runs one hook test case for real: the Config `hooks fire` builds (fireConfig.ts) for the case's
 * settings and project, the payload `hooks fire` builds from the same fields (firePayload.ts), the
 * fire and its decision (fireEvent.ts), then the case's expectations. A hook that times out fails
 * its case (the runner killed it at its timeout); so does a hook that failed, unless the case allows
 * hook errors. Nothing a case does fails the run: a case that cannot even start is an error result.
 */
import { getHookName } from '../../hooks/protocol/hookConfig.js';
import type { HookExecutionResult } from '../../hooks/protocol/results.js';
import { HookEventName, isToolEvent } from '../../hooks/protocol/events.js';
import { hookDecisionOf } from '../../inspection/hookRecords.js';
import type { HookRecordDecision } from '../../inspection/records.js';
import { toError } from '../../errors.js';
import { isPlainObject } from '../../values.js';
import { stringListOption, stringOption, type ParsedArgs } from '../args.js';
import type { CommandContext } from '../context.js';
import { CliError } from '../errors.js';
import { fireEvent } from '../fireEvent.js';
import { loadFireConfig } from '../fireConfig.js';
import type { FireDecision } from '../fireDecision.js';
import {
  buildFirePayload,
  checkFireOptions,
  modelFirePayload,
  parseEventName,
  toModelRequest,
  toModelResponse,
  type FirePayload,
  type NamedEvent,
} from '../firePayload.js';
import { fireConversation, openFireTranscript } from '../fireTranscript.js';
import type { HookTestCase } from './caseFile.js';
import { checkExpectations, describeDecision } from './expectations.js';

/** One hook of a case: what it answered and how long it took. */
export interface CaseHookResult {
  name: string;
  decision: HookRecordDecision;
  durationMs: number;
  timedOut: boolean;
  success: boolean;
}

/** A case's result. */
export interface CaseResult {
  testCase: HookTestCase;
  /** `pass`, `fail` (an expectation failed), or `error` (the case could not run). */
  status: 'pass' | 'fail' | 'error';
  failures: string[];
  /** What came out, in words (`denied (reason)`, `allowed`). */
  outcome: string;
  /** The hook whose answer decided (the strongest), else every hook that ran, else `(none matched)`. */
  decidingHook: string;
  hooks: CaseHookResult[];
  durationMs: number;
  decision?: FireDecision;
  /** The settings' warnings met while loading the case's Config. */
  warnings: string[];
}

/** Options of {@link runCase}. */
export interface RunCaseOptions {
  context: CommandContext;
  /** The command line (its `--cwd`, `--settings`, `--plugin`, `--scenario`, `--model`, `--function-hooks`). */
  args: ParsedArgs;
  commandName: string;
  testCase: HookTestCase;
  /** Cancels the case after this many milliseconds: its hooks are killed and the case fails. */
  caseTimeoutMs?: number;
}

/** The events that take a model request instead of a tool or lifecycle fields. */
const modelEvents: readonly HookEventName[] = [
  HookEventName.BeforeModel,
  HookEventName.AfterModel,
  HookEventName.BeforeToolSelection,
];

/** Strongest first, as the inspection records rank one hook's answer. */
const decisionRank: readonly HookRecordDecision[] = [
  'stop',
  'block',
  'deny',
  'ask',
  'modify',
  'suppress',
  'context',
  'allow',
  'none',
  'error',
];

/** Runs the case; never rejects. */
export async function runCase(options: RunCaseOptions): Promise<CaseResult> {
  const { context, testCase } = options;
  const started = performance.now();
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  context.signal.addEventListener('abort', onAbort, { once: true });
  let caseTimedOut = false;
  const timer =
    options.caseTimeoutMs !== undefined
      ? setTimeout(() => {
          caseTimedOut = true;
          controller.abort();
        }, options.caseTimeoutMs)
      : undefined;
  const warnings: string[] = [];
  try {
    const named = parseEventName(testCase.event);
    const caseArgs = caseCommandLine(options.args, testCase);
    const loaded = await loadFireConfig({
      context,
      args: caseArgs,
      commandName: options.commandName,
      ...(testCase.hookModel ? { hookModelTurns: testCase.hookModel } : {}),
    });
    warnings.push(...loaded.warnings);
    const fired = await casePayload(context, testCase, named, loaded.workingDir);
    const transcript = await openFireTranscript({
      invocationDir: context.io.cwd,
      commandName: options.commandName,
      conversation: fireConversation(named.eventName, fired.payload),
      sessionId: loaded.config.getSessionId(),
      cwd: loaded.workingDir,
    });
    try {
      loaded.config.setTranscriptPath(transcript.path);
      const outcome = await fireEvent({
        config: loaded.config,
        eventName: named.eventName,
        fired,
        signal: controller.signal,
      });
      const results = [...outcome.details.results, ...outcome.background];
      const failures = [
        ...(caseTimedOut
          ? [`the case took longer than ${options.caseTimeoutMs} ms (--case-timeout): its hooks were cancelled`]
          : []),
        ...hookFailures(results, testCase.allowHookErrors),
        ...checkExpectations(testCase, outcome.decision, fired.inputs.toolInput),
      ];
      return {
        testCase,
        status: failures.length === 0 ? 'pass' : 'fail',
        failures,
        outcome: describeDecision(outcome.decision),
        decidingHook: decidingHook(outcome.details.results),
        hooks: results.map((result) => ({
          name: getHookName(result.hookConfig),
          decision: hookDecisionOf(result),
          durationMs: Math.round(result.duration * 10) / 10,
          timedOut: result.timedOut === true,
          success: result.success,
        })),
        durationMs: Math.round(performance.now() - started),
        decision: outcome.decision,
        warnings,
      };
    } finally {
      await transcript.dispose();
    }
  } catch (error) {
    return {
      testCase,
      status: 'error',
      failures: [caseFieldNames(toError(error).message)],
      outcome: 'did not run',
      decidingHook: '',
      hooks: [],
      durationMs: Math.round(performance.now() - started),
      warnings,
    };
  } finally {
    if (timer) clearTimeout(timer);
    context.signal.removeEventListener('abort', onAbort);
  }
}

/** The command line a case runs with: its settings after the command line's, its project and scenario over the command line's. */
function caseCommandLine(args: ParsedArgs, testCase: HookTestCase): ParsedArgs {
  const values = { ...args.values, settings: [...stringListOption(args, 'settings'), ...testCase.settings] };
  const cwd = testCase.cwd ?? stringOption(args, 'cwd');
  const scenario = testCase.scenario ?? stringOption(args, 'scenario');
  return { ...args, values: { ...values, cwd, scenario } };
}

/**
 * The fire's payload from the case's fields, built by `hooks fire`'s own code: a full payload in any
 * dialect is read field by field (tool_name, tool_input, tool_response, error; the rest are the
 * event's fields), model events take the request and response objects.
 */
async function casePayload(
  context: CommandContext,
  testCase: HookTestCase,
  named: NamedEvent,
  workingDir: string,
): Promise<FirePayload> {
  if (testCase.request !== undefined || testCase.modelResponse !== undefined) {
    if (!modelEvents.includes(named.eventName)) {
      throw new CliError(
        `"request" and "modelResponse" are for BeforeModel, AfterModel and BeforeToolSelection, not ${testCase.event}`,
      );
    }
    if (testCase.request === undefined)
      throw new CliError(`${testCase.event} needs "request": GenerateContentParameters like {"contents": [...]}`);
    const request = toModelRequest(testCase.request, 'request');
    const response =
      testCase.modelResponse !== undefined ? await toModelResponse(testCase.modelResponse, 'modelResponse') : undefined;
    if (named.eventName === HookEventName.AfterModel && !response)
      throw new CliError('AfterModel needs "modelResponse": GenerateContentResponse like {"candidates": [...]}');
    return modelFirePayload(request, response);
  }
  const {
    hook_event_name: _event,
    tool_name: payloadTool,
    tool_input: payloadInput,
    tool_response: payloadResponse,
    error: payloadError,
    ...rest
  } = testCase.payload ?? {};
  const tool = testCase.tool ?? (typeof payloadTool === 'string' ? payloadTool : undefined);
  const input = testCase.input ?? (isPlainObject(payloadInput) ? payloadInput : undefined);
  const response =
    testCase.response ?? payloadResponse ?? (named.claudeEvent === 'PostToolUseFailure' ? payloadError : undefined);
  const values: ParsedArgs['values'] = {};
  if (tool !== undefined) values['tool'] = tool;
  if (input !== undefined) values['input'] = JSON.stringify(input);
  if (response !== undefined) values['response'] = JSON.stringify(response);
  // The base fields of a full payload come from the fire itself (its session, transcript and project).
  const { session_id: _session, transcript_path: _transcript, cwd: _cwd, timestamp: _timestamp, ...fields } = rest;
  if (!isToolEvent(named.eventName) && Object.keys(fields).length > 0) values['payload'] = JSON.stringify(fields);
  const fireArgs: ParsedArgs = { values, positionals: [testCase.event], help: false, debug: false, noColor: false };
  checkFireOptions(named, fireArgs);
  return buildFirePayload(context, fireArgs, named, workingDir);
}

/** `hooks fire`'s option names in a message, as the case's field names. */
function caseFieldNames(message: string): string {
  return message
    .replace(/--response-file\b/g, '"modelResponse"')
    .replace(/--(tool|input|response|payload|request)\b/g, '"$1"');
}

/** A timeout fails the case; so does any other failure of a hook unless the case allows hook errors. */
function hookFailures(results: readonly HookExecutionResult[], allowHookErrors: boolean): string[] {
  return results.flatMap((result) => {
    const name = getHookName(result.hookConfig);
    if (result.timedOut) {
      const timeout =
        result.hookConfig.timeout !== undefined ? `${result.hookConfig.timeout} ms` : 'its default timeout';
      return [`hook ${name} timed out after ${timeout} and was killed`];
    }
    if (allowHookErrors || hookDecisionOf(result) !== 'error') return [];
    const reason =
      result.error?.message ?? (result.exitCode !== undefined ? `exit code ${result.exitCode}` : 'it did not run');
    return [`hook ${name} failed (fail-open; "allowHookErrors": true accepts it): ${reason}`];
  });
}

/** The hook whose answer decided the fire: the strongest answer; with none, every hook that ran. */
function decidingHook(results: readonly HookExecutionResult[]): string {
  if (results.length === 0) return '(none matched)';
  const ranked = results
    .map((result) => ({ name: getHookName(result.hookConfig), rank: decisionRank.indexOf(hookDecisionOf(result)) }))
    .sort((left, right) => left.rank - right.rank);
  const strongest = ranked[0]!;
  return strongest.rank < decisionRank.indexOf('allow') ? strongest.name : ranked.map((entry) => entry.name).join(', ');
}
