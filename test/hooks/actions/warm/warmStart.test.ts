/**
 * Warm interpreters run a hook exactly as a cold start does: each fixture in
 * test/fixtures/hooks/warm/ is run cold and on a warm interpreter, and what its caller sees — stdout,
 * stderr, exit code, signal, timeout — is compared byte for byte. Whatever the interpreter reads at
 * start that differs from the warm process's start makes the hook run cold.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isProcessGroupAlive,
  killLeftoverProcesses,
  trackedGroups,
} from '../../../../src/hooks/actions/processGroupRegistry.js';
import { closeWarmInterpreters } from '../../../../src/hooks/actions/warm/warmStart.js';
import { hookFixture, shellQuote } from '../../../helpers/hookFixtures.js';
import { waitFor } from '../../../helpers/waiting.js';
import {
  observable,
  pathWithRealPython,
  runCold,
  runExpectingCold,
  runWarm,
} from '../../../helpers/warmInterpreters.js';

const project = mkdtempSync(join(tmpdir(), 'hookrail-warm-'));
const path = pathWithRealPython();

afterAll(async () => {
  await closeWarmInterpreters();
  rmSync(project, { recursive: true, force: true });
});

const warmFixture = (name: string): string => hookFixture(`warm/${name}`);

function hook(
  command: string,
  extra: { env?: Record<string, string | undefined>; args?: string[]; timeoutMs?: number; stdin?: string } = {},
) {
  return {
    command,
    args: extra.args,
    cwd: project,
    env: { PATH: path, CLAUDE_PROJECT_DIR: project, WARM_PROBE: 'inherited', ...extra.env },
    stdin: extra.stdin ?? '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls ü"}}',
    timeoutMs: extra.timeoutMs ?? 20_000,
    killGraceMs: 1_000,
    maxStdoutBytes: 1 << 20,
    maxStderrBytes: 1 << 20,
  };
}

async function expectSameBothWays(options: ReturnType<typeof hook>): Promise<string> {
  const cold = await runCold(options);
  const warm = await runWarm(options);
  expect(observable(warm)).toEqual(observable(cold));
  return warm.stdout;
}

describe('a Node hook on a warm interpreter sees what a cold start gives it', () => {
  it('CommonJS entry: require.main === module, __filename, argv, argv0, cwd, the environment bash gives it, stdin', async () => {
    const stdout = await expectSameBothWays(
      hook(`node ${shellQuote(warmFixture('commonjs-entry.cjs'))} --strict 'two words'`),
    );
    expect(JSON.parse(stdout)).toMatchObject({
      main: true,
      id: '.',
      argv: [warmFixture('commonjs-entry.cjs'), '--strict', 'two words'],
      argv0: 'node',
      execArgv: [],
      cwd: project,
    });
  });

  it('a script path run by its shebang (#!/usr/bin/env node), with the variables bash adds (PWD, SHLVL, _)', async () => {
    const stdout = await expectSameBothWays(hook(`${shellQuote(warmFixture('commonjs-entry.cjs'))} one`));
    expect(JSON.parse(stdout)).toMatchObject({
      main: true,
      _: warmFixture('commonjs-entry.cjs'),
      argv: [warmFixture('commonjs-entry.cjs'), 'one'],
    });
  });

  it('exec form (command + args): no shell, so no variable is added', async () => {
    const stdout = await expectSameBothWays(hook('node', { args: [warmFixture('commonjs-entry.cjs'), 'exec'] }));
    expect(JSON.parse(stdout)).toMatchObject({ main: true, argv: [warmFixture('commonjs-entry.cjs'), 'exec'] });
  });

  it('ES module entry: import.meta.url is the entry point, argv and execArgv as cold', async () => {
    const stdout = await expectSameBothWays(hook(`node ${shellQuote(warmFixture('esm-entry.mjs'))} a`));
    expect(JSON.parse(stdout)).toMatchObject({ entry: true, argv: [warmFixture('esm-entry.mjs'), 'a'], execArgv: [] });
  });

  it('work queued by the main module (nextTick, promise jobs, microtasks) runs in the same order', async () => {
    const stdout = await expectSameBothWays(hook(`node ${shellQuote(warmFixture('task-order.cjs'))}`));
    expect(JSON.parse(stdout)).toEqual(['main', 'nextTick', 'promise', 'microtask']);
  });

  it('process.exit(3) with a timer pending: the same output and exit code', async () => {
    await expectSameBothWays(hook(`node ${shellQuote(warmFixture('exit-code.cjs'))}`));
  });

  it("'exit' listeners that print and change process.exitCode: the same output and the final exit code", async () => {
    const options = hook(`node ${shellQuote(warmFixture('exit-listeners.cjs'))}`);
    const cold = await runCold(options);
    expect(cold).toMatchObject({ exitCode: 5, stdout: 'main module done\nfirst exit listener saw 0\n' });
    expect(cold.stderr).toBe('second exit listener leaves with 4\n');
    expect(observable(await runWarm(options))).toEqual(observable(cold));
  });

  it('a script that spawns a child process: the child sees the same arguments and environment', async () => {
    const stdout = await expectSameBothWays(hook(`node ${shellQuote(warmFixture('spawn-child.mjs'))}`));
    expect(stdout).toContain('"probe":"inherited"');
  });

  it('an uncaught exception in an ES module: the same stack trace on stderr, exit 1', async () => {
    const options = hook(`node ${shellQuote(warmFixture('uncaught.mjs'))}`);
    const cold = await runCold(options);
    expect(cold.exitCode).toBe(1);
    expect(observable(await runWarm(options))).toEqual(observable(cold));
  });

  it('a hook that leaves a process running in its group: a leftover both ways, killed with its session', async () => {
    const options = hook(`node ${shellQuote(warmFixture('leave-child.cjs'))}`);
    const cold = await runCold(options);
    await killLeftoverProcesses();
    const warm = await runWarm(options);
    expect(cold.leftover).toBe(true);
    expect(observable(warm)).toEqual(observable(cold));
    expect(await killLeftoverProcesses()).toBe(1);
    expect(isProcessGroupAlive(warm.groupId!)).toBe(false);
  });

  it('an uncaught exception in a CommonJS module: exit 1, the same message and frames down to the module loader; only the frames below differ', async () => {
    const options = hook(`node ${shellQuote(warmFixture('uncaught.cjs'))}`);
    const cold = await runCold(options);
    const warm = await runWarm(options);
    expect(warm.exitCode).toBe(1);
    expect(warm.stdout).toBe(cold.stdout);
    const framesDownToTheLoader = (stderr: string) =>
      stderr.split('\n').slice(0, stderr.split('\n').findIndex((line) => line.includes('[as runMain]')) + 1);
    expect(framesDownToTheLoader(warm.stderr)).toEqual(framesDownToTheLoader(cold.stderr));
    expect(framesDownToTheLoader(cold.stderr).length).toBeGreaterThan(5);
  });

  it('HOOK-117: a hook killed at its timeout: same signal, same output, its process group gone', async () => {
    const options = hook(`node ${shellQuote(hookFixture('hang.js'))}`, { timeoutMs: 1_500 });
    const cold = await runCold(options);
    const warm = await runWarm(options);
    expect(cold).toMatchObject({ timedOut: true, signal: 'SIGTERM' });
    expect(observable(warm)).toEqual(observable(cold));
    expect(isProcessGroupAlive(warm.groupId!)).toBe(false);
  });
});

describe('a Python hook on a warm interpreter sees what a cold start gives it', () => {
  it('__name__ == "__main__", __file__, sys.argv, sys.path[0], the main module\'s names, stdin', async () => {
    const stdout = await expectSameBothWays(hook(`python3 ${shellQuote(warmFixture('python-main.py'))} --flag x`));
    expect(JSON.parse(stdout)).toMatchObject({
      name: '__main__',
      argv: [warmFixture('python-main.py'), '--flag', 'x'],
      cwd: project,
    });
  });

  it('a relative script path run by its shebang: argv[0] as written, __file__ made absolute as Python does', async () => {
    const relative = join(project, 'hooks');
    rmSync(relative, { recursive: true, force: true });
    symlinkSync(join(warmFixture('python-main.py'), '..'), relative);
    const stdout = await expectSameBothWays(hook('./hooks/python-main.py'));
    expect(JSON.parse(stdout)).toMatchObject({
      argv: ['./hooks/python-main.py'],
      file: `${project}/./hooks/python-main.py`,
      _: './hooks/python-main.py',
    });
  });

  it('the standard-library modules a warm interpreter has imported ahead: the same modules, the same answers', async () => {
    const stdout = await expectSameBothWays(hook(`python3 ${shellQuote(warmFixture('python-modules.py'))}`));
    expect(JSON.parse(stdout)).toMatchObject({ pattern: true, split: ['a', 'b c'] });
  });

  it("a module beside the script named like a preloaded one (json.py): the script's own module, as cold", async () => {
    const stdout = await expectSameBothWays(hook(`python3 ${shellQuote(warmFixture('shadowing/uses-json.py'))}`));
    expect(stdout).toBe(`shadowed:{'shadowed': True}\npath0 ${warmFixture('shadowing')}\n`);
  });

  it('PYTHONSAFEPATH: the script directory is not put on sys.path, warm as cold', async () => {
    const options = hook(`python3 ${shellQuote(warmFixture('python-main.py'))}`, { env: { PYTHONSAFEPATH: '1' } });
    await runExpectingCold(options);
    const stdout = await expectSameBothWays(options);
    expect(JSON.parse(stdout).path0).not.toBe(join(warmFixture('python-main.py'), '..'));
  });

  it('sys.exit(3): the same output and exit code', async () => {
    await expectSameBothWays(hook(`python3 ${shellQuote(warmFixture('python-exit.py'))}`));
  });

  it('the exit steps after the last line: a non-daemon thread waited for, atexit functions, buffered output, sys.exit(text)', async () => {
    const options = hook(`python3 ${shellQuote(warmFixture('python-exit-steps.py'))}`);
    const cold = await runCold(options);
    expect(cold.exitCode).toBe(1);
    expect(cold.stdout).toBe('buffered, not flushed by the script\nnon-daemon thread finished\natexit function ran\n');
    expect(cold.stderr).toBe('python-exit-steps.py: a message as the exit status\natexit on stderr\n');
    expect(observable(await runWarm(options))).toEqual(observable(cold));
  });

  it("the answer does not wait for the interpreter's teardown: warm, it arrives while a finalizer still runs", async () => {
    // A kill grace longer than the finalizer: the teardown is not cut short while the test looks at it.
    const options = { ...hook(`python3 ${shellQuote(warmFixture('python-slow-finalizer.py'))}`), killGraceMs: 10_000 };
    const cold = await runCold(options);
    expect(isProcessGroupAlive(cold.groupId!)).toBe(false);
    const warm = await runWarm(options);
    expect(observable(warm)).toEqual(observable(cold));
    expect(warm.stdout).toContain('answered before the teardown');
    // The finalizer sleeps 1.5 s after the answer: the cold run waited for it, the warm one did not.
    expect(isProcessGroupAlive(warm.groupId!)).toBe(true);
    await waitFor(() => !isProcessGroupAlive(warm.groupId!), 'the warm interpreter to finish its teardown');
    await waitFor(() => !trackedGroups().includes(warm.groupId!), 'its process group to be released');
    expect(await killLeftoverProcesses()).toBe(0);
  });

  it('a hook that leaves a process running in its group: a leftover both ways, killed with its session', async () => {
    const options = hook(`python3 ${shellQuote(warmFixture('python-leave-child.py'))}`);
    const cold = await runCold(options);
    await killLeftoverProcesses();
    const warm = await runWarm(options);
    expect(cold).toMatchObject({ exitCode: 0, stdout: '{}\n', leftover: true });
    expect(observable(warm)).toEqual(observable(cold));
    expect(await killLeftoverProcesses()).toBe(1);
    expect(isProcessGroupAlive(warm.groupId!)).toBe(false);
  });

  it('an uncaught exception: the same traceback on stderr (no bootstrap frame), exit 1', async () => {
    const stdout = await expectSameBothWays(hook(`python3 ${shellQuote(warmFixture('python-uncaught.py'))}`));
    expect(stdout).toBe('');
  });

  it('HOOK-117: a hook killed at its timeout: same signal, same output', async () => {
    const options = hook(`python3 ${shellQuote(warmFixture('python-wait.py'))}`, { timeoutMs: 1_500 });
    const cold = await runCold(options);
    expect(cold).toMatchObject({ timedOut: true, stdout: 'started\n' });
    expect(observable(await runWarm(options))).toEqual(observable(cold));
  });

  it("a virtualenv's interpreter gets warm processes of its own: sys.prefix is the virtualenv's", async () => {
    const environment = join(project, 'venv');
    rmSync(environment, { recursive: true, force: true });
    const python = join(environment, 'bin', 'python3');
    const real = pathWithRealPython().split(':')[0];
    rmSync(environment, { recursive: true, force: true });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(environment, 'bin'), { recursive: true });
    symlinkSync(join(real, 'python3'), python);
    writeFileSync(join(environment, 'pyvenv.cfg'), `home = ${real}\ninclude-system-site-packages = false\n`);
    const stdout = await expectSameBothWays(hook(`${shellQuote(python)} ${shellQuote(warmFixture('python-main.py'))}`));
    expect(JSON.parse(stdout).prefix).toBe(environment);
  });
});

describe('identical or cold: what an interpreter reads at start decides', () => {
  it('NODE_OPTIONS that differs from the warm process start: the hook runs cold, and sees its NODE_OPTIONS', async () => {
    await runWarm(hook(`node ${shellQuote(warmFixture('esm-entry.mjs'))}`));
    const options = hook(`node ${shellQuote(warmFixture('esm-entry.mjs'))}`, {
      env: { NODE_OPTIONS: '--no-deprecation' },
    });
    const cold = await runCold(options);
    const withWarmOn = await runExpectingCold(options);
    expect(JSON.parse(withWarmOn.stdout).nodeOptions).toBe('--no-deprecation');
    expect(observable(withWarmOn)).toEqual(observable(cold));
  });

  it('PYTHONPATH that differs from the warm process start: the hook runs cold', async () => {
    await runWarm(hook(`python3 ${shellQuote(warmFixture('python-exit.py'))}`));
    const options = hook(`python3 ${shellQuote(warmFixture('python-exit.py'))}`, { env: { PYTHONPATH: project } });
    expect(observable(await runExpectingCold(options))).toEqual(observable(await runCold(options)));
  });

  it('an interpreter flag (node --no-warnings, python3 -E): the hook runs cold', async () => {
    for (const command of [
      `node --no-warnings ${shellQuote(warmFixture('esm-entry.mjs'))}`,
      `python3 -E ${shellQuote(warmFixture('python-exit.py'))}`,
    ]) {
      const options = hook(command);
      expect(observable(await runExpectingCold(options))).toEqual(observable(await runCold(options)));
    }
  });
});
