/**
 * A prompt hook run on its own (`runPromptHook`, as the engine calls it), against a fake hook model
 * streaming real GenAI response chunks: what text of the stream is read as the answer (thoughts and
 * chunks without content left out, a bounded length), and what each failure says — its kind, its
 * reason, the model's answer kept on the result, info rather than a warning for a cancellation.
 * promptHook.test.ts covers the decisions through the hook system.
 */
import { GenerateContentResponse } from '@google/genai';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { HookExecutionError } from '../../../src/errors.js';
import { MAX_JUDGED_ANSWER_CHARACTERS, runPromptHook } from '../../../src/hooks/actions/promptHook.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { PromptHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import type { HookInput } from '../../../src/hooks/protocol/inputs.js';
import { recordingLogger } from '../../../src/testing.js';
import { beforeToolInput } from '../../helpers/hookFixtures.js';
import { FakeContentGenerator, partsChunk, textChunk, type FakeTurn } from '../../helpers/modelFakeGenerator.js';

const hookConfig: PromptHookConfig = { type: 'prompt', prompt: 'Is this safe? $ARGUMENTS', name: 'safety' };

async function run(
  turns: FakeTurn[] | undefined,
  options: { signal?: AbortSignal; input?: HookInput; inputText?: string; level?: 'debug' | 'info' } = {},
) {
  const model = turns === undefined ? undefined : new FakeContentGenerator(turns);
  const { logger, records } = recordingLogger({ level: options.level ?? 'debug' });
  const result = await runPromptHook({
    hookConfig,
    eventName: HookEventName.BeforeTool,
    input: options.input ?? beforeToolInput({ command: 'ls' }),
    inputText: options.inputText,
    timeoutMs: 5_000,
    signal: options.signal,
    logger,
    model,
  });
  return { result, error: result.error as HookExecutionError | undefined, records, model };
}

describe('the answer a prompt hook reads from the stream', () => {
  it("thought parts are not the answer; the text parts are joined, and the request holds the dialect's input", async () => {
    const { result, model } = await run(
      [
        {
          chunks: [
            partsChunk([{ text: '{"ok": true}', thought: true }]),
            textChunk('{"ok": false, '),
            partsChunk([{ text: 'thinking', thought: true }, { text: '"reason": "no"}' }]),
          ],
        },
      ],
      { inputText: '{"tool_name":"Bash"}' },
    );
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ decision: 'block', reason: 'no' });
    expect(result.modelAnswer).toBe('{"ok": false, "reason": "no"}');
    const contents = model!.requests[0]!.contents as Array<{ role: string; parts: Array<{ text: string }> }>;
    expect(contents).toEqual([{ role: 'user', parts: [{ text: 'Is this safe? {"tool_name":"Bash"}' }] }]);
  });

  it('chunks without a candidate (none at all, or an empty list) or content, and parts without text, add nothing', async () => {
    const empty = new GenerateContentResponse();
    const noCandidates = new GenerateContentResponse();
    noCandidates.candidates = [];
    const noContent = new GenerateContentResponse();
    noContent.candidates = [{ index: 0 }];
    const { result } = await run([
      {
        chunks: [empty, noContent, partsChunk([{ functionCall: { name: 'x', args: {} } }]), textChunk('{"ok": true}')],
      },
    ]);
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ decision: 'allow' });
    expect(result.modelAnswer).toBe('{"ok": true}');
  });

  it(`an answer of exactly ${MAX_JUDGED_ANSWER_CHARACTERS} characters is read; one more is a model failure saying why`, async () => {
    expect(MAX_JUDGED_ANSWER_CHARACTERS).toBe(64 * 1024);
    const padded = `{"ok": true}${' '.repeat(MAX_JUDGED_ANSWER_CHARACTERS - '{"ok": true}'.length)}`;
    const exact = await run([{ chunks: [textChunk(padded)] }]);
    expect(exact.result.success).toBe(true);
    expect(exact.result.output).toEqual({ decision: 'allow' });
    const over = await run([{ chunks: [textChunk(`${padded} `)] }]);
    expect(over.result.success).toBe(false);
    expect(over.error?.kind).toBe('model');
    expect(over.error?.message).toContain(
      `the hook model fake-model failed: the answer exceeded ${MAX_JUDGED_ANSWER_CHARACTERS} characters; a judgement is one short JSON object`,
    );
  });

  it('a debug line names the hook, the event, the model and its answer; none above debug', async () => {
    const before = performance.now();
    const debug = await run([{ chunks: [textChunk(' {"ok": true} \n')] }]);
    expect(debug.result.duration).toBeGreaterThanOrEqual(0);
    expect(debug.result.duration).toBeLessThanOrEqual(performance.now() - before);
    expect(debug.records.map((record) => record.message)).toEqual([
      'Prompt hook "prompt hook "safety"" for BeforeTool: fake-model answered {"ok": true}',
    ]);
    const quiet = await run([{ chunks: [textChunk('{"ok": true}')] }], { level: 'info' });
    expect(quiet.result.output).toEqual({ decision: 'allow' });
    expect(quiet.records).toEqual([]);
  });
});

describe('a prompt hook that cannot answer fails, naming why', () => {
  it('cancelled before it asks: the model is never asked, and the cancellation is logged as info', async () => {
    const { result, error, records, model } = await run([{ chunks: [textChunk('{"ok": true}')] }], {
      signal: AbortSignal.abort(),
    });
    expect(model!.requests).toEqual([]);
    expect(result.success).toBe(false);
    expect(error?.kind).toBe('cancelled');
    expect(error?.message).toContain('cancelled before the hook model was asked');
    expect(records.map((record) => record.level)).toEqual(['info']);
  });

  it('cancelled while the model answers: cancelled, saying so', async () => {
    const controller = new AbortController();
    const model = new FakeContentGenerator([{ chunks: [], hang: true }], {
      onOpen: () => setTimeout(() => controller.abort(), 10),
    });
    const { logger } = recordingLogger();
    const result = await runPromptHook({
      hookConfig,
      eventName: HookEventName.BeforeTool,
      input: beforeToolInput({ command: 'ls' }),
      timeoutMs: 5_000,
      signal: controller.signal,
      logger,
      model,
    });
    const error = result.error as HookExecutionError;
    expect(error.kind).toBe('cancelled');
    expect(error.message).toContain('cancelled while the hook model was answering');
  });

  it('no hook model: invalid-config', async () => {
    const { error } = await run(undefined);
    expect(error?.kind).toBe('invalid-config');
    expect(error?.message).toContain('no hook model: give Config a hookModel');
  });

  it('an input that cannot be serialised: invalid-input, and the model is never asked', async () => {
    const circular: Record<string, unknown> = { ...beforeToolInput({ command: 'ls' }) };
    circular['self'] = circular;
    const { error, model } = await run([{ chunks: [textChunk('{"ok": true}')] }], {
      input: circular as unknown as HookInput,
    });
    expect(model!.requests).toEqual([]);
    expect(error?.kind).toBe('invalid-input');
    expect(error?.message).toContain('its input could not be serialised: TypeError: Converting circular structure');
  });

  it('an answer that is not { ok, reason }: invalid-output, the answer kept on the result', async () => {
    const { result, error } = await run([{ chunks: [textChunk('Looks fine.')] }]);
    expect(error?.kind).toBe('invalid-output');
    expect(error?.message).toContain('the hook model fake-model did not answer {"ok": boolean, "reason"?: string}');
    expect(result.modelAnswer).toBe('Looks fine.');
    expect(result.model).toBe('fake-model');
  });
});
