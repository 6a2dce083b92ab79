/**
 * Model-based test of the scheduler (xstate/graph): shortest paths through the scheduler machine, a
 * covering subset replayed on a real scheduler whose calls run real, gated hook processes; the real
 * scheduler machine's transitions must cover 100% of its definition.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { schedulerMachine } from '../../src/machines/scheduler.machine.js';
import { enumerateTransitions, TransitionCoverage } from '../helpers/machineCoverage.js';
import { MachineScratch, machineConfig } from '../helpers/machineScenario.js';
import {
  expectedBatchOutcomes,
  generateSchedulerPaths,
  replaySchedulerPath,
} from '../helpers/machineSchedulerModel.js';
import { assertNoHookProcessesAlive } from '../helpers/processes.js';

const { config } = machineConfig();
const scratch = new MachineScratch();
const coverage = new TransitionCoverage();
const { all, selected } = generateSchedulerPaths();

afterAll(() => scratch.cleanup());

describe('scheduler machine: model-based paths replayed on a real scheduler', () => {
  it('generates shortest paths to every vertex and a subset covering the same transitions', () => {
    expect(all.length).toBeGreaterThan(selected.length);
    expect(selected.length).toBeGreaterThan(0);
  });

  it.each(selected.map((path) => ({ path, title: path.description })))(
    'HOOK-020, HOOK-028, HOOK-129, HOOK-130, HOOK-204: replays $title',
    async ({ path }) => {
      const results = await replaySchedulerPath({ config, path, scratch, inspect: coverage.listener });
      const expected = expectedBatchOutcomes(path.events);
      expect(results.map((batch) => batch.results.map((result) => result.outcome))).toEqual(
        expected.map((batch) => batch.outcomes),
      );
      results.forEach((batch, index) => {
        // Results are published in request order, whatever order the calls settled in.
        expect(batch.results.map((result) => result.callId)).toEqual(
          batch.results.map((_, call) => `call-${index}-${call}`),
        );
        const stoppedIndex = expected[index]!.stoppedIndex;
        if (stoppedIndex === undefined) expect(batch.stopped).toBeUndefined();
        else
          expect(batch.stopped).toEqual({
            reason: 'BeforeTool asked the agent to stop',
            callId: `call-${index}-${stoppedIndex}`,
          });
        for (const result of batch.results.filter((outcome) => outcome.outcome === 'blocked')) {
          expect(result.result.llmContent).toBe('blocked by policy: write_file');
        }
      });
    },
  );

  it('the replayed paths cover 100% of the scheduler transitions (incl. always and guard branches)', async () => {
    expect(enumerateTransitions(schedulerMachine).length).toBeGreaterThanOrEqual(10);
    expect(coverage.missing(schedulerMachine)).toEqual([]);
    expect(coverage.ratio(schedulerMachine)).toBe(1);
    await assertNoHookProcessesAlive();
  });
});
