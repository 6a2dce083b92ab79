/**
 * The tool's result as a Claude Code hook sees it. hookrail hands AfterTool hooks its `ToolResult`
 * (`{llmContent, returnDisplay, metadata, error}`); Claude Code hands PostToolUse hooks the tool's own
 * output object (`Bash`: `stdout`, `stderr`, `interrupted`; `Write`/`Edit`: `filePath` and friends;
 * ...) and PostToolUseFailure hooks an `error` string instead. Built from the result's `metadata`,
 * which the built-in tools fill for this (see src/adapters/tools/*).
 *
 * An MCP tool (`mcp__SERVER__TOOL`) whose result's `metadata.mcpResult` holds the MCP `CallToolResult`
 * (the `hookrail mcp` gateway's calls) is given its `content` blocks.
 *
 * Not reproduced: `structuredPatch` (always `[]`) and `originalFile` (always `null`) of Write and
 * Edit — hookrail does not keep a file's previous content — and `durationMs` where the tool does not
 * measure it. Hooks in the wild read `filePath`, `stdout` and `success`-like fields.
 */
import { isAbsolute, resolve } from 'node:path';
import { isPlainObject } from '../../values.js';

/** A tool's result as hookrail's AfterTool input carries it (`tool_response`). */
export type NativeToolResponse = Record<string, unknown>;

/** What Claude Code sends for a finished tool call: a `tool_response`, or an `error` for a failure. */
export type ClaudeToolOutcome =
  | { kind: 'success'; toolResponse: unknown }
  | { kind: 'failure'; error: string; isInterrupt: boolean };

/** What building the Claude view needs besides the result. */
export interface ClaudeToolResponseContext {
  /** The hookrail tool's name. */
  toolName: string;
  /** The arguments the tool ran with (native names). */
  toolInput: Record<string, unknown>;
  /** Relative paths are made absolute against it. */
  cwd: string;
}

/** The `metadata` object of a native result, or `{}`. */
function metadataOf(toolResponse: NativeToolResponse): Record<string, unknown> {
  return isPlainObject(toolResponse['metadata']) ? toolResponse['metadata'] : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function absolute(value: unknown, cwd: string): string {
  const path = text(value);
  return path === '' || isAbsolute(path) ? path : resolve(cwd, path);
}

/**
 * True when Claude Code would call this call failed: the result carries an `error`, or a shell
 * command exited non-zero or was killed by a signal (Claude's Bash reports `Exit code N` as a failure).
 */
export function isFailedToolResponse(toolName: string, toolResponse: NativeToolResponse | undefined): boolean {
  if (!isPlainObject(toolResponse)) return false;
  if (toolResponse['error'] !== undefined && toolResponse['error'] !== null) return true;
  if (toolName !== 'run_shell_command') return false;
  const metadata = metadataOf(toolResponse);
  const exitCode = metadata['exitCode'];
  return (
    (typeof exitCode === 'number' && exitCode !== 0) ||
    (typeof metadata['signal'] === 'string' && metadata['signal'] !== '')
  );
}

/** The Claude view of a finished call: its `tool_response`, or the failure's `error` text. */
export function toClaudeToolOutcome(
  toolResponse: NativeToolResponse,
  context: ClaudeToolResponseContext,
): ClaudeToolOutcome {
  if (isFailedToolResponse(context.toolName, toolResponse)) return failureOutcome(toolResponse, context);
  return { kind: 'success', toolResponse: toClaudeToolResponse(toolResponse, context) };
}

function failureOutcome(toolResponse: NativeToolResponse, context: ClaudeToolResponseContext): ClaudeToolOutcome {
  const error = isPlainObject(toolResponse['error']) ? toolResponse['error'] : undefined;
  const isInterrupt = error?.['type'] === 'cancelled';
  const metadata = metadataOf(toolResponse);
  if (
    context.toolName === 'run_shell_command' &&
    typeof metadata['exitCode'] === 'number' &&
    metadata['exitCode'] !== 0
  ) {
    const output = [text(metadata['stdout']), text(metadata['stderr'])].filter((part) => part !== '').join('\n');
    return {
      kind: 'failure',
      error: `Exit code ${metadata['exitCode']}${output === '' ? '' : `\n${output}`}`,
      isInterrupt,
    };
  }
  const message = text(error?.['message']) || text(toolResponse['llmContent']) || 'The tool failed';
  return { kind: 'failure', error: message, isInterrupt };
}

/** The `tool_response` of a successful call, in the shape Claude Code's tool of the same job returns. */
export function toClaudeToolResponse(toolResponse: NativeToolResponse, context: ClaudeToolResponseContext): unknown {
  const metadata = metadataOf(toolResponse);
  const input = context.toolInput;
  const llmContent = text(toolResponse['llmContent']);
  switch (context.toolName) {
    case 'run_shell_command':
      return {
        stdout: typeof metadata['stdout'] === 'string' ? metadata['stdout'] : llmContent,
        stderr: text(metadata['stderr']),
        interrupted: false,
        isImage: false,
      };
    case 'write_file':
      return {
        type: metadata['created'] === false ? 'update' : 'create',
        filePath: absolute(
          metadata['path'] ?? input['file_path'] ?? input['absolute_path'] ?? input['path'],
          context.cwd,
        ),
        content: text(input['content']),
        structuredPatch: [],
        originalFile: null,
      };
    case 'replace':
      return {
        filePath: absolute(
          metadata['path'] ?? input['file_path'] ?? input['absolute_path'] ?? input['path'],
          context.cwd,
        ),
        oldString: text(input['old_string']),
        newString: text(input['new_string']),
        originalFile: null,
        structuredPatch: [],
        userModified: false,
        replaceAll:
          input['allow_multiple'] === true ||
          (typeof input['expected_replacements'] === 'number' && input['expected_replacements'] > 1),
      };
    case 'read_file':
      return readResponse(llmContent, metadata, input, context.cwd);
    case 'glob':
      return globResponse(metadata, context.cwd);
    default:
      // An MCP tool's output is its result's content blocks, when the result carries them.
      if (isPlainObject(metadata['mcpResult']) && Array.isArray(metadata['mcpResult']['content']))
        return metadata['mcpResult']['content'];
      // A structured value (an AI SDK tool's object) as it is; text otherwise.
      return toolResponse['output'] !== undefined ? toolResponse['output'] : llmContent;
  }
}

/** The note read_file puts before a window of lines; Claude's `file.content` holds the lines only. */
const windowNote = /^\[Showing lines [^\n]*\]\n/;

function readResponse(
  llmContent: string,
  metadata: Record<string, unknown>,
  input: Record<string, unknown>,
  cwd: string,
): unknown {
  const content = llmContent.replace(windowNote, '');
  const startLine = typeof metadata['startLine'] === 'number' ? metadata['startLine'] : 1;
  const endLine = typeof metadata['endLine'] === 'number' ? metadata['endLine'] : undefined;
  const numLines =
    endLine !== undefined ? Math.max(0, endLine - startLine + 1) : content === '' ? 0 : content.split('\n').length;
  const totalLines = typeof metadata['totalLines'] === 'number' ? metadata['totalLines'] : numLines;
  return {
    type: 'text',
    file: {
      filePath: absolute(metadata['path'] ?? input['file_path'] ?? input['absolute_path'] ?? input['path'], cwd),
      content,
      numLines,
      startLine,
      totalLines,
    },
  };
}

function globResponse(metadata: Record<string, unknown>, cwd: string): unknown {
  const files = Array.isArray(metadata['files'])
    ? metadata['files'].filter((file): file is string => typeof file === 'string')
    : [];
  const response: Record<string, unknown> = {};
  if (typeof metadata['durationMs'] === 'number') response['durationMs'] = metadata['durationMs'];
  response['numFiles'] = typeof metadata['matches'] === 'number' ? metadata['matches'] : files.length;
  response['filenames'] = files.map((file) => absolute(file, cwd));
  response['truncated'] = metadata['truncated'] === true;
  return response;
}

/**
 * A native `tool_response` for a result given in Claude Code's shape (`hooks fire PostToolUse
 * --response '{"stdout": ...}'`), so hookrail hooks and Claude hooks of one fire see the same call.
 * A value that already has `llmContent` is taken as native.
 */
export function fromClaudeToolResponse(
  claudeResponse: unknown,
  context: ClaudeToolResponseContext,
): NativeToolResponse {
  if (typeof claudeResponse === 'string')
    return { llmContent: claudeResponse, returnDisplay: claudeResponse, metadata: {} };
  if (!isPlainObject(claudeResponse)) return { llmContent: '', returnDisplay: '', metadata: {} };
  if (typeof claudeResponse['llmContent'] === 'string')
    return { returnDisplay: claudeResponse['llmContent'], metadata: {}, ...claudeResponse };
  const response = claudeResponse;
  switch (context.toolName) {
    case 'run_shell_command': {
      const stdout = text(response['stdout']);
      const stderr = text(response['stderr']);
      const output = [stdout, stderr].filter((part) => part !== '').join('\n');
      return { llmContent: output, returnDisplay: output, metadata: { exitCode: 0, signal: null, stdout, stderr } };
    }
    case 'write_file': {
      const filePath = text(response['filePath']);
      return {
        llmContent: `Successfully wrote file: ${filePath}`,
        returnDisplay: `Wrote ${filePath}`,
        metadata: { path: filePath, created: response['type'] !== 'update' },
      };
    }
    case 'replace': {
      const filePath = text(response['filePath']);
      return {
        llmContent: `Successfully modified file: ${filePath}`,
        returnDisplay: `Edited ${filePath}`,
        metadata: { path: filePath, created: false },
      };
    }
    case 'read_file': {
      const file = isPlainObject(response['file']) ? response['file'] : {};
      const startLine = typeof file['startLine'] === 'number' ? file['startLine'] : 1;
      const numLines = typeof file['numLines'] === 'number' ? file['numLines'] : 0;
      const content = text(file['content']);
      return {
        llmContent: content,
        returnDisplay: `Read ${text(file['filePath'])}`,
        metadata: {
          path: text(file['filePath']),
          startLine,
          endLine: startLine + numLines - 1,
          totalLines: file['totalLines'] ?? numLines,
        },
      };
    }
    case 'glob': {
      const files = Array.isArray(response['filenames']) ? response['filenames'] : [];
      const metadata: Record<string, unknown> = {
        files,
        matches: response['numFiles'] ?? files.length,
        truncated: response['truncated'] === true,
      };
      if (typeof response['durationMs'] === 'number') metadata['durationMs'] = response['durationMs'];
      return { llmContent: files.join('\n'), returnDisplay: `Found ${files.length} matching file(s)`, metadata };
    }
    default: {
      const content = JSON.stringify(response);
      return { llmContent: content, returnDisplay: content, metadata: {} };
    }
  }
}
