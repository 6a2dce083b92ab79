/**
 * The one process-group runner of hooks and the shell tool, with real processes: a call never waits
 * for pipes held outside the group or for what the command leaves in its group, leftovers are killed
 * per session, and the SIGTERM → SIGKILL grace is 5 s (HOOK-118).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CappedCapture } from '../../../src/hooks/actions/cappedCapture.js';
import { PIPE_DRAIN_MS, runInProcessGroup, type ProcessGroupOptions } from '../../../src/hooks/actions/processGroup.js';
import {
  killLeftoverProcesses,
  terminateProcessGroups,
  trackedGroups,
} from '../../../src/hooks/actions/processGroupRegistry.js';
import { HOOK_KILL_GRACE_MS } from '../../../src/hooks/protocol/hookConfig.js';
import { hookFixture, scratchDirectory, shellQuote } from '../../helpers/hookFixtures.js';
import {
  assertNoHookProcessesAlive,
  isProcessAlive,
  killEscapedProcesses,
  processesAliveAfter,
  readPidFile,
} from '../../helpers/processes.js';

let scratch: ReturnType<typeof scratchDirectory>;
/** Processes a test started outside any group hookrail tracks (setsid); killed after the test. */
const escaped: number[] = [];
beforeEach(() => {
  scratch = scratchDirectory();
});
afterEach(async () => {
  killEscapedProcesses(escaped);
  await killLeftoverProcesses({ graceMs: 0 });
  scratch.remove();
});
afterAll(() => assertNoHookProcessesAlive());

function run(command: string, extra: Partial<ProcessGroupOptions> = {}) {
  const stdout = new CappedCapture({ limitBytes: 1024 * 1024 });
  const stderr = new CappedCapture({ limitBytes: 1024 * 1024 });
  const pending = runInProcessGroup({
    command,
    cwd: scratch.path,
    stdin: '{}',
    stdout,
    stderr,
    timeoutMs: 30_000,
    ...extra,
  });
  return { pending, text: () => stdout.bytes().head.toString() };
}

/** "pid (comm) state ppid pgrp ..." → pgrp. */
function processGroupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

describe("runInProcessGroup: the hook's input", () => {
  it('HOOK-061: the hook has its whole input and the end of it before the host returns to its event loop', async () => {
    const { pending, text } = run('cat; echo; date +%s%3N', { stdin: '{"tool_name":"Bash"}' });
    // The host stays busy after starting the hook: an input closed only on a later turn of its event
    // loop would keep `cat` waiting until then.
    const busyUntil = Date.now() + 1_000;
    while (Date.now() < busyUntil) {
      // Spin: no turn of the event loop.
    }
    const outcome = await pending;
    const [input, sawEndAt] = text().split('\n');
    expect(outcome.exitCode).toBe(0);
    expect(input).toBe('{"tool_name":"Bash"}');
    expect(Number(sawEndAt)).toBeLessThan(busyUntil);
  });
});

describe.runIf(process.platform === 'linux')('runInProcessGroup: pipes held outside the group', () => {
  it('the drain window is tens of milliseconds', () => {
    expect(PIPE_DRAIN_MS).toBeGreaterThanOrEqual(10);
    expect(PIPE_DRAIN_MS).toBeLessThan(100);
  });

  it('a command that exits while `setsid sleep 3600 &` holds its stdout returns its answer; the call goes on', async () => {
    const pidFile = join(scratch.path, 'escaped.pid');
    const { pending, text } = run(`setsid sh -c 'echo $$ > ${shellQuote(pidFile)}; exec sleep 3600' & echo {}`, {
      timeoutMs: 1_000,
    });
    const outcome = await pending;
    escaped.push(await readPidFile(pidFile));
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false, pipesHeldOpen: true });
    expect(text()).toBe('{}\n');
    // The escaped process really held the pipe: it is alive and in a group of its own.
    expect(isProcessAlive(escaped[0]!)).toBe(true);
    expect(processGroupOf(escaped[0]!)).not.toBe(outcome.groupId);
  });

  it('a command still running at its timeout is killed and the call ends, though `setsid sleep &` holds its stdout', async () => {
    const pidFile = join(scratch.path, 'escaped.pid');
    const { pending } = run(`setsid sh -c 'echo $$ > ${shellQuote(pidFile)}; exec sleep 3600' & sleep 30`, {
      timeoutMs: 300,
      killGraceMs: 1_000,
    });
    const outcome = await pending;
    escaped.push(await readPidFile(pidFile));
    expect(outcome).toMatchObject({
      exitCode: null,
      signal: 'SIGTERM',
      timedOut: true,
      forceKilled: false,
      pipesHeldOpen: true,
    });
  });
});

describe.runIf(process.platform === 'linux')('runInProcessGroup: what a command leaves in its group', () => {
  it('a group whose processes all ended is forgotten when the call ends', async () => {
    const outcome = await run('cat >/dev/null; echo {}').pending;
    expect(outcome).toMatchObject({ exitCode: 0, leftover: false, pipesHeldOpen: false });
    expect(trackedGroups()).not.toContain(outcome.groupId);
  });

  it("a background process left in the group is not waited for; it lives until its session's leftovers are killed", async () => {
    const pidFile = join(scratch.path, 'left.pid');
    const command = `sleep 3600 >/dev/null 2>&1 & echo $! > ${shellQuote(pidFile)}; echo {}`;
    const first = await run(command, { owner: 'session-a' }).pending;
    const leftA = await readPidFile(pidFile);
    expect(first).toMatchObject({ exitCode: 0, leftover: true, pipesHeldOpen: false });
    expect(trackedGroups()).toContain(first.groupId);
    expect(processGroupOf(leftA)).toBe(first.groupId);

    const second = await run(command, { owner: 'session-b' }).pending;
    const leftB = await readPidFile(pidFile);
    expect(second.leftover).toBe(true);

    // Ending session A kills A's leftover only.
    expect(await killLeftoverProcesses({ owner: 'session-a' })).toBe(1);
    expect(await processesAliveAfter([leftA], 5_000)).toEqual([]);
    expect(isProcessAlive(leftB)).toBe(true);
    expect(trackedGroups()).not.toContain(first.groupId);

    // Without an owner (a CLI command exiting), every leftover goes.
    expect(await killLeftoverProcesses()).toBe(1);
    expect(await processesAliveAfter([leftB], 5_000)).toEqual([]);
    expect(trackedGroups()).not.toContain(second.groupId);
  });

  it('a leftover that ignores SIGTERM gets SIGKILL after the grace period', async () => {
    const marker = join(scratch.path, 'marker');
    const command = `node ${shellQuote(hookFixture('ignore-sigterm.js'))} ${shellQuote(marker)} >/dev/null 2>&1 & echo {}`;
    const outcome = await run(command).pending;
    expect(outcome.leftover).toBe(true);
    await vi.waitFor(() => expect(readFileSync(marker, 'utf8')).toMatch(/ready \d+/), {
      timeout: 10_000,
      interval: 20,
    });
    const stubborn = Number(/ready (\d+)/.exec(readFileSync(marker, 'utf8'))![1]);
    expect(await killLeftoverProcesses({ graceMs: 200 })).toBe(1);
    expect(readFileSync(marker, 'utf8')).toContain('SIGTERM');
    expect(await processesAliveAfter([stubborn], 5_000)).toEqual([]);
  });
});

describe.runIf(process.platform === 'linux')('terminateProcessGroups', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('HOOK-118: the default grace is 5 s — a group ignoring SIGTERM is alive 1 ms before it and gets SIGKILL at it', async () => {
    expect(HOOK_KILL_GRACE_MS).toBe(5_000);
    const marker = join(scratch.path, 'marker');
    const child = spawn(process.execPath, [hookFixture('ignore-sigterm.js'), marker], {
      detached: true,
      stdio: 'ignore',
    });
    const pid = child.pid!;
    await vi.waitFor(() => expect(readFileSync(marker, 'utf8')).toContain(`ready ${pid}`), {
      timeout: 10_000,
      interval: 20,
    });

    // Only the clock the grace period is measured with is fake; the process and its signals are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const termination = terminateProcessGroups([pid]);
    const realDeadline = performance.now() + 10_000;
    while (!readFileSync(marker, 'utf8').includes('SIGTERM') && performance.now() < realDeadline) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(readFileSync(marker, 'utf8')).toContain('SIGTERM');
    await vi.advanceTimersByTimeAsync(HOOK_KILL_GRACE_MS - 1);
    expect(isProcessAlive(pid)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await termination).toEqual([pid]);
    vi.useRealTimers();

    const exited = await new Promise<NodeJS.Signals | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
      else child.once('exit', (_code, signal) => resolve(signal));
    });
    expect(exited).toBe('SIGKILL');
  });

  it('resolves without SIGKILL once every group has ended after SIGTERM', async () => {
    const marker = join(scratch.path, 'marker');
    const child = spawn('sh', [hookFixture('exit-on-sigterm.sh'), marker], { detached: true, stdio: 'ignore' });
    await vi.waitFor(() => expect(readFileSync(marker, 'utf8')).toContain('ready'), { timeout: 10_000, interval: 20 });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    expect(await terminateProcessGroups([child.pid!], 10_000)).toEqual([]);
    await exited;
    expect(readFileSync(marker, 'utf8')).toContain('SIGTERM');
  });
});
