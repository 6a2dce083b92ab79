import { describe, expect, it } from 'vitest';
import { expandBraces, globToRegExp, matchesGlob } from '../../../src/adapters/tools/globPattern.js';

describe('globToRegExp', () => {
  it('* stays within one path segment; ? matches one character', () => {
    expect(matchesGlob('a.ts', '*.ts')).toBe(true);
    expect(matchesGlob('src/a.ts', '*.ts')).toBe(false);
    expect(matchesGlob('ab.ts', '?b.ts')).toBe(true);
    expect(matchesGlob('b.ts', '?b.ts')).toBe(false);
    expect(matchesGlob('a/b', 'a?b')).toBe(false);
  });

  it('** as a segment matches zero or more directories', () => {
    expect(matchesGlob('a.ts', '**/*.ts')).toBe(true);
    expect(matchesGlob('x/y/z/a.ts', '**/*.ts')).toBe(true);
    expect(matchesGlob('src/x/a.ts', 'src/**/a.ts')).toBe(true);
    expect(matchesGlob('src/a.ts', 'src/**/a.ts')).toBe(true);
    expect(matchesGlob('src/deep/er/file', 'src/**')).toBe(true);
    expect(matchesGlob('other/a.ts', 'src/**/a.ts')).toBe(false);
  });

  it('supports character classes, ranges and negation', () => {
    expect(matchesGlob('file1.txt', 'file[0-9].txt')).toBe(true);
    expect(matchesGlob('filea.txt', 'file[0-9].txt')).toBe(false);
    expect(matchesGlob('filea.txt', 'file[!0-9].txt')).toBe(true);
    expect(matchesGlob('file1.txt', 'file[^0-9].txt')).toBe(false);
    expect(matchesGlob('file/.txt', 'file[!0-9].txt')).toBe(false);
  });

  it('expands braces, including nested ones', () => {
    expect(expandBraces('*.{js,ts}')).toEqual(['*.js', '*.ts']);
    expect(expandBraces('{a,b{1,2}}c')).toEqual(['ac', 'b1c', 'b2c']);
    expect(matchesGlob('src/a.json', 'src/*.{js,json}')).toBe(true);
    expect(matchesGlob('src/a.ts', 'src/*.{js,json}')).toBe(false);
  });

  it('treats regular-expression characters, escapes and an unclosed brace literally', () => {
    expect(matchesGlob('a+b(1).ts', 'a+b(1).ts')).toBe(true);
    expect(matchesGlob('aXts', 'a.ts')).toBe(false);
    expect(matchesGlob('star*.md', 'star\\*.md')).toBe(true);
    expect(matchesGlob('starX.md', 'star\\*.md')).toBe(false);
    expect(matchesGlob('{a.ts', '{a.ts')).toBe(true);
  });

  it('ignores a leading ./ and is case-insensitive unless asked otherwise', () => {
    expect(matchesGlob('README.md', './readme.MD')).toBe(true);
    expect(globToRegExp('README.md', { caseSensitive: true }).test('readme.md')).toBe(false);
  });
});
