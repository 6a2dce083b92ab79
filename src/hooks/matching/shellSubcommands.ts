/**
 * A shell command line cut into its simple commands, so an `if` condition like `Bash(rm -rf*)` is
 * tested against each (`cd x && rm -rf y`). A scanner, not a shell parser: it knows quotes, escapes,
 * `$(...)`, backticks, `{ ...; }` groups and leading `VAR=value` assignments, and says when it cannot
 * read a command (an unclosed quote or substitution) so the caller can fail safe.
 */

/**
 * The simple commands of a shell command line, in one pass: split at unquoted `&&`, `||`,
 * `;`, `|`, `&`, newlines and parentheses; the text of `$(...)` and backticks is a command of its own.
 * Leading `VAR=value` assignments are removed. `undefined` when a quote or substitution is not closed.
 */
export function splitSubcommands(command: string): string[] | undefined {
  const finished: string[] = [];
  // One frame per open substitution, each with its own quoting; the outermost is the command line.
  const frames: SubstitutionFrame[] = [{ text: '', closer: undefined, depth: 0, quote: undefined }];
  const flush = (frame: SubstitutionFrame): void => {
    const simple = stripAssignments(trimGrouping(frame.text));
    if (simple !== '') finished.push(simple);
    frame.text = '';
  };
  const open = (closer: ')' | '`'): void => {
    frames.push({ text: '', closer, depth: 0, quote: undefined });
  };
  const close = (frame: SubstitutionFrame): void => {
    flush(frame);
    frames.pop();
  };
  for (let index = 0; index < command.length; index += 1) {
    const character = command[index];
    const frame = frames[frames.length - 1];
    if (frame.quote === "'") {
      frame.text += character;
      if (character === "'") frame.quote = undefined;
      continue;
    }
    if (character === '\\' && index + 1 < command.length) {
      frame.text += character + command[index + 1];
      index += 1;
      continue;
    }
    if (character === '$' && command[index + 1] === '(') {
      open(')');
      index += 1;
      continue;
    }
    if (character === '`') {
      if (frame.closer === '`' && frame.quote === undefined) close(frame);
      else open('`');
      continue;
    }
    if (frame.quote === '"') {
      if (character === '"') frame.quote = undefined;
      frame.text += character;
      continue;
    }
    if (character === "'" || character === '"') {
      frame.quote = character;
      frame.text += character;
      continue;
    }
    if (character === ')' && frame.closer === ')' && frame.depth === 0) {
      close(frame);
      continue;
    }
    if (character === '(' || character === ')') {
      if (frame.closer === ')') frame.depth += character === '(' ? 1 : -1;
      flush(frame);
      continue;
    }
    if (commandSeparators.has(character)) {
      flush(frame);
      continue;
    }
    frame.text += character;
  }
  const outer = frames[0];
  if (frames.length > 1 || outer.quote !== undefined) return undefined;
  flush(outer);
  return finished;
}

interface SubstitutionFrame {
  text: string;
  /** What ends this frame: `)` for `$(`, a backtick for a backtick; none for the command line. */
  closer: ')' | '`' | undefined;
  /** Parentheses opened inside a `$(` frame and not yet closed. */
  depth: number;
  quote: "'" | '"' | undefined;
}

const commandSeparators = new Set([';', '&', '|', '\n']);

/** Trims whitespace, the `{ ` opening a `{ ...; }` group, and a lone `}` closing one. */
function trimGrouping(text: string): string {
  let start = 0;
  let end = text.length;
  for (;;) {
    while (start < end && isBlank(text[start])) start += 1;
    if (start + 1 < end && text[start] === '{' && isBlank(text[start + 1])) start += 1;
    else break;
  }
  while (end > start && isBlank(text[end - 1])) end -= 1;
  const trimmed = text.slice(start, end);
  return trimmed === '}' ? '' : trimmed;
}

function isBlank(character: string): boolean {
  return character === ' ' || character === '\t' || character === '\r';
}

/** Removes leading `NAME=value` words (`FOO=1 BAR="a b" rm -rf x` → `rm -rf x`). */
function stripAssignments(simple: string): string {
  let rest = simple;
  for (;;) {
    const match = /^[A-Za-z_][A-Za-z0-9_]*=/.exec(rest);
    if (!match) return rest;
    let index = match[0].length;
    let quote: string | undefined;
    while (index < rest.length) {
      const character = rest[index];
      if (quote) {
        if (character === quote) quote = undefined;
      } else if (character === "'" || character === '"') {
        quote = character;
      } else if (character === ' ' || character === '\t') {
        break;
      }
      index += 1;
    }
    if (index >= rest.length) return rest;
    rest = rest.slice(index).trimStart();
  }
}
