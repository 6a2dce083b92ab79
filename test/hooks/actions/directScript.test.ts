/**
 * A command hook that is one script path runs without `bash -c`, and its script sees what it would
 * see under `bash -c`: the same environment (PWD, OLDPWD, SHLVL, `_` included), `$0`, working
 * directory, stdin, stdout, stderr and exit code — for bash, sh, node and python scripts. A script
 * without a shebang, or not executable, is left to `bash -c`.
 */
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandCommand } from '../../../src/hooks/actions/commandExpansion.js';
import { directScript } from '../../../src/hooks/actions/directScript.js';
import { buildHookEnvironment } from '../../../src/hooks/actions/hookEnvironment.js';
import { runHookProcess, type HookProcessOutcome } from '../../../src/hooks/actions/hookProcess.js';
import { closeWarmInterpreters, sharedWarmInterpreterPool } from '../../../src/hooks/actions/warm/warmStart.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { beforeToolInput, hookFixture, scratchDirectory } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';

let scratch: ReturnType<typeof scratchDirectory>;
let projectDir: string;
beforeEach(() => {
  scratch = scratchDirectory('hookrail-direct-');
  // A space in the project directory: the path must stay one word both ways.
  projectDir = join(scratch.path, 'my project');
  mkdirSync(join(projectDir, '.claude', 'hooks'), { recursive: true });
  for (const name of ['env-report.sh', 'env-report-posix.sh', 'env-report.mjs', 'env-report.py', 'no-shebang.sh']) {
    const target = join(projectDir, '.claude', 'hooks', name);
    copyFileSync(hookFixture(`direct/${name}`), target);
    chmodSync(target, 0o755);
  }
});
afterEach(() => {
  scratch.remove();
});
afterAll(async () => {
  await closeWarmInterpreters();
});

const stdin = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });

/**
 * Runs `command` as the runner runs a command hook, directly when `direct` allows it, else in `bash -c`;
 * with `warmInterpreters`, a warm process may take it (a launcher, for a shell script).
 */
function run(command: string, direct: boolean, warmInterpreters = 0): Promise<HookProcessOutcome> {
  const env = buildHookEnvironment({ projectDir, extra: { HOOK_EXTRA: 'x' } });
  const script = direct ? directScript({ command, projectDir, cwd: projectDir, environment: env }) : undefined;
  if (direct) expect(script).toBeDefined();
  if (script) Object.assign(env, script.environment);
  return runHookProcess({
    warmInterpreters,
    command: script?.file ?? expandCommand(command, projectDir),
    args: script ? [] : undefined,
    cwd: projectDir,
    env,
    stdin,
    timeoutMs: 30_000,
    killGraceMs: 1_000,
    maxStdoutBytes: 1024 * 1024,
    maxStderrBytes: 1024 * 1024,
  });
}

/** `command` run on a warm launcher: the pool's first hook runs cold and starts it, so it is run until one takes it. */
async function runLaunched(command: string): Promise<HookProcessOutcome> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const idle = sharedWarmInterpreterPool().idleProcessIds('launcher');
    const outcome = await run(command, true, 2);
    if (outcome.groupId !== undefined && idle.includes(outcome.groupId)) return outcome;
  }
  throw new Error(`no launcher took ${command}`);
}

describe.runIf(process.platform === 'linux')(
  'a script hook run without a shell sees what it would under bash -c',
  () => {
    it.each([
      ['bash', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/env-report.sh'],
      ['sh', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/env-report-posix.sh'],
      ['node', '$CLAUDE_PROJECT_DIR/.claude/hooks/env-report.mjs'],
      ['python', '.claude/hooks/env-report.py'],
    ])('%s: the same environment, argv[0], working directory, input, stderr and exit code', async (script, command) => {
      const shell = await run(command, false);
      const direct = await run(command, true);
      expect(shell.exitCode).toBe(3);
      const shellReport = JSON.parse(shell.stdout) as { script: string; env: Record<string, string> };
      const directReport = JSON.parse(direct.stdout) as { script: string; env: Record<string, string> };
      expect(shellReport.script).toBe(script);
      expect(shellReport.env.PWD).toBeDefined();
      expect(directReport).toEqual(shellReport);
      expect({ exitCode: direct.exitCode, signal: direct.signal, stderr: direct.stderr }).toEqual({
        exitCode: shell.exitCode,
        signal: shell.signal,
        stderr: shell.stderr,
      });
    });

    it.each([
      ['bash', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/env-report.sh'],
      ['sh', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/env-report-posix.sh'],
    ])(
      '%s: started by a warm launcher, the script sees what a direct spawn gives it, byte for byte',
      async (_script, command) => {
        const direct = await run(command, true);
        const launched = await runLaunched(command);
        expect(launched.warm).toBe(true);
        expect(launched.stdout).toBe(direct.stdout);
        expect({ exitCode: launched.exitCode, signal: launched.signal, stderr: launched.stderr }).toEqual({
          exitCode: direct.exitCode,
          signal: direct.signal,
          stderr: direct.stderr,
        });
      },
    );

    it('a launched script: its parent is the host, its process group is its own, its signal dispositions are a spawned one’s', async () => {
      const direct = JSON.parse((await run('"$CLAUDE_PROJECT_DIR"/.claude/hooks/env-report.sh', true)).stdout);
      const launched = await runLaunched('"$CLAUDE_PROJECT_DIR"/.claude/hooks/env-report.sh');
      const report = JSON.parse(launched.stdout);
      expect(report.process).toMatchObject({ parent: 'node', groupLeader: 'yes' });
      expect(report.process).toEqual(direct.process);
      expect(launched.groupId).toBeDefined();
    });

    it('a script without a shebang is not taken: bash -c runs it, as before', async () => {
      const command = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/no-shebang.sh';
      expect(directScript({ command, projectDir, cwd: projectDir, environment: {} })).toBeUndefined();
      const outcome = await run(command, false);
      expect(outcome.exitCode).toBe(4);
      expect(outcome.stdout).toMatch(/^no shebang: run by bash, \d/);
    });

    it('a script that is not executable, or missing, is not taken (bash -c reports it: exit 126 or 127)', async () => {
      const path = join(projectDir, '.claude', 'hooks', 'env-report.sh');
      chmodSync(path, 0o644);
      expect(
        directScript({ command: '.claude/hooks/env-report.sh', projectDir, cwd: projectDir, environment: {} }),
      ).toBeUndefined();
      expect((await run('.claude/hooks/env-report.sh', false)).exitCode).toBe(126);
      expect(
        directScript({ command: '.claude/hooks/missing.sh', projectDir, cwd: projectDir, environment: {} }),
      ).toBeUndefined();
      expect((await run('.claude/hooks/missing.sh', false)).exitCode).toBe(127);
    });

    it('HOOK-188: the runner spawns a script hook directly and reads its answer; the debug line says no shell ran', async () => {
      const { logger, records } = recordingLogger({ level: 'debug' });
      const runner = new HookRunner({ logger });
      const hook = { type: 'command' as const, command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/env-report.mjs' };
      const result = await runner.executeHook(
        hook,
        HookEventName.BeforeTool,
        beforeToolInput({ command: 'ls' }, 'run_shell_command', projectDir),
      );
      expect(result.exitCode).toBe(3);
      const report = JSON.parse(result.stdout ?? '') as { cwd: string; env: Record<string, string> };
      expect(report.env.CLAUDE_PROJECT_DIR).toBe(projectDir);
      expect(report.env.PWD).toBe(report.cwd);
      const running = records.find((record) => record.message.startsWith('Running hook'));
      expect(running?.data).toMatchObject({ shell: 'none: the script runs by its shebang' });
    });
  },
);
