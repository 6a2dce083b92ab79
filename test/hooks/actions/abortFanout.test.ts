/**
 * Many hook processes waiting on one caller's AbortSignal (a turn cancelled while its hooks run), with
 * real processes: aborting the signal cancels every run still going, a run that ended earlier takes
 * nothing of the others' cancellation with it, and the signal keeps one listener while runs wait on
 * it and none once they are over — so a long session neither leaks listeners nor trips Node's
 * max-listeners warning.
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { CappedCapture } from '../../../src/hooks/actions/cappedCapture.js';
import { runInProcessGroup } from '../../../src/hooks/actions/processGroup.js';
import { killLeftoverProcesses } from '../../../src/hooks/actions/processGroupRegistry.js';

afterEach(async () => {
  await killLeftoverProcesses({ graceMs: 0 });
});

function run(command: string, signal: AbortSignal) {
  return runInProcessGroup({
    command,
    cwd: process.cwd(),
    stdout: new CappedCapture({ limitBytes: 1024 }),
    stderr: new CappedCapture({ limitBytes: 1024 }),
    timeoutMs: 30_000,
    killGraceMs: 1_000,
    signal,
  });
}

describe('runs sharing one AbortSignal', () => {
  it('aborting it cancels every run still going; the signal holds one listener for all of them, none afterwards', async () => {
    const controller = new AbortController();
    const runs = Array.from({ length: 12 }, () => run('exec sleep 30', controller.signal));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    const outcomes = await Promise.all(runs);
    for (const outcome of outcomes) {
      expect(outcome.cancelled).toBe(true);
      expect(outcome.timedOut).toBe(false);
      expect(outcome.exitCode).toBeNull();
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('runs that finish take their listener with them; a run that ended first leaves the others cancellable', async () => {
    const controller = new AbortController();
    const quick = run('exit 3', controller.signal);
    const long = [run('exec sleep 30', controller.signal), run('exec sleep 30', controller.signal)];
    const quickOutcome = await quick;
    expect(quickOutcome.exitCode).toBe(3);
    expect(quickOutcome.cancelled).toBe(false);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    for (const outcome of await Promise.all(long)) expect(outcome.cancelled).toBe(true);

    const reused = new AbortController();
    const finished = await Promise.all([run('exit 0', reused.signal), run('exit 1', reused.signal)]);
    expect(finished.map((outcome) => [outcome.exitCode, outcome.cancelled])).toEqual([
      [0, false],
      [1, false],
    ]);
    expect(getEventListeners(reused.signal, 'abort')).toHaveLength(0);
    // The signal, used again after every run on it ended, still cancels a new run.
    const again = run('exec sleep 30', reused.signal);
    expect(getEventListeners(reused.signal, 'abort')).toHaveLength(1);
    reused.abort();
    expect((await again).cancelled).toBe(true);
  });
});
