/**
 * Matchers in linear time (HOOK-087..089; a project rule: "Matchers and `if` conditions run in linear
 * time"). The tool name a matcher is tested against is chosen by the model, so a backtracking engine
 * would let one name freeze the host: `^(a+)+$` against 34 a's and a `!` keeps V8's engine busy for
 * minutes, and neither a timeout nor Ctrl-C can fire while it runs. Every pattern here runs with RE2
 * semantics (the pure-JavaScript `re2js`), whose cost grows linearly with the name's length.
 *
 * A matcher that is not a valid JavaScript regular expression keeps today's meaning: it is compared
 * literally (HOOK-088). One that is valid JavaScript but needs backtracking (a backreference, a
 * lookahead or lookbehind) cannot run in linear time: the registry reports it with its JSON path and
 * skips its definition ({@link matcherPatternProblem}).
 */
import { RE2JS } from 're2js';

/** How a matcher pattern runs. */
export type CompiledPattern =
  /** Tested with RE2 semantics, unanchored (like `RegExp.prototype.test`). */
  | { kind: 'regex'; regex: RE2JS }
  /** HOOK-088: not a valid regular expression; compared with the whole name. `reason` says why. */
  | { kind: 'literal'; reason: string }
  /** Valid JavaScript, but only a backtracking engine can run it; never matches. */
  | { kind: 'unsupported'; reason: string };

/**
 * A cache of at most two generations of `limit` entries: when the young one fills up it becomes the
 * old one and the previous old one is dropped, so model-chosen names cannot grow memory forever while
 * the names in use stay cached. (Evicting single entries from the front of a Map makes V8 skip ever
 * more deleted slots; dropping a whole generation costs nothing per call.)
 */
class GenerationalCache<Value> {
  private young = new Map<string, Value>();
  private old = new Map<string, Value>();

  constructor(private readonly limit: number) {}

  get(key: string): Value | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: string, value: Value): void {
    if (this.young.size >= this.limit) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}

const compiledPatterns = new GenerationalCache<CompiledPattern>(1_000);
const compiledGlobs = new GenerationalCache<RE2JS>(1_000);
/** Per matcher, its answer per tool name: two plain lookups, no key string built per call. */
const matcherResults = new GenerationalCache<GenerationalCache<boolean>>(1_000);
const resultsPerMatcher = 10_000;

/**
 * Compiles `pattern` once (cached): RE2 when it can express it, a literal when JavaScript rejects
 * it, `unsupported` when it needs backtracking. Never throws.
 */
export function compileMatcherPattern(pattern: string): CompiledPattern {
  const cached = compiledPatterns.get(pattern);
  if (cached) return cached;
  const compiled = compileUncached(pattern);
  compiledPatterns.set(pattern, compiled);
  return compiled;
}

/**
 * HOOK-087, 088, 089: a missing, empty or `*` matcher matches every tool; otherwise the matcher is a
 * regular expression (RE2 semantics, linear time) tested against the tool name, or, when it is not a
 * valid one, compared literally. Results are cached per (matcher, tool name): a session asks the same
 * question for every call of the same tool.
 */
export function matchesToolName(matcher: string | undefined, toolName: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  let results = matcherResults.get(matcher);
  if (!results) {
    results = new GenerationalCache<boolean>(resultsPerMatcher);
    matcherResults.set(matcher, results);
  }
  const cached = results.get(toolName);
  if (cached !== undefined) return cached;
  const result = testPattern(compileMatcherPattern(matcher), matcher, toolName);
  results.set(toolName, result);
  return result;
}

/**
 * A linear-time regular-expression test for callers other than tool matchers (`if` conditions):
 * RE2 semantics, unanchored; a pattern that is not a valid regular expression is compared literally
 * with the whole text, and one that needs backtracking never matches (validate it first with
 * {@link matcherPatternProblem}).
 */
export function matchesLinearRegex(pattern: string, text: string): boolean {
  return testPattern(compileMatcherPattern(pattern), pattern, text);
}

/** A problem with a matcher pattern, for the registry's validation; `undefined` when it runs as written. */
export interface MatcherPatternProblem {
  /** `warning`: compared literally (kept). `error`: cannot run in linear time (the definition is skipped). */
  severity: 'warning' | 'error';
  message: string;
}

/**
 * What validation says about a matcher: nothing for a pattern RE2 runs; a warning for one that is
 * not a valid regular expression (compared literally, HOOK-088); an error for one that needs
 * backtracking (backreferences, lookaround), which linear-time matching cannot express.
 */
export function matcherPatternProblem(pattern: string): MatcherPatternProblem | undefined {
  // "*" and "" match every tool (HOOK-089), as in Claude Code and Gemini CLI: not a regular expression at all.
  if (pattern === '' || pattern === '*') return undefined;
  const compiled = compileMatcherPattern(pattern);
  if (compiled.kind === 'literal') {
    return {
      severity: 'warning',
      message: `${JSON.stringify(pattern)} is not a valid regular expression (${compiled.reason}); it will be compared literally with tool names`,
    };
  }
  if (compiled.kind === 'unsupported') {
    return {
      severity: 'error',
      message:
        `${JSON.stringify(pattern)} cannot run in linear time: ${compiled.reason}. Matchers use RE2 syntax ` +
        '(no backreferences, no lookahead or lookbehind) so that no tool name can freeze the host; definition skipped',
    };
  }
  return undefined;
}

/** Options for {@link compileGlob} and {@link matchesGlobPattern}. */
export interface GlobPatternOptions {
  /**
   * Path mode: `*` and `?` stop at `/`, `**` crosses directories (`src/**` matches `src/a/b.ts`).
   * Default false: `*` matches any text, `/` included (a shell command such as `git push*`).
   */
  pathSegments?: boolean;
  /** Default false. */
  caseInsensitive?: boolean;
}

/**
 * Compiles a glob into an anchored RE2 expression (cached): `*` (any characters; within one path
 * segment in path mode), `**` (any characters, `/` included), `?` (one character), `[abc]`, `[a-z]`,
 * `[!abc]`/`[^abc]`, and `\` escapes; every other character is literal (and so is the whole glob when
 * a character class is invalid, such as `[z-a]`). Matching costs linear time
 * in the text, whatever the glob. For the `if` conditions of hooks (`run_shell_command(git push*)`,
 * `Write(src/**)`).
 */
export function compileGlob(glob: string, options: GlobPatternOptions = {}): RE2JS {
  const key = `${options.pathSegments ? 'p' : 't'}${options.caseInsensitive ? 'i' : 's'}${glob}`;
  const cached = compiledGlobs.get(key);
  if (cached) return cached;
  const flags = options.caseInsensitive ? RE2JS.CASE_INSENSITIVE | RE2JS.DOTALL : RE2JS.DOTALL;
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(`^(?:${globSource(glob, options.pathSegments === true)})$`, flags);
  } catch {
    // Only a character class RE2 rejects (`[z-a]`) gets here: the glob then matches itself, literally.
    compiled = RE2JS.compile(`^${RE2JS.quote(glob)}$`, flags);
  }
  compiledGlobs.set(key, compiled);
  return compiled;
}

/** True when the whole `text` matches `glob` (see {@link compileGlob}); linear time in `text`. */
export function matchesGlobPattern(glob: string, text: string, options: GlobPatternOptions = {}): boolean {
  return compileGlob(glob, options).testExact(text);
}

/**
 * A test for variable names against names or globs (`*_API_KEY`, `AWS_*`), case-insensitive, in
 * linear time; with no patterns it matches nothing. For `hookEnvironment.withhold`.
 */
export function compileNameFilter(patterns: readonly string[]): (name: string) => boolean {
  if (patterns.length === 0) return () => false;
  const globs = patterns.map((pattern) => compileGlob(pattern, { caseInsensitive: true }));
  return (name) => globs.some((glob) => glob.testExact(name));
}

function compileUncached(pattern: string): CompiledPattern {
  try {
    // Only to keep HOOK-088's meaning of "valid": JavaScript's parser decides what is a regular expression.
    new RegExp(pattern);
  } catch (error) {
    return { kind: 'literal', reason: error instanceof Error ? error.message : String(error) };
  }
  // Checked before translating: the translation turns an unknown escape such as `\k` into a plain
  // letter, which would silently change what a named backreference means.
  const feature = backtrackingFeature(pattern);
  if (feature) return { kind: 'unsupported', reason: feature };
  try {
    return { kind: 'regex', regex: RE2JS.compile(RE2JS.translateRegExp(pattern)) };
  } catch (error) {
    return {
      kind: 'unsupported',
      reason: `RE2 cannot express it (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

function testPattern(compiled: CompiledPattern, pattern: string, text: string): boolean {
  if (compiled.kind === 'regex') return compiled.regex.test(text);
  if (compiled.kind === 'literal') return pattern === text;
  return false;
}

/** Names the first construct only a backtracking engine runs: a backreference or a lookaround. */
function backtrackingFeature(pattern: string): string | undefined {
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index];
    if (character === '\\') {
      const next = pattern[index + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && pattern[index + 2] === '<'))) {
        return 'it uses a backreference (\\1, \\k<name>)';
      }
      index += 1;
    } else if (inClass) {
      if (character === ']') inClass = false;
    } else if (character === '[') {
      inClass = true;
    } else if (character === '(' && pattern[index + 1] === '?') {
      const kind = pattern.slice(index + 2, index + 4);
      if (kind.startsWith('=') || kind.startsWith('!') || kind === '<=' || kind === '<!') {
        return 'it uses lookahead or lookbehind ((?=, (?!, (?<=, (?<!)';
      }
    }
  }
  return undefined;
}

function globSource(glob: string, pathSegments: boolean): string {
  const anyRun = pathSegments ? '[^/]*' : '.*';
  const anyOne = pathSegments ? '[^/]' : '.';
  let source = '';
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob[index];
    if (character === '\\' && index + 1 < glob.length) {
      index += 1;
      source += RE2JS.quote(glob[index]);
    } else if (character === '*') {
      let stars = 1;
      while (glob[index + 1] === '*') {
        index += 1;
        stars += 1;
      }
      if (stars >= 2 && pathSegments && glob[index + 1] === '/') {
        // `**/` is zero or more whole directories, so `src/**/x` also matches `src/x`.
        index += 1;
        source += '(?:.*/)?';
      } else {
        source += stars >= 2 ? '.*' : anyRun;
      }
    } else if (character === '?') {
      source += anyOne;
    } else if (character === '[') {
      const close = glob.indexOf(']', index + 2);
      if (close === -1) {
        source += RE2JS.quote('[');
        continue;
      }
      let body = glob.slice(index + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      const escaped = body.replace(/[\\\]^[]/g, (match) => `\\${match}`);
      source += `[${negated ? `^${pathSegments ? '/' : ''}` : ''}${escaped}]`;
      index = close;
    } else {
      source += RE2JS.quote(character);
    }
  }
  return source;
}
