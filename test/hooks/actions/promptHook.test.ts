/**
 * Prompt hooks: the hook model reads the
 * hook's prompt with the input JSON in it, is sent the `{ ok, reason }` response schema, and its
 * answer blocks, allows or makes the agent go on. A model that answers garbage, fails or hangs is a
 * failure (fail-open by default, a block with `onFailure: "block"`), bounded by the timeout.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelError } from '../../../src/errors.js';
import type { HookExecutionError } from '../../../src/errors.js';
import { Config, type ConfigParameters } from '../../../src/hooks/engine/config.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { PromptHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { fireAfterAgentHook, fireBeforeAgentHook } from '../../../src/hooks/triggers/lifecycleHookTriggers.js';
import { fireBeforeModelHook } from '../../../src/hooks/triggers/modelHookTriggers.js';
import { createAgentSession } from '../../../src/machines/session.js';
import { recordsAt, scratchDirectory } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { FakeContentGenerator, textChunk, textTurn, type FakeTurn } from '../../helpers/modelFakeGenerator.js';

let scratch: ReturnType<typeof scratchDirectory>;
beforeEach(() => {
  scratch = scratchDirectory('hookrail-prompt-hook-');
});
afterEach(() => scratch.remove());

function promptHook(extra: Partial<PromptHookConfig> = {}): PromptHookConfig {
  return { type: 'prompt', prompt: 'Is this command safe? $ARGUMENTS', ...extra };
}

function setup(event: HookEventName, hook: PromptHookConfig, turns: FakeTurn[], parameters: ConfigParameters = {}) {
  const model = new FakeContentGenerator(turns);
  const { logger, records } = recordingLogger();
  const config = new Config({
    enableHooks: true,
    logger,
    workingDir: scratch.path,
    hooks: { [event]: [{ hooks: [hook] }] },
    hookModel: model,
    ...parameters,
  });
  return { model, config, records };
}

async function runShell(config: Config, command = 'rm -rf build') {
  let executed = false;
  const result = await executeToolWithHooks(config, 'run_shell_command', { command }, async () => {
    executed = true;
    return { llmContent: 'ran', returnDisplay: 'ran' };
  });
  return { executed, result };
}

async function fireDetails(config: Config) {
  const hookSystem = config.getHookSystem()!;
  await hookSystem.initialize();
  return hookSystem
    .getEventHandler()
    .fireEventWithDetails(HookEventName.BeforeTool, { tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
}

describe('prompt hooks decide', () => {
  it("ok false blocks BeforeTool with the model's reason; the tool never runs", async () => {
    const { model, config } = setup(HookEventName.BeforeTool, promptHook(), [
      textTurn('{"ok": false, "reason": "rm -rf deletes the build"}'),
    ]);
    const { executed, result } = await runShell(config);
    expect(executed).toBe(false);
    expect(result.llmContent).toContain('rm -rf deletes the build');
    expect(model.requests).toHaveLength(1);
  });

  it('the request carries the prompt with the input JSON for $ARGUMENTS, the instruction and the response schema', async () => {
    const { model, config } = setup(HookEventName.BeforeTool, promptHook(), [textTurn('{"ok": true}')]);
    await runShell(config, 'ls -la');
    const request = model.requests[0]!;
    expect(request.model).toBe('fake-model');
    const text = (request.contents as Array<{ parts: Array<{ text: string }> }>)[0]!.parts[0]!.text;
    expect(text.startsWith('Is this command safe? {')).toBe(true);
    const input = JSON.parse(text.slice('Is this command safe? '.length));
    expect(input).toMatchObject({
      hook_event_name: 'BeforeTool',
      tool_name: 'run_shell_command',
      tool_input: { command: 'ls -la' },
      cwd: scratch.path,
    });
    expect(request.config).toMatchObject({
      responseMimeType: 'application/json',
      responseSchema: {
        type: 'OBJECT',
        required: ['ok'],
        properties: { ok: { type: 'BOOLEAN' }, reason: { type: 'STRING' } },
      },
    });
    expect(String(request.config?.systemInstruction)).toMatch(/Reply with only a JSON object/);
  });

  it("the hook's model field names the model of the request", async () => {
    const { model, config } = setup(HookEventName.BeforeTool, promptHook({ model: 'gemini-2.5-flash-lite' }), [
      textTurn('{"ok": true}'),
    ]);
    await runShell(config);
    expect(model.requests[0]!.model).toBe('gemini-2.5-flash-lite');
  });

  it('ok true allows: the tool runs', async () => {
    const { config } = setup(HookEventName.BeforeTool, promptHook(), [textTurn('{"ok": true, "reason": "harmless"}')]);
    const { executed, result } = await runShell(config, 'ls');
    expect(executed).toBe(true);
    expect(result.llmContent).toBe('ran');
  });

  it('ok false blocks BeforeAgent (the prompt is refused) and BeforeModel (the call is skipped)', async () => {
    const agent = setup(HookEventName.BeforeAgent, promptHook({ prompt: 'Is this prompt on topic?' }), [
      textTurn('{"ok": false, "reason": "off topic"}'),
    ]);
    await expect(fireBeforeAgentHook(agent.config, 'tell me a joke')).resolves.toMatchObject({
      blocked: true,
      reason: 'off topic',
    });
    const text = (agent.model.requests[0]!.contents as Array<{ parts: Array<{ text: string }> }>)[0]!.parts[0]!.text;
    expect(text).toContain('"prompt": "tell me a joke"');

    const modelCall = setup(HookEventName.BeforeModel, promptHook({ prompt: 'May this request go out?' }), [
      textTurn('{"ok": false, "reason": "quota"}'),
    ]);
    const decision = await fireBeforeModelHook(modelCall.config, {
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });
    expect(decision).toMatchObject({ blocked: true, reason: 'quota' });
  });

  it('ok false at AfterAgent makes the agent go on with the reason; ok true lets it stop', async () => {
    const stop = setup(HookEventName.AfterAgent, promptHook({ prompt: 'Are all tasks done? $ARGUMENTS' }), [
      textTurn('{"ok": false, "reason": "the tests were not run"}'),
      textTurn('{"ok": true}'),
    ]);
    const input = { prompt: 'fix the bug', promptResponse: 'Fixed.', stopHookActive: false };
    await expect(fireAfterAgentHook(stop.config, input)).resolves.toMatchObject({
      continueRequested: true,
      reason: 'the tests were not run',
    });
    await expect(fireAfterAgentHook(stop.config, { ...input, stopHookActive: true })).resolves.toMatchObject({
      continueRequested: false,
    });
  });

  it('the result says which model answered, what it said and how long it took', async () => {
    const { config } = setup(HookEventName.BeforeTool, promptHook(), [textTurn('{"ok": ', 'false, "reason": "no"}')]);
    const details = await fireDetails(config);
    const [result] = details.results;
    expect(result).toMatchObject({
      success: true,
      model: 'fake-model',
      modelAnswer: '{"ok": false, "reason": "no"}',
      output: { decision: 'block', reason: 'no' },
    });
    expect(result!.duration).toBeGreaterThanOrEqual(0);
  });
});

describe('a prompt hook in a session', () => {
  it('a Stop (AfterAgent) prompt hook that answers ok false makes the session go on with its reason, then lets it stop', async () => {
    const { config } = setup(
      HookEventName.AfterAgent,
      promptHook({ prompt: 'Did the agent run the tests? $ARGUMENTS' }),
      [textTurn('{"ok": false, "reason": "Run the tests before you stop."}'), textTurn('{"ok": true}')],
    );
    const generator = new FakeContentGenerator([textTurn('Fixed it.'), textTurn('Ran the tests: all pass.')]);
    const session = createAgentSession({ config, generator, tools: [], transcript: { directory: scratch.path } });
    const result = await session.prompt('fix the bug');
    await session.end();
    expect(result).toMatchObject({ status: 'completed', continuations: 1, finalText: 'Ran the tests: all pass.' });
    expect(JSON.stringify(generator.requests[1]!.contents)).toContain('Run the tests before you stop.');
  });
});

describe('prompt hooks that fail', () => {
  it('an answer that is not {ok, reason} is a failure: fail-open by default, with a warning quoting it', async () => {
    const { config, records } = setup(HookEventName.BeforeTool, promptHook({ name: 'safety' }), [
      textTurn('Sure, that looks fine to me!'),
    ]);
    const { executed } = await runShell(config);
    expect(executed).toBe(true);
    const warnings = recordsAt(records, 'warn').map((record) => record.message);
    expect(
      warnings.some(
        (message) =>
          message.includes('safety') &&
          message.includes('fail-open') &&
          message.includes('Sure, that looks fine to me!'),
      ),
    ).toBe(true);
  });

  it('with onFailure block, garbage blocks BeforeTool with a reason naming the hook and the answer', async () => {
    const { config } = setup(HookEventName.BeforeTool, promptHook({ name: 'safety', onFailure: 'block' }), [
      textTurn('{"ok": "yes"}'),
    ]);
    const { executed, result } = await runShell(config);
    expect(executed).toBe(false);
    expect(result.llmContent).toMatch(/safety/);
    expect(result.llmContent).toMatch(/"ok" is "yes"/);
  });

  it('a hook model that hangs past the timeout is a failure at the timeout, and its stream is aborted', async () => {
    const hanging: FakeTurn = { chunks: [textChunk('{"ok": ')], hang: true };
    const { model, config } = setup(HookEventName.BeforeTool, promptHook({ timeout: 100, onFailure: 'block' }), [
      hanging,
    ]);
    const details = await fireDetails(config);
    const [result] = details.results;
    expect(result).toMatchObject({ success: false, timedOut: true, failedClosed: true, model: 'fake-model' });
    expect((result!.error as HookExecutionError).kind).toBe('timeout');
    expect(result!.error!.message).toMatch(/did not answer within 100 ms/);
    await expect.poll(() => model.abortedStreams, { timeout: 2_000 }).toBe(1);
  });

  it('a hook model that fails when asked or mid-answer is a failure naming the model error', async () => {
    const refused = setup(HookEventName.BeforeTool, promptHook(), [
      { failOnOpen: new ModelError('fake-model', 'quota exceeded (HTTP 429)') },
    ]);
    const first = (await fireDetails(refused.config)).results[0]!;
    expect(first).toMatchObject({ success: false });
    expect((first.error as HookExecutionError).kind).toBe('model');
    expect(first.error!.message).toMatch(/the hook model fake-model failed: .*quota exceeded \(HTTP 429\)/);

    const broken = setup(HookEventName.BeforeTool, promptHook({ onFailure: 'block' }), [
      { chunks: [textChunk('{"ok"')], failWith: new Error('connection reset') },
    ]);
    const { executed, result } = await runShell(broken.config);
    expect(executed).toBe(false);
    expect(result.llmContent).toMatch(/connection reset/);
  });

  it('without a hook model the hook fails and says how to give one', async () => {
    const { config } = setup(HookEventName.BeforeTool, promptHook(), [], { hookModel: undefined });
    const [result] = (await fireDetails(config)).results;
    expect(result).toMatchObject({ success: false });
    expect(result!.error!.message).toMatch(/no hook model: give Config a hookModel/);
  });

  it('a cancelled fire stops waiting for the hook model at once', async () => {
    const { config } = setup(HookEventName.BeforeTool, promptHook(), [{ chunks: [], hang: true }]);
    const hookSystem = config.getHookSystem()!;
    await hookSystem.initialize();
    const controller = new AbortController();
    const fired = hookSystem
      .getEventHandler()
      .fireEventWithDetails(
        HookEventName.BeforeTool,
        { tool_name: 'run_shell_command', tool_input: { command: 'ls' } },
        { signal: controller.signal },
      );
    setTimeout(() => controller.abort(), 20);
    const [result] = (await fired).results;
    expect((result!.error as HookExecutionError).kind).toBe('cancelled');
  });
});
