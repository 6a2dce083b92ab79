/**
 * The argument glob of an `if` condition, compiled once and matched in time linear in the text's
 * length: the glob's tokens are the states of an NFA whose reachable set advances one character at a
 * time, so no glob and no text can make a check backtrack. `*` is any run of characters (in a path:
 * not `/`), `**` any run including `/`, `**` followed by `/` zero or more directories, `?` one
 * character (in a path: not `/`), `\x` the character x.
 */

/** One glob token: a literal character, `?`, `*`, `**`, or `**` followed by `/`. */
export type GlobToken =
  | { kind: 'literal'; character: string }
  | { kind: 'one' }
  | { kind: 'star' }
  | { kind: 'globstar' }
  | { kind: 'directories' };

/** A glob compiled for one mode (command or path). */
export interface CompiledGlob {
  tokens: GlobToken[];
  /** In a path `*` and `?` stop at `/`; in a command they do not. */
  separatorAware: boolean;
  /** The longest run of literal characters: a text without it cannot match (a cheap first test). */
  longestLiteral: string;
}

/** Compiled globs, shared: checked on every tool call. Bounded so callers cannot grow it forever. */
const compiledGlobs = new Map<string, CompiledGlob>();
const globCacheLimit = 1_000;

/** Compiles a glob for a command (`*` crosses `/`) or a path (`*` stays in one segment); cached. */
export function compileConditionGlob(glob: string, mode: 'command' | 'path'): CompiledGlob {
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
  if (compiledGlobs.size >= globCacheLimit) compiledGlobs.clear();
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
 * Whether `text` matches the whole glob. Simulates the glob's NFA over `text`: the set of
 * token positions reached so far advances one character at a time, so the cost is (text length ×
 * token count) whatever the input.
 */
export function matchesConditionGlob(glob: CompiledGlob, text: string): boolean {
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
    if (states[state] === 1 && (kind === 'star' || kind === 'globstar' || kind === 'directories'))
      states[state + 1] = 1;
  }
}
