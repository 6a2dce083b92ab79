import { existsSync, readFileSync } from 'node:fs';
import { FinishReason, FunctionCallingConfigMode, GenerateContentResponse, type GenerateContentParameters } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Config, modelCallMachine, runModelCall } from '../../src/index.js';
import {
  FakeContentGenerator,
  callsTurn,
  partsChunk,
  textChunk,
  textTurn,
} from '../helpers/modelFakeGenerator.js';
import {
  ModelHookSandbox,
  commandGroup,
  modelHookConfig,
  processExists,
  recordedInputs,
  waitUntil,
} from '../helpers/modelHooks.js';

const tools = [
  { functionDeclarations: [{ name: 'read_file', description: 'reads' }, { name: 'write_file', description: 'writes' }] },
];

function baseRequest(): GenerateContentParameters {
  return {
    model: 'test-model',
    contents: [
      { role: 'user', parts: [{ text: 'list the files' }] },
      { role: 'model', parts: [{ text: 'Which directory?' }] },
      { role: 'user', parts: [{ text: 'the current one' }] },
    ],
    config: { tools, toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } } },
  };
}

function candidateText(response: GenerateContentResponse | undefined): string {
  return (response?.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? '').join('');
}

describe('modelCall machine with real hook scripts', () => {
  let sandbox: ModelHookSandbox;

  beforeEach(() => {
    sandbox = new ModelHookSandbox();
  });

  afterEach(() => {
    sandbox.cleanup();
  });

  it('HOOK-053, HOOK-033: BeforeToolSelection and then BeforeModel fire before the stream opens, BeforeModel on the fully assembled request', async () => {
    const toolSelection = sandbox.respond({
      stdout: { hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } } },
    });
    const beforeModel = sandbox.respond();
    const { config } = modelHookConfig({
      BeforeToolSelection: commandGroup(toolSelection.command),
      BeforeModel: commandGroup(beforeModel.command),
    });
    const seenAtOpen: number[] = [];
    const generator = new FakeContentGenerator([textTurn('fine')], {
      onOpen: () => seenAtOpen.push(recordedInputs(toolSelection).length, recordedInputs(beforeModel).length),
    });

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('completed');
    expect(seenAtOpen).toEqual([1, 1]);
    const [selectionInput] = recordedInputs(toolSelection);
    expect(selectionInput.hook_event_name).toBe('BeforeToolSelection');
    expect((selectionInput.llm_request as { messages: unknown[] }).messages).toHaveLength(3);
    const [modelInput] = recordedInputs(beforeModel);
    expect(modelInput.hook_event_name).toBe('BeforeModel');
    // Fully assembled: the whole history and the tool selection's restriction are in the request the hook sees.
    expect(modelInput.llm_request).toMatchObject({
      model: 'test-model',
      messages: [
        { role: 'user', content: 'list the files' },
        { role: 'model', content: 'Which directory?' },
        { role: 'user', content: 'the current one' },
      ],
      toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] },
    });
  });

  it('HOOK-055, HOOK-140: allowedFunctionNames restrict the request toolConfig; the tool definitions pass through unchanged', async () => {
    const hook = sandbox.respond({
      stdout: { hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } } },
    });
    const { config } = modelHookConfig({ BeforeToolSelection: commandGroup(hook.command) });
    const generator = new FakeContentGenerator([textTurn('ok')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    const sent = generator.requests[0];
    expect(sent.config?.toolConfig?.functionCallingConfig).toEqual({
      mode: FunctionCallingConfigMode.ANY,
      allowedFunctionNames: ['read_file'],
    });
    expect(sent.config?.tools).toEqual(tools);
    expect(output.request.config?.toolConfig?.functionCallingConfig?.allowedFunctionNames).toEqual(['read_file']);
  });

  it('HOOK-056: a mode from the hook (AUTO, ANY) becomes the request tool-calling mode', async () => {
    for (const mode of ['ANY', 'AUTO'] as const) {
      const hook = sandbox.respond({ stdout: { hookSpecificOutput: { toolConfig: { mode } } } });
      const { config } = modelHookConfig({ BeforeToolSelection: commandGroup(hook.command) });
      const generator = new FakeContentGenerator([textTurn('ok')]);
      const request = baseRequest();
      request.config!.toolConfig = { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } };

      await runModelCall({ config, generator, request });

      expect(generator.requests[0].config?.toolConfig?.functionCallingConfig?.mode).toBe(FunctionCallingConfigMode[mode]);
    }
  });

  it('HOOK-057: mode NONE reaches the model as NONE with the tool definitions still declared', async () => {
    const hook = sandbox.respond({ stdout: { hookSpecificOutput: { toolConfig: { mode: 'NONE' } } } });
    const { config } = modelHookConfig({ BeforeToolSelection: commandGroup(hook.command) });
    const generator = new FakeContentGenerator([textTurn('no tools for me')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('completed');
    expect(generator.requests[0].config?.toolConfig?.functionCallingConfig?.mode).toBe(FunctionCallingConfigMode.NONE);
    expect(generator.requests[0].config?.tools).toEqual(tools);
  });

  it('HOOK-058: BeforeToolSelection continue:false stops the call: no BeforeModel, no stream', async () => {
    const selection = sandbox.respond({ stdout: { continue: false, stopReason: 'tool budget exhausted' } });
    const beforeModel = sandbox.respond();
    const { config } = modelHookConfig({
      BeforeToolSelection: commandGroup(selection.command),
      BeforeModel: commandGroup(beforeModel.command),
    });
    const generator = new FakeContentGenerator([textTurn('never')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('stopped');
    expect(output.stopReason).toBe('tool budget exhausted');
    expect(recordedInputs(beforeModel)).toHaveLength(0);
    expect(generator.streamsOpened).toBe(0);
  });

  it('HOOK-036, HOOK-138, HOOK-174: BeforeModel block with llm_response skips the stream; the synthetic response is the answer', async () => {
    const beforeModel = sandbox.respond({
      stdout: {
        decision: 'block',
        reason: 'served from cache',
        hookSpecificOutput: {
          llm_response: { candidates: [{ content: { role: 'model', parts: ['cached answer'] }, finishReason: 'STOP' }] },
        },
      },
    });
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({
      BeforeModel: commandGroup(beforeModel.command),
      AfterModel: commandGroup(afterModel.command),
    });
    const generator = new FakeContentGenerator([textTurn('from the model')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('blocked');
    expect(output.blockReason).toBe('served from cache');
    expect(output.response).toBeInstanceOf(GenerateContentResponse);
    expect(candidateText(output.response)).toBe('cached answer');
    expect(generator.streamsOpened).toBe(0);
    expect(recordedInputs(afterModel)).toHaveLength(0);
  });

  it('HOOK-037, HOOK-202, HOOK-174: BeforeModel block without llm_response gives one candidate with empty content and opens no stream', async () => {
    const beforeModel = sandbox.respond({ stdout: { decision: 'deny', reason: 'outside office hours' } });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(beforeModel.command) });
    const generator = new FakeContentGenerator([textTurn('from the model')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('blocked');
    expect(output.blockReason).toBe('outside office hours');
    expect(output.response?.candidates).toHaveLength(1);
    expect(output.response?.candidates?.[0].content?.parts).toEqual([]);
    expect(generator.streamsOpened).toBe(0);
  });

  it('HOOK-037, HOOK-174: a BeforeModel hook exiting 2 blocks with its stderr as the reason', async () => {
    const beforeModel = sandbox.respond({ stdout: '', exitCode: 2, stderr: 'model calls are disabled' });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(beforeModel.command) });
    const generator = new FakeContentGenerator([textTurn('from the model')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('blocked');
    expect(output.blockReason).toContain('model calls are disabled');
    expect(generator.streamsOpened).toBe(0);
  });

  it('HOOK-038, HOOK-139: a modified llm_request is what the stream is opened with', async () => {
    const beforeModel = sandbox.respond({
      stdout: {
        hookSpecificOutput: {
          llm_request: {
            model: 'other-model',
            messages: [
              { role: 'user', content: 'list the files' },
              { role: 'model', content: 'Which directory?' },
              { role: 'user', content: 'the current one, but only *.ts files' },
            ],
            config: { temperature: 0.1 },
          },
        },
      },
    });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(beforeModel.command) });
    const generator = new FakeContentGenerator([textTurn('ok')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    const sent = generator.requests[0];
    expect(sent.model).toBe('other-model');
    expect(sent.config?.temperature).toBe(0.1);
    expect(sent.contents).toEqual([
      { role: 'user', parts: [{ text: 'list the files' }] },
      { role: 'model', parts: [{ text: 'Which directory?' }] },
      { role: 'user', parts: [{ text: 'the current one, but only *.ts files' }] },
    ]);
    // The tool definitions, which the hook format cannot express, are kept.
    expect(sent.config?.tools).toEqual(tools);
    expect(output.request).toEqual(sent);
  });

  it('HOOK-039: messages a BeforeModel hook adds are appended after the existing ones, in order', async () => {
    const beforeModel = sandbox.respond({
      stdout: {
        hookSpecificOutput: {
          llm_request: {
            messages: [
              { role: 'user', content: 'list the files' },
              { role: 'model', content: 'Which directory?' },
              { role: 'user', content: 'the current one' },
              { role: 'user', content: 'Context: the repository uses pnpm.' },
              { role: 'user', content: 'Context: tests live in test/.' },
            ],
          },
        },
      },
    });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(beforeModel.command) });
    const generator = new FakeContentGenerator([textTurn('ok')]);

    await runModelCall({ config, generator, request: baseRequest() });

    const texts = (generator.requests[0].contents as Array<{ parts: Array<{ text: string }> }>).map((content) => content.parts[0].text);
    expect(texts).toEqual([
      'list the files',
      'Which directory?',
      'the current one',
      'Context: the repository uses pnpm.',
      'Context: tests live in test/.',
    ]);
  });

  it('HOOK-040: BeforeModel continue:false stops the call with its stopReason and opens no stream', async () => {
    const beforeModel = sandbox.respond({ stdout: { continue: false, stopReason: 'daily budget reached' } });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(beforeModel.command) });
    const generator = new FakeContentGenerator([textTurn('never')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('stopped');
    expect(output.stopReason).toBe('daily budget reached');
    expect(generator.streamsOpened).toBe(0);
  });

  it('HOOK-050, HOOK-172, HOOK-043: AfterModel fires once, on the complete response assembled from every chunk, with the real request', async () => {
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([
      {
        chunks: [
          textChunk('The files '),
          textChunk('are a.ts '),
          partsChunk([{ text: 'and b.ts.' }, { functionCall: { id: 'c1', name: 'read_file', args: { path: 'a.ts' } } }], {
            finishReason: FinishReason.STOP,
            usage: { prompt: 12, output: 7 },
          }),
        ],
      },
    ]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    const inputs = recordedInputs(afterModel);
    expect(inputs).toHaveLength(1);
    expect(inputs[0].llm_response).toMatchObject({
      text: 'The files are a.ts and b.ts.',
      candidates: [{ content: { role: 'model', parts: ['The files are a.ts and b.ts.'] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 7, totalTokenCount: 19 },
    });
    expect((inputs[0].llm_request as { model: string; messages: unknown[] }).model).toBe('test-model');
    expect((inputs[0].llm_request as { messages: unknown[] }).messages).toHaveLength(3);
    expect(output.outcome).toBe('completed');
    expect(output.response?.candidates?.[0].content?.parts).toEqual([
      { text: 'The files are a.ts and b.ts.' },
      { functionCall: { id: 'c1', name: 'read_file', args: { path: 'a.ts' } } },
    ]);
    expect(output.response?.usageMetadata?.totalTokenCount).toBe(19);
  });

  it('HOOK-046, HOOK-173: a modified llm_response is used downstream; the streamed chunks themselves are left as displayed', async () => {
    const afterModel = sandbox.respond({
      stdout: {
        hookSpecificOutput: {
          llm_response: { candidates: [{ content: { role: 'model', parts: ['My card is [REDACTED].'] }, finishReason: 'STOP' }] },
        },
      },
    });
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const streamed = [textChunk('My card is '), textChunk('4111 1111 1111 1111.', FinishReason.STOP)];
    const generator = new FakeContentGenerator([{ chunks: streamed }]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('completed');
    expect(candidateText(output.response)).toBe('My card is [REDACTED].');
    expect(streamed.map((chunk) => candidateText(chunk)).join('')).toBe('My card is 4111 1111 1111 1111.');
  });

  it('HOOK-047: a completely new llm_response replaces the model response as if the model had produced it', async () => {
    const afterModel = sandbox.respond({
      stdout: { hookSpecificOutput: { llm_response: { candidates: [{ content: { role: 'model', parts: ['Replaced.'] } }] } } },
    });
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([callsTurn([{ name: 'write_file', args: { path: 'x' } }], 'Writing')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.response).toBeInstanceOf(GenerateContentResponse);
    expect(output.response?.candidates?.[0].content?.parts).toEqual([{ text: 'Replaced.' }]);
  });

  it('HOOK-048: AfterModel continue:false stops with its stopReason and a synthetic stop response', async () => {
    const afterModel = sandbox.respond({ stdout: { continue: false, stopReason: 'answer leaked a secret' } });
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([textTurn('the secret is 42')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('stopped');
    expect(output.stopReason).toBe('answer leaked a secret');
    expect(candidateText(output.response)).toContain('answer leaked a secret');
  });

  it('HOOK-049: AfterModel suppressOutput sets suppressDisplay and keeps the response for processing', async () => {
    const afterModel = sandbox.respond({ stdout: { suppressOutput: true, systemMessage: 'response was hidden' } });
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([callsTurn([{ name: 'read_file', args: { path: 'a' } }], 'Reading')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('completed');
    expect(output.suppressDisplay).toBe(true);
    expect(output.systemMessage).toBe('response was hidden');
    expect(output.response?.candidates?.[0].content?.parts?.[1]).toEqual({ functionCall: { name: 'read_file', args: { path: 'a' } } });
  });

  it('HOOK-207: a stream that breaks mid-way fails the call with the generator named, and AfterModel does not fire', async () => {
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([{ chunks: [textChunk('partial ')], failWith: new Error('connection reset') }]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('failed');
    expect(output.error?.message).toBe('Model "fake-model" failed: connection reset');
    expect(output.response).toBeUndefined();
    expect(recordedInputs(afterModel)).toHaveLength(0);
  });

  it('HOOK-207: a generator that fails to open the stream fails the call; AfterModel does not fire', async () => {
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([{ failOnOpen: new Error('quota exceeded') }]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.outcome).toBe('failed');
    expect(output.error?.message).toContain('quota exceeded');
    expect(recordedInputs(afterModel)).toHaveLength(0);
  });

  it('HOOK-207: aborting while the stream is open aborts it; the call ends aborted and AfterModel does not fire', async () => {
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const controller = new AbortController();
    const generator = new FakeContentGenerator([{ chunks: [textChunk('thinking...')], hang: true }], {
      onOpen: () => setImmediate(() => setImmediate(() => controller.abort())),
    });

    const output = await runModelCall({ config, generator, request: baseRequest(), signal: controller.signal });

    expect(output.outcome).toBe('aborted');
    expect(output.response).toBeUndefined();
    await waitUntil(() => generator.abortedStreams === 1, 'the stream saw its signal abort');
    expect(recordedInputs(afterModel)).toHaveLength(0);
  });

  it('aborting while a BeforeModel hook runs ends the call aborted and kills the hook process', async () => {
    const hang = sandbox.hang();
    const { config } = modelHookConfig({ BeforeModel: commandGroup(hang.command) });
    const controller = new AbortController();
    const generator = new FakeContentGenerator([textTurn('never')]);

    const pending = runModelCall({ config, generator, request: baseRequest(), signal: controller.signal });
    await waitUntil(() => existsSync(hang.pidFile), 'the hook wrote its pid');
    controller.abort();
    const output = await pending;

    expect(output.outcome).toBe('aborted');
    expect(generator.streamsOpened).toBe(0);
    const pid = Number(readFileSync(hang.pidFile, 'utf8'));
    await waitUntil(() => !processExists(pid), `hook process ${pid} is gone`);
  });

  it('an already aborted signal ends the call aborted before any stream opens', async () => {
    const controller = new AbortController();
    controller.abort();
    const generator = new FakeContentGenerator([textTurn('never')]);

    const output = await runModelCall({ config: new Config(), generator, request: baseRequest(), signal: controller.signal });

    expect(output.outcome).toBe('aborted');
    expect(generator.streamsOpened).toBe(0);
  });

  it('HOOK-141: callers get SDK types only — a GenerateContentResponse and GenerateContentParameters, never the hook format', async () => {
    const beforeModel = sandbox.respond({
      stdout: { hookSpecificOutput: { llm_request: { messages: [{ role: 'user', content: 'rewritten' }] } } },
    });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(beforeModel.command) });
    const generator = new FakeContentGenerator([textTurn('ok')]);

    const output = await runModelCall({ config, generator, request: baseRequest() });

    expect(output.response).toBeInstanceOf(GenerateContentResponse);
    expect(Array.isArray(output.request.contents)).toBe(true);
    expect(output.request).not.toHaveProperty('messages');
    expect(output.request.contents).toEqual([{ role: 'user', parts: [{ text: 'rewritten' }] }]);
  });

  it('with hooks disabled the call goes straight through to the model and completes', async () => {
    const generator = new FakeContentGenerator([textTurn('plain', ' answer')]);

    const output = await runModelCall({ config: new Config(), generator, request: baseRequest() });

    expect(output.outcome).toBe('completed');
    expect(candidateText(output.response)).toBe('plain answer');
    expect(generator.requests[0]).toEqual(baseRequest());
  });

  it('a hook actor that rejects fails open with a warning naming the event', async () => {
    const { config, records } = modelHookConfig({});
    const machine = modelCallMachine.provide({
      actors: {
        fireBeforeModel: fromPromise(() => Promise.reject(new Error('trigger exploded'))),
      },
    });
    const generator = new FakeContentGenerator([textTurn('still answered')]);

    const output = await runModelCall({ config, generator, request: baseRequest(), machine });

    expect(output.outcome).toBe('completed');
    expect(candidateText(output.response)).toBe('still answered');
    const warning = records.find((record) => record.level === 'warn' && record.message.includes('BeforeModel'));
    expect(warning?.message).toContain('trigger exploded');
  });
});
