/**
 * The registry of process groups: nothing happens at import time; the first process group installs
 * the exit handler and starts the watchdog, once; hook and shell-tool groups are tracked alike.
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { assertNoHookProcessesAlive, isProcessAlive } from '../../helpers/processes.js';
import { scratchDirectory } from '../../helpers/hookFixtures.js';

afterAll(() => assertNoHookProcessesAlive());

/** Fresh copies of the modules, so the test sees the state a host has right after importing them. */
async function freshModules() {
  vi.resetModules();
  const registry = await import('../../../src/hooks/actions/processGroupRegistry.js');
  const processGroup = await import('../../../src/hooks/actions/processGroup.js');
  const capture = await import('../../../src/hooks/actions/cappedCapture.js');
  return { registry, processGroup, capture };
}

describe.runIf(process.platform === 'linux')('process group registry', () => {
  it('no work at import time: the exit handler and the watchdog come with the first process, once', async () => {
    const exitListeners = process.listenerCount('exit');
    const { registry, processGroup, capture } = await freshModules();
    expect(process.listenerCount('exit')).toBe(exitListeners);
    expect(registry.watchdogPid()).toBeUndefined();
    expect(registry.trackedGroups()).toEqual([]);

    const options = {
      command: 'true',
      cwd: process.cwd(),
      stdout: new capture.CappedCapture({ limitBytes: 16 }),
      stderr: new capture.CappedCapture({ limitBytes: 16 }),
      timeoutMs: 10_000,
    };
    expect((await processGroup.runInProcessGroup(options)).exitCode).toBe(0);
    expect(process.listenerCount('exit')).toBe(exitListeners + 1);
    const watchdog = registry.watchdogPid();
    expect(watchdog).toBeGreaterThan(1);
    expect(isProcessAlive(watchdog!)).toBe(true);

    await processGroup.runInProcessGroup(options);
    expect(process.listenerCount('exit')).toBe(exitListeners + 1);
    expect(registry.watchdogPid()).toBe(watchdog);
  });

  it("the shell tool's process groups are tracked like hook groups (killed at exit and by the watchdog)", async () => {
    const { registry } = await freshModules();
    const { createBuiltinTools } = await import('../../../src/adapters/tools/index.js');
    const scratch = scratchDirectory();
    try {
      const shell = createBuiltinTools({ workingDir: scratch.path }).find((tool) => tool.name === 'run_shell_command')!;
      const controller = new AbortController();
      const running = shell.execute({ command: 'echo $$ > shell.pid; exec sleep 30' }, { signal: controller.signal });
      await vi.waitFor(() => expect(registry.trackedGroups()).toHaveLength(1), { timeout: 10_000, interval: 10 });
      expect(registry.watchdogPid()).toBeGreaterThan(1);
      controller.abort();
      expect((await running).error?.type).toBe('cancelled');
      expect(registry.trackedGroups()).toEqual([]);
    } finally {
      scratch.remove();
    }
  });

  it('the check after every hook asks the kernel without an exception — a gone group is no error', async () => {
    const { registry } = await freshModules();
    const sleeper = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    const kill = vi.spyOn(process, 'kill');
    try {
      expect(registry.isProcessGroupAlive(sleeper.pid!)).toBe(true);
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
      expect(registry.isProcessGroupAlive(sleeper.pid!)).toBe(false);
      // process.kill would throw ESRCH for the gone group and Node would capture the error's full stack.
      expect(kill).not.toHaveBeenCalled();
    } finally {
      kill.mockRestore();
      sleeper.kill('SIGKILL');
    }
  });
  it("a removal still pending when the host exits reaches the watchdog's file first (a real host, built library)", async () => {
    const registryModule = fileURLToPath(
      new URL('../../../dist/hooks/actions/processGroupRegistry.js', import.meta.url),
    );
    // A group ID above the kernel's PID limit, released at once (no member), then an exit with no turn of the
    // event loop in between: only the exit handler can write the removal. The last 'exit' listener prints the file.
    const host = `
      import { readFileSync } from 'node:fs';
      const registry = await import(${JSON.stringify(registryModule)});
      const group = 2 ** 30 + 20000;
      registry.trackProcessGroup(group);
      registry.releaseProcessGroup(group);
      const file = readFileSync('/proc/' + registry.watchdogPid() + '/cmdline', 'utf8').split('\\0').filter(Boolean).pop();
      process.on('exit', () => process.stdout.write(readFileSync(file, 'utf8')));
      process.exit(0);
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', host], {
      timeout: 20_000,
    });
    expect(stdout).toBe(`+${2 ** 30 + 20000}\n-${2 ** 30 + 20000}\n`);
  });
});
