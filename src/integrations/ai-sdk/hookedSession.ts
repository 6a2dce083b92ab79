/**
 * The lifecycle around AI SDK runs, as hookrail's own session has it: SessionStart (its context
 * joins the conversation), BeforeAgent on each prompt (UserPromptSubmit: refuse it, or add context),
 * the builder's `generateText` / `streamText` call, AfterAgent on the answer (Stop: "keep going" runs
 * again with the hook's reason as the next user message, at most `maxContinuations` times per
 * prompt), and SessionEnd (a bounded wait). The conversation is written to a Claude Code-format
 * transcript as it grows, so hooks reading `transcript_path` see it.
 */
import type { ModelMessage } from 'ai';
import { TranscriptWriter, defaultTranscriptPath } from '../../adapters/transcript.js';
import {
  fireAfterAgentHook,
  fireBeforeAgentHook,
  fireSessionEndHook,
  fireSessionStartHook,
  type SessionEndReason,
} from '../../hooks/triggers/lifecycleHookTriggers.js';
import { flushInspectionFiles } from '../../inspection/recorder.js';
import { excerptText, type SessionRecord } from '../../inspection/records.js';
import {
  DEFAULT_MAX_CONTINUATIONS,
  DEFAULT_SESSION_END_TIMEOUT_MS,
  continuationLimitMessage,
} from '../../machines/sessionState.js';
import { messagesToContents } from './promptTranslation.js';
import type { HookedRunState } from './runState.js';

/** What a `generate` function returns: a `generateText` result, or a `streamText` result (its promises are awaited). */
export interface GenerateResultLike {
  text: string | PromiseLike<string>;
  /** The messages of every step of the run (the AI SDK's `responseMessages`). */
  responseMessages: readonly ModelMessage[] | PromiseLike<readonly ModelMessage[]>;
}

/** Runs the model on the conversation so far: the builder's `generateText` or `streamText` call. */
export type HookedGenerate<Result extends GenerateResultLike> = (input: {
  messages: ModelMessage[];
}) => PromiseLike<Result> | Result;

/** How a prompt ended. */
export type HookedPromptStatus = 'completed' | 'stopped' | 'blocked' | 'continuation_limit';

/** What {@link HookedSession.prompt} resolves with. */
export interface HookedPromptResult<Result extends GenerateResultLike> {
  status: HookedPromptStatus;
  /** The last answer's text ('' when the prompt was refused). */
  text: string;
  /** `blocked`: the BeforeAgent hook's reason. */
  blockReason?: string;
  /** `stopped`: the hook's reason; `continuation_limit`: the message saying so. */
  stopReason?: string;
  /** How many times an AfterAgent hook made the agent go on. */
  continuations: number;
  /** One result per run of `generate` (more than one when an AfterAgent hook asked to go on). */
  results: Result[];
  /** The whole conversation so far (without system messages). */
  messages: ModelMessage[];
}

/** Options of {@link HookedSession}. */
export interface HookedSessionOptions {
  /** AfterAgent (Stop) continuations per prompt; default 8, as hookrail's own session. */
  maxContinuations?: number;
  /** The transcript file; default `<directory>/<sessionId>.jsonl`, the directory defaulting to `<os tmpdir>/hookrail/transcripts`. */
  transcript?: { path?: string; directory?: string };
  /** How long SessionEnd hooks may take before they are cancelled; default 1500 ms. */
  sessionEndTimeoutMs?: number;
}

/** SessionStart, prompts and SessionEnd of one hooked AI SDK agent. */
export class HookedSession {
  /** The transcript hooks get as `transcript_path`. */
  readonly transcriptPath: string;
  private readonly messages: ModelMessage[] = [];
  private transcript: TranscriptWriter | undefined;
  private started: Promise<void> | undefined;

  constructor(
    private readonly state: HookedRunState,
    private readonly options: HookedSessionOptions = {},
  ) {
    this.transcriptPath =
      options.transcript?.path ?? defaultTranscriptPath(state.config.getSessionId(), options.transcript?.directory);
  }

  /** Fires SessionStart once (`startup`); its context joins the conversation as a user message. `prompt` calls it when needed. */
  start(): Promise<void> {
    this.started ??= this.fireStart();
    return this.started;
  }

  private async fireStart(): Promise<void> {
    const { config } = this.state;
    config.setTranscriptPath(this.transcriptPath);
    this.transcript = new TranscriptWriter({
      path: this.transcriptPath,
      sessionId: config.getSessionId(),
      cwd: config.getWorkingDir(),
      logger: config.getDebugLogger().child('transcript'),
    });
    const result = await fireSessionStartHook(config, 'startup');
    this.record({ event: 'start', reason: 'startup' });
    if (result.additionalContext) this.append([{ role: 'user', content: result.additionalContext }]);
  }

  /**
   * One prompt: BeforeAgent, then `generate` on the conversation, then AfterAgent; again with the
   * hook's reason while an AfterAgent hook asks to go on (bounded by `maxContinuations`). A hook's
   * stop (`continue: false`, from any event) ends the prompt with status `stopped`.
   */
  async prompt<Result extends GenerateResultLike>(
    text: string,
    generate: HookedGenerate<Result>,
  ): Promise<HookedPromptResult<Result>> {
    await this.start();
    const { config } = this.state;
    this.state.stopReason = undefined;
    this.record({ event: 'prompt', prompt: excerptText(text) });
    const results: Result[] = [];
    const finish = (
      status: HookedPromptStatus,
      answer: string,
      reasons: { blockReason?: string; stopReason?: string } = {},
    ): HookedPromptResult<Result> => {
      const reason = reasons.stopReason ?? reasons.blockReason;
      this.record({
        event: 'done',
        status,
        text: excerptText(answer, 2_000),
        ...(reason !== undefined ? { reason: excerptText(reason) } : {}),
      });
      return { status, text: answer, ...reasons, continuations, results, messages: [...this.messages] };
    };
    let continuations = 0;
    const before = await fireBeforeAgentHook(config, text);
    if (before.stopped) return finish('stopped', '', { stopReason: before.stopReason });
    if (before.blocked) {
      this.record({ event: 'prompt_blocked', reason: excerptText(before.reason ?? '') });
      return finish('blocked', '', { blockReason: before.reason ?? '' });
    }
    const parts = [{ type: 'text' as const, text }];
    if (before.additionalContext) parts.push({ type: 'text', text: before.additionalContext });
    this.append([{ role: 'user', content: parts }]);
    const maxContinuations = this.options.maxContinuations ?? DEFAULT_MAX_CONTINUATIONS;
    for (;;) {
      const result = await this.generateRecorded(generate);
      results.push(result);
      const answer = await result.text;
      this.append(await result.responseMessages);
      if (this.state.stopReason !== undefined) {
        this.record({ event: 'stop', reason: excerptText(this.state.stopReason) });
        return finish('stopped', answer, { stopReason: this.state.stopReason });
      }
      const after = await fireAfterAgentHook(config, {
        prompt: text,
        promptResponse: answer,
        stopHookActive: continuations > 0,
      });
      if (after.stopped) return finish('stopped', answer, { stopReason: after.stopReason });
      if (!after.continueRequested) return finish('completed', answer);
      if (continuations >= maxContinuations)
        return finish('continuation_limit', answer, { stopReason: continuationLimitMessage(maxContinuations) });
      continuations += 1;
      const reason = after.reason ?? '';
      this.record({ event: 'continue', reason: excerptText(reason) });
      this.append([{ role: 'user', content: reason }]);
    }
  }

  /** Runs `generate` on the conversation; a failure is recorded (the report's `error` moment) and rethrown. */
  private async generateRecorded<Result extends GenerateResultLike>(generate: HookedGenerate<Result>): Promise<Result> {
    try {
      return await generate({ messages: [...this.messages] });
    } catch (error) {
      this.record({ event: 'error', reason: excerptText(error instanceof Error ? error.message : String(error)) });
      throw error;
    }
  }

  /** Fires SessionEnd (default reason `exit`), waiting at most `sessionEndTimeoutMs`; writes out the inspection records. */
  async end(reason: SessionEndReason = 'exit'): Promise<void> {
    await this.start();
    const timeout = this.options.sessionEndTimeoutMs ?? DEFAULT_SESSION_END_TIMEOUT_MS;
    await fireSessionEndHook(this.state.config, reason, { signal: AbortSignal.timeout(timeout) });
    this.record({ event: 'end', reason });
    flushInspectionFiles();
  }

  private append(messages: readonly ModelMessage[]): void {
    this.messages.push(...messages);
    this.transcript?.sync(messagesToContents(this.messages, this.state.toolNames));
  }

  private record(fields: Omit<SessionRecord, 'type' | 'time' | 'sessionId'>): void {
    if (!this.state.recorder?.recordsHookrailRecords) return;
    this.state.recorder.record({
      type: 'hookrail.session',
      time: Date.now(),
      sessionId: this.state.config.getSessionId(),
      ...fields,
    });
  }
}
