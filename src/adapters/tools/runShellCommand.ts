/**
 * `run_shell_command` (Gemini CLI's name and parameters: `command`, `description`, `dir_path`): runs
 * one shell command in the workspace, in its own process group (hooks/actions/processGroup.ts), so a
 * timeout or an abort kills everything it started (SIGTERM, then SIGKILL after the grace period), and
 * what it leaves running is killed with the session or the host. stdout and stderr are interleaved
 * as they arrive and capped in bytes (head and tail kept).
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { CappedCapture } from '../../hooks/actions/cappedCapture.js';
import { commandShell } from '../../hooks/actions/commandShell.js';
import { runInProcessGroup } from '../../hooks/actions/processGroup.js';
import type { ToolResult } from '../../hooks/protocol/results.js';
import type { Tool } from '../../tool.js';
import { BuiltinToolFailure, defineBuiltinTool, optionalString, requireString } from './builtinTool.js';
import type { Workspace } from './pathConfinement.js';
import { withEnvironmentFile } from '../../hooks/dialects/claudeEnvFile.js';

/** Default time a command may run before its process group is killed: two minutes. */
export const DEFAULT_SHELL_TIMEOUT_MS = 120_000;
/** Default cap on the bytes of output kept (half from the start, half from the end). */
export const DEFAULT_SHELL_OUTPUT_LIMIT = 64 * 1024;

/** Options for {@link createRunShellCommandTool}. */
export interface RunShellCommandOptions {
  workspace: Workspace;
  timeoutMs?: number;
  outputLimit?: number;
  /**
   * A file sourced before every command when it exists and is not empty: the session's
   * `CLAUDE_ENV_FILE`, where Claude Code SessionStart hooks export variables for later commands
   * (`claudeEnvFilePath(sessionId)`, hooks/dialects/claudeEnvFile.ts).
   */
  environmentFile?: string;
}

/** Creates `run_shell_command`, confined to the workspace. */
export function createRunShellCommandTool(options: RunShellCommandOptions): Tool {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS;
  const outputLimit = options.outputLimit ?? DEFAULT_SHELL_OUTPUT_LIMIT;
  const shell = commandShell();
  // The model is told which shell it writes for: bash, or /bin/sh where no bash is installed.
  const invocation = shell === true ? 'cmd /c <command>' : `${basename(shell)} -c <command>`;
  return defineBuiltinTool({
    name: 'run_shell_command',
    description:
      `Runs a shell command (\`${invocation}\`) in the working directory and returns its combined stdout and ` +
      `stderr and its exit code. The command is killed after ${Math.round(timeoutMs / 1000)} s. Output longer than ` +
      `${outputLimit} bytes is shortened in the middle. Use non-interactive flags; there is no stdin.`,
    parametersJsonSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The exact shell command to run.' },
        description: { type: 'string', description: 'A short description of the command for the user.' },
        dir_path: {
          type: 'string',
          description:
            'Optional directory to run the command in, relative to the working directory. Defaults to the working directory.',
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
      const executed = await withEnvironmentFile(command, options.environmentFile);
      return runCommand({
        command,
        executed,
        cwd: directory.realPath,
        displayDirectory: directory.relativePath,
        timeoutMs,
        outputLimit,
        signal: context.signal,
      });
    },
  });
}

interface RunCommandOptions {
  /** The command as the model asked for it (shown in the result). */
  command: string;
  /** What the shell runs: `command`, after sourcing the environment file if there is one. */
  executed: string;
  cwd: string;
  displayDirectory: string;
  timeoutMs: number;
  outputLimit: number;
  signal: AbortSignal;
}

async function runCommand(options: RunCommandOptions): Promise<ToolResult> {
  // stdout and stderr interleaved as they arrive, in one capture; and each on its own, for the
  // Claude Code hooks that read `stdout` and `stderr` separately (metadata).
  const capture = new CappedCapture({ limitBytes: options.outputLimit, keep: 'headAndTail' });
  const streams = {
    stdout: new CappedCapture({ limitBytes: options.outputLimit, keep: 'headAndTail' }),
    stderr: new CappedCapture({ limitBytes: options.outputLimit, keep: 'headAndTail' }),
  };
  const outcome = await runInProcessGroup({
    command: options.executed,
    cwd: options.cwd,
    // Pagers would wait for a terminal that is not there.
    env: { PAGER: 'cat', GIT_PAGER: 'cat' },
    stdout: both(capture, streams.stdout),
    stderr: both(capture, streams.stderr),
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  const output = captureText(capture);
  if (outcome.cancelled) return cancelledResult(options.command, output);
  const separate = { stdout: captureText(streams.stdout), stderr: captureText(streams.stderr) };
  const ending: Ending = { exitCode: outcome.exitCode ?? undefined, signal: outcome.signal, ...separate };
  if (outcome.timedOut) {
    const message = `command timed out after ${options.timeoutMs} ms and was killed`;
    return formatResult(options, output, { ...ending, error: { message, type: 'shell_timeout' } }, capture);
  }
  if (outcome.spawnError) {
    const message = `could not run the command: ${outcome.spawnError.message}`;
    return formatResult(options, output, { error: { message, type: 'shell_spawn_failed' }, ...separate }, capture);
  }
  return formatResult(options, output, ending, capture);
}

/** A sink that hands every chunk to both captures. */
function both(first: CappedCapture, second: CappedCapture): { push(chunk: Buffer): void } {
  return {
    push(chunk) {
      first.push(chunk);
      second.push(chunk);
    },
  };
}

interface Ending {
  exitCode?: number;
  signal?: string;
  error?: { message: string; type: string };
  /** stdout and stderr each on their own (each capped like the interleaved output). */
  stdout: string;
  stderr: string;
}

function formatResult(options: RunCommandOptions, output: string, ending: Ending, capture: CappedCapture): ToolResult {
  const lines = [
    `Command: ${options.command}`,
    `Directory: ${options.displayDirectory}`,
    `Output: ${output.length > 0 ? output : '(empty)'}`,
  ];
  if (ending.exitCode !== undefined) lines.push(`Exit Code: ${ending.exitCode}`);
  if (ending.signal) lines.push(`Signal: ${ending.signal}`);
  if (ending.error) lines.push(`Error: ${ending.error.message}`);
  const display = [output.length > 0 ? output : '(empty)'];
  if (ending.exitCode !== undefined && ending.exitCode !== 0) display.push(`[exit code ${ending.exitCode}]`);
  if (ending.error) display.push(`[${ending.error.message}]`);
  const result: ToolResult = {
    llmContent: lines.join('\n'),
    returnDisplay: display.join('\n'),
    metadata: {
      exitCode: ending.exitCode ?? null,
      signal: ending.signal ?? null,
      outputTruncated: capture.truncated,
      stdout: ending.stdout,
      stderr: ending.stderr,
    },
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

/** The kept output as text: head, a marker saying how many bytes were left out, tail; trailing white space trimmed. */
export function captureText(capture: CappedCapture): string {
  const { head, tail, droppedBytes } = capture.bytes();
  const middle = droppedBytes > 0 ? `\n[... ${droppedBytes} bytes of output omitted ...]\n` : '';
  return `${head.toString('utf8')}${middle}${tail.toString('utf8')}`.replace(/\s+$/, '');
}
