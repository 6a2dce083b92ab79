/**
 * The three dialects a hook can speak (docs/architecture.md, "Dialects"): `native` (hookrail's own files and
 * `Config.hooks`, with Gemini CLI's event and tool names), `claude` (Claude Code's settings files and
 * plugins) and `gemini` (Gemini CLI's settings files and extensions). A hook's dialect decides what
 * its stdin looks like, how its answer is read, and in which unit its `timeout` is written.
 */

import type { HookDialect } from '../protocol/hookConfig.js';

export type { HookDialect } from '../protocol/hookConfig.js';

/** Every dialect, native first. */
export const hookDialects: readonly HookDialect[] = ['native', 'claude', 'gemini'];

/** True for one of {@link hookDialects}. */
export function isHookDialect(value: unknown): value is HookDialect {
  return typeof value === 'string' && (hookDialects as readonly string[]).includes(value);
}

/**
 * Milliseconds per unit of a `timeout` written in a dialect's files: Claude Code counts seconds,
 * hookrail and Gemini CLI milliseconds.
 */
export function timeoutUnitMilliseconds(dialect: HookDialect): number {
  return dialect === 'claude' ? 1000 : 1;
}

/** How messages name a dialect: `Claude Code`, `Gemini CLI`, `hookrail`. */
export function dialectLabel(dialect: HookDialect): string {
  if (dialect === 'claude') return 'Claude Code';
  if (dialect === 'gemini') return 'Gemini CLI';
  return 'hookrail';
}
