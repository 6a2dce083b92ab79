/**
 * The MCP server the gateway wraps: `COMMAND ARGS` in a process group of its own, stdin and stdout
 * piped to the gateway, stderr shared with the gateway's. The group is tracked like a hook's, so the
 * watchdog kills it should the gateway die; ending it is SIGTERM to the group, then SIGKILL after the
 * grace period. What the server leaves running in its group when it exits goes with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { McpServerStartError, toError } from '../../errors.js';
import {
  isProcessGroupAlive,
  releaseProcessGroup,
  terminateProcessGroups,
  trackProcessGroup,
} from '../../hooks/actions/processGroupRegistry.js';
import { HOOK_KILL_GRACE_MS } from '../../hooks/protocol/hookConfig.js';

/** Options of {@link McpServerProcess.start}. */
export interface McpServerProcessOptions {
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Called with each chunk the server writes on stdout. */
  onStdout(chunk: Buffer): void;
  /** Called once stdout has ended. */
  onStdoutEnd(): void;
  /** SIGTERM → SIGKILL grace when the server is ended; default the hooks' grace period. */
  killGraceMs?: number;
}

/** How the server ended: its exit code, or 128 + the number of the signal that killed it. */
export type McpServerExit = { code: number; signal?: NodeJS.Signals };

/** One running MCP server. */
export class McpServerProcess {
  /** Resolves once the server has exited and its stdout has closed. */
  readonly exited: Promise<McpServerExit>;
  private readonly child: ChildProcess;
  private readonly killGraceMs: number;
  private stdinOpen = true;

  private constructor(child: ChildProcess, exited: Promise<McpServerExit>, killGraceMs: number) {
    this.child = child;
    this.exited = exited;
    this.killGraceMs = killGraceMs;
  }

  /** Starts the server; rejects with {@link McpServerStartError} when it cannot be spawned. */
  static start(options: McpServerProcessOptions): Promise<McpServerProcess> {
    const child = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'inherit'],
      detached: process.platform !== 'win32',
    });
    return new Promise((resolve, reject) => {
      child.once('error', (error) =>
        reject(
          new McpServerStartError(`cannot start the MCP server "${options.command}": ${toError(error).message}`, {
            cause: error,
          }),
        ),
      );
      child.once('spawn', () => {
        const groupId = child.pid!;
        trackProcessGroup(groupId);
        child.stdout!.on('data', options.onStdout);
        child.stdout!.once('end', options.onStdoutEnd);
        // A server that exits while a line is on its way to it: the write fails, the exit is reported.
        child.stdin!.on('error', () => {});
        // What the server left running in its group would hold its stdout open: it goes with the server.
        child.once('exit', () => {
          if (isProcessGroupAlive(groupId))
            void terminateProcessGroups([groupId], options.killGraceMs ?? HOOK_KILL_GRACE_MS);
        });
        const exited = new Promise<McpServerExit>((settle) => {
          child.once('close', (code, signal) => {
            releaseProcessGroup(groupId);
            settle(signal ? { code: 128 + (constants.signals[signal] ?? 0), signal } : { code: code ?? 0 });
          });
        });
        resolve(new McpServerProcess(child, exited, options.killGraceMs ?? HOOK_KILL_GRACE_MS));
      });
    });
  }

  /** The server's process ID. */
  get pid(): number {
    return this.child.pid!;
  }

  /** Writes one line (a JSON-RPC message) to the server's stdin. */
  send(line: string): void {
    if (this.stdinOpen) this.child.stdin!.write(`${line}\n`);
  }

  /** Closes the server's stdin, an MCP server's cue to leave; later lines are not sent. */
  closeInput(): void {
    if (!this.stdinOpen) return;
    this.stdinOpen = false;
    this.child.stdin!.end();
  }

  /**
   * Ends the server: closes its stdin (an MCP server's cue to leave), SIGTERM to its group, SIGKILL
   * after the grace period; resolves once it has exited.
   */
  async end(): Promise<McpServerExit> {
    this.closeInput();
    if (this.child.exitCode === null && this.child.signalCode === null)
      await terminateProcessGroups([this.pid], this.killGraceMs);
    return this.exited;
  }
}
