/**
 * Tool arguments in both dialects. A Claude Code hook reads `tool_input` with Claude's field names
 * (`Read.offset` 1-based, `Glob.path`, `Edit.replace_all`, absolute `file_path`); a rewrite it returns
 * (`updatedInput`) is mapped back to the names the hookrail tool takes, so the tool runs with its own
 * arguments. Arguments no mapping knows travel unchanged both ways.
 *
 * Mapping back starts from the original call: a field group the hook left as it was keeps the
 * original's exact spelling (a relative path, `start_line`/`end_line`, an alias such as
 * `absolute_path`), so native → Claude → native gives back the same arguments.
 */
import { isAbsolute, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from '../../values.js';

/** What argument mapping needs to know about the call. */
export interface ToolArgumentContext {
  /** The working directory; relative paths are made absolute against it for Claude. */
  cwd: string;
}

/** One group of native arguments and the Claude arguments it corresponds to. */
interface FieldMapping {
  /** The native keys this mapping reads; on the way back it writes the first (or keeps the original's). */
  native: readonly string[];
  claude: readonly string[];
  toClaude(args: Record<string, unknown>, context: ToolArgumentContext): Record<string, unknown>;
  toNative(args: Record<string, unknown>): Record<string, unknown>;
}

function firstDefined(args: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (args[key] !== undefined) return args[key];
  return undefined;
}

/** The fields of `args` among `keys` that are set, under the same names. */
function definedFields(args: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of keys) if (args[key] !== undefined) fields[key] = args[key];
  return fields;
}

/** The same name in both dialects. */
function same(key: string): FieldMapping {
  return renamed([key], key);
}

/** `nativeKeys` (the first is canonical, the rest aliases the tool accepts) ⇄ `claudeKey`. */
function renamed(nativeKeys: readonly string[], claudeKey: string): FieldMapping {
  return {
    native: nativeKeys,
    claude: [claudeKey],
    toClaude: (args) => {
      const value = firstDefined(args, nativeKeys);
      return value === undefined ? {} : { [claudeKey]: value };
    },
    toNative: (args) => (args[claudeKey] === undefined ? {} : { [nativeKeys[0]]: args[claudeKey] }),
  };
}

/** A path: relative native paths become absolute for Claude, whose file tools always send absolute ones. */
function path(nativeKeys: readonly string[], claudeKey: string): FieldMapping {
  const plain = renamed(nativeKeys, claudeKey);
  return {
    ...plain,
    toClaude: (args, context) => {
      const told = plain.toClaude(args, context);
      const value = told[claudeKey];
      return typeof value === 'string' && value !== '' && !isAbsolute(value)
        ? { [claudeKey]: resolve(context.cwd, value) }
        : told;
    },
  };
}

/**
 * `read_file`'s window (0-based `offset` + `limit`, or 1-based inclusive `start_line`/`end_line`) ⇄
 * `Read`'s 1-based `offset` + `limit`.
 */
const readWindow: FieldMapping = {
  native: ['offset', 'limit', 'start_line', 'end_line'],
  claude: ['offset', 'limit'],
  toClaude: (args) => {
    const startLine = args['start_line'];
    const endLine = args['end_line'];
    if (startLine !== undefined || endLine !== undefined) {
      const first = typeof startLine === 'number' ? startLine : 1;
      const result: Record<string, unknown> = { offset: first };
      if (typeof endLine === 'number') result['limit'] = endLine - first + 1;
      return result;
    }
    const result = definedFields(args, ['offset', 'limit']);
    if (typeof result['offset'] === 'number') result['offset'] += 1;
    return result;
  },
  toNative: (args) => {
    const result = definedFields(args, ['offset', 'limit']);
    if (typeof result['offset'] === 'number') result['offset'] = Math.max(0, result['offset'] - 1);
    return result;
  },
};

/** `replace`'s `allow_multiple` / `expected_replacements` ⇄ `Edit`'s `replace_all`. */
const replacementCount: FieldMapping = {
  native: ['allow_multiple', 'expected_replacements'],
  claude: ['replace_all'],
  toClaude: (args) => {
    const allowMultiple = args['allow_multiple'];
    const expected = args['expected_replacements'];
    if (allowMultiple === undefined && expected === undefined) return {};
    return { replace_all: allowMultiple === true || (typeof expected === 'number' && expected > 1) };
  },
  // `expected_replacements` is cleared explicitly: the tool refuses it together with allow_multiple.
  toNative: (args) => {
    if (args['replace_all'] === true) return { allow_multiple: true, expected_replacements: undefined };
    if (args['replace_all'] === false) return { allow_multiple: false };
    return {};
  },
};

const filePath = path(['file_path', 'absolute_path', 'path'], 'file_path');
const directoryPath = path(['dir_path', 'path', 'directory'], 'path');

/** Per hookrail tool: its argument mappings. */
const toolMappings: Readonly<Record<string, readonly FieldMapping[]>> = {
  run_shell_command: [same('command'), same('description')],
  read_file: [filePath, readWindow],
  write_file: [filePath, same('content')],
  replace: [filePath, same('old_string'), same('new_string'), replacementCount],
  glob: [same('pattern'), directoryPath],
  list_directory: [directoryPath, same('ignore')],
  search_file_content: [same('pattern'), directoryPath, renamed(['include', 'include_pattern'], 'glob')],
  grep_search: [same('pattern'), directoryPath, renamed(['include_pattern', 'include'], 'glob')],
};

/** True when hookrail knows how `toolName`'s arguments are spelled in Claude Code. */
export function hasClaudeArgumentMapping(toolName: string): boolean {
  return Object.hasOwn(toolMappings, toolName);
}

/** The `tool_input` a Claude Code hook receives for a call of hookrail tool `toolName`. */
export function toClaudeToolInput(
  toolName: string,
  args: Record<string, unknown>,
  context: ToolArgumentContext,
): Record<string, unknown> {
  const mappings = toolMappings[toolName];
  if (!mappings) return { ...args };
  const result: Record<string, unknown> = {};
  for (const mapping of mappings) Object.assign(result, mapping.toClaude(args, context));
  const covered = new Set(mappings.flatMap((mapping) => mapping.native));
  for (const [key, value] of Object.entries(args)) {
    if (!covered.has(key) && !(key in result)) result[key] = value;
  }
  return result;
}

/** Options of {@link toNativeToolInput}. */
export interface ToNativeToolInputOptions extends ToolArgumentContext {
  /** The call's native arguments: field groups the Claude input leaves unchanged keep their spelling. */
  original?: Record<string, unknown>;
}

/**
 * The arguments hookrail tool `toolName` takes for a Claude-named `tool_input` (a hook's
 * `updatedInput`, or a payload given in Claude's terms).
 */
export function toNativeToolInput(
  toolName: string,
  claudeArgs: Record<string, unknown>,
  options: ToNativeToolInputOptions,
): Record<string, unknown> {
  const mappings = toolMappings[toolName];
  if (!mappings) return { ...claudeArgs };
  const original = isPlainObject(options.original) ? options.original : undefined;
  const originalView = original ? toClaudeToolInput(toolName, original, options) : undefined;
  const result: Record<string, unknown> = {};
  for (const mapping of mappings) {
    const unchanged =
      originalView !== undefined &&
      mapping.claude.every((key) => isDeepStrictEqual(claudeArgs[key], originalView[key]));
    if (unchanged && original) {
      Object.assign(result, definedFields(original, mapping.native));
    } else {
      Object.assign(result, mapping.toNative(claudeArgs));
    }
  }
  const covered = new Set(mappings.flatMap((mapping) => mapping.claude));
  for (const [key, value] of Object.entries(claudeArgs)) {
    if (!covered.has(key) && !(key in result)) result[key] = value;
  }
  return result;
}
