/**
 * Several asks in one scheduler batch, with real hook processes. The scheduler runs calls
 * concurrently, but asks are put to `onAskUser` one at a time and in request order, whichever hook
 * answered first; an abort while asking cancels the asking and the waiting calls.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AskUserCallback } from '../../src/hooks/protocol/askUser.js';
import { createToolScheduler } from '../../src/machines/scheduler.js';
import type { ToolCallUpdate } from '../../src/machines/types.js';
import { MachineScratch, machineConfig, recordingTool, type HookScenario } from '../helpers/machineScenario.js';
import { waitFor } from '../helpers/waiting.js';
import { assertNoHookProcessesAlive } from '../helpers/processes.js';

const scratch = new MachineScratch();
afterAll(() => scratch.cleanup());

function request(index: number, scenario: HookScenario) {
  return { callId: `c${index}`, name: 'write_file', args: { path: `${index}.txt`, scenario } };
}

function reachedState(updates: ToolCallUpdate[], callId: string, state: ToolCallUpdate['state']): boolean {
  return updates.some((update) => update.callId === callId && update.state === state);
}

describe('tool scheduler: asks in one batch', () => {
  it('two asking calls are asked one at a time in request order, though the second hook answered first and its answer comes first', async () => {
    const log: string[] = [];
    const onAskUser: AskUserCallback = async (request) => {
      log.push(`ask ${String(request.callId)}`);
      // The first question takes longer: were both asked at once, the second answer would come first.
      if (request.callId === 'c0') await new Promise((resolve) => setTimeout(resolve, 60));
      log.push(`answer ${String(request.callId)}`);
      return request.callId === 'c0' ? { decision: 'deny', reason: 'not this one' } : 'allow';
    };
    const { config } = machineConfig({ onAskUser });
    const tool = recordingTool();
    const updates: ToolCallUpdate[] = [];
    const scheduler = createToolScheduler({ config, tools: [tool], onUpdate: (update) => updates.push(update) });
    const gates = [scratch.file('gate'), scratch.file('gate')];
    const pending = scheduler.schedule([
      request(0, { before: 'ask', gate: gates[0] }),
      request(1, { before: 'ask', gate: gates[1] }),
    ]);

    scratch.open(gates[1]!);
    await waitFor(() => reachedState(updates, 'c1', 'asking'), 'c1 to be asking');
    expect(log).toEqual([]);
    scratch.open(gates[0]!);
    const batch = await pending;

    expect(log).toEqual(['ask c0', 'answer c0', 'ask c1', 'answer c1']);
    expect(batch.results.map((result) => [result.callId, result.outcome])).toEqual([
      ['c0', 'blocked'],
      ['c1', 'success'],
    ]);
    expect(batch.results[0]!.result.llmContent).toBe('Permission to run write_file was denied: not this one');
    expect(batch.results[0]!.asked).toMatchObject({ decision: 'deny', decisionReason: 'not this one' });
    expect(batch.results[1]!.asked).toMatchObject({ decision: 'allow', answeredBy: 'onAskUser' });
    expect(tool.executions.map((execution) => execution.args['path'])).toEqual(['1.txt']);
    const asked = updates
      .filter((update) => update.state === 'buffered')
      .map((update) => [update.callId, update.outcome, update.asked?.decision]);
    expect(asked).toEqual(
      expect.arrayContaining([
        ['c0', 'blocked', 'deny'],
        ['c1', 'success', 'allow'],
      ]),
    );
    expect(scheduler.activeCount).toBe(0);
  });

  it('a call between two asks that does not ask holds neither up; the asks keep request order', async () => {
    const asked: string[] = [];
    const onAskUser: AskUserCallback = (request) => {
      asked.push(String(request.callId));
      return 'allow';
    };
    const { config } = machineConfig({ onAskUser });
    const scheduler = createToolScheduler({ config, tools: [recordingTool()] });
    const batch = await scheduler.schedule([
      request(0, { before: 'ask' }),
      request(1, { before: 'allow' }),
      request(2, { before: 'block' }),
      request(3, { before: 'ask-claude' }),
    ]);
    expect(asked).toEqual(['c0', 'c3']);
    expect(batch.results.map((result) => result.outcome)).toEqual(['success', 'success', 'blocked', 'success']);
  });

  it('an abort while one call asks and another waits for its turn cancels both; the open question is aborted', async () => {
    const requests: Array<{ callId?: string; signal: AbortSignal }> = [];
    const onAskUser: AskUserCallback = (request) => {
      requests.push(request);
      return new Promise((resolve) => request.signal.addEventListener('abort', () => resolve('allow'), { once: true }));
    };
    const { config } = machineConfig({ onAskUser });
    const tool = recordingTool();
    const updates: ToolCallUpdate[] = [];
    const scheduler = createToolScheduler({ config, tools: [tool], onUpdate: (update) => updates.push(update) });
    const controller = new AbortController();
    const pending = scheduler.schedule(
      [request(0, { before: 'ask' }), request(1, { before: 'ask' })],
      controller.signal,
    );
    await waitFor(
      () => requests.length === 1 && reachedState(updates, 'c1', 'asking'),
      'c0 asked and c1 waiting for its turn',
    );
    controller.abort();
    const batch = await pending;
    expect(batch.results.map((result) => result.outcome)).toEqual(['cancelled', 'cancelled']);
    expect(requests.map((request) => request.callId)).toEqual(['c0']);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(tool.executions).toHaveLength(0);
    expect(scheduler.status).toBe('idle');
    await assertNoHookProcessesAlive();
  });

  it('the next batch asks again from its own first call', async () => {
    const asked: string[] = [];
    const { config } = machineConfig({
      onAskUser: (request) => {
        asked.push(String(request.callId));
        return 'allow';
      },
    });
    const scheduler = createToolScheduler({ config, tools: [recordingTool()] });
    await scheduler.schedule([request(0, { before: 'ask' }), request(1, { before: 'ask' })]);
    await scheduler.schedule([request(0, { before: 'allow' }), request(1, { before: 'ask' })]);
    expect(asked).toEqual(['c0', 'c1', 'c1']);
  });
});
