/**
 * The Gemini CLI dialect: `.gemini/settings.json` (project and user) and Gemini extensions. hookrail's
 * native protocol is Gemini CLI's, so the stdin differs only where hookrail adds to it: Gemini's
 * AfterTool `tool_response` is `{llmContent, returnDisplay, error?}` (no `metadata`); a tool is named as
 * Gemini CLI names it now (toolNames.ts: `grep_search` for hookrail's `search_file_content`, its legacy
 * alias; `mcp_SERVER_TOOL` for an MCP tool, `mcp__SERVER__TOOL` inside hookrail), and an MCP tool's call
 * has an `mcp_context` giving its `server_name` and `tool_name` — and, for a server the Config describes
 * (`mcpServers`), its `command`, `args` and `cwd` or its `url` — as Gemini CLI describes MCP tools. Gemini's
 * own variables are set besides `GEMINI_PROJECT_DIR`: `GEMINI_CWD` and `GEMINI_SESSION_ID`. Answers are
 * read by hookrail's EARS rules (docs/bring-your-hooks.md lists where Gemini CLI differs), except an
 * AfterTool deny or exit 2, which replaces the result the model reads, as in Gemini CLI.
 */
import { HookEventName } from '../protocol/events.js';
import { boundedStderrMessage } from '../protocol/hookStderr.js';
import { DEFAULT_BLOCK_REASON } from '../protocol/outputs.js';
import type { HookExecutionResult } from '../protocol/results.js';
import {
  blockedResultReplacement,
  TOOL_RESULT_REPLACEMENT_FIELD,
  withoutOutputReplacement,
} from '../protocol/toolResultReplacement.js';
import { isPlainObject } from '../../values.js';
import { type McpServerTransport, type McpToolIdentity, parseMcpToolName } from './mcpToolNames.js';
import type { DialectSpeaker } from './speaker.js';
import { toGeminiToolName } from './toolNames.js';

/** Native input → the stdin Gemini CLI sends for the same moment (tool names as Gemini CLI now spells them). */
export function toGeminiInput(
  eventName: HookEventName,
  input: Record<string, unknown>,
  mcpServers?: Readonly<Record<string, McpServerTransport>>,
): Record<string, unknown> {
  const toolName = typeof input['tool_name'] === 'string' ? input['tool_name'] : undefined;
  const geminiName = toolName === undefined ? undefined : toGeminiToolName(toolName);
  const isToolEvent = eventName === HookEventName.BeforeTool || eventName === HookEventName.AfterTool;
  const mcpTool = isToolEvent && toolName !== undefined ? parseMcpToolName(toolName) : undefined;
  const hasResponse = eventName === HookEventName.AfterTool && isPlainObject(input['tool_response']);
  // The input itself when Gemini CLI would send it as it is.
  if (geminiName === toolName && !mcpTool && !hasResponse) return input;
  const payload: Record<string, unknown> = { ...input };
  if (geminiName !== undefined) payload['tool_name'] = geminiName;
  if (mcpTool) payload['mcp_context'] = mcpContext(mcpTool, mcpServers?.[mcpTool.server]);
  if (hasResponse) {
    const { llmContent, returnDisplay, error } = input['tool_response'] as Record<string, unknown>;
    const toolResponse: Record<string, unknown> = { llmContent, returnDisplay };
    if (error !== undefined && error !== null) toolResponse['error'] = error;
    payload['tool_response'] = toolResponse;
  }
  return payload;
}

/** Gemini CLI's `mcp_context`: the server and tool names, then how the server is reached, when known. */
function mcpContext(tool: McpToolIdentity, transport: McpServerTransport | undefined): Record<string, unknown> {
  const context: Record<string, unknown> = { server_name: tool.server, tool_name: tool.tool };
  if (transport?.command !== undefined) context['command'] = transport.command;
  if (transport?.args !== undefined) context['args'] = [...transport.args];
  if (transport?.cwd !== undefined) context['cwd'] = transport.cwd;
  if (transport?.url !== undefined) context['url'] = transport.url;
  return context;
}

/** Speaks to Gemini CLI hooks. */
export const geminiSpeaker: DialectSpeaker = {
  dialect: 'gemini',
  toHookInput: (eventName, input, facts) => ({
    eventName,
    payload: toGeminiInput(eventName, input, facts.mcpServers),
  }),
  environment: (input) => ({
    GEMINI_CWD: typeof input['cwd'] === 'string' ? input['cwd'] : '',
    GEMINI_SESSION_ID: typeof input['session_id'] === 'string' ? input['session_id'] : '',
  }),
  // A replacement the hook wrote itself is dropped (HOOK-178); Gemini CLI's own AfterTool block is read after.
  readAnswer: (result, told) => {
    const answer = withoutOutputReplacement(result);
    return told.eventName === HookEventName.AfterTool ? readGeminiAfterToolAnswer(answer) : answer;
  },
};

/**
 * Gemini CLI's AfterTool: `decision: "deny"` (or `"block"`) hides the tool's result from the model,
 * which reads `Tool result blocked: <reason>` instead; exit 2 does the same with stderr as the reason.
 * Either becomes the native replacement (toolResultReplacement.ts), not a decision: hookrail's own
 * AfterTool rule, that it does not block, is unchanged.
 */
function readGeminiAfterToolAnswer(result: HookExecutionResult): HookExecutionResult {
  const output = result.output;
  if (result.success && output && (output.decision === 'deny' || output.decision === 'block')) {
    const { decision: _decision, reason, ...rest } = output;
    const specific = isPlainObject(rest.hookSpecificOutput) ? rest.hookSpecificOutput : {};
    const replacement = blockedResultReplacement(
      typeof reason === 'string' && reason !== '' ? reason : DEFAULT_BLOCK_REASON,
    );
    return {
      ...result,
      output: { ...rest, hookSpecificOutput: { ...specific, [TOOL_RESULT_REPLACEMENT_FIELD]: replacement } },
    };
  }
  if (!result.success && result.exitCode === 2 && !result.timedOut && result.signal === undefined) {
    const reason = boundedStderrMessage((result.stderr ?? '').trim()) || DEFAULT_BLOCK_REASON;
    return {
      ...result,
      success: true,
      error: undefined,
      output: { hookSpecificOutput: { [TOOL_RESULT_REPLACEMENT_FIELD]: blockedResultReplacement(reason) } },
    };
  }
  return result;
}
