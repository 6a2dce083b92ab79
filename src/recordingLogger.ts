/**
 * A logger that keeps what it is told: hookrail reports every problem with a hook (a bad field, a
 * failed process, an unknown event) as a log record, so a test of hooks asserts on those records.
 */
import { DebugLogger, type LogLevel, type LogRecord } from './debugLogger.js';

/** Options of {@link recordingLogger}. */
export interface RecordingLoggerOptions {
  /** The lowest level kept; default `debug` (every record). */
  level?: LogLevel;
  /** The logger's namespace, which its children extend (`hookrail` → `hookrail:hooks:planner`); default `test`. */
  namespace?: string;
}

/** What {@link recordingLogger} returns: the logger to hand to `Config`, and the records it received, in order. */
export interface RecordingLogger {
  readonly logger: DebugLogger;
  readonly records: LogRecord[];
}

/**
 * A `DebugLogger` whose records at the given level and above are appended to `records`.
 *
 * ```ts
 * const { logger, records } = recordingLogger({ level: 'warn' });
 * const config = new Config({ enableHooks: true, hooks, logger });
 * // … fire hooks …
 * expect(records).toEqual([]);
 * ```
 */
export function recordingLogger(options: RecordingLoggerOptions = {}): RecordingLogger {
  const records: LogRecord[] = [];
  const logger = new DebugLogger(options.namespace ?? 'test', {
    level: options.level ?? 'debug',
    sink: (record) => records.push(record),
  });
  return { logger, records };
}
