/**
 * `write_file` (Gemini CLI's name; `file_path` + `content`): writes a whole text file inside the
 * working directory, creating missing parent directories.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '../../tool.js';
import { BuiltinToolFailure, defineBuiltinTool, requireString } from './builtinTool.js';
import type { Workspace } from './pathConfinement.js';

/** Creates `write_file`, confined to the workspace. */
export function createWriteFileTool(options: { workspace: Workspace }): Tool {
  return defineBuiltinTool({
    name: 'write_file',
    description:
      'Writes content to a file inside the working directory, replacing the whole file if it exists and creating ' +
      'it (and its parent directories) if it does not.',
    parametersJsonSchema: {
      type: 'object',
      properties: {
        file_path: {
          type: 'string',
          description: 'The file to write, relative to the working directory or absolute inside it.',
        },
        content: { type: 'string', description: 'The complete content to write.' },
      },
      required: ['file_path', 'content'],
    },
    async run(args) {
      const requested = requireString(args, ['file_path', 'absolute_path', 'path']);
      const content = requireString(args, ['content'], { allowEmpty: true });
      const file = await options.workspace.resolve(requested);
      const existing = await stat(file.realPath).catch(() => undefined);
      if (existing?.isDirectory()) {
        throw new BuiltinToolFailure('not_a_file', `"${requested}" is a directory; write_file needs a file path`);
      }
      await mkdir(path.dirname(file.realPath), { recursive: true });
      await writeFile(file.realPath, content, 'utf8');
      const lineCount = content.length === 0 ? 0 : content.split(/\r?\n/).length - (content.endsWith('\n') ? 1 : 0);
      const summary = existing
        ? `Overwrote ${file.relativePath} (${lineCount} lines, ${Buffer.byteLength(content)} bytes)`
        : `Created ${file.relativePath} (${lineCount} lines, ${Buffer.byteLength(content)} bytes)`;
      return {
        llmContent: `Successfully ${existing ? 'overwrote' : 'created and wrote to new'} file: ${file.relativePath}`,
        returnDisplay: summary,
        metadata: { path: file.relativePath, created: !existing, bytes: Buffer.byteLength(content) },
      };
    },
  });
}
