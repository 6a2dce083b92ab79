import { afterAll, describe, expect, it } from 'vitest';
import { Config, HookEventName } from '../../../src/index.js';
import {
  connectHookMessageBus,
  MessageBus,
  MessageBusType,
  requestHookExecution,
  type HookBusMessage,
} from '../../../src/engine.js';
import { commandGroup, hookConfig, Scratch, systemFixture } from '../../helpers/systemFixtures.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

const guardCommand = `sh "${systemFixture('guard-shell.sh')}"`;
const empty = { success: true, finalOutput: undefined, allOutputs: [], errors: [], totalDuration: 0 };

describe('hook message bus', () => {
  it('a HOOK_EXECUTION_REQUEST fires the event through real hooks and the response carries the same correlation id', async () => {
    const bus = new MessageBus();
    const { config } = hookConfig({ BeforeTool: [commandGroup(guardCommand)] });
    connectHookMessageBus(bus, config);
    const seen: HookBusMessage[] = [];
    bus.subscribe(MessageBusType.HOOK_EXECUTION_RESPONSE, (message) => seen.push(message));
    const response = await requestHookExecution(
      bus,
      HookEventName.BeforeTool,
      { tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } },
      { correlationId: 'req-1' },
    );
    expect(response.type).toBe(MessageBusType.HOOK_EXECUTION_RESPONSE);
    expect(response.correlationId).toBe('req-1');
    expect(response.error).toBeUndefined();
    expect(response.result.finalOutput?.isBlockingDecision()).toBe(true);
    expect(response.result.finalOutput?.getEffectiveReason()).toBe('Refusing to run rm -rf: destructive command');
    expect(seen).toEqual([response]);
  });

  it('concurrent requests are answered by correlation id, each with its own result', async () => {
    const bus = new MessageBus();
    const capture = scratch.file('bus.log');
    const { config } = hookConfig({
      BeforeAgent: [commandGroup(scratch.respond({ capture, stdout: { systemMessage: 'agent' } }))],
      SessionStart: [commandGroup(scratch.respond({ capture, stdout: { systemMessage: 'session' } }))],
    });
    connectHookMessageBus(bus, config);
    const [agent, session] = await Promise.all([
      requestHookExecution(bus, HookEventName.BeforeAgent, { prompt: 'hello' }),
      requestHookExecution(bus, HookEventName.SessionStart, { source: 'resume' }),
    ]);
    expect(agent.correlationId).not.toBe(session.correlationId);
    expect(agent.result.finalOutput?.systemMessage).toBe('agent');
    expect(session.result.finalOutput?.systemMessage).toBe('session');
    expect(
      readJsonLines(capture)
        .map((input) => input['hook_event_name'])
        .sort(),
    ).toEqual(['BeforeAgent', 'SessionStart']);
  });

  it('model events take SDK objects in the payload and are translated for the hook', async () => {
    const bus = new MessageBus();
    const capture = scratch.file('bus-model.log');
    const { config } = hookConfig({ BeforeModel: [commandGroup(scratch.respond({ capture }))] });
    connectHookMessageBus(bus, config);
    const response = await requestHookExecution(bus, HookEventName.BeforeModel, {
      llm_request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    });
    expect(response.error).toBeUndefined();
    expect(readJsonLines(capture)[0]['llm_request']).toEqual({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('an unknown event name is refused with an error naming the known events, and a warning', async () => {
    const bus = new MessageBus();
    const { config, records } = hookConfig({});
    connectHookMessageBus(bus, config);
    const response = await requestHookExecution(bus, 'PostToolUse' as HookEventName, {});
    expect(response.result).toEqual(empty);
    expect(response.error).toContain('unknown hook event "PostToolUse"');
    expect(response.error).toContain('AfterTool');
    expect(records.some((record) => record.level === 'warn' && record.message.includes('PostToolUse'))).toBe(true);
  });

  it('a malformed payload is refused with an error naming the field, without spawning', async () => {
    const bus = new MessageBus();
    const { command, logFile } = scratch.logEvent();
    const { config } = hookConfig({ AfterTool: [commandGroup(command)] });
    connectHookMessageBus(bus, config);
    const response = await requestHookExecution(bus, HookEventName.AfterTool, { tool_name: 'write_file' });
    expect(response.error).toBe('payload.tool_response must be an object');
    expect(response.result).toEqual(empty);
    expect(readJsonLines(logFile)).toEqual([]);
  });

  it('with hooks disabled the response says so; without a subscriber or past the timeout the requester still gets an answer', async () => {
    const bus = new MessageBus();
    expect(await requestHookExecution(bus, HookEventName.SessionEnd, { reason: 'exit' })).toMatchObject({
      result: empty,
      error: 'no subscriber handles hook execution requests on this bus',
    });
    const disconnect = connectHookMessageBus(bus, new Config({ enableHooks: false }));
    expect(await requestHookExecution(bus, HookEventName.SessionEnd, { reason: 'exit' })).toMatchObject({
      result: empty,
      error: 'hooks are disabled (enableHooks is false)',
    });
    disconnect();
    expect(bus.listenerCount(MessageBusType.HOOK_EXECUTION_REQUEST)).toBe(0);
    bus.subscribe(MessageBusType.HOOK_EXECUTION_REQUEST, () => {});
    const silent = await requestHookExecution(bus, HookEventName.SessionEnd, { reason: 'exit' }, { timeoutMs: 20 });
    expect(silent.error).toBe('no response within 20 ms');
    expect(bus.listenerCount(MessageBusType.HOOK_EXECUTION_RESPONSE)).toBe(0);
  });

  it('a listener that throws does not keep a message from the others', () => {
    const bus = new MessageBus();
    const received: string[] = [];
    bus.subscribe(MessageBusType.HOOK_EXECUTION_RESPONSE, () => {
      throw new Error('broken listener');
    });
    bus.subscribe(MessageBusType.HOOK_EXECUTION_RESPONSE, (message) => received.push(message.correlationId));
    bus.publish({ type: MessageBusType.HOOK_EXECUTION_RESPONSE, correlationId: 'c', result: empty });
    expect(received).toEqual(['c']);
  });
});
