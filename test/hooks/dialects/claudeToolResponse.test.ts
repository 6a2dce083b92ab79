/**
 * `tool_response` in Claude Code's per-tool shape, built from what hookrail's built-in tools really
 * return (each tool runs for real in a throw-away workspace), and the failures Claude reports as
 * PostToolUseFailure. Claude's shapes also round-trip through hookrail's result form.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fromClaudeToolResponse,
  isFailedToolResponse,
  toClaudeToolOutcome,
  toClaudeToolResponse,
} from '../../../src/hooks/dialects/claudeToolResponse.js';
import { toToolResponse } from '../../../src/hooks/protocol/toolHookEffects.js';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

let workspace: AdapterWorkspace;

beforeEach(async () => {
  workspace = await createAdapterWorkspace();
});
afterEach(() => workspace.cleanup());

/** Runs a built-in tool for real and returns the Claude view of its result. */
async function claudeOutcomeOf(toolName: string, args: Record<string, unknown>) {
  const result = await workspace.tools()[toolName].execute(args, idleContext());
  return toClaudeToolOutcome(toToolResponse(result), { toolName, toolInput: args, cwd: workspace.root });
}

describe("tool_response: hookrail results in Claude Code's shapes", () => {
  it('run_shell_command → Bash {stdout, stderr, interrupted, isImage}, each stream on its own', async () => {
    const outcome = await claudeOutcomeOf('run_shell_command', { command: 'echo out; echo err >&2' });
    expect(outcome).toEqual({
      kind: 'success',
      toolResponse: { stdout: 'out', stderr: 'err', interrupted: false, isImage: false },
    });
  });

  it('a shell command that exits non-zero is a failure, "Exit code N" and its output, as Claude Code reports Bash', async () => {
    const outcome = await claudeOutcomeOf('run_shell_command', { command: 'echo lint-error; exit 3' });
    expect(outcome).toEqual({ kind: 'failure', error: 'Exit code 3\nlint-error', isInterrupt: false });
  });

  it('write_file → Write {type, filePath (absolute), content, structuredPatch, originalFile}', async () => {
    const created = await claudeOutcomeOf('write_file', {
      file_path: 'src/cart.ts',
      content: 'export const total = 0;\n',
    });
    expect(created).toEqual({
      kind: 'success',
      toolResponse: {
        type: 'create',
        filePath: `${workspace.root}/src/cart.ts`,
        content: 'export const total = 0;\n',
        structuredPatch: [],
        originalFile: null,
      },
    });
    const updated = await claudeOutcomeOf('write_file', { file_path: 'src/cart.ts', content: 'x\n' });
    expect(updated).toMatchObject({
      kind: 'success',
      toolResponse: { type: 'update', filePath: `${workspace.root}/src/cart.ts` },
    });
  });

  it('replace → Edit {filePath, oldString, newString, originalFile, structuredPatch, userModified, replaceAll}', async () => {
    await workspace.write('a.ts', 'let a = 1; let b = 1;\n');
    const outcome = await claudeOutcomeOf('replace', {
      file_path: 'a.ts',
      old_string: '1',
      new_string: '2',
      allow_multiple: true,
    });
    expect(outcome).toEqual({
      kind: 'success',
      toolResponse: {
        filePath: `${workspace.root}/a.ts`,
        oldString: '1',
        newString: '2',
        originalFile: null,
        structuredPatch: [],
        userModified: false,
        replaceAll: true,
      },
    });
  });

  it('read_file → Read {type: "text", file: {filePath, content, numLines, startLine, totalLines}}, without hookrail\'s window note', async () => {
    await workspace.write('notes.txt', 'one\ntwo\nthree\nfour\n');
    const whole = await claudeOutcomeOf('read_file', { file_path: 'notes.txt' });
    expect(whole).toEqual({
      kind: 'success',
      toolResponse: {
        type: 'text',
        file: {
          filePath: `${workspace.root}/notes.txt`,
          content: 'one\ntwo\nthree\nfour',
          numLines: 4,
          startLine: 1,
          totalLines: 4,
        },
      },
    });
    const window = await claudeOutcomeOf('read_file', { file_path: 'notes.txt', offset: 1, limit: 2 });
    expect(window).toEqual({
      kind: 'success',
      toolResponse: {
        type: 'text',
        file: {
          filePath: `${workspace.root}/notes.txt`,
          content: 'two\nthree',
          numLines: 2,
          startLine: 2,
          totalLines: 4,
        },
      },
    });
  });

  it('glob → Glob {durationMs, numFiles, filenames (absolute), truncated}', async () => {
    await workspace.write('src/a.ts', '');
    await workspace.write('src/b.ts', '');
    const outcome = await claudeOutcomeOf('glob', { pattern: '**/*.ts' });
    expect(outcome).toEqual({
      kind: 'success',
      toolResponse: {
        durationMs: expect.any(Number),
        numFiles: 2,
        filenames: [`${workspace.root}/src/a.ts`, `${workspace.root}/src/b.ts`],
        truncated: false,
      },
    });
  });

  it('list_directory → LS: the listing text (Claude Code publishes no LS output shape)', async () => {
    await workspace.write('x.txt', '');
    const outcome = await claudeOutcomeOf('list_directory', { dir_path: '.' });
    expect(outcome.kind).toBe('success');
    expect(
      outcome.kind === 'success' && typeof outcome.toolResponse === 'string' && outcome.toolResponse.includes('x.txt'),
    ).toBe(true);
  });

  it('a tool that failed is a PostToolUseFailure with the error message; a cancelled one is an interrupt', async () => {
    const missing = await claudeOutcomeOf('read_file', { file_path: 'nope.txt' });
    expect(missing).toMatchObject({ kind: 'failure', isInterrupt: false });
    expect(missing.kind === 'failure' && missing.error).toContain('nope.txt');
    const cancelled = toClaudeToolOutcome(
      { llmContent: 'x', error: { message: 'command was cancelled', type: 'cancelled' } },
      { toolName: 'run_shell_command', toolInput: {}, cwd: '/' },
    );
    expect(cancelled).toEqual({ kind: 'failure', error: 'command was cancelled', isInterrupt: true });
    expect(isFailedToolResponse('write_file', { llmContent: 'ok', metadata: { exitCode: 1 } })).toBe(false);
  });

  it('a host tool (mcp__server__tool) hands Claude hooks its text result', () => {
    expect(
      toClaudeToolResponse(
        { llmContent: '{"ok":true}', returnDisplay: '' },
        { toolName: 'mcp__memory__create_entities', toolInput: {}, cwd: '/' },
      ),
    ).toBe('{"ok":true}');
  });
});

describe('tool_response: Claude Code shapes → hookrail results → Claude Code shapes', () => {
  const cwd = '/home/dev/shop';
  const cases: Array<{ tool: string; input: Record<string, unknown>; response: unknown }> = [
    {
      tool: 'run_shell_command',
      input: { command: 'npm test' },
      response: { stdout: 'ok', stderr: 'warn', interrupted: false, isImage: false },
    },
    {
      tool: 'write_file',
      input: { file_path: '/home/dev/shop/a.ts', content: 'x' },
      response: {
        type: 'create',
        filePath: '/home/dev/shop/a.ts',
        content: 'x',
        structuredPatch: [],
        originalFile: null,
      },
    },
    {
      tool: 'replace',
      input: { file_path: '/home/dev/shop/a.ts', old_string: 'a', new_string: 'b' },
      response: {
        filePath: '/home/dev/shop/a.ts',
        oldString: 'a',
        newString: 'b',
        originalFile: null,
        structuredPatch: [],
        userModified: false,
        replaceAll: false,
      },
    },
    {
      tool: 'read_file',
      input: { file_path: '/home/dev/shop/a.ts' },
      response: {
        type: 'text',
        file: { filePath: '/home/dev/shop/a.ts', content: 'l1\nl2', numLines: 2, startLine: 1, totalLines: 9 },
      },
    },
    {
      tool: 'glob',
      input: { pattern: '*.ts' },
      response: { durationMs: 4, numFiles: 1, filenames: ['/home/dev/shop/a.ts'], truncated: false },
    },
  ];

  it.each(cases)('$tool round-trips', ({ tool, input, response }) => {
    const native = fromClaudeToolResponse(response, { toolName: tool, toolInput: input, cwd });
    expect(typeof native['llmContent']).toBe('string');
    expect(toClaudeToolResponse(native, { toolName: tool, toolInput: input, cwd })).toEqual(response);
  });
});

describe('tool_response: what a Claude hook receives when the result says little', () => {
  const cwd = '/home/dev/shop';
  const claudeView = (
    toolName: string,
    toolResponse: Record<string, unknown>,
    toolInput: Record<string, unknown> = {},
  ) => toClaudeToolOutcome(toolResponse, { toolName, toolInput, cwd });

  it('a shell command killed by a signal is a PostToolUseFailure; an empty signal, exit 0 or a non-object result is not', () => {
    expect(isFailedToolResponse('run_shell_command', { llmContent: '', metadata: { signal: 'SIGTERM' } })).toBe(true);
    expect(isFailedToolResponse('run_shell_command', { llmContent: '', metadata: { signal: '' } })).toBe(false);
    expect(isFailedToolResponse('run_shell_command', { llmContent: '', metadata: { exitCode: 0, signal: null } })).toBe(
      false,
    );
    expect(isFailedToolResponse('run_shell_command', { llmContent: '', metadata: { exitCode: '1' } })).toBe(false);
    expect(isFailedToolResponse('run_shell_command', { llmContent: 'ok', error: null })).toBe(false);
    expect(isFailedToolResponse('read_file', undefined)).toBe(false);
    // A killed command reads as the tool's error text, with no exit code to report.
    expect(
      claudeView('run_shell_command', { llmContent: 'Command was killed by SIGTERM', metadata: { signal: 'SIGTERM' } }),
    ).toEqual({ kind: 'failure', error: 'Command was killed by SIGTERM', isInterrupt: false });
  });

  it('a failed command with no output says only its exit code; a failure with no message says "The tool failed"', () => {
    expect(
      claudeView('run_shell_command', { llmContent: '', metadata: { exitCode: 1, stdout: '', stderr: '' } }),
    ).toEqual({ kind: 'failure', error: 'Exit code 1', isInterrupt: false });
    expect(
      claudeView('run_shell_command', { llmContent: '', metadata: { exitCode: 2, stdout: '', stderr: 'bad flag' } }),
    ).toEqual({ kind: 'failure', error: 'Exit code 2\nbad flag', isInterrupt: false });
    expect(
      claudeView('run_shell_command', { llmContent: '', metadata: { exitCode: 1, stdout: 'out', stderr: 'err' } }),
    ).toEqual({ kind: 'failure', error: 'Exit code 1\nout\nerr', isInterrupt: false });
    // Only a shell's non-zero exit reads "Exit code N"; another tool's failure, or a shell error at exit 0, is its message.
    expect(
      claudeView('read_file', { llmContent: '', error: { message: 'No such file' }, metadata: { exitCode: 1 } }),
    ).toEqual({ kind: 'failure', error: 'No such file', isInterrupt: false });
    expect(
      claudeView('run_shell_command', {
        llmContent: '',
        error: { message: 'spawn failed' },
        metadata: { exitCode: 0 },
      }),
    ).toEqual({ kind: 'failure', error: 'spawn failed', isInterrupt: false });
    expect(claudeView('write_file', { llmContent: '', error: 'disk full' })).toEqual({
      kind: 'failure',
      error: 'The tool failed',
      isInterrupt: false,
    });
    expect(claudeView('write_file', { llmContent: 'Permission denied', error: { message: '' } })).toEqual({
      kind: 'failure',
      error: 'Permission denied',
      isInterrupt: false,
    });
  });

  it("a shell result without stdout metadata gives the tool's text as stdout", () => {
    expect(claudeView('run_shell_command', { llmContent: 'all good' })).toEqual({
      kind: 'success',
      toolResponse: { stdout: 'all good', stderr: '', interrupted: false, isImage: false },
    });
  });

  it('file paths are made absolute against the session directory, from the result or from the arguments', () => {
    const write = (toolInput: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
      toClaudeToolResponse({ llmContent: '', metadata }, { toolName: 'write_file', toolInput, cwd });
    expect(write({ file_path: 'a.ts' })).toMatchObject({ type: 'create', filePath: '/home/dev/shop/a.ts' });
    expect(write({ absolute_path: '/tmp/b.ts' })).toMatchObject({ filePath: '/tmp/b.ts' });
    expect(write({ path: 'c.ts' }, { path: 'src/c.ts', created: false })).toMatchObject({
      type: 'update',
      filePath: '/home/dev/shop/src/c.ts',
    });
    expect(write({})).toMatchObject({ filePath: '' });
    const edit = (toolInput: Record<string, unknown>) =>
      toClaudeToolResponse({ llmContent: '' }, { toolName: 'replace', toolInput, cwd });
    expect(
      toClaudeToolResponse(
        { llmContent: '', metadata: { path: 'src/e.ts' } },
        { toolName: 'replace', toolInput: {}, cwd },
      ),
    ).toMatchObject({ filePath: '/home/dev/shop/src/e.ts' });
    expect(edit({ absolute_path: '/tmp/e.ts' })).toMatchObject({ filePath: '/tmp/e.ts' });
    expect(edit({ path: 'd.ts', expected_replacements: 3 })).toMatchObject({
      filePath: '/home/dev/shop/d.ts',
      replaceAll: true,
    });
    expect(edit({ file_path: 'd.ts', expected_replacements: 1 })).toMatchObject({ replaceAll: false });
    expect(edit({ file_path: 'd.ts', expected_replacements: '3' })).toMatchObject({ replaceAll: false });
    expect(edit({ file_path: 'd.ts' })).toMatchObject({ oldString: '', newString: '', replaceAll: false });
  });

  it('read_file without line metadata counts the lines of its text; an empty file has none', () => {
    const read = (llmContent: string, metadata: Record<string, unknown> = {}) =>
      toClaudeToolResponse({ llmContent, metadata }, { toolName: 'read_file', toolInput: { file_path: 'n.txt' }, cwd });
    expect(read('a\nb\nc')).toEqual({
      type: 'text',
      file: { filePath: '/home/dev/shop/n.txt', content: 'a\nb\nc', numLines: 3, startLine: 1, totalLines: 3 },
    });
    expect(read('')).toMatchObject({ file: { content: '', numLines: 0, totalLines: 0 } });
    for (const toolInput of [{ absolute_path: '/tmp/n.txt' }, { path: '/tmp/n.txt' }])
      expect(toClaudeToolResponse({ llmContent: 'x' }, { toolName: 'read_file', toolInput, cwd })).toMatchObject({
        file: { filePath: '/tmp/n.txt' },
      });
    expect(
      toClaudeToolResponse(
        { llmContent: 'x', metadata: { path: 'm.txt' } },
        { toolName: 'read_file', toolInput: {}, cwd },
      ),
    ).toMatchObject({ file: { filePath: '/home/dev/shop/m.txt' } });
    expect(read('x', { startLine: 5, endLine: 4, totalLines: 4 })).toMatchObject({
      file: { numLines: 0, startLine: 5, totalLines: 4 },
    });
    expect(read('x', { startLine: '5', endLine: '9' })).toMatchObject({ file: { numLines: 1, startLine: 1 } });
  });

  it('glob keeps only file names, counts them unless the result gives a count, and says whether the list was cut', () => {
    const glob = (metadata: Record<string, unknown>) =>
      toClaudeToolResponse({ llmContent: '', metadata }, { toolName: 'glob', toolInput: {}, cwd });
    expect(glob({ files: ['a.ts', 7, '/x/b.ts'] })).toStrictEqual({
      numFiles: 2,
      filenames: ['/home/dev/shop/a.ts', '/x/b.ts'],
      truncated: false,
    });
    expect(glob({ files: ['a.ts'], matches: 40, truncated: true, durationMs: '3' })).toStrictEqual({
      numFiles: 40,
      filenames: ['/home/dev/shop/a.ts'],
      truncated: true,
    });
    expect(glob({ files: 'a.ts', matches: '2' })).toStrictEqual({ numFiles: 0, filenames: [], truncated: false });
  });

  it("an MCP tool's content blocks, or an SDK tool's structured output, are what the hook receives", () => {
    const content = [{ type: 'text', text: 'issue #1' }];
    const other = (toolResponse: Record<string, unknown>) =>
      toClaudeToolResponse(toolResponse, { toolName: 'mcp__github__get_issue', toolInput: {}, cwd });
    expect(other({ llmContent: 'issue #1', metadata: { mcpResult: { content } } })).toBe(content);
    expect(other({ llmContent: 'issue #1', metadata: { mcpResult: { content: 'x' } } })).toBe('issue #1');
    expect(other({ llmContent: '{"total":3}', output: { total: 3 } })).toEqual({ total: 3 });
    expect(other({ llmContent: 'null', output: null })).toBeNull();
  });
});

describe('tool_response given in Claude Code shape (hooks fire --response): what a hookrail hook receives', () => {
  const cwd = '/home/dev/shop';
  const native = (toolName: string, response: unknown) =>
    fromClaudeToolResponse(response, { toolName, toolInput: {}, cwd });

  it('text is the result; a value that is no object is an empty result; a native result is kept', () => {
    expect(native('run_shell_command', 'done')).toStrictEqual({
      llmContent: 'done',
      returnDisplay: 'done',
      metadata: {},
    });
    expect(native('run_shell_command', 42)).toStrictEqual({ llmContent: '', returnDisplay: '', metadata: {} });
    expect(native('run_shell_command', null)).toStrictEqual({ llmContent: '', returnDisplay: '', metadata: {} });
    expect(native('run_shell_command', { llmContent: 'native', metadata: { exitCode: 0 } })).toStrictEqual({
      llmContent: 'native',
      returnDisplay: 'native',
      metadata: { exitCode: 0 },
    });
  });

  it('Bash: stdout and stderr joined as the text, each kept in metadata', () => {
    expect(native('run_shell_command', { stdout: 'ok', stderr: '' })).toStrictEqual({
      llmContent: 'ok',
      returnDisplay: 'ok',
      metadata: { exitCode: 0, signal: null, stdout: 'ok', stderr: '' },
    });
    expect(native('run_shell_command', { stdout: '', stderr: 'warn' })).toMatchObject({ llmContent: 'warn' });
    expect(native('run_shell_command', { stdout: 'a', stderr: 'b' })).toMatchObject({ llmContent: 'a\nb' });
  });

  it('Write, Edit, Read and Glob: the text and display a hookrail tool gives for the same call', () => {
    expect(native('write_file', { type: 'update', filePath: '/home/dev/shop/a.ts' })).toStrictEqual({
      llmContent: 'Successfully wrote file: /home/dev/shop/a.ts',
      returnDisplay: 'Wrote /home/dev/shop/a.ts',
      metadata: { path: '/home/dev/shop/a.ts', created: false },
    });
    expect(native('write_file', { filePath: 'b.ts' })).toMatchObject({ metadata: { path: 'b.ts', created: true } });
    expect(native('replace', { filePath: '/home/dev/shop/a.ts' })).toStrictEqual({
      llmContent: 'Successfully modified file: /home/dev/shop/a.ts',
      returnDisplay: 'Edited /home/dev/shop/a.ts',
      metadata: { path: '/home/dev/shop/a.ts', created: false },
    });
    expect(native('read_file', { file: { filePath: 'n.txt', content: 'a' } })).toStrictEqual({
      llmContent: 'a',
      returnDisplay: 'Read n.txt',
      metadata: { path: 'n.txt', startLine: 1, endLine: 0, totalLines: 0 },
    });
    expect(native('read_file', { file: { startLine: 3, numLines: 2 } })).toMatchObject({
      metadata: { startLine: 3, endLine: 4, totalLines: 2 },
    });
    expect(native('glob', { filenames: ['a.ts', 'b.ts'], truncated: true, durationMs: 'slow' })).toStrictEqual({
      llmContent: 'a.ts\nb.ts',
      returnDisplay: 'Found 2 matching file(s)',
      metadata: { files: ['a.ts', 'b.ts'], matches: 2, truncated: true },
    });
    expect(native('glob', { filenames: 'a.ts', numFiles: 9 })).toMatchObject({
      metadata: { files: [], matches: 9, truncated: false },
    });
  });

  it("another tool's object is its JSON text", () => {
    expect(native('mcp__memory__read', { entities: [1] })).toStrictEqual({
      llmContent: '{"entities":[1]}',
      returnDisplay: '{"entities":[1]}',
      metadata: {},
    });
  });
});
