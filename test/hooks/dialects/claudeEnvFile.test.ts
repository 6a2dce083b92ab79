/**
 * Where a session's `CLAUDE_ENV_FILE` lives: one file per session under a directory of the user's own
 * (so two users of one machine never source each other's exports), named so any session id stays one
 * file inside that directory, and removed when the session ends so a later session with the same id
 * starts clean.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claudeEnvFilePath,
  defaultClaudeEnvDirectory,
  prepareClaudeEnvFile,
  removeClaudeEnvFile,
  withEnvironmentFile,
} from '../../../src/hooks/dialects/claudeEnvFile.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'hookrail-env-file-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe("a session's CLAUDE_ENV_FILE", () => {
  it("lives by default in the temporary directory, under hookrail-<the user's uid>/claude-env", () => {
    expect(defaultClaudeEnvDirectory()).toBe(path.join(tmpdir(), `hookrail-${userInfo().uid}`, 'claude-env'));
    expect(claudeEnvFilePath('abc-123')).toBe(path.join(defaultClaudeEnvDirectory(), 'abc-123.sh'));
  });

  it('any session id names one file inside the directory: other characters become _, an empty id is "session"', () => {
    expect(claudeEnvFilePath('a1.B_c-d', { directory })).toBe(path.join(directory, 'a1.B_c-d.sh'));
    expect(claudeEnvFilePath('../../etc/profile', { directory })).toBe(path.join(directory, '.._.._etc_profile.sh'));
    expect(claudeEnvFilePath('my session: 1', { directory })).toBe(path.join(directory, 'my_session__1.sh'));
    expect(claudeEnvFilePath('', { directory })).toBe(path.join(directory, 'session.sh'));
  });

  it('is removed at the end of the session, so its exports no longer reach shell commands', async () => {
    const file = claudeEnvFilePath('ending', { directory });
    await prepareClaudeEnvFile(file);
    await writeFile(file, 'export GREETING=hello\n');
    expect(await withEnvironmentFile('echo "$GREETING"', file)).toBe(`. ${file}\necho "$GREETING"`);
    await removeClaudeEnvFile('ending', { directory });
    expect(existsSync(file)).toBe(false);
    expect(await withEnvironmentFile('echo "$GREETING"', file)).toBe('echo "$GREETING"');
  });
});

describe('ending a session whose CLAUDE_ENV_FILE was never made', () => {
  it('removes nothing and does not fail', async () => {
    await expect(removeClaudeEnvFile('never-started', { directory })).resolves.toBeUndefined();
    expect(existsSync(claudeEnvFilePath('never-started', { directory }))).toBe(false);
  });

  it('a shell command given no file, an empty path or a missing file runs as it is', async () => {
    expect(await withEnvironmentFile('ls', undefined)).toBe('ls');
    expect(await withEnvironmentFile('ls', '')).toBe('ls');
    expect(await withEnvironmentFile('ls', path.join(directory, 'absent.sh'))).toBe('ls');
  });
});
