/**
 * `if` conditions: `run_shell_command(git push*)`,
 * `Bash(rm -rf*)`, `write_file(src/**)`, or a tool name alone. The tool name may be written in
 * either dialect (Claude Code's `Bash` and native `run_shell_command` name the same tool; an MCP tool's
 * `mcp__github__create_issue` and Gemini CLI's `mcp_github_create_issue` name the same tool); the glob
 * is tested against the tool's main argument (its command, file path, path, pattern or URL).
 *
 * Conditions are parsed once, when hooks load, and checked in-process before anything runs, in time
 * linear in the argument's length (an NFA over the glob's tokens, never backtracking; see
 * conditionGlob.ts), so a model-chosen command cannot make the check slow and a hook whose condition
 * fails costs no process.
 *
 * Globs: `*` any run of characters (in a path: not `/`), `**` any run including `/`, `**` followed
 * by `/` zero or more directories, `?` one character (in a path: not `/`), `\x` the character x.
 * A trailing `:*` (Claude Code's legacy prefix form, `Bash(npm run test:*)`) means `*`.
 * Commands are also tested subcommand by subcommand (`cd x && rm -rf y` matches `Bash(rm -rf*)`;
 * see shellSubcommands.ts), with leading `VAR=value` assignments removed; a command this scanner
 * cannot split (an unclosed quote or substitution) counts as matching, so a guard is not skipped on
 * a command it cannot read.
 * Paths are also tested relative to the hook's `cwd`, and a glob without `/` against the file name.
 */
import { toGeminiToolName, toolNameAliases } from '../dialects/toolNames.js';
import { isPlainObject } from '../../values.js';
import { compileConditionGlob, matchesConditionGlob } from './conditionGlob.js';
import { splitSubcommands } from './shellSubcommands.js';

/** A parsed `if` condition. */
export interface IfCondition {
  /** The condition as written. */
  source: string;
  /** Every tool name the condition names, in both dialects. */
  toolNames: ReadonlySet<string>;
  /** The argument glob; absent when any arguments match (`Bash`, `Bash(*)`). */
  glob?: string;
}

/** What {@link parseIfCondition} returns: the condition, or why it does not parse. */
export type IfConditionParse = { condition: IfCondition; error?: undefined } | { condition?: undefined; error: string };

/** The tool-input fields tried, in order, for the main argument of a tool not listed in {@link knownToolArguments}. */
const mainArgumentFields = [
  'command',
  'file_path',
  'absolute_path',
  'notebook_path',
  'path',
  'dir_path',
  'pattern',
  'url',
] as const;

/** The main argument of the built-in tools, in both dialects. */
const knownToolArguments: Readonly<Record<string, readonly string[]>> = {
  run_shell_command: ['command'],
  Bash: ['command'],
  write_file: ['file_path', 'absolute_path'],
  Write: ['file_path'],
  read_file: ['file_path', 'absolute_path'],
  Read: ['file_path'],
  replace: ['file_path', 'absolute_path'],
  Edit: ['file_path'],
  MultiEdit: ['file_path'],
  NotebookEdit: ['notebook_path'],
  glob: ['pattern'],
  Glob: ['pattern'],
  search_file_content: ['pattern'],
  grep_search: ['pattern'],
  Grep: ['pattern'],
  list_directory: ['path', 'dir_path'],
  LS: ['path'],
  web_fetch: ['url'],
  WebFetch: ['url'],
};

/** Longest glob accepted; the check costs (argument length × glob length) steps. */
export const MAX_IF_GLOB_LENGTH = 512;

const toolNamePattern = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/** Parses an `if` condition; never throws. */
export function parseIfCondition(text: unknown): IfConditionParse {
  if (typeof text !== 'string')
    return { error: `expected a string like "run_shell_command(git push*)", got ${describe(text)}` };
  const source = text;
  const trimmed = text.trim();
  if (trimmed === '')
    return {
      error: 'the condition is empty; write a tool name, optionally with a glob: "run_shell_command(git push*)"',
    };
  const open = trimmed.indexOf('(');
  const name = (open === -1 ? trimmed : trimmed.slice(0, open)).trim();
  if (!toolNamePattern.test(name)) {
    return {
      error: `${JSON.stringify(name)} is not a tool name; expected "ToolName" or "ToolName(glob)", e.g. "Bash(rm -rf*)"`,
    };
  }
  const toolNames = toolNamesFor(name);
  if (open === -1) return { condition: { source, toolNames } };
  if (!trimmed.endsWith(')'))
    return { error: `the argument glob of ${JSON.stringify(trimmed)} is not closed with ")"` };
  let glob = trimmed.slice(open + 1, -1);
  if (glob.trim() === '')
    return {
      error: `${JSON.stringify(trimmed)} has an empty glob; write "${name}" or "${name}(*)" to match any arguments`,
    };
  if (glob.length > MAX_IF_GLOB_LENGTH)
    return { error: `the glob is ${glob.length} characters long; at most ${MAX_IF_GLOB_LENGTH} are allowed` };
  if (glob.endsWith('\\') && !glob.endsWith('\\\\'))
    return { error: `the glob ${JSON.stringify(glob)} ends with a lone "\\"` };
  if (glob.endsWith(':*')) glob = `${glob.slice(0, -2)}*`;
  if (/^\*+$/.test(glob)) return { condition: { source, toolNames } };
  return { condition: { source, toolNames, glob } };
}

/**
 * Whether a condition holds for one tool call. Without `toolInput` (a planner asking
 * only whether any hook could apply to the tool) only the tool name is checked.
 */
export function matchesIfCondition(
  condition: IfCondition,
  toolName: string,
  toolInput?: Record<string, unknown>,
  cwd?: string,
): boolean {
  if (!condition.toolNames.has(toolName) && !condition.toolNames.has(toGeminiToolName(toolName))) return false;
  if (condition.glob === undefined || toolInput === undefined) return true;
  const argument = mainArgument(toolName, toolInput);
  if (argument === undefined) return false;
  if (argument.field === 'command') return commandMatches(condition.glob, argument.value);
  return pathMatches(condition.glob, argument.value, cwd);
}

/** Compiled conditions, shared: checked on every tool call. Bounded so callers cannot grow it forever. */
const compiledConditions = new Map<string, IfCondition | null>();
const conditionCacheLimit = 1_000;

/**
 * Checks a condition given as text (parsed once and cached). A condition that does not
 * parse never matches: validation has already reported it and skipped its hook.
 */
export function checkIfCondition(
  text: string,
  toolName: string,
  toolInput?: Record<string, unknown>,
  cwd?: string,
): boolean {
  let condition = compiledConditions.get(text);
  if (condition === undefined) {
    condition = parseIfCondition(text).condition ?? null;
    if (compiledConditions.size >= conditionCacheLimit) compiledConditions.clear();
    compiledConditions.set(text, condition);
  }
  return condition !== null && matchesIfCondition(condition, toolName, toolInput, cwd);
}

/** The name as written plus its other-dialect names (`Bash` ⇄ `run_shell_command`, `Grep` ⇄ `search_file_content`). */
function toolNamesFor(name: string): Set<string> {
  return new Set(toolNameAliases(name));
}

function mainArgument(
  toolName: string,
  toolInput: Record<string, unknown>,
): { field: string; value: string } | undefined {
  if (!isPlainObject(toolInput)) return undefined;
  for (const field of knownToolArguments[toolName] ?? mainArgumentFields) {
    const value = toolInput[field];
    if (typeof value === 'string') return { field, value };
  }
  return undefined;
}

/** Characters without which a command is one simple command with nothing to strip or unquote. */
const compoundCommandCharacter = /[;&|\n(){}`$='"]/;

function commandMatches(glob: string, command: string): boolean {
  const tokens = compileConditionGlob(glob, 'command');
  // Every subcommand is a substring of the command: if a literal the glob needs is missing, none matches.
  const mayMatch = command.includes(tokens.longestLiteral);
  if (!compoundCommandCharacter.test(command)) return mayMatch && matchesConditionGlob(tokens, command.trim());
  if (mayMatch && matchesConditionGlob(tokens, command.trim())) return true;
  const subcommands = splitSubcommands(command);
  if (subcommands === undefined) return true;
  return mayMatch && subcommands.some((subcommand) => matchesConditionGlob(tokens, subcommand));
}

function pathMatches(glob: string, path: string, cwd: string | undefined): boolean {
  const tokens = compileConditionGlob(glob, 'path');
  // Every candidate below is a substring of the path.
  if (!path.includes(tokens.longestLiteral)) return false;
  const candidates = [path];
  const withoutDot = path.startsWith('./') ? path.slice(2) : undefined;
  if (withoutDot !== undefined) candidates.push(withoutDot);
  if (cwd !== undefined && cwd !== '' && path.startsWith('/')) {
    const base = cwd.endsWith('/') ? cwd : `${cwd}/`;
    if (path.startsWith(base)) candidates.push(path.slice(base.length));
  }
  if (!glob.includes('/')) candidates.push(path.slice(path.lastIndexOf('/') + 1));
  return candidates.some((candidate) => matchesConditionGlob(tokens, candidate));
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
