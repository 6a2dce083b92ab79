/**
 * The toolCall machine with real hook processes (`scripted-hook.mjs`): each row of docs/architecture.md's
 * transition table as a user sees it, the same results as `executeToolWithHooks` (HOOK-134),
 * cancellation killing the hook process and aborting the tool.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { executeToolWithHooks } from '../../src/hooks/triggers/executeToolWithHooks.js';
import type { ToolResult } from '../../src/hooks/protocol/results.js';
import type { BeforeToolDecision } from '../../src/hooks/protocol/beforeToolDecision.js';
import { runToolCall } from '../../src/machines/runToolCall.js';
import { toolCallMachine, type BeforeToolActorInput } from '../../src/machines/toolCall.machine.js';
import type { AfterBehaviour, BeforeBehaviour } from '../helpers/machineScenario.js';
import { MachineScratch, machineConfig, recordingTool, scriptedHookPath } from '../helpers/machineScenario.js';
import { waitFor, waitForPid } from '../helpers/waiting.js';
import { assertNoHookProcessesAlive, isProcessAlive } from '../helpers/processes.js';
import { tracePlanner } from '../helpers/plannerTrace.js';
import { HookEventName } from '../../src/hooks/protocol/events.js';
import {
  afterToolEffectsCommand,
  frozenToolResult,
  frozenToolResultCopy,
  resultWithAfterToolEffects,
} from '../helpers/frozen.js';

const scratch = new MachineScratch();
afterAll(() => scratch.cleanup());
afterEach(() => {
  vi.restoreAllMocks();
});

function statesOf(events: InspectionEvent[]): string[] {
  return events
    .filter(
      (event) =>
        event.type === '@xstate.snapshot' && (event.actorRef as { logic?: { id?: string } }).logic?.id === 'toolCall',
    )
    .map((event) => String((event as unknown as { snapshot: { value: unknown } }).snapshot.value));
}

async function run(
  scenario: { before?: BeforeBehaviour; after?: AfterBehaviour; tool?: string },
  extraArgs: Record<string, unknown> = {},
) {
  const { config, records } = machineConfig();
  const tool = recordingTool();
  const events: InspectionEvent[] = [];
  const args = {
    path: 'a.txt',
    scenario: { before: scenario.before, after: scenario.after },
    tool: scenario.tool,
    ...extraArgs,
  };
  const outcome = await runToolCall({
    config,
    tool,
    request: { callId: 'c1', name: 'write_file', args },
    inspect: (event) => events.push(event),
  });
  return { outcome, tool, states: statesOf(events), records, args };
}

describe('toolCall machine with real hook processes', () => {
  it('HOOK-014, HOOK-018, HOOK-025: allow runs the tool between the hooks: idle → beforeHook → executing → afterHook → buffered → published', async () => {
    const { outcome, tool, states } = await run({ before: 'allow', after: 'none' });
    expect(states).toEqual(['idle', 'beforeHook', 'executing', 'afterHook', 'buffered', 'published']);
    expect(tool.executions).toHaveLength(1);
    expect(outcome.outcome).toBe('success');
    expect(outcome.result).toEqual({ llmContent: 'write_file wrote a.txt', returnDisplay: 'wrote a.txt' });
  });

  it('HOOK-019: a modified tool_input runs the tool with the merged arguments; the outcome keeps both', async () => {
    const { outcome, tool, args } = await run({ before: 'modify' });
    expect(tool.executions).toHaveLength(1);
    expect(tool.executions[0]!.args).toEqual({ ...args, path: 'rewritten.txt', rewrittenBy: 'hook' });
    expect(outcome.args).toEqual({ ...args, path: 'rewritten.txt', rewrittenBy: 'hook' });
    expect(outcome.requestedArgs).toEqual(args);
    expect(outcome.result.llmContent).toBe('write_file wrote rewritten.txt');
  });

  it.each(['block', 'exit2'] as const)(
    'HOOK-017, HOOK-129, HOOK-130, HOOK-204: %s → buffered with outcome blocked, reason as llmContent, tool never run, hook never re-run',
    async (before) => {
      const { outcome, tool, states, records } = await run({ before });
      expect(states).toEqual(['idle', 'beforeHook', 'buffered', 'published']);
      expect(outcome.outcome).toBe('blocked');
      expect(outcome.result.llmContent).toBe(
        before === 'block' ? 'blocked by policy: write_file' : 'denied by exit code 2',
      );
      expect(outcome.result.error?.type).toBe('hook_blocked');
      expect(tool.executions).toHaveLength(0);
      expect(
        records.filter(
          (record) => record.message.startsWith('Running hook') && record.message.endsWith('for BeforeTool'),
        ),
      ).toHaveLength(1);
      expect(records.some((record) => record.message.includes('for AfterTool'))).toBe(false);
    },
  );

  it('HOOK-020: BeforeTool continue:false → buffered with outcome stopped and the stopReason; the tool never runs', async () => {
    const { outcome, tool, states } = await run({ before: 'stop' });
    expect(states).toEqual(['idle', 'beforeHook', 'buffered', 'published']);
    expect(outcome.outcome).toBe('stopped');
    expect(outcome.stopReason).toBe('BeforeTool asked the agent to stop');
    expect(outcome.result.llmContent).toContain('BeforeTool asked the agent to stop');
    expect(tool.executions).toHaveLength(0);
  });

  it('HOOK-028: AfterTool continue:false → outcome stopped after the tool ran once', async () => {
    const { outcome, tool, states } = await run({ after: 'stop' });
    expect(states).toEqual(['idle', 'beforeHook', 'executing', 'afterHook', 'buffered', 'published']);
    expect(tool.executions).toHaveLength(1);
    expect(outcome.outcome).toBe('stopped');
    expect(outcome.stopReason).toBe('AfterTool asked the agent to stop');
  });

  it('HOOK-029, HOOK-132, HOOK-149: suppressOutput sets suppressDisplay and leaves llmContent to the model', async () => {
    const { outcome } = await run({ after: 'suppress' });
    expect(outcome.outcome).toBe('success');
    expect(outcome.result).toEqual({
      llmContent: 'write_file wrote a.txt',
      returnDisplay: 'wrote a.txt',
      suppressDisplay: true,
    });
  });

  it('HOOK-027, HOOK-030, HOOK-131: additionalContext and systemMessage are appended to llmContent', async () => {
    expect((await run({ after: 'context' })).outcome.result.llmContent).toBe(
      'write_file wrote a.txt\n\ncontext added by the AfterTool hook',
    );
    expect((await run({ after: 'systemMessage' })).outcome.result.llmContent).toBe(
      'write_file wrote a.txt\n\n[System] note from the AfterTool hook',
    );
  });

  it('HOOK-023, HOOK-031, HOOK-209: failing hooks fail open: the tool runs; only the BeforeTool warning joins its result', async () => {
    const { outcome, tool, records } = await run({ before: 'fail', after: 'fail' });
    expect(tool.executions).toHaveLength(1);
    expect(outcome).toMatchObject({
      outcome: 'success',
      result: {
        llmContent: 'write_file wrote a.txt\n\n[System] Warning: BeforeTool hook crashed on purpose',
        returnDisplay: 'wrote a.txt',
      },
    });
    expect(records.filter((record) => record.level === 'warn' && /exit code 1/.test(record.message))).toHaveLength(2);
  });

  it('HOOK-025, HOOK-026: a tool that throws goes to afterHook with an error result (outcome error); AfterTool still fires', async () => {
    const { outcome, states, records } = await run({ after: 'context', tool: 'throw' });
    expect(states).toEqual(['idle', 'beforeHook', 'executing', 'afterHook', 'buffered', 'published']);
    expect(outcome.outcome).toBe('error');
    expect(outcome.result.llmContent).toBe(
      'Tool execution failed: write_file exploded\n\ncontext added by the AfterTool hook',
    );
    expect(records.some((record) => record.message.startsWith("AfterTool fired for 'write_file'"))).toBe(true);
  });

  it('HOOK-217: with an AfterTool hook only, the deep-frozen result the tool returned stays unchanged and the published result is a new one carrying the effects', async () => {
    const { config, records } = machineConfig({
      hooks: { AfterTool: [{ hooks: [{ type: 'command', command: afterToolEffectsCommand }] }] },
    });
    const original = frozenToolResult();
    const events: InspectionEvent[] = [];
    const outcome = await runToolCall({
      config,
      tool: { name: 'write_file', execute: async () => original },
      request: { callId: 'frozen', name: 'write_file', args: { path: 'a.txt' } },
      inspect: (event) => events.push(event),
    });
    expect(statesOf(events)).toEqual(['idle', 'beforeHook', 'executing', 'afterHook', 'buffered', 'published']);
    expect(outcome.outcome).toBe('success');
    expect(outcome.result).not.toBe(original);
    expect(outcome.result).toEqual(resultWithAfterToolEffects);
    expect(original).toEqual(frozenToolResultCopy());
    expect(records.filter((record) => record.level === 'warn')).toEqual([]);
  });

  it('a tool returning a malformed result is an error outcome naming the tool', async () => {
    const { config } = machineConfig({ enableHooks: false });
    const outcome = await runToolCall({
      config,
      tool: { name: 'broken', execute: async () => 'not a result' as unknown as ToolResult },
      request: { callId: 'x', name: 'broken', args: {} },
    });
    expect(outcome.outcome).toBe('error');
    expect(outcome.result.llmContent).toContain('Tool "broken" returned an invalid result');
  });

  it('an unknown tool is an error outcome listing the available tools; no hook runs', async () => {
    const { config, records } = machineConfig();
    const events: InspectionEvent[] = [];
    const outcome = await runToolCall({
      config,
      tool: undefined,
      availableToolNames: ['read_file', 'write_file'],
      request: { callId: 'u', name: 'delete_everything', args: {} },
      inspect: (event) => events.push(event),
    });
    expect(statesOf(events)).toEqual(['idle', 'buffered', 'published']);
    expect(outcome.outcome).toBe('error');
    expect(outcome.result.llmContent).toBe(
      'Tool "delete_everything" not found; available tools: read_file, write_file',
    );
    expect(records.some((record) => record.message.startsWith('Running hook'))).toBe(false);
  });

  it('HOOK-134: the machine publishes exactly what executeToolWithHooks returns, scenario by scenario', async () => {
    const scenarios: Array<{ before?: BeforeBehaviour; after?: AfterBehaviour; tool?: string }> = [
      { before: 'allow', after: 'none' },
      { before: 'modify', after: 'context' },
      { before: 'block' },
      { before: 'exit2' },
      { before: 'stop' },
      { after: 'stop' },
      { after: 'suppress' },
      { after: 'systemMessage', tool: 'fail-result' },
      { after: 'context', tool: 'throw' },
    ];
    for (const scenario of scenarios) {
      const { config } = machineConfig();
      const args = { path: 'a.txt', scenario: { before: scenario.before, after: scenario.after }, tool: scenario.tool };
      const tool = recordingTool();
      const viaMachine = await runToolCall({ config, tool, request: { callId: 'm', name: 'write_file', args } });
      const viaWrapper = await executeToolWithHooks(config, 'write_file', args, (input) =>
        tool.execute(input, { signal: new AbortController().signal }),
      );
      expect(viaMachine.result, JSON.stringify(scenario)).toEqual(viaWrapper);
    }
  });

  it.each(['beforeHook', 'afterHook'] as const)(
    'CANCEL in %s kills the running hook process and ends cancelled',
    async (state) => {
      const { config } = machineConfig();
      const pidFile = scratch.file('hook.pid');
      const tool = recordingTool();
      const controller = new AbortController();
      const scenario = state === 'beforeHook' ? { before: 'hang', pidFile } : { after: 'hang', pidFile };
      const pending = runToolCall({
        config,
        tool,
        signal: controller.signal,
        request: { callId: 'k', name: 'write_file', args: { path: 'a.txt', scenario } },
      });
      const pid = await waitForPid(pidFile);
      expect(isProcessAlive(pid)).toBe(true);
      controller.abort();
      const outcome = await pending;
      expect(outcome.outcome).toBe('cancelled');
      expect(outcome.result.llmContent).toBe('Tool call "write_file" was cancelled: aborted');
      await waitFor(() => !isProcessAlive(pid), `hook process ${pid} to die`);
      expect(tool.executions).toHaveLength(state === 'beforeHook' ? 0 : 1);
      await assertNoHookProcessesAlive();
    },
  );

  it("CANCEL while executing aborts the tool's signal", async () => {
    const { config } = machineConfig({ enableHooks: false });
    const tool = recordingTool();
    const actor = createActor(toolCallMachine, {
      input: { config, tool, request: { callId: 'e', name: 'write_file', args: { tool: 'wait-for-abort' } } },
    });
    actor.start();
    actor.send({ type: 'START' });
    await waitFor(() => tool.executions.length === 1, 'the tool to start');
    expect(actor.getSnapshot().value).toBe('executing');
    actor.send({ type: 'CANCEL', reason: 'user pressed Ctrl-C' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().output?.result.llmContent).toBe(
      'Tool call "write_file" was cancelled: user pressed Ctrl-C',
    );
    await waitFor(() => tool.executions[0]!.aborted, "the tool's signal to abort");
  });

  it('HOOK-002, HOOK-010, HOOK-013: with hooks disabled START goes straight to executing and the result to buffered, unchanged', async () => {
    const { config } = machineConfig({ enableHooks: false });
    const events: InspectionEvent[] = [];
    const tool = recordingTool();
    const outcome = await runToolCall({
      config,
      tool,
      request: { callId: 'd', name: 'write_file', args: { path: 'a.txt' } },
      inspect: (event) => events.push(event),
    });
    expect(statesOf(events)).toEqual(['idle', 'executing', 'buffered', 'published']);
    expect(outcome).toMatchObject({
      outcome: 'success',
      result: { llmContent: 'write_file wrote a.txt', returnDisplay: 'wrote a.txt' },
    });
    expect(config.getHookSystem()).toBeUndefined();
    const failing = await runToolCall({
      config,
      tool,
      request: { callId: 'e', name: 'write_file', args: { tool: 'throw' } },
    });
    expect(failing).toMatchObject({
      outcome: 'error',
      result: { llmContent: 'Tool execution failed: write_file exploded' },
    });
  });

  it('HOOK-012, HOOK-013: once initialised, a tool no hook matches skips the hook states, planned once; a matching tool does not, and its fire runs the plan the guard made', async () => {
    const hook = { type: 'command' as const, command: `node '${scriptedHookPath}'` };
    const { config, records } = machineConfig({ hooks: { BeforeTool: [{ matcher: '^write_file$', hooks: [hook] }] } });
    const events: InspectionEvent[] = [];
    await runToolCall({ config, tool: recordingTool(), request: { callId: 'w', name: 'write_file', args: {} } });
    const trace = tracePlanner();
    const other = recordingTool('read_file');
    await runToolCall({
      config,
      tool: other,
      request: { callId: 'r', name: 'read_file', args: {} },
      inspect: (event) => events.push(event),
    });
    expect(statesOf(events)).toEqual(['idle', 'executing', 'buffered', 'published']);
    expect(other.executions).toHaveLength(1);
    expect(records.filter((record) => record.message.startsWith('Running hook'))).toHaveLength(1);
    // The guard's one plan of the call, and no fire.
    expect(trace).toEqual({ selections: [HookEventName.BeforeTool], fires: [] });

    trace.selections.length = 0;
    const blocked = await runToolCall({
      config,
      tool: recordingTool(),
      request: { callId: 'b', name: 'write_file', args: { path: 'a.txt', scenario: { before: 'block' } } },
    });
    expect(blocked.outcome).toBe('blocked');
    // The guard selected the BeforeTool hooks; the fire ran that selection without matching again.
    expect(trace).toEqual({
      selections: [HookEventName.BeforeTool],
      fires: [{ eventName: HookEventName.BeforeTool, hookCount: 1 }],
    });
  });

  it('HOOK-012: once initialised, a call whose only hook fails its `if` skips the hook states, as executeToolWithHooks does', async () => {
    const hook = {
      type: 'command' as const,
      command: `node '${scriptedHookPath}'`,
      if: 'run_shell_command(git push*)',
    };
    const { config, records } = machineConfig({
      hooks: { BeforeTool: [{ matcher: '^run_shell_command$', hooks: [hook] }] },
    });
    const shell = recordingTool('run_shell_command');
    await runToolCall({
      config,
      tool: shell,
      request: { callId: 'p', name: 'run_shell_command', args: { command: 'git push origin main' } },
    });
    expect(records.filter((record) => record.message.startsWith('Running hook'))).toHaveLength(1);
    const events: InspectionEvent[] = [];
    await runToolCall({
      config,
      tool: shell,
      request: { callId: 's', name: 'run_shell_command', args: { command: 'git status' } },
      inspect: (event) => events.push(event),
    });
    expect(statesOf(events)).toEqual(['idle', 'executing', 'buffered', 'published']);
    expect(shell.executions).toHaveLength(2);
    expect(records.filter((record) => record.message.startsWith('Running hook'))).toHaveLength(1);
  });

  it('an already aborted signal cancels the call before any hook runs', async () => {
    const { config, records } = machineConfig();
    const controller = new AbortController();
    controller.abort();
    const outcome = await runToolCall({
      config,
      tool: recordingTool(),
      signal: controller.signal,
      request: { callId: 'a', name: 'write_file', args: {} },
    });
    expect(outcome.outcome).toBe('cancelled');
    expect(records.some((record) => record.message.startsWith('Running hook'))).toBe(false);
  });

  it('implementations are named and swappable with provide(): a failing trigger fails open with a warning naming the tool', async () => {
    const { config, records } = machineConfig();
    const machine = toolCallMachine.provide({
      actors: {
        beforeToolHook: fromPromise<BeforeToolDecision, BeforeToolActorInput>(async () => {
          throw new Error('registry exploded');
        }),
      },
    });
    const outcome = await runToolCall({
      config,
      machine,
      tool: recordingTool(),
      request: { callId: 'p', name: 'write_file', args: { path: 'b' } },
    });
    expect(outcome.outcome).toBe('success');
    expect(
      records.find((record) => record.level === 'warn' && record.namespace.endsWith('machines:toolCall'))?.message,
    ).toBe("BeforeTool step for 'write_file' failed, continuing as if no hook ran: registry exploded");
  });
});
