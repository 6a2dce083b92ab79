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
