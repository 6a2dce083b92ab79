/**
 * HOOK-188: `$LLXPRT_PROJECT_DIR`, `$GEMINI_PROJECT_DIR` and `$CLAUDE_PROJECT_DIR` (and their `${...}`
 * forms) in a hook's command text are replaced with the project directory, quoted for the shell
 * context they appear in, so that a directory named `x; touch /tmp/pwned` stays one literal argument.
 *
 * The expanded value is written with a backslash before every character the shell could treat
 * specially, never with quote characters. A backslash-escaped word is literal in unquoted text, stays
 * inert inside double quotes and here-documents, and can never close a quote, so even a command whose
 * quoting this scanner misreads cannot be turned into code by the directory's name.
 */

/** The environment variables that name the project directory (HOOK-188). */
export const PROJECT_DIR_VARIABLES = ['LLXPRT_PROJECT_DIR', 'GEMINI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'] as const;

/** HOOK-188: the environment every hook gets on top of `process.env`: each project-dir variable set to `projectDir`. */
export function projectDirEnvironment(projectDir: string): Record<string, string> {
  return Object.fromEntries(PROJECT_DIR_VARIABLES.map((name) => [name, projectDir]));
}

type FrameKind = 'top' | 'substitution' | 'backtick' | 'double' | 'single' | 'parameter';

interface Frame {
  kind: FrameKind;
  /** Open `(` inside a `$(...)`, so the matching `)` is found. */
  parenDepth: number;
}

interface PendingHeredoc {
  delimiter: string;
  stripTabs: boolean;
}

const variableNames = PROJECT_DIR_VARIABLES.join('|');
const variablePattern = new RegExp(`^\\$(?:\\{(${variableNames})\\}|(${variableNames})(?![A-Za-z0-9_]))`);
const plainWordCharacter = /^[A-Za-z0-9_./:@%+,-]$/;
const controlCharacter = /[\u0000-\u001f\u007f]/;
const wordBoundary = /[\s;&|()<>]/;

/**
 * HOOK-188: expands the project-directory variables in `command` to `projectDir`, quoted for where
 * they stand: outside quotes and inside `$(...)` or backticks the value is backslash-escaped;
 * inside double quotes the quote is closed, the escaped value inserted and the quote reopened
 * (`"$CLAUDE_PROJECT_DIR/x.sh"` keeps working); inside single quotes, here-documents, comments and
 * `${VAR:-...}` words the text is left for the shell, which expands it from the environment the
 * runner sets. A directory containing control characters (a newline cannot be backslash-escaped)
 * is never inserted: every reference is left to the shell.
 */
export function expandCommand(command: string, projectDir: string): string {
  if (!command.includes('PROJECT_DIR')) return command;
  if (controlCharacter.test(projectDir)) return command;
  return new CommandScanner(command, projectDir).expand();
}

/** Backslash-escapes every character of `value` that is not plainly literal in a shell word. */
export function escapeShellWord(value: string): string {
  let escaped = '';
  for (const character of value) {
    const isAscii = character.charCodeAt(0) < 0x80;
    escaped += !isAscii || plainWordCharacter.test(character) ? character : `\\${character}`;
  }
  return escaped;
}

/** One pass of the escaping a backtick substitution undoes before re-reading its text. */
function escapeForBacktick(value: string): string {
  return value.replace(/[\\`$]/g, '\\$&');
}

class CommandScanner {
  private readonly stack: Frame[] = [{ kind: 'top', parenDepth: 0 }];
  private readonly pendingHeredocs: PendingHeredoc[] = [];
  private output = '';
  private index = 0;

  constructor(
    private readonly command: string,
    private readonly projectDir: string,
  ) {}

  expand(): string {
    const text = this.command;
    while (this.index < text.length) {
      const frame = this.stack[this.stack.length - 1];
      const character = text[this.index];
      if (frame.kind === 'single') {
        if (character === "'") this.stack.pop();
        this.copy(1);
      } else if (frame.kind === 'double') {
        this.scanDouble(character);
      } else {
        this.scanUnquoted(frame, character);
      }
    }
    return this.output;
  }

  private scanDouble(character: string): void {
    if (character === '\\') return this.copy(2);
    if (character === '"') {
      this.stack.pop();
      return this.copy(1);
    }
    if (character === '$' && this.tryReplace('double')) return;
    if (this.tryOpenExpansion(character)) return;
    this.copy(1);
  }

  private scanUnquoted(frame: Frame, character: string): void {
    const text = this.command;
    if (character === '\\') return this.copy(2);
    if (character === "'") return this.open('single', 1);
    if (character === '"') return this.open('double', 1);
    if (character === '\n') return this.skipHeredocBodies();
    if (character === '#' && this.atWordStart()) return this.skipComment();
    if (character === '<' && text.startsWith('<<', this.index) && !text.startsWith('<<<', this.index)) {
      return this.readHeredocOperator();
    }
    if (frame.kind === 'backtick' && character === '`') {
      this.stack.pop();
      return this.copy(1);
    }
    if (frame.kind === 'parameter' && character === '}') {
      this.stack.pop();
      return this.copy(1);
    }
    if (frame.kind === 'substitution' && (character === '(' || character === ')')) {
      if (character === '(') frame.parenDepth += 1;
      else if (frame.parenDepth === 0) this.stack.pop();
      else frame.parenDepth -= 1;
      return this.copy(1);
    }
    if (character === '$' && frame.kind !== 'parameter' && this.tryReplace('unquoted')) return;
    if (this.tryOpenExpansion(character)) return;
    this.copy(1);
  }

  /** `$(`, backtick and `${` open nested contexts in unquoted and double-quoted text alike. */
  private tryOpenExpansion(character: string): boolean {
    const text = this.command;
    if (character === '`') {
      this.open('backtick', 1);
      return true;
    }
    if (character === '$' && text[this.index + 1] === '(') {
      this.open('substitution', 2);
      return true;
    }
    if (character === '$' && text[this.index + 1] === '{') {
      this.open('parameter', 2);
      return true;
    }
    return false;
  }

  private tryReplace(context: 'unquoted' | 'double'): boolean {
    const match = variablePattern.exec(this.command.slice(this.index, this.index + 32));
    if (!match) return false;
    const escaped = escapeShellWord(this.projectDir);
    let replacement = context === 'double' ? `"${escaped}"` : escaped;
    for (const frame of this.stack) {
      if (frame.kind === 'backtick') replacement = escapeForBacktick(replacement);
    }
    this.output += replacement;
    this.index += match[0].length;
    return true;
  }

  private open(kind: FrameKind, length: number): void {
    this.stack.push({ kind, parenDepth: 0 });
    this.copy(length);
  }

  private copy(length: number): void {
    this.output += this.command.slice(this.index, this.index + length);
    this.index += length;
  }

  private atWordStart(): boolean {
    return this.index === 0 || wordBoundary.test(this.command[this.index - 1]);
  }

  private skipComment(): void {
    const end = this.command.indexOf('\n', this.index);
    this.copy((end === -1 ? this.command.length : end) - this.index);
  }

  /** Records `<<WORD` / `<<-WORD`; the body starts after the current line and is left untouched. */
  private readHeredocOperator(): void {
    const text = this.command;
    let cursor = this.index + 2;
    const stripTabs = text[cursor] === '-';
    if (stripTabs) cursor += 1;
    while (text[cursor] === ' ' || text[cursor] === '\t') cursor += 1;
    let word = '';
    while (cursor < text.length && !wordBoundary.test(text[cursor])) {
      word += text[cursor];
      cursor += 1;
    }
    if (word.length > 0) this.pendingHeredocs.push({ delimiter: word.replace(/['"\\]/g, ''), stripTabs });
    this.copy(cursor - this.index);
  }

  /** At a newline: copies it, and the bodies of the here-documents its line opened, if any. */
  private skipHeredocBodies(): void {
    const text = this.command;
    let cursor = this.index + 1;
    for (const heredoc of this.pendingHeredocs.splice(0)) {
      while (cursor < text.length) {
        const lineEnd = text.indexOf('\n', cursor);
        const end = lineEnd === -1 ? text.length : lineEnd;
        const line = text.slice(cursor, end);
        cursor = end + 1;
        if ((heredoc.stripTabs ? line.replace(/^\t+/, '') : line) === heredoc.delimiter) break;
      }
    }
    this.copy(Math.min(cursor, text.length) - this.index);
  }
}
