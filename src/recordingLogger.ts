/**
 * A logger that keeps what it is told: hookrail reports every problem with a hook (a bad field, a
 * failed process, an unknown event) as a log record, so a test of hooks asserts on those records.
 */
import { DebugLogger, type LogLevel, type LogRecord } from './debugLogger.js';

/** What {@link recordingLogger} returns: the logger to hand to `Config`, and the records it received, in order. */
export interface RecordingLogger {
  readonly logger: DebugLogger;
  readonly records: LogRecord[];
}

/**
 * A `DebugLogger` named `test` whose records at `level` and above are appended to `records`
 * (default level `debug`: every record).
 *
 * ```ts
 * const { logger, records } = recordingLogger();
 * const config = new Config({ enableHooks: true, hooks, logger });
 * // … fire hooks …
 * expect(records.filter((record) => record.level === 'warn')).toEqual([]);
 * ```
 */
export function recordingLogger(level: LogLevel = 'debug'): RecordingLogger {
  const records: LogRecord[] = [];
  return { logger: new DebugLogger('test', { level, sink: (record) => records.push(record) }), records };
}
