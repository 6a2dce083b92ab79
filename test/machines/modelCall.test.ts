import { FunctionCallingConfigMode, GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { runModelCall } from '../../src/index.js';
import { FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';
import { useModelHookSandbox, commandGroup, modelHookConfig, recordedInputs } from '../helpers/modelHooks.js';
import { baseModelRequest, candidateText, modelRequestTools } from '../helpers/modelRequests.js';

describe('modelCall machine: tool selection and BeforeModel with real hook scripts', () => {
  const sandbox = useModelHookSandbox();

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

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

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

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    const sent = generator.requests[0];
    expect(sent.config?.toolConfig?.functionCallingConfig).toEqual({
      mode: FunctionCallingConfigMode.ANY,
      allowedFunctionNames: ['read_file'],
    });
    expect(sent.config?.tools).toEqual(modelRequestTools);
    expect(output.request.config?.toolConfig?.functionCallingConfig?.allowedFunctionNames).toEqual(['read_file']);
  });

  it('HOOK-056: a mode from the hook (AUTO, ANY) becomes the request tool-calling mode', async () => {
    for (const mode of ['ANY', 'AUTO'] as const) {
      const hook = sandbox.respond({ stdout: { hookSpecificOutput: { toolConfig: { mode } } } });
      const { config } = modelHookConfig({ BeforeToolSelection: commandGroup(hook.command) });
      const generator = new FakeContentGenerator([textTurn('ok')]);
      const request = baseModelRequest();
      request.config!.toolConfig = { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } };

      await runModelCall({ config, generator, request });

      expect(generator.requests[0].config?.toolConfig?.functionCallingConfig?.mode).toBe(
        FunctionCallingConfigMode[mode],
      );
    }
  });

  it('HOOK-057: mode NONE reaches the model as NONE with the tool definitions still declared', async () => {
    const hook = sandbox.respond({ stdout: { hookSpecificOutput: { toolConfig: { mode: 'NONE' } } } });
    const { config } = modelHookConfig({ BeforeToolSelection: commandGroup(hook.command) });
    const generator = new FakeContentGenerator([textTurn('no tools for me')]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    expect(output.outcome).toBe('completed');
    expect(generator.requests[0].config?.toolConfig?.functionCallingConfig?.mode).toBe(FunctionCallingConfigMode.NONE);
    expect(generator.requests[0].config?.tools).toEqual(modelRequestTools);
  });

  it('HOOK-058: BeforeToolSelection continue:false stops the call: no BeforeModel, no stream', async () => {
    const selection = sandbox.respond({ stdout: { continue: false, stopReason: 'tool budget exhausted' } });
    const beforeModel = sandbox.respond();
    const { config } = modelHookConfig({
      BeforeToolSelection: commandGroup(selection.command),
      BeforeModel: commandGroup(beforeModel.command),
    });
    const generator = new FakeContentGenerator([textTurn('never')]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

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
          llm_response: {
            candidates: [{ content: { role: 'model', parts: ['cached answer'] }, finishReason: 'STOP' }],
          },
        },
      },
    });
    const afterModel = sandbox.respond();
    const { config } = modelHookConfig({
      BeforeModel: commandGroup(beforeModel.command),
      AfterModel: commandGroup(afterModel.command),
    });
    const generator = new FakeContentGenerator([textTurn('from the model')]);

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

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

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

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

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

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

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    const sent = generator.requests[0];
    expect(sent.model).toBe('other-model');
    expect(sent.config?.temperature).toBe(0.1);
    expect(sent.contents).toEqual([
      { role: 'user', parts: [{ text: 'list the files' }] },
      { role: 'model', parts: [{ text: 'Which directory?' }] },
      { role: 'user', parts: [{ text: 'the current one, but only *.ts files' }] },
    ]);
    // The tool definitions, which the hook format cannot express, are kept.
    expect(sent.config?.tools).toEqual(modelRequestTools);
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

    await runModelCall({ config, generator, request: baseModelRequest() });

    const texts = (generator.requests[0].contents as Array<{ parts: Array<{ text: string }> }>).map(
      (content) => content.parts[0].text,
    );
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

    const output = await runModelCall({ config, generator, request: baseModelRequest() });

    expect(output.outcome).toBe('stopped');
    expect(output.stopReason).toBe('daily budget reached');
    expect(generator.streamsOpened).toBe(0);
  });
});
