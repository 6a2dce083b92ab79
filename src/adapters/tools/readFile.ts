/**
 * `read_file` (Gemini CLI's name; `file_path`, also `absolute_path` / `path`): returns a text file's
 * content, optionally a window of lines (`offset` 0-based + `limit`, or Gemini CLI's newer 1-based
 * `start_line` / `end_line`). Binary files are refused rather than dumped into the model's context.
 */
import { open, stat } from 'node:fs/promises';
import type { Tool } from '../../tool.js';
import { BuiltinToolFailure, defineBuiltinTool, optionalInteger, requireString } from './builtinTool.js';
import type { Workspace } from './pathConfinement.js';
import { ToolArgumentError } from '../../errors.js';

/** Lines returned when the model gives no `limit`. */
export const DEFAULT_READ_LINE_LIMIT = 2000;
/** Files above this size are refused (the model should read a window with a shell command instead). */
export const MAXIMUM_READ_FILE_BYTES = 20 * 1024 * 1024;
const binaryProbeBytes = 8192;

/** Creates `read_file`, confined to the workspace. */
export function createReadFileTool(options: { workspace: Workspace }): Tool {
  return defineBuiltinTool({
    name: 'read_file',
    description:
      'Reads a text file inside the working directory and returns its content. For large files, read a window ' +
      `of lines with 'offset' (0-based) and 'limit'; at most ${DEFAULT_READ_LINE_LIMIT} lines are returned when no limit is given, ` +
      'and the response says how to read the rest.',
    parametersJsonSchema: {
      type: 'object',
      properties: {
        file_path: {
          type: 'string',
          description: 'The file to read, relative to the working directory or absolute inside it.',
        },
        offset: { type: 'number', description: 'Optional: the 0-based line to start reading from.' },
        limit: { type: 'number', description: 'Optional: the maximum number of lines to read.' },
      },
      required: ['file_path'],
    },
    async run(args) {
      const requested = requireString(args, ['file_path', 'absolute_path', 'path']);
      const window = readWindow(args);
      const file = await options.workspace.resolve(requested);
      const fileStats = await stat(file.realPath);
      if (fileStats.isDirectory()) {
        throw new BuiltinToolFailure(
          'not_a_file',
          `"${requested}" is a directory; use list_directory to see its entries`,
        );
      }
      if (fileStats.size > MAXIMUM_READ_FILE_BYTES) {
        throw new BuiltinToolFailure(
          'file_too_large',
          `"${requested}" is ${fileStats.size} bytes; the limit is ${MAXIMUM_READ_FILE_BYTES} bytes`,
        );
      }
      const content = await readText(file.realPath, requested);
      const lines = content.split(/\r?\n/);
      if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
      const start = Math.min(window.offset, lines.length);
      const end = Math.min(start + window.limit, lines.length);
      const selected = lines.slice(start, end).join('\n');
      const metadata = { path: file.relativePath, totalLines: lines.length, startLine: start + 1, endLine: end };
      if (start === 0 && end === lines.length) {
        return { llmContent: selected, returnDisplay: `Read ${file.relativePath} (${lines.length} lines)`, metadata };
      }
      const note =
        `[Showing lines ${start + 1}-${end} of ${lines.length} of ${file.relativePath}.` +
        (end < lines.length ? ` To read more, call read_file with offset ${end}.]` : ']');
      return {
        llmContent: `${note}\n${selected}`,
        returnDisplay: `Read lines ${start + 1}-${end} of ${lines.length} from ${file.relativePath}`,
        metadata,
      };
    },
  });
}

function readWindow(args: Record<string, unknown>): { offset: number; limit: number } {
  const startLine = optionalInteger(args, ['start_line'], 1);
  const endLine = optionalInteger(args, ['end_line'], 1);
  if (startLine !== undefined || endLine !== undefined) {
    const first = startLine ?? 1;
    if (endLine !== undefined && endLine < first) {
      throw new ToolArgumentError('end_line', `must not be before start_line (${first}), got ${endLine}`);
    }
    return { offset: first - 1, limit: endLine === undefined ? DEFAULT_READ_LINE_LIMIT : endLine - first + 1 };
  }
  const offset = optionalInteger(args, ['offset'], 0) ?? 0;
  const limit = optionalInteger(args, ['limit'], 1) ?? DEFAULT_READ_LINE_LIMIT;
  return { offset, limit };
}

async function readText(file: string, requested: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const probe = Buffer.alloc(binaryProbeBytes);
    const { bytesRead } = await handle.read(probe, 0, binaryProbeBytes, 0);
    if (probe.subarray(0, bytesRead).includes(0)) {
      throw new BuiltinToolFailure(
        'binary_file',
        `"${requested}" looks like a binary file; read_file only returns text`,
      );
    }
    return await handle.readFile({ encoding: 'utf8' });
  } finally {
    await handle.close();
  }
}
