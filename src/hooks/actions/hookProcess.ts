/**
 * Runs one hook command as a real process (execa, `/bin/sh -c`): one JSON text on stdin then EOF
 * (HOOK-061), stdout and stderr captured up to a cap with the rest drained, and a timeout or abort
 * that sends SIGTERM and, after a grace period, SIGKILL to the hook's whole process group
 * (HOOK-117, 118). It knows nothing about the hook protocol; `hookRunner.ts` interprets the outcome.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { execa } from 'execa';
import { toError } from '../../errors.js';

/** What {@link runHookProcess} needs. */
export interface HookProcessOptions {
  /** Shell command text, already expanded. */
  command: string;
  cwd: string;
  /** Added to `process.env` (HOOK-188); an `undefined` value removes an inherited variable. */
  env: Record<string, string | undefined>;
  /** Written to stdin, then stdin is closed (HOOK-061). */
  stdin: string;
  timeoutMs: number;
  killGraceMs: number;
  /** Bytes kept per stream; the rest is read and dropped. */
  maxOutputBytes: number;
  signal?: AbortSignal;
}

/** How the process ended. Never thrown: every failure is a field. */
export interface HookProcessOutcome {
  /** The exit code, or null when a signal ended the process or it never started. */
  exitCode: number | null;
  signal?: string;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  /** The runner killed the process because it exceeded `timeoutMs` (HOOK-117). */
  timedOut: boolean;
  /** The runner killed the process (or never started it) because `signal` aborted. */
  cancelled: boolean;
  /** SIGKILL was needed because the process group outlived SIGTERM by `killGraceMs` (HOOK-118). */
  forceKilled: boolean;
  /** The process could not be started (bad cwd, no shell). */
  spawnError?: Error;
  durationMs: number;
}

/** Longest delay `setTimeout` honours; larger values would fire at once. */
const maxTimerDelayMs = 2_147_483_647;
/** How often a killed group is checked for survivors during the grace period. */
const groupPollIntervalMs = 20;

/**
 * HOOK-061, 117, 118, 192: spawns `command` in its own process group, feeds `stdin`, and resolves
 * once the process has exited, its output streams have closed and — if it had to be killed — no
 * process of its group is left.
 */
export async function runHookProcess(options: HookProcessOptions): Promise<HookProcessOutcome> {
  const startedAt = performance.now();
  const stdout = new CappedCapture(options.maxOutputBytes);
  const stderr = new CappedCapture(options.maxOutputBytes);
  const finish = (fields: Partial<HookProcessOutcome>): HookProcessOutcome => ({
    exitCode: null,
    stdout: stdout.text(),
    stderr: stderr.text(),
    stdoutTruncated: stdout.truncated,
    stderrTruncated: stderr.truncated,
    timedOut: false,
    cancelled: false,
    forceKilled: false,
    durationMs: performance.now() - startedAt,
    ...fields,
  });

  if (options.signal?.aborted) return finish({ cancelled: true });

  let subprocess;
  try {
    subprocess = execa(options.command, {
      shell: true,
      cwd: options.cwd,
      env: options.env,
      extendEnv: true,
      // Own process group, so a timeout can kill everything the hook started.
      detached: true,
      input: options.stdin,
      buffer: false,
      reject: false,
      stripFinalNewline: false,
      windowsHide: true,
    });
  } catch (error) {
    return finish({ spawnError: toError(error) });
  }

  const pid = subprocess.pid;
  if (pid !== undefined) liveProcessGroups.add(pid);
  drain(subprocess.stdout, stdout);
  drain(subprocess.stderr, stderr);

  const termination = new GroupTermination(pid, options.killGraceMs);
  const timeoutTimer = setTimeout(() => termination.start('timeout'), Math.min(Math.max(options.timeoutMs, 0), maxTimerDelayMs));
  const unsubscribe = options.signal ? subscribeToAbort(options.signal, () => termination.start('cancelled')) : undefined;

  try {
    let result;
    try {
      result = await subprocess;
    } catch (error) {
      // execa resolves even on failure (reject: false); should it ever reject, the group must still die.
      signalGroup(pid, 'SIGKILL');
      return finish({ spawnError: toError(error) });
    }
    clearTimeout(timeoutTimer);
    await termination.settle();
    const spawnFailed = result.exitCode === undefined && result.signal === undefined && !termination.reason;
    return finish({
      exitCode: result.exitCode ?? null,
      signal: result.signal,
      timedOut: termination.reason === 'timeout',
      cancelled: termination.reason === 'cancelled',
      forceKilled: termination.forceKilled,
      spawnError: spawnFailed ? new Error(result.message ?? `could not start: ${options.command}`, { cause: result.cause }) : undefined,
    });
  } finally {
    clearTimeout(timeoutTimer);
    termination.dispose();
    unsubscribe?.();
    if (pid !== undefined) liveProcessGroups.delete(pid);
  }
}

/** Keeps the first `limit` bytes of a stream and counts, but drops, the rest. */
export class CappedCapture {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    const room = this.limit - this.kept;
    if (room <= 0) {
      if (chunk.length > 0) this.truncated = true;
      return;
    }
    const head = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (head.length < chunk.length) this.truncated = true;
    this.chunks.push(Buffer.from(head));
    this.kept += head.length;
  }

  /** UTF-8 with replacement characters for invalid bytes; NUL bytes removed. */
  text(): string {
    return decodeHookOutput(Buffer.concat(this.chunks, this.kept));
  }
}

/** Decodes hook output: invalid UTF-8 becomes U+FFFD, NUL bytes are dropped, nothing throws. */
export function decodeHookOutput(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/\u0000/g, '');
}

function drain(stream: Readable | null | undefined, capture: CappedCapture): void {
  if (!stream) return;
  stream.on('data', (chunk: Buffer | string) => capture.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
  // Stream errors are reported through the subprocess promise; this listener only keeps them handled.
  stream.on('error', () => {});
}

type TerminationReason = 'timeout' | 'cancelled';

/** SIGTERM to the process group now, SIGKILL after the grace period if any member is still alive. */
class GroupTermination {
  reason?: TerminationReason;
  forceKilled = false;
  private killTimer?: NodeJS.Timeout;
  private pollTimer?: NodeJS.Timeout;

  constructor(
    private readonly pid: number | undefined,
    private readonly graceMs: number,
  ) {}

  start(reason: TerminationReason): void {
    if (this.reason) return;
    this.reason = reason;
    signalGroup(this.pid, 'SIGTERM');
    this.killTimer = setTimeout(() => this.forceKill(), Math.min(Math.max(this.graceMs, 0), maxTimerDelayMs));
  }

  /** Resolves when no member of a killed group remains; SIGKILL comes at the end of the grace period. */
  async settle(): Promise<void> {
    if (!this.reason) return;
    while (!this.forceKilled && isGroupAlive(this.pid)) {
      await new Promise<void>((resolve) => {
        this.pollTimer = setTimeout(resolve, groupPollIntervalMs);
      });
    }
  }

  dispose(): void {
    clearTimeout(this.killTimer);
    clearTimeout(this.pollTimer);
  }

  private forceKill(): void {
    if (isGroupAlive(this.pid)) signalGroup(this.pid, 'SIGKILL');
    this.forceKilled = true;
  }
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined || pid <= 1) return;
  try {
    if (process.platform === 'win32') process.kill(pid, signal);
    else process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone, which is what we wanted.
  }
}

/**
 * True while a member of the process group is alive. Zombies do not count: an orphaned member that
 * already exited may wait a while for init to reap it, and it can hold no resources but its PID.
 */
function isGroupAlive(pid: number | undefined): boolean {
  if (pid === undefined || pid <= 1) return false;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return process.platform === 'linux' ? hasLiveGroupMember(pid) : true;
}

function hasLiveGroupMember(groupId: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp ..."; comm may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === groupId && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

/**
 * Process groups of hooks still running. Hooks run detached (their own group), so the host's own
 * exit would not take them down; this exit handler does.
 */
const liveProcessGroups = new Set<number>();
process.once('exit', () => {
  for (const pid of liveProcessGroups) signalGroup(pid, 'SIGKILL');
});

/**
 * One 'abort' listener per caller signal, however many hooks share it, so a signal passed to
 * thousands of concurrent hook runs neither leaks listeners nor trips the max-listeners warning.
 */
interface AbortFanout {
  subscribers: Set<() => void>;
  dispatch: () => void;
}
const abortFanouts = new WeakMap<AbortSignal, AbortFanout>();

function subscribeToAbort(signal: AbortSignal, callback: () => void): () => void {
  let fanout = abortFanouts.get(signal);
  if (!fanout) {
    const subscribers = new Set<() => void>();
    const dispatch = (): void => {
      abortFanouts.delete(signal);
      for (const subscriber of [...subscribers]) subscriber();
    };
    fanout = { subscribers, dispatch };
    abortFanouts.set(signal, fanout);
    signal.addEventListener('abort', dispatch, { once: true });
  }
  const current = fanout;
  current.subscribers.add(callback);
  return () => {
    current.subscribers.delete(callback);
    if (current.subscribers.size === 0 && abortFanouts.get(signal) === current) {
      abortFanouts.delete(signal);
      signal.removeEventListener('abort', current.dispatch);
    }
  };
}
