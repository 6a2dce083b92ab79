/**
 * Bounded memory for a flooding hook: a hook printing 50 MB on stdout makes the host keep at most
 * about twice the 16 MiB stdout cap plus a few MB, alone or eight at once. Measured in a child process
 * (`test/fixtures/hosts/flood-memory.mjs`, the built library) as its peak resident set size over its
 * resident set size before the floods, so this test's own heap does not count, with garbage collected
 * every 2 ms meanwhile: what is measured is what the host keeps, not how late V8 frees the read buffers
 * the flood passes through (without that, the peak varies by tens of MB from run to run).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_STDOUT_BYTES } from '../../../src/hooks/engine/hookRunner.js';
import { STDOUT_OVERFLOW_EXCERPT_BYTES } from '../../../src/hooks/actions/hookProcess.js';

const host = fileURLToPath(new URL('../../fixtures/hosts/flood-memory.mjs', import.meta.url));
/** What "a few MB" may be: the host's own allocations beyond the captured bytes and their text. */
const slackBytes = 8 * 1024 * 1024;

interface FloodMemory {
  growthBytes: number;
  capBytes: number;
  stdoutBytes: number[];
  truncated: boolean[];
}

function measure(hooks: number, mebibytes: number): FloodMemory {
  return JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', host, String(hooks), String(mebibytes), 'collect'], {
      encoding: 'utf8',
      timeout: 120_000,
    }),
  ) as FloodMemory;
}

describe.runIf(process.platform === 'linux')('a hook flooding stdout costs bounded memory', () => {
  it('one hook printing 50 MB: the host keeps at most one and a half times the cap plus a few MB (the head while it grows), then a 4 KiB excerpt', () => {
    const measured = measure(1, 50);
    expect(measured.capBytes).toBe(DEFAULT_MAX_STDOUT_BYTES);
    expect(measured.stdoutBytes).toEqual([STDOUT_OVERFLOW_EXCERPT_BYTES]);
    expect(measured.truncated).toEqual([true]);
    expect(measured.growthBytes).toBeLessThanOrEqual(1.5 * DEFAULT_MAX_STDOUT_BYTES + slackBytes);
  }, 180_000);

  it('eight such hooks at once: at most eight times that', () => {
    // Before the head was kept in one buffer and cut to an excerpt on overflow: 51 MB for one, 287 MB for eight.
    const measured = measure(8, 50);
    expect(measured.stdoutBytes).toEqual(Array.from({ length: 8 }, () => STDOUT_OVERFLOW_EXCERPT_BYTES));
    expect(measured.growthBytes).toBeLessThanOrEqual(8 * (1.5 * DEFAULT_MAX_STDOUT_BYTES + slackBytes));
  }, 180_000);
});
