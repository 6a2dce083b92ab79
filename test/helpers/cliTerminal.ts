/**
 * Runs the built `hookrail` CLI on a pseudo-terminal, the way a person at a terminal runs it:
 * `/usr/bin/script -qfec "<command>" /dev/null` gives the command a pty for stdin, stdout and stderr;
 * what the test writes to script's stdin is typed into that terminal, and everything the command
 * prints (its prompts included, with the terminal's echo of what was typed) comes back on script's stdout.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cliEntry, type CliSandbox } from './cliProcess.js';
import { waitFor } from './waiting.js';
import { TEST_RUN_MARKER_VARIABLE } from './processes.js';

/** The util-linux `script` that allocates the pseudo-terminal. */
export const scriptCommand = '/usr/bin/script';

/** A CLI process on a pseudo-terminal. */
export interface TerminalProcess {
  /** Everything printed so far, carriage returns removed. */
  output(): string;
  /** Types `text` into the terminal. */
  type(text: string): void;
  /** Waits (bounded) until the output contains `text`. */
  waitForOutput(text: string): Promise<void>;
  /** Resolves when the command has exited: its exit code and all it printed. */
  finished: Promise<{ exitCode: number; output: string }>;
}

/** Options of {@link startHookrailInTerminal}. */
export interface TerminalOptions {
  sandbox: CliSandbox;
  args: readonly string[];
  /** Killed after this many milliseconds if still running; default 60000. */
  timeout?: number;
  /** More environment variables for the command. */
  env?: Record<string, string>;
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Starts `hookrail <args>` in the sandbox project on a pseudo-terminal. */
export function startHookrailInTerminal(options: TerminalOptions): TerminalProcess {
  if (!existsSync(scriptCommand)) throw new Error(`${scriptCommand} (util-linux) is needed for the terminal tests`);
  if (!existsSync(cliEntry)) throw new Error(`${cliEntry} does not exist: run "npm run build" before the CLI tests`);
  const { sandbox } = options;
  const command = [process.execPath, cliEntry, ...options.args].map(shellQuote).join(' ');
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: sandbox.home,
    NO_COLOR: '1',
    TERM: 'dumb',
    HOOKRAIL_SYSTEM_SETTINGS: join(sandbox.home, 'no-system-settings.json'),
  };
  Object.assign(env, options.env);
  const marker = process.env[TEST_RUN_MARKER_VARIABLE];
  if (marker !== undefined) env[TEST_RUN_MARKER_VARIABLE] = marker;
  const child = spawn(scriptCommand, ['-qfec', command, '/dev/null'], {
    cwd: sandbox.project,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8').replace(/\r/g, '');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeout ?? 60_000);
  const finished = new Promise<{ exitCode: number; output: string }>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      child.stdin.end();
      resolve({ exitCode: code ?? (signal ? 128 : -1), output });
    });
  });
  return {
    output: () => output,
    type: (text) => {
      child.stdin.write(text);
    },
    waitForOutput: async (text) => {
      try {
        await waitFor(() => output.includes(text), `the terminal to show ${JSON.stringify(text)}`);
      } catch (error) {
        throw new Error(`${(error as Error).message}; it shows:\n${output}`);
      }
    },
    finished,
  };
}
