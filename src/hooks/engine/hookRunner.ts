/**
 * HookRunner: executes configured hook commands as real processes and turns how they ended into a
 * `HookExecutionResult` following the canonical exit-code table (HOOK-066–070, hookOutcomeReader.ts). It never throws: every
 * failure becomes a result with `success: false`, and every failure is logged as a warning that
 * names the hook, the event, the exit code (or signal, or timeout) and stderr.
 */
import { expandCommand } from '../actions/commandExpansion.js';
import { buildHookEnvironment } from '../actions/hookEnvironment.js';
import { compileNameFilter } from '../matching/matchers.js';
import { DebugLogger } from '../../debugLogger.js';
import { runHookProcess } from '../actions/hookProcess.js';
import { hookTimeoutMs } from '../dialects/hookTimeouts.js';
import { openHookConversation } from '../dialects/conversation.js';
import { expandExecForm } from '../actions/execForm.js';
import { directScript } from '../actions/directScript.js';
import { runFunctionHook } from '../actions/functionHook.js';
import { DEFAULT_MAX_HTTP_BODY_BYTES, runHttpHook } from '../actions/httpHook.js';
import { runJudgedHook } from './judgedHookDispatch.js';
import type { JudgedHookHost } from './engineHost.js';
import { applyFailurePolicy } from '../protocol/failurePolicy.js';
import {
  HOOK_KILL_GRACE_MS,
  type HookConfig,
  type HookFireOptions,
  type HttpHookConfig,
} from '../protocol/hookConfig.js';
import type { HookEventName } from '../protocol/events.js';
import type { HookExecutionResult } from '../protocol/results.js';
import type { HookInput } from '../protocol/inputs.js';
import { applyHookOutputToInput, isBlockingOutput } from './hookChain.js';
import { hookLabel, HookOutcomeReader } from './hookOutcomeReader.js';

/**
 * Default cap on the bytes kept from a hook's stdout: 16 MiB, so a valid JSON decision is never lost
 * to the cap while memory stays bounded (at most about twice the cap per hook: the bytes and their text).
 */
export const DEFAULT_MAX_STDOUT_BYTES = 16 * 1024 * 1024;

/** Default cap on the bytes kept from a hook's stderr: 1 MiB (a reason or a warning, quoted in part). */
export const DEFAULT_MAX_STDERR_BYTES = 1024 * 1024;

/** Characters of stderr quoted in a warning message (the full capture is in the record's data). */

/** Options for {@link HookRunner}. */
export interface HookRunnerOptions {
  logger?: DebugLogger;
  /** Bytes of stdout kept; default {@link DEFAULT_MAX_STDOUT_BYTES}. */
  maxStdoutBytes?: number;
  /** Bytes of stderr kept; default {@link DEFAULT_MAX_STDERR_BYTES}. */
  maxStderrBytes?: number;
  /** SIGTERM → SIGKILL grace period; default {@link HOOK_KILL_GRACE_MS} (HOOK-118). */
  killGraceMs?: number;
  /** Names or globs of host variables no hook process receives (`Config.hookEnvironment.withhold`). */
  withheldVariables?: readonly string[];
  /** Bytes of an http hook's response body read at most; default {@link DEFAULT_MAX_HTTP_BODY_BYTES}. */
  maxHttpBodyBytes?: number;
  /** Idle warm interpreters per interpreter command hooks name (`Config.warmInterpreters`); default 0: every hook starts cold. */
  warmInterpreters?: number;
  /** The host whose hook model and sub-agent runner prompt and agent hooks use (a Config). */
  config?: JudgedHookHost;
}

/** HOOK-061..070, 103..108, 117..120, 188, 192..198, 209: spawns hooks and interprets their answers. */
export class HookRunner {
  private readonly logger: DebugLogger;
  private readonly maxStdoutBytes: number;
  private readonly maxStderrBytes: number;
  private readonly killGraceMs: number;
  private readonly isWithheld?: (name: string) => boolean;
  private readonly maxHttpBodyBytes: number;
  private readonly config: JudgedHookHost | undefined;
  private readonly warmInterpreters: number;
  private readonly outcomes: HookOutcomeReader;

  constructor(options: HookRunnerOptions = {}) {
    this.config = options.config;
    this.warmInterpreters = nonNegativeOr(options.warmInterpreters, 0);
    this.logger = options.logger ?? new DebugLogger('hookrail:hooks:runner');
    this.maxStdoutBytes = positiveOr(options.maxStdoutBytes, DEFAULT_MAX_STDOUT_BYTES);
    this.maxStderrBytes = positiveOr(options.maxStderrBytes, DEFAULT_MAX_STDERR_BYTES);
    this.killGraceMs = nonNegativeOr(options.killGraceMs, HOOK_KILL_GRACE_MS);
    // No filter at all by default, so the common case does not walk the environment for every hook.
    this.isWithheld = options.withheldVariables?.length ? compileNameFilter(options.withheldVariables) : undefined;
    this.maxHttpBodyBytes = positiveOr(options.maxHttpBodyBytes, DEFAULT_MAX_HTTP_BODY_BYTES);
    this.outcomes = new HookOutcomeReader({
      logger: this.logger,
      maxStdoutBytes: this.maxStdoutBytes,
      maxStderrBytes: this.maxStderrBytes,
    });
  }

  /**
   * Runs one hook of any type. Never throws; failures are results with `success: false` (HOOK-070,
   * 195, 196), or blocks for a hook with `onFailure: "block"`.
   */
  async executeHook(
    hookConfig: HookConfig,
    eventName: HookEventName,
    input: HookInput,
    options: HookFireOptions = {},
  ): Promise<HookExecutionResult> {
    return applyFailurePolicy(await this.runByType(hookConfig, eventName, input, options));
  }

  /** The one place a hook's type chooses how it runs (hooks/actions/ has one module per type). */
  private runByType(
    hookConfig: HookConfig,
    eventName: HookEventName,
    input: HookInput,
    options: HookFireOptions,
  ): Promise<HookExecutionResult> {
    const timeoutMs = hookTimeoutMs(hookConfig, eventName);
    const logger = this.logger;
    switch (hookConfig.type) {
      case 'function':
        return runFunctionHook({ hookConfig, eventName, input, timeoutMs, signal: options.signal, logger });
      case 'http':
        return this.executeHttpHook(hookConfig, eventName, input, options, timeoutMs);
      case 'prompt':
      case 'agent':
        return runJudgedHook({
          hookConfig,
          eventName,
          input,
          signal: options.signal,
          logger,
          config: this.config,
          subagent: options.subagent,
          moment: options.moment,
          toolUseId: options.toolCallId,
        });
      default:
        return this.executeCommandHook(hookConfig, eventName, input, options);
    }
  }

  /** An http hook, spoken to in its dialect like a command hook: the body is what its stdin would be. */
  private async executeHttpHook(
    hookConfig: HttpHookConfig,
    eventName: HookEventName,
    input: HookInput,
    options: HookFireOptions,
    timeoutMs: number,
  ): Promise<HookExecutionResult> {
    const startedAt = performance.now();
    try {
      const conversation = openHookConversation({
        hookConfig,
        eventName,
        input,
        toolUseId: options.toolCallId,
        subagent: options.subagent,
        moment: options.moment,
      });
      if (conversation.ready) await conversation.ready;
      const answer = await runHttpHook({
        hookConfig,
        eventName,
        input,
        body: conversation.stdin,
        timeoutMs,
        maxBodyBytes: this.maxHttpBodyBytes,
        signal: options.signal,
        logger: this.logger,
        isWithheld: this.isWithheld,
      });
      return conversation.readAnswer(answer);
    } catch (error) {
      return this.outcomes.fail({
        hookConfig,
        eventName,
        startedAt,
        kind: 'invalid-input',
        reason: `could not run: ${describeError(error)}`,
        cause: error,
      });
    }
  }

  /** A command (or plugin) hook: one process, its answer read by the exit-code table (the exit-code rules, HOOK-066–070). */
  private async executeCommandHook(
    hookConfig: HookConfig,
    eventName: HookEventName,
    input: HookInput,
    options: HookFireOptions,
  ): Promise<HookExecutionResult> {
    const startedAt = performance.now();
    const label = hookLabel(hookConfig);
    try {
      if (hookConfig.type === 'plugin') {
        return this.outcomes.fail({
          hookConfig,
          eventName,
          startedAt,
          kind: 'plugin',
          reason: 'plugin hooks have no execution path',
        });
      }
      if (typeof hookConfig.command !== 'string' || hookConfig.command.trim() === '') {
        return this.outcomes.fail({
          hookConfig,
          eventName,
          startedAt,
          kind: 'invalid-config',
          reason: 'the hook has no command',
        });
      }
      // The hook's dialect (docs/architecture.md "Dialects"): its stdin and variables now, its answer's reading after.
      const conversation = openHookConversation({
        hookConfig,
        eventName,
        input,
        toolUseId: options.toolCallId,
        subagent: options.subagent,
        moment: options.moment,
      });
      // Only a hook whose dialect prepares a file waits here: no other hook pays an await before its spawn.
      if (conversation.ready) await conversation.ready;
      const projectDir = typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : process.cwd();
      const timeoutMs = hookTimeoutMs(hookConfig, eventName);
      const execForm =
        hookConfig.type === 'command' && Array.isArray(hookConfig.args)
          ? expandExecForm({
              command: hookConfig.command,
              args: hookConfig.args,
              projectDir,
              variables: conversation.env,
            })
          : undefined;
      const command = execForm?.command ?? expandCommand(hookConfig.command, projectDir);
      const env = buildHookEnvironment({ projectDir, isWithheld: this.isWithheld, extra: conversation.env });
      // One script path and nothing else: spawned without a shell, its shebang picks the interpreter.
      const script = execForm
        ? undefined
        : directScript({ command: hookConfig.command, projectDir, cwd: projectDir, environment: env });
      if (script) Object.assign(env, script.environment);
      if (this.logger.isEnabled('debug')) {
        const shell = execForm ? 'none: exec form' : script ? 'none: the script runs by its shebang' : 'bash -c';
        this.logger.debug(`Running hook "${label}" for ${eventName}`, {
          command,
          shell,
          eventName,
          timeoutMs,
          killGraceMs: this.killGraceMs,
          cwd: projectDir,
          dialect: conversation.dialect,
        });
      }
      const outcome = await runHookProcess({
        command: script?.file ?? command,
        args: script ? [] : execForm?.args,
        cwd: projectDir,
        env,
        stdin: conversation.stdin,
        timeoutMs,
        killGraceMs: this.killGraceMs,
        maxStdoutBytes: this.maxStdoutBytes,
        maxStderrBytes: this.maxStderrBytes,
        signal: options.signal,
        owner: typeof input.session_id === 'string' ? input.session_id : undefined,
        warmInterpreters: this.warmInterpreters,
      });
      if (outcome.warm && this.logger.isEnabled('debug'))
        this.logger.debug(`Hook "${label}" for ${eventName} ran on a warm interpreter`);
      return conversation.readAnswer(this.outcomes.interpret(hookConfig, eventName, outcome, timeoutMs));
    } catch (error) {
      return this.outcomes.fail({
        hookConfig,
        eventName,
        startedAt,
        kind: 'invalid-input',
        reason: `could not run: ${describeError(error)}`,
        cause: error,
      });
    }
  }

  /** HOOK-108: runs every hook at once; results are in configuration order. */
  executeHooksParallel(
    hookConfigs: HookConfig[],
    eventName: HookEventName,
    input: HookInput,
    options: HookFireOptions = {},
  ): Promise<HookExecutionResult[]> {
    return Promise.all(hookConfigs.map((hookConfig) => this.executeHook(hookConfig, eventName, input, options)));
  }

  /**
   * HOOK-103, 104, 107: runs hooks one at a time in array order; a successful hook's output is
   * applied to the next hook's input; a blocking answer (or cancellation) ends the chain.
   */
  async executeHooksSequential(
    hookConfigs: HookConfig[],
    eventName: HookEventName,
    input: HookInput,
    options: HookFireOptions = {},
  ): Promise<HookExecutionResult[]> {
    const results: HookExecutionResult[] = [];
    let currentInput = input;
    for (const hookConfig of hookConfigs) {
      const result = await this.executeHook(hookConfig, eventName, currentInput, options);
      results.push(result);
      if (isBlockingOutput(result.output, eventName) || options.signal?.aborted) break;
      if (result.success && result.output)
        currentInput = applyHookOutputToInput(currentInput, result.output, eventName);
    }
    return results;
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function positiveOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegativeOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}
