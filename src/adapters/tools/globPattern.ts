/**
 * A small glob matcher for the `glob` and `list_directory` tools (no dependency: Node 20's `fs.glob`
 * does not exist and Node 22's is experimental). Supported: `*` (any characters within one path
 * segment), `?` (one character), `**` as a whole segment (zero or more segments), `[abc]`, `[a-z]`,
 * `[!abc]` / `[^abc]`, `{a,b}` alternatives (nestable) and `\` escapes. Paths use `/` separators.
 * Dot files match like any other name.
 */

/** Options for {@link globToRegExp}. */
export interface GlobOptions {
  /** Default false, like Gemini CLI's `glob` tool. */
  caseSensitive?: boolean;
}

/** Compiles a glob pattern into an anchored regular expression over `/`-separated relative paths. */
export function globToRegExp(pattern: string, options: GlobOptions = {}): RegExp {
  const normalized = pattern.replace(/^(?:\.\/)+/, '').replace(/\/+/g, '/');
  const source = expandBraces(normalized).map(translateAlternative).join('|');
  return new RegExp(`^(?:${source})$`, options.caseSensitive ? '' : 'i');
}

/** True when `relativePath` matches `pattern`. */
export function matchesGlob(relativePath: string, pattern: string, options: GlobOptions = {}): boolean {
  return globToRegExp(pattern, options).test(relativePath);
}

/** `{a,b}c` → `['ac', 'bc']`; nested braces expand fully; an unclosed `{` is literal. */
export function expandBraces(pattern: string): string[] {
  const open = findUnescaped(pattern, '{', 0);
  if (open === -1) return [pattern];
  let depth = 0;
  const commas: number[] = [];
  let close = -1;
  for (let index = open; index < pattern.length; index += 1) {
    const character = pattern[index];
    if (character === '\\') {
      index += 1;
      continue;
    }
    if (character === '{') depth += 1;
    else if (character === '}') {
      depth -= 1;
      if (depth === 0) {
        close = index;
        break;
      }
    } else if (character === ',' && depth === 1) commas.push(index);
  }
  if (close === -1) {
    // Treat the unclosed brace literally and keep expanding after it.
    const rest = expandBraces(pattern.slice(open + 1));
    return rest.map((tail) => `${pattern.slice(0, open)}\\{${tail}`);
  }
  const prefix = pattern.slice(0, open);
  const suffixes = expandBraces(pattern.slice(close + 1));
  const bounds = [open, ...commas, close];
  const alternatives: string[] = [];
  for (let index = 0; index < bounds.length - 1; index += 1) {
    alternatives.push(...expandBraces(pattern.slice(bounds[index] + 1, bounds[index + 1])));
  }
  const expanded: string[] = [];
  for (const alternative of alternatives) {
    for (const suffix of suffixes) expanded.push(`${prefix}${alternative}${suffix}`);
  }
  return expanded;
}

function findUnescaped(text: string, character: string, from: number): number {
  for (let index = from; index < text.length; index += 1) {
    if (text[index] === '\\') {
      index += 1;
      continue;
    }
    if (text[index] === character) return index;
  }
  return -1;
}

function translateAlternative(pattern: string): string {
  const segments = pattern.split('/');
  let source = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      // Zero or more whole segments, each followed by a slash unless it ends the path.
      source += last ? '.*' : '(?:[^/]*/)*';
      return;
    }
    source += translateSegment(segment) + (last ? '' : '/');
  });
  return source;
}

function translateSegment(segment: string): string {
  let source = '';
  for (let index = 0; index < segment.length; index += 1) {
    const character = segment[index];
    if (character === '\\' && index + 1 < segment.length) {
      index += 1;
      source += escapeRegExp(segment[index]);
    } else if (character === '*') {
      while (segment[index + 1] === '*') index += 1;
      source += '[^/]*';
    } else if (character === '?') {
      source += '[^/]';
    } else if (character === '[') {
      const close = segment.indexOf(']', index + 2);
      if (close === -1) {
        source += '\\[';
        continue;
      }
      let body = segment.slice(index + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^/' : ''}${body.replace(/[\\\]^]/g, (match) => `\\${match}`)}]`;
      index = close;
    } else {
      source += escapeRegExp(character);
    }
  }
  return source;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
