import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { executeToolWithHooks } from '../../src/hooks/triggers/executeToolWithHooks.js';
import type { AskUserCallback } from '../../src/hooks/protocol/askUser.js';
import { runToolCall } from '../../src/machines/runToolCall.js';
import {
  MachineScratch,
  machineConfig,
  recordingTool,
  scriptedAskUser,
  scriptedHookCommand,
  scriptedHookSettings,
  type AskAnswerBehaviour,
  type BeforeBehaviour,
} from '../helpers/machineScenario.js';
import { waitFor } from '../helpers/waiting.js';
import { assertNoHookProcessesAlive } from '../helpers/processes.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = new MachineScratch();
afterAll(() => scratch.cleanup());

const logEventHook = fileURLToPath(new URL('../fixtures/hooks/system/log-event.sh', import.meta.url));

function statesOf(events: InspectionEvent[]): string[] {
  return events
    .filter(
      (event) =>
        event.type === '@xstate.snapshot' && (event.actorRef as { logic?: { id?: string } }).logic?.id === 'toolCall',
    )
    .map((event) => String((event as unknown as { snapshot: { value: unknown } }).snapshot.value));
}

interface AskRun {
  before?: BeforeBehaviour;
  answer?: AskAnswerBehaviour;
  onAskUser?: AskUserCallback | 'none';
  askUserTimeout?: number;
  notificationLog?: string;
}

function askConfig(options: AskRun) {
  const askUser = scriptedAskUser();
  const hooks = scriptedHookSettings();
  if (options.notificationLog)
    hooks.Notification = [
      { hooks: [{ type: 'command', command: `sh '${logEventHook}' '${options.notificationLog}'` }] },
    ];
  const onAskUser = options.onAskUser === 'none' ? undefined : (options.onAskUser ?? askUser);
  const { config, records } = machineConfig({ hooks, onAskUser, askUserTimeout: options.askUserTimeout });
  return { config, records, askUser };
}

async function run(options: AskRun) {
  const { config, records, askUser } = askConfig(options);
  const tool = recordingTool();
  const events: InspectionEvent[] = [];
  const scenario =
    options.answer === undefined
      ? { before: options.before ?? 'ask' }
      : { before: options.before ?? 'ask', answer: options.answer };
  const args = { path: 'a.txt', scenario };
  const outcome = await runToolCall({
    config,
    tool,
    request: { callId: 'c1', name: 'write_file', args },
    inspect: (event) => events.push(event),
  });
  return { outcome, tool, states: statesOf(events), records, askUser, args };
}

describe('toolCall machine: a hook asks', () => {
  it('allowed by onAskUser: idle → beforeHook → asking → executing → afterHook → buffered → published; the request names tool, arguments, reason, hook and call', async () => {
    const { outcome, tool, states, askUser, args } = await run({ answer: 'allow' });
    expect(states).toEqual(['idle', 'beforeHook', 'asking', 'executing', 'afterHook', 'buffered', 'published']);
    expect(tool.executions).toHaveLength(1);
    expect(outcome.outcome).toBe('success');
    expect(outcome.result.llmContent).toBe('write_file wrote a.txt');
    expect(askUser.calls).toHaveLength(1);
    expect(askUser.calls[0]!.request).toMatchObject({
      toolName: 'write_file',
      toolInput: args,
      reason: 'confirm the call to write_file',
      hookName: scriptedHookCommand,
      callId: 'c1',
    });
    expect(outcome.asked).toEqual({
      reason: 'confirm the call to write_file',
      hookNames: [scriptedHookCommand],
      decision: 'allow',
      answeredBy: 'onAskUser',
    });
  });

  it('denied: asking → buffered with outcome blocked (error type ask_denied); the tool never runs and the model reads why', async () => {
    const { outcome, tool, states } = await run({ answer: 'deny' });
    expect(states).toEqual(['idle', 'beforeHook', 'asking', 'buffered', 'published']);
    expect(tool.executions).toHaveLength(0);
    expect(outcome.outcome).toBe('blocked');
    expect(outcome.result.error?.type).toBe('ask_denied');
    expect(outcome.result.llmContent).toBe(
      'Permission to run write_file was denied: the user said no (the hook asked: confirm the call to write_file)',
    );
    expect(outcome.asked).toMatchObject({ decision: 'deny', answeredBy: 'onAskUser' });
  });

  it('a deny with a reason: the model reads the reason the host gave', async () => {
    const { outcome } = await run({ answer: { decision: 'deny', reason: 'not on a Friday' } });
    expect(outcome.outcome).toBe('blocked');
    expect(outcome.result.llmContent).toBe('Permission to run write_file was denied: not on a Friday');
    expect(outcome.asked).toMatchObject({
      decision: 'deny',
      decisionReason: 'not on a Friday',
      answeredBy: 'onAskUser',
    });
  });

  it("HOOK-169: Claude Code's permissionDecision ask asks with its permissionDecisionReason", async () => {
    const { outcome, states, askUser } = await run({ before: 'ask-claude', answer: 'allow' });
    expect(states).toContain('asking');
    expect(outcome.outcome).toBe('success');
    expect(askUser.calls[0]!.request.reason).toBe('Claude-style hook asks about write_file');
  });

  it.each(['ask', 'ask-claude'] as const)(
    'HOOK-182: without onAskUser, %s is not a block: the call proceeds without asking',
    async (before) => {
      const { outcome, tool, states } = await run({ before, onAskUser: 'none' });
      expect(states).toEqual(['idle', 'beforeHook', 'executing', 'afterHook', 'buffered', 'published']);
      expect(tool.executions).toHaveLength(1);
      expect(outcome.outcome).toBe('success');
      expect(outcome.asked).toBeUndefined();
    },
  );

  it('a callback that throws denies the call with a reason naming the failure, and one warning', async () => {
    const { outcome, tool, records } = await run({ answer: 'throw' });
    expect(tool.executions).toHaveLength(0);
    expect(outcome.outcome).toBe('blocked');
    expect(outcome.result.llmContent).toBe(
      'Permission to run write_file was denied: onAskUser failed, so the call is denied: it threw: the ask callback crashed on purpose',
    );
    expect(outcome.asked).toMatchObject({ decision: 'deny', answeredBy: 'failure' });
    expect(
      records.filter((record) => record.level === 'warn' && record.message.includes('onAskUser failed')),
    ).toHaveLength(1);
  });

  it('a callback that hangs past askUserTimeout denies the call naming the bound, and its request signal aborts', async () => {
    const { outcome, askUser } = await run({ answer: 'hang', askUserTimeout: 150 });
    expect(outcome.outcome).toBe('blocked');
    expect(outcome.result.error?.message).toBe('onAskUser failed, so the call is denied: no answer within 150 ms');
    await waitFor(() => askUser.calls[0]?.aborted === true, 'the hanging callback to see its signal abort');
  });

  it('an answer that is neither allow nor deny denies the call and quotes the answer', async () => {
    const { outcome } = await run({ answer: { decision: 'maybe' } });
    expect(outcome.outcome).toBe('blocked');
    expect(outcome.result.error?.message).toBe(
      'onAskUser failed, so the call is denied: it answered {"decision":"maybe"}, expected "allow" or "deny"',
    );
  });

  it('a synchronous callback that throws is a failure too, not a crash', async () => {
    const { outcome } = await run({
      onAskUser: () => {
        throw new Error('sync boom');
      },
    });
    expect(outcome.outcome).toBe('blocked');
    expect(outcome.result.error?.message).toBe('onAskUser failed, so the call is denied: it threw: sync boom');
  });

  it('cancelling while asking ends the call cancelled and aborts the request, so a prompt can close', async () => {
    const { config, askUser } = askConfig({});
    const controller = new AbortController();
    const pending = runToolCall({
      config,
      tool: recordingTool(),
      request: {
        callId: 'c1',
        name: 'write_file',
        args: { path: 'a.txt', scenario: { before: 'ask', answer: 'hang' } },
      },
      signal: controller.signal,
    });
    await waitFor(() => askUser.calls.length === 1, 'onAskUser to be asked');
    controller.abort();
    const outcome = await pending;
    expect(outcome.outcome).toBe('cancelled');
    await waitFor(() => askUser.calls[0]!.aborted, "the request's signal to abort");
    await assertNoHookProcessesAlive();
  });

  it('a Notification (ToolPermission) fires while the question is open, with the tool, its arguments and the reason', async () => {
    const notificationLog = scratch.file('notification.jsonl');
    const seenWhileAsking: number[] = [];
    const onAskUser: AskUserCallback = async () => {
      await waitFor(() => readJsonLines(notificationLog).length > 0, 'the Notification hook to run');
      seenWhileAsking.push(readJsonLines(notificationLog).length);
      return 'allow' as const;
    };
    const { outcome, args } = await run({ onAskUser, notificationLog });
    expect(outcome.outcome).toBe('success');
    expect(seenWhileAsking).toEqual([1]);
    const [notification] = readJsonLines(notificationLog);
    expect(notification).toMatchObject({
      hook_event_name: 'Notification',
      notification_type: 'ToolPermission',
      message: 'Tool write_file needs your permission: confirm the call to write_file',
      details: {
        tool_name: 'write_file',
        tool_input: args,
        reason: 'confirm the call to write_file',
        hook_names: [scriptedHookCommand],
      },
    });
  });

  it('HOOK-182: no Notification fires when there is no onAskUser (no one is asked)', async () => {
    const notificationLog = scratch.file('notification.jsonl');
    const { outcome } = await run({ onAskUser: 'none', notificationLog });
    expect(outcome.outcome).toBe('success');
    expect(readJsonLines(notificationLog)).toEqual([]);
  });
});

describe('executeToolWithHooks follows the same ask step (HOOK-134)', () => {
  it.each([
    { before: 'ask', answer: 'allow' },
    { before: 'ask', answer: 'deny' },
    { before: 'ask-claude', answer: { decision: 'deny', reason: 'no' } },
    { before: 'ask', answer: 'throw' },
  ] as Array<{ before: BeforeBehaviour; answer: AskAnswerBehaviour }>)(
    "HOOK-134: $before answered $answer gives the machine's result",
    async ({ before, answer }) => {
      const machine = await run({ before, answer });
      const { config } = askConfig({});
      const tool = recordingTool();
      const result = await executeToolWithHooks(config, 'write_file', machine.args, (toolArgs) =>
        tool.execute(toolArgs, { signal: new AbortController().signal }),
      );
      expect(result).toEqual(machine.outcome.result);
      expect(tool.executions).toHaveLength(machine.tool.executions.length);
    },
  );

  it('HOOK-182: without onAskUser an ask proceeds in executeToolWithHooks too', async () => {
    const { config } = askConfig({ onAskUser: 'none' });
    const tool = recordingTool();
    const args = { path: 'a.txt', scenario: { before: 'ask' } };
    const result = await executeToolWithHooks(config, 'write_file', args, (toolArgs) =>
      tool.execute(toolArgs, { signal: new AbortController().signal }),
    );
    expect(result.llmContent).toBe('write_file wrote a.txt');
  });

  it('concurrent asks of one Config outside a scheduler are asked one at a time', async () => {
    const log: string[] = [];
    let open = 0;
    let maxOpen = 0;
    const onAskUser: AskUserCallback = async (request) => {
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      log.push(`start ${String(request.toolInput['path'])}`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      log.push(`end ${String(request.toolInput['path'])}`);
      open -= 1;
      return 'allow' as const;
    };
    const { config } = askConfig({ onAskUser });
    const tool = recordingTool();
    const execute = (toolArgs: Record<string, unknown>) =>
      tool.execute(toolArgs, { signal: new AbortController().signal });
    const results = await Promise.all(
      ['a.txt', 'b.txt', 'c.txt'].map((path) =>
        executeToolWithHooks(config, 'write_file', { path, scenario: { before: 'ask' } }, execute),
      ),
    );
    expect(results.map((result) => result.llmContent)).toEqual([
      'write_file wrote a.txt',
      'write_file wrote b.txt',
      'write_file wrote c.txt',
    ]);
    expect(maxOpen).toBe(1);
    expect(log).toHaveLength(6);
    for (let index = 0; index < log.length; index += 2) {
      expect(log[index]!.replace('start ', '')).toBe(log[index + 1]!.replace('end ', ''));
    }
  });
});
