/**
 * `run_shell_command` (Gemini CLI's name and parameters: `command`, `description`, `dir_path`): runs
 * one shell command in the workspace with execa. The command leads its own process group, so a
 * timeout or an abort kills everything it started (SIGTERM, then SIGKILL), not just the shell.
 * stdout and stderr are interleaved as they arrive and capped (head and tail kept).
 */
import { stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { execa } from 'execa';
import type { ToolResult } from '../../hooks/protocol/results.js';
import type { Tool } from '../../tool.js';
import { BuiltinToolFailure, defineBuiltinTool, optionalString, requireString } from './builtinTool.js';
import type { Workspace } from './pathConfinement.js';

/** Default time a command may run before its process group is killed: two minutes. */
export const DEFAULT_SHELL_TIMEOUT_MS = 120_000;
/** Default cap on the characters of output kept (half from the start, half from the end). */
export const DEFAULT_SHELL_OUTPUT_LIMIT = 64 * 1024;
/** Time between SIGTERM and SIGKILL when a command is timed out or cancelled. */
const killGraceMs = 2_000;

/** Options for {@link createRunShellCommandTool}. */
export interface RunShellCommandOptions {
  workspace: Workspace;
  timeoutMs?: number;
  outputLimit?: number;
}

/** Creates `run_shell_command`, confined to the workspace. */
export function createRunShellCommandTool(options: RunShellCommandOptions): Tool {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS;
  const outputLimit = options.outputLimit ?? DEFAULT_SHELL_OUTPUT_LIMIT;
  return defineBuiltinTool({
    name: 'run_shell_command',
    description:
      'Runs a shell command (`sh -c <command>`) in the working directory and returns its combined stdout and ' +
      `stderr and its exit code. The command is killed after ${Math.round(timeoutMs / 1000)} s. Output longer than ` +
      `${outputLimit} characters is shortened in the middle. Use non-interactive flags; there is no stdin.`,
    parametersJsonSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The exact shell command to run.' },
        description: { type: 'string', description: 'A short description of the command for the user.' },
        dir_path: {
          type: 'string',
          description: 'Optional directory to run the command in, relative to the working directory. Defaults to the working directory.',
        },
      },
      required: ['command'],
    },
    async run(args, context) {
      const command = requireString(args, ['command', 'cmd']);
      const requestedDirectory = optionalString(args, ['dir_path', 'directory', 'cwd']);
      const directory = await options.workspace.resolve(requestedDirectory ?? '.');
      const directoryStats = await stat(directory.realPath);
      if (!directoryStats.isDirectory()) {
        throw new BuiltinToolFailure('not_a_directory', `dir_path "${requestedDirectory}" is not a directory`);
      }
      if (context.signal.aborted) return cancelledResult(command, '');
      return runCommand({ command, cwd: directory.realPath, displayDirectory: directory.relativePath, timeoutMs, outputLimit, signal: context.signal });
    },
  });
}

interface RunCommandOptions {
  command: string;
  cwd: string;
  displayDirectory: string;
  timeoutMs: number;
  outputLimit: number;
  signal: AbortSignal;
}

async function runCommand(options: RunCommandOptions): Promise<ToolResult> {
  const ownGroup = process.platform !== 'win32';
  const subprocess = execa(options.command, {
    shell: true,
    cwd: options.cwd,
    all: true,
    buffer: false,
    reject: false,
    stdin: 'ignore',
    detached: ownGroup,
    // Pagers would wait for a terminal that is not there.
    env: { PAGER: 'cat', GIT_PAGER: 'cat' },
  });
  const capture = new OutputCapture(options.outputLimit);
  subprocess.all?.on('data', (chunk: Buffer | string) => capture.append(chunk));

  let ending: 'timeout' | 'cancelled' | undefined;
  let forceKillTimer: NodeJS.Timeout | undefined;
  const terminate = (reason: 'timeout' | 'cancelled'): void => {
    if (ending) return;
    ending = reason;
    signalGroup(subprocess, 'SIGTERM', ownGroup);
    // The group may outlive its leader (a child ignoring SIGTERM), so SIGKILL goes out regardless.
    forceKillTimer = setTimeout(() => signalGroup(subprocess, 'SIGKILL', ownGroup), killGraceMs);
  };
  const timeoutTimer = setTimeout(() => terminate('timeout'), options.timeoutMs);
  const onAbort = (): void => terminate('cancelled');
  options.signal.addEventListener('abort', onAbort, { once: true });

  try {
    const result = await subprocess;
    const output = capture.text();
    if (ending === 'cancelled') return cancelledResult(options.command, output);
    if (ending === 'timeout') {
      const message = `command timed out after ${options.timeoutMs} ms and was killed`;
      return formatResult(options, output, { exitCode: result.exitCode, signal: result.signal, error: { message, type: 'shell_timeout' } }, capture);
    }
    if (result.exitCode === undefined && result.signal === undefined) {
      const message = `could not run the command: ${result.shortMessage ?? result.message}`;
      return formatResult(options, output, { error: { message, type: 'shell_spawn_failed' } }, capture);
    }
    return formatResult(options, output, { exitCode: result.exitCode, signal: result.signal }, capture);
  } finally {
    clearTimeout(timeoutTimer);
    options.signal.removeEventListener('abort', onAbort);
    if (forceKillTimer) {
      // Make sure nothing of the group survives, then stop waiting.
      signalGroup(subprocess, 'SIGKILL', ownGroup);
      clearTimeout(forceKillTimer);
    }
  }
}

function signalGroup(subprocess: { pid?: number; kill(signal: NodeJS.Signals): boolean }, signal: NodeJS.Signals, ownGroup: boolean): void {
  if (subprocess.pid === undefined) return;
  try {
    if (ownGroup) process.kill(-subprocess.pid, signal);
    else subprocess.kill(signal);
  } catch {
    // The group is already gone.
  }
}

interface Ending {
  exitCode?: number;
  signal?: string;
  error?: { message: string; type: string };
}

function formatResult(options: RunCommandOptions, output: string, ending: Ending, capture: OutputCapture): ToolResult {
  const lines = [`Command: ${options.command}`, `Directory: ${options.displayDirectory}`, `Output: ${output.length > 0 ? output : '(empty)'}`];
  if (ending.exitCode !== undefined) lines.push(`Exit Code: ${ending.exitCode}`);
  if (ending.signal) lines.push(`Signal: ${ending.signal}`);
  if (ending.error) lines.push(`Error: ${ending.error.message}`);
  const display = [output.length > 0 ? output : '(empty)'];
  if (ending.exitCode !== undefined && ending.exitCode !== 0) display.push(`[exit code ${ending.exitCode}]`);
  if (ending.error) display.push(`[${ending.error.message}]`);
  const result: ToolResult = {
    llmContent: lines.join('\n'),
    returnDisplay: display.join('\n'),
    metadata: { exitCode: ending.exitCode ?? null, signal: ending.signal ?? null, outputTruncated: capture.truncated },
  };
  if (ending.error) result.error = ending.error;
  return result;
}

function cancelledResult(command: string, output: string): ToolResult {
  const message = 'command was cancelled and its processes killed';
  return {
    llmContent: `Command: ${command}\nOutput: ${output.length > 0 ? output : '(empty)'}\nError: ${message}`,
    returnDisplay: `[${message}]`,
    error: { message, type: 'cancelled' },
  };
}

/** Keeps the first and last `limit / 2` characters of a stream and counts what was dropped between. */
export class OutputCapture {
  private readonly decoder = new StringDecoder('utf8');
  private head = '';
  private tail = '';
  private dropped = 0;
  private readonly half: number;

  constructor(limit: number) {
    this.half = Math.max(1, Math.floor(limit / 2));
  }

  append(chunk: Buffer | string): void {
    let text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    if (this.head.length < this.half) {
      const room = this.half - this.head.length;
      this.head += text.slice(0, room);
      text = text.slice(room);
    }
    if (text.length === 0) return;
    this.tail += text;
    if (this.tail.length > this.half) {
      this.dropped += this.tail.length - this.half;
      this.tail = this.tail.slice(this.tail.length - this.half);
    }
  }

  /** True once anything was dropped. */
  get truncated(): boolean {
    return this.dropped > 0;
  }

  /** The kept output, with a marker where characters were dropped; trailing newlines trimmed. */
  text(): string {
    this.append(this.decoder.end());
    const middle = this.dropped > 0 ? `\n[... ${this.dropped} characters of output omitted ...]\n` : '';
    return `${this.head}${middle}${this.tail}`.replace(/\s+$/, '');
  }
}
