import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FunctionCallingConfigMode, type Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { Config, runAgent, type AgentEvent } from '../../src/index.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { FakeContentGenerator, callsTurn, textTurn } from '../helpers/modelFakeGenerator.js';
import { useModelHookSandbox, commandGroup, modelHookConfig, recordedInputs } from '../helpers/modelHooks.js';
import { readJsonLines } from '../helpers/jsonLines.js';

function partsOf(content: Content | undefined): unknown[] {
  return content?.parts ?? [];
}

/** One prompt on `hookStdout` answering `eventName`, a model that calls read_file once: the result and the events. */
async function stopRun(
  sandbox: ReturnType<typeof useModelHookSandbox>,
  eventName: string,
  hookStdout: Record<string, unknown>,
) {
  const hook = sandbox.respond({ stdout: hookStdout });
  const { config } = modelHookConfig({ [eventName]: commandGroup(hook.command) });
  const generator = new FakeContentGenerator([callsTurn([{ name: 'read_file' }]), textTurn('never')]);
  const events: AgentEvent[] = [];
  const result = await runAgent('hi', {
    config,
    generator,
    tools: [recordingTool('read_file')],
    onEvent: (event) => events.push(event),
  });
  return { result, events, generator };
}

describe('runAgent with real hook scripts', () => {
  const sandbox = useModelHookSandbox();

  it('HOOK-040: a BeforeModel continue:false ends the run stopped with its stopReason', async () => {
    const hook = sandbox.respond({ stdout: { continue: false, stopReason: 'budget exhausted' } });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(hook.command) });
    const generator = new FakeContentGenerator([textTurn('never')]);
    const events: AgentEvent[] = [];

    const result = await runAgent('hi', { config, generator, tools: [], onEvent: (event) => events.push(event) });

    expect(result.status).toBe('stopped');
    expect(result.stopReason).toBe('budget exhausted');
    expect(generator.streamsOpened).toBe(0);
    expect(events).toContainEqual({ type: 'stopped', turn: 1, reason: 'budget exhausted' });
  });

  it('HOOK-040, HOOK-020: a continue:false without a stopReason ends the run stopped with "No reason provided"', async () => {
    for (const eventName of ['BeforeModel', 'BeforeTool'] as const) {
      const { result, events } = await stopRun(sandbox, eventName, { continue: false });
      expect(result).toMatchObject({ status: 'stopped', stopReason: 'No reason provided' });
      // Stopped before the model answered (BeforeModel) there is no answer and no call.
      if (eventName === 'BeforeModel') expect(result).toMatchObject({ finalText: '', toolCalls: [], turns: 1 });
      expect(events).toContainEqual({ type: 'stopped', turn: 1, reason: 'No reason provided' });
    }
  });

  it('HOOK-058: a BeforeToolSelection continue:false ends the run stopped', async () => {
    const hook = sandbox.respond({ stdout: { continue: false, stopReason: 'no tools today' } });
    const { config } = modelHookConfig({ BeforeToolSelection: commandGroup(hook.command) });
    const generator = new FakeContentGenerator([textTurn('never')]);

    const result = await runAgent('hi', { config, generator, tools: [recordingTool('read_file')] });

    expect(result.status).toBe('stopped');
    expect(result.stopReason).toBe('no tools today');
    expect(generator.streamsOpened).toBe(0);
  });

  it('HOOK-048: an AfterModel continue:false ends the run stopped; the stop response is the final text and no tool runs', async () => {
    const hook = sandbox.respond({ stdout: { continue: false, stopReason: 'unsafe plan' } });
    const { config } = modelHookConfig({ AfterModel: commandGroup(hook.command) });
    const readFile = recordingTool('read_file');
    const generator = new FakeContentGenerator([callsTurn([{ name: 'read_file' }], 'I will read')]);

    const result = await runAgent('hi', { config, generator, tools: [readFile] });

    expect(result.status).toBe('stopped');
    expect(result.stopReason).toBe('unsafe plan');
    expect(result.finalText).toContain('unsafe plan');
    expect(readFile.calls).toHaveLength(0);
  });

  it('HOOK-020, HOOK-028: a BeforeTool or AfterTool continue:false ends the run stopped with its stopReason', async () => {
    for (const eventName of ['BeforeTool', 'AfterTool'] as const) {
      const { result, events, generator } = await stopRun(sandbox, eventName, {
        continue: false,
        stopReason: `${eventName} says stop`,
      });

      expect(result.status).toBe('stopped');
      expect(result.stopReason).toBe(`${eventName} says stop`);
      expect(events).toContainEqual({ type: 'stopped', turn: 1, reason: `${eventName} says stop` });
      expect(generator.streamsOpened).toBe(1);
      // The stopped call is still answered in the history: no call is lost.
      expect(partsOf(result.history[2])).toHaveLength(1);
    }
  });

  it('a BeforeTool block reaches the model as an error function response and the run goes on', async () => {
    const hook = sandbox.respond({ stdout: { decision: 'block', reason: 'rm is not allowed' } });
    const { config } = modelHookConfig({ BeforeTool: commandGroup(hook.command) });
    const shell = recordingTool('run_shell_command');
    const generator = new FakeContentGenerator([
      callsTurn([{ name: 'run_shell_command', args: { command: 'rm -rf build' }, id: 'c1' }]),
      textTurn('Understood, I will not delete it.'),
    ]);

    const result = await runAgent('clean up', { config, generator, tools: [shell] });

    expect(result.status).toBe('completed');
    expect(shell.calls).toHaveLength(0);
    expect(result.toolCalls[0].outcome).toBe('blocked');
    expect(partsOf((generator.requests[1].contents as Content[])[2])).toEqual([
      { functionResponse: { id: 'c1', name: 'run_shell_command', response: { error: 'rm is not allowed' } } },
    ]);
  });

  it('HOOK-036, HOOK-138: a BeforeModel synthetic response is the answer: the run completes with it and opens no stream', async () => {
    const hook = sandbox.respond({
      stdout: {
        decision: 'block',
        reason: 'cached',
        hookSpecificOutput: {
          llm_response: { candidates: [{ content: { role: 'model', parts: ['From the cache.'] } }] },
        },
      },
    });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(hook.command) });
    const generator = new FakeContentGenerator([textTurn('from the model')]);
    const events: AgentEvent[] = [];

    const result = await runAgent('hi', { config, generator, tools: [], onEvent: (event) => events.push(event) });

    expect(result.status).toBe('completed');
    expect(result.finalText).toBe('From the cache.');
    expect(generator.streamsOpened).toBe(0);
    expect(events).toContainEqual({ type: 'model_blocked', turn: 1, reason: 'cached' });
  });

  it('HOOK-037, HOOK-202: a BeforeModel block without a response completes with no model output', async () => {
    const hook = sandbox.respond({ stdout: { decision: 'block', reason: 'quiet hours' } });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(hook.command) });
    const generator = new FakeContentGenerator([textTurn('from the model')]);

    const result = await runAgent('hi', { config, generator, tools: [] });

    expect(result.status).toBe('completed');
    expect(result.finalText).toBe('');
    expect(result.history).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
    expect(generator.streamsOpened).toBe(0);
  });

  it('HOOK-057: with mode NONE a function call the model makes anyway is not run; the model is told why', async () => {
    const hook = sandbox.respond({ stdout: { hookSpecificOutput: { toolConfig: { mode: 'NONE' } } } });
    const { config } = modelHookConfig({ BeforeToolSelection: commandGroup(hook.command) });
    const writeFile = recordingTool('write_file');
    const generator = new FakeContentGenerator([
      callsTurn([{ name: 'write_file', args: { path: 'x' } }]),
      textTurn('ok'),
    ]);

    const result = await runAgent('hi', { config, generator, tools: [writeFile] });

    expect(generator.requests[0].config?.toolConfig?.functionCallingConfig?.mode).toBe(FunctionCallingConfigMode.NONE);
    expect(writeFile.calls).toHaveLength(0);
    expect(result.toolCalls[0]).toMatchObject({
      name: 'write_file',
      outcome: 'error',
      result: { error: { type: 'tool_not_allowed' } },
    });
    expect(result.status).toBe('completed');
  });

  it('HOOK-055: a call to a tool outside allowedFunctionNames is not run; allowed calls of the same turn are', async () => {
    const hook = sandbox.respond({
      stdout: { hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } } },
    });
    const { config } = modelHookConfig({ BeforeToolSelection: commandGroup(hook.command) });
    const readFile = recordingTool('read_file');
    const writeFile = recordingTool('write_file');
    const generator = new FakeContentGenerator([
      callsTurn([
        { name: 'write_file', args: { path: 'x' } },
        { name: 'read_file', args: { path: 'y' } },
      ]),
      textTurn('ok'),
    ]);

    const result = await runAgent('hi', { config, generator, tools: [readFile, writeFile] });

    expect(writeFile.calls).toHaveLength(0);
    expect(readFile.calls).toEqual([{ path: 'y' }]);
    expect(result.toolCalls.map((call) => [call.name, call.outcome])).toEqual([
      ['write_file', 'error'],
      ['read_file', 'success'],
    ]);
    // Tool definitions are never removed from what the model is offered.
    expect(generator.requests[0].config?.tools?.[0]).toMatchObject({
      functionDeclarations: [{ name: 'read_file' }, { name: 'write_file' }],
    });
  });

  it('HOOK-049: AfterModel suppressOutput marks the model_response hidden; its calls are still processed', async () => {
    const hook = sandbox.respond({ stdout: { suppressOutput: true } });
    const { config } = modelHookConfig({ AfterModel: commandGroup(hook.command) });
    const readFile = recordingTool('read_file');
    const generator = new FakeContentGenerator([callsTurn([{ name: 'read_file' }], 'secret plan'), textTurn('done')]);
    const events: AgentEvent[] = [];

    await runAgent('hi', { config, generator, tools: [readFile], onEvent: (event) => events.push(event) });

    const responses = events.filter(
      (event): event is Extract<AgentEvent, { type: 'model_response' }> => event.type === 'model_response',
    );
    expect(responses.map((event) => event.suppressDisplay)).toEqual([true, true]);
    expect(readFile.calls).toHaveLength(1);
  });

  it('an AfterModel systemMessage rides into the next request as a user-role "[System] ..." content after the function responses', async () => {
    const hook = sandbox.respond({ stdout: { systemMessage: 'remember the style guide' } });
    const { config } = modelHookConfig({ AfterModel: commandGroup(hook.command) });
    const generator = new FakeContentGenerator([callsTurn([{ name: 'read_file' }]), textTurn('done')]);

    await runAgent('hi', { config, generator, tools: [recordingTool('read_file')] });

    const contents = generator.requests[1].contents as Content[];
    expect(contents[2].parts?.[0]).toHaveProperty('functionResponse');
    expect(contents[3]).toEqual({ role: 'user', parts: [{ text: '[System] remember the style guide' }] });
  });

  it('HOOK-033, HOOK-043: BeforeModel and AfterModel fire once per model call, on every turn, with the growing conversation', async () => {
    const beforeModel = sandbox.respond();
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({
      BeforeModel: commandGroup(beforeModel.command),
      AfterModel: commandGroup(afterModel.command),
    });
    const generator = new FakeContentGenerator([callsTurn([{ name: 'read_file' }], 'Reading.'), textTurn('Done.')]);

    await runAgent('start', { config, generator, tools: [recordingTool('read_file')] });

    const before = recordedInputs(beforeModel).map((input) => (input.llm_request as { messages: unknown[] }).messages);
    expect(before).toEqual([
      [{ role: 'user', content: 'start' }],
      [
        { role: 'user', content: 'start' },
        { role: 'model', content: 'Reading.' },
      ],
    ]);
    expect(recordedInputs(afterModel).map((input) => (input.llm_response as { text?: string }).text)).toEqual([
      'Reading.',
      'Done.',
    ]);
  });

  it('HOOK-125: the run is identical whether stdin/stdout are terminals or not, and never reads stdin', async () => {
    const beforeModel = sandbox.respond({ stdout: { systemMessage: 'note' } });
    const afterModel = sandbox.respond({ stdout: { suppressOutput: true } });
    const hooks = { BeforeModel: commandGroup(beforeModel.command), AfterModel: commandGroup(afterModel.command) };
    const stdinTTY = Object.getOwnPropertyDescriptor(process.stdin, 'isTTY');
    const stdoutTTY = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
    const stdinRead = process.stdin.read.bind(process.stdin);
    let stdinReads = 0;
    process.stdin.read = (...args: Parameters<typeof process.stdin.read>) => {
      stdinReads += 1;
      return stdinRead(...args);
    };
    const runOnce = async (tty: boolean) => {
      Object.defineProperty(process.stdin, 'isTTY', { value: tty, configurable: true });
      Object.defineProperty(process.stdout, 'isTTY', { value: tty, configurable: true });
      const { config } = modelHookConfig(hooks);
      const result = await runAgent('hi', {
        config,
        generator: new FakeContentGenerator([callsTurn([{ name: 'read_file', id: 'r' }], 'a'), textTurn('b')]),
        tools: [recordingTool('read_file')],
      });
      return { status: result.status, finalText: result.finalText, history: result.history };
    };
    try {
      const interactive = await runOnce(true);
      const headless = await runOnce(false);
      expect(headless).toEqual(interactive);
      expect(interactive.status).toBe('completed');
      expect(stdinReads).toBe(0);
    } finally {
      process.stdin.read = stdinRead;
      if (stdinTTY) Object.defineProperty(process.stdin, 'isTTY', stdinTTY);
      else delete (process.stdin as { isTTY?: boolean }).isTTY;
      if (stdoutTTY) Object.defineProperty(process.stdout, 'isTTY', stdoutTTY);
      else delete (process.stdout as { isTTY?: boolean }).isTTY;
    }
  });

  it('HOOK-141: the history holds SDK Content only — function calls and responses as GenAI parts', async () => {
    const { config } = modelHookConfig({ AfterModel: commandGroup(sandbox.respond().command) });
    const generator = new FakeContentGenerator([callsTurn([{ name: 'read_file', id: 'x' }]), textTurn('ok')]);

    const result = await runAgent('hi', { config, generator, tools: [recordingTool('read_file')] });

    for (const content of result.history) {
      expect(['user', 'model']).toContain(content.role);
      expect(Array.isArray(content.parts)).toBe(true);
      expect(content).not.toHaveProperty('content');
    }
  });

  it('with inspect { file } the model-call and tool-call machines of the run are recorded as JSONL', async () => {
    const file = join(sandbox.directory, 'inspect.jsonl');
    const generator = new FakeContentGenerator([callsTurn([{ name: 'read_file' }]), textTurn('ok')]);

    await runAgent('hi', { config: new Config(), generator, tools: [recordingTool('read_file')], inspect: { file } });
    await new Promise((resolve) => setImmediate(resolve));

    expect(existsSync(file)).toBe(true);
    const records = readJsonLines<{ machineId?: string; value?: unknown }>(file);
    const machines = new Set(records.map((record) => record.machineId).filter(Boolean));
    expect(machines).toContain('modelCall');
    expect(machines).toContain('toolCall');
    expect(records.some((record) => record.machineId === 'modelCall' && record.value === 'afterModel')).toBe(true);
  });
});
