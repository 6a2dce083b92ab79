/**
 * Terminal output: colour decided once per process (`NO_COLOR`, `--no-color`, `FORCE_COLOR`, TTY),
 * stdout for results and progress, stderr for warnings and errors — so `--json` output and pipes stay
 * clean — and small formatting helpers shared by the commands' views.
 */

/** Where text goes; `process.stdout`/`process.stderr` in the real CLI. */
export interface TextSink {
  write(text: string): unknown;
}

/** ANSI styling functions; identity functions when colour is off. */
export interface Styles {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  blue(text: string): string;
  magenta(text: string): string;
  cyan(text: string): string;
}

/** Inputs of the colour decision. */
export interface ColorDecisionOptions {
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  noColorFlag: boolean;
}

/**
 * Colour only for a terminal, never when `NO_COLOR` is set to anything non-empty (no-color.org),
 * `--no-color` is given, or `TERM=dumb`; `FORCE_COLOR` (not `0`) turns it on for pipes.
 */
export function shouldUseColor(options: ColorDecisionOptions): boolean {
  if (options.noColorFlag) return false;
  const noColor = options.env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  const forceColor = options.env['FORCE_COLOR'];
  if (forceColor !== undefined && forceColor !== '' && forceColor !== '0' && forceColor !== 'false') return true;
  if (options.env['TERM'] === 'dumb') return false;
  return options.isTTY;
}

const ansiCodes: Record<keyof Styles, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
};

/** Styling functions; with `enabled: false` every function returns its input unchanged. */
export function createStyles(enabled: boolean): Styles {
  const entries = Object.entries(ansiCodes).map(([name, [open, close]]) => [
    name,
    enabled ? (text: string) => `\u001b[${open}m${text}\u001b[${close}m` : (text: string) => text,
  ]);
  return Object.fromEntries(entries) as unknown as Styles;
}

/** Options for {@link Renderer}. */
export interface RendererOptions {
  stdout: TextSink & { isTTY?: boolean };
  stderr: TextSink & { isTTY?: boolean };
  color: boolean;
}

/** Writes the CLI's output: results on stdout, diagnostics on stderr. */
export class Renderer {
  readonly styles: Styles;
  readonly color: boolean;
  private readonly stdout: TextSink;
  private readonly stderr: TextSink;
  /** Both streams go to a terminal, where a stderr line would land in the middle of an open stdout line. */
  private readonly sharedTerminal: boolean;
  /** What stdout holds of its current line: a progress line that is still growing, or ''. */
  private openLine = '';

  constructor(options: RendererOptions) {
    this.stdout = options.stdout;
    this.stderr = options.stderr;
    this.sharedTerminal = options.stdout.isTTY === true && options.stderr.isTTY === true;
    this.color = options.color;
    this.styles = createStyles(options.color);
  }

  /** One line on stdout. */
  line(text = ''): void {
    this.write(`${text}\n`);
  }

  /** Text on stdout without a newline (progress lines that grow as a call moves on). */
  write(text: string): void {
    this.stdout.write(text);
    // Only a shared terminal needs to know: piped output is never written again.
    if (!this.sharedTerminal) return;
    const lastNewline = text.lastIndexOf('\n');
    this.openLine = lastNewline === -1 ? this.openLine + text : text.slice(lastNewline + 1);
  }

  /** `warning: ...` on stderr. */
  warn(message: string): void {
    this.toStderr(`${this.styles.yellow('warning:')} ${message}\n`);
  }

  /** `hookrail: error: ...` on stderr. */
  error(message: string): void {
    this.toStderr(`${this.styles.red('hookrail: error:')} ${message}\n`);
  }

  /** A plain line on stderr (hints, debug log, stack traces). */
  note(message: string): void {
    this.toStderr(`${message}\n`);
  }

  /**
   * On a terminal, a warning that comes while a progress line is open (a hook failing during a call)
   * goes below that line, which is then shown again to go on growing; piped streams stay as they are.
   */
  private toStderr(text: string): void {
    const interrupts = this.sharedTerminal && this.openLine !== '';
    if (interrupts) this.stdout.write('\n');
    this.stderr.write(text);
    if (interrupts) this.stdout.write(this.openLine);
  }
}

/** Prefixes every line of `text` with `spaces` spaces. */
export function indent(text: string, spaces: number): string {
  const padding = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => (line.length > 0 ? padding + line : line))
    .join('\n');
}

/** The first `maxLines` lines of `text` (trailing whitespace trimmed) and how many were left out. */
export function headLines(text: string, maxLines: number): { text: string; omitted: number } {
  const lines = text.replace(/\s+$/, '').split('\n');
  if (lines.length <= maxLines) return { text: lines.join('\n'), omitted: 0 };
  return { text: lines.slice(0, maxLines).join('\n'), omitted: lines.length - maxLines };
}

/** A value on one line (JSON for non-strings), cut to `maxLength` characters with an ellipsis. */
export function oneLine(value: unknown, maxLength = 120): string {
  const text = typeof value === 'string' ? value : safeJson(value);
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

/** `850 ms`, `1.2 s`. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

/** JSON.stringify that never throws (cycles, BigInt) and never returns `undefined`. */
export function safeJson(value: unknown, space?: number): string {
  try {
    return (
      JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner), space) ??
      String(value)
    );
  } catch {
    return String(value);
  }
}
