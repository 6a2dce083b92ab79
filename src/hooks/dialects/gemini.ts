/**
 * The Gemini CLI dialect: `.gemini/settings.json` (project and user) and Gemini extensions. hookrail's
 * native protocol is Gemini CLI's, so the stdin differs only where hookrail adds to it: Gemini's
 * AfterTool `tool_response` is `{llmContent, returnDisplay, error?}` (no `metadata`). Gemini's own
 * variables are set besides `GEMINI_PROJECT_DIR`: `GEMINI_CWD` and `GEMINI_SESSION_ID`; a tool is named as
 * Gemini CLI names it now (`grep_search` for hookrail's `search_file_content`, its legacy alias). Answers are
 * read by hookrail's EARS rules (README, "Bring your hooks", lists where Gemini CLI differs), except an
 * AfterTool deny or exit 2, which replaces the result the model reads, as in Gemini CLI.
 */
import { HookEventName } from '../protocol/events.js';
import { boundedStderrMessage } from '../protocol/hookStderr.js';
import { DEFAULT_BLOCK_REASON } from '../protocol/outputs.js';
import type { HookExecutionResult } from '../protocol/results.js';
import { blockedResultReplacement, TOOL_RESULT_REPLACEMENT_FIELD } from '../protocol/toolResultReplacement.js';
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
  readAnswer: (result, told) => (told.eventName === HookEventName.AfterTool ? readGeminiAfterToolAnswer(result) : result),
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
    const replacement = blockedResultReplacement(typeof reason === 'string' && reason !== '' ? reason : DEFAULT_BLOCK_REASON);
    return { ...result, output: { ...rest, hookSpecificOutput: { ...specific, [TOOL_RESULT_REPLACEMENT_FIELD]: replacement } } };
  }
  if (!result.success && result.exitCode === 2 && !result.timedOut && result.signal === undefined) {
    const reason = boundedStderrMessage((result.stderr ?? '').trim()) || DEFAULT_BLOCK_REASON;
    return { ...result, success: true, error: undefined, output: { hookSpecificOutput: { [TOOL_RESULT_REPLACEMENT_FIELD]: blockedResultReplacement(reason) } } };
  }
  return result;
}
