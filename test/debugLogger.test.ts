import { afterEach, describe, expect, it, vi } from 'vitest';
import { DebugLogger, stderrLogSink, type LogRecord } from '../src/index.js';

function recorder(): { records: LogRecord[]; sink: (record: LogRecord) => void } {
  const records: LogRecord[] = [];
  return { records, sink: (record) => records.push(record) };
}

describe('DebugLogger', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('passes records at or above its level to the sink with namespace, level, message, timestamp and data', () => {
    const { records, sink } = recorder();
    const logger = new DebugLogger('hookrail', { sink, level: 'info' });
    logger.debug('not shown');
    logger.info('registry ready', { hooks: 3 });
    logger.warn('hook failed');
    logger.error('broken');
    expect(records.map((record) => [record.level, record.message])).toEqual([
      ['info', 'registry ready'],
      ['warn', 'hook failed'],
      ['error', 'broken'],
    ]);
    expect(records[0]).toMatchObject({ namespace: 'hookrail', data: { hooks: 3 } });
    expect(Number.isNaN(Date.parse(records[0].timestamp))).toBe(false);
  });

  it('defaults to warn, or to debug when HOOKRAIL_DEBUG is set', () => {
    vi.stubEnv('HOOKRAIL_DEBUG', '');
    expect(new DebugLogger('a', { sink: () => {} }).level).toBe('warn');
    vi.stubEnv('HOOKRAIL_DEBUG', '1');
    expect(new DebugLogger('a', { sink: () => {} }).level).toBe('debug');
  });

  it('child() extends the namespace and shares the sink and level', () => {
    const { records, sink } = recorder();
    const child = new DebugLogger('hookrail', { sink, level: 'debug' }).child('hooks').child('runner');
    child.debug('spawned');
    expect(child.namespace).toBe('hookrail:hooks:runner');
    expect(child.level).toBe('debug');
    expect(records).toHaveLength(1);
    expect(records[0].namespace).toBe('hookrail:hooks:runner');
  });

  it('isEnabled() tells hot paths whether a level would reach the sink', () => {
    const logger = new DebugLogger('a', { sink: () => {}, level: 'warn' });
    expect(logger.isEnabled('debug')).toBe(false);
    expect(logger.isEnabled('info')).toBe(false);
    expect(logger.isEnabled('warn')).toBe(true);
    expect(logger.isEnabled('error')).toBe(true);
  });

  it('a sink that throws never breaks the caller', () => {
    const logger = new DebugLogger('a', {
      level: 'debug',
      sink: () => {
        throw new Error('sink down');
      },
    });
    expect(() => logger.warn('still fine')).not.toThrow();
  });

  it('the default sink writes one line per record on stderr', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    new DebugLogger('hookrail').warn('hook "x" exited with code 1');
    expect(write).toHaveBeenCalledWith('[hookrail] warn: hook "x" exited with code 1\n');
    stderrLogSink({ namespace: 'n', level: 'error', message: 'm', timestamp: new Date().toISOString() });
    expect(write).toHaveBeenLastCalledWith('[n] error: m\n');
  });
});
