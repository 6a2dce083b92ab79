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
    try {
      this.sink({ namespace: this.namespace, level, message, timestamp: new Date().toISOString(), data });
    } catch {
      // A broken sink must never break the hook pipeline.
    }
  }
}
