/**
 * Per-tool argument names both ways: what a Claude Code hook reads in `tool_input`, and how its
 * `updatedInput` is mapped back to the names the hookrail tool takes. Every mapping round-trips.
 */
import { describe, expect, it } from 'vitest';
import { toClaudeInput } from '../../../src/hooks/dialects/claudeInput.js';
import {
  hasClaudeArgumentMapping,
  toClaudeToolInput,
  toNativeToolInput,
} from '../../../src/hooks/dialects/toolArguments.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';

const cwd = '/home/dev/shop';

interface ArgumentCase {
  tool: string;
  native: Record<string, unknown>;
  claude: Record<string, unknown>;
}

/** Canonical native arguments and what Claude Code's tool of the same job takes for them. */
const cases: ArgumentCase[] = [
  {
    tool: 'run_shell_command',
    native: { command: 'npm test', description: 'Run the tests' },
    claude: { command: 'npm test', description: 'Run the tests' },
  },
  { tool: 'run_shell_command', native: { command: 'ls', dir_path: 'src' }, claude: { command: 'ls', dir_path: 'src' } },
  { tool: 'read_file', native: { file_path: 'src/cart.ts' }, claude: { file_path: '/home/dev/shop/src/cart.ts' } },
  {
    tool: 'read_file',
    native: { file_path: '/home/dev/shop/a.ts', offset: 0, limit: 20 },
    claude: { file_path: '/home/dev/shop/a.ts', offset: 1, limit: 20 },
  },
  {
    tool: 'read_file',
    native: { file_path: 'a.ts', start_line: 5, end_line: 9 },
    claude: { file_path: '/home/dev/shop/a.ts', offset: 5, limit: 5 },
  },
  { tool: 'read_file', native: { absolute_path: '/home/dev/shop/a.ts' }, claude: { file_path: '/home/dev/shop/a.ts' } },
  {
    tool: 'write_file',
    native: { file_path: '.env', content: 'A=1\n' },
    claude: { file_path: '/home/dev/shop/.env', content: 'A=1\n' },
  },
  {
    tool: 'replace',
    native: { file_path: 'src/cart.ts', old_string: 'a', new_string: 'b' },
    claude: { file_path: '/home/dev/shop/src/cart.ts', old_string: 'a', new_string: 'b' },
  },
  {
    tool: 'replace',
    native: { file_path: 'x.ts', old_string: 'a', new_string: 'b', allow_multiple: true },
    claude: { file_path: '/home/dev/shop/x.ts', old_string: 'a', new_string: 'b', replace_all: true },
  },
  {
    tool: 'replace',
    native: { file_path: 'x.ts', old_string: 'a', new_string: 'b', expected_replacements: 1 },
    claude: { file_path: '/home/dev/shop/x.ts', old_string: 'a', new_string: 'b', replace_all: false },
  },
  {
    tool: 'glob',
    native: { pattern: '**/*.ts', dir_path: 'src' },
    claude: { pattern: '**/*.ts', path: '/home/dev/shop/src' },
  },
  {
    tool: 'glob',
    native: { pattern: '*.md', case_sensitive: true },
    claude: { pattern: '*.md', case_sensitive: true },
  },
  {
    tool: 'list_directory',
    native: { dir_path: '.', ignore: ['*.log'] },
    claude: { path: '/home/dev/shop', ignore: ['*.log'] },
  },
  {
    tool: 'search_file_content',
    native: { pattern: 'TODO', dir_path: 'src', include: '*.ts' },
    claude: { pattern: 'TODO', path: '/home/dev/shop/src', glob: '*.ts' },
  },
  { tool: 'grep_search', native: { pattern: 'x', include_pattern: '*.ts' }, claude: { pattern: 'x', glob: '*.ts' } },
  {
    tool: 'mcp__memory__create_entities',
    native: { entities: [{ name: 'a' }] },
    claude: { entities: [{ name: 'a' }] },
  },
];

describe('tool_input: native ⇄ Claude Code', () => {
  it.each(cases)('$tool $native → Claude → native round-trips', ({ tool, native, claude }) => {
    expect(toClaudeToolInput(tool, native, { cwd })).toEqual(claude);
    expect(toNativeToolInput(tool, toClaudeToolInput(tool, native, { cwd }), { cwd, original: native })).toEqual(
      native,
    );
  });

  it.each(cases)('$tool Claude $claude → native → Claude round-trips', ({ tool, claude }) => {
    const native = toNativeToolInput(tool, claude, { cwd });
    expect(toClaudeToolInput(tool, native, { cwd })).toEqual(claude);
  });

  it("an updatedInput is mapped back to the tool's own names; what the hook changed wins, what it left keeps its spelling", () => {
    const original = { file_path: 'a.ts', start_line: 3, end_line: 4 };
    expect(
      toNativeToolInput('read_file', { file_path: '/home/dev/shop/a.ts', offset: 10, limit: 2 }, { cwd, original }),
    ).toEqual({
      file_path: 'a.ts',
      offset: 9,
      limit: 2,
    });
    expect(
      toNativeToolInput(
        'glob',
        { pattern: '**/*.md', path: '/home/dev/shop/docs' },
        { cwd, original: { pattern: '*.ts', dir_path: 'src' } },
      ),
    ).toEqual({
      pattern: '**/*.md',
      dir_path: '/home/dev/shop/docs',
    });
    // replace_all clears expected_replacements, which the tool refuses together with allow_multiple.
    expect(
      toNativeToolInput(
        'replace',
        { file_path: '/home/dev/shop/x.ts', old_string: 'a', new_string: 'b', replace_all: true },
        {
          cwd,
          original: { file_path: 'x.ts', old_string: 'a', new_string: 'b', expected_replacements: 1 },
        },
      ),
    ).toEqual({
      file_path: 'x.ts',
      old_string: 'a',
      new_string: 'b',
      allow_multiple: true,
      expected_replacements: undefined,
    });
  });

  it('Claude-only arguments (Bash timeout) travel along; the tool ignores what it does not take', () => {
    expect(
      toNativeToolInput('run_shell_command', { command: 'npm publish --dry-run', timeout: 300000 }, { cwd }),
    ).toEqual({
      command: 'npm publish --dry-run',
      timeout: 300000,
    });
  });
});

describe("Claude Code's tool moments read the call in Claude's names, paths from the session's directory", () => {
  it('a PermissionRequest hook reads Read with the file path joined to the session cwd', () => {
    const told = toClaudeInput(
      HookEventName.BeforeTool,
      { cwd, tool_name: 'read_file', tool_input: { file_path: 'src/cart.ts' } },
      { moment: 'PermissionRequest' },
    );
    expect(told.eventName).toBe('PermissionRequest');
    expect(told.payload).toMatchObject({
      tool_name: 'Read',
      tool_input: { file_path: '/home/dev/shop/src/cart.ts' },
      permission_suggestions: [],
    });
  });

  it('a PostToolBatch hook reads each call of the batch so, with its id and the text the model read', () => {
    const told = toClaudeInput(
      HookEventName.AfterTool,
      {
        cwd,
        tool_calls: [
          {
            tool_name: 'read_file',
            tool_input: { file_path: 'src/cart.ts' },
            tool_use_id: 'call-1',
            tool_response: 'export {}',
          },
          { tool_name: 'run_shell_command', tool_input: { command: 'npm test' }, tool_use_id: 'call-2' },
        ],
      },
      { moment: 'PostToolBatch' },
    );
    expect(told.eventName).toBe('PostToolBatch');
    expect(told.payload['tool_calls']).toEqual([
      {
        tool_name: 'Read',
        tool_input: { file_path: '/home/dev/shop/src/cart.ts' },
        tool_use_id: 'call-1',
        tool_response: 'export {}',
      },
      { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'call-2' },
    ]);
  });
});

describe('tool arguments a Claude hook receives at the edges', () => {
  const toClaude = (tool: string, args: Record<string, unknown>) => toClaudeToolInput(tool, args, { cwd });
  const toNative = (tool: string, args: Record<string, unknown>) => toNativeToolInput(tool, args, { cwd });

  it('only a non-empty relative path is made absolute: an empty path or a non-text value reaches the hook as given', () => {
    expect(toClaude('read_file', { file_path: '' })).toEqual({ file_path: '' });
    expect(toClaude('read_file', { file_path: 42 })).toEqual({ file_path: 42 });
    expect(toClaude('read_file', { file_path: '/etc/hosts' })).toEqual({ file_path: '/etc/hosts' });
    expect(toClaude('glob', { pattern: '*.ts', dir_path: 'src' })).toEqual({
      pattern: '*.ts',
      path: '/home/dev/shop/src',
    });
  });

  it('a start_line alone reads from there to the end; an end_line alone reads from line 1', () => {
    expect(toClaude('read_file', { file_path: '/a.ts', start_line: 5 })).toEqual({ file_path: '/a.ts', offset: 5 });
    expect(toClaude('read_file', { file_path: '/a.ts', end_line: 8 })).toEqual({
      file_path: '/a.ts',
      offset: 1,
      limit: 8,
    });
    expect(toClaude('read_file', { file_path: '/a.ts', start_line: '5', end_line: '9' })).toEqual({
      file_path: '/a.ts',
      offset: 1,
    });
  });

  it('an offset that is not a number is passed on as it is, both ways, and is not shifted', () => {
    expect(toClaude('read_file', { file_path: '/a.ts', offset: '10', limit: 5 })).toEqual({
      file_path: '/a.ts',
      offset: '10',
      limit: 5,
    });
    expect(toNative('read_file', { file_path: '/a.ts', offset: '10' })).toEqual({ file_path: '/a.ts', offset: '10' });
    expect(toNative('read_file', { file_path: '/a.ts', offset: 1, limit: 3 })).toEqual({
      file_path: '/a.ts',
      offset: 0,
      limit: 3,
    });
  });

  it('Edit.replace_all is true for allow_multiple or more than one expected replacement, false otherwise', () => {
    const replaceAll = (args: Record<string, unknown>) =>
      toClaude('replace', { file_path: '/a.ts', old_string: 'a', new_string: 'b', ...args })['replace_all'];
    expect(replaceAll({ expected_replacements: 3 })).toBe(true);
    expect(replaceAll({ expected_replacements: 1 })).toBe(false);
    expect(replaceAll({ expected_replacements: '3' })).toBe(false);
    expect(replaceAll({ allow_multiple: false })).toBe(false);
    expect(replaceAll({ allow_multiple: true, expected_replacements: 1 })).toBe(true);
    expect(replaceAll({})).toBeUndefined();
  });

  it('hookrail knows the Claude spelling of its built-in tools only', () => {
    expect(hasClaudeArgumentMapping('read_file')).toBe(true);
    expect(hasClaudeArgumentMapping('grep_search')).toBe(true);
    expect(hasClaudeArgumentMapping('mcp__github__get_issue')).toBe(false);
    expect(hasClaudeArgumentMapping('toString')).toBe(false);
  });
});
