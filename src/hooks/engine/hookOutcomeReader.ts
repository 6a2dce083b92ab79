/**
 * How one command hook ended, read into its result: the exit-code table (HOOK-066–070) applied to a
 * finished process, and the error of a hook that failed — logged as a warning (or, for a cancel, as
 * information) that names the hook, the event, the exit code, signal or timeout, and stderr.
 */
import type { DebugLogger } from '../../debugLogger.js';
import { HookExecutionError, type HookFailureKind } from '../../errors.js';
import { STDOUT_OVERFLOW_EXCERPT_BYTES, type HookProcessOutcome } from '../actions/hookProcess.js';
import type { HookEventName } from '../protocol/events.js';
import { failureMode } from '../protocol/failurePolicy.js';
import type { HookConfig } from '../protocol/hookConfig.js';
import { boundedStderrMessage } from '../protocol/hookStderr.js';
import type { HookExecutionResult } from '../protocol/results.js';
import { convertPlainTextToHookOutput, parseHookStdout } from './hookOutputText.js';

/** Characters of stderr a warning quotes. */
const stderrExcerptLength = 2_000;

/** What {@link HookOutcomeReader} needs: where it reports, and the output caps it names. */
export interface HookOutcomeReaderOptions {
  logger: DebugLogger;
  maxStdoutBytes: number;
  maxStderrBytes: number;
}

/** Reads how command hooks ended (see the module comment). */
export class HookOutcomeReader {
  private readonly logger: DebugLogger;
  private readonly maxStdoutBytes: number;
  private readonly maxStderrBytes: number;

  constructor(options: HookOutcomeReaderOptions) {
    this.logger = options.logger;
    this.maxStdoutBytes = options.maxStdoutBytes;
    this.maxStderrBytes = options.maxStderrBytes;
  }

  /** The exit-code table (the exit-code rules, HOOK-066–070) applied to one finished process. */
  interpret(
    hookConfig: HookConfig,
    eventName: HookEventName,
    outcome: HookProcessOutcome,
    timeoutMs: number,
  ): HookExecutionResult {
    // One object, completed by the branch that applies: a base spread into each answer cost a hook
    // ~6 µs on the cold path after its process exits (bench/README.md).
    const result: HookExecutionResult = {
      hookConfig,
      eventName,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      signal: outcome.signal,
      truncated: outcome.stdoutDroppedBytes > 0 || outcome.stderrDroppedBytes > 0 || undefined,
      duration: outcome.durationMs,
      success: false,
    };
    // A reason or a warning for the model: only its head (10,000 characters) goes into the model's context.
    const stderr = boundedStderrMessage(outcome.stderr.trim(), outcome.stderrDroppedBytes);

    if (outcome.cancelled || outcome.timedOut || outcome.spawnError) {
      const kind: HookFailureKind = outcome.cancelled ? 'cancelled' : outcome.timedOut ? 'timeout' : 'spawn';
      const reason = outcome.cancelled
        ? 'cancelled'
        : outcome.timedOut
          ? `timed out after ${timeoutMs} ms${outcome.forceKilled ? ' (killed with SIGKILL after ignoring SIGTERM)' : ''}`
          : `could not start: ${outcome.spawnError?.message ?? 'unknown error'}`;
      const error = this.report({
        hookConfig,
        eventName,
        kind,
        reason,
        outcome,
        level: outcome.cancelled ? 'info' : 'warn',
      });
      result.timedOut = outcome.timedOut || undefined;
      result.error = error;
      return result;
    }

    if (outcome.exitCode === 0) {
      if (outcome.stdoutDroppedBytes > 0) {
        const reason = `stdout exceeded ${this.maxStdoutBytes} bytes; the output was not parsed`;
        const error = this.report({ hookConfig, eventName, kind: 'output-too-large', reason, outcome, level: 'warn' });
        result.exitCode = 0;
        result.error = error;
        return result;
      }
      if (stderr !== '')
        this.logger.debug(`Hook "${hookLabel(hookConfig)}" for ${eventName} wrote to stderr`, {
          stderr: excerpt(stderr),
        });
      result.exitCode = 0;
      result.success = true;
      result.output = parseHookStdout(outcome.stdout);
      return result;
    }

    if (outcome.exitCode === 2) {
      const output = convertPlainTextToHookOutput(stderr, 2);
      // A block is the answer, not a failure: its record is built only for a logger that keeps it.
      if (this.logger.isEnabled('info'))
        this.logger.info(`Hook "${hookLabel(hookConfig)}" blocked ${eventName} (exit code 2): ${output.reason}`, {
          command: commandOf(hookConfig),
          eventName,
          exitCode: 2,
          stderr: excerpt(stderr),
        });
      const error = new HookExecutionError({
        kind: 'exit-code',
        command: commandOf(hookConfig),
        eventName,
        message: `blocked (exit code 2): ${output.reason}`,
      });
      result.exitCode = 2;
      result.output = output;
      result.error = error;
      return result;
    }

    // Any other exit code, or a signal (HOOK-196: exit code null maps to 0 with success false).
    const kind: HookFailureKind = outcome.exitCode === null ? 'signal' : 'exit-code';
    const reason =
      outcome.exitCode === null
        ? `killed by ${outcome.signal ?? 'a signal'}`
        : exitCodeReason(outcome.exitCode, commandOf(hookConfig));
    const error = this.report({ hookConfig, eventName, kind, reason, outcome, level: 'warn' });
    const output = stderr !== '' ? convertPlainTextToHookOutput(stderr, outcome.exitCode) : undefined;
    result.exitCode = outcome.exitCode ?? 0;
    result.output = output;
    result.error = error;
    return result;
  }

  /** Builds the error of a failed hook and logs it with structured fields. */
  private report(options: {
    hookConfig: HookConfig;
    eventName: HookEventName;
    kind: HookFailureKind;
    reason: string;
    outcome: HookProcessOutcome;
    level: 'warn' | 'info';
  }): HookExecutionError {
    const { hookConfig, eventName, kind, reason, outcome } = options;
    const stderr = outcome.stderr.trim();
    const truncation = [
      outcome.stdoutDroppedBytes > 0
        ? `stdout was ${outcome.stdoutDroppedBytes} bytes over the cap of ${this.maxStdoutBytes} bytes; only its first ${STDOUT_OVERFLOW_EXCERPT_BYTES} bytes are kept`
        : '',
      outcome.stderrDroppedBytes > 0
        ? `stderr truncated to the first ${this.maxStderrBytes} bytes (${outcome.stderrDroppedBytes} bytes cut)`
        : '',
    ].filter(Boolean);
    const message =
      `Hook "${hookLabel(hookConfig)}" for ${eventName} failed (${failureMode(hookConfig, eventName)}): ${reason}` +
      (stderr !== '' ? `; stderr: ${excerpt(stderr)}` : '; stderr was empty') +
      (truncation.length > 0 ? `; ${truncation.join('; ')}` : '');
    this.logger[options.level](message, {
      command: commandOf(hookConfig),
      eventName,
      kind,
      exitCode: outcome.exitCode,
      signal: outcome.signal,
      timedOut: outcome.timedOut,
      durationMs: outcome.durationMs,
      stderr: excerpt(stderr),
      truncated: truncation,
    });
    return new HookExecutionError({
      kind,
      command: commandOf(hookConfig),
      eventName,
      message,
      cause: outcome.spawnError,
    });
  }

  /** A failure before any process ran (plugin hook, missing command, unserialisable input). */
  fail(options: {
    hookConfig: HookConfig;
    eventName: HookEventName;
    startedAt: number;
    kind: HookFailureKind;
    reason: string;
    cause?: unknown;
  }): HookExecutionResult {
    const { hookConfig, eventName, kind, reason } = options;
    const message = `Hook "${hookLabel(hookConfig)}" for ${eventName} failed (${failureMode(hookConfig, eventName)}): ${reason}`;
    this.logger.warn(message, { command: commandOf(hookConfig), eventName, kind });
    const error = new HookExecutionError({
      kind,
      command: commandOf(hookConfig),
      eventName,
      message,
      cause: options.cause,
    });
    return { hookConfig, eventName, success: false, duration: performance.now() - options.startedAt, error };
  }
}

function exitCodeReason(exitCode: number, command: string): string {
  if (exitCode === 127) return `exit code 127 (command not found: ${command})`;
  if (exitCode === 126) return `exit code 126 (command not executable: ${command})`;
  return `exit code ${exitCode}`;
}

/** The command a hook runs, as one would type it. */
export function commandOf(hookConfig: HookConfig): string {
  if (typeof hookConfig.command !== 'string') return '';
  // Exec form: the executable and its arguments, as one would type them.
  return hookConfig.type === 'command' && Array.isArray(hookConfig.args)
    ? [hookConfig.command, ...hookConfig.args].join(' ')
    : hookConfig.command;
}

/** The hook as a warning names it: its name and command, or just the command. */
export function hookLabel(hookConfig: HookConfig): string {
  const command = commandOf(hookConfig) || `<${String(hookConfig.type)} hook without command>`;
  return hookConfig.name ? `${hookConfig.name} (${command})` : command;
}

function excerpt(text: string): string {
  return text.length > stderrExcerptLength
    ? `${text.slice(0, stderrExcerptLength)}… [${text.length - stderrExcerptLength} more characters]`
    : text;
}
