import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { Config, runAgent, type AgentEvent } from '../../src/index.js';
import { recordingTool, waitingTool } from '../helpers/modelAgentTools.js';
import { FakeContentGenerator, callsTurn, textChunk, textTurn } from '../helpers/modelFakeGenerator.js';
import { recordingLogger } from '../../src/testing.js';

function partsOf(content: Content | undefined): unknown[] {
  return content?.parts ?? [];
}

describe('runAgent: the loop', () => {
  it('runs model call → tool calls → function responses → next model call until the model answers without calls', async () => {
    const readFile = recordingTool('read_file');
    const generator = new FakeContentGenerator([
      callsTurn([{ name: 'read_file', args: { path: 'a.txt' }, id: 'call-1' }], 'Reading it.'),
      textTurn('The file ', 'says hello.'),
    ]);
    const events: AgentEvent[] = [];

    const result = await runAgent('what is in a.txt?', {
      config: new Config(),
      generator,
      tools: [readFile],
      systemInstruction: 'be brief',
      onEvent: (event) => events.push(event),
    });

    expect(result.status).toBe('completed');
    expect(result.finalText).toBe('The file says hello.');
    expect(result.turns).toBe(2);
    expect(readFile.calls).toEqual([{ path: 'a.txt' }]);
    expect(result.toolCalls.map((call) => [call.callId, call.outcome])).toEqual([['call-1', 'success']]);
    expect(result.history).toEqual([
      { role: 'user', parts: [{ text: 'what is in a.txt?' }] },
      {
        role: 'model',
        parts: [
          { text: 'Reading it.' },
          { functionCall: { id: 'call-1', name: 'read_file', args: { path: 'a.txt' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          {
            functionResponse: {
              id: 'call-1',
              name: 'read_file',
              response: { output: 'read_file({"path":"a.txt"}) done' },
            },
          },
        ],
      },
      { role: 'model', parts: [{ text: 'The file says hello.' }] },
    ]);
    // Each request carries the history so far, the tools' declarations and the system instruction.
    expect(generator.requests).toHaveLength(2);
    expect(generator.requests[0].model).toBe('fake-model');
    expect(generator.requests[0].config?.systemInstruction).toBe('be brief');
    expect(generator.requests[0].config?.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'read_file',
            description: 'test tool read_file',
            parametersJsonSchema: readFile.parametersJsonSchema,
          },
        ],
      },
    ]);
    expect(generator.requests[1].contents).toEqual(result.history.slice(0, 3));
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('turn_start');
    expect(types).toContain('tool_update');
    expect(types.indexOf('tool_result')).toBeGreaterThan(types.indexOf('model_response'));
    expect(types[types.length - 1]).toBe('done');
    expect(events.filter((event) => event.type === 'turn_start')).toHaveLength(2);
    // The host sees each answer with the calls it asked for; nothing was blocked or hidden.
    expect(events.filter((event) => event.type === 'model_response')).toEqual([
      {
        type: 'model_response',
        turn: 1,
        text: 'Reading it.',
        functionCalls: [expect.objectContaining({ callId: 'call-1', name: 'read_file', args: { path: 'a.txt' } })],
        suppressDisplay: false,
      },
      { type: 'model_response', turn: 2, text: 'The file says hello.', functionCalls: [], suppressDisplay: false },
    ]);
    expect(types).not.toContain('model_blocked');
  });

  it('runs several calls of one turn as one batch and answers them in the model order; calls without an id get one', async () => {
    const readFile = recordingTool('read_file');
    const generator = new FakeContentGenerator([
      callsTurn([
        { name: 'read_file', args: { path: 'one' } },
        { name: 'read_file', args: { path: 'two' } },
      ]),
      textTurn('done'),
    ]);

    const result = await runAgent('read both', { config: new Config(), generator, tools: [readFile] });

    expect(result.toolCalls.map((call) => call.callId)).toEqual(['read_file-1-0', 'read_file-1-1']);
    const responses = partsOf(result.history[2]) as Array<{ functionResponse: { id?: string; response: unknown } }>;
    expect(responses.map((part) => part.functionResponse.response)).toEqual([
      { output: 'read_file({"path":"one"}) done' },
      { output: 'read_file({"path":"two"}) done' },
    ]);
    // The model gave no ids, so none are invented in what it is sent back.
    expect(responses.every((part) => part.functionResponse.id === undefined)).toBe(true);
  });

  it('answers a failing or unknown tool with an error function response and keeps going', async () => {
    const broken = recordingTool('broken', () => ({
      llmContent: 'disk full',
      returnDisplay: 'disk full',
      error: { message: 'disk full' },
    }));
    const generator = new FakeContentGenerator([
      callsTurn([{ name: 'broken' }, { name: 'no_such_tool' }]),
      textTurn('I could not do it.'),
    ]);

    const result = await runAgent('try', { config: new Config(), generator, tools: [broken] });

    expect(result.status).toBe('completed');
    const responses = partsOf(result.history[2]) as Array<{
      functionResponse: { name: string; response: { error?: string } };
    }>;
    expect(responses[0].functionResponse.response).toEqual({ error: 'disk full' });
    expect(responses[1].functionResponse.name).toBe('no_such_tool');
    expect(responses[1].functionResponse.response.error).toContain('no_such_tool');
  });

  it('ends with status max_turns when the model keeps calling tools', async () => {
    const readFile = recordingTool('read_file');
    const generator = new FakeContentGenerator(
      Array.from({ length: 5 }, (_, index) =>
        callsTurn([{ name: 'read_file', args: { path: `f${index}` } }], `turn ${index + 1}`),
      ),
    );

    const result = await runAgent('loop', { config: new Config(), generator, tools: [readFile], maxTurns: 3 });

    expect(result.status).toBe('max_turns');
    expect(result.turns).toBe(3);
    expect(generator.streamsOpened).toBe(3);
    expect(readFile.calls).toHaveLength(3);
    expect(result.finalText).toBe('turn 3');
  });

  it('ends with status error and the message when the model fails, without throwing', async () => {
    const generator = new FakeContentGenerator([{ chunks: [textChunk('par')], failWith: new Error('503 overloaded') }]);
    const events: AgentEvent[] = [];

    const result = await runAgent('hi', {
      config: new Config(),
      generator,
      tools: [],
      onEvent: (event) => events.push(event),
    });

    expect(result.status).toBe('error');
    expect(result.errorMessage).toBe('Model "fake-model" failed: 503 overloaded');
    expect(events).toContainEqual({ type: 'error', turn: 1, message: 'Model "fake-model" failed: 503 overloaded' });
  });

  it('ends with status aborted when the signal aborts during the stream', async () => {
    const controller = new AbortController();
    const generator = new FakeContentGenerator([{ chunks: [textChunk('thinking')], hang: true }], {
      onOpen: () => setImmediate(() => controller.abort()),
    });

    const result = await runAgent('hi', { config: new Config(), generator, tools: [], signal: controller.signal });

    expect(result.status).toBe('aborted');
    expect(result.turns).toBe(1);
  });

  it('ends with status aborted when the signal aborts while a tool runs, and the tool sees the abort', async () => {
    const controller = new AbortController();
    const slow = waitingTool('slow', () => setImmediate(() => controller.abort()));
    const generator = new FakeContentGenerator([callsTurn([{ name: 'slow' }]), textTurn('never reached')]);

    const result = await runAgent('hi', { config: new Config(), generator, tools: [slow], signal: controller.signal });

    expect(result.status).toBe('aborted');
    expect(slow.aborted).toBe(1);
    expect(result.toolCalls.map((call) => call.outcome)).toEqual(['cancelled']);
    expect(generator.streamsOpened).toBe(1);
  });

  it('an onEvent listener that throws is logged and ignored', async () => {
    const { logger, records } = recordingLogger({ level: 'warn' });
    const config = new Config({ logger });

    const result = await runAgent('hi', {
      config,
      generator: new FakeContentGenerator([textTurn('hello')]),
      tools: [],
      onEvent: () => {
        throw new Error('renderer crashed');
      },
    });

    expect(result.status).toBe('completed');
    expect(records.some((record) => record.level === 'warn' && record.message.includes('renderer crashed'))).toBe(true);
  });
});
