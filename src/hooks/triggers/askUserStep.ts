/**
 * The ask step of a tool call, shared by `executeToolWithHooks` and the toolCall machine's
 * `asking` state: a BeforeTool hook answered `ask`, so Claude Code's PermissionRequest hooks may
 * answer for the user (permissionRequestTrigger.ts); else — one ask at a time, in request order (see
 * askQueue.ts) — a Notification fires (`ToolPermission`), `Config.onAskUser` is asked within its
 * bound, and the answer turns the call into `proceed` (allow) or `blocked` (deny). Never throws: a
 * callback that throws, hangs past `askUserTimeout` or answers nonsense denies the call, with a
 * reason naming the failure.
 */
import { AskUserError, toError, type AskUserFailureKind } from '../../errors.js';
import type { Config } from '../engine/config.js';
import type {
  AskAnsweredBy,
  AskRecord,
  AskUserCallback,
  AskUserDecision,
  AskUserRequest,
} from '../protocol/askUser.js';
import { DefaultHookOutput } from '../protocol/outputs.js';
import type { HookSession } from '../protocol/hookConfig.js';
import type { ToolResult } from '../protocol/results.js';
import { createAskDeniedToolResult, createStoppedToolResult } from '../protocol/toolHookEffects.js';
import { isPlainObject } from '../../values.js';
import { sharedAskQueue, type AskQueue } from './askQueue.js';
import { fireNotificationHook } from './lifecycleHookTriggers.js';
import {
  firePermissionRequestHook,
  PERMISSION_REQUEST_EVENT,
  type PermissionRequestAnswer,
} from './permissionRequestTrigger.js';
import type { AskDecision } from '../protocol/beforeToolDecision.js';

/** Gemini CLI's `notification_type` for a tool call that waits for the user's permission. */
export const ASK_NOTIFICATION_TYPE = 'ToolPermission';

/**
 * What the ask step makes of an ask: proceed (allowed) or blocked (denied), with how it was settled;
 * stopped when a PermissionRequest hook denied with `interrupt` (the agent stops too).
 */
export type AskStepResult =
  | { kind: 'proceed'; args: Record<string, unknown>; modified: boolean; output: DefaultHookOutput; asked: AskRecord }
  | { kind: 'blocked'; result: ToolResult; output: DefaultHookOutput; asked: AskRecord }
  | { kind: 'stopped'; result: ToolResult; stopReason: string; output: DefaultHookOutput; asked: AskRecord };

/** An answer as the step settled it. */
export interface SettledAnswer {
  decision: AskUserDecision;
  /** The answer's reason: the user's, or what went wrong. */
  decisionReason?: string;
  answeredBy: AskAnsweredBy;
}

/** Options of {@link runAskStep}. */
export interface AskStepOptions {
  config: Config;
  toolName: string;
  /** The ask decision of the BeforeTool step. */
  decision: AskDecision;
  callId?: string;
  /** The scheduler's queue; default: one queue per Config, first come, first served. */
  queue?: AskQueue;
  /** The call's position in its scheduler batch (request order). */
  position?: number;
  /** Aborting (the call was cancelled) ends the ask with a deny and aborts the request's signal. */
  signal?: AbortSignal;
  /** The session whose call asks: its Notification hooks fire for it, and `onAskUser` is told its id. Default the Config's. */
  session?: HookSession;
}

/**
 * Settles a hook's `ask`. Without `onAskUser`, HOOK-182: allowed. Otherwise Claude Code's
 * PermissionRequest hooks may answer on the user's behalf; without their decision the ask waits for
 * its turn in the queue, fires Notification, asks the host within `askUserTimeout`, and decides.
 */
export async function runAskStep(options: AskStepOptions): Promise<AskStepResult> {
  const callback = options.config.getOnAskUser();
  if (!callback)
    return decideAskAnswer({
      toolName: options.toolName,
      decision: options.decision,
      answer: { decision: 'allow', answeredBy: 'default' },
    });
  const hookAnswer = await firePermissionRequestHook(
    options.config,
    { toolName: options.toolName, toolInput: options.decision.args },
    { signal: options.signal, ...(options.session ? { session: options.session } : {}) },
  );
  if (hookAnswer.kind !== 'none' && options.signal?.aborted !== true)
    return decidePermissionRequestAnswer({ toolName: options.toolName, decision: options.decision, hookAnswer });
  const queue = options.queue ?? sharedAskQueue(options.config);
  let answer: SettledAnswer;
  try {
    answer = await queue.run({
      position: options.position,
      signal: options.signal,
      task: () => askOnce(options, callback),
    });
  } catch {
    // Only an abort while waiting for the turn rejects: askOnce never does.
    answer = cancelledAnswer();
  }
  return decideAskAnswer({ toolName: options.toolName, decision: options.decision, answer });
}

/** Options of {@link decideAskAnswer}. */
export interface DecideAskAnswerOptions {
  toolName: string;
  decision: AskDecision;
  answer: SettledAnswer;
}

/** Allow → proceed with the asked-about arguments; deny → blocked with a result saying why. */
export function decideAskAnswer(options: DecideAskAnswerOptions): AskStepResult {
  const { decision, answer } = options;
  const asked: AskRecord = {
    reason: decision.reason,
    hookNames: decision.hookNames,
    decision: answer.decision,
    answeredBy: answer.answeredBy,
  };
  if (answer.decisionReason !== undefined) asked.decisionReason = answer.decisionReason;
  if (answer.decision === 'allow')
    return { kind: 'proceed', args: decision.args, modified: decision.modified, output: decision.output, asked };
  const reason = answer.decisionReason ?? `the user said no (the hook asked: ${decision.reason})`;
  return {
    kind: 'blocked',
    result: createAskDeniedToolResult({ toolName: options.toolName, reason }),
    output: decision.output,
    asked,
  };
}

/** Options of {@link decidePermissionRequestAnswer}. */
export interface DecidePermissionRequestAnswerOptions {
  toolName: string;
  decision: AskDecision;
  hookAnswer: Exclude<PermissionRequestAnswer, { kind: 'none' }>;
}

/**
 * A PermissionRequest hook's answer in the user's place: allow runs the call (with its `updatedInput`
 * over the asked-about arguments), deny blocks it with the hook's message, and a deny with `interrupt`
 * also stops the agent.
 */
export function decidePermissionRequestAnswer(options: DecidePermissionRequestAnswerOptions): AskStepResult {
  const { decision, hookAnswer } = options;
  if (hookAnswer.kind === 'allow') {
    const proceed = decideAskAnswer({
      toolName: options.toolName,
      decision,
      answer: {
        decision: 'allow',
        decisionReason: 'allowed by a PermissionRequest hook',
        answeredBy: PERMISSION_REQUEST_EVENT,
      },
    });
    if (proceed.kind !== 'proceed' || hookAnswer.toolInput === undefined) return proceed;
    return { ...proceed, args: { ...proceed.args, ...hookAnswer.toolInput }, modified: true };
  }
  const denied = decideAskAnswer({
    toolName: options.toolName,
    decision,
    answer: { decision: 'deny', decisionReason: hookAnswer.reason, answeredBy: PERMISSION_REQUEST_EVENT },
  });
  if (hookAnswer.stopReason === undefined || denied.kind !== 'blocked') return denied;
  const stopped = new DefaultHookOutput({ continue: false, stopReason: hookAnswer.stopReason });
  return {
    kind: 'stopped',
    result: createStoppedToolResult(stopped),
    stopReason: hookAnswer.stopReason,
    output: denied.output,
    asked: denied.asked,
  };
}

/** Options of {@link askUserFailure}. */
export interface AskUserFailureOptions {
  kind: AskUserFailureKind;
  toolName: string;
  /** `threw`: what it threw. */
  error?: unknown;
  /** `timeout`: the bound that passed. */
  timeout?: number;
  /** `invalid-answer`: what it answered. */
  answer?: unknown;
}

/** The error a failed `onAskUser` is reported with; its message is the deny reason. */
export function askUserFailure(options: AskUserFailureOptions): AskUserError {
  let detail: string;
  if (options.kind === 'threw') detail = `it threw: ${toError(options.error).message}`;
  else if (options.kind === 'timeout') detail = `no answer within ${options.timeout ?? 0} ms`;
  else detail = `it answered ${describeAnswer(options.answer)}, expected "allow" or "deny"`;
  return new AskUserError({
    kind: options.kind,
    toolName: options.toolName,
    message: `onAskUser failed, so the call is denied: ${detail}`,
    cause: options.error,
  });
}

/** The deny a failed callback gives. */
export function failedAnswer(error: AskUserError): SettledAnswer {
  return { decision: 'deny', decisionReason: error.message, answeredBy: 'failure' };
}

function cancelledAnswer(): SettledAnswer {
  return { decision: 'deny', decisionReason: 'the call was cancelled while asking', answeredBy: 'cancelled' };
}

/** Its turn has come: Notification fires while the host is asked; both are awaited. */
async function askOnce(options: AskStepOptions, callback: AskUserCallback): Promise<SettledAnswer> {
  const { config, toolName, decision } = options;
  const notification = fireNotificationHook(
    config,
    {
      notificationType: ASK_NOTIFICATION_TYPE,
      message: `Tool ${toolName} needs your permission: ${decision.reason}`,
      details: {
        tool_name: toolName,
        tool_input: decision.args,
        reason: decision.reason,
        hook_names: [...decision.hookNames],
      },
    },
    { signal: options.signal, ...(options.session ? { session: options.session } : {}) },
  );
  const answer = await answerWithinBound(options, callback);
  await notification;
  if (answer.answeredBy === 'failure') warn(config, toolName, answer.decisionReason ?? '');
  return answer;
}

/** Calls `onAskUser` and settles on its answer, the bound, or the call's cancellation, whichever comes first. */
function answerWithinBound(options: AskStepOptions, callback: AskUserCallback): Promise<SettledAnswer> {
  const { config, toolName, decision, signal } = options;
  const timeout = config.getAskUserTimeout();
  const controller = new AbortController();
  return new Promise<SettledAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: SettledAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
      resolve(answer);
    };
    const onCancel = (): void => {
      controller.abort(signal?.reason);
      finish(cancelledAnswer());
    };
    const timer = setTimeout(() => {
      const error = askUserFailure({ kind: 'timeout', toolName, timeout });
      controller.abort(error);
      finish(failedAnswer(error));
    }, timeout);
    if (signal?.aborted) {
      onCancel();
      return;
    }
    signal?.addEventListener('abort', onCancel, { once: true });
    const sessionId = options.session?.sessionId ?? options.config.getSessionId();
    const request: AskUserRequest = {
      toolName,
      toolInput: decision.args,
      reason: decision.reason,
      sessionId,
      signal: controller.signal,
    };
    if (decision.hookNames.length > 0) request.hookName = decision.hookNames[0];
    if (options.callId !== undefined) request.callId = options.callId;
    const threw = (error: unknown): void => finish(failedAnswer(askUserFailure({ kind: 'threw', toolName, error })));
    try {
      Promise.resolve(callback(request)).then((value) => finish(settleAnswer(value, toolName)), threw);
    } catch (error) {
      threw(error);
    }
  });
}

/** `allow` / `deny`, or `{ decision, reason? }`; anything else is a failed answer. */
function settleAnswer(value: unknown, toolName: string): SettledAnswer {
  if (value === 'allow' || value === 'deny') return { decision: value, answeredBy: 'onAskUser' };
  if (isPlainObject(value) && (value['decision'] === 'allow' || value['decision'] === 'deny')) {
    const reason = value['reason'];
    if (reason === undefined || typeof reason === 'string') {
      const answer: SettledAnswer = { decision: value['decision'], answeredBy: 'onAskUser' };
      if (typeof reason === 'string' && reason.trim() !== '') answer.decisionReason = reason;
      return answer;
    }
  }
  return failedAnswer(askUserFailure({ kind: 'invalid-answer', toolName, answer: value }));
}

/** The answer as JSON (cut after 120 characters): unlike `describeValue`, objects show their content. */
function describeAnswer(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 120 ? `${text.slice(0, 120)}…` : text;
  } catch {
    return String(value);
  }
}

function warn(config: Config, toolName: string, message: string): void {
  try {
    config.getDebugLogger().child('hooks:ask').warn(`${message} (tool '${toolName}')`, { toolName });
  } catch {
    // A broken logger must not turn a deny into a crash.
  }
}
