#!/usr/bin/env node
/**
 * The `hookrail` executable (package.json `bin`). Wires the process to {@link runCli}: real streams
 * and environment, the stop signals to an AbortSignal, and the exit code. SIGINT, SIGTERM and SIGHUP
 * are handled alike: the running hook and tool process groups are killed, then
 * the CLI exits with 128 + the signal's number; a second signal exits at once (the exit handler
 * still SIGKILLs every group). On the way out, whatever exited hooks and tools left running in
 * their groups is killed.
 */
import { constants } from 'node:os';
import { killLeftoverProcesses } from '../hooks/actions/processGroupRegistry.js';
import { closeWarmInterpreters } from '../hooks/actions/warm/warmStart.js';
import { ExitCode } from './errors.js';
import { runCli } from './program.js';

/** The signals that stop a command, and how the notice names them. */
const stopSignals = { SIGINT: 'Interrupted', SIGTERM: 'Terminated', SIGHUP: 'Hangup' } as const;
type StopSignal = keyof typeof stopSignals;

const controller = new AbortController();
let received: StopSignal | undefined;
const exitCodeFor = (signal: StopSignal): number => 128 + constants.signals[signal];

for (const signal of Object.keys(stopSignals) as StopSignal[]) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(exitCodeFor(received ?? signal));
    received = signal;
    const again = signal === 'SIGINT' ? 'Ctrl-C' : 'the signal';
    process.stderr.write(
      `\n${stopSignals[signal]}: stopping hook and tool processes (${again} again to quit at once)...\n`,
    );
    controller.abort();
  });
}

// Writes to a closed pipe (`hookrail run | head`), or to a terminal gone after a hangup, end the
// process quietly instead of crashing it (the exit handler still kills every process group).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (received) process.exit(exitCodeFor(received));
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? ExitCode.success);
  throw error;
});
// After a hangup the terminal is gone: a notice that cannot be written is not worth a crash.
process.stderr.on('error', () => {});

const commandExitCode = await runCli(process.argv.slice(2), {
  io: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() },
  signal: controller.signal,
});
await killLeftoverProcesses();
await closeWarmInterpreters();
const exitCode = received ? exitCodeFor(received) : commandExitCode;
process.exitCode = exitCode;
// Exit naturally so stdout and stderr are flushed; if a stray handle (a keep-alive socket, a
// forgotten timer) would keep the process alive, leave anyway a moment later.
setTimeout(() => process.exit(exitCode), 2000).unref();
