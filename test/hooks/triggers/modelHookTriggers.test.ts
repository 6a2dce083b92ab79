import {
  FunctionCallingConfigMode,
  GenerateContentResponse,
  type GenerateContentParameters,
  type ToolListUnion,
} from '@google/genai';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  Config,
  fireAfterModelHook,
  fireBeforeModelHook,
  fireBeforeToolSelectionHook,
  type AfterModelHookResult,
  type BeforeModelHookResult,
  type BeforeToolSelectionHookResult,
  type LogRecord,
} from '../../../src/index.js';
import { defaultHookTranslator, HookRegistry } from '../../../src/engine.js';
import { commandGroup, hookConfig, Scratch } from '../../helpers/systemFixtures.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());
afterEach(() => {
  vi.restoreAllMocks();
});

const tools: ToolListUnion = [
  {
    functionDeclarations: [
      { name: 'read_file', description: 'Read a file' },
      { name: 'write_file', description: 'Write a file' },
      { name: 'run_shell_command', description: 'Run a command' },
    ],
  },
];

function baseRequest(): GenerateContentParameters {
  return {
    model: 'gemini-2.5-flash',
    contents: [
      { role: 'user', parts: [{ text: 'List the files' }] },
      { role: 'model', parts: [{ functionCall: { name: 'list_directory', args: { path: '.' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'list_directory', response: { files: ['a.txt'] } } }] },
    ],
    config: {
      temperature: 0.7,
      systemInstruction: 'You are careful.',
      tools,
      toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } },
    },
  };
}

function modelResponse(text: string): GenerateContentResponse {
  const response = new GenerateContentResponse();
  response.candidates = [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' as never, index: 0 }];
  response.usageMetadata = { promptTokenCount: 10, candidatesTokenCount: 4, totalTokenCount: 14 };
  return response;
}

function warnings(records: LogRecord[]): string[] {
  return records.filter((record) => record.level === 'warn').map((record) => record.message);
}

describe('fireBeforeModelHook', () => {
  it('HOOK-033, HOOK-034, HOOK-035, HOOK-041: BeforeModel fires with llm_request in the stable format, ignoring matchers', async () => {
    const capture = scratch.file('before-model.log');
    const { config } = hookConfig({
      BeforeModel: [commandGroup(scratch.respond({ capture }), { matcher: 'does_not_match_anything' })],
    });
    const result = await fireBeforeModelHook(config, baseRequest());
    expect(result).toEqual({ blocked: false });
    const [input] = readJsonLines(capture);
    expect(input).toMatchObject({ hook_event_name: 'BeforeModel', session_id: 'session-test', transcript_path: '' });
    expect(input['llm_request']).toEqual({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'List the files' }],
      config: { temperature: 0.7 },
      toolConfig: { mode: 'AUTO' },
    });
  });

  it('HOOK-036, HOOK-179, HOOK-194: a block with llm_response gives blocked and a synthetic response', async () => {
    const command = scratch.respond({
      stdout: {
        decision: 'block',
        reason: 'answered from cache',
        hookSpecificOutput: {
          llm_response: {
            candidates: [{ content: { role: 'model', parts: ['cached answer'] }, finishReason: 'STOP' }],
          },
        },
      },
    });
    const { config } = hookConfig({ BeforeModel: [commandGroup(command)] });
    const result = await fireBeforeModelHook(config, baseRequest());
    expect(result.blocked).toBe(true);
    expect(result.reason).toBe('answered from cache');
    expect(result.syntheticResponse).toBeInstanceOf(GenerateContentResponse);
    expect(result.syntheticResponse?.text).toBe('cached answer');
    expect(result.stopped).toBeUndefined();
  });

  it('HOOK-037, HOOK-194: a block without llm_response gives blocked with no synthetic response', async () => {
    const command = scratch.respond({ stdout: { decision: 'deny', reason: 'model calls disabled' } });
    const { config } = hookConfig({ BeforeModel: [commandGroup(command)] });
    const result = await fireBeforeModelHook(config, baseRequest());
    expect(result).toEqual({ blocked: true, reason: 'model calls disabled' });
  });

  it('HOOK-036, HOOK-179: exit 2 blocks the model call with the stderr reason', async () => {
    const { config } = hookConfig({
      BeforeModel: [commandGroup(scratch.respond({ exitCode: 2, stderr: 'prompt contains a secret' }))],
    });
    const result = await fireBeforeModelHook(config, baseRequest());
    expect(result.blocked).toBe(true);
    expect(result.reason).toBe('prompt contains a secret');
  });

  it('HOOK-038, HOOK-179: a modified llm_request comes back as modifiedRequest, keeping what the hook format cannot express', async () => {
    const command = scratch.respond({
      stdout: {
        hookSpecificOutput: {
          llm_request: {
            model: 'gemini-2.5-pro',
            messages: [{ role: 'user', content: 'List the files, briefly' }],
            config: { temperature: 0 },
          },
        },
      },
    });
    const { config } = hookConfig({ BeforeModel: [commandGroup(command)] });
    const original = baseRequest();
    const result = await fireBeforeModelHook(config, original);
    expect(result.blocked).toBe(false);
    const modified = result.modifiedRequest!;
    expect(modified.model).toBe('gemini-2.5-pro');
    expect(modified.config?.temperature).toBe(0);
    expect(modified.config?.tools).toEqual(tools);
    expect(modified.config?.systemInstruction).toBe('You are careful.');
    expect(modified.contents).toEqual([
      { role: 'user', parts: [{ text: 'List the files, briefly' }] },
      { role: 'model', parts: [{ functionCall: { name: 'list_directory', args: { path: '.' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'list_directory', response: { files: ['a.txt'] } } }] },
    ]);
    expect(original).toEqual(baseRequest());
  });

  it('HOOK-039, HOOK-179: messages a hook adds are appended after the existing ones', async () => {
    const command = scratch.respond({
      stdout: {
        hookSpecificOutput: {
          llm_request: {
            messages: [
              { role: 'user', content: 'List the files' },
              { role: 'user', content: 'Project rule: never touch vendor/.' },
            ],
          },
        },
      },
    });
    const { config } = hookConfig({ BeforeModel: [commandGroup(command)] });
    const result = await fireBeforeModelHook(config, baseRequest());
    const contents = result.modifiedRequest?.contents as Array<{ role: string; parts: Array<{ text?: string }> }>;
    expect(contents).toHaveLength(4);
    expect(contents[0].parts[0].text).toBe('List the files');
    expect(contents[3]).toEqual({ role: 'user', parts: [{ text: 'Project rule: never touch vendor/.' }] });
  });

  it('HOOK-040, HOOK-184, HOOK-179: continue false maps to blocked and stopped with the stopReason, without a synthetic response', async () => {
    const command = scratch.respond({ stdout: { continue: false, stopReason: 'rate limit for today' } });
    const { config } = hookConfig({ BeforeModel: [commandGroup(command)] });
    const result = await fireBeforeModelHook(config, baseRequest());
    expect(result).toEqual({
      blocked: true,
      reason: 'rate limit for today',
      stopped: true,
      stopReason: 'rate limit for today',
    });
  });

  it('HOOK-159: a BeforeModel systemMessage is appended to the request as a user-role [System] content', async () => {
    const command = scratch.respond({ stdout: { systemMessage: 'The user prefers short answers.' } });
    const { config } = hookConfig({ BeforeModel: [commandGroup(command)] });
    const result = await fireBeforeModelHook(config, baseRequest());
    expect(result.blocked).toBe(false);
    expect(result.systemMessage).toBe('The user prefers short answers.');
    const contents = result.modifiedRequest?.contents as unknown[];
    expect(contents).toHaveLength(4);
    expect(contents[3]).toEqual({ role: 'user', parts: [{ text: '[System] The user prefers short answers.' }] });
  });

  it('HOOK-042, HOOK-110: a failing BeforeModel hook does not prevent the call and warns', async () => {
    const command = scratch.respond({ exitCode: 1, stderr: 'python: not found', stdout: { decision: 'block' } });
    const { config, records } = hookConfig({ BeforeModel: [commandGroup(command)] });
    const result = await fireBeforeModelHook(config, baseRequest());
    expect(result).toEqual({ blocked: false });
    expect(warnings(records).some((message) => message.includes('python: not found'))).toBe(true);
  });

  it('HOOK-116: any uncaught exception resolves to { blocked: false } with a warning', async () => {
    vi.spyOn(HookRegistry.prototype, 'initialize').mockRejectedValue(new Error('registry offline'));
    const { config, records } = hookConfig({ BeforeModel: [commandGroup('true')] });
    await expect(fireBeforeModelHook(config, baseRequest())).resolves.toEqual({ blocked: false });
    expect(
      warnings(records).some(
        (message) => message.includes('fireBeforeModelHook failed') && message.includes('registry offline'),
      ),
    ).toBe(true);
  });

  it("HOOK-116: an exception while interpreting a hook's output (its llm_request cannot be translated) resolves to { blocked: false } with a warning", async () => {
    const capture = scratch.file('untranslatable.log');
    const command = scratch.respond({
      capture,
      stdout: {
        hookSpecificOutput: {
          llm_request: { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'rewritten' }] },
        },
      },
    });
    const { config, records } = hookConfig({ BeforeModel: [commandGroup(command)] });
    const translate = vi.spyOn(defaultHookTranslator, 'fromHookLLMRequest').mockImplementation(() => {
      throw new Error('translator rejected llm_request');
    });
    await expect(fireBeforeModelHook(config, baseRequest())).resolves.toEqual({ blocked: false });
    // The failure is in the interpret step: the hook ran and answered, and the translator was asked to apply it.
    expect(readJsonLines(capture)).toHaveLength(1);
    expect(translate).toHaveBeenCalledTimes(1);
    expect(warnings(records)).toEqual([
      'fireBeforeModelHook failed, continuing as if no hook ran: translator rejected llm_request',
    ]);
  });

  it("HOOK-116: an exception while interpreting a blocking hook's synthetic llm_response also resolves to { blocked: false }", async () => {
    const command = scratch.respond({
      stdout: {
        decision: 'block',
        reason: 'cached',
        hookSpecificOutput: {
          llm_response: { candidates: [{ content: { role: 'model', parts: ['cached answer'] } }] },
        },
      },
    });
    const { config, records } = hookConfig({ BeforeModel: [commandGroup(command)] });
    vi.spyOn(defaultHookTranslator, 'fromHookLLMResponse').mockImplementation(() => {
      throw new Error('translator rejected llm_response');
    });
    await expect(fireBeforeModelHook(config, baseRequest())).resolves.toEqual({ blocked: false });
    expect(warnings(records)).toEqual([
      'fireBeforeModelHook failed, continuing as if no hook ran: translator rejected llm_response',
    ]);
  });

  it('HOOK-135, HOOK-152, HOOK-176: fireBeforeModelHook(config, llmRequest) resolves to a BeforeModelHookResult; hooks off gives { blocked: false }', async () => {
    const result: BeforeModelHookResult = await fireBeforeModelHook(new Config({ enableHooks: false }), baseRequest());
    expect(result).toEqual({ blocked: false });
  });
});

describe('fireAfterModelHook', () => {
  it('HOOK-043, HOOK-044, HOOK-045, HOOK-050, HOOK-051: AfterModel fires with the real llm_request and the complete llm_response, ignoring matchers', async () => {
    const capture = scratch.file('after-model.log');
    const { config } = hookConfig({ AfterModel: [commandGroup(scratch.respond({ capture }), { matcher: 'nope' })] });
    const response = modelResponse('a.txt is the only file');
    const result = await fireAfterModelHook(config, baseRequest(), response);
    expect(result).toEqual({ response });
    const [input] = readJsonLines(capture);
    expect(input['hook_event_name']).toBe('AfterModel');
    expect(input['llm_request']).toMatchObject({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'List the files' }],
    });
    expect(input['llm_response']).toEqual({
      text: 'a.txt is the only file',
      candidates: [{ content: { role: 'model', parts: ['a.txt is the only file'] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 4, totalTokenCount: 14 },
    });
  });

  it('HOOK-046, HOOK-180: a modified llm_response is used downstream', async () => {
    const command = scratch.respond({
      stdout: {
        hookSpecificOutput: {
          llm_response: { candidates: [{ content: { role: 'model', parts: ['[REDACTED] is the only file'] } }] },
        },
      },
    });
    const { config } = hookConfig({ AfterModel: [commandGroup(command)] });
    const result = await fireAfterModelHook(config, baseRequest(), modelResponse('secret.txt is the only file'));
    expect(result.response.text).toBe('[REDACTED] is the only file');
    expect(result.stopped).toBeUndefined();
  });

  it('HOOK-047, HOOK-180: a completely new llm_response replaces the model answer', async () => {
    const command = scratch.respond({
      stdout: {
        hookSpecificOutput: {
          llm_response: {
            candidates: [
              { content: { role: 'model', parts: ['Replaced ', 'entirely.'] }, finishReason: 'STOP', index: 0 },
            ],
          },
        },
      },
    });
    const { config } = hookConfig({ AfterModel: [commandGroup(command)] });
    const original = modelResponse('original');
    const result = await fireAfterModelHook(config, baseRequest(), original);
    expect(result.response).not.toBe(original);
    expect(result.response.text).toBe('Replaced entirely.');
  });

  it('HOOK-048, HOOK-180: continue false gives a synthetic stop response containing the stopReason, and stopped', async () => {
    const command = scratch.respond({ stdout: { continue: false, stopReason: 'conversation limit reached' } });
    const { config } = hookConfig({ AfterModel: [commandGroup(command)] });
    const result = await fireAfterModelHook(config, baseRequest(), modelResponse('more'));
    expect(result.stopped).toBe(true);
    expect(result.stopReason).toBe('conversation limit reached');
    expect(result.response.text).toBe('conversation limit reached');
  });

  it('HOOK-049, HOOK-180: suppressOutput gives suppressDisplay and keeps the response', async () => {
    const { config } = hookConfig({
      AfterModel: [commandGroup(scratch.respond({ stdout: { suppressOutput: true } }))],
    });
    const response = modelResponse('hidden from the user');
    const result: AfterModelHookResult = await fireAfterModelHook(config, baseRequest(), response);
    expect(result).toEqual({ response, suppressDisplay: true });
  });

  it('HOOK-052: a failing AfterModel hook does not affect the response and warns', async () => {
    const command = scratch.respond({ exitCode: 127, stderr: 'redact.py: not found' });
    const { config, records } = hookConfig({ AfterModel: [commandGroup(command)] });
    const response = modelResponse('unchanged');
    const result = await fireAfterModelHook(config, baseRequest(), response);
    expect(result.response).toBe(response);
    expect(result.stopped).toBeUndefined();
    expect(warnings(records).some((message) => message.includes('redact.py: not found'))).toBe(true);
  });

  it('HOOK-180: an AfterModel block decision is not a block; the response is kept', async () => {
    const command = scratch.respond({ stdout: { decision: 'block', reason: 'cannot block after the fact' } });
    const { config } = hookConfig({ AfterModel: [commandGroup(command)] });
    const response = modelResponse('kept');
    const result = await fireAfterModelHook(config, baseRequest(), response);
    expect(result.response).toBe(response);
  });

  it('HOOK-136, HOOK-153, HOOK-176: fireAfterModelHook(config, llmRequest, llmResponse) resolves to { response }; errors give the original', async () => {
    const response = modelResponse('x');
    await expect(fireAfterModelHook(new Config({ enableHooks: false }), baseRequest(), response)).resolves.toEqual({
      response,
    });
    vi.spyOn(HookRegistry.prototype, 'initialize').mockRejectedValue(new Error('no registry'));
    const { config } = hookConfig({ AfterModel: [commandGroup('true')] });
    await expect(fireAfterModelHook(config, baseRequest(), response)).resolves.toEqual({ response });
  });
});

describe('fireBeforeToolSelectionHook', () => {
  it('HOOK-053, HOOK-054, HOOK-059, HOOK-205: BeforeToolSelection fires with the translated request, ignoring matchers', async () => {
    const capture = scratch.file('tool-selection.log');
    const { config } = hookConfig({
      BeforeToolSelection: [commandGroup(scratch.respond({ capture }), { matcher: 'xyz' })],
    });
    await fireBeforeToolSelectionHook(config, baseRequest());
    const [input] = readJsonLines(capture);
    expect(input['hook_event_name']).toBe('BeforeToolSelection');
    expect(input['llm_request']).toMatchObject({ model: 'gemini-2.5-flash', toolConfig: { mode: 'AUTO' } });
  });

  it('HOOK-055, HOOK-140, HOOK-167, HOOK-168, HOOK-181: allowedFunctionNames restrict toolConfig; tool definitions come back unchanged', async () => {
    const command = scratch.respond({
      stdout: { hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } } },
    });
    const { config } = hookConfig({ BeforeToolSelection: [commandGroup(command)] });
    const result = await fireBeforeToolSelectionHook(config, baseRequest());
    expect(result.toolConfig).toEqual({
      functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['read_file'] },
    });
    expect(result.tools).toEqual(tools);
  });

  it('HOOK-056: a mode change is applied', async () => {
    const command = scratch.respond({ stdout: { hookSpecificOutput: { toolConfig: { mode: 'ANY' } } } });
    const { config } = hookConfig({ BeforeToolSelection: [commandGroup(command)] });
    const result = await fireBeforeToolSelectionHook(config, baseRequest());
    expect(result.toolConfig?.functionCallingConfig?.mode).toBe(FunctionCallingConfigMode.ANY);
  });

  it('HOOK-057: mode NONE yields a toolConfig under which the model can call no tool', async () => {
    const command = scratch.respond({ stdout: { hookSpecificOutput: { toolConfig: { mode: 'NONE' } } } });
    const { config } = hookConfig({ BeforeToolSelection: [commandGroup(command)] });
    const result = await fireBeforeToolSelectionHook(config, baseRequest());
    expect(result.toolConfig?.functionCallingConfig?.mode).toBe(FunctionCallingConfigMode.NONE);
    expect(result.toolConfig?.functionCallingConfig?.allowedFunctionNames ?? []).toEqual([]);
  });

  it('HOOK-058: continue false gives stopped with the stopReason', async () => {
    const command = scratch.respond({ stdout: { continue: false, stopReason: 'no more tools today' } });
    const { config } = hookConfig({ BeforeToolSelection: [commandGroup(command)] });
    const result = await fireBeforeToolSelectionHook(config, baseRequest());
    expect(result.stopped).toBe(true);
    expect(result.stopReason).toBe('no more tools today');
  });

  it('HOOK-060: a failing BeforeToolSelection hook leaves the tool configuration as it was and warns', async () => {
    const command = scratch.respond({
      exitCode: 1,
      stderr: 'policy service down',
      stdout: { hookSpecificOutput: { toolConfig: { mode: 'NONE' } } },
    });
    const { config, records } = hookConfig({ BeforeToolSelection: [commandGroup(command)] });
    const request = baseRequest();
    const result = await fireBeforeToolSelectionHook(config, request);
    expect(result).toEqual({});
    expect(request.config?.toolConfig).toEqual({ functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } });
    expect(warnings(records).some((message) => message.includes('policy service down'))).toBe(true);
  });

  it('HOOK-181: a BeforeToolSelection block decision is not a block and changes nothing', async () => {
    const command = scratch.respond({ stdout: { decision: 'block', reason: 'not supported here' } });
    const { config } = hookConfig({ BeforeToolSelection: [commandGroup(command)] });
    const request = baseRequest();
    const result = await fireBeforeToolSelectionHook(config, request);
    expect(result).toEqual({ toolConfig: request.config?.toolConfig, tools });
  });

  it('HOOK-137, HOOK-154, HOOK-176: fireBeforeToolSelectionHook(config, llmRequest) resolves to a BeforeToolSelectionHookResult; errors give {}', async () => {
    const disabled: BeforeToolSelectionHookResult = await fireBeforeToolSelectionHook(
      new Config({ enableHooks: false }),
      baseRequest(),
    );
    expect(disabled).toEqual({});
    const { config: noMatch } = hookConfig({});
    await expect(fireBeforeToolSelectionHook(noMatch, baseRequest())).resolves.toEqual({});
    vi.spyOn(HookRegistry.prototype, 'initialize').mockRejectedValue(new Error('boom'));
    const { config, records } = hookConfig({ BeforeToolSelection: [commandGroup('true')] });
    await expect(fireBeforeToolSelectionHook(config, baseRequest())).resolves.toEqual({});
    expect(warnings(records).some((message) => message.includes('fireBeforeToolSelectionHook failed'))).toBe(true);
  });
});
