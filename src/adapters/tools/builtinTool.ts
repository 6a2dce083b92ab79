/**
 * What every built-in tool shares: reading the model's arguments (with Gemini CLI's names and their
 * common aliases), and turning expected failures into error results the model can act on. A built-in
 * tool's `execute` only rejects for a failure nobody could foresee; a bad argument, a path outside the
 * workspace or a missing file is an answer to the model, not an exception for the host.
 */
import { HookrailError, PathOutsideWorkspaceError, ToolArgumentError, toError } from '../../errors.js';
import type { ToolResult } from '../../hooks/protocol/results.js';
import { createErrorResult } from '../../hooks/protocol/toolHookEffects.js';
import type { Tool, ToolExecutionContext } from '../../tool.js';
import { describeValue, isPlainObject } from '../../values.js';

/** The `error.type` values built-in tools report, so hooks and hosts can tell failures apart. */
export type BuiltinToolErrorType =
  | 'invalid_argument'
  | 'path_outside_workspace'
  | 'file_not_found'
  | 'not_a_file'
  | 'not_a_directory'
  | 'binary_file'
  | 'file_too_large'
  | 'no_match'
  | 'replacement_count_mismatch'
  | 'no_change'
  | 'permission_denied'
  | 'shell_timeout'
  | 'shell_spawn_failed'
  | 'cancelled';

/** An expected failure of a built-in tool; {@link defineBuiltinTool} turns it into an error result. */
export class BuiltinToolFailure extends HookrailError {
  readonly type: BuiltinToolErrorType;
  constructor(type: BuiltinToolErrorType, message: string) {
    super(message);
    this.type = type;
  }
}

/** An error result of a built-in tool: the model reads `Error: <message>`, hooks see `error.type` in `tool_response`. */
export function builtinErrorResult(type: BuiltinToolErrorType, message: string): ToolResult {
  return createErrorResult({ type, message, text: `Error: ${message}` });
}

/** What a built-in tool is made of before {@link defineBuiltinTool} wraps it. */
export interface BuiltinToolDefinition {
  name: string;
  description: string;
  parametersJsonSchema: Record<string, unknown>;
  run(args: Record<string, unknown>, context: ToolExecutionContext): Promise<ToolResult>;
}

const fileSystemErrorTypes: Record<string, BuiltinToolErrorType> = {
  ENOENT: 'file_not_found',
  EISDIR: 'not_a_file',
  ENOTDIR: 'not_a_directory',
  EACCES: 'permission_denied',
  EPERM: 'permission_denied',
};

/**
 * Builds a {@link Tool} whose `execute` answers bad arguments, paths outside the workspace and common
 * file-system failures (missing file, directory instead of file, no permission) with error results.
 */
export function defineBuiltinTool(definition: BuiltinToolDefinition): Tool {
  return {
    name: definition.name,
    description: definition.description,
    parametersJsonSchema: definition.parametersJsonSchema,
    async execute(args, context) {
      try {
        if (!isPlainObject(args)) {
          throw new ToolArgumentError('arguments', `expected an object of named arguments, got ${describeValue(args)}`);
        }
        return await definition.run(args, context);
      } catch (error) {
        if (error instanceof ToolArgumentError) return builtinErrorResult('invalid_argument', error.message);
        if (error instanceof PathOutsideWorkspaceError)
          return builtinErrorResult('path_outside_workspace', error.message);
        if (error instanceof BuiltinToolFailure) return builtinErrorResult(error.type, error.message);
        const code = (error as NodeJS.ErrnoException | undefined)?.code;
        const type = code === undefined ? undefined : fileSystemErrorTypes[code];
        if (type) return builtinErrorResult(type, describeFileSystemError(error as NodeJS.ErrnoException));
        throw toError(error);
      }
    },
  };
}

function describeFileSystemError(error: NodeJS.ErrnoException): string {
  const target = error.path ? ` "${error.path}"` : '';
  switch (error.code) {
    case 'ENOENT':
      return `no such file or directory${target}`;
    case 'EISDIR':
      return `${target.trim() || 'the path'} is a directory, not a file`;
    case 'ENOTDIR':
      return `a component of the path${target} is not a directory`;
    default:
      return `permission denied${target}`;
  }
}

/** The first parameter name under which the model passed a value, or undefined. */
function findArgument(
  args: Record<string, unknown>,
  names: readonly string[],
): { name: string; value: unknown } | undefined {
  for (const name of names) {
    if (args[name] !== undefined && args[name] !== null) return { name, value: args[name] };
  }
  return undefined;
}

/** A required string argument; `names[0]` is the canonical name, the rest are accepted aliases. */
export function requireString(
  args: Record<string, unknown>,
  names: readonly string[],
  options: { allowEmpty?: boolean } = {},
): string {
  const found = findArgument(args, names);
  if (!found) throw new ToolArgumentError(names[0], `is required${aliasNote(names)}`);
  if (typeof found.value !== 'string')
    throw new ToolArgumentError(found.name, `expected a string, got ${describeValue(found.value)}`);
  if (!options.allowEmpty && found.value.trim() === '') throw new ToolArgumentError(found.name, 'must not be empty');
  return found.value;
}

/** An optional string argument. */
export function optionalString(args: Record<string, unknown>, names: readonly string[]): string | undefined {
  const found = findArgument(args, names);
  if (!found) return undefined;
  if (typeof found.value !== 'string')
    throw new ToolArgumentError(found.name, `expected a string, got ${describeValue(found.value)}`);
  return found.value;
}

/** An optional integer argument at or above `minimum`; numeric strings (`"3"`) are accepted. */
export function optionalInteger(
  args: Record<string, unknown>,
  names: readonly string[],
  minimum: number,
): number | undefined {
  const found = findArgument(args, names);
  if (!found) return undefined;
  const value = typeof found.value === 'string' && found.value.trim() !== '' ? Number(found.value) : found.value;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new ToolArgumentError(found.name, `expected an integer, got ${describeValue(found.value)}`);
  }
  if (value < minimum) throw new ToolArgumentError(found.name, `must be at least ${minimum}, got ${value}`);
  return value;
}

/** An optional boolean argument; `"true"` / `"false"` are accepted. */
export function optionalBoolean(args: Record<string, unknown>, names: readonly string[]): boolean | undefined {
  const found = findArgument(args, names);
  if (!found) return undefined;
  if (typeof found.value === 'boolean') return found.value;
  if (found.value === 'true' || found.value === 'false') return found.value === 'true';
  throw new ToolArgumentError(found.name, `expected a boolean, got ${describeValue(found.value)}`);
}

/** An optional list of strings. */
export function optionalStringList(args: Record<string, unknown>, names: readonly string[]): string[] | undefined {
  const found = findArgument(args, names);
  if (!found) return undefined;
  if (!Array.isArray(found.value) || !found.value.every((item) => typeof item === 'string')) {
    throw new ToolArgumentError(found.name, `expected an array of strings, got ${describeValue(found.value)}`);
  }
  return found.value as string[];
}

function aliasNote(names: readonly string[]): string {
  return names.length > 1
    ? ` (also accepted as ${names
        .slice(1)
        .map((name) => `"${name}"`)
        .join(', ')})`
    : '';
}
