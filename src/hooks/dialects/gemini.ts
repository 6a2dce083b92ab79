/**
 * The Gemini CLI dialect: `.gemini/settings.json` (project and user) and Gemini extensions. hookrail's
 * native protocol is Gemini CLI's, so the stdin differs only where hookrail adds to it: Gemini's
 * AfterTool `tool_response` is `{llmContent, returnDisplay, error?}` (no `metadata`), and an MCP tool
 * (`mcp__SERVER__TOOL` inside hookrail) is named `mcp_SERVER_TOOL` with an `mcp_context` giving its
 * `server_name` and `tool_name`, as Gemini CLI names and describes MCP tools. Gemini's own
 * variables are set besides `GEMINI_PROJECT_DIR`: `GEMINI_CWD` and `GEMINI_SESSION_ID`. Answers are
 * read by hookrail's EARS rules (README, "Bring your hooks", lists where Gemini CLI differs).
 */
import { HookEventName } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';
import { parseMcpToolName, toGeminiMcpToolName } from './mcpToolNames.js';
import { withoutOutputReplacement } from '../protocol/toolHookEffects.js';
import type { DialectSpeaker } from './speaker.js';

/** Native input → the stdin Gemini CLI sends for the same moment. */
export function toGeminiInput(eventName: HookEventName, input: Record<string, unknown>): Record<string, unknown> {
  const isToolEvent = eventName === HookEventName.BeforeTool || eventName === HookEventName.AfterTool;
  const mcpTool = isToolEvent && typeof input['tool_name'] === 'string' ? parseMcpToolName(input['tool_name']) : undefined;
  const hasResponse = eventName === HookEventName.AfterTool && isPlainObject(input['tool_response']);
  if (!mcpTool && !hasResponse) return input;
  const payload = { ...input };
  if (mcpTool) {
    payload['tool_name'] = toGeminiMcpToolName(mcpTool);
    payload['mcp_context'] = { server_name: mcpTool.server, tool_name: mcpTool.tool };
  }
  if (hasResponse) {
    const { llmContent, returnDisplay, error } = input['tool_response'] as Record<string, unknown>;
    const toolResponse: Record<string, unknown> = { llmContent, returnDisplay };
    if (error !== undefined && error !== null) toolResponse['error'] = error;
    payload['tool_response'] = toolResponse;
  }
  return payload;
}

/** Speaks to Gemini CLI hooks. */
export const geminiSpeaker: DialectSpeaker = {
  dialect: 'gemini',
  toHookInput: (eventName, input) => ({ eventName, payload: toGeminiInput(eventName, input) }),
  environment: (input) => ({
    GEMINI_CWD: typeof input['cwd'] === 'string' ? input['cwd'] : '',
    GEMINI_SESSION_ID: typeof input['session_id'] === 'string' ? input['session_id'] : '',
  }),
  readAnswer: withoutOutputReplacement,
};
