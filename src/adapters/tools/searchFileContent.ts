/**
 * `search_file_content` (Gemini CLI's name, Claude Code's Grep; `pattern`, optional `dir_path` /
 * `path` and `include`): finds the lines matching a regular expression in the text files below a
 * directory. The pattern runs with RE2 semantics (linear time: a model-written pattern cannot hang
 * the agent), the walk is glob's (`.git` and `node_modules` skipped), a link to a file outside the
 * workspace is not read, binary and oversized files are skipped, and results are sorted by path and
 * line.
 * Read-only: it is one of the tools an agent hook's sub-agent gets.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { RE2JS } from 're2js';
import type { Tool } from '../../tool.js';
import { BuiltinToolFailure, defineBuiltinTool, optionalString, requireString } from './builtinTool.js';
import { walkFiles } from './glob.js';
import { globToRegExp } from './globPattern.js';
import type { Workspace } from './pathConfinement.js';
import { ToolArgumentError } from '../../errors.js';

/** At most this many matching lines are returned. */
export const MAXIMUM_SEARCH_MATCHES = 500;
/** Files larger than this are not searched. */
export const MAXIMUM_SEARCHED_FILE_BYTES = 1024 * 1024;
/** A matching line longer than this is shown cut. */
const maximumLineLength = 500;
const binaryProbeBytes = 8192;

/** Creates `search_file_content`, confined to the workspace. */
export function createSearchFileContentTool(options: { workspace: Workspace }): Tool {
  return defineBuiltinTool({
    name: 'search_file_content',
    description:
      'Searches the text files inside the working directory for lines matching a regular expression (RE2 syntax) and ' +
      'returns each match as path, line number and line, sorted. `.git`, `node_modules`, binary files and files over ' +
      `${MAXIMUM_SEARCHED_FILE_BYTES} bytes are skipped; at most ${MAXIMUM_SEARCH_MATCHES} matches are returned.`,
    parametersJsonSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: "The regular expression to search for (e.g. 'function\\s+main')." },
        dir_path: {
          type: 'string',
          description:
            'Optional directory to search in, relative to the working directory (default: the working directory).',
        },
        include: {
          type: 'string',
          description: "Optional glob of the files to search, relative to dir_path (e.g. '**/*.ts').",
        },
      },
      required: ['pattern'],
    },
    async run(args, context) {
      const pattern = requireString(args, ['pattern']);
      const requested = optionalString(args, ['dir_path', 'path', 'directory']) ?? '.';
      const include = optionalString(args, ['include']);
      let regex: RE2JS;
      try {
        regex = RE2JS.compile(RE2JS.translateRegExp(pattern));
      } catch (error) {
        throw new ToolArgumentError(
          'pattern',
          `${JSON.stringify(pattern)} is not a regular expression RE2 accepts: ${(error as Error).message}`,
        );
      }
      const filter = include ? globToRegExp(include, { caseSensitive: false }) : undefined;
      const directory = await options.workspace.resolve(requested);
      if (!(await stat(directory.realPath)).isDirectory()) {
        throw new BuiltinToolFailure('not_a_directory', `dir_path "${requested}" is not a directory`);
      }
      const walk = await walkFiles(directory.realPath, context.signal);
      const files = walk.files.filter((relativePath) => !filter || filter.test(relativePath)).sort();
      const matches: string[] = [];
      let total = 0;
      let filesWithMatches = 0;
      for (const relativePath of files) {
        if (context.signal.aborted) throw new BuiltinToolFailure('cancelled', 'search_file_content was cancelled');
        // A link may lead out of the workspace: only what resolves inside it is read.
        const file = await options.workspace
          .resolve(path.join(directory.realPath, relativePath))
          .catch(() => undefined);
        const text = file ? await readSearchableText(file.realPath) : undefined;
        if (text === undefined) continue;
        const found = matchingLines(text, regex);
        if (found.length === 0) continue;
        filesWithMatches += 1;
        total += found.length;
        const shown = await options.workspace.relative(path.join(directory.realPath, relativePath));
        for (const { line, text: lineText } of found) {
          if (matches.length < MAXIMUM_SEARCH_MATCHES) matches.push(`${shown}:${line}: ${lineText}`);
        }
      }
      const where = directory.relativePath === '.' ? 'the working directory' : directory.relativePath;
      const scope = include ? ` (files matching "${include}")` : '';
      if (total === 0) {
        return {
          llmContent: `No matches found for pattern "${pattern}" in ${where}${scope}.`,
          returnDisplay: 'No matches found',
          metadata: { pattern, matches: 0, files: 0, truncated: walk.truncated },
        };
      }
      const notes: string[] = [];
      if (total > MAXIMUM_SEARCH_MATCHES)
        notes.push(
          `[Only the first ${MAXIMUM_SEARCH_MATCHES} of ${total} matches are shown; narrow the pattern, dir_path or include.]`,
        );
      if (walk.truncated)
        notes.push('[The search stopped early: the directory holds too many entries; narrow dir_path.]');
      return {
        llmContent: [
          `Found ${total} match(es) for pattern "${pattern}" in ${filesWithMatches} file(s) in ${where}${scope}:`,
          ...matches,
          ...notes,
        ].join('\n'),
        returnDisplay: `Found ${total} match(es) in ${filesWithMatches} file(s)`,
        metadata: {
          pattern,
          matches: total,
          files: filesWithMatches,
          truncated: walk.truncated || total > MAXIMUM_SEARCH_MATCHES,
        },
      };
    },
  });
}

/** The file's text, or undefined for a binary file, an oversized one, or one that cannot be read. */
async function readSearchableText(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const { size } = await handle.stat();
    if (size > MAXIMUM_SEARCHED_FILE_BYTES) return undefined;
    const probe = Buffer.alloc(Math.min(binaryProbeBytes, size));
    const { bytesRead } = await handle.read(probe, 0, probe.length, 0);
    if (probe.subarray(0, bytesRead).includes(0)) return undefined;
    return await handle.readFile({ encoding: 'utf8' });
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

function matchingLines(text: string, regex: RE2JS): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((lineText, index) => {
    if (!regex.test(lineText)) return;
    found.push({
      line: index + 1,
      text: lineText.length > maximumLineLength ? `${lineText.slice(0, maximumLineLength)}…` : lineText,
    });
  });
  return found;
}
