/**
 * `hooks validate`: the script files a command hook names that do not exist — the usual reason a
 * configured hook only ever fails (a path copied from another machine, a script moved, a project
 * directory other than the one the path assumed). The command is read as the runner runs it: the
 * project-directory variables expanded, each simple command cut into words. A path is checked where
 * the hook runs, in the project directory. Only what is surely a file is checked: the program itself
 * when its name has a `/`, and the script right after an interpreter (`node x.js`, `sh x.sh`,
 * `python3 x.py`) when no option comes first; a word with a variable, glob or `~`, a line with a command
 * substitution, and whatever follows a `cd` are the shell's to read.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { expandCommand } from '../hooks/actions/commandExpansion.js';
import { expandExecForm } from '../hooks/actions/execForm.js';
import type { ValidatedHookDefinition } from '../hooks/validation/hooksSettingsValidation.js';
import type { HookConfigProblem } from '../hooks/validation/hookProblems.js';
import { splitSubcommands } from '../hooks/matching/shellSubcommands.js';

/** Programs whose first argument, when it is not an option, is a script file they read. */
const interpreters: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'node',
  'python',
  'python3',
  'ruby',
  'perl',
]);

/** A word the shell passes on as written: no variable, glob, home directory, substitution or brace. */
const plainPath = /^[^\s$`*?~[\]{}<>|&;()'"\\]+$/;

/** What {@link missingHookScripts} checks. */
export interface HookScriptCheck {
  /** The hook's `command` as configured. */
  command: string;
  /** Exec form: the hook's arguments (no shell reads the command). */
  args?: readonly string[];
  /** Where the hook runs: relative paths are read from here, and the project-directory variables name it. */
  projectDir: string;
}

/** The absolute paths of the script files the hook names that do not exist (none when unsure). */
export function missingHookScripts(check: HookScriptCheck): string[] {
  const commandLines =
    check.args !== undefined
      ? [execFormWords(check.command, check.args, check.projectDir)]
      : shellCommands(expandCommand(check.command, check.projectDir));
  const missing = commandLines.flatMap((words) => scriptWords(words)).map((word) => resolve(check.projectDir, word));
  return [...new Set(missing)].filter((path) => !existsSync(path));
}

/** The exec form's program and arguments, the project-directory variables expanded as the runner expands them. */
function execFormWords(command: string, args: readonly string[], projectDir: string): string[] {
  const expanded = expandExecForm({ command, args, projectDir });
  return [expanded.command, ...expanded.args];
}

/**
 * The words of each simple command of a shell command line, up to a `cd` (after it, relative paths mean
 * another directory); none for a line with a command substitution (its output could be part of any word)
 * or one the scanner cannot read.
 */
function shellCommands(commandLine: string): string[][] {
  if (commandLine.includes('$(') || commandLine.includes('`')) return [];
  const commands: string[][] = [];
  for (const simple of splitSubcommands(commandLine) ?? []) {
    const words = shellWords(simple);
    if (words === undefined) continue;
    if (words[0] === 'cd' || words[0] === 'pushd') break;
    commands.push(words);
  }
  return commands;
}

/** The words of one simple command that name a script file. */
function scriptWords(words: readonly string[]): string[] {
  const [program, first] = words;
  if (program === undefined) return [];
  const found: string[] = [];
  if (program.includes('/') && plainPath.test(program)) found.push(program);
  if (interpreters.has(basename(program)) && first !== undefined && !first.startsWith('-') && plainPath.test(first))
    found.push(first);
  return found;
}

/**
 * Splits one simple command into words with their quotes removed, as the shell would before running
 * it; `undefined` for what only the shell can read (an unclosed quote, an expansion inside a word).
 */
function shellWords(command: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < command.length; index += 1) {
    const character = command[index];
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else word += character;
    } else if (character === '\\') {
      const next = command[index + 1];
      if (next === undefined) return undefined;
      index += 1;
      // Inside double quotes a backslash escapes only $ ` " \; before anything else it stays.
      word = (word ?? '') + (quote === '"' && !'$`"\\'.includes(next) ? `\\${next}` : next);
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else word += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      word ??= '';
    } else if (/\s/.test(character)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + character;
    }
  }
  if (quote !== undefined) return undefined;
  if (word !== undefined) words.push(word);
  return words;
}

/** One warning for each script file a command hook among `hooks` names that does not exist, at the hook's `command`. */
export function missingScriptWarnings(
  hooks: readonly ValidatedHookDefinition[],
  projectDir: string,
): HookConfigProblem[] {
  return hooks.flatMap((definition) => {
    const { config } = definition;
    if (config.type !== 'command' || typeof config.command !== 'string') return [];
    return missingHookScripts({
      command: config.command,
      ...(config.args ? { args: config.args } : {}),
      projectDir,
    }).map((path) => ({
      path: `${definition.path}.command`,
      message: `${JSON.stringify(path)} does not exist (looked for from the project directory ${projectDir}); the hook fails when it runs`,
      severity: 'warning' as const,
    }));
  });
}
