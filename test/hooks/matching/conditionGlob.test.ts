/**
 * The globs of `if` conditions: commands and paths read `*` differently, and matching is a
 * linear-time NFA simulation (no timing asserted: a backtracking matcher would not finish at all).
 */
import { describe, expect, it } from 'vitest';
import { compileConditionGlob, matchesConditionGlob } from '../../../src/hooks/matching/conditionGlob.js';

const matches = (glob: string, mode: 'command' | 'path', text: string): boolean =>
  matchesConditionGlob(compileConditionGlob(glob, mode), text);

describe('compileConditionGlob and matchesConditionGlob', () => {
  it('in a command * crosses "/" and spaces; in a path * and ? stay in one segment', () => {
    expect(matches('cat /etc/*', 'command', 'cat /etc/ssl/private/key')).toBe(true);
    expect(matches('src/*.ts', 'path', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'path', 'src/deep/a.ts')).toBe(false);
    expect(matches('src/?.ts', 'path', 'src/a.ts')).toBe(true);
    expect(matches('src/?/a.ts', 'path', 'src///a.ts')).toBe(false);
  });

  it('** crosses segments, **/ may match no directory, \\x is a literal x', () => {
    expect(matches('src/**', 'path', 'src/deep/er/file.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'path', 'src/a.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'path', 'src/x/y/a.ts')).toBe(true);
    expect(matches('\\*.md', 'path', '*.md')).toBe(true);
    expect(matches('\\*.md', 'path', 'a.md')).toBe(false);
  });

  it('the whole text must match, and the longest literal run is kept for a cheap first test', () => {
    expect(matches('git push*', 'command', 'git push origin')).toBe(true);
    expect(matches('git push', 'command', 'git push origin')).toBe(false);
    expect(compileConditionGlob('a*bcd?ef', 'command').longestLiteral).toBe('bcd');
    expect(compileConditionGlob('git push*', 'command')).toBe(compileConditionGlob('git push*', 'command'));
  });

  it('a glob that makes backtracking matchers explode answers on a long hostile text', () => {
    const hostile = compileConditionGlob(`${'*a'.repeat(40)}b`, 'command');
    expect(matchesConditionGlob(hostile, 'a'.repeat(50_000))).toBe(false);
    expect(matchesConditionGlob(hostile, `${'a'.repeat(50_000)}b`)).toBe(true);
  });
});
