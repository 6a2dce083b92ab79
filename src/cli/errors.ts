/**
 * The CLI's typed errors and exit codes. A command throws one of these; `runCli` turns it into one
 * clear line on stderr and the matching exit code, with a stack trace only under `--debug`.
 */
import { HookrailError } from '../errors.js';

/** Exit codes of the `hookrail` command (documented in `hookrail --help`). */
export const ExitCode = {
  /** The command did its job; for `run` also a run a hook stopped (`continue: false`). */
  success: 0,
  /** The command could not go on: bad file, unknown model, failed run, validation problems. */
  failure: 1,
  /** The command line itself is wrong: unknown command or option, missing or malformed argument. */
  usage: 2,
  /** Interrupted by Ctrl-C (SIGINT), as shells report it. */
  interrupted: 130,
} as const;

/** A number from {@link ExitCode}. */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** The command line is wrong; exit code 2 and a hint to `--help`. */
export class CliUsageError extends HookrailError {
  /** The command whose help the hint points to, e.g. `hooks fire`; absent for the top level. */
  readonly commandName?: string;
  constructor(message: string, options: { commandName?: string } = {}) {
    super(message);
    this.commandName = options.commandName;
  }
}

/** The command cannot go on for a reason other than its arguments; exit code 1 unless stated. */
export class CliError extends HookrailError {
  readonly exitCode: ExitCodeValue;
  constructor(message: string, options: { exitCode?: ExitCodeValue; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.exitCode = options.exitCode ?? ExitCode.failure;
  }
}
