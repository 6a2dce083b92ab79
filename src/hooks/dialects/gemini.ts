/**
 * The Gemini CLI dialect: `.gemini/settings.json` (project and user) and Gemini extensions. hookrail's
 * native protocol is Gemini CLI's, so the stdin differs only where hookrail adds to it: Gemini's
 * AfterTool `tool_response` is `{llmContent, returnDisplay, error?}` (no `metadata`). Gemini's own
 * variables are set besides `GEMINI_PROJECT_DIR`: `GEMINI_CWD` and `GEMINI_SESSION_ID`; a tool is named as
 * Gemini CLI names it now (`grep_search` for hookrail's `search_file_content`, its legacy alias). Answers are
 * read by hookrail's EARS rules (README, "Bring your hooks", lists where Gemini CLI differs).
 */
import { HookEventName } from '../protocol/events.js';
import { isPlainObject } from '../../values.js';
import type { DialectSpeaker } from './speaker.js';
import { toGeminiToolName } from './toolNames.js';

/** Native input → the stdin Gemini CLI sends for the same moment (tool names as Gemini CLI now spells them). */
export function toGeminiInput(eventName: HookEventName, input: Record<string, unknown>): Record<string, unknown> {
  const toolName = input['tool_name'];
  const renamed = typeof toolName === 'string' && toGeminiToolName(toolName) !== toolName ? { ...input, tool_name: toGeminiToolName(toolName) } : input;
  if (eventName !== HookEventName.AfterTool || !isPlainObject(renamed['tool_response'])) return renamed;
  const { llmContent, returnDisplay, error } = renamed['tool_response'];
  const toolResponse: Record<string, unknown> = { llmContent, returnDisplay };
  if (error !== undefined && error !== null) toolResponse['error'] = error;
  return { ...renamed, tool_response: toolResponse };
}

/** Speaks to Gemini CLI hooks. */
export const geminiSpeaker: DialectSpeaker = {
  dialect: 'gemini',
  toHookInput: (eventName, input) => ({ eventName, payload: toGeminiInput(eventName, input) }),
  environment: (input) => ({
    GEMINI_CWD: typeof input['cwd'] === 'string' ? input['cwd'] : '',
    GEMINI_SESSION_ID: typeof input['session_id'] === 'string' ? input['session_id'] : '',
  }),
  readAnswer: (result) => result,
};
