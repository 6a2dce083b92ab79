/**
 * Model-based test of the toolCall machine (xstate/graph): shortest paths through the machine, each
 * replayed against a real toolCall actor running the real hook script as a real process; the real
 * actors' transitions must cover 100% of the machine's transitions.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { toolCallMachine } from '../../src/machines/toolCall.machine.js';
import { enumerateTransitions, TransitionCoverage } from '../helpers/machineCoverage.js';
import { MachineScratch, machineConfig, scriptedAskUser } from '../helpers/machineScenario.js';
import { describePath, generateToolCallPaths, replayPath, type PathReplay } from '../helpers/machineToolCallModel.js';
import { assertNoHookProcessesAlive } from '../helpers/processes.js';

// With an onAskUser, a hook's ask sends the call to `asking`; the callback answers per path.
const askUser = scriptedAskUser();
const { config } = machineConfig({ onAskUser: askUser });
const { config: disabledConfig } = machineConfig({ enableHooks: false });
const scratch = new MachineScratch();
const coverage = new TransitionCoverage();
const generated = generateToolCallPaths(config, disabledConfig);
const replays: PathReplay[] = [];

afterAll(() => scratch.cleanup());

describe('toolCall machine: model-based paths replayed with real hook processes', () => {
  it('generates shortest paths that reach every state', () => {
    const reached = new Set(generated.flatMap(({ path }) => path.steps.map((step) => String(step.state.value))));
    expect([...reached].sort()).toEqual([
      'afterHook',
      'asking',
      'beforeHook',
      'buffered',
      'cancelled',
      'executing',
      'idle',
      'published',
    ]);
  });

  it.each(generated.map((entry) => ({ entry, title: describePath(entry) })))('$title', async ({ entry }) => {
    const replay = await replayPath({ generated: entry, scratch, inspect: coverage.listener });
    replays.push(replay);
    expect(replay.states.length).toBeGreaterThanOrEqual(entry.path.steps.length);
  });

  it('the replayed paths cover 100% of the toolCall transitions (incl. onDone/onError guard branches)', () => {
    const all = enumerateTransitions(toolCallMachine);
    // 19 since the branches kept only for the diagram (three AfterTool rows to one target) were folded;
    // 24 with the ask step: beforeHook → asking, and asking's allow, deny, actor failure and CANCEL;
    // 25 with a PermissionRequest hook's deny with interrupt (asking → buffered, stopped).
    expect(all.length).toBe(25);
    expect(coverage.missing(toolCallMachine)).toEqual([]);
    expect(coverage.ratio(toolCallMachine)).toBe(1);
  });

  it('the asking paths asked onAskUser, and cancelling while asking aborted its request', () => {
    expect(askUser.calls.length).toBeGreaterThanOrEqual(3);
    expect(askUser.calls.some((call) => call.aborted)).toBe(true);
    for (const call of askUser.calls) {
      expect(call.request).toMatchObject({
        toolName: 'write_file',
        callId: 'model',
        hookName: expect.stringContaining('scripted-hook.mjs'),
      });
    }
  });

  it('cancelling in beforeHook and afterHook killed the running hook processes', async () => {
    expect(replays.flatMap((replay) => replay.killedHookPids).length).toBeGreaterThanOrEqual(2);
    await assertNoHookProcessesAlive();
  });
});
