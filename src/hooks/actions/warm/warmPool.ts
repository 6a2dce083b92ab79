/**
 * The idle warm processes: for each interpreter (its file, `argv[0]` and what it reads at start,
 * see startupIdentity.ts) up to `idle` processes already running a bootstrap and waiting for a hook,
 * and likewise script launchers (scriptLauncher.ts). A hook takes one; the process is then the
 * hook's, exactly like a process spawned for it, and a fresh one is started in the background once
 * the hook is over (`release`). The first hook that names an interpreter runs cold and starts its
 * idle processes. Each idle process runs in its own process group, tracked
 * like a hook's (processGroupRegistry.ts): killed at the host's exit and by the watchdog if the host
 * dies; {@link WarmInterpreterPool.close} kills them when a session ends. They never keep the host alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { InterpreterKind } from './interpreterCommand.js';
import { LAUNCHER_PROGRAM } from './scriptLauncher.js';
import {
  prepareProcessGroupTracking,
  releaseProcessGroup,
  signalProcessGroup,
  trackProcessGroup,
} from '../processGroupRegistry.js';

/** Idle processes per interpreter unless settings or Config say otherwise. */
export const DEFAULT_WARM_INTERPRETERS = 2;

/** Interpreters (file × start environment) with idle processes at once; the least recently used gives way. */
export const MAX_WARM_INTERPRETER_KINDS = 8;

/** What a warm process is: an interpreter running its bootstrap, or a launcher that executes a script (scriptLauncher.ts). */
export type WarmProcessKind = InterpreterKind | 'launcher';

/** The arguments each kind of warm process is started with. */
const startArguments: Readonly<Record<WarmProcessKind, readonly string[]>> = {
  node: [fileURLToPath(new URL('./bootstrap/nodeBootstrap.cjs', import.meta.url))],
  python: [fileURLToPath(new URL('./bootstrap/pythonBootstrap.py', import.meta.url))],
  launcher: ['-c', LAUNCHER_PROGRAM],
};

/** One interpreter as a warm process starts it. */
export interface WarmInterpreterSpec {
  kind: WarmProcessKind;
  executable: string;
  argv0: string;
  /** What the interpreter reads at start (startupIdentity.ts): equal specs start equal processes. */
  fingerprint: string;
  /** The environment to start new idle processes with (its startup variables match `fingerprint`). */
  environment: Readonly<Record<string, string | undefined>>;
  /** Idle processes to keep for this interpreter (0: none). */
  idle: number;
  /**
   * The absolute path of the script this interpreter's hook runs, if known: a new idle Python process
   * compiles it ahead (pythonBootstrap.py) and uses that compilation if the script is unchanged when
   * its hook comes.
   */
  script?: string;
}

/** A warm process handed to a hook: write the control message to `control`, then treat `child` as spawned. */
export interface WarmProcess {
  child: ChildProcess;
  /** Descriptor 3 of the process: the control channel. */
  control: Writable;
  /** The environment the process was started with. */
  startEnvironment: Readonly<Record<string, string | undefined>>;
  /**
   * The hook's run is over: the pool starts the next idle process once the current promise jobs
   * (the hook's decision) have run, so the start never delays a hook. Called once.
   */
  release(): void;
}

interface Interpreter {
  key: string;
  spec: WarmInterpreterSpec;
  idle: Set<ChildProcess>;
  /** An idle process exited by itself: the interpreter cannot run the bootstrap; its hooks run cold. */
  broken: boolean;
}

/** Idle warm interpreters of this host (see the module comment). */
export class WarmInterpreterPool {
  private readonly interpreters = new Map<string, Interpreter>();
  private readonly stopping = new Set<Promise<void>>();
  /** Processes still the pool's: idle, or being killed by it. */
  private readonly owned = new WeakSet<ChildProcess>();
  private readonly startEnvironments = new WeakMap<ChildProcess, Readonly<Record<string, string | undefined>>>();

  /**
   * An idle process of `spec`'s interpreter, now the caller's, or `undefined` (none idle yet, or the
   * interpreter is off or broken): the hook runs cold. Either way the interpreter's idle processes
   * are topped up in the background.
   */
  take(spec: WarmInterpreterSpec): WarmProcess | undefined {
    if (spec.idle <= 0) return undefined;
    const key = `${spec.kind}\0${spec.executable}\0${spec.argv0}\0${spec.fingerprint}`;
    let interpreter = this.interpreters.get(key);
    if (interpreter) {
      // Most recently used last, so eviction takes the oldest.
      this.interpreters.delete(key);
      this.interpreters.set(key, interpreter);
    } else {
      interpreter = { key, spec, idle: new Set(), broken: false };
      this.interpreters.set(key, interpreter);
      this.evictBeyondLimit();
    }
    if (interpreter.broken) return undefined;
    interpreter.spec = spec;
    for (const child of interpreter.idle) {
      interpreter.idle.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) continue;
      return this.handOver(child, interpreter);
    }
    this.topUp(interpreter);
    return undefined;
  }

  /** PIDs of the idle processes, per kind (for the bench and tests). */
  idleProcessIds(kind?: WarmProcessKind): number[] {
    const ids: number[] = [];
    for (const interpreter of this.interpreters.values()) {
      if (kind !== undefined && interpreter.spec.kind !== kind) continue;
      for (const child of interpreter.idle) if (child.pid !== undefined) ids.push(child.pid);
    }
    return ids;
  }

  /** Kills every idle process (SIGKILL to its group: it runs nothing yet) and resolves once all are gone. */
  async close(): Promise<void> {
    for (const interpreter of this.interpreters.values()) this.killIdle(interpreter);
    this.interpreters.clear();
    await Promise.all([...this.stopping]);
  }

  private evictBeyondLimit(): void {
    while (this.interpreters.size > MAX_WARM_INTERPRETER_KINDS) {
      const [oldestKey, oldest] = this.interpreters.entries().next().value as [string, Interpreter];
      this.interpreters.delete(oldestKey);
      this.killIdle(oldest);
    }
  }

  private killIdle(interpreter: Interpreter): void {
    for (const child of interpreter.idle) {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue;
      const groupId = child.pid;
      const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Waited for: its exit must keep the host's event loop alive until it comes.
      child.ref();
      this.stopping.add(stopped);
      void stopped.then(() => this.stopping.delete(stopped));
      signalProcessGroup(groupId, 'SIGKILL');
    }
    interpreter.idle.clear();
  }

  private topUp(interpreter: Interpreter): void {
    if (this.interpreters.get(interpreter.key) !== interpreter) return;
    while (!interpreter.broken && interpreter.idle.size < interpreter.spec.idle) {
      const child = this.startIdle(interpreter);
      if (!child) {
        interpreter.broken = true;
        return;
      }
      interpreter.idle.add(child);
    }
  }

  private startIdle(interpreter: Interpreter): ChildProcess | undefined {
    const { spec } = interpreter;
    prepareProcessGroupTracking();
    let child: ChildProcess;
    try {
      const hint = spec.kind === 'python' && spec.script !== undefined ? [spec.script] : [];
      child = spawn(spec.executable, [...startArguments[spec.kind], ...hint], {
        argv0: spec.argv0,
        env: spec.environment,
        // Its own process group, as a cold hook has: a kill reaches everything the hook starts.
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      });
    } catch {
      return undefined;
    }
    const groupId = child.pid;
    if (groupId === undefined) {
      child.once('error', () => {});
      return undefined;
    }
    trackProcessGroup(groupId);
    child.once('error', () => {});
    this.owned.add(child);
    this.startEnvironments.set(child, spec.environment);
    child.once('exit', () => {
      // A process handed to a hook is the hook's: its run releases the group.
      if (!this.owned.has(child)) return;
      this.owned.delete(child);
      // Exited while idle and not killed by the pool: the bootstrap cannot run on this interpreter.
      if (interpreter.idle.delete(child)) interpreter.broken = true;
      for (const stream of child.stdio) stream?.destroy();
      releaseProcessGroup(groupId);
    });
    // Idle, it must not keep the host alive; handOver makes it count again.
    child.unref();
    for (const stream of child.stdio) (stream as ((Readable | Writable) & { unref?: () => void }) | null)?.unref?.();
    return child;
  }

  private handOver(child: ChildProcess, interpreter: Interpreter): WarmProcess {
    this.owned.delete(child);
    child.ref();
    for (const stream of child.stdio) (stream as ((Readable | Writable) & { ref?: () => void }) | null)?.ref?.();
    let released = false;
    return {
      child,
      control: child.stdio[3] as Writable,
      startEnvironment: this.startEnvironments.get(child) ?? interpreter.spec.environment,
      release: () => {
        if (released) return;
        released = true;
        setImmediate(() => this.topUp(interpreter));
      },
    };
  }
}
