/**
 * DebugLogger: namespaced, leveled logging with a pluggable sink (HOOK-023, 031, 042, 052, 060, 113,
 * 146, 191 all speak of warnings "via DebugLogger"). Hosts inject a sink through `Config`; tests
 * inject one to assert on warnings.
 */

/** Severity, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One log line as handed to a sink. */
export interface LogRecord {
  namespace: string;
  level: LogLevel;
  message: string;
  timestamp: string;
  data?: Record<string, unknown>;
}

/** Receives every record at or above the logger's level. */
export type LogSink = (record: LogRecord) => void;

/** Options for {@link DebugLogger}. */
export interface DebugLoggerOptions {
  /** Where records go. Default: warn and error lines on stderr. */
  sink?: LogSink;
  /** Lowest level passed to the sink. Default `warn`, or `debug` when `HOOKRAIL_DEBUG` is set. */
  level?: LogLevel;
}

const levelRank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Default sink: one human-readable line per record on stderr. */
export const stderrLogSink: LogSink = (record) => {
  process.stderr.write(`[${record.namespace}] ${record.level}: ${record.message}\n`);
};

/** Namespaced, leveled logger; `child('runner')` shares the sink and level. */
export class DebugLogger {
  readonly namespace: string;
  readonly level: LogLevel;
  private readonly sink: LogSink;

  constructor(namespace = 'hookrail', options: DebugLoggerOptions = {}) {
    this.namespace = namespace;
    this.sink = options.sink ?? stderrLogSink;
    this.level = options.level ?? (process.env.HOOKRAIL_DEBUG ? 'debug' : 'warn');
  }

  /** A logger for a sub-namespace (`hookrail:hooks:runner`) with the same sink and level. */
  child(suffix: string): DebugLogger {
    return new DebugLogger(`${this.namespace}:${suffix}`, { sink: this.sink, level: this.level });
  }

  /** True when a record at `level` would reach the sink; lets hot paths skip building messages. */
  isEnabled(level: LogLevel): boolean {
    return levelRank[level] >= levelRank[this.level];
  }

  debug(message: string, data?: Record<string, unknown>): void {
    this.log('debug', message, data);
  }

  info(message: string, data?: Record<string, unknown>): void {
    this.log('info', message, data);
  }

  warn(message: string, data?: Record<string, unknown>): void {
    this.log('warn', message, data);
  }

  error(message: string, data?: Record<string, unknown>): void {
    this.log('error', message, data);
  }

  private log(level: LogLevel, message: string, data?: Record<string, unknown>): void {
    if (!this.isEnabled(level)) return;
    const record: LogRecord = { namespace: this.namespace, level, message, timestamp: new Date().toISOString(), data };
    try {
      this.sink(record);
    } catch (error) {
      // A broken sink must neither break the hook pipeline nor silence it: the record goes to stderr.
      const reason = error instanceof Error ? error.message : String(error);
      try {
        stderrLogSink({ ...record, message: `${message} (the logger's sink threw: ${reason})` });
      } catch {
        // stderr itself is gone; nothing is left to tell.
      }
    }
  }
}

/**
 * A logger a host already has: `console`, or pino, winston, bunyan and the like — anything with
 * `warn` (and, if it has them, `error`, `info`, `debug`) methods taking a message first.
 */
export interface ConsoleLikeLogger {
  warn(message: string, ...rest: unknown[]): void;
  error?(message: string, ...rest: unknown[]): void;
  info?(message: string, ...rest: unknown[]): void;
  debug?(message: string, ...rest: unknown[]): void;
}

/** True for a {@link DebugLogger}, also one from another loaded copy of hookrail (it has `child` and `isEnabled`). */
export function isDebugLogger(value: unknown): value is DebugLogger {
  if (value instanceof DebugLogger) return true;
  const candidate = value as Partial<Record<'child' | 'isEnabled' | 'warn' | 'debug', unknown>> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    ['child', 'isEnabled', 'warn', 'debug'].every((method) => typeof candidate[method as 'child'] === 'function')
  );
}

/** True for an object with a `warn` method and, where present, function-valued `error`, `info` and `debug`. */
export function isConsoleLikeLogger(value: unknown): value is ConsoleLikeLogger {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.warn === 'function' &&
    ['error', 'info', 'debug'].every(
      (method) => candidate[method] === undefined || typeof candidate[method] === 'function',
    )
  );
}

/**
 * A sink that hands each record to the console-like logger's method of its level (`warn` where it has
 * no such method), as one line `[namespace] message`.
 */
export function consoleLikeLogSink(target: ConsoleLikeLogger): LogSink {
  return (record) => {
    const method = target[record.level] ?? target.warn;
    method.call(target, `[${record.namespace}] ${record.message}`);
  };
}
