/**
 * Async hooks (issue 13, item 6): a hook with `async: true` runs in the background. It never blocks
 * or modifies anything; its `systemMessage` and `additionalContext`, if it answers with any, wait in
 * a queue that the model-call path drains into the next model request. Each is killed at its own
 * timeout (the runner's), and every one still running is cancelled at session end.
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

/** Messages kept at most while no model request drains them; older ones are dropped first. */
export const MAX_PENDING_ASYNC_MESSAGES = 100;

const noHooks: HookConfig[] = [];

interface RunningHook {
  controller: AbortController;
  settled: Promise<HookExecutionResult | undefined>;
}

/** Issue 13: starts async hooks, collects their messages, and cancels them. */
export class AsyncHookTracker {
  private readonly running = new Set<RunningHook>();
  /** Results of async hooks that finished and were not yet handed out by {@link whenSettled}. */
  private finished: HookExecutionResult[] = [];
  private messages: AsyncHookMessage[] = [];
  private droppedWarned = false;

  constructor(
    private readonly runner: HookRunner,
    private readonly logger: DebugLogger,
  ) {}

  /** Issue 13: splits a plan's hooks into those that run now and those that run in the background. */
  static partition(hookConfigs: HookConfig[]): { foreground: HookConfig[]; background: HookConfig[] } {
    if (!hookConfigs.some((hookConfig) => hookConfig.async === true)) return { foreground: hookConfigs, background: noHooks };
    const foreground: HookConfig[] = [];
    const background: HookConfig[] = [];
    for (const hookConfig of hookConfigs) (hookConfig.async === true ? background : foreground).push(hookConfig);
    return { foreground, background };
  }

  /**
   * Starts each hook in the background; returns at once. Never throws. `onFinished` sees each result
   * (the inspection observers), as a foreground hook's would be seen.
   */
  start(hookConfigs: readonly HookConfig[], eventName: HookEventName, input: HookInput, onFinished?: (result: HookExecutionResult) => void): void {
    for (const hookConfig of hookConfigs) {
      const controller = new AbortController();
      const entry: RunningHook = {
        controller,
        settled: this.runner.executeHook(hookConfig, eventName, input, { signal: controller.signal }).then(
          (result) => {
            this.collect(result);
            try {
              onFinished?.(result);
            } catch (error) {
              this.logger.warn(`an observer of async hook "${getHookName(hookConfig)}" failed: ${toError(error).message}`);
            }
            this.finished.push(result);
            if (this.finished.length > MAX_PENDING_ASYNC_MESSAGES) this.finished.shift();
            return result;
          },
          (error: unknown) => {
            this.logger.warn(`async hook "${getHookName(hookConfig)}" for ${eventName} failed: ${toError(error).message}`);
            return undefined;
          },
        ),
      };
      this.running.add(entry);
      void entry.settled.finally(() => this.running.delete(entry));
    }
  }

  /** Issue 13: the messages waiting for the next model request, removed from the queue. */
  takeMessages(): AsyncHookMessage[] {
    if (this.messages.length === 0) return [];
    const taken = this.messages;
    this.messages = [];
    this.droppedWarned = false;
    return taken;
  }

  /** How many async hooks are still running. */
  get runningCount(): number {
    return this.running.size;
  }

  /** Issue 13: cancels every async hook still running (session end); returns how many there were. */
  cancelAll(): number {
    const count = this.running.size;
    for (const entry of this.running) entry.controller.abort();
    if (count > 0) this.logger.debug(`cancelled ${count} async hook(s)`);
    return count;
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

  private collect(result: HookExecutionResult): void {
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
    const ignored = ['decision', 'continue', 'suppressOutput'].filter((field) => output[field as keyof typeof output] !== undefined);
    if (ignored.length > 0 && this.logger.isEnabled('debug')) {
      this.logger.debug(`async hook "${hookName}" for ${result.eventName} answered ${ignored.join(', ')}; ignored (async hooks never block or modify)`);
    }
    if (found.length === 0) return;
    this.messages.push(...found);
    const excess = this.messages.length - MAX_PENDING_ASYNC_MESSAGES;
    if (excess > 0) {
      this.messages.splice(0, excess);
      if (!this.droppedWarned) {
        this.droppedWarned = true;
        this.logger.warn(`more than ${MAX_PENDING_ASYNC_MESSAGES} async hook messages are waiting for a model request; the oldest are dropped`);
      }
    }
  }
}
