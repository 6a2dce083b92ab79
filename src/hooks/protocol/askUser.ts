/**
 * The ask policy's contract: what a host's
 * `Config.onAskUser` is asked when a BeforeTool hook answers `ask`, what it may answer, and how the
 * call's outcome records the answer.
 */

/** What `Config.onAskUser` is asked: one tool call a hook wants the user to confirm. */
export interface AskUserRequest {
  toolName: string;
  /** The arguments the call would run with (a BeforeTool rewrite already applied). */
  toolInput: Record<string, unknown>;
  /** Why the hook asks: its `reason`, or Claude Code's `permissionDecisionReason`. */
  reason: string;
  /** The hook that asked (the first, when several did). */
  hookName?: string;
  /** The call's id, when it runs in a toolCall machine (scheduler, agent, `runToolCall`). */
  callId?: string;
  /** The session whose call asks (the Config's id outside a session): a host serving several sessions asks that session's user. */
  sessionId: string;
  /** Aborted once the answer is no longer wanted: the call was cancelled, or the bound passed. */
  signal: AbortSignal;
}

/** The two answers to an ask. */
export type AskUserDecision = 'allow' | 'deny';

/** What `onAskUser` resolves with: a decision, optionally with the reason the model reads on a deny. */
export type AskUserAnswer = AskUserDecision | { decision: AskUserDecision; reason?: string };

/**
 * The host's answer to a hook's `ask`. A callback that throws, answers anything but allow or
 * deny, or does not answer within `Config.askUserTimeout` denies the call, with a reason naming the failure.
 */
export type AskUserCallback = (request: AskUserRequest) => AskUserAnswer | Promise<AskUserAnswer>;

/** How long `onAskUser` may take before the call is denied (5 minutes: a person answers). */
export const DEFAULT_ASK_USER_TIMEOUT_MS = 300_000;

/**
 * Who settled an ask: `onAskUser` (the host answered), `default` (no `onAskUser`: HOOK-182, allowed),
 * `failure` (the callback threw, hung past the bound or answered nonsense: denied), `cancelled` (the
 * call was cancelled while asking: denied), `PermissionRequest` (a Claude Code PermissionRequest hook
 * answered on the user's behalf; the user was not asked).
 */
export type AskAnsweredBy = 'onAskUser' | 'default' | 'failure' | 'cancelled' | 'PermissionRequest';

/** How a hook's `ask` was settled, kept on the call's outcome for hosts and the CLI. */
export interface AskRecord {
  /** The hook's reason for asking. */
  reason: string;
  /** The hooks that asked. */
  hookNames: readonly string[];
  decision: AskUserDecision;
  /** The answer's own reason: the user's, or what went wrong. */
  decisionReason?: string;
  answeredBy: AskAnsweredBy;
}
