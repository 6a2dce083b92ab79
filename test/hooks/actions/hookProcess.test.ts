/**
 * hookProcess: the capped capture and decoding of hook output (units), and one real process run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CappedCapture, decodeHookOutput, runHookProcess } from '../../../src/hooks/actions/hookProcess.js';
import { fixtureCommand } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

afterAll(() => assertNoHookProcessesAlive());

describe('CappedCapture', () => {
  it('keeps the head up to the limit, drops the rest, and says it truncated', () => {
    const capture = new CappedCapture(5);
    capture.push(Buffer.from('abc'));
    expect(capture.truncated).toBe(false);
    capture.push(Buffer.from('defgh'));
    capture.push(Buffer.from('ijk'));
    expect(capture.text()).toBe('abcde');
    expect(capture.truncated).toBe(true);
  });

  it('is not truncated when the output fits exactly', () => {
    const capture = new CappedCapture(3);
    capture.push(Buffer.from('abc'));
    capture.push(Buffer.alloc(0));
    expect(capture.text()).toBe('abc');
    expect(capture.truncated).toBe(false);
  });
});

describe('decodeHookOutput', () => {
  it('HOOK-064: replaces invalid UTF-8 with U+FFFD and drops NUL bytes without throwing', () => {
    expect(decodeHookOutput(Buffer.from([0x61, 0x00, 0xff, 0x62, 0xe2, 0x82]))).toBe('a\uFFFDb\uFFFD');
    expect(decodeHookOutput(Buffer.from('héllo ✓', 'utf8'))).toBe('héllo ✓');
  });
});

describe('runHookProcess', () => {
  it('HOOK-061: writes stdin, closes it, and reports exit code and both streams', async () => {
    const outcome = await runHookProcess({
      command: fixtureCommand('respond.sh', '3', 'out', 'err'),
      cwd: process.cwd(),
      env: {},
      stdin: '{"a":1}',
      timeoutMs: 10_000,
      killGraceMs: 100,
      maxOutputBytes: 1024,
    });
    expect(outcome).toMatchObject({ exitCode: 3, stdout: 'out', stderr: 'err', timedOut: false, cancelled: false, forceKilled: false });
    expect(outcome.spawnError).toBeUndefined();
  });
});
