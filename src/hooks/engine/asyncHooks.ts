/**
 * Async hooks: a hook with `async: true` runs in the background. It never blocks or modifies
 * anything; its `systemMessage` and `additionalContext`, if it answers with any, wait in the queue of
 * the session that fired it (its input's `session_id`) until that session's next model request drains
 * them. Each is killed at its own timeout (the runner's); a session's end cancels the ones it started.
 */
import type { DebugLogger } from '../../debugLogger.js';
import { toError } from '../../errors.js';
import type { HookEventName } from '../protocol/events.js';
import { getHookName, type HookConfig } from '../protocol/hookConfig.js';
import type { HookInput } from '../protocol/inputs.js';
import type { HookExecutionResult } from '../protocol/results.js';
import { isPlainObject } from '../../values.js';
import type { HookRunner } from './hookRunner.js';

/** One message an async hook left for the model. */
export interface AsyncHookMessage {
  eventName: HookEventName;
  /** The hook's name (else command, URL). */
  hookName: string;
  /** Which output field it came from. */
  field: 'systemMessage' | 'additionalContext';
  text: string;
}

/** Messages kept at most per session while no model request drains them; older ones are dropped first. */
export const MAX_PENDING_ASYNC_MESSAGES = 100;

const noHooks: HookConfig[] = [];

interface RunningHook {
  controller: AbortController;
  /** The session that started it. */
  sessionId: string;
  settled: Promise<HookExecutionResult | undefined>;
}

/** The messages waiting for one session's next model request. */
interface MessageQueue {
  messages: AsyncHookMessage[];
  /** True once the queue overflowed since it was last drained (the warning is given once). */
  droppedWarned: boolean;
}

/** Starts async hooks, collects their messages per session, and cancels them. */
export class AsyncHookTracker {
  private readonly running = new Set<RunningHook>();
  /** Results of async hooks that finished and were not yet handed out by {@link whenSettled}. */
  private finished: HookExecutionResult[] = [];
  /** Session id → its waiting messages; a session's entry goes when drained or when it ends. */
  private readonly queues = new Map<string, MessageQueue>();

  constructor(
    private readonly runner: HookRunner,
    private readonly logger: DebugLogger,
  ) {}

  /** Splits a plan's hooks into those that run now and those that run in the background. */
  static partition(hookConfigs: HookConfig[]): { foreground: HookConfig[]; background: HookConfig[] } {
    if (!hookConfigs.some((hookConfig) => hookConfig.async === true))
      return { foreground: hookConfigs, background: noHooks };
    const foreground: HookConfig[] = [];
    const background: HookConfig[] = [];
    for (const hookConfig of hookConfigs) (hookConfig.async === true ? background : foreground).push(hookConfig);
    return { foreground, background };
  }

  /**
   * Starts each hook in the background for the session of `input.session_id`; returns at once. Never
   * throws. `onFinished` sees each result (the inspection observers), as a foreground hook's would be seen.
   */
  start(
    hookConfigs: readonly HookConfig[],
    eventName: HookEventName,
    input: HookInput,
    onFinished?: (result: HookExecutionResult) => void,
  ): void {
    const sessionId = input.session_id;
    for (const hookConfig of hookConfigs) {
      const controller = new AbortController();
      const entry: RunningHook = {
        controller,
        sessionId,
        settled: this.runner.executeHook(hookConfig, eventName, input, { signal: controller.signal }).then(
          (result) => {
            if (!controller.signal.aborted) this.collect(result, sessionId);
            try {
              onFinished?.(result);
            } catch (error) {
              this.logger.warn(
                `an observer of async hook "${getHookName(hookConfig)}" failed: ${toError(error).message}`,
              );
            }
            this.finished.push(result);
            if (this.finished.length > MAX_PENDING_ASYNC_MESSAGES) this.finished.shift();
            return result;
          },
          (error: unknown) => {
            this.logger.warn(
              `async hook "${getHookName(hookConfig)}" for ${eventName} failed: ${toError(error).message}`,
            );
            return undefined;
          },
        ),
      };
      this.running.add(entry);
      void entry.settled.finally(() => this.running.delete(entry));
    }
  }

  /** The messages waiting for the session's next model request, removed from its queue. */
  takeMessages(sessionId: string): AsyncHookMessage[] {
    const queue = this.queues.get(sessionId);
    if (!queue) return [];
    this.queues.delete(sessionId);
    return queue.messages;
  }

  /** How many async hooks are still running. */
  get runningCount(): number {
    return this.running.size;
  }

  /**
   * Cancels the async hooks still running and not yet cancelled — of one session when `sessionId` is
   * given, else of every session — and returns how many there were.
   */
  cancelAll(sessionId?: string): number {
    let count = 0;
    for (const entry of this.running) {
      if (entry.controller.signal.aborted || (sessionId !== undefined && entry.sessionId !== sessionId)) continue;
      entry.controller.abort();
      count += 1;
    }
    if (count > 0)
      this.logger.debug(`cancelled ${count} async hook(s)${sessionId !== undefined ? ` of session ${sessionId}` : ''}`);
    return count;
  }

  /** A session ends: its async hooks still running are cancelled and the messages left for its model dropped. */
  endSession(sessionId: string): number {
    this.queues.delete(sessionId);
    return this.cancelAll(sessionId);
  }

  /**
   * Waits until every async hook running now has finished (each is bounded by its timeout), then
   * returns the results of the async hooks that finished since the last call (at most the last
   * {@link MAX_PENDING_ASYNC_MESSAGES}).
   */
  async whenSettled(): Promise<HookExecutionResult[]> {
    await Promise.all([...this.running].map((entry) => entry.settled));
    const finished = this.finished;
    this.finished = [];
    return finished;
  }

  private collect(result: HookExecutionResult, sessionId: string): void {
    const output = result.output;
    if (!result.success || !isPlainObject(output)) return;
    const hookName = getHookName(result.hookConfig);
    const specific = isPlainObject(output.hookSpecificOutput) ? output.hookSpecificOutput : undefined;
    const found: AsyncHookMessage[] = [];
    if (typeof output.systemMessage === 'string' && output.systemMessage.trim() !== '') {
      found.push({ eventName: result.eventName, hookName, field: 'systemMessage', text: output.systemMessage });
    }
    const additionalContext = specific?.['additionalContext'];
    if (typeof additionalContext === 'string' && additionalContext.trim() !== '') {
      found.push({ eventName: result.eventName, hookName, field: 'additionalContext', text: additionalContext });
    }
    const ignored = ['decision', 'continue', 'suppressOutput'].filter(
      (field) => output[field as keyof typeof output] !== undefined,
    );
    if (ignored.length > 0 && this.logger.isEnabled('debug')) {
      this.logger.debug(
        `async hook "${hookName}" for ${result.eventName} answered ${ignored.join(', ')}; ignored (async hooks never block or modify)`,
      );
    }
    if (found.length === 0) return;
    let queue = this.queues.get(sessionId);
    if (!queue) {
      queue = { messages: [], droppedWarned: false };
      this.queues.set(sessionId, queue);
    }
    queue.messages.push(...found);
    const excess = queue.messages.length - MAX_PENDING_ASYNC_MESSAGES;
    if (excess > 0) {
      queue.messages.splice(0, excess);
      if (!queue.droppedWarned) {
        queue.droppedWarned = true;
        this.logger.warn(
          `more than ${MAX_PENDING_ASYNC_MESSAGES} async hook messages are waiting for a model request of session ${sessionId}; the oldest are dropped`,
        );
      }
    }
  }
}
