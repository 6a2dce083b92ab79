/**
 * Model-based test of the toolCall machine (xstate/graph): shortest paths through the machine, each
 * replayed against a real toolCall actor running the real hook script as a real process; the real
 * actors' transitions must cover 100% of the machine's transitions.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { toolCallMachine } from '../../src/machines/toolCall.machine.js';
import { enumerateTransitions, TransitionCoverage } from '../helpers/machineCoverage.js';
import { MachineScratch, machineConfig } from '../helpers/machineScenario.js';
import { describePath, generateToolCallPaths, replayPath, type PathReplay } from '../helpers/machineToolCallModel.js';
import { assertNoHookProcessesAlive } from '../helpers/processes.js';

const { config } = machineConfig();
const { config: disabledConfig } = machineConfig({ enableHooks: false });
const scratch = new MachineScratch();
const coverage = new TransitionCoverage();
const generated = generateToolCallPaths(config, disabledConfig);
const replays: PathReplay[] = [];

afterAll(() => scratch.cleanup());

describe('toolCall machine: model-based paths replayed with real hook processes', () => {
  it('generates shortest paths that reach every state', () => {
    const reached = new Set(generated.flatMap(({ path }) => path.steps.map((step) => String(step.state.value))));
    expect([...reached].sort()).toEqual(['afterHook', 'beforeHook', 'buffered', 'cancelled', 'executing', 'idle', 'published']);
  });

  it.each(generated.map((entry) => ({ entry, title: describePath(entry) })))(
    '$title',
    async ({ entry }) => {
      const replay = await replayPath({ generated: entry, scratch, inspect: coverage.listener });
      replays.push(replay);
      expect(replay.states.length).toBeGreaterThanOrEqual(entry.path.steps.length);
    },
  );

  it('the replayed paths cover 100% of the toolCall transitions (incl. onDone/onError guard branches)', () => {
    const all = enumerateTransitions(toolCallMachine);
    // 19 since the branches kept only for the diagram (three AfterTool rows to one target) were folded.
    expect(all.length).toBe(19);
    expect(coverage.missing(toolCallMachine)).toEqual([]);
    expect(coverage.ratio(toolCallMachine)).toBe(1);
  });

  it('cancelling in beforeHook and afterHook killed the running hook processes', async () => {
    expect(replays.flatMap((replay) => replay.killedHookPids).length).toBeGreaterThanOrEqual(2);
    await assertNoHookProcessesAlive();
  });
});
