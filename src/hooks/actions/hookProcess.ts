/**
 * Runs one hook command as a real process in its own process group (processGroup.ts): one JSON text
 * on stdin then EOF (HOOK-061), stdout and stderr captured up to their caps with the rest counted
 * and dropped, and a timeout or abort that kills the whole group (HOOK-117, 118). It knows nothing
 * about the hook protocol; `hookRunner.ts` interprets the outcome.
 */
import { CappedCapture } from './cappedCapture.js';
import { inheritedEnvironmentWith } from './hookEnvironment.js';
import { runInProcessGroup, type ProcessGroupOutcome } from './processGroup.js';
import { startWarmHook } from './warm/warmStart.js';

/** What {@link runHookProcess} needs. */
export interface HookProcessOptions {
  /** Shell command text, already expanded; with `args`, the executable (exec form). */
  command: string;
  /** Exec form: spawn `command` with these arguments and no shell. Without it `command` runs in `bash -c` (see commandShell.ts). */
  args?: readonly string[];
  cwd: string;
  /** Added to `process.env` (HOOK-188); an `undefined` value removes an inherited variable. */
  env: Record<string, string | undefined>;
  /** Written to stdin, then stdin is closed (HOOK-061). */
  stdin: string;
  timeoutMs: number;
  killGraceMs: number;
  /**
   * Bytes of stdout kept; the rest is read, counted and dropped. Stdout over this cap is never read
   * as an answer, so only its first {@link STDOUT_OVERFLOW_EXCERPT_BYTES} are then kept.
   */
  maxStdoutBytes: number;
  /** Bytes of stderr kept; the rest is read, counted and dropped. */
  maxStderrBytes: number;
  signal?: AbortSignal;
  /** The session the hook ran for: what it leaves running is killed when that session ends. */
  owner?: string;
  /** Idle warm interpreters kept per interpreter a hook names (warm/warmStart.ts); 0 or absent: every hook starts cold. */
  warmInterpreters?: number;
}

/**
 * Bytes of a hook's stdout kept once it outgrew its cap: an excerpt for the warning and `hooks fire`,
 * since an answer over the cap is not parsed. The rest of the head is freed as soon as the cap is passed.
 */
export const STDOUT_OVERFLOW_EXCERPT_BYTES = 4 * 1024;

/** How the process ended, with its decoded output. Never thrown: every failure is a field. */
export interface HookProcessOutcome extends ProcessGroupOutcome {
  stdout: string;
  stderr: string;
  /** Bytes of stdout beyond `maxStdoutBytes`, read and dropped (0 when it fit); `stdout` is then its first {@link STDOUT_OVERFLOW_EXCERPT_BYTES}. */
  stdoutDroppedBytes: number;
  /** Bytes of stderr beyond `maxStderrBytes`, read and dropped (0 when it fit). */
  stderrDroppedBytes: number;
  /** The hook ran on a warm process (an interpreter or a script launcher, warm/warmStart.ts), not one spawned for it. */
  warm: boolean;
}

/**
 * HOOK-061, 117, 118, 192: spawns `command` in its own process group, feeds `stdin`, and resolves
 * once the process has exited and its pipes closed (or had their drain window), and — if it had
 * to be killed — no process of its group is left.
 */
export async function runHookProcess(options: HookProcessOptions): Promise<HookProcessOutcome> {
  const stdout = new CappedCapture({
    limitBytes: options.maxStdoutBytes,
    overflowExcerptBytes: STDOUT_OVERFLOW_EXCERPT_BYTES,
  });
  const stderr = new CappedCapture({ limitBytes: options.maxStderrBytes });
  // Built once: the warm start reads it, and a cold spawn passes it on.
  const environment = inheritedEnvironmentWith(options.env);
  const warm =
    options.warmInterpreters && !options.signal?.aborted
      ? startWarmHook({
          command: options.command,
          args: options.args,
          cwd: options.cwd,
          environment,
          idle: options.warmInterpreters,
        })
      : undefined;
  let outcome: ProcessGroupOutcome;
  try {
    outcome = await runInProcessGroup({
      command: options.command,
      args: options.args,
      cwd: options.cwd,
      environment,
      stdin: options.stdin,
      stdout,
      stderr,
      timeoutMs: options.timeoutMs,
      killGraceMs: options.killGraceMs,
      signal: options.signal,
      owner: options.owner,
      started: warm?.process,
      scriptEnd: warm?.scriptEnd,
    });
  } finally {
    warm?.release();
  }
  // Every field written out: spreading `outcome` cost a hook ~10 µs on the cold path after its
  // process exits (bench/README.md). hookProcess.test.ts checks none is left out.
  return {
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    cancelled: outcome.cancelled,
    forceKilled: outcome.forceKilled,
    spawnError: outcome.spawnError,
    pipesHeldOpen: outcome.pipesHeldOpen,
    leftover: outcome.leftover,
    groupId: outcome.groupId,
    durationMs: outcome.durationMs,
    stdout: decodeHookOutput(stdout.head()),
    stderr: decodeHookOutput(stderr.head()),
    stdoutDroppedBytes: stdout.droppedBytes,
    stderrDroppedBytes: stderr.droppedBytes,
    warm: warm !== undefined,
  };
}

/** Not streaming and not fatal, so one decoder serves every hook. */
const hookOutputDecoder = new TextDecoder('utf-8', { fatal: false });

/** HOOK-064: invalid UTF-8 becomes U+FFFD, NUL bytes are dropped, nothing throws. */
export function decodeHookOutput(bytes: Uint8Array): string {
  if (bytes.length === 0) return '';
  const text = hookOutputDecoder.decode(bytes);
  return text.includes('\u0000') ? text.replace(/\u0000/g, '') : text;
}
