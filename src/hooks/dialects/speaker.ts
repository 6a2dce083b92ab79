/** What each dialect module provides to the conversation with one hook (conversation.ts). */
import type { McpServerTransport } from './mcpToolNames.js';
import type { HookEventName } from '../protocol/events.js';
import type { HookExecutionResult } from '../protocol/results.js';
import type { HookDialect } from './dialect.js';

/** What a fire knows beyond its input. */
export interface DialectFacts {
  /** Tool events: the call's id (Claude's `tool_use_id`). */
  toolUseId?: string;
  /** AfterAgent: a sub-agent stops. */
  subagent?: boolean;
  /** A Claude Code event with no hookrail event of its own, fired on its nearest one (claudeEvents.ts). */
  moment?: string;
  /** The MCP servers a tool call may name, by the server part of `mcp__SERVER__TOOL` (Gemini's `mcp_context`). */
  mcpServers?: Readonly<Record<string, McpServerTransport>>;
}

/** The stdin object of one hook and the event name it is told. */
export interface DialectInput {
  eventName: string;
  payload: Record<string, unknown>;
}

/** How one dialect turns native input into a hook's stdin and the hook's answer back into native terms. */
export interface DialectSpeaker {
  dialect: HookDialect;
  toHookInput(eventName: HookEventName, input: Record<string, unknown>, facts: DialectFacts): DialectInput;
  /**
   * Variables the dialect's agent sets for its hooks (besides the project-dir variables every hook
   * gets), in a new object the caller may add to.
   */
  environment(input: Record<string, unknown>): Record<string, string>;
  /**
   * The result with the answer read by the dialect's rules; `told` is what the hook was sent. It may
   * be `result` itself, which the caller owns and completes in place.
   */
  readAnswer(result: HookExecutionResult, told: DialectInput, input: Record<string, unknown>): HookExecutionResult;
}
