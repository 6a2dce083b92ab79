/**
 * `glob` (Gemini CLI's name; `pattern`, optional `dir_path` / `path`, `case_sensitive` default
 * false): finds files whose path relative to the searched directory matches a glob pattern. `.git` and
 * `node_modules` are not searched, linked directories are not followed (they may lead outside the
 * workspace), and results are sorted by path so a run is reproducible.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '../../tool.js';
import {
  BuiltinToolFailure,
  defineBuiltinTool,
  optionalBoolean,
  optionalString,
  requireString,
} from './builtinTool.js';
import { globToRegExp } from './globPattern.js';
import type { Workspace } from './pathConfinement.js';

/** At most this many paths are returned. */
export const MAXIMUM_GLOB_RESULTS = 1000;
/** The walk stops after visiting this many directory entries. */
const maximumVisitedEntries = 100_000;
const skippedDirectories = new Set(['.git', 'node_modules']);

/** Creates `glob`, confined to the workspace. */
export function createGlobTool(options: { workspace: Workspace }): Tool {
  return defineBuiltinTool({
    name: 'glob',
    description:
      'Finds files matching a glob pattern (e.g. `src/**/*.ts`, `**/*.md`, `*.{js,json}`) inside the working ' +
      'directory and returns their paths relative to the working directory, sorted. `.git` and `node_modules` are skipped.',
    parametersJsonSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: "The glob pattern to match, relative to dir_path (e.g. '**/*.py')." },
        dir_path: {
          type: 'string',
          description:
            'Optional directory to search in, relative to the working directory (default: the working directory).',
        },
        case_sensitive: {
          type: 'boolean',
          description: 'Optional: whether matching is case-sensitive. Default false.',
        },
      },
      required: ['pattern'],
    },
    async run(args, context) {
      const startedAt = performance.now();
      const pattern = requireString(args, ['pattern']);
      const requested = optionalString(args, ['dir_path', 'path', 'directory']) ?? '.';
      const caseSensitive = optionalBoolean(args, ['case_sensitive']) ?? false;
      const matcher = globToRegExp(pattern, { caseSensitive });
      const directory = await options.workspace.resolve(requested);
      const directoryStats = await stat(directory.realPath);
      if (!directoryStats.isDirectory()) {
        throw new BuiltinToolFailure('not_a_directory', `dir_path "${requested}" is not a directory`);
      }
      const walk = await walkFiles(directory.realPath, context.signal);
      if (context.signal.aborted) throw new BuiltinToolFailure('cancelled', 'glob was cancelled');
      const matches = walk.files.filter((relativePath) => matcher.test(relativePath)).sort();
      const shown = await Promise.all(
        matches
          .slice(0, MAXIMUM_GLOB_RESULTS)
          .map((relativePath) => options.workspace.relative(path.join(directory.realPath, relativePath))),
      );
      const where = directory.relativePath === '.' ? 'the working directory' : directory.relativePath;
      if (shown.length === 0) {
        return {
          llmContent: `No files found matching pattern "${pattern}" in ${where}.`,
          returnDisplay: 'No files found',
          metadata: {
            pattern,
            matches: 0,
            truncated: walk.truncated,
            files: [],
            durationMs: Math.round(performance.now() - startedAt),
          },
        };
      }
      const notes: string[] = [];
      if (matches.length > MAXIMUM_GLOB_RESULTS)
        notes.push(`[Only the first ${MAXIMUM_GLOB_RESULTS} of ${matches.length} matches are shown.]`);
      if (walk.truncated)
        notes.push(`[The search stopped after ${maximumVisitedEntries} entries; narrow dir_path or the pattern.]`);
      return {
        llmContent: [`Found ${matches.length} file(s) matching "${pattern}" in ${where}:`, ...shown, ...notes].join(
          '\n',
        ),
        returnDisplay: `Found ${matches.length} matching file(s)`,
        // `files` (workspace-relative, as shown) and `durationMs` give Claude Code hooks Glob's output shape.
        metadata: {
          pattern,
          matches: matches.length,
          truncated: walk.truncated || matches.length > MAXIMUM_GLOB_RESULTS,
          files: shown,
          durationMs: Math.round(performance.now() - startedAt),
        },
      };
    },
  });
}

/** Every file below `root`, as `/`-separated paths relative to it (glob and search_file_content share the walk). */
export async function walkFiles(root: string, signal: AbortSignal): Promise<{ files: string[]; truncated: boolean }> {
  const files: string[] = [];
  const pending: string[] = [''];
  let visited = 0;
  while (pending.length > 0 && !signal.aborted) {
    const relativeDirectory = pending.pop() as string;
    const entries = await readdir(path.join(root, relativeDirectory), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      visited += 1;
      if (visited > maximumVisitedEntries) return { files, truncated: true };
      const relativePath = relativeDirectory === '' ? entry.name : `${relativeDirectory}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skippedDirectories.has(entry.name)) pending.push(relativePath);
      } else if (entry.isFile()) {
        files.push(relativePath);
      } else if (entry.isSymbolicLink() && (await isFileLink(path.join(root, relativePath)))) {
        files.push(relativePath);
      }
    }
  }
  return { files, truncated: false };
}

async function isFileLink(linkPath: string): Promise<boolean> {
  const target = await stat(linkPath).catch(() => undefined);
  return target?.isFile() ?? false;
}
