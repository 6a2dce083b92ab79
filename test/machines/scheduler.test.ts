/**
 * The tool scheduler with real hook processes: request order, concurrency, blocked batches (HOOK-129,
 * 130, 204), stops (HOOK-020, 028), unknown tools, abort, progress updates, released actors.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ToolResult } from '../../src/hooks/protocol/results.js';
import { createToolScheduler } from '../../src/machines/scheduler.js';
import type { SchedulerStatus } from '../../src/machines/scheduler.machine.js';
import { toolCallMachine } from '../../src/machines/toolCall.machine.js';
import type { ToolCallUpdate } from '../../src/machines/types.js';
import type { Tool } from '../../src/tool.js';
import { MachineScratch, machineConfig, recordingTool } from '../helpers/machineScenario.js';
import { settlesWithin, waitFor, waitForPid } from '../helpers/waiting.js';
import { assertNoHookProcessesAlive, isProcessAlive } from '../helpers/processes.js';

const scratch = new MachineScratch();
afterAll(() => scratch.cleanup());

function request(index: number, args: Record<string, unknown> = {}, name = 'write_file') {
  return { callId: `c${index}`, name, args: { path: `${index}.txt`, ...args } };
}

/** A tool whose calls wait until the test releases them, counting how many run at once. */
/** A tool whose calls wait until the test releases their path; `onStart` hears each call begin. */
function gatedTool(
  onStart: (path: string) => void = () => undefined,
): Tool & { release: (path: string) => void; running: number; maxRunning: number; calls: number } {
  const waiting = new Map<string, () => void>();
  const tool = {
    name: 'write_file',
    running: 0,
    maxRunning: 0,
    calls: 0,
    release(path: string) {
      waiting.get(path)?.();
    },
    async execute(args: Record<string, unknown>): Promise<ToolResult> {
      onStart(String(args['path']));
      tool.calls += 1;
      tool.running += 1;
      tool.maxRunning = Math.max(tool.maxRunning, tool.running);
      await new Promise<void>((resolve) => waiting.set(String(args['path']), resolve));
      tool.running -= 1;
      return { llmContent: `wrote ${String(args['path'])}`, returnDisplay: 'ok' };
    },
  };
  return tool;
}

describe('tool scheduler', () => {
  it('HOOK-129, HOOK-130, HOOK-204: a batch of blocked calls is published as completed error-like results, never retried, and the status returns to idle', async () => {
    const { config, records } = machineConfig();
    const tool = recordingTool();
    const statuses: SchedulerStatus[] = [];
    const scheduler = createToolScheduler({ config, tools: [tool], onUpdate: () => statuses.push(scheduler.status) });
    expect(scheduler.status).toBe('idle');
    const batch = await scheduler.schedule([0, 1, 2].map((index) => request(index, { scenario: { before: 'block' } })));
    expect(batch.results.map((result) => [result.callId, result.outcome, result.result.llmContent])).toEqual([
      ['c0', 'blocked', 'blocked by policy: write_file'],
      ['c1', 'blocked', 'blocked by policy: write_file'],
      ['c2', 'blocked', 'blocked by policy: write_file'],
    ]);
    expect(batch.stopped).toBeUndefined();
    expect(tool.executions).toHaveLength(0);
    expect(records.filter((record) => record.message.startsWith('Running hook'))).toHaveLength(3);
    expect(statuses).toContain('running');
    expect(scheduler.status).toBe('idle');
    expect(scheduler.activeCount).toBe(0);
  });

  it('publishes results in request order although later calls finish first (they wait in buffered)', async () => {
    const { config } = machineConfig();
    const tool = recordingTool();
    const gates = [0, 1, 2].map(() => scratch.file('gate'));
    const updates: ToolCallUpdate[] = [];
    const scheduler = createToolScheduler({ config, tools: [tool], onUpdate: (update) => updates.push(update) });
    const pending = scheduler.schedule(
      gates.map((gate, index) => request(index, { scenario: { before: 'allow', gate } })),
    );
    for (const index of [2, 1, 0]) {
      scratch.open(gates[index]!);
      await waitFor(
        () => updates.some((update) => update.callId === `c${index}` && update.state === 'buffered'),
        `c${index} buffered`,
      );
    }
    const batch = await pending;
    expect(batch.results.map((result) => result.callId)).toEqual(['c0', 'c1', 'c2']);
    const buffered = updates.filter((update) => update.state === 'buffered').map((update) => update.callId);
    const published = updates.filter((update) => update.state === 'published').map((update) => update.callId);
    expect(buffered).toEqual(['c2', 'c1', 'c0']);
    expect(published).toEqual(['c0', 'c1', 'c2']);
  });

  it('runs at most `concurrency` calls at once and starts the next as one finishes', async () => {
    const { config } = machineConfig({ enableHooks: false });
    const tool = gatedTool();
    const scheduler = createToolScheduler({ config, tools: [tool], concurrency: 3 });
    const pending = scheduler.schedule(Array.from({ length: 10 }, (_, index) => request(index)));
    for (let index = 0; index < 10; index += 1) {
      await waitFor(() => tool.calls > index, `call ${index} to start`);
      expect(tool.running).toBeLessThanOrEqual(3);
      tool.release(`${index}.txt`);
    }
    const batch = await pending;
    expect(tool.maxRunning).toBe(3);
    expect(batch.results.map((result) => result.result.llmContent)).toEqual(
      Array.from({ length: 10 }, (_, index) => `wrote ${index}.txt`),
    );
  });

  it('HOOK-020: a stop ends the turn: batch.stopped names the call; calls not yet started are cancelled, not run, not lost', async () => {
    const { config, records } = machineConfig();
    const tool = recordingTool();
    const scheduler = createToolScheduler({ config, tools: [tool], concurrency: 1 });
    const batch = await scheduler.schedule([request(0, { scenario: { before: 'stop' } }), request(1), request(2)]);
    expect(batch.stopped).toEqual({ reason: 'BeforeTool asked the agent to stop', callId: 'c0' });
    expect(batch.results.map((result) => result.outcome)).toEqual(['stopped', 'cancelled', 'cancelled']);
    expect(batch.results[0]!.stopReason).toBe('BeforeTool asked the agent to stop');
    expect(batch.results[1]!.result.llmContent).toBe(
      'Tool call "write_file" was cancelled: not run because a hook stopped the agent: BeforeTool asked the agent to stop',
    );
    expect(tool.executions).toHaveLength(0);
    expect(records.filter((record) => record.message.startsWith('Running hook'))).toHaveLength(1);
    expect(scheduler.status).toBe('idle');
  });

  it('HOOK-028: an AfterTool stop lets the calls already running finish and be published', async () => {
    const { config } = machineConfig();
    const tool = recordingTool();
    const gate = scratch.file('gate');
    const updates: ToolCallUpdate[] = [];
    const scheduler = createToolScheduler({
      config,
      tools: [tool],
      concurrency: 2,
      onUpdate: (update) => updates.push(update),
    });
    const pending = scheduler.schedule([
      request(0, { scenario: { after: 'stop' } }),
      request(1, { scenario: { gate } }),
      request(2),
    ]);
    // Call 1 is still running (its BeforeTool hook waits for the gate) when call 0's AfterTool hook stops the agent.
    await waitFor(() => updates.some((update) => update.callId === 'c0' && update.state === 'buffered'), 'c0 to stop');
    await waitFor(() => scheduler.status === 'stopping', 'the scheduler to be stopping');
    scratch.open(gate);
    const batch = await pending;
    expect(batch.stopped?.callId).toBe('c0');
    expect(batch.results[0]!.outcome).toBe('stopped');
    expect(batch.results[1]!.outcome).toBe('success');
    expect(batch.results[2]!.outcome).toBe('cancelled');
    expect(tool.executions.map((execution) => execution.args['path'])).toEqual(['0.txt', '1.txt']);
  });

  it('an unknown tool gets an error outcome naming it and the available tools; the batch goes on', async () => {
    const { config } = machineConfig({ enableHooks: false });
    const scheduler = createToolScheduler({ config, tools: [recordingTool('write_file'), recordingTool('read_file')] });
    const batch = await scheduler.schedule([request(0, {}, 'launch_rockets'), request(1)]);
    expect(batch.results[0]).toMatchObject({
      outcome: 'error',
      result: { llmContent: 'Tool "launch_rockets" not found; available tools: write_file, read_file' },
    });
    expect(batch.results[1]!.outcome).toBe('success');
  });

  it('an abort cancels every unpublished call, kills running hook processes and aborts running tools', async () => {
    const { config } = machineConfig();
    const tool = recordingTool();
    const pidFile = scratch.file('hook.pid');
    const controller = new AbortController();
    const scheduler = createToolScheduler({ config, tools: [tool], concurrency: 4 });
    const pending = scheduler.schedule(
      [
        request(0, { scenario: { before: 'hang', pidFile } }),
        request(1, { tool: 'wait-for-abort', scenario: { before: 'none' } }),
        request(2, { scenario: { before: 'none' } }),
      ],
      controller.signal,
    );
    const pid = await waitForPid(pidFile);
    const waitingTool = () => tool.executions.find((execution) => execution.args['tool'] === 'wait-for-abort');
    await waitFor(() => waitingTool() !== undefined, 'the waiting tool to start');
    controller.abort();
    const batch = await pending;
    expect(batch.results.map((result) => result.outcome)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(batch.results[0]!.result.llmContent).toBe('Tool call "write_file" was cancelled: aborted');
    await waitFor(() => !isProcessAlive(pid), `hook ${pid} to be killed`);
    await waitFor(() => waitingTool()?.aborted === true, 'the running tool to be aborted');
    expect(scheduler.status).toBe('idle');
    expect(scheduler.activeCount).toBe(0);
    await assertNoHookProcessesAlive();
  });

  it('an already aborted signal cancels the whole batch without running anything', async () => {
    const { config } = machineConfig({ enableHooks: false });
    const tool = recordingTool();
    const controller = new AbortController();
    controller.abort();
    const batch = await createToolScheduler({ config, tools: [tool] }).schedule(
      [request(0), request(1)],
      controller.signal,
    );
    expect(batch.results.map((result) => result.outcome)).toEqual(['cancelled', 'cancelled']);
    expect(tool.executions).toHaveLength(0);
  });

  it('reports every state a call enters to onUpdate and subscribers; a throwing listener is logged and ignored', async () => {
    const { config, records } = machineConfig({ enableHooks: false });
    const fromOption: ToolCallUpdate[] = [];
    const fromSubscription: ToolCallUpdate[] = [];
    const scheduler = createToolScheduler({
      config,
      tools: [recordingTool()],
      onUpdate: (update) => fromOption.push(update),
    });
    const unsubscribe = scheduler.subscribe((update) => fromSubscription.push(update));
    scheduler.subscribe(() => {
      throw new Error('renderer crashed');
    });
    await scheduler.schedule([request(0)]);
    // Hooks are disabled here, so the call skips the hook states (HOOK-010).
    expect(fromOption.map((update) => update.state)).toEqual(['idle', 'executing', 'buffered', 'published']);
    expect(fromSubscription).toEqual(fromOption);
    expect(fromOption.at(-1)).toMatchObject({
      callId: 'c0',
      name: 'write_file',
      outcome: 'success',
      args: { path: '0.txt' },
    });
    expect(
      records.filter(
        (record) =>
          record.level === 'warn' && record.message === 'a tool-call progress listener threw: renderer crashed',
      ),
    ).toHaveLength(4);
    unsubscribe();
    await scheduler.schedule([request(1)]);
    expect(fromSubscription).toHaveLength(4);
    expect(fromOption).toHaveLength(8);
  });

  it('HOOK-029, HOOK-132: progress updates carry suppressDisplay for a suppressed result', async () => {
    const { config } = machineConfig();
    const updates: ToolCallUpdate[] = [];
    const scheduler = createToolScheduler({
      config,
      tools: [recordingTool()],
      onUpdate: (update) => updates.push(update),
    });
    const batch = await scheduler.schedule([request(0, { scenario: { after: 'suppress' } })]);
    expect(batch.results[0]!.result.suppressDisplay).toBe(true);
    expect(updates.find((update) => update.state === 'published')?.suppressDisplay).toBe(true);
  });

  it('batches scheduled at once run one after another; an empty batch resolves at once', async () => {
    const { config } = machineConfig({ enableHooks: false });
    const timeline: string[] = [];
    const tool = gatedTool((path) => timeline.push(`start ${path}`));
    const scheduler = createToolScheduler({ config, tools: [tool] });
    const first = scheduler.schedule([request(0)]).then((batch) => {
      timeline.push('first batch resolved');
      return batch;
    });
    const second = scheduler.schedule([request(1)]);
    await waitFor(() => tool.calls >= 1, 'the first batch to start');
    // Both batches were handed over in the same tick: had the second started, its call's actor would be live too.
    expect(scheduler.activeCount).toBe(1);
    expect(timeline).toEqual(['start 0.txt']);
    tool.release('0.txt');
    expect((await settlesWithin(first, 'the first batch to resolve')).results[0]!.callId).toBe('c0');
    await waitFor(() => tool.calls === 2, 'the second batch to start');
    tool.release('1.txt');
    expect((await settlesWithin(second, 'the second batch to resolve')).results[0]!.callId).toBe('c1');
    expect(timeline).toEqual(['start 0.txt', 'first batch resolved', 'start 1.txt']);
    expect(tool.maxRunning).toBe(1);
    expect(await scheduler.schedule([])).toEqual({ results: [] });
  });

  it('a call whose machine fails is answered with an error outcome naming it, never lost; the batch goes on', async () => {
    const { config, records } = machineConfig({ enableHooks: false });
    const failingMachine = toolCallMachine.provide({
      actions: {
        assignFinished: () => {
          throw new Error('action exploded');
        },
      },
    });
    const scheduler = createToolScheduler({ config, tools: [recordingTool()], toolCallMachine: failingMachine });
    const batch = await scheduler.schedule([request(0), request(1)]);
    expect(batch.results.map((result) => [result.callId, result.outcome])).toEqual([
      ['c0', 'error'],
      ['c1', 'error'],
    ]);
    expect(batch.results[0]!.result.llmContent).toBe('Tool execution failed: action exploded');
    expect(
      records.some(
        (record) =>
          record.level === 'warn' &&
          record.message === "tool call 'write_file' (c0) failed inside its machine: action exploded",
      ),
    ).toBe(true);
    expect(scheduler.activeCount).toBe(0);
    expect(scheduler.status).toBe('idle');
  });

  it('finished actors are released: no live actor between batches', async () => {
    const { config } = machineConfig({ enableHooks: false });
    const scheduler = createToolScheduler({ config, tools: [recordingTool()] });
    for (let round = 0; round < 20; round += 1) {
      await scheduler.schedule([request(round), request(round + 100)]);
      expect(scheduler.activeCount).toBe(0);
    }
  });

  it("a call starts outside the scheduler's own action: a tool that creates an XState actor as it runs makes XState (development build, as in these tests) warn about nothing", async () => {
    const own = createMachine({ context: () => ({ runs: 1 }), initial: 'ready', states: { ready: {} } });
    let created = 0;
    const tool: Tool = {
      name: 'own_machine',
      description: 'runs a machine of its own',
      parametersJsonSchema: { type: 'object', properties: {} },
      execute: async () => {
        createActor(own).start();
        created += 1;
        return { llmContent: 'ran', returnDisplay: 'ran' };
      },
    };
    const warn = vi.spyOn(console, 'warn');
    try {
      const scheduler = createToolScheduler({ config: machineConfig({ enableHooks: false }).config, tools: [tool] });
      const batch = await scheduler.schedule([request(0, {}, 'own_machine'), request(1, {}, 'own_machine')]);
      expect(batch.results.map((result) => result.outcome)).toEqual(['success', 'success']);
      expect(created).toBe(2);
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
