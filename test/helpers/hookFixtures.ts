/**
 * Helpers for running the hook scripts in `test/fixtures/hooks/` as real processes: their paths,
 * shell commands that invoke them (`sh <path>` / `node <path>`, so the exec bit does not matter),
 * stdin inputs, scratch directories, and the records of a log at one level (the recording logger itself is
 * `recordingLogger` of `hookrail/testing`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogLevel, LogRecord } from '../../src/debugLogger.js';
import { HookEventName } from '../../src/hooks/protocol/events.js';
import type { CommandHookConfig } from '../../src/hooks/protocol/hookConfig.js';
import type { HookInput } from '../../src/hooks/protocol/inputs.js';

/** Absolute path of `test/fixtures/hooks/`. */
export const hookFixturesDirectory = fileURLToPath(new URL('../fixtures/hooks/', import.meta.url));

/** Absolute path of one fixture script. */
export function hookFixture(name: string): string {
  return join(hookFixturesDirectory, name);
}

/** Single-quotes a value for `/bin/sh` (test commands only; the runner has its own quoting). */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The command that runs a fixture: `sh` for `.sh` scripts, `node` for `.js`, arguments quoted. */
export function fixtureCommand(name: string, ...args: string[]): string {
  const interpreter = name.endsWith('.sh') ? 'sh' : 'node';
  return [interpreter, shellQuote(hookFixture(name)), ...args.map(shellQuote)].join(' ');
}

/** The command that runs a bash fixture (one that needs bash, not `sh`): `bash <path>`, arguments quoted. */
export function bashFixtureCommand(name: string, ...args: string[]): string {
  return ['bash', shellQuote(hookFixture(name)), ...args.map(shellQuote)].join(' ');
}

/** A command hook config that runs a fixture. */
export function fixtureHook(
  name: string,
  args: string[] = [],
  extra: Partial<CommandHookConfig> = {},
): CommandHookConfig {
  return { type: 'command', command: fixtureCommand(name, ...args), ...extra };
}

/** A stdin input with the base fields (HOOK-062) plus event-specific fields. */
export function hookInput(
  eventName: HookEventName,
  fields: Record<string, unknown> = {},
  cwd = process.cwd(),
): HookInput {
  return {
    session_id: 'test-session',
    transcript_path: '',
    cwd,
    hook_event_name: eventName,
    timestamp: '2025-01-01T00:00:00.000Z',
    ...fields,
  } as HookInput;
}

/** A BeforeTool input for `tool_name` with `tool_input`. */
export function beforeToolInput(
  toolInput: Record<string, unknown>,
  toolName = 'run_shell_command',
  cwd?: string,
): HookInput {
  return hookInput(HookEventName.BeforeTool, { tool_name: toolName, tool_input: toolInput }, cwd);
}

/** Records at `level`. */
export function recordsAt(records: LogRecord[], level: LogLevel): LogRecord[] {
  return records.filter((record) => record.level === level);
}

/** A temporary directory; call `remove()` when done. */
export function scratchDirectory(prefix = 'hookrail-runner-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
