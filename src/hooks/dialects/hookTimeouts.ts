/**
 * How long a hook may run when its configuration gives no `timeout`: each dialect keeps its host's
 * defaults (docs/architecture.md, "Dialects").
 *
 * - native: HOOK-120's 60 s for command, http and function hooks; 30 s for prompt hooks and 60 s for
 *   agent hooks.
 * - Claude Code (hooks reference): command hooks 10 minutes, http and prompt hooks 30 s, agent hooks
 *   60 s. SessionEnd hooks run while Claude Code exits, which it bounds at 1.5 s unless
 *   `CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS` says otherwise: that is their default here.
 * - Gemini CLI (hooks reference, its runner's `DEFAULT_HOOK_TIMEOUT`): 60 s for every hook; the types
 *   only hookrail has (http, prompt, agent) keep their native defaults.
 */
import { HookEventName } from '../protocol/events.js';
import { DEFAULT_HOOK_TIMEOUT_MS, type HookConfig } from '../protocol/hookConfig.js';
import { DEFAULT_AGENT_HOOK_TIMEOUT_MS, DEFAULT_PROMPT_HOOK_TIMEOUT_MS } from '../protocol/judgedHooks.js';
import type { HookDialect } from './dialect.js';

/** Claude Code: a command hook's default timeout, 10 minutes. */
export const CLAUDE_COMMAND_HOOK_TIMEOUT_MS = 600_000;
/** Claude Code: an http hook's default timeout, 30 s. */
export const CLAUDE_HTTP_HOOK_TIMEOUT_MS = 30_000;
/** Claude Code: how long SessionEnd hooks may run at exit unless `CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS` is set, 1.5 s. */
export const CLAUDE_SESSION_END_HOOK_TIMEOUT_MS = 1_500;

/** What {@link defaultHookTimeoutMs} looks at. */
export interface DefaultHookTimeoutOptions {
  /** The hook's dialect; native when not given. */
  dialect?: HookDialect;
  /** The hook's `type`. */
  type: string;
  /** The hookrail event it runs on. */
  eventName: HookEventName | string;
  /** Read for `CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS`; default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

/**
 * The milliseconds a hook of this dialect, type and event may run when it sets no `timeout`. Only
 * Claude Code's SessionEnd, command and http defaults differ from the native ones: its prompt (30 s)
 * and agent (60 s) defaults and Gemini CLI's 60 s are the native values.
 */
export function defaultHookTimeoutMs(options: DefaultHookTimeoutOptions): number {
  const { dialect, type, eventName } = options;
  if (dialect === 'claude') {
    if (eventName === HookEventName.SessionEnd) return sessionEndTimeout(options.env ?? process.env);
    if (type === 'command' || type === 'plugin') return CLAUDE_COMMAND_HOOK_TIMEOUT_MS;
    if (type === 'http') return CLAUDE_HTTP_HOOK_TIMEOUT_MS;
  }
  if (type === 'prompt') return DEFAULT_PROMPT_HOOK_TIMEOUT_MS;
  if (type === 'agent') return DEFAULT_AGENT_HOOK_TIMEOUT_MS;
  return DEFAULT_HOOK_TIMEOUT_MS;
}

/** A hook's own positive `timeout` (milliseconds), else its dialect's default for its type and event. */
export function hookTimeoutMs(
  hookConfig: HookConfig,
  eventName: HookEventName | string,
  env?: NodeJS.ProcessEnv,
): number {
  const own = hookConfig.timeout;
  if (typeof own === 'number' && Number.isFinite(own) && own > 0) return own;
  return defaultHookTimeoutMs({ dialect: hookConfig.dialect, type: String(hookConfig.type), eventName, env });
}

function sessionEndTimeout(env: NodeJS.ProcessEnv): number {
  const configured = Number(env['CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS']);
  return Number.isFinite(configured) && configured > 0 ? configured : CLAUDE_SESSION_END_HOOK_TIMEOUT_MS;
}
