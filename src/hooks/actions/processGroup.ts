/**
 * One command in its own process group — the one way hookrail runs a process, for hooks and for the
 * shell tool. `node:child_process` directly: no execa configuration came within 1.10× of a raw spawn
 * (figures in bench/README.md).
 *
 * - stdin: a text written and closed (HOOK-061; EPIPE suppressed, HOOK-192), or none.
 * - stdout and stderr go to the caller's sinks as they arrive (bounded by the caller, see CappedCapture).
 * - timeout or abort: SIGTERM to the whole group, SIGKILL after the grace period (HOOK-117, 118).
 * - No answer is lost: every byte the main process wrote before it exited is read, however busy the
 *   event loop is. After the exit the pipes are read until they close; only a pipe that another
 *   process still holds open (a `setsid … &` child) is given up, once it has been quiet for
 *   {@link PIPE_DRAIN_MS} since its last read (or the exit) AND a poll phase of the event loop has
 *   passed without reading anything from it. The drain window is a bound on waiting for a stranger,
 *   never a deadline on reading what the main process left: a timer that fires late because the loop
 *   was blocked only looks again after the next poll phase has read the pipes.
 * - A call never waits past its timeout plus the grace: a pipe held open and written to without end is
 *   given up at the call's timeout (or one drain window after the exit, if that is later).
 * - What the command leaves running in its group is not waited for either; it becomes a leftover,
 *   killed when its session ends, at the host's exit, or by the watchdog.
 * - A warm interpreter (`started` with `scriptEnd`) announces its script's end with the final exit
 *   code once its stdout and stderr are closed: the run then ends as if the process had exited,
 *   without waiting for the interpreter's teardown. A process with a child of its own announces
 *   nothing (the interpreter checks), so the run waits for the real exit as a cold run does. The
 *   group is released (and a leftover found) at the real exit either way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { toError } from '../../errors.js';
import { HOOK_KILL_GRACE_MS } from '../protocol/hookConfig.js';
import { commandShell } from './commandShell.js';
import { inheritedEnvironmentWith } from './hookEnvironment.js';
import { subscribeToAbort } from './abortFanout.js';
import {
  prepareProcessGroupTracking,
  releaseProcessGroup,
  signalProcessGroup,
  terminateProcessGroups,
  trackProcessGroup,
} from './processGroupRegistry.js';
import { listenForScriptEnd } from './scriptEnd.js';

/**
 * How long a pipe may stay open and quiet after the main process exited, counted from its last read
 * (or the exit). A process that left the group (`setsid … &`) and kept stdout open is not waited for
 * beyond this; what the main process wrote is always read first, however late this window closes.
 */
export const PIPE_DRAIN_MS = 50;

/** Where a process's output goes, chunk by chunk (a CappedCapture, or anything that bounds it). */
export interface OutputSink {
  push(chunk: Buffer): void;
}

/** What {@link runInProcessGroup} runs, and how. */
export interface ProcessGroupOptions {
  /** Shell command text, run with `bash -c` ({@link commandShell}); with `args`, the executable (exec form). */
  command: string;
  /** Exec form: spawn `command` itself with these arguments, without a shell. */
  args?: readonly string[];
  cwd: string;
  /** Added to `process.env` (HOOK-188); an `undefined` value removes an inherited variable (Node skips it). */
  env?: Record<string, string | undefined>;
  /**
   * The whole environment, already built (`inheritedEnvironmentWith(env)`), when the caller needed it
   * too: used as it is instead of `env`, so `process.env` is not copied twice for one process.
   */
  environment?: Record<string, string | undefined>;
  /** Written to stdin, then stdin is closed (HOOK-061). Without it stdin is `/dev/null`. */
  stdin?: string;
  stdout: OutputSink;
  stderr: OutputSink;
  /** Milliseconds before the group is killed (HOOK-117). */
  timeoutMs: number;
  /** SIGTERM → SIGKILL; default {@link HOOK_KILL_GRACE_MS} (HOOK-118). */
  killGraceMs?: number;
  /** Default {@link PIPE_DRAIN_MS}. */
  drainMs?: number;
  /** Aborting kills the group like a timeout does. */
  signal?: AbortSignal;
  /** Whose leftovers these are (a session ID), for `killLeftoverProcesses({ owner })`. */
  owner?: string;
  /**
   * A process already started for this command in its own process group (a warm interpreter handed
   * the hook, see warm/warmStart.ts): run as if spawned now, instead of spawning `command`.
   */
  started?: ChildProcess;
  /**
   * The channel on which `started` writes `end <exit code>\n` when its script is over and its stdout
   * and stderr are closed (a warm interpreter's descriptor 3; see the module comment).
   */
  scriptEnd?: Readable;
}

/** How the process ended. Never thrown: every failure is a field. */
export interface ProcessGroupOutcome {
  /** The exit code, or null when a signal ended the process or it never started. */
  exitCode: number | null;
  signal?: NodeJS.Signals;
  /** Killed because it exceeded `timeoutMs` (HOOK-117). */
  timedOut: boolean;
  /** Killed (or never started) because `signal` aborted. */
  cancelled: boolean;
  /** SIGKILL was needed: the group outlived SIGTERM by the grace period (HOOK-118). */
  forceKilled: boolean;
  /** The process could not be started (bad cwd, no shell). */
  spawnError?: Error;
  /** A pipe was still open, and quiet for {@link PIPE_DRAIN_MS}, after the main process exited; the call went on. */
  pipesHeldOpen: boolean;
  /** Processes of the group were still running when the call ended; they are killed later. */
  leftover: boolean;
  /** The process group's ID (the main process's PID), when the process started. */
  groupId?: number;
  durationMs: number;
}

/** Longest delay `setTimeout` honours; larger values would fire at once. */
const maxTimerDelayMs = 2_147_483_647;
const ownProcessGroup = process.platform !== 'win32';

/** Runs `command` in its own process group (see the module comment). */
export function runInProcessGroup(options: ProcessGroupOptions): Promise<ProcessGroupOutcome> {
  const startedAt = performance.now();
  if (options.signal?.aborted) return Promise.resolve(failedOutcome(startedAt, { cancelled: true }));
  if (ownProcessGroup) prepareProcessGroupTracking();
  let child: ChildProcess;
  try {
    child =
      options.started ??
      spawn(options.command, options.args ?? [], {
        shell: options.args === undefined ? commandShell() : false,
        cwd: options.cwd,
        env: options.environment ?? (options.env ? inheritedEnvironmentWith(options.env) : process.env),
        // Its own process group, so a kill reaches everything the command started.
        detached: ownProcessGroup,
        stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
  } catch (error) {
    return Promise.resolve(failedOutcome(startedAt, { spawnError: toError(error) }));
  }
  return new Promise((resolve) => new ProcessGroupRun(child, options, startedAt, resolve));
}

function failedOutcome(startedAt: number, fields: Partial<ProcessGroupOutcome>): ProcessGroupOutcome {
  return {
    exitCode: null,
    timedOut: false,
    cancelled: false,
    forceKilled: false,
    pipesHeldOpen: false,
    leftover: false,
    durationMs: performance.now() - startedAt,
    ...fields,
  };
}

/** One running command: waits for its exit, a bounded drain of its pipes and, if killed, its group. */
class ProcessGroupRun {
  private readonly groupId?: number;
  private exitCode: number | null = null;
  private exitSignal?: NodeJS.Signals;
  private spawnError?: Error;
  private exited = false;
  private finished = false;
  private openPipes = 2;
  private pipesHeldOpen = false;
  private reason?: 'timeout' | 'cancelled';
  private terminating = false;
  private forceKilled = false;
  private readonly timeoutTimer: NodeJS.Timeout;
  private drainTimer?: NodeJS.Timeout;
  /** `performance.now()` of the last read from either pipe, or of the exit if later. */
  private lastDrainAt = 0;
  /** Set by every read; cleared when a drain check lets a poll phase pass. */
  private drainedSinceCheck = false;
  /** After this `performance.now()`, a pipe still written to by another process is given up. */
  private drainDeadline = 0;
  private readonly unsubscribe?: () => void;
  /** The main process has really exited (not only announced its script's end). */
  private mainProcessGone = false;
  private leftover = false;

  constructor(
    private readonly child: ChildProcess,
    private readonly options: ProcessGroupOptions,
    private readonly startedAt: number,
    private readonly resolve: (outcome: ProcessGroupOutcome) => void,
  ) {
    this.groupId = child.pid;
    const onPipeClosed = (): void => {
      this.openPipes -= 1;
      this.advance();
    };
    const onPipeEnded = (): void => this.noteDrain();
    for (const [stream, sink] of [
      [child.stdout, options.stdout],
      [child.stderr, options.stderr],
    ] as const) {
      stream?.on('data', (chunk: Buffer) => {
        this.noteDrain();
        sink.push(chunk);
      });
      stream?.once('end', onPipeEnded);
      // Read errors end the stream like a close does; this listener keeps them handled.
      stream?.on('error', () => {});
      stream?.once('close', onPipeClosed);
    }
    child.once('error', (error) => this.onError(error));
    child.once('exit', (code, signal) => {
      this.mainProcessGone = true;
      if (this.finished) this.releaseGroup();
      else this.onExit(code, signal);
    });
    if (options.scriptEnd) listenForScriptEnd(options.scriptEnd, (code) => this.onScriptEnd(code));
    if (options.stdin !== undefined && child.stdin) {
      // HOOK-192: a hook that exits without reading its input makes this write fail with EPIPE.
      child.stdin.on('error', () => {});
      child.stdin.write(options.stdin);
      // Taken whole by the socket already: closing it now gives the hook the end of its input at
      // once, where end() would close it only after the event loop's next turn.
      if (child.stdin.writableLength === 0) child.stdin.destroy();
      else child.stdin.end();
    }
    // Tracked for the watchdog once the hook has its input: the group file's write then overlaps the
    // hook's run instead of delaying it. It is still the spawn's turn of the event loop, so no exit
    // or kill of this group can be handled before the watchdog knows it.
    if (this.groupId !== undefined && ownProcessGroup) trackProcessGroup(this.groupId);
    this.timeoutTimer = setTimeout(
      () => this.terminate('timeout'),
      Math.min(Math.max(options.timeoutMs, 0), maxTimerDelayMs),
    );
    if (options.signal) this.unsubscribe = subscribeToAbort(options.signal, () => this.terminate('cancelled'));
  }

  private onError(error: Error): void {
    // 'error' without a started process is a spawn failure; after the start it can only come from kill().
    if (this.exited || this.groupId !== undefined) return;
    this.spawnError = describeSpawnError(error, this.options.cwd);
    this.exited = true;
    this.openPipes = 0;
    this.advance();
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exited = true;
    const now = performance.now();
    const drainMs = this.drainMs();
    this.lastDrainAt = now;
    this.drainDeadline = Math.max(this.startedAt + Math.max(this.options.timeoutMs, 0), now + drainMs);
    this.exitCode = code;
    this.exitSignal = signal ?? undefined;
    clearTimeout(this.timeoutTimer);
    this.advance();
  }

  /**
   * A warm interpreter's script is over, its stdout and stderr closed, and it has no child (it
   * announces nothing otherwise): from here the run goes on as after an exit with `code`. Once the
   * real exit has been seen, that is the outcome.
   */
  private onScriptEnd(code: number): void {
    if (this.exited || this.reason || this.groupId === undefined) return;
    this.onExit(code, null);
  }

  private terminate(reason: 'timeout' | 'cancelled'): void {
    if (this.reason || this.exited) return;
    this.reason = reason;
    clearTimeout(this.timeoutTimer);
    if (this.groupId === undefined) return;
    if (!ownProcessGroup) {
      this.child.kill('SIGTERM');
      setTimeout(
        () => signalProcessGroup(this.groupId!, 'SIGKILL'),
        this.options.killGraceMs ?? HOOK_KILL_GRACE_MS,
      ).unref();
      return;
    }
    this.terminating = true;
    void terminateProcessGroups([this.groupId], this.options.killGraceMs ?? HOOK_KILL_GRACE_MS).then((forced) => {
      this.forceKilled = forced.length > 0;
      this.terminating = false;
      this.advance();
    });
  }

  /** Finishes once the main process exited, a kill has settled and the pipes closed or had their drain window. */
  private advance(): void {
    if (this.finished || !this.exited || this.terminating) return;
    if (this.openPipes <= 0) {
      this.finish();
      return;
    }
    this.drainTimer ??= setTimeout(this.onDrainTimer, this.drainMs());
  }

  private drainMs(): number {
    return Math.max(this.options.drainMs ?? PIPE_DRAIN_MS, 0);
  }

  private noteDrain(): void {
    this.drainedSinceCheck = true;
    this.lastDrainAt = performance.now();
  }

  /**
   * The drain window may have closed: if a read came within it, wait for the rest of it; otherwise
   * let one poll phase pass (setImmediate runs right after it) before looking again, because a timer
   * that fired late after a blocked loop runs before that phase reads what the pipes already hold.
   */
  private readonly onDrainTimer = (): void => {
    if (this.finished) return;
    const now = performance.now();
    const quietFor = now - this.lastDrainAt;
    if (quietFor < this.drainMs() && now < this.drainDeadline) {
      this.drainTimer = setTimeout(this.onDrainTimer, this.drainMs() - quietFor);
      return;
    }
    this.drainedSinceCheck = false;
    setImmediate(this.onDrainCheck);
  };

  /** After a poll phase: a pipe that gave nothing in it is held by another process and given up. */
  private readonly onDrainCheck = (): void => {
    if (this.finished) return;
    if (this.drainedSinceCheck && performance.now() < this.drainDeadline) {
      this.drainTimer = setTimeout(this.onDrainTimer, this.drainMs());
      return;
    }
    this.pipesHeldOpen = true;
    this.finish();
  };

  /**
   * The script announced its end and its interpreter is still tearing down; it is released when it
   * exits. Teardown never blocks, but should it hang, the process is killed after the kill grace.
   */
  private awaitTeardown(): void {
    const groupId = this.groupId;
    if (groupId === undefined) return;
    setTimeout(() => {
      if (this.mainProcessGone) return;
      try {
        process.kill(groupId, 'SIGKILL');
      } catch {
        // Gone in the meantime.
      }
    }, this.options.killGraceMs ?? HOOK_KILL_GRACE_MS).unref();
  }

  private releaseGroup(): void {
    if (this.groupId !== undefined && ownProcessGroup) {
      this.leftover = releaseProcessGroup(this.groupId, this.options.owner);
    }
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.timeoutTimer);
    clearTimeout(this.drainTimer);
    this.unsubscribe?.();
    // Our ends of pipes a stray process still holds are closed, so no descriptor outlives the call.
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.child.stdin?.destroy();
    if (this.mainProcessGone || this.options.scriptEnd === undefined) this.releaseGroup();
    else this.awaitTeardown();
    this.resolve({
      exitCode: this.exitCode,
      signal: this.exitSignal,
      timedOut: this.reason === 'timeout',
      cancelled: this.reason === 'cancelled',
      forceKilled: this.forceKilled,
      spawnError: this.spawnError,
      pipesHeldOpen: this.pipesHeldOpen,
      leftover: this.leftover,
      groupId: this.groupId,
      durationMs: performance.now() - this.startedAt,
    });
  }
}

/** A spawn failure in words a user can act on: a missing working directory is named as such. */
function describeSpawnError(error: Error, cwd: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  let reason = error.message;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    try {
      if (!statSync(cwd).isDirectory()) reason = `the working directory ${cwd} is not a directory`;
    } catch {
      reason = `the working directory ${cwd} does not exist`;
    }
  }
  return reason === error.message ? error : new Error(reason, { cause: error });
}
