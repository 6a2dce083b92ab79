/**
 * hookProcess: decoding of hook output (unit), and real process runs with capped output.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CappedCapture } from '../../../src/hooks/actions/cappedCapture.js';
import { decodeHookOutput, runHookProcess } from '../../../src/hooks/actions/hookProcess.js';
import { runInProcessGroup } from '../../../src/hooks/actions/processGroup.js';
import { fixtureCommand } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

afterAll(() => assertNoHookProcessesAlive());

describe('decodeHookOutput', () => {
  it('decodes no bytes to the empty string', () => {
    expect(decodeHookOutput(Buffer.alloc(0))).toBe('');
    expect(decodeHookOutput(new Uint8Array(0))).toBe('');
  });

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
      maxStdoutBytes: 1024,
      maxStderrBytes: 1024,
    });
    expect(outcome).toMatchObject({
      exitCode: 3,
      stdout: 'out',
      stderr: 'err',
      timedOut: false,
      cancelled: false,
      forceKilled: false,
    });
    expect(outcome).toMatchObject({
      stdoutDroppedBytes: 0,
      stderrDroppedBytes: 0,
      pipesHeldOpen: false,
      leftover: false,
    });
    expect(outcome.spawnError).toBeUndefined();
  });

  it('passes on every field of the process-group outcome (they are written out, not spread)', async () => {
    const options = {
      command: 'exit 4',
      cwd: process.cwd(),
      env: {},
      stdin: '{}',
      timeoutMs: 10_000,
      killGraceMs: 100,
    };
    const group = await runInProcessGroup({
      ...options,
      stdout: new CappedCapture({ limitBytes: 64 }),
      stderr: new CappedCapture({ limitBytes: 64 }),
    });
    const hook = await runHookProcess({ ...options, maxStdoutBytes: 64, maxStderrBytes: 64 });
    expect(Object.keys(group).length).toBeGreaterThan(5);
    expect(Object.keys(hook)).toEqual(expect.arrayContaining(Object.keys(group)));
    expect(hook).toMatchObject({ exitCode: 4, groupId: expect.any(Number), leftover: false, pipesHeldOpen: false });
  });

  it('reports how many bytes of each stream it cut beyond its cap', async () => {
    const outcome = await runHookProcess({
      command: `printf 0123456789; printf abcdefghij >&2`,
      cwd: process.cwd(),
      env: {},
      stdin: '{}',
      timeoutMs: 10_000,
      killGraceMs: 100,
      maxStdoutBytes: 4,
      maxStderrBytes: 7,
    });
    expect(outcome).toMatchObject({
      exitCode: 0,
      stdout: '0123',
      stdoutDroppedBytes: 6,
      stderr: 'abcdefg',
      stderrDroppedBytes: 3,
    });
  });
});
