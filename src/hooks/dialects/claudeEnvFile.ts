/**
 * `CLAUDE_ENV_FILE`: Claude Code gives SessionStart hooks a file to append `export NAME=value` lines
 * to, and sources it before every later Bash command of the session. hookrail keeps one such file per
 * session (named after the session id, in a directory only this user can read), gives its path to
 * Claude-dialect SessionStart hooks, and the shell tool (`run_shell_command`, option
 * `environmentFile`) sources it before each command. A host that builds its own shell tool calls
 * {@link claudeEnvFilePath} with the session id and {@link withEnvironmentFile} on each command;
 * {@link removeClaudeEnvFile} deletes the file when the session ends.
 */
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { escapeShellWord } from '../actions/commandExpansion.js';

/** Options for {@link claudeEnvFilePath}. */
export interface ClaudeEnvFilePathOptions {
  /** The directory holding the files; default `<tmpdir>/hookrail-<user>/claude-env`. */
  directory?: string;
}

/** The directory of the session environment files when none is given. */
export function defaultClaudeEnvDirectory(): string {
  let user: string;
  try {
    user = String(userInfo().uid >= 0 ? userInfo().uid : userInfo().username);
  } catch {
    user = 'user';
  }
  return join(tmpdir(), `hookrail-${user}`, 'claude-env');
}

/** The session's environment file: `<directory>/<session id>.sh` (unsafe characters of the id replaced). */
export function claudeEnvFilePath(sessionId: string, options: ClaudeEnvFilePathOptions = {}): string {
  const safeId = sessionId.replace(/[^A-Za-z0-9._-]/g, '_') || 'session';
  return join(options.directory ?? defaultClaudeEnvDirectory(), `${safeId}.sh`);
}

/** Creates the file (and its private directory) if missing, empty, so a hook can append to it. */
export async function prepareClaudeEnvFile(path: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
  const handle = await open(path, 'a', 0o600);
  await handle.close();
}

/**
 * `command` preceded by sourcing `environmentFile`, when that file exists and is not empty; else
 * `command` unchanged. The file is sourced in the command's own shell, as Claude Code does, so its
 * `export` lines (and anything else in it) apply to the command.
 */
export async function withEnvironmentFile(command: string, environmentFile: string | undefined): Promise<string> {
  if (!environmentFile) return command;
  const stats = await stat(environmentFile).catch(() => undefined);
  if (!stats?.isFile() || stats.size === 0) return command;
  return `. ${escapeShellWord(environmentFile)}\n${command}`;
}

/** Deletes the session's environment file (nothing happens when there is none). */
export async function removeClaudeEnvFile(sessionId: string, options: ClaudeEnvFilePathOptions = {}): Promise<void> {
  await rm(claudeEnvFilePath(sessionId, options), { force: true });
}
