/**
 * The one place the runner speaks to a hook in its dialect (docs/architecture.md, "Dialects"): right before a
 * hook runs, its stdin is built from the native input in the hook's dialect, and right after, its
 * answer is read by that dialect's rules into the native result. Everything before (planning) and
 * after (aggregation, effects) stays native.
 */
import type { HookEventName } from '../protocol/events.js';
import type { HookConfig } from '../protocol/hookConfig.js';
import type { HookInput } from '../protocol/inputs.js';
import type { HookExecutionResult } from '../protocol/results.js';
import { isPlainObject } from '../../values.js';
import { claudeSpeaker } from './claude.js';
import { claudeEnvFilePath, prepareClaudeEnvFile } from './claudeEnvFile.js';
import type { HookDialect } from './dialect.js';
import { geminiSpeaker } from './gemini.js';
import { nativeSpeaker } from './native.js';
import type { DialectFacts, DialectInput, DialectSpeaker } from './speaker.js';

const speakers: Readonly<Record<HookDialect, DialectSpeaker>> = {
  native: nativeSpeaker,
  claude: claudeSpeaker,
  gemini: geminiSpeaker,
};

/** The dialect a hook speaks: its `dialect`, else native. */
export function dialectOf(hookConfig: HookConfig): HookDialect {
  const dialect = (hookConfig as { dialect?: unknown }).dialect;
  return dialect === 'claude' || dialect === 'gemini' ? dialect : 'native';
}

/** What {@link openHookConversation} needs. */
export interface OpenHookConversationOptions extends DialectFacts {
  hookConfig: HookConfig;
  eventName: HookEventName;
  input: HookInput;
  /** Where session environment files live (tests); default claudeEnvFile.ts's. */
  environmentFileDirectory?: string;
}

/** One hook's side of a fire, in its dialect. */
export interface HookConversation {
  dialect: HookDialect;
  /** The event name the hook is told (`PreToolUse` for a Claude hook on BeforeTool). */
  eventName: string;
  /** The exact text for the hook's stdin. */
  stdin: string;
  /** Variables for the hook's environment: its dialect's, then its own `env`. */
  env: Record<string, string>;
  /**
   * The runner's result with the answer read by the dialect's rules, and `stdin` recorded — added to
   * `result` in place, which must be the caller's own (not shared, not frozen).
   */
  readAnswer(result: HookExecutionResult): HookExecutionResult;
  /**
   * Present only when the dialect must prepare something before the hook runs (a Claude SessionStart
   * hook's `CLAUDE_ENV_FILE`, created empty): await it first. Every other hook is spoken to without
   * an `await`, which a hook would pay for before its spawn.
   */
  ready?: Promise<void>;
}

/**
 * Builds the hook's stdin and environment in its dialect; await `ready` if present, run the hook,
 * then call `readAnswer` on the result.
 */
export function openHookConversation(options: OpenHookConversationOptions): HookConversation {
  const dialect = dialectOf(options.hookConfig);
  const speaker = speakers[dialect];
  const input = options.input as unknown as Record<string, unknown>;
  const told: DialectInput = speaker.toHookInput(options.eventName, input, {
    toolUseId: options.toolUseId,
    subagent: options.subagent,
    moment: options.moment,
    mcpServers: options.mcpServers,
  });
  const env = speaker.environment(input);
  let ready: Promise<void> | undefined;
  if (dialect === 'claude' && told.eventName === 'SessionStart') {
    const sessionId = typeof input['session_id'] === 'string' ? input['session_id'] : '';
    const file = claudeEnvFilePath(sessionId, { directory: options.environmentFileDirectory });
    ready = prepareClaudeEnvFile(file);
    // Handled here too, so a caller that never awaits `ready` cannot crash its host with an unhandled rejection.
    ready.catch(() => {});
    env['CLAUDE_ENV_FILE'] = file;
  }
  addOwnEnvironment(env, options.hookConfig);
  const stdin = JSON.stringify(told.payload);
  // No spreads on this path: each cost a hook microseconds before its spawn or after its exit.
  const conversation: HookConversation = {
    dialect,
    eventName: told.eventName,
    stdin,
    env,
    readAnswer: (result) => {
      // The result is the runner's own, made for this hook (or the dialect's copy of it): `stdin` is added in place.
      const answered = speaker.readAnswer(result, told, input);
      answered.stdin = stdin;
      return answered;
    },
    ready,
  };
  return conversation;
}

/** The hook's own `env` (its string values) over `env`. */
function addOwnEnvironment(env: Record<string, string>, hookConfig: HookConfig): void {
  const own = (hookConfig as { env?: unknown }).env;
  if (!isPlainObject(own)) return;
  for (const [name, value] of Object.entries(own)) if (typeof value === 'string') env[name] = value;
}
