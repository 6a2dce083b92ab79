/**
 * Hooks judged by a model: the answer
 * both types end with, their defaults, and what an agent hook asks of the host's sub-agent runner.
 * The runner itself lives outside the hook system (it drives the session machine); the hook system
 * only knows this contract.
 */

/** The structured answer of a prompt or agent hook. */
export interface JudgedAnswer {
  /** `true`: the action may go on (or the agent may stop). `false`: block it (or make the agent go on). */
  ok: boolean;
  /** Why; the reason of a block, or the next user message when the agent must go on. */
  reason?: string;
}

/** A prompt hook's default timeout, 30 s (Claude Code's). */
export const DEFAULT_PROMPT_HOOK_TIMEOUT_MS = 30_000;

/** An agent hook's default timeout, 60 s (Claude Code's). */
export const DEFAULT_AGENT_HOOK_TIMEOUT_MS = 60_000;

/** Model calls an agent hook's sub-agent may make when the hook sets no `maxTurns`. */
export const DEFAULT_AGENT_HOOK_MAX_TURNS = 50;

/** The placeholder a judged hook's prompt may contain; the hook input JSON replaces it. */
export const ARGUMENTS_PLACEHOLDER = '$ARGUMENTS';

/** The one task an agent hook gives the host's sub-agent runner. */
export interface HookAgentTask {
  /** The full prompt: the hook's prompt with the input in it. */
  prompt: string;
  /** What the sub-agent is, what `ok` means on this event, and how to answer. */
  systemInstruction: string;
  /** Model calls the sub-agent may make. */
  maxTurns: number;
  /** The hook's `model`, when it names one; otherwise the runner's default. */
  model?: string;
  /** The hook's name (or a short form of its prompt), for logs, the transcript and progress. */
  hookName: string;
  /** Aborted at the hook's timeout and when the fire is cancelled; the sub-agent must stop. */
  signal: AbortSignal;
}

/** How a sub-agent run ended. */
export interface HookAgentOutcome {
  /** `completed` when the sub-agent answered; anything else is a failure of the hook. */
  status: 'completed' | 'stopped' | 'max_turns' | 'aborted' | 'error' | 'blocked';
  /** The sub-agent's last text: the answer to parse. */
  finalText: string;
  /** Model calls made. */
  turns: number;
  /** Tool calls the sub-agent made (names, in order). */
  toolCalls?: string[];
  /** Which model answered. */
  model: string;
  /** What went wrong, for any status but `completed`. */
  errorMessage?: string;
}

/**
 * Runs an agent hook's sub-agent. The hook engine binds it to the Config whose hook asked,
 * so an action only sees the task. It should resolve even on failure (a rejection is read as one).
 */
export type HookAgentTaskRunner = (task: HookAgentTask) => Promise<HookAgentOutcome>;

/**
 * One finished prompt or agent hook, as `Config.onJudgedHook` sees it — what a host shows
 * the user about a judged decision: the hook, what it judged, which model answered, the verdict and
 * its reason, how long it took.
 */
export interface JudgedHookEvent {
  eventName: string;
  /** `prompt` or `agent`. */
  hookType: 'prompt' | 'agent';
  /** The hook's name, or the head of its prompt. */
  hookName: string;
  /** Tool events: the tool judged. */
  toolName?: string;
  /** The model that answered (or was asked, when it failed). */
  model?: string;
  /** `block` (ok false), `allow` (ok true), or `failed` (no usable answer; `onFailure` decided). */
  verdict: 'block' | 'allow' | 'failed';
  /** The model's reason, or what went wrong. */
  reason?: string;
  /** True when the failure blocked (`onFailure: "block"`). */
  failedClosed?: boolean;
  durationMs: number;
  /** Agent hooks: the sub-agent's model calls. */
  turns?: number;
}
