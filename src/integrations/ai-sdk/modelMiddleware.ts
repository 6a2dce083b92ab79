/**
 * Model hooks as an AI SDK language model middleware. Each model call runs through one modelCall
 * machine — BeforeToolSelection, BeforeModel, the model, AfterModel, the same states as in hookrail's
 * own agent — with the AI SDK model behind a `ContentGenerator` and the call translated to and from
 * hookrail's GenAI-shaped request and response (what model hooks read).
 *
 * - BeforeToolSelection restricts the tools offered to the model (the AI SDK way: like `activeTools`)
 *   and its tool choice.
 * - BeforeModel rewrites the request (messages, sampling settings) or answers instead of the model.
 * - AfterModel replaces or redacts the response; a replacement carries the hook's text (and function
 *   calls, if it gave any), the tool calls of the original answer do not survive it.
 * - A stop (`continue: false`) ends the run: the answer is the hook's, and `stopWhen` ends the loop.
 *
 * Streams (`streamText`): when a model hook may apply, the model's stream is read to its end first,
 * so AfterModel judges the assembled answer (HOOK-050) before anything reaches the app. Then the
 * original parts are replayed unchanged (same parts, same order) when no hook changed the answer;
 * a replaced answer is streamed as the replacement (one text block, its tool calls, `finish` with the
 * model's usage). With no model hook applying, the stream passes through untouched, as it comes —
 * unless the run is recorded (`inspect`): then every call runs through the machine, to be seen.
 */
import { isDeepStrictEqual } from 'node:util';
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import type { LanguageModelMiddleware } from 'ai';
import type { ContentGenerator } from '../../contentGenerator.js';
import { HookEventName } from '../../hooks/protocol/events.js';
import { modelCallEndRecord } from '../../machines/callRecords.js';
import { runModelCall, type ModelCallOutput } from '../../machines/modelCall.machine.js';
import { mergeResponseChunks, responseFunctionCalls, responseText } from '../../machines/modelCallActors.js';
import { PromptTranslation } from './promptTranslation.js';
import {
  assembleStream,
  fromGenerateContentResponse,
  readStream,
  streamOf,
  toGenerateContentResponse,
  toStreamParts,
} from './responseTranslation.js';
import type { HookedRunState } from './runState.js';
import type {
  LanguageModelCallOptions,
  LanguageModelGenerateResult,
  LanguageModelStreamPart,
  LanguageModelStreamResult,
  WrappedLanguageModel,
} from './types.js';

/** The middleware of one hooked agent. */
export function createHookMiddleware(state: HookedRunState): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    wrapGenerate: async ({ doGenerate, params, model }) => {
      if (!(await throughMachine(state))) return doGenerate();
      const call = new HookedModelCall({ state, params, model, mode: 'generate', original: doGenerate });
      return call.generate();
    },
    wrapStream: async ({ doStream, params, model }) => {
      if (!(await throughMachine(state))) return doStream();
      const call = new HookedModelCall({ state, params, model, mode: 'stream', original: doStream });
      return call.stream();
    },
  };
}

/**
 * A call runs through the machine when a model hook may apply, and always while the run is recorded
 * (so the report shows it). The hook system is initialised first if it is not yet, so that a run with
 * no model hook never takes the machine's path, not even for its first call.
 */
async function throughMachine(state: HookedRunState): Promise<boolean> {
  if (state.recorder !== undefined) return true;
  const hookSystem = state.config.getHookSystem();
  if (!hookSystem) return false;
  if (!hookSystem.isInitialized()) {
    try {
      await hookSystem.initialize();
    } catch {
      // The machine's fires report the failure and fail open.
      return true;
    }
  }
  return modelHooksMayApply(state);
}

const modelEvents = [HookEventName.BeforeToolSelection, HookEventName.BeforeModel, HookEventName.AfterModel] as const;

/**
 * Whether a model hook may run: `false` with hooks disabled or, once initialised, no model hook
 * configured; `true` before the first fire. A failing check answers `true`: the fire reports it.
 */
export function modelHooksMayApply(state: HookedRunState): boolean {
  try {
    const hookSystem = state.config.getHookSystem();
    if (!hookSystem) return false;
    if (!hookSystem.isInitialized()) return true;
    const eventHandler = hookSystem.getEventHandler();
    return modelEvents.some((eventName) => eventHandler.hasMatchingHooks(eventName));
  } catch {
    return true;
  }
}

interface HookedModelCallOptions<Result> {
  state: HookedRunState;
  params: LanguageModelCallOptions;
  model: WrappedLanguageModel;
  mode: 'generate' | 'stream';
  /** The model call with the middleware's own parameters (used when no hook changed the request). */
  original: () => PromiseLike<Result>;
}

/** One model call through the modelCall machine; the AI SDK model answers as the machine's generator. */
class HookedModelCall<Result extends LanguageModelGenerateResult | LanguageModelStreamResult>
  implements ContentGenerator
{
  readonly name: string;
  private readonly translation: PromptTranslation;
  /** What the model answered, once it did. */
  private answered:
    | {
        response: GenerateContentResponse;
        result: LanguageModelGenerateResult;
        streamResult?: LanguageModelStreamResult;
        parts?: LanguageModelStreamPart[];
      }
    | undefined;

  constructor(private readonly options: HookedModelCallOptions<Result>) {
    this.name = `${options.model.provider}:${options.model.modelId}`;
    this.translation = new PromptTranslation(options.params, {
      modelId: options.model.modelId,
      toolNames: options.state.toolNames,
    });
  }

  async generateContentStream(request: GenerateContentParameters): Promise<AsyncIterable<GenerateContentResponse>> {
    const params = this.translation.toCallOptions(request);
    const unchanged = params === this.options.params;
    const { model, state } = this.options;
    if (this.options.mode === 'generate') {
      const result = unchanged
        ? ((await this.options.original()) as LanguageModelGenerateResult)
        : await model.doGenerate(params);
      this.answered = { result, response: toGenerateContentResponse(result, state.toolNames) };
    } else {
      const streamResult = unchanged
        ? ((await this.options.original()) as LanguageModelStreamResult)
        : await model.doStream(params);
      const parts = await readStream(streamResult.stream);
      const result = assembleStream(parts);
      this.answered = { result, streamResult, parts, response: toGenerateContentResponse(result, state.toolNames) };
    }
    return single(this.answered.response);
  }

  async generate(): Promise<LanguageModelGenerateResult> {
    const output = await this.run();
    if (this.answered && this.isModelAnswer(output)) return this.answered.result;
    return this.replacement(output);
  }

  async stream(): Promise<LanguageModelStreamResult> {
    const output = await this.run();
    const answered = this.answered;
    if (answered?.parts && answered.streamResult && this.isModelAnswer(output)) {
      return { ...answered.streamResult, stream: streamOf(answered.parts) };
    }
    return { ...(answered?.streamResult ?? {}), stream: streamOf(toStreamParts(this.replacement(output))) };
  }

  /**
   * True when the call completed with the model's own answer: the machine assembles the generator's
   * response into a new object (HOOK-050), so the answer is compared by what it says.
   */
  private isModelAnswer(output: ModelCallOutput): boolean {
    if (output.outcome !== 'completed' || !this.answered || !output.response) return false;
    return isDeepStrictEqual(output.response.candidates, mergeResponseChunks([this.answered.response]).candidates);
  }

  /** The answer a hook gave instead (a replacement, a synthetic answer, a stop), with the model's usage if it ran. */
  private replacement(output: ModelCallOutput): LanguageModelGenerateResult {
    const answered = this.answered?.result;
    return fromGenerateContentResponse(output.response, {
      toolNames: this.options.state.toolNames,
      ...(answered ? { usage: answered.usage, warnings: answered.warnings } : {}),
    });
  }

  /** Runs the machine; a failed model call rethrows the model's own error, an aborted one the abort reason. */
  private async run(): Promise<ModelCallOutput> {
    const { state, params } = this.options;
    state.modelCalls += 1;
    const turn = state.modelCalls;
    const recorder = state.recorder?.recordsHookrailRecords ? state.recorder : undefined;
    const startedAt = Date.now();
    let actorId: string | undefined;
    const output = await runModelCall({
      config: state.config,
      generator: this,
      request: this.translation.request,
      signal: params.abortSignal,
      inspect: state.recorder?.inspect,
      onStart: (id) => {
        actorId = id;
        recorder?.record({
          type: 'hookrail.model',
          phase: 'start',
          time: startedAt,
          turn,
          actorId: id,
          rootId: id,
          model: this.name,
        });
      },
    });
    if (recorder) {
      const functionCalls = responseFunctionCalls(output.response).map((functionCall) => functionCall.name ?? '');
      recorder.record(
        modelCallEndRecord({
          output,
          actorId,
          turn,
          model: this.name,
          startedAt,
          time: Date.now(),
          text: responseText(output.response),
          functionCalls,
        }),
      );
    }
    if (output.outcome === 'failed') throw output.error?.cause ?? output.error ?? new Error('The model call failed');
    if (output.outcome === 'aborted') throw params.abortSignal?.reason ?? new Error('The model call was aborted');
    if (output.outcome === 'stopped') state.stopReason ??= output.stopReason;
    return output;
  }
}

async function* single(response: GenerateContentResponse): AsyncIterable<GenerateContentResponse> {
  yield response;
}
