/**
 * Process-leak checks for the hook tests: finds live processes started from `test/fixtures/hooks/`
 * by this test run (scanning /proc), so a test or the global teardown can fail when a hook outlived
 * its run. Processes of other, concurrent test runs are told apart by the run marker that
 * `globalSetup.ts` puts in the environment, which every hook process inherits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

import { TEST_RUN_MARKER_VARIABLE } from './runMarker.js';

export { TEST_RUN_MARKER_VARIABLE };

/** Absolute path of `test/fixtures/hooks` (no trailing slash), as it appears in command lines. */
export const hookFixturesPath = fileURLToPath(new URL('../fixtures/hooks', import.meta.url)).replace(/\/$/, '');

/** A live process that runs a hook fixture. */
export interface HookProcessInfo {
  pid: number;
  commandLine: string;
}

/** True while a process with this PID exists and is not a zombie. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = processState(pid);
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/**
 * Live (non-zombie) processes whose command line contains the fixtures path and, when `marker` is
 * given, whose environment carries `HOOKRAIL_TEST_RUN_MARKER=<marker>` or `<marker>.<pid>-<n>` (a test
 * file's own marker under the run's).
 */
export function findHookFixtureProcesses(
  marker: string | undefined = process.env[TEST_RUN_MARKER_VARIABLE],
): HookProcessInfo[] {
  if (process.platform !== 'linux') return [];
  const found: HookProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const commandLine = readProcText(pid, 'cmdline')?.replace(/\0/g, ' ').trim();
    if (!commandLine?.includes(hookFixturesPath)) continue;
    if (marker !== undefined) {
      const environment = readProcText(pid, 'environ');
      // A test file's marker is `<run marker>.<pid>-<n>`: the run's marker matches every file's processes.
      const carried = environment?.split('\0').find((line) => line.startsWith(`${TEST_RUN_MARKER_VARIABLE}=`));
      const value = carried?.slice(TEST_RUN_MARKER_VARIABLE.length + 1);
      if (value !== marker && !value?.startsWith(`${marker}.`)) continue;
    }
    if (isProcessAlive(pid)) found.push({ pid, commandLine });
  }
  return found;
}

/**
 * Waits up to `settleMs` for fixture processes of this run to disappear (a process that was just
 * killed may still be exiting), then throws an error listing any that are left.
 */
export async function assertNoHookProcessesAlive(options: { settleMs?: number; marker?: string } = {}): Promise<void> {
  const deadline = Date.now() + (options.settleMs ?? 2_000);
  let alive = findHookFixtureProcesses(options.marker ?? process.env[TEST_RUN_MARKER_VARIABLE]);
  while (alive.length > 0 && Date.now() < deadline) {
    await sleep(50);
    alive = findHookFixtureProcesses(options.marker ?? process.env[TEST_RUN_MARKER_VARIABLE]);
  }
  if (alive.length > 0) {
    throw new Error(
      `${alive.length} hook fixture process(es) outlived their test:\n` +
        alive.map((info) => `  pid ${info.pid}: ${info.commandLine}`).join('\n'),
    );
  }
}

/** The state letter of `/proc/<pid>/stat` (`R`, `S`, `Z` for a zombie not yet reaped, ...), or undefined when gone. */
export function processState(pid: number): string | undefined {
  const stat = readProcText(pid, 'stat');
  // The command name is in parentheses and may itself contain spaces or parentheses.
  const match = stat ? /\) (\S)/.exec(stat.slice(stat.lastIndexOf(')'))) : null;
  return match?.[1];
}

function readProcText(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Polls /proc until none of `pids` is alive or `deadlineMs` has passed, and returns those still
 * alive (empty when all ended in time). A bounded wait: callers assert on the list, not on time.
 */
export async function processesAliveAfter(pids: readonly number[], deadlineMs: number): Promise<number[]> {
  const deadline = Date.now() + deadlineMs;
  let alive = pids.filter(isProcessAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await sleep(25);
    alive = alive.filter(isProcessAlive);
  }
  return alive;
}

/** Polls until `file` holds a PID (a line of digits), for at most `deadlineMs`; throws naming the file otherwise. */
export async function readPidFile(file: string, deadlineMs = 10_000): Promise<number> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const text = readTextFile(file);
    if (text !== undefined && /^\d+\s*$/.test(text)) return Number(text.trim());
    if (Date.now() >= deadline) throw new Error(`no PID was written to ${file} within ${deadlineMs} ms`);
    await sleep(20);
  }
}

function readTextFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Sends SIGKILL to each PID (processes a test started outside any group hookrail tracks) and empties the list. */
export function killEscapedProcesses(pids: number[]): void {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
