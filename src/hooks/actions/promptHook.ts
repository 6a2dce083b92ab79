/**
 * Runs one prompt hook: the hook model
 * (`Config.hookModel`) is asked the hook's prompt, with the input JSON in place of `$ARGUMENTS`, and
 * must answer `{ "ok": boolean, "reason"?: string }` — the request carries that response schema
 * (`responseMimeType: "application/json"`), which the GenAI adapter passes to the API. The answer
 * becomes a `block` with the reason (`ok: false`) or an `allow`. No model, a model that fails, hangs
 * past the timeout (default 30 s) or answers anything else is a failed result (`onFailure` applies),
 * never an exception.
 */
import { performance } from 'node:perf_hooks';
import type { GenerateContentParameters } from '@google/genai';
import type { ContentGenerator } from '../../contentGenerator.js';
import type { PromptHookConfig } from '../protocol/hookConfig.js';
import type { HookExecutionResult } from '../protocol/results.js';
import { actionFailer, describeThrown } from './actionFailure.js';
import { runWithDeadline } from './deadline.js';
import {
  judgedAnswerSchema,
  judgedHookLabel,
  judgedHookOutput,
  judgedPromptText,
  judgeInstruction,
  parseJudgedAnswer,
  type JudgedHookRunOptions,
} from './judgement.js';

/** What {@link runPromptHook} needs. */
export interface PromptHookRunOptions extends JudgedHookRunOptions<PromptHookConfig> {
  /** `Config.hookModel`; without one the hook fails with a message saying how to give one. */
  model: ContentGenerator | undefined;
}

/** Characters of answer read at most: a judgement is one short object, a longer answer is not one. */
export const MAX_JUDGED_ANSWER_CHARACTERS = 64 * 1024;

/** Asks the hook model and reads its answer (see the module comment). */
export async function runPromptHook(options: PromptHookRunOptions): Promise<HookExecutionResult> {
  const { hookConfig, eventName, logger } = options;
  const startedAt = performance.now();
  const modelName = hookConfig.model ?? options.model?.name;
  const fail = actionFailer({
    hookConfig,
    eventName,
    startedAt,
    logger,
    fields: modelName ? { model: modelName } : undefined,
  });

  if (options.signal?.aborted) return fail('cancelled', 'cancelled before the hook model was asked');
  const generator = options.model;
  if (!generator) {
    return fail(
      'invalid-config',
      'no hook model: give Config a hookModel (a ContentGenerator), or run the CLI with --model or a scenario with a "hookModel" section',
    );
  }
  let request: GenerateContentParameters;
  try {
    request = {
      model: modelName ?? generator.name,
      contents: [
        { role: 'user', parts: [{ text: judgedPromptText(hookConfig.prompt, options.inputText ?? options.input) }] },
      ],
      config: {
        systemInstruction: judgeInstruction(eventName),
        responseMimeType: 'application/json',
        responseSchema: judgedAnswerSchema,
        temperature: 0,
      },
    };
  } catch (error) {
    return fail('invalid-input', `its input could not be serialised: ${describeThrown(error)}`, {}, error);
  }

  const settlement = await runWithDeadline({
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    run: (signal) => readAnswerText(generator, request, signal),
  });
  const model = request.model;
  switch (settlement.kind) {
    case 'timeout':
      return fail('timeout', `the hook model ${model} did not answer within ${options.timeoutMs} ms`, {
        timedOut: true,
      });
    case 'cancelled':
      return fail('cancelled', 'cancelled while the hook model was answering');
    case 'threw':
      return fail('model', `the hook model ${model} failed: ${describeThrown(settlement.error)}`, {}, settlement.error);
    case 'returned': {
      const text = settlement.value;
      const reading = parseJudgedAnswer(text);
      if (!reading.answer) {
        return fail(
          'invalid-output',
          `the hook model ${model} did not answer {"ok": boolean, "reason"?: string}: ${reading.problem}`,
          { modelAnswer: text },
        );
      }
      const output = judgedHookOutput(reading.answer, eventName, judgedHookLabel(hookConfig));
      if (logger.isEnabled('debug'))
        logger.debug(`Prompt hook "${judgedHookLabel(hookConfig)}" for ${eventName}: ${model} answered ${text.trim()}`);
      return {
        hookConfig,
        eventName,
        success: true,
        output,
        model,
        modelAnswer: text,
        duration: performance.now() - startedAt,
      };
    }
  }
}

/**
 * The text of the model's streamed answer (thoughts left out), at most
 * {@link MAX_JUDGED_ANSWER_CHARACTERS}; a longer answer is an error, and the stream is abandoned.
 */
async function readAnswerText(
  generator: ContentGenerator,
  request: GenerateContentParameters,
  signal: AbortSignal,
): Promise<string> {
  const stream = await generator.generateContentStream(request, { signal });
  let text = '';
  for await (const chunk of stream) {
    signal.throwIfAborted();
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      if (typeof part.text !== 'string' || part.thought === true) continue;
      text += part.text;
      if (text.length > MAX_JUDGED_ANSWER_CHARACTERS) {
        throw new Error(
          `the answer exceeded ${MAX_JUDGED_ANSWER_CHARACTERS} characters; a judgement is one short JSON object`,
        );
      }
    }
  }
  return text;
}
