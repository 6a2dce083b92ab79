/**
 * What every command receives: the process's streams, environment and working directory (injected,
 * so nothing reaches for globals), the renderer, a DebugLogger whose records land on stderr, and an
 * AbortSignal that Ctrl-C trips.
 */
import { DebugLogger, type LogRecord } from '../debugLogger.js';
import type { CommandSpec, ParsedArgs } from './args.js';
import { type Renderer, safeJson, type TextSink } from './render.js';

/** The process boundary of the CLI. */
export interface CliIo {
  /** Read to answer a hook's `ask` on a terminal and by `hookrail chat`; absent means no one can answer. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: TextSink & { isTTY?: boolean };
  stderr: TextSink & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Handed to a command's `execute`. */
export interface CommandContext {
  io: CliIo;
  render: Renderer;
  /** `--debug` (or `HOOKRAIL_DEBUG`): debug log on stderr, stack traces on errors. */
  debug: boolean;
  /** Hook warnings (fail-open, bad settings) and, under `--debug`, the debug log — all on stderr. */
  logger: DebugLogger;
  /** Aborted on SIGINT; long-running commands pass it down so hook processes are killed. */
  signal: AbortSignal;
}

/** One `hookrail` command: its spec (parsing and help) and what it does. Returns the exit code. */
export interface CommandDefinition {
  spec: CommandSpec;
  execute(context: CommandContext, args: ParsedArgs): Promise<number>;
}

/**
 * A logger whose records are printed by the renderer: warnings as `warning: ...` lines; with
 * `debug`, every record with its namespace and data.
 */
export function createCliLogger(render: Renderer, debug: boolean): DebugLogger {
  const sink = (record: LogRecord): void => {
    if (debug) {
      const data = record.data && Object.keys(record.data).length > 0 ? ` ${safeJson(record.data)}` : '';
      const line = `[${record.namespace}] ${record.level}: ${record.message}${data}`;
      render.note(record.level === 'debug' || record.level === 'info' ? render.styles.dim(line) : line);
      return;
    }
    if (record.level === 'warn' || record.level === 'error') render.warn(record.message);
  };
  return new DebugLogger('hookrail', { sink, level: debug ? 'debug' : 'warn' });
}
