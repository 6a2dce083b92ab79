import { existsSync, readFileSync } from 'node:fs';
import { FinishReason, GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { Config, runModelCall } from '../../src/index.js';
import { modelCallMachine } from '../../src/engine.js';
import { FakeContentGenerator, callsTurn, partsChunk, textChunk, textTurn } from '../helpers/modelFakeGenerator.js';
import {
  useModelHookSandbox,
  commandGroup,
  modelHookConfig,
  processExists,
  recordedInputs,
} from '../helpers/modelHooks.js';
import { baseModelRequest, candidateText } from '../helpers/modelRequests.js';
import { waitFor } from '../helpers/waiting.js';

describe('modelCall machine: streaming, AfterModel and cancellation with real hook scripts', () => {
  const sandbox = useModelHookSandbox();

  it('HOOK-050, HOOK-172, HOOK-043: AfterModel fires once, on the complete response assembled from every chunk, with the real request', async () => {
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([
      {
        chunks: [
          textChunk('The files '),
          textChunk('are a.ts '),
          partsChunk(
            [{ text: 'and b.ts.' }, { functionCall: { id: 'c1', name: 'read_file', args: { path: 'a.ts' } } }],
            {
              finishReason: FinishReason.STOP,
              usage: { prompt: 12, output: 7 },
            },
          ),
        ],
      },
    ]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

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
          llm_response: {
            candidates: [{ content: { role: 'model', parts: ['My card is [REDACTED].'] }, finishReason: 'STOP' }],
          },
        },
      },
    });
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const streamed = [textChunk('My card is '), textChunk('4111 1111 1111 1111.', FinishReason.STOP)];
    const generator = new FakeContentGenerator([{ chunks: streamed }]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    expect(output.outcome).toBe('completed');
    expect(candidateText(output.response)).toBe('My card is [REDACTED].');
    expect(streamed.map((chunk) => candidateText(chunk)).join('')).toBe('My card is 4111 1111 1111 1111.');
  });

  it('HOOK-047: a completely new llm_response replaces the model response as if the model had produced it', async () => {
    const afterModel = sandbox.respond({
      stdout: {
        hookSpecificOutput: { llm_response: { candidates: [{ content: { role: 'model', parts: ['Replaced.'] } }] } },
      },
    });
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([callsTurn([{ name: 'write_file', args: { path: 'x' } }], 'Writing')]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    expect(output.response).toBeInstanceOf(GenerateContentResponse);
    expect(output.response?.candidates?.[0].content?.parts).toEqual([{ text: 'Replaced.' }]);
  });

  it('HOOK-048: AfterModel continue:false stops with its stopReason and a synthetic stop response', async () => {
    const afterModel = sandbox.respond({ stdout: { continue: false, stopReason: 'answer leaked a secret' } });
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([textTurn('the secret is 42')]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    expect(output.outcome).toBe('stopped');
    expect(output.stopReason).toBe('answer leaked a secret');
    expect(candidateText(output.response)).toContain('answer leaked a secret');
  });

  it('HOOK-049: AfterModel suppressOutput sets suppressDisplay and keeps the response for processing', async () => {
    const afterModel = sandbox.respond({ stdout: { suppressOutput: true, systemMessage: 'response was hidden' } });
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([callsTurn([{ name: 'read_file', args: { path: 'a' } }], 'Reading')]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    expect(output.outcome).toBe('completed');
    expect(output.suppressDisplay).toBe(true);
    expect(output.systemMessage).toBe('response was hidden');
    expect(output.response?.candidates?.[0].content?.parts?.[1]).toEqual({
      functionCall: { name: 'read_file', args: { path: 'a' } },
    });
  });

  it('HOOK-207: a stream that breaks mid-way fails the call with the generator named, and AfterModel does not fire', async () => {
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([
      { chunks: [textChunk('partial ')], failWith: new Error('connection reset') },
    ]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    expect(output.outcome).toBe('failed');
    expect(output.error?.message).toBe('Model "fake-model" failed: connection reset');
    expect(output.response).toBeUndefined();
    expect(recordedInputs(afterModel)).toHaveLength(0);
  });

  it('HOOK-207: a generator that fails to open the stream fails the call; AfterModel does not fire', async () => {
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({ AfterModel: commandGroup(afterModel.command) });
    const generator = new FakeContentGenerator([{ failOnOpen: new Error('quota exceeded') }]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

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

    const output = await runModelCall({ config, generator, request: baseModelRequest(), signal: controller.signal });

    expect(output.outcome).toBe('aborted');
    expect(output.response).toBeUndefined();
    await waitFor(() => generator.abortedStreams === 1, 'the stream to see its signal abort');
    expect(recordedInputs(afterModel)).toHaveLength(0);
  });

  it('aborting while a BeforeModel hook runs ends the call aborted and kills the hook process', async () => {
    const hang = sandbox.hang();
    const { config } = modelHookConfig({ BeforeModel: commandGroup(hang.command) });
    const controller = new AbortController();
    const generator = new FakeContentGenerator([textTurn('never')]);

    const pending = runModelCall({ config, generator, request: baseModelRequest(), signal: controller.signal });
    await waitFor(() => existsSync(hang.pidFile), 'the hook to write its pid');
    controller.abort();
    const output = await pending;

    expect(output.outcome).toBe('aborted');
    expect(generator.streamsOpened).toBe(0);
    const pid = Number(readFileSync(hang.pidFile, 'utf8'));
    await waitFor(() => !processExists(pid), `hook process ${pid} to be gone`);
  });

  it('an already aborted signal ends the call aborted before any stream opens', async () => {
    const controller = new AbortController();
    controller.abort();
    const generator = new FakeContentGenerator([textTurn('never')]);

    const output = await runModelCall({
      config: new Config(),
      generator,
      request: baseModelRequest(),
      signal: controller.signal,
    });

    expect(output.outcome).toBe('aborted');
    expect(generator.streamsOpened).toBe(0);
  });

  it('HOOK-141: callers get SDK types only — a GenerateContentResponse and GenerateContentParameters, never the hook format', async () => {
    const beforeModel = sandbox.respond({
      stdout: { hookSpecificOutput: { llm_request: { messages: [{ role: 'user', content: 'rewritten' }] } } },
    });
    const { config } = modelHookConfig({ BeforeModel: commandGroup(beforeModel.command) });
    const generator = new FakeContentGenerator([textTurn('ok')]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    expect(output.response).toBeInstanceOf(GenerateContentResponse);
    expect(Array.isArray(output.request.contents)).toBe(true);
    expect(output.request).not.toHaveProperty('messages');
    expect(output.request.contents).toEqual([{ role: 'user', parts: [{ text: 'rewritten' }] }]);
  });

  it('with hooks disabled the call goes straight through to the model and completes', async () => {
    const generator = new FakeContentGenerator([textTurn('plain', ' answer')]);

    const output = await runModelCall({ config: new Config(), generator, request: baseModelRequest() });

    expect(output.outcome).toBe('completed');
    expect(candidateText(output.response)).toBe('plain answer');
    expect(generator.requests[0]).toEqual(baseModelRequest());
  });

  it('a hook actor that rejects fails open with a warning naming the event', async () => {
    const { config, records } = modelHookConfig({});
    const machine = modelCallMachine.provide({
      actors: {
        fireBeforeModel: fromPromise(() => Promise.reject(new Error('trigger exploded'))),
      },
    });
    const generator = new FakeContentGenerator([textTurn('still answered')]);

    const output = await runModelCall({ config, generator, request: baseModelRequest(), machine });

    expect(output.outcome).toBe('completed');
    expect(candidateText(output.response)).toBe('still answered');
    const warning = records.find((record) => record.level === 'warn' && record.message.includes('BeforeModel'));
    expect(warning?.message).toContain('trigger exploded');
  });
});
