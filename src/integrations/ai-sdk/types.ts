/**
 * The AI SDK's language-model types, derived from what `ai` exports (its middleware type), so this
 * entry depends on `ai` alone and never on the provider packages it brings along. Types only: the
 * `ai` package itself is never loaded by hookrail.
 */
import type { LanguageModelMiddleware } from 'ai';

/** The call options a middleware sees (`LanguageModelV4CallOptions`). */
export type LanguageModelCallOptions = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params'];
/** The model a middleware wraps (`LanguageModelV4`). */
export type WrappedLanguageModel = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['model'];
/** What `doGenerate` resolves with. */
export type LanguageModelGenerateResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapGenerate']>>>;
/** What `doStream` resolves with. */
export type LanguageModelStreamResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapStream']>>>;
/** One part of a model stream. */
export type LanguageModelStreamPart =
  LanguageModelStreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;
/** One message of a model prompt. */
export type LanguageModelPromptMessage = LanguageModelCallOptions['prompt'][number];
/** One content part of a generate result. */
export type LanguageModelContent = LanguageModelGenerateResult['content'][number];
/** A generate result's token usage. */
export type LanguageModelUsage = LanguageModelGenerateResult['usage'];
