/**
 * Bounded waiting for tests: polls a condition until it holds or a deadline passes, then fails with a
 * message naming what was awaited and for how long. Tests wait on conditions, never on fixed sleeps,
 * and never poll without a deadline (a broken kill or a lost event must fail the test, not hang it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** Options of {@link waitFor}. */
export interface WaitOptions {
  /** How long to wait at most; default {@link DEFAULT_WAIT_TIMEOUT_MS}. Below the 30 s test timeout, so the message is ours. */
  timeoutMs?: number;
  /** Pause between two checks; default 5 ms. */
  intervalMs?: number;
}

/** Default bound of {@link waitFor}. */
export const DEFAULT_WAIT_TIMEOUT_MS = 15_000;

/**
 * Resolves once `condition()` is true (checked at once, then every `intervalMs`); rejects with
 * `timed out after N ms waiting for <description>` past the bound. A throw from `condition` rejects
 * at once, so a condition can also fail fast (e.g. when the process it waits on has exited).
 */
export async function waitFor(condition: () => boolean, description: string, options: WaitOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? 5;
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}`);
    await sleep(intervalMs);
  }
}

/** Resolves once a file exists at `path`; rejects past the bound as {@link waitFor} does. */
export async function waitForFile(path: string, options: WaitOptions = {}): Promise<void> {
  await waitFor(() => existsSync(path), `file ${path}`, options);
}

/** The process ID a hook or tool wrote to `pidFile`, once the file holds one (digits, then a newline or nothing). */
export async function waitForPid(pidFile: string, options: WaitOptions = {}): Promise<number> {
  const written = (): boolean => existsSync(pidFile) && /^\d+\s*$/.test(readFileSync(pidFile, 'utf8'));
  await waitFor(written, `a process ID in ${pidFile}`, options);
  return Number(readFileSync(pidFile, 'utf8').trim());
}

/**
 * `promise`'s value, or a rejection `timed out after N ms waiting for <description>` when it has not
 * settled within the bound: an await that a bug could leave pending fails with a message, not a test timeout.
 */
export async function settlesWithin<T>(
  promise: Promise<T>,
  description: string,
  options: Pick<WaitOptions, 'timeoutMs'> = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${description}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, bound]);
  } finally {
    clearTimeout(timer);
  }
}
