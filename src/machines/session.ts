/**
 * `createAgentSession`: a host's handle on one session machine. Operations (`prompt`, `compact`,
 * `clear`, `end`) run one at a time, each once the machine is idle; a prompt resolves with its
 * result and never rejects for the agent's sake (a failing model is status `error`). The session
 * writes its transcript (Claude Code's JSONL format) from the start, and tells hooks where it is.
 * Several sessions may share one Config: each has its own id, and every hook it fires is told that
 * id, its transcript and its own async hooks' messages, never another session's.
 */
import type { Content } from '@google/genai';
import { createActor, type Actor } from 'xstate';
import { TranscriptWriter, defaultTranscriptPath } from '../adapters/transcript.js';
import { readTranscript } from '../adapters/transcriptReader.js';
import type { ContentGenerator } from '../contentGenerator.js';
import { AgentSessionError, toError } from '../errors.js';
import { killLeftoverProcesses } from '../hooks/actions/processGroupRegistry.js';
import { closeWarmInterpreters } from '../hooks/actions/warm/warmStart.js';
import type { Config } from '../hooks/engine/config.js';
import type { HookSession } from '../hooks/protocol/hookConfig.js';
import { fireNotificationHook, type SessionEndReason } from '../hooks/triggers/lifecycleHookTriggers.js';
import { createInspectionRecorder } from '../inspection/recorder.js';
import { excerptText } from '../inspection/records.js';
import type { Tool } from '../tool.js';
import { compactionSettings, type CompactionSettings } from './historyCompaction.js';
import { createToolScheduler } from './scheduler.js';
import { sessionRecordOf } from './sessionRecords.js';
import { sessionMachine } from './session.machine.js';
import type { SessionServices } from './sessionActors.js';
import { DEFAULT_MAX_CONTINUATIONS, DEFAULT_SESSION_END_TIMEOUT_MS, type SessionContext } from './sessionState.js';
import type { InspectOption } from '../inspection/recorder.js';
import type { AgentEvent, AgentRunResult, CompactionReport } from './types.js';

/** Default for {@link AgentSessionOptions.maxTurns}. */
export const DEFAULT_MAX_TURNS = 25;

/** Options of {@link createAgentSession}. */
export interface AgentSessionOptions {
  config: Config;
  /**
   * The session's id, as its hooks are told (`session_id`) and its transcript is named. Default: the
   * Config's `sessionId` for the first session created on that Config, a fresh random UUID for every
   * later one. Throws an AgentSessionError if a session of this id is still open on the Config.
   */
  sessionId?: string;
  generator: ContentGenerator;
  tools: Tool[];
  /** The model name sent in each request; default: the generator's name. */
  model?: string;
  systemInstruction?: string;
  /** Model calls per prompt, continuations included; default {@link DEFAULT_MAX_TURNS}. */
  maxTurns?: number;
  /** AfterAgent (Stop) continuations per prompt; default {@link DEFAULT_MAX_CONTINUATIONS}. */
  maxContinuations?: number;
  /** Tool calls of one batch run at once; the scheduler's default when absent. */
  concurrency?: number;
  /** When the history is compacted and how (PreCompress fires first). */
  compaction?: Partial<CompactionSettings> & { generator?: ContentGenerator };
  /** The transcript file; default `<directory>/<sessionId>.jsonl`, the directory defaulting to `<os tmpdir>/hookrail/transcripts`. */
  transcript?: { path?: string; directory?: string };
  /** Resume the session recorded in this transcript (SessionStart `source: "resume"`); the session appends to it. */
  resume?: string;
  /** Milliseconds SessionEnd hooks get before they are cancelled; default {@link DEFAULT_SESSION_END_TIMEOUT_MS}. */
  sessionEndTimeoutMs?: number;
  /** Records XState inspection events of the session, model-call, scheduler and tool-call machines. */
  inspect?: InspectOption;
  /** Progress for a host or the CLI; a listener that throws is logged and ignored. */
  onEvent?: (event: AgentEvent) => void;
  /**
   * A hook's `continue: false` on BeforeAgent or AfterAgent ends the whole session (SessionEnd fires)
   * instead of the current prompt. Default false: the prompt ends, as in Gemini CLI and Claude Code.
   */
  stopEndsSession?: boolean;
  /** A session machine with swapped implementations (`sessionMachine.provide(...)`). */
  machine?: typeof sessionMachine;
}

/** Options of {@link AgentSession.prompt}. */
export interface PromptOptions {
  /** Aborting ends this prompt with status `aborted`: hook processes are killed, the stream and tools aborted. */
  signal?: AbortSignal;
}

/** A running agent session; see {@link createAgentSession}. */
export interface AgentSession {
  /** This session's own id (see {@link AgentSessionOptions.sessionId}). */
  readonly sessionId: string;
  /** The JSONL transcript hooks get as `transcript_path`. */
  readonly transcriptPath: string;
  /** True once `end()` (or a hook) ended the session. */
  readonly ended: boolean;
  /** The conversation as the model will next see it. */
  history(): Content[];
  /** Answers one prompt: BeforeAgent, turns, AfterAgent. Rejects only when the session has ended. */
  prompt(text: string, options?: PromptOptions): Promise<AgentRunResult>;
  /** Compacts now (PreCompress with `trigger: "manual"`); `undefined` when there is nothing to compact. */
  compact(): Promise<CompactionReport | undefined>;
  /** SessionEnd (`clear`), a cleared history and a new transcript segment, SessionStart (`clear`). */
  clear(): Promise<void>;
  /** Fires Notification: the agent is waiting for the user (e.g. a hook asked for confirmation). */
  notify(notificationType: string, message: string, details?: Record<string, unknown>): Promise<void>;
  /** Ends the session once: a prompt in progress is aborted, then SessionEnd fires with `reason` (default `exit`). */
  end(reason?: SessionEndReason): Promise<void>;
}

/**
 * Creates a session and starts it: SessionStart fires at once (`startup`, or `resume` with
 * `options.resume`). Its id is `options.sessionId`, else the Config's for the first session on that
 * Config and a fresh UUID for each later one (`Config.openSession`).
 */
export function createAgentSession(options: AgentSessionOptions): AgentSession {
  return new MachineAgentSession(options);
}

type SessionActor = Actor<typeof sessionMachine>;

class MachineAgentSession implements AgentSession {
  readonly sessionId: string;
  readonly transcriptPath: string;
  private readonly config: Config;
  /** What this session's hooks are told about it. */
  private readonly hookSession: HookSession;
  private readonly actor: SessionActor;
  private readonly emitEvent: (event: AgentEvent) => void;
  private queue: Promise<unknown> = Promise.resolve();
  private nextPromptId = 1;
  private currentTurn = 0;
  private activePrompt: AbortController | undefined;
  private ending: Promise<void> | undefined;
  private failure: Error | undefined;
  /** Writes the prompt's `hookrail.session` record (a no-op without `inspect`). */
  private readonly recordPrompt: (text: string) => void;

  constructor(options: AgentSessionOptions) {
    this.config = options.config;
    this.sessionId = options.config.openSession(options.sessionId);
    const resumed = options.resume !== undefined ? readTranscript(options.resume) : undefined;
    this.transcriptPath =
      options.resume ??
      options.transcript?.path ??
      defaultTranscriptPath(this.sessionId, options.transcript?.directory);
    this.hookSession = { sessionId: this.sessionId, transcriptPath: this.transcriptPath };
    // Fires outside any session (executeToolWithHooks, hooks fire) report the session that has the Config's id.
    if (this.sessionId === this.config.getSessionId()) this.config.setTranscriptPath(this.transcriptPath);
    this.emitEvent = createEmitter(options);
    const logger = options.config.getDebugLogger();
    const transcript = new TranscriptWriter({
      path: this.transcriptPath,
      sessionId: this.sessionId,
      cwd: options.config.getWorkingDir(),
      model: options.model ?? options.generator.name,
      logger: logger.child('transcript'),
      parentUuid: resumed?.lastUuid,
      alreadyWritten: resumed?.history.length,
    });
    const scheduler = createToolScheduler({
      config: options.config,
      tools: options.tools,
      concurrency: options.concurrency,
      inspect: options.inspect,
      session: this.hookSession,
      onUpdate: (update) => this.emitEvent({ type: 'tool_update', turn: this.currentTurn, update }),
    });
    const recorder = options.inspect ? createInspectionRecorder(options.inspect, logger) : undefined;
    const inspect = recorder?.inspect;
    // Every hook of the session (lifecycle, model and tool) is recorded until the session ends.
    const releaseHooks = recorder?.observeHooks(options.config, this.sessionId);
    this.recordPrompt = (text) =>
      recorder?.record({
        type: 'hookrail.session',
        time: Date.now(),
        event: 'prompt',
        sessionId: this.sessionId,
        prompt: excerptText(text),
      });
    const { generator: summaryGenerator, ...compaction } = options.compaction ?? {};
    const services: SessionServices = {
      config: options.config,
      session: this.hookSession,
      generator: options.generator,
      tools: options.tools,
      scheduler,
      transcript,
      model: options.model ?? options.generator.name,
      systemInstruction: options.systemInstruction,
      compaction: compactionSettings(compaction),
      summaryGenerator: summaryGenerator ?? options.generator,
      inspect,
      recorder,
      currentTurn: () => this.currentTurn,
      stopEndsSession: options.stopEndsSession === true,
      emit: (event) => {
        if (event.type === 'turn_start') this.currentTurn = event.turn;
        const record = recorder?.recordsHookrailRecords ? sessionRecordOf(event, this.sessionId) : undefined;
        if (record) recorder!.record(record);
        if (event.type === 'session_end') releaseHooks?.();
        this.emitEvent(event);
      },
    };
    this.actor = createActor(options.machine ?? sessionMachine, {
      input: {
        services,
        limits: {
          maxTurns: options.maxTurns ?? DEFAULT_MAX_TURNS,
          maxContinuations: options.maxContinuations ?? DEFAULT_MAX_CONTINUATIONS,
          sessionEndTimeoutMs: options.sessionEndTimeoutMs ?? DEFAULT_SESSION_END_TIMEOUT_MS,
        },
        ...(resumed ? { source: 'resume' as const, history: resumed.history } : {}),
      },
      inspect,
    });
    this.actor.subscribe({
      error: (error) => {
        this.failure = toError(error);
        logger.child('session').error(`the session machine failed: ${this.failure.message}`);
      },
    });
    this.actor.start();
  }

  get ended(): boolean {
    return this.ending !== undefined || this.actor.getSnapshot().status !== 'active';
  }

  history(): Content[] {
    return [...this.actor.getSnapshot().context.history];
  }

  prompt(text: string, options: PromptOptions = {}): Promise<AgentRunResult> {
    if (this.ended)
      return Promise.reject(
        new AgentSessionError(
          `the session ${this.sessionId} has ended; start a new one to send "${text.slice(0, 40)}"`,
        ),
      );
    return this.enqueue(async () => {
      const controller = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
      this.activePrompt = controller;
      const id = this.nextPromptId++;
      this.recordPrompt(text);
      try {
        const snapshot = await this.settle(
          () => this.actor.send({ type: 'PROMPT', id, text, signal }),
          (context) => context.lastResult?.promptId === id,
        );
        const result = snapshot?.lastResult?.promptId === id ? snapshot.lastResult.result : undefined;
        return result ?? this.lostPromptResult(snapshot);
      } finally {
        this.activePrompt = undefined;
      }
    });
  }

  compact(): Promise<CompactionReport | undefined> {
    if (this.ended)
      return Promise.reject(
        new AgentSessionError(`the session ${this.sessionId} has ended; there is nothing to compact`),
      );
    return this.enqueue(async () => {
      const before = this.actor.getSnapshot().context.lastCompaction;
      const snapshot = await this.settle(() => this.actor.send({ type: 'COMPACT' }));
      const after = snapshot?.lastCompaction;
      return after !== before ? after : undefined;
    });
  }

  clear(): Promise<void> {
    if (this.ended)
      return Promise.reject(
        new AgentSessionError(`the session ${this.sessionId} has ended; there is nothing to clear`),
      );
    return this.enqueue(async () => {
      await this.settle(() => this.actor.send({ type: 'CLEAR' }));
    });
  }

  async notify(notificationType: string, message: string, details: Record<string, unknown> = {}): Promise<void> {
    const result = await fireNotificationHook(
      this.config,
      { notificationType, message, details },
      { session: this.hookSession },
    );
    if (result.systemMessage)
      this.emitEvent({ type: 'hook_message', eventName: 'Notification', message: result.systemMessage });
  }

  end(reason: SessionEndReason = 'exit'): Promise<void> {
    if (this.ending) return this.ending;
    this.activePrompt?.abort();
    this.ending = this.enqueue(async () => {
      if (this.actor.getSnapshot().status === 'active') {
        await this.settle(
          () => this.actor.send({ type: 'END', reason }),
          () => false,
        );
        this.actor.stop();
      }
      // What this session's hooks left running in their process groups ends with it.
      await killLeftoverProcesses({ owner: this.sessionId });
      // Idle warm interpreters end with the session too; the next hook that needs one starts them again.
      await closeWarmInterpreters();
      this.config.closeSession(this.sessionId);
    });
    return this.ending;
  }

  private enqueue<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(operation);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Waits until the machine rests in `idle` (or has finished), runs `send`, then waits until it rests
   * again and `done(context)` holds; resolves with the context it rested in.
   */
  private async settle(
    send: () => void,
    done: (context: SessionContext) => boolean = () => true,
  ): Promise<SessionContext | undefined> {
    await this.waitFor(() => true);
    if (this.actor.getSnapshot().status !== 'active') return this.actor.getSnapshot().context;
    send();
    return this.waitFor(done);
  }

  private waitFor(done: (context: SessionContext) => boolean): Promise<SessionContext | undefined> {
    return new Promise((resolve) => {
      const check = (): boolean => {
        const snapshot = this.actor.getSnapshot();
        if (this.failure || snapshot.status !== 'active') {
          resolve(snapshot.context);
          return true;
        }
        if (snapshot.value === 'idle' && done(snapshot.context)) {
          resolve(snapshot.context);
          return true;
        }
        return false;
      };
      if (check()) return;
      const subscription = this.actor.subscribe({
        next: () => {
          if (check()) subscription.unsubscribe();
        },
        error: () => {
          check();
          subscription.unsubscribe();
        },
        complete: () => {
          check();
          subscription.unsubscribe();
        },
      });
    });
  }

  /** The machine failed or ended without recording this prompt's result: the caller still gets one. */
  private lostPromptResult(context: SessionContext | undefined): AgentRunResult {
    const message = this.failure
      ? `the session machine failed: ${this.failure.message}`
      : 'the session ended before the prompt finished';
    const result: AgentRunResult = {
      status: 'error',
      errorMessage: message,
      finalText: '',
      turns: 0,
      history: context?.history ?? [],
      toolCalls: [],
      continuations: 0,
    };
    this.emitEvent({ type: 'done', result });
    return result;
  }
}

function createEmitter(options: AgentSessionOptions): (event: AgentEvent) => void {
  const listener = options.onEvent;
  if (!listener) return () => {};
  const logger = options.config.getDebugLogger().child('agent');
  return (event) => {
    try {
      listener(event);
    } catch (error) {
      logger.warn(`onEvent listener threw on a "${event.type}" event; ignored: ${toError(error).message}`);
    }
  };
}
