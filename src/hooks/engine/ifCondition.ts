/**
 * `if` conditions (issue 13, seed 002's composite matchers): `run_shell_command(git push*)`,
 * `Bash(rm -rf*)`, `write_file(src/**)`, or a tool name alone. The tool name may be written in
 * either dialect (Claude Code's `Bash` and native `run_shell_command` name the same tool); the glob
 * is tested against the tool's main argument (its command, file path, path, pattern or URL).
 *
 * Conditions are parsed once, when hooks load, and checked in-process before anything runs, in time
 * linear in the argument's length (an NFA over the glob's tokens, never backtracking), so a
 * model-chosen command cannot make the check slow and a hook whose condition fails costs no process.
 *
 * Globs: `*` any run of characters (in a path: not `/`), `**` any run including `/`, `**` followed
 * by `/` zero or more directories, `?` one character (in a path: not `/`), `\x` the character x.
 * A trailing `:*` (Claude Code's legacy prefix form, `Bash(npm run test:*)`) means `*`.
 * Commands are also tested subcommand by subcommand (`cd x && rm -rf y` matches `Bash(rm -rf*)`),
 * with leading `VAR=value` assignments removed; a command this scanner cannot split (an unclosed
 * quote or substitution) counts as matching, so a guard is not skipped on a command it cannot read.
 * Paths are also tested relative to the hook's `cwd`, and a glob without `/` against the file name.
 */
import { toolNameAliases } from '../dialects/toolNames.js';
import { isPlainObject } from '../../values.js';

/** A parsed `if` condition. */
export interface IfCondition {
  /** The condition as written. */
  source: string;
  /** Every tool name the condition names, in both dialects. */
  toolNames: ReadonlySet<string>;
  /** The argument glob; absent when any arguments match (`Bash`, `Bash(*)`). */
  glob?: string;
}

/** What {@link parseIfCondition} returns: the condition, or why it does not parse. */
export type IfConditionParse = { condition: IfCondition; error?: undefined } | { condition?: undefined; error: string };

/** The tool-input fields tried, in order, for the main argument of a tool not listed in {@link knownToolArguments}. */
const mainArgumentFields = ['command', 'file_path', 'absolute_path', 'notebook_path', 'path', 'dir_path', 'pattern', 'url'] as const;

/** The main argument of the built-in tools, in both dialects. */
const knownToolArguments: Readonly<Record<string, readonly string[]>> = {
  run_shell_command: ['command'],
  Bash: ['command'],
  write_file: ['file_path', 'absolute_path'],
  Write: ['file_path'],
  read_file: ['file_path', 'absolute_path'],
  Read: ['file_path'],
  replace: ['file_path', 'absolute_path'],
  Edit: ['file_path'],
  MultiEdit: ['file_path'],
  NotebookEdit: ['notebook_path'],
  glob: ['pattern'],
  Glob: ['pattern'],
  search_file_content: ['pattern'],
  Grep: ['pattern'],
  list_directory: ['path', 'dir_path'],
  LS: ['path'],
  web_fetch: ['url'],
  WebFetch: ['url'],
};

/** Longest glob accepted; the check costs (argument length × glob length) steps. */
export const MAX_IF_GLOB_LENGTH = 512;

const toolNamePattern = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/** Issue 13: parses an `if` condition; never throws. */
export function parseIfCondition(text: unknown): IfConditionParse {
  if (typeof text !== 'string') return { error: `expected a string like "run_shell_command(git push*)", got ${describe(text)}` };
  const source = text;
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'the condition is empty; write a tool name, optionally with a glob: "run_shell_command(git push*)"' };
  const open = trimmed.indexOf('(');
  const name = (open === -1 ? trimmed : trimmed.slice(0, open)).trim();
  if (!toolNamePattern.test(name)) {
    return { error: `${JSON.stringify(name)} is not a tool name; expected "ToolName" or "ToolName(glob)", e.g. "Bash(rm -rf*)"` };
  }
  const toolNames = toolNamesFor(name);
  if (open === -1) return { condition: { source, toolNames } };
  if (!trimmed.endsWith(')')) return { error: `the argument glob of ${JSON.stringify(trimmed)} is not closed with ")"` };
  let glob = trimmed.slice(open + 1, -1);
  if (glob.trim() === '') return { error: `${JSON.stringify(trimmed)} has an empty glob; write "${name}" or "${name}(*)" to match any arguments` };
  if (glob.length > MAX_IF_GLOB_LENGTH) return { error: `the glob is ${glob.length} characters long; at most ${MAX_IF_GLOB_LENGTH} are allowed` };
  if (glob.endsWith('\\') && !glob.endsWith('\\\\')) return { error: `the glob ${JSON.stringify(glob)} ends with a lone "\\"` };
  if (glob.endsWith(':*')) glob = `${glob.slice(0, -2)}*`;
  if (/^\*+$/.test(glob)) return { condition: { source, toolNames } };
  return { condition: { source, toolNames, glob } };
}

/**
 * Issue 13: whether a condition holds for one tool call. Without `toolInput` (a planner asking
 * only whether any hook could apply to the tool) only the tool name is checked.
 */
export function matchesIfCondition(
  condition: IfCondition,
  toolName: string,
  toolInput?: Record<string, unknown>,
  cwd?: string,
): boolean {
  if (!condition.toolNames.has(toolName)) return false;
  if (condition.glob === undefined || toolInput === undefined) return true;
  const argument = mainArgument(toolName, toolInput);
  if (argument === undefined) return false;
  if (argument.field === 'command') return commandMatches(condition.glob, argument.value);
  return pathMatches(condition.glob, argument.value, cwd);
}

/** Compiled conditions, shared: checked on every tool call. Bounded so callers cannot grow it forever. */
const compiledConditions = new Map<string, IfCondition | null>();
const conditionCacheLimit = 1_000;

/**
 * Issue 13: checks a condition given as text (parsed once and cached). A condition that does not
 * parse never matches: validation has already reported it and skipped its hook.
 */
export function checkIfCondition(text: string, toolName: string, toolInput?: Record<string, unknown>, cwd?: string): boolean {
  let condition = compiledConditions.get(text);
  if (condition === undefined) {
    condition = parseIfCondition(text).condition ?? null;
    if (compiledConditions.size >= conditionCacheLimit) compiledConditions.clear();
    compiledConditions.set(text, condition);
  }
  return condition !== null && matchesIfCondition(condition, toolName, toolInput, cwd);
}

/** The name as written plus its other-dialect names (`Bash` ⇄ `run_shell_command`, `Grep` ⇄ `search_file_content`). */
function toolNamesFor(name: string): Set<string> {
  return new Set(toolNameAliases(name));
}

function mainArgument(toolName: string, toolInput: Record<string, unknown>): { field: string; value: string } | undefined {
  if (!isPlainObject(toolInput)) return undefined;
  for (const field of knownToolArguments[toolName] ?? mainArgumentFields) {
    const value = toolInput[field];
    if (typeof value === 'string') return { field, value };
  }
  return undefined;
}

/** Characters without which a command is one simple command with nothing to strip or unquote. */
const compoundCommandCharacter = /[;&|\n(){}`$='"]/;

function commandMatches(glob: string, command: string): boolean {
  const tokens = compileGlob(glob, 'command');
  // Every subcommand is a substring of the command: if a literal the glob needs is missing, none matches.
  const mayMatch = command.includes(tokens.longestLiteral);
  if (!compoundCommandCharacter.test(command)) return mayMatch && globMatches(tokens, command.trim());
  if (mayMatch && globMatches(tokens, command.trim())) return true;
  const subcommands = splitSubcommands(command);
  if (subcommands === undefined) return true;
  return mayMatch && subcommands.some((subcommand) => globMatches(tokens, subcommand));
}

function pathMatches(glob: string, path: string, cwd: string | undefined): boolean {
  const tokens = compileGlob(glob, 'path');
  // Every candidate below is a substring of the path.
  if (!path.includes(tokens.longestLiteral)) return false;
  const candidates = [path];
  const withoutDot = path.startsWith('./') ? path.slice(2) : undefined;
  if (withoutDot !== undefined) candidates.push(withoutDot);
  if (cwd !== undefined && cwd !== '' && path.startsWith('/')) {
    const base = cwd.endsWith('/') ? cwd : `${cwd}/`;
    if (path.startsWith(base)) candidates.push(path.slice(base.length));
  }
  if (!glob.includes('/')) candidates.push(path.slice(path.lastIndexOf('/') + 1));
  return candidates.some((candidate) => globMatches(tokens, candidate));
}

/** One glob token: a literal character, `?`, `*`, `**`, or `**` followed by `/`. */
type GlobToken =
  | { kind: 'literal'; character: string }
  | { kind: 'one' }
  | { kind: 'star' }
  | { kind: 'globstar' }
  | { kind: 'directories' };

interface CompiledGlob {
  tokens: GlobToken[];
  /** In a path `*` and `?` stop at `/`; in a command they do not. */
  separatorAware: boolean;
  /** The longest run of literal characters: a text without it cannot match (a cheap first test). */
  longestLiteral: string;
}

const compiledGlobs = new Map<string, CompiledGlob>();

function compileGlob(glob: string, mode: 'command' | 'path'): CompiledGlob {
  const key = `${mode}\u0000${glob}`;
  const cached = compiledGlobs.get(key);
  if (cached) return cached;
  const tokens: GlobToken[] = [];
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob[index];
    if (character === '\\' && index + 1 < glob.length) {
      index += 1;
      tokens.push({ kind: 'literal', character: glob[index] });
    } else if (character === '?') {
      tokens.push({ kind: 'one' });
    } else if (character === '*') {
      let end = index;
      while (glob[end + 1] === '*') end += 1;
      const double = end > index;
      index = end;
      if (mode === 'path' && double && glob[index + 1] === '/') {
        index += 1;
        tokens.push({ kind: 'directories' });
      } else {
        tokens.push({ kind: mode === 'path' && !double ? 'star' : 'globstar' });
      }
    } else {
      tokens.push({ kind: 'literal', character });
    }
  }
  const compiled = { tokens, separatorAware: mode === 'path', longestLiteral: longestLiteralRun(tokens) };
  if (compiledGlobs.size >= conditionCacheLimit) compiledGlobs.clear();
  compiledGlobs.set(key, compiled);
  return compiled;
}

function longestLiteralRun(tokens: readonly GlobToken[]): string {
  let longest = '';
  let run = '';
  for (const token of tokens) {
    if (token.kind === 'literal') {
      run += token.character;
      if (run.length > longest.length) longest = run;
    } else {
      run = '';
    }
  }
  return longest;
}

/** State sets reused by every check (checks never interleave: they are synchronous). */
let currentStates = new Uint8Array(64);
let nextStates = new Uint8Array(64);

/**
 * Simulates the glob's NFA over `text`: the set of token positions reached so far advances one
 * character at a time, so the cost is (text length × token count) whatever the input.
 */
function globMatches(glob: CompiledGlob, text: string): boolean {
  const { tokens, separatorAware } = glob;
  const size = tokens.length + 1;
  if (currentStates.length < size) {
    currentStates = new Uint8Array(size);
    nextStates = new Uint8Array(size);
  }
  let current = currentStates;
  let next = nextStates;
  current.fill(0, 0, size);
  current[0] = 1;
  closeOverEmpty(tokens, current);
  for (let position = 0; position < text.length; position += 1) {
    const character = text[position];
    next.fill(0, 0, size);
    let any = false;
    for (let state = 0; state < tokens.length; state += 1) {
      if (current[state] === 0) continue;
      const token = tokens[state];
      switch (token.kind) {
        case 'literal':
          if (token.character === character) next[state + 1] = 1;
          break;
        case 'one':
          if (!separatorAware || character !== '/') next[state + 1] = 1;
          break;
        case 'star':
          if (!separatorAware || character !== '/') next[state] = 1;
          break;
        case 'globstar':
          next[state] = 1;
          break;
        case 'directories':
          next[state] = 1;
          if (character === '/') next[state + 1] = 1;
          break;
      }
    }
    closeOverEmpty(tokens, next);
    for (let state = 0; state < size && !any; state += 1) any = next[state] === 1;
    if (!any) return false;
    [current, next] = [next, current];
  }
  return current[tokens.length] === 1;
}

/** Stars match the empty string: a reached star also reaches the position after it. */
function closeOverEmpty(tokens: readonly GlobToken[], states: Uint8Array): void {
  for (let state = 0; state < tokens.length; state += 1) {
    const kind = tokens[state].kind;
    if (states[state] === 1 && (kind === 'star' || kind === 'globstar' || kind === 'directories')) states[state + 1] = 1;
  }
}

/**
 * The simple commands of a shell command line, in one pass: split at unquoted `&&`, `||`, `;`,
 * `|`, `&`, newlines and parentheses; the text of `$(...)` and backticks is a command of its own.
 * Leading `VAR=value` assignments are removed. `undefined` when a quote or substitution is not closed.
 */
function splitSubcommands(command: string): string[] | undefined {
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

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
