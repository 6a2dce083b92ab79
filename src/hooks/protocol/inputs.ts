/** The JSON object each event's hooks receive on stdin (HOOK-062, 015, 026, 034, 044, 054). */
import type { LLMRequest, LLMResponse } from './hookTranslator.js';

/** HOOK-062: the base fields of every stdin object. */
export interface HookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: string;
  timestamp: string;
}

/** HOOK-015 */
export interface BeforeToolInput extends HookInput {
  tool_name: string;
  tool_input: Record<string, unknown>;
}

/** HOOK-026: `tool_response` holds `llmContent`, `returnDisplay`, `metadata`, `error`. */
export interface AfterToolInput extends HookInput {
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_response: Record<string, unknown>;
}

/** BeforeAgent (Claude: UserPromptSubmit): the prompt the user submitted. */
export interface BeforeAgentInput extends HookInput {
  prompt: string;
}

/** AfterAgent (Claude: Stop): the prompt, the agent's answer, and whether a Stop hook already made it go on. */
export interface AfterAgentInput extends HookInput {
  prompt: string;
  prompt_response: string;
  stop_hook_active: boolean;
}

/** Notification: the agent waits for the user (e.g. a hook asked for confirmation). */
export interface NotificationInput extends HookInput {
  notification_type: string;
  message: string;
  details: Record<string, unknown>;
}

/** SessionStart: why the session started; `compact`: it restarts its context after a compaction (Claude Code's name). */
export interface SessionStartInput extends HookInput {
  source: 'startup' | 'resume' | 'clear' | 'compact';
}

/** SessionEnd: why the session ended. */
export interface SessionEndInput extends HookInput {
  reason: 'exit' | 'clear' | 'logout' | 'prompt_input_exit' | 'other';
}

/** PreCompress (Claude: PreCompact): the history is about to be compacted, automatically or on request. */
export interface PreCompressInput extends HookInput {
  trigger: 'manual' | 'auto';
}

/** HOOK-034 */
export interface BeforeModelInput extends HookInput {
  llm_request: LLMRequest;
}

/** HOOK-044 */
export interface AfterModelInput extends HookInput {
  llm_request: LLMRequest;
  llm_response: LLMResponse;
}

/** HOOK-054 */
export interface BeforeToolSelectionInput extends HookInput {
  llm_request: LLMRequest;
}
