/**
 * The Claude Code dialect: `.claude/settings.json`, `.claude/settings.local.json`,
 * `~/.claude/settings.json` and Claude plugins. Hooks get Claude's stdin (claudeInput.ts), their
 * answers are read by Claude's rules (claudeAnswer.ts), and they run with Claude's variables:
 * `CLAUDE_PROJECT_DIR` (every hook gets it), `CLAUDE_PLUGIN_ROOT` (plugin hooks, from their `env`),
 * `CLAUDE_ENV_FILE` (SessionStart; claudeEnvFile.ts).
 */
import { readClaudeAnswer } from './claudeAnswer.js';
import { isClaudeEventName } from './claudeEvents.js';
import { toClaudeInput } from './claudeInput.js';
import type { DialectSpeaker } from './speaker.js';

/** Speaks to Claude Code hooks. */
export const claudeSpeaker: DialectSpeaker = {
  dialect: 'claude',
  toHookInput: (eventName, input, facts) => {
    const claude = toClaudeInput(eventName, input, facts);
    return { eventName: claude.eventName ?? eventName, payload: claude.payload };
  },
  environment: () => ({}),
  readAnswer: (result, told, input) =>
    isClaudeEventName(told.eventName) ? readClaudeAnswer(result, { eventName: told.eventName, input }) : result,
};
