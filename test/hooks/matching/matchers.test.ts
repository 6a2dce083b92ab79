import { describe, expect, it } from 'vitest';
import {
  compileMatcherPattern,
  compileNameFilter,
  matcherPatternProblem,
  matchesGlobPattern,
  matchesLinearRegex,
  matchesToolName,
} from '../../../src/hooks/matching/matchers.js';
import { validateHooksSettings } from '../../../src/hooks/validation/hooksSettingsValidation.js';

const catastrophicName = `${'a'.repeat(34)}!`;

describe('matchers: linear time', () => {
  it('HOOK-087: ^(a+)+$ against 34 a\'s and a "!" returns (no match) instead of freezing the host', () => {
    // A backtracking engine takes minutes here; RE2 semantics answer in one pass over the name.
    expect(matchesToolName('^(a+)+$', catastrophicName)).toBe(false);
    expect(matchesToolName('^(a+)+$', 'a'.repeat(34))).toBe(true);
    expect(matchesLinearRegex('(x+x+)+y', 'x'.repeat(5_000))).toBe(false);
  });

  it('HOOK-087: keeps JavaScript regular-expression meaning for the patterns matchers use', () => {
    expect(matchesToolName('write_file|replace', 'replace')).toBe(true);
    expect(matchesToolName('^mcp__.*__write', 'mcp__github__write_issue')).toBe(true);
    expect(matchesToolName('\\w+_file$', 'read_file')).toBe(true);
    expect(matchesToolName('^(?<tool>read|write)_file$', 'write_file')).toBe(true);
    expect(matchesToolName('\\u0041', 'A')).toBe(true);
    expect(matchesToolName('Bash', 'NotBash')).toBe(true);
    expect(matchesToolName('^Bash$', 'NotBash')).toBe(false);
  });

  it('HOOK-088: a pattern JavaScript rejects is still compared literally', () => {
    expect(compileMatcherPattern('[write_file')).toMatchObject({ kind: 'literal' });
    expect(matchesToolName('[write_file', '[write_file')).toBe(true);
    expect(matchesToolName('[write_file', 'write_file')).toBe(false);
    expect(matcherPatternProblem('[write_file')).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('compared literally'),
    });
  });

  it('a backreference or lookaround cannot run in linear time: an error that says why, and no match', () => {
    for (const pattern of ['(a)\\1', '(?=write)write_file', '(?!read)\\w+', '(?<=x)y', '(?<n>a)\\k<n>']) {
      expect(compileMatcherPattern(pattern).kind).toBe('unsupported');
      expect(matcherPatternProblem(pattern)?.severity).toBe('error');
    }
    expect(matcherPatternProblem('(a)\\1')?.message).toContain('backreference');
    expect(matcherPatternProblem('(?=write)write_file')?.message).toContain('lookahead or lookbehind');
    expect(matchesToolName('(?=write)write_file', 'write_file')).toBe(false);
  });

  it('gives the same answer from the per-(matcher, tool name) cache as on the first call', () => {
    const first = [matchesToolName('^edit$', 'edit'), matchesToolName('^edit$', 'edit_file')];
    const again = Array.from({ length: 3 }, () => [
      matchesToolName('^edit$', 'edit'),
      matchesToolName('^edit$', 'edit_file'),
    ]);
    expect(first).toEqual([true, false]);
    expect(again).toEqual([first, first, first]);
  });
});

describe('matchers: validation names the JSON path', () => {
  it('HOOK-191: a matcher RE2 cannot express is an error at hooks.BeforeTool[0].matcher and its definition is skipped', () => {
    const result = validateHooksSettings({
      BeforeTool: [
        { matcher: '(run)_\\1', hooks: [{ type: 'command', command: 'echo skipped' }] },
        { matcher: '^(a+)+$', hooks: [{ type: 'command', command: 'echo kept' }] },
      ],
    });
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeTool[0].matcher',
        severity: 'error',
        message: expect.stringMatching(/^"\(run\)_\\\\1" cannot run in linear time: it uses a backreference/),
      },
    ]);
    expect(result.definitions.map((definition) => definition.config.command)).toEqual(['echo kept']);
  });
});

describe('matchers: globs for if conditions', () => {
  it('text mode: * crosses everything, ? is one character, the rest is literal', () => {
    expect(matchesGlobPattern('git push*', 'git push --force origin main')).toBe(true);
    expect(matchesGlobPattern('git push*', 'git pull')).toBe(false);
    expect(matchesGlobPattern('rm -rf /tmp/?', 'rm -rf /tmp/x')).toBe(true);
    expect(matchesGlobPattern('a.b', 'axb')).toBe(false);
    expect(matchesGlobPattern('echo (x)', 'echo (x)')).toBe(true);
    expect(matchesGlobPattern('line*', 'line one\nline two')).toBe(true);
  });

  it('path mode: * stays in one segment, ** crosses directories, classes and escapes work', () => {
    const path = { pathSegments: true };
    expect(matchesGlobPattern('src/**', 'src/a/b.ts', path)).toBe(true);
    expect(matchesGlobPattern('src/*', 'src/a/b.ts', path)).toBe(false);
    expect(matchesGlobPattern('src/**/b.ts', 'src/b.ts', path)).toBe(true);
    expect(matchesGlobPattern('*.[jt]s', 'index.ts', path)).toBe(true);
    expect(matchesGlobPattern('*.[!jt]s', 'index.ts', path)).toBe(false);
    expect(matchesGlobPattern('\\*.md', '*.md', path)).toBe(true);
    expect(matchesGlobPattern('\\*.md', 'a.md', path)).toBe(false);
    expect(matchesGlobPattern('README.MD', 'readme.md', { ...path, caseInsensitive: true })).toBe(true);
  });

  it('an invalid character class makes the glob literal instead of throwing', () => {
    expect(matchesGlobPattern('[z-a]x', '[z-a]x')).toBe(true);
    expect(matchesGlobPattern('[z-a]x', 'bx')).toBe(false);
  });

  it('compileNameFilter: names and globs, case-insensitive, whole names only; no patterns match nothing', () => {
    const withheld = compileNameFilter(['*_API_KEY', 'aws_*', 'GITHUB_TOKEN']);
    expect(['GEMINI_API_KEY', 'AWS_REGION', 'github_token'].map(withheld)).toEqual([true, true, true]);
    expect(['GEMINI_API_KEY_FILE', 'PATH', 'MY_AWS'].map(withheld)).toEqual([false, false, false]);
    expect(compileNameFilter([])('ANYTHING')).toBe(false);
  });

  it('a glob with many stars against a long text still answers (linear time)', () => {
    expect(matchesGlobPattern('*a*a*a*a*a*a*a*a*a*a*b', 'a'.repeat(20_000))).toBe(false);
  });
});
