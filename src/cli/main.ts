#!/usr/bin/env node
/**
 * The `hookrail` executable (package.json `bin`). Wires the process to {@link runCli}: real streams
 * and environment, Ctrl-C to an AbortSignal (a second Ctrl-C exits at once), and the exit code.
 */
import { ExitCode } from './errors.js';
import { runCli } from './program.js';

const controller = new AbortController();
process.on('SIGINT', () => {
  if (controller.signal.aborted) process.exit(ExitCode.interrupted);
  process.stderr.write('\nInterrupted: stopping hook and tool processes (Ctrl-C again to quit at once)...\n');
  controller.abort();
});

// Writes to a closed pipe (`hookrail run | head`) end the process quietly instead of crashing it.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? ExitCode.success);
  throw error;
});

const exitCode = await runCli(process.argv.slice(2), {
  io: { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() },
  signal: controller.signal,
});
process.exitCode = exitCode;
// Exit naturally so stdout and stderr are flushed; if a stray handle (a keep-alive socket, a
// forgotten timer) would keep the process alive, leave anyway a moment later.
setTimeout(() => process.exit(exitCode), 2000).unref();
