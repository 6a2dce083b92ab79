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

export interface BeforeAgentInput extends HookInput {
  prompt: string;
}

export interface AfterAgentInput extends HookInput {
  prompt: string;
  prompt_response: string;
  stop_hook_active: boolean;
}

export interface NotificationInput extends HookInput {
  notification_type: string;
  message: string;
  details: Record<string, unknown>;
}

export interface SessionStartInput extends HookInput {
  source: 'startup' | 'resume' | 'clear' | 'compress';
}

export interface SessionEndInput extends HookInput {
  reason: 'exit' | 'clear' | 'logout' | 'prompt_input_exit' | 'other';
}

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
