/**
 * Runs a command hook on a warm interpreter when that is provably the same as running it cold: the
 * command is one interpreter running one script (interpreterCommand.ts), the interpreter would start
 * the same way (startupIdentity.ts), and — for shell text — bash would only add its three variables
 * (shellEnvironment.ts). The warm process gets the script, its arguments, the working directory and
 * the environment on its control channel, then runs the script as its main module. Otherwise, or
 * while no idle process is ready, the caller spawns the hook cold.
 */
import type { ChildProcess } from 'node:child_process';
import { isAbsolute } from 'node:path';
import type { Readable } from 'node:stream';
import { encodeControlMessage, isEncodable } from './controlMessage.js';
import { recognizeInterpreterCommand } from './interpreterCommand.js';
import { isLaunchable, LAUNCHER_SHELL, launchLine } from './scriptLauncher.js';
import { shellExecEnvironment } from './shellEnvironment.js';
import { startupIdentity } from './startupIdentity.js';
import { WarmInterpreterPool } from './warmPool.js';

/** What {@link startWarmHook} needs: the hook as it would be spawned cold. */
export interface WarmHookOptions {
  /** Shell text, expanded; with `args`, the executable (exec form). */
  command: string;
  args?: readonly string[];
  cwd: string;
  /** The hook's whole environment, as a cold spawn would pass it. */
  environment: Readonly<Record<string, string | undefined>>;
  /** Idle processes per interpreter (0: warm starts are off). */
  idle: number;
  /** Default: the host's pool ({@link sharedWarmInterpreterPool}). */
  pool?: WarmInterpreterPool;
}

let sharedPool: WarmInterpreterPool | undefined;

/** The host's one pool of idle interpreters, created on first use. */
export function sharedWarmInterpreterPool(): WarmInterpreterPool {
  sharedPool ??= new WarmInterpreterPool();
  return sharedPool;
}

/**
 * Kills the host's idle warm interpreters (a session ends, a CLI command exits); the next hook that
 * needs one runs cold and starts them again.
 */
export async function closeWarmInterpreters(): Promise<void> {
  await sharedPool?.close();
}

/** A hook started on a warm process: treat `process` as just spawned for it. */
export interface WarmHook {
  process: ChildProcess;
  /** Where an interpreter announces its script's end (scriptEnd.ts); none for a launched script, whose exit is its end. */
  scriptEnd?: Readable;
  /** The hook's run is over: the pool starts the next idle process (after the decision's promise jobs). */
  release(): void;
}

/**
 * A warm process already running the hook's script — to be treated exactly like a process just
 * spawned for it — or `undefined`: run the hook cold.
 */
export function startWarmHook(options: WarmHookOptions): WarmHook | undefined {
  if (options.idle <= 0 || process.platform === 'win32') return undefined;
  const { environment } = options;
  const launch = recognizeInterpreterCommand({
    command: options.command,
    args: options.args,
    cwd: options.cwd,
    path: environment.PATH,
  });
  if (!launch) return startLaunchedScript(options);
  if (!isEncodable(environment)) return undefined;
  let hookEnvironment = environment;
  if (launch.viaShell) {
    const shellEnvironment = shellExecEnvironment({ environment, cwd: options.cwd, program: launch.program });
    if (!shellEnvironment) return undefined;
    hookEnvironment = shellEnvironment;
  }
  const identity = startupIdentity(launch.kind, hookEnvironment);
  const pool = options.pool ?? sharedWarmInterpreterPool();
  const warm = pool.take({
    kind: launch.kind,
    executable: launch.executable,
    argv0: launch.argv0,
    fingerprint: identity.fingerprint,
    environment: hookEnvironment,
    idle: options.idle,
    script: isAbsolute(launch.script) ? launch.script : undefined,
  });
  if (!warm) return undefined;
  // A process that died while idle fails its write; its exit is then the hook's outcome, as for a crash.
  warm.control.on('error', () => {});
  // Written, not ended: the interpreter reads exactly the message, and an end would put a shutdown
  // on the hook's path. The channel closes by itself when the process exits (its end of the socket
  // closes, and a child's stdio socket does not stay half open).
  warm.control.write(
    encodeControlMessage({
      cwd: options.cwd,
      script: launch.script,
      args: launch.args,
      environment: hookEnvironment,
      startEnvironment: warm.startEnvironment,
      keptNames: identity.keptNames,
    }),
  );
  return { process: warm.child, scriptEnd: warm.child.stdio[3] as Readable, release: warm.release };
}

/** Exec form naming a script no interpreter here runs warm: a launcher executes it (scriptLauncher.ts). */
function startLaunchedScript(options: WarmHookOptions): WarmHook | undefined {
  const { args, environment } = options;
  if (args === undefined || !isLaunchable({ file: options.command, args, cwd: options.cwd, environment }))
    return undefined;
  const pool = options.pool ?? sharedWarmInterpreterPool();
  const warm = pool.take({
    kind: 'launcher',
    executable: LAUNCHER_SHELL,
    argv0: 'sh',
    fingerprint: '',
    environment,
    idle: options.idle,
  });
  if (!warm) return undefined;
  warm.control.on('error', () => {});
  // Read to its end, so the channel closes once the script is executed (the launcher closes it then).
  (warm.child.stdio[3] as Readable).resume();
  warm.control.end(
    launchLine({ file: options.command, args, cwd: options.cwd, startEnvironment: warm.startEnvironment, environment }),
  );
  return { process: warm.child, release: warm.release };
}
