/**
 * `replace` (Gemini CLI's edit tool: `file_path`, `old_string`, `new_string`,
 * `expected_replacements` default 1, or `allow_multiple`): replaces literal text in a file. The
 * number of occurrences must be what the model expects, so an ambiguous edit is refused instead of
 * landing in the wrong place. An empty `old_string` creates a new file.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ToolArgumentError } from '../../errors.js';
import type { Tool } from '../../tool.js';
import {
  BuiltinToolFailure,
  defineBuiltinTool,
  optionalBoolean,
  optionalInteger,
  requireString,
} from './builtinTool.js';
import type { Workspace } from './pathConfinement.js';

/** Creates `replace`, confined to the workspace. */
export function createReplaceTool(options: { workspace: Workspace }): Tool {
  return defineBuiltinTool({
    name: 'replace',
    description:
      'Replaces literal text in a file inside the working directory. `old_string` must match exactly (whitespace ' +
      'included) and occur exactly `expected_replacements` times (default 1); include enough surrounding lines to ' +
      'make it unique. With an empty `old_string` a new file is created with `new_string` as its content.',
    parametersJsonSchema: {
      type: 'object',
      properties: {
        file_path: {
          type: 'string',
          description: 'The file to edit, relative to the working directory or absolute inside it.',
        },
        old_string: { type: 'string', description: 'The exact text to replace; empty to create a new file.' },
        new_string: { type: 'string', description: 'The text to put in its place.' },
        expected_replacements: {
          type: 'number',
          description: 'How many occurrences to replace; the edit fails if the file has a different number. Default 1.',
          minimum: 1,
        },
        allow_multiple: { type: 'boolean', description: 'Optional: replace every occurrence, however many there are.' },
      },
      required: ['file_path', 'old_string', 'new_string'],
    },
    async run(args) {
      const requested = requireString(args, ['file_path', 'absolute_path', 'path']);
      const oldString = requireString(args, ['old_string'], { allowEmpty: true });
      const newString = requireString(args, ['new_string'], { allowEmpty: true });
      const expected = optionalInteger(args, ['expected_replacements'], 1);
      const allowMultiple = optionalBoolean(args, ['allow_multiple']) ?? false;
      if (expected !== undefined && allowMultiple) {
        throw new ToolArgumentError(
          'allow_multiple',
          'cannot be combined with expected_replacements; give one of them',
        );
      }
      const file = await options.workspace.resolve(requested);
      const existing = await stat(file.realPath).catch(() => undefined);

      if (oldString === '') {
        if (existing) {
          throw new BuiltinToolFailure(
            'no_match',
            `old_string is empty but "${requested}" already exists; give the text to replace`,
          );
        }
        await mkdir(path.dirname(file.realPath), { recursive: true });
        await writeFile(file.realPath, newString, 'utf8');
        return {
          llmContent: `Created new file: ${file.relativePath}`,
          returnDisplay: `Created ${file.relativePath}`,
          metadata: { path: file.relativePath, replacements: 0, created: true },
        };
      }
      if (oldString === newString) {
        throw new BuiltinToolFailure('no_change', 'old_string and new_string are identical; nothing to change');
      }
      const content = await readFile(file.realPath, 'utf8');
      const occurrences = countOccurrences(content, oldString);
      if (occurrences === 0) {
        throw new BuiltinToolFailure(
          'no_match',
          `old_string was not found in "${requested}" (0 occurrences); read the file and copy the text exactly`,
        );
      }
      const wanted = expected ?? 1;
      if (!allowMultiple && occurrences !== wanted) {
        throw new BuiltinToolFailure(
          'replacement_count_mismatch',
          `expected ${wanted} occurrence${wanted === 1 ? '' : 's'} of old_string in "${requested}" but found ${occurrences}; ` +
            'add surrounding context to make it unique, or set expected_replacements to the number to replace',
        );
      }
      await writeFile(file.realPath, content.split(oldString).join(newString), 'utf8');
      return {
        llmContent: `Successfully modified file: ${file.relativePath} (${occurrences} replacement${occurrences === 1 ? '' : 's'}).`,
        returnDisplay: `Edited ${file.relativePath}: ${occurrences} replacement${occurrences === 1 ? '' : 's'}`,
        metadata: { path: file.relativePath, replacements: occurrences, created: false },
      };
    },
  });
}

/** Non-overlapping occurrences, the same ones `split(needle)` replaces. */
function countOccurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}
