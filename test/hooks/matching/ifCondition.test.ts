/**
 * `if` conditions: parsing, tool names in either dialect, globs over the main
 * argument, subcommands, paths, and linear-time checking of hostile input.
 */
import { describe, expect, it } from 'vitest';
import {
  checkIfCondition,
  matchesIfCondition,
  parseIfCondition,
  type IfCondition,
} from '../../../src/hooks/matching/ifCondition.js';

function condition(text: string): IfCondition {
  const parsed = parseIfCondition(text);
  if (!parsed.condition) throw new Error(`did not parse: ${parsed.error}`);
  return parsed.condition;
}

describe('parsing', () => {
  it('a tool name alone, or a tool name with a glob in parentheses', () => {
    expect(condition('Bash').glob).toBeUndefined();
    expect(condition('Bash(*)').glob).toBeUndefined();
    expect(condition('run_shell_command(git push*)').glob).toBe('git push*');
    expect(condition('  write_file(src/**)  ').glob).toBe('src/**');
    expect(condition('Bash(npm run test:*)').glob).toBe('npm run test*');
    expect(condition('mcp__github__create_issue').toolNames.has('mcp__github__create_issue')).toBe(true);
  });

  it('a tool name is known in both dialects (the Claude ⇄ native map)', () => {
    expect([...condition('Bash(ls)').toolNames].sort()).toEqual(['Bash', 'run_shell_command']);
    expect([...condition('run_shell_command').toolNames].sort()).toEqual(['Bash', 'run_shell_command']);
    expect([...condition('replace').toolNames].sort()).toEqual(['Edit', 'replace']);
    expect([...condition('Write').toolNames].sort()).toEqual(['Write', 'write_file']);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['Bash(', 'not closed'],
    ['Bash(rm -rf*', 'not closed'],
    ['Bash()', 'empty glob'],
    ['Bash && Write', 'not a tool name'],
    ['(rm -rf*)', 'not a tool name'],
    ['9lives', 'not a tool name'],
    ['Bash(abc\\)', 'lone'],
  ])('%j does not parse (%s)', (text, fragment) => {
    const parsed = parseIfCondition(text);
    expect(parsed.condition).toBeUndefined();
    expect(parsed.error).toContain(fragment);
  });

  it('a non-string condition and an over-long glob are reported, never thrown', () => {
    expect(parseIfCondition(42).error).toBe('expected a string like "run_shell_command(git push*)", got a number');
    expect(parseIfCondition(['Bash']).error).toContain('got an array');
    expect(parseIfCondition(`Bash(${'a'.repeat(600)})`).error).toContain('at most 512');
  });
});

describe('matching', () => {
  it('"run_shell_command(git push*)" matches git push commands under either tool name', () => {
    const gitPush = condition('run_shell_command(git push*)');
    expect(matchesIfCondition(gitPush, 'run_shell_command', { command: 'git push origin main' })).toBe(true);
    expect(matchesIfCondition(gitPush, 'Bash', { command: 'git push' })).toBe(true);
    expect(matchesIfCondition(gitPush, 'run_shell_command', { command: 'git pull' })).toBe(false);
    expect(matchesIfCondition(gitPush, 'write_file', { command: 'git push' })).toBe(false);
    expect(matchesIfCondition(gitPush, 'run_shell_command', { file_path: 'git push' })).toBe(false);
  });

  it('"Bash(rm -rf*)" matches a subcommand of a compound command, after VAR=value prefixes', () => {
    const rm = condition('Bash(rm -rf*)');
    const matches = (command: string): boolean => matchesIfCondition(rm, 'run_shell_command', { command });
    expect(matches('rm -rf build')).toBe(true);
    expect(matches('cd /tmp && rm -rf build')).toBe(true);
    expect(matches('make clean; rm -rf dist || true')).toBe(true);
    expect(matches('ls | FOO=1 BAR="a b" rm -rf x')).toBe(true);
    expect(matches('echo $(rm -rf /)')).toBe(true);
    expect(matches('echo "`rm -rf ~`"')).toBe(true);
    expect(matches('(cd src && rm -rf gen)')).toBe(true);
    expect(matches('{ rm -rf a; }')).toBe(true);
    expect(matches('echo "rm -rf is dangerous"')).toBe(false);
    expect(matches("echo 'a && rm -rf b'")).toBe(false);
    expect(matches('rm -r build')).toBe(false);
  });

  it('a command the scanner cannot split counts as matching, so a guard is not skipped', () => {
    const rm = condition('Bash(rm -rf*)');
    expect(matchesIfCondition(rm, 'Bash', { command: 'echo "unterminated' })).toBe(true);
    expect(matchesIfCondition(rm, 'Bash', { command: 'echo $(date' })).toBe(true);
  });

  it('"write_file(src/**)" matches paths under src, relative or absolute inside the working directory', () => {
    const src = condition('write_file(src/**)');
    const matches = (filePath: string, cwd?: string): boolean =>
      matchesIfCondition(src, 'Write', { file_path: filePath, content: 'x' }, cwd);
    expect(matches('src/index.ts')).toBe(true);
    expect(matches('src/deep/er/file.ts')).toBe(true);
    expect(matches('./src/a.ts')).toBe(true);
    expect(matches('/work/project/src/a.ts', '/work/project')).toBe(true);
    expect(matches('/work/project/src/a.ts', '/elsewhere')).toBe(false);
    expect(matches('test/src/a.ts')).toBe(false);
    expect(matches('srcs/a.ts')).toBe(false);
  });

  it('in paths * and ? stay inside one segment, ** crosses them, **/ may match no directory', () => {
    const matches = (glob: string, filePath: string): boolean =>
      matchesIfCondition(condition(`read_file(${glob})`), 'read_file', { file_path: filePath });
    expect(matches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'src/deep/a.ts')).toBe(false);
    expect(matches('src/**/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'src/x/y/a.ts')).toBe(true);
    expect(matches('src/?.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/?.ts', 'src/ab.ts')).toBe(false);
    // A glob without "/" is also tried against the file name.
    expect(matches('*.env', '/home/me/project/.env')).toBe(true);
    expect(matches('*.env', 'config/prod.env')).toBe(true);
    expect(matches('\\*.md', '*.md')).toBe(true);
    expect(matches('\\*.md', 'a.md')).toBe(false);
  });

  it('in commands * crosses "/" and spaces; the main argument is command, file_path, path, pattern or url', () => {
    expect(matchesIfCondition(condition('Bash(cat /etc/*)'), 'Bash', { command: 'cat /etc/ssl/private/key' })).toBe(
      true,
    );
    expect(matchesIfCondition(condition('list_directory(/tmp/*)'), 'list_directory', { path: '/tmp/x' })).toBe(true);
    expect(matchesIfCondition(condition('glob(**/*.ts)'), 'glob', { pattern: '**/*.ts' })).toBe(true);
    expect(
      matchesIfCondition(condition('web_fetch(https://example.com/*)'), 'web_fetch', { url: 'https://example.com/a' }),
    ).toBe(true);
  });

  it('a tool name alone matches any arguments, including none', () => {
    const bash = condition('Bash');
    expect(matchesIfCondition(bash, 'run_shell_command', { command: 'anything at all' })).toBe(true);
    expect(matchesIfCondition(bash, 'run_shell_command', {})).toBe(true);
    expect(matchesIfCondition(bash, 'read_file', {})).toBe(false);
  });

  it('without the tool input only the tool name is checked (the planner asking whether a hook could apply)', () => {
    const gitPush = condition('run_shell_command(git push*)');
    expect(matchesIfCondition(gitPush, 'run_shell_command')).toBe(true);
    expect(matchesIfCondition(gitPush, 'read_file')).toBe(false);
  });

  it('checkIfCondition caches the parse; a condition that does not parse never matches', () => {
    expect(checkIfCondition('Bash(ls*)', 'Bash', { command: 'ls -la' })).toBe(true);
    expect(checkIfCondition('Bash(ls*)', 'Bash', { command: 'pwd' })).toBe(false);
    expect(checkIfCondition('Bash(', 'Bash', { command: 'ls' })).toBe(false);
  });
});

describe('linear time', () => {
  it('a glob built to make backtracking matchers explode is answered on a long hostile command', () => {
    // A backtracking matcher needs exponential time for "*a*a*...*ab" against "aaa...a"; the NFA
    // simulation visits each (character, glob position) pair once, so this returns (no timing asserted:
    // an exponential matcher would never finish within the test's timeout).
    const hostile = condition(`Bash(${'*a'.repeat(40)}b)`);
    expect(matchesIfCondition(hostile, 'Bash', { command: 'a'.repeat(50_000) })).toBe(false);
    expect(matchesIfCondition(hostile, 'Bash', { command: `${'a'.repeat(50_000)}b` })).toBe(true);
  });

  it('a path glob with many ** against a deep path still answers', () => {
    const deep = condition(`read_file(${'**/'.repeat(30)}x)`);
    const path = `${'d/'.repeat(5_000)}y`;
    expect(matchesIfCondition(deep, 'read_file', { file_path: path })).toBe(false);
    expect(matchesIfCondition(deep, 'read_file', { file_path: `${'d/'.repeat(5_000)}x` })).toBe(true);
  });
});
