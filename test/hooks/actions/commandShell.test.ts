/**
 * The shell of a command hook and of the shell tool: bash, as Claude Code and Gemini CLI run hooks, so
 * hooks written with bash syntax run unchanged; /bin/sh where no bash is installed.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandShell, FALLBACK_SHELL, findBash } from '../../../src/hooks/actions/commandShell.js';
import { runInProcessGroup } from '../../../src/hooks/actions/processGroup.js';
import { CappedCapture } from '../../../src/hooks/actions/cappedCapture.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { scratchDirectory } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';

let scratch: { path: string; remove: () => void };
// Tests that take bash off the PATH set process.env.PATH; every test starts and ends with the host's.
const savedPath = process.env.PATH;
beforeEach(() => {
  scratch = scratchDirectory('hookrail-command-shell-');
});
afterEach(() => {
  process.env.PATH = savedPath;
  scratch.remove();
});

function directoryWith(name: string, entries: Record<string, { mode: number } | 'directory'>): string {
  const directory = join(scratch.path, name);
  mkdirSync(directory, { recursive: true });
  for (const [entry, kind] of Object.entries(entries)) {
    const file = join(directory, entry);
    if (kind === 'directory') mkdirSync(file);
    else {
      writeFileSync(file, '#!/bin/sh\n');
      chmodSync(file, kind.mode);
    }
  }
  return directory;
}

describe('findBash', () => {
  it('returns the first executable file named bash, skipping empty entries, a directory and a file that cannot be executed', () => {
    const folder = directoryWith('folder', { bash: 'directory' });
    const notExecutable = directoryWith('plain', { bash: { mode: 0o644 } });
    const first = directoryWith('first', { bash: { mode: 0o755 } });
    const second = directoryWith('second', { bash: { mode: 0o755 } });
    expect(findBash({ path: ['', folder, notExecutable, first, second].join(':') })).toBe(join(first, 'bash'));
  });

  it('returns undefined when no directory has one, or there is no PATH', () => {
    expect(findBash({ path: directoryWith('empty', {}) })).toBeUndefined();
    expect(findBash({ path: undefined })).toBeUndefined();
  });
});

describe('commandShell', () => {
  it('is the bash on the PATH, looked up again when PATH changes; /bin/sh where there is none', () => {
    expect(FALLBACK_SHELL).toBe('/bin/sh');
    const onThisMachine = findBash({ path: savedPath });
    expect(onThisMachine, 'the test machine has bash').toBeDefined();
    expect(commandShell()).toBe(onThisMachine);
    process.env.PATH = directoryWith('nobash', {});
    expect(commandShell()).toBe(FALLBACK_SHELL);
    const own = directoryWith('own', { bash: { mode: 0o755 } });
    process.env.PATH = own;
    expect(commandShell()).toBe(join(own, 'bash'));
  });
});

/** A guard as people write them inline in settings: bash's `[[ … ]]` pattern match on the whole stdin. */
const inlineBashGuard = `input=$(cat); if [[ "$input" == *'rm -rf'* ]]; then echo 'recursive delete refused' >&2; exit 2; fi`;

describe('command hooks run in bash', () => {
  it("a process-group command uses bash syntax ($BASH_VERSION set, [[ ]] and $'…' understood)", async () => {
    const stdout = new CappedCapture({ limitBytes: 4096 });
    const stderr = new CappedCapture({ limitBytes: 4096 });
    const outcome = await runInProcessGroup({
      command: `[[ -n "$BASH_VERSION" ]] && printf '%s' $'tab:\\t.'`,
      cwd: scratch.path,
      stdout,
      stderr,
      timeoutMs: 10_000,
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdout.head().toString('utf8')).toBe('tab:\t.');
    expect(stderr.head().toString('utf8')).toBe('');
  });

  it('where no bash is on the PATH, a command runs in /bin/sh', async () => {
    process.env.PATH = directoryWith('nobash', {});
    const stdout = new CappedCapture({ limitBytes: 4096 });
    const outcome = await runInProcessGroup({
      command: 'echo "${BASH_VERSION:-no bash}"',
      cwd: scratch.path,
      stdout,
      stderr: new CappedCapture({ limitBytes: 4096 }),
      timeoutMs: 10_000,
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdout.head().toString('utf8')).toBe('no bash\n');
  });

  it('the reason: run by dash, the same guard prints "[[: not found", exits 0 and lets the call it should block through', async () => {
    const stdout = new CappedCapture({ limitBytes: 4096 });
    const stderr = new CappedCapture({ limitBytes: 4096 });
    const outcome = await runInProcessGroup({
      command: 'dash',
      args: ['-c', inlineBashGuard],
      stdin: JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } }),
      cwd: scratch.path,
      stdout,
      stderr,
      timeoutMs: 10_000,
    });
    expect(outcome.exitCode).toBe(0);
    expect(stderr.head().toString('utf8')).toMatch(/\[\[: not found/);
    const { logger } = recordingLogger();
    const hooks = {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'dash', args: ['-c', inlineBashGuard] }] }],
    };
    const config = new Config({ enableHooks: true, workingDir: scratch.path, logger, hooks });
    const result = await executeToolWithHooks(config, 'run_shell_command', { command: 'rm -rf build' }, async () => ({
      llmContent: 'ran',
      returnDisplay: 'ran',
    }));
    expect(result).toEqual({ llmContent: 'ran', returnDisplay: 'ran' });
  });

  for (const dialect of ['claude', 'gemini'] as const) {
    it(`a ${dialect} inline guard written with [[ ]] blocks the call it matches and lets the others through`, async () => {
      const { logger } = recordingLogger();
      const hooks =
        dialect === 'claude'
          ? { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: inlineBashGuard }] }] }
          : { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: inlineBashGuard }] }] };
      const config = new Config({ enableHooks: true, workingDir: scratch.path, logger, hooks });
      const ran: string[] = [];
      const execute = async (args: Record<string, unknown>) => {
        ran.push(String(args.command));
        return { llmContent: 'ran', returnDisplay: 'ran' };
      };
      const blocked = await executeToolWithHooks(config, 'run_shell_command', { command: 'rm -rf build' }, execute);
      expect(blocked.error?.type).toBe('hook_blocked');
      expect(String(blocked.llmContent)).toContain('recursive delete refused');
      const allowed = await executeToolWithHooks(config, 'run_shell_command', { command: 'ls build' }, execute);
      expect(allowed.error).toBeUndefined();
      expect(ran).toEqual(['ls build']);
    });
  }
});
