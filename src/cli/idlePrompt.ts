/**
 * The idle-prompt notification of `hookrail chat`: Claude Code sends a Notification with
 * `notification_type: "idle_prompt"` once its prompt has waited at least 60 seconds for the user's
 * input. hookrail's rule: when chat shows its prompt and no prompt is running, a timer starts; if no
 * line is typed within {@link IDLE_PROMPT_DELAY_MS}, Notification fires once with `idle_prompt`. It
 * fires again only after the user has typed something and the prompt waits anew.
 */
import { CliUsageError } from './errors.js';

/** How long the prompt waits before `idle_prompt` fires: Claude Code's 60 seconds. */
export const IDLE_PROMPT_DELAY_MS = 60_000;

/** The notification type, the same in Claude Code's and hookrail's spelling. */
export const IDLE_PROMPT_NOTIFICATION_TYPE = 'idle_prompt';

/** The message Notification hooks are told. */
export const IDLE_PROMPT_MESSAGE = 'hookrail is waiting for your input';

/** The environment variable that sets another delay in milliseconds (for tests and demos). */
export const IDLE_PROMPT_DELAY_VARIABLE = 'HOOKRAIL_IDLE_PROMPT_MS';

/** The delay from the environment, or the default; anything but a positive whole number is a usage error naming the variable. */
export function idlePromptDelay(env: NodeJS.ProcessEnv, commandName: string): number {
  const given = env[IDLE_PROMPT_DELAY_VARIABLE];
  if (given === undefined || given === '') return IDLE_PROMPT_DELAY_MS;
  const value = Number(given);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new CliUsageError(
      `${IDLE_PROMPT_DELAY_VARIABLE} must be a positive whole number of milliseconds, got ${JSON.stringify(given)}`,
      { commandName },
    );
  }
  return value;
}

/** Options of {@link IdlePromptNotifier}. */
export interface IdlePromptNotifierOptions {
  delayMs: number;
  /** Fires the notification; its failure is the caller's to report (the session's `notify` does not throw for a hook). */
  notify: () => void;
}

/** One timer per idle wait of the prompt (see the module comment). */
export class IdlePromptNotifier {
  private timer: NodeJS.Timeout | undefined;
  private readonly options: IdlePromptNotifierOptions;

  constructor(options: IdlePromptNotifierOptions) {
    this.options = options;
  }

  /** The prompt is shown and waits for a line: the timer starts, unless it already runs. */
  waiting(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.options.notify();
    }, this.options.delayMs);
    // The timer alone does not keep the process alive.
    this.timer.unref();
  }

  /** A line was typed (or the prompt closed): the wait is over. */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
