/**
 * `list_directory` (Gemini CLI's name; `dir_path`, also `path`; optional `ignore` globs): lists the
 * entries directly inside a directory of the workspace, directories first, then by name.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '../../tool.js';
import { BuiltinToolFailure, defineBuiltinTool, optionalString, optionalStringList } from './builtinTool.js';
import { globToRegExp } from './globPattern.js';
import type { Workspace } from './pathConfinement.js';

/** Creates `list_directory`, confined to the workspace. */
export function createListDirectoryTool(options: { workspace: Workspace }): Tool {
  return defineBuiltinTool({
    name: 'list_directory',
    description:
      'Lists the files and subdirectories directly inside a directory of the working directory (directories ' +
      'marked [DIR]). Entries matching any of the optional `ignore` glob patterns are left out.',
    parametersJsonSchema: {
      type: 'object',
      properties: {
        dir_path: {
          type: 'string',
          description: 'The directory to list, relative to the working directory (default: the working directory).',
        },
        ignore: {
          type: 'array',
          items: { type: 'string' },
          description: 'Optional glob patterns of entry names to leave out.',
        },
      },
    },
    async run(args) {
      const requested = optionalString(args, ['dir_path', 'path', 'directory']) ?? '.';
      const ignore = (optionalStringList(args, ['ignore']) ?? []).map((pattern) =>
        globToRegExp(pattern, { caseSensitive: true }),
      );
      const directory = await options.workspace.resolve(requested);
      const directoryStats = await stat(directory.realPath);
      if (!directoryStats.isDirectory()) {
        throw new BuiltinToolFailure(
          'not_a_directory',
          `"${requested}" is a file, not a directory; use read_file to read it`,
        );
      }
      const entries = await readdir(directory.realPath, { withFileTypes: true });
      const listed: Array<{ name: string; isDirectory: boolean }> = [];
      let ignored = 0;
      for (const entry of entries) {
        if (ignore.some((pattern) => pattern.test(entry.name))) {
          ignored += 1;
          continue;
        }
        // A link is shown as what it points to; a dangling one as a file.
        const isDirectory =
          entry.isDirectory() ||
          (entry.isSymbolicLink() && (await isDirectoryLink(path.join(directory.realPath, entry.name))));
        listed.push({ name: entry.name, isDirectory });
      }
      listed.sort(
        (left, right) => Number(right.isDirectory) - Number(left.isDirectory) || compareNames(left.name, right.name),
      );
      const lines = listed.map((entry) => (entry.isDirectory ? `[DIR] ${entry.name}` : entry.name));
      const ignoredNote = ignored > 0 ? `\n(${ignored} ignored)` : '';
      const body = lines.length > 0 ? lines.join('\n') : '(empty directory)';
      return {
        llmContent: `Directory listing for ${directory.relativePath}:\n${body}${ignoredNote}`,
        returnDisplay: `Listed ${listed.length} entr${listed.length === 1 ? 'y' : 'ies'} in ${directory.relativePath}${ignored > 0 ? ` (${ignored} ignored)` : ''}`,
        metadata: { path: directory.relativePath, entries: listed.length, ignored },
      };
    },
  });
}

async function isDirectoryLink(linkPath: string): Promise<boolean> {
  const target = await stat(linkPath).catch(() => undefined);
  return target?.isDirectory() ?? false;
}

function compareNames(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
