/**
 * Result and progress types of the tool scheduler and the agent loop: what a host or the CLI sees of
 * each call moving through its machine.
 */
import type { Content } from '@google/genai';
import type { AskRecord } from '../hooks/protocol/askUser.js';
import type { ToolResult } from '../hooks/protocol/results.js';
import type { SessionEndReason, SessionStartSource } from '../hooks/triggers/lifecycleHookTriggers.js';
import type { CompactionStrategy } from './historyCompaction.js';

/** The states of one tool call's machine (the transition table in docs/architecture.md). */
export type ToolCallState =
  | 'idle'
  | 'beforeHook'
  | 'asking'
  | 'executing'
  | 'afterHook'
  | 'buffered'
  | 'published'
  | 'cancelled';

/** How a tool call ended. */
export type ToolCallOutcomeKind = 'success' | 'error' | 'blocked' | 'stopped' | 'cancelled';

/** One finished tool call, as published to the model. */
export interface ToolCallOutcome {
  callId: string;
  name: string;
  /** The arguments as executed: a BeforeTool hook may have rewritten them (HOOK-019). */
  args: Record<string, unknown>;
  /** The arguments the model asked for. */
  requestedArgs: Record<string, unknown>;
  outcome: ToolCallOutcomeKind;
  result: ToolResult;
  /** Set when a hook stopped the agent (`continue: false`, HOOK-020, 028). */
  stopReason?: string;
  /** Set when a hook asked; how the ask was settled (a deny makes the outcome `blocked`). */
  asked?: AskRecord;
}

/** A progress notification: one call entered a state. */
export interface ToolCallUpdate {
  callId: string;
  name: string;
  state: ToolCallState;
  args: Record<string, unknown>;
  /** Present once the call has an outcome (buffered, published, cancelled). */
  outcome?: ToolCallOutcomeKind;
  /** True when an AfterTool hook asked to hide the output from the user (HOOK-029). */
  suppressDisplay?: boolean;
  /** Present once a hook's ask was settled. */
  asked?: AskRecord;
}

/** The published results of one batch, in request order. */
export interface ToolBatchResult {
  results: ToolCallOutcome[];
  /** Present when a hook asked the agent to stop; the agent loop ends with this reason. */
  stopped?: { reason: string; callId: string };
}

/**
 * Why an agent run (one prompt) ended. `blocked`: a BeforeAgent hook refused the prompt;
 * `continuation_limit`: AfterAgent hooks kept asking the agent to go on past the bound.
 */
export type AgentRunStatus =
  | 'completed'
  | 'stopped'
  | 'blocked'
  | 'continuation_limit'
  | 'max_turns'
  | 'aborted'
  | 'error';

/** A compaction of the session's history (PreCompress fired before it). */
export interface CompactionReport {
  trigger: 'auto' | 'manual';
  strategy: CompactionStrategy;
  removedContents: number;
  tokensBefore: number;
  tokensAfter: number;
}

/**
 * What the agent session reports while it runs. `session_start` and `session_end` are the
 * session's own; the others belong to the prompt being answered (all that `runAgent` reports).
 */
export type AgentEvent =
  | { type: 'session_start'; source: SessionStartSource; transcriptPath: string }
  | { type: 'session_end'; reason: SessionEndReason; timedOut: boolean }
  | { type: 'prompt_blocked'; reason: string }
  | { type: 'hook_message'; eventName: string; message: string }
  | { type: 'continued'; turn: number; reason: string; continuation: number }
  | ({ type: 'compacted' } & CompactionReport)
  | { type: 'compaction_blocked'; trigger: 'auto' | 'manual'; reason: string }
  | { type: 'context_cleared'; turn: number }
  | { type: 'turn_start'; turn: number }
  | {
      type: 'model_response';
      turn: number;
      text: string;
      functionCalls: Array<{ callId: string; name: string; args: Record<string, unknown> }>;
      suppressDisplay: boolean;
    }
  | { type: 'model_blocked'; turn: number; reason: string }
  | { type: 'tool_update'; turn: number; update: ToolCallUpdate }
  | { type: 'tool_result'; turn: number; outcome: ToolCallOutcome }
  | { type: 'stopped'; turn: number; reason: string }
  | { type: 'error'; turn: number; message: string }
  | { type: 'done'; result: AgentRunResult };

/** The result of one prompt (`session.prompt()`, `runAgent`). */
export interface AgentRunResult {
  status: AgentRunStatus;
  /** The model's last text answer (or the synthetic/stop response's text). */
  finalText: string;
  /** Set when a hook stopped the run, and for `continuation_limit` (the message saying so). */
  stopReason?: string;
  /** Set when status is `blocked`: the BeforeAgent hook's reason. */
  blockReason?: string;
  /** How many times an AfterAgent hook made the agent go on. */
  continuations: number;
  /** True when a hook ended the session with this prompt (`continue: false` on BeforeAgent or AfterAgent, with `stopEndsSession`). */
  sessionEnded?: boolean;
  /** Set when status is `error`. */
  errorMessage?: string;
  turns: number;
  /** The whole conversation sent to and received from the model. */
  history: Content[];
  toolCalls: ToolCallOutcome[];
}
