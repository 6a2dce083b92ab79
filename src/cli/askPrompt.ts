/**
 * How `hookrail run` answers a hook's `ask`: on a terminal it asks the person at it —
 * showing the tool, its arguments and the hook's reason — and reads y or n; when stdin is not a
 * terminal no one can answer, so it follows `--ask deny|allow` (default deny, saying so to the model).
 * The prompt goes to stderr, so `--json` output on stdout stays clean.
 */
import { createInterface } from 'node:readline';
import type { AskUserAnswer, AskUserCallback, AskUserDecision, AskUserRequest } from '../hooks/protocol/askUser.js';
import type { CliIo } from './context.js';
import { CliUsageError } from './errors.js';
import { oneLine, type Renderer } from './render.js';

/** What `--ask` accepts: the answer when no one can be asked. */
export const askFallbacks = ['deny', 'allow'] as const;

/** `--ask deny|allow`. */
export type AskFallback = (typeof askFallbacks)[number];

/** The reason a non-interactive run gives the model for a deny. */
export const NO_ONE_TO_ASK_REASON =
  'no one could answer: hookrail run is not interactive (stdin is not a terminal) and --ask is deny';

/** Options of {@link createCliAskUser}. */
export interface CliAskUserOptions {
  io: CliIo;
  render: Renderer;
  /** What to answer when stdin is not a terminal. */
  fallback: AskFallback;
  /** Called before the question is printed (the progress view ends its open line). */
  beforePrompt?: () => void;
  /**
   * Reads the answer when the caller already reads the terminal (`hookrail chat`'s line editor);
   * default: one line straight from `io.stdin`, and only when it is a terminal.
   */
  readAnswer?: (signal: AbortSignal) => Promise<string | undefined>;
}

/** The `onAskUser` of `hookrail run`: a y/n prompt on a terminal, else the `--ask` fallback. */
export function createCliAskUser(options: CliAskUserOptions): AskUserCallback {
  const stdin = options.io.stdin;
  if (options.readAnswer) {
    const readAnswer = options.readAnswer;
    return (request) => askOnTerminal({ ...options, readAnswer, request });
  }
  if (stdin?.isTTY !== true) return () => fallbackAnswer(options.fallback);
  return (request) => askOnTerminal({ ...options, readAnswer: (signal) => readLine(stdin, signal), request });
}

function fallbackAnswer(fallback: AskFallback, deniedReason: string = NO_ONE_TO_ASK_REASON): AskUserAnswer {
  if (fallback === 'allow') return { decision: 'allow', reason: 'allowed by --ask allow (stdin is not a terminal)' };
  return { decision: 'deny', reason: deniedReason };
}

/** The `onAskUser` of a command that can never ask anyone: the `--ask` fallback, denying with `deniedReason`. */
export function createFallbackAskUser(fallback: AskFallback, deniedReason: string): AskUserCallback {
  return () => fallbackAnswer(fallback, deniedReason);
}

/** `--ask deny|allow`, default deny; anything else is a usage error naming the option and the value. */
export function parseAskFallback(value: string | undefined, commandName: string): AskFallback {
  if (value === undefined) return 'deny';
  const fallback = askFallbacks.find((candidate) => candidate === value.trim().toLowerCase());
  if (!fallback) throw new CliUsageError(`--ask expects deny or allow, got "${value}"`, { commandName });
  return fallback;
}

interface TerminalAsk extends CliAskUserOptions {
  readAnswer: (signal: AbortSignal) => Promise<string | undefined>;
  request: AskUserRequest;
}

async function askOnTerminal(options: TerminalAsk): Promise<AskUserAnswer> {
  const { request, render, io } = options;
  const styles = render.styles;
  options.beforePrompt?.();
  const lines = [
    '',
    `${styles.yellow('?')} ${styles.bold(`A hook asks before ${request.toolName} runs`)}`,
    `  ${describeArguments(request.toolInput)}`,
    `  reason: ${oneLine(request.reason, 400)}`,
  ];
  if (request.hookName !== undefined) lines.push(`  hook: ${oneLine(request.hookName, 200)}`);
  io.stderr.write(`${lines.join('\n')}\n`);
  for (;;) {
    io.stderr.write(`Allow it? ${styles.dim('[y/N]')} `);
    const line = await options.readAnswer(request.signal);
    if (line === undefined) {
      io.stderr.write('\n');
      return {
        decision: 'deny',
        reason: request.signal.aborted ? 'no answer came in time' : 'stdin closed before an answer',
      };
    }
    const decision = parseAnswer(line);
    if (decision === 'allow') return { decision, reason: 'allowed at the terminal' };
    if (decision === 'deny') return { decision, reason: 'the user denied it at the terminal' };
    io.stderr.write('Please answer y or n.\n');
  }
}

/** `y` / `yes` allow; `n` / `no` / an empty line deny (the default); anything else is asked again. */
export function parseAnswer(line: string): AskUserDecision | undefined {
  const answer = line.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return 'allow';
  if (answer === 'n' || answer === 'no' || answer === '') return 'deny';
  return undefined;
}

/** One line from stdin; `undefined` when it closes or the question is withdrawn (`signal`). */
function readLine(input: NodeJS.ReadableStream, signal: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve) => {
    // terminal: false keeps the terminal in its own line mode, so Ctrl-C still interrupts the run.
    const reader = createInterface({ input, terminal: false });
    let settled = false;
    const finish = (value: string | undefined): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      reader.close();
      resolve(value);
    };
    const onAbort = (): void => finish(undefined);
    if (signal.aborted) {
      finish(undefined);
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    reader.once('line', (line) => finish(line));
    reader.once('close', () => finish(undefined));
  });
}

/** `$ <command>` for shell calls, else the arguments as one-line JSON. */
function describeArguments(toolInput: Record<string, unknown>): string {
  const command = toolInput['command'];
  if (typeof command === 'string') return `$ ${oneLine(command, 300)}`;
  return `arguments: ${oneLine(toolInput, 300)}`;
}
