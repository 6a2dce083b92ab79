/**
 * `hookrail/ai-sdk` model middleware: `wrapLanguageModel` from the real `ai` package around its own
 * mock model, `generateText` and `streamText`, with real hook scripts answering BeforeModel,
 * BeforeToolSelection and AfterModel.
 */
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { convertReadableStreamToArray, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { Config } from '../../../src/index.js';
import { createHookrail } from '../../../src/integrations/ai-sdk/index.js';
import {
  recordingBashTool,
  scriptedModel,
  streamAnswer,
  textAnswer,
  textStreamParts,
  toolCallAnswer,
} from '../../helpers/aiSdkModel.js';
import {
  modelHookConfig,
  recordedInputs,
  useModelHookSandbox,
  type ModelHookAnswer,
} from '../../helpers/modelHooks.js';

const sandbox = useModelHookSandbox();

/** A Config whose only hook is respond.sh on `event`, answering `answer`; and that hook. */
function hookedOn(event: 'BeforeModel' | 'AfterModel' | 'BeforeToolSelection', answer: ModelHookAnswer) {
  const hook = sandbox.respond(answer);
  const { config } = modelHookConfig({ [event]: [{ hooks: [{ type: 'command', command: hook.command }] }] });
  return { hook, hooks: createHookrail({ config, toolNames: { bash: 'run_shell_command' } }) };
}

describe('hookrail/ai-sdk model middleware', () => {
  it('HOOK-033, HOOK-072: BeforeModel sees the AI SDK prompt as an LLMRequest: text messages in order (user / model), the sampling settings, the tool config in hookrail names', async () => {
    const { hook, hooks } = hookedOn('BeforeModel', {});
    const model = scriptedModel({ generate: [toolCallAnswer('bash', { command: 'echo hello' })] });
    const { bash } = recordingBashTool();
    await generateText({
      stopWhen: stepCountIs(1),
      model: wrapLanguageModel({ model, middleware: hooks.middleware }),
      tools: hooks.tools({ bash }),
      toolChoice: { type: 'tool', toolName: 'bash' },
      system: 'You are terse.',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hi there' },
        { role: 'user', content: 'Say hello' },
      ],
      temperature: 0.2,
    });
    const [input] = recordedInputs(hook);
    expect(input!['llm_request']).toEqual({
      model: 'mock-model-id',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'model', content: 'Hi there' },
        { role: 'user', content: 'Say hello' },
      ],
      config: { temperature: 0.2 },
      toolConfig: { mode: 'ANY', allowedFunctionNames: ['run_shell_command'] },
    });
  });

  it('HOOK-038, HOOK-039: a BeforeModel hook rewrites the request: the model gets the new text, the system prompt and the settings it did not touch stay', async () => {
    const { hooks } = hookedOn('BeforeModel', {
      stdout: {
        hookSpecificOutput: {
          hookEventName: 'BeforeModel',
          llm_request: { messages: [{ role: 'user', content: 'Say hello [redacted]' }], config: { temperature: 0 } },
        },
      },
    });
    const model = scriptedModel({ generate: [textAnswer('Hello.')] });
    const file = { type: 'file' as const, data: 'aGVsbG8=', mediaType: 'text/plain' };
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: hooks.middleware }),
      system: 'You are terse.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello sk-12345' }, file] }],
      temperature: 0.7,
      maxOutputTokens: 50,
    });
    expect(result.text).toBe('Hello.');
    const [call] = model.doGenerateCalls;
    expect(call!.prompt).toEqual([
      { role: 'system', content: 'You are terse.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Say hello [redacted]' },
          { type: 'file', data: { type: 'data', data: 'aGVsbG8=' }, mediaType: 'text/plain' },
        ],
      },
    ]);
    expect(call!.temperature).toBe(0);
    expect(call!.maxOutputTokens).toBe(50);
  });

  it('HOOK-036: a BeforeModel block with llm_response answers instead of the model, which is never called', async () => {
    const { hooks } = hookedOn('BeforeModel', {
      stdout: {
        decision: 'block',
        reason: 'cached',
        hookSpecificOutput: {
          hookEventName: 'BeforeModel',
          llm_response: {
            candidates: [{ content: { role: 'model', parts: ['From the cache.'] }, finishReason: 'STOP' }],
          },
        },
      },
    });
    const model = scriptedModel({ generate: [textAnswer('never')] });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: hooks.middleware }),
      prompt: 'Hi',
    });
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(result.text).toBe('From the cache.');
    expect(result.finishReason).toBe('stop');
  });

  it('HOOK-057: a BeforeToolSelection mode NONE makes the tool choice none: the model may call no tool', async () => {
    const { hooks } = hookedOn('BeforeToolSelection', {
      stdout: { hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode: 'NONE' } } },
    });
    const model = scriptedModel({ generate: [textAnswer('ok')] });
    const { bash } = recordingBashTool();
    await generateText({
      model: wrapLanguageModel({ model, middleware: hooks.middleware }),
      tools: hooks.tools({ bash }),
      prompt: 'go',
    });
    expect(model.doGenerateCalls[0]!.toolChoice).toEqual({ type: 'none' });
  });

  it('HOOK-056: a BeforeToolSelection mode ANY with no allow-list makes the tool choice required, every tool still offered', async () => {
    const { hooks } = hookedOn('BeforeToolSelection', {
      stdout: { hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode: 'ANY' } } },
    });
    const model = scriptedModel({ generate: [toolCallAnswer('bash', { command: 'ls' })] });
    const { bash } = recordingBashTool();
    const notes = tool({
      inputSchema: jsonSchema<{ topic: string }>({ type: 'object' }),
      execute: async () => 'notes',
    });
    await generateText({
      model: wrapLanguageModel({ model, middleware: hooks.middleware }),
      tools: hooks.tools({ bash, notes }),
      prompt: 'go',
      stopWhen: stepCountIs(1),
    });
    expect(model.doGenerateCalls[0]!.toolChoice).toEqual({ type: 'required' });
    expect(model.doGenerateCalls[0]!.tools?.map((offered) => offered.name)).toEqual(['bash', 'notes']);
  });

  it("HOOK-055, HOOK-056: BeforeToolSelection restricts the tools the model is offered (hookrail names mapped back to the builder's) and its tool choice", async () => {
    const { hooks } = hookedOn('BeforeToolSelection', {
      stdout: {
        hookSpecificOutput: {
          hookEventName: 'BeforeToolSelection',
          toolConfig: { mode: 'ANY', allowedFunctionNames: ['run_shell_command'] },
        },
      },
    });
    const model = scriptedModel({ generate: [textAnswer('ok')] });
    const { bash } = recordingBashTool();
    const notes = tool({
      inputSchema: jsonSchema<{ topic: string }>({ type: 'object' }),
      execute: async () => 'notes',
    });
    await generateText({
      model: wrapLanguageModel({ model, middleware: hooks.middleware }),
      tools: hooks.tools({ bash, notes }),
      prompt: 'go',
    });
    const [call] = model.doGenerateCalls;
    expect(call!.tools?.map((offered) => offered.name)).toEqual(['bash']);
    expect(call!.toolChoice).toEqual({ type: 'tool', toolName: 'bash' });
  });

  it("HOOK-046, HOOK-047: an AfterModel hook replaces (redacts) the answer of generateText; the original answer's tool calls do not survive", async () => {
    const { hook, hooks } = hookedOn('AfterModel', {
      stdout: {
        hookSpecificOutput: {
          hookEventName: 'AfterModel',
          llm_response: {
            candidates: [{ content: { role: 'model', parts: ['The key is [redacted].'] }, finishReason: 'STOP' }],
          },
        },
      },
    });
    const answer = textAnswer('The key is sk-12345.');
    answer.content.push(...toolCallAnswer('bash', { command: 'cat .env' }).content);
    const model = scriptedModel({ generate: [answer, textAnswer('never')] });
    const { bash, commands } = recordingBashTool();
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: hooks.middleware }),
      tools: hooks.tools({ bash }),
      prompt: 'key?',
      stopWhen: stepCountIs(5),
    });
    expect(result.text).toBe('The key is [redacted].');
    expect(commands).toEqual([]);
    expect(result.steps).toHaveLength(1);
    expect(result.usage.inputTokens).toBe(10);
    expect(recordedInputs(hook)[0]!['llm_response']).toMatchObject({ text: 'The key is sk-12345.' });
  });

  it('HOOK-043, HOOK-050: streamText: AfterModel judges the assembled answer once; a replacement is what the stream delivers', async () => {
    const { hook, hooks } = hookedOn('AfterModel', {
      stdout: {
        hookSpecificOutput: {
          hookEventName: 'AfterModel',
          llm_response: { candidates: [{ content: { role: 'model', parts: ['[redacted]'] } }] },
        },
      },
    });
    const model = scriptedModel({ stream: [streamAnswer(textStreamParts(['The key ', 'is sk-', '12345.']))] });
    const result = streamText({ model: wrapLanguageModel({ model, middleware: hooks.middleware }), prompt: 'key?' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas).toEqual(['[redacted]']);
    expect(await result.text).toBe('[redacted]');
    expect((await result.usage).inputTokens).toBe(10);
    const inputs = recordedInputs(hook);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]!['llm_response']).toMatchObject({ text: 'The key is sk-12345.' });
  });

  it("HOOK-050: streamText with an AfterModel hook that changes nothing replays the model's own parts, in order", async () => {
    const { hooks } = hookedOn('AfterModel', {});
    const parts = textStreamParts(['one ', 'two ', 'three']);
    const model = scriptedModel({ stream: [streamAnswer(parts)] });
    const wrapped = wrapLanguageModel({ model, middleware: hooks.middleware });
    const { stream } = await wrapped.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'count' }] }],
    });
    expect(await convertReadableStreamToArray(stream)).toEqual(parts);
  });

  it("HOOK-043, HOOK-044: generateText with an AfterModel hook that changes nothing gets the model's very result", async () => {
    const { hook, hooks } = hookedOn('AfterModel', {});
    const answer = textAnswer('Answer one. ');
    answer.content.push({ type: 'text', text: 'Answer two.' });
    const model = scriptedModel({ generate: [answer] });
    const wrapped = wrapLanguageModel({ model, middleware: hooks.middleware });
    await expect(
      wrapped.doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }),
    ).resolves.toBe(answer);
    expect(recordedInputs(hook)[0]!['llm_response']).toMatchObject({ text: 'Answer one. Answer two.' });
  });

  it('HOOK-012, HOOK-013: with hooks enabled but no model hook configured, even the first stream passes through untouched (the very same stream)', async () => {
    const { hooks } = (() => {
      const hook = sandbox.respond();
      const { config } = modelHookConfig({
        BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: hook.command }] }],
      });
      return { hooks: createHookrail({ config }) };
    })();
    const answer = streamAnswer(textStreamParts(['as ', 'it ', 'comes']));
    const model = scriptedModel({ stream: [answer] });
    const wrapped = wrapLanguageModel({ model, middleware: hooks.middleware });
    const result = await wrapped.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }] });
    expect(result.stream).toBe(answer.stream);
  });

  it("a model call that fails under a model hook rejects with the model's own error (so the AI SDK's retry rules still see it)", async () => {
    const { hooks } = hookedOn('BeforeModel', {});
    const failure = new Error('rate limited');
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw failure;
      },
    });
    const wrapped = wrapLanguageModel({ model, middleware: hooks.middleware });
    await expect(
      wrapped.doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }),
    ).rejects.toBe(failure);
  });

  it('HOOK-002, HOOK-010: with hooks disabled the middleware hands the model the very same options and returns its very result', async () => {
    const hooks = createHookrail({ config: new Config({ enableHooks: false }) });
    const answer = textAnswer('plain');
    const model = scriptedModel({ generate: [answer] });
    const wrapped = wrapLanguageModel({ model, middleware: hooks.middleware });
    const params = { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] };
    await expect(wrapped.doGenerate(params)).resolves.toBe(answer);
    expect(model.doGenerateCalls[0]).toBe(params);
  });

  it('HOOK-048: an AfterModel continue:false ends the loop: its text is the answer, the tool calls of the original answer never run', async () => {
    const { hooks } = hookedOn('AfterModel', { stdout: { continue: false, stopReason: 'Budget spent' } });
    const model = scriptedModel({ generate: [toolCallAnswer('bash', { command: 'ls' }), textAnswer('never')] });
    const { bash, commands } = recordingBashTool();
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: hooks.middleware }),
      tools: hooks.tools({ bash }),
      prompt: 'go',
      stopWhen: [stepCountIs(5), hooks.stopWhen],
    });
    expect(commands).toEqual([]);
    expect(result.steps).toHaveLength(1);
    expect(hooks.stopReason).toBe('Budget spent');
  });
});
