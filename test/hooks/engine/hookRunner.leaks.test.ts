/**
 * Process leaks: after the hostile fixtures have run, no hook process of this test run may be
 * alive. The same check runs in the global teardown (test/helpers/globalSetup.ts) for the whole suite.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { beforeToolInput, fixtureHook, hookFixture, scratchDirectory } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import {
  assertNoHookProcessesAlive,
  findHookFixtureProcesses,
  isProcessAlive,
  TEST_RUN_MARKER_VARIABLE,
} from '../../helpers/processes.js';
import { waitFor } from '../../helpers/waiting.js';

let scratch: ReturnType<typeof scratchDirectory>;
beforeEach(() => {
  scratch = scratchDirectory();
});
afterEach(() => scratch.remove());

describe('process leaks', () => {
  it('the leak check sees a live fixture process of this run, and stops seeing it once it is gone', async () => {
    // The test file's own marker: the run's, then this worker's pid and the file's number in it.
    expect(process.env[TEST_RUN_MARKER_VARIABLE]).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${process.pid}-[0-9]+$`));
    const child = spawn('node', [hookFixture('hang.js')], { stdio: 'ignore' });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      const pid = child.pid as number;
      // The process may still be exec-ing into node; wait until its command line names the fixture.
      await waitFor(
        () => findHookFixtureProcesses().some((info) => info.pid === pid),
        `process ${pid} to show the fixture in its command line`,
        { intervalMs: 20 },
      );
      await expect(assertNoHookProcessesAlive({ settleMs: 0 })).rejects.toThrow(`pid ${pid}`);
      expect(findHookFixtureProcesses('another-run-marker').some((info) => info.pid === pid)).toBe(false);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    expect(isProcessAlive(child.pid as number)).toBe(false);
    await assertNoHookProcessesAlive();
  });

  it('no hook process outlives the suite', async () => {
    const runner = new HookRunner({
      logger: recordingLogger().logger,
      killGraceMs: 300,
      maxStdoutBytes: 64 * 1024,
      maxStderrBytes: 64 * 1024,
    });
    const input = beforeToolInput({ content: 'y'.repeat(5 * 1024 * 1024) }, 'write_file');
    const controller = new AbortController();
    const hostile = [
      fixtureHook('flood-stdout.js', ['50']),
      fixtureHook('flood-stderr.js', ['20', '1']),
      fixtureHook('no-read-stdin.sh'),
      fixtureHook('ignore-sigterm.sh', [join(scratch.path, 'ignore-sigterm.marker')], { timeout: 1_000 }),
      fixtureHook('exit-on-sigterm.sh', [join(scratch.path, 'exit-on-sigterm.marker')], { timeout: 1_000 }),
      fixtureHook('spawn-child-and-hang.sh', [join(scratch.path, 'child.pid')], { timeout: 1_000 }),
      fixtureHook('binary-stdout.js'),
      { type: 'command' as const, command: 'hookrail-no-such-command' },
    ];
    const results = await runner.executeHooksParallel(hostile, HookEventName.BeforeTool, input, {
      signal: controller.signal,
    });
    expect(results).toHaveLength(hostile.length);
    expect(results.filter((result) => result.timedOut)).toHaveLength(3);

    const cancelled = runner.executeHook(
      fixtureHook('spawn-child-and-hang.sh', [join(scratch.path, 'cancelled.pid')]),
      HookEventName.BeforeTool,
      input,
      {
        signal: controller.signal,
      },
    );
    controller.abort();
    expect((await cancelled).error).toMatchObject({ kind: 'cancelled' });

    await assertNoHookProcessesAlive();
  }, 30_000);
});
