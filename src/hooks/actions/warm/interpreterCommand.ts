/**
 * Which command hooks a warm interpreter can run: `node script.js …`, `python3 script.py …` (the
 * interpreter found on the hook's `PATH`, as the shell would find it), or a script path whose shebang
 * names one (`#!/usr/bin/env node`, `#!/usr/bin/python3`) — written as shell text or in exec form.
 * Anything else — a flag before the script, a shebang with an argument, quoting the shell would
 * expand, a redirection, a second command — is not recognised, and the hook runs as it always does.
 */
import { basename, delimiter, isAbsolute, join, resolve } from 'node:path';
import { type ScriptFileFacts, scriptFileFacts } from '../scriptFile.js';

/** The interpreters hookrail keeps warm. */
export type InterpreterKind = 'node' | 'python';

/** A hook that one interpreter runs as a script: what a warm process needs to run it. */
export interface InterpreterLaunch {
  kind: InterpreterKind;
  /** The interpreter's file, absolute, as the shell or the kernel would run it. */
  executable: string;
  /** The interpreter's `argv[0]`: the name as written (`node`) or the shebang's path. */
  argv0: string;
  /** The script as written in the command: the interpreter's `argv[1]`. */
  script: string;
  /** The script's arguments. */
  args: string[];
  /** True when the command is shell text (run in `bash -c` when cold), false in exec form. */
  viaShell: boolean;
  /** The program the command runs, as the shell names it in `_`: the first word when it has a slash, else where `PATH` found it. */
  program: string;
}

/** What {@link recognizeInterpreterCommand} reads. */
export interface RecognizeInterpreterCommandOptions {
  /** Shell text, expanded; with `args`, the executable (exec form). */
  command: string;
  args?: readonly string[];
  /** The hook's working directory: relative paths are read from it. */
  cwd: string;
  /** The `PATH` of the hook's environment. */
  path: string | undefined;
}

const nodeNames = /^(?:node|nodejs)$/;
/** `python` alone may be Python 2; only names that say Python 3 are kept warm. */
const pythonNames = /^python3(?:\.\d+)?$/;

/** The interpreter and script a command runs, when it provably runs one script and nothing else. */
export function recognizeInterpreterCommand(
  options: RecognizeInterpreterCommandOptions,
): InterpreterLaunch | undefined {
  const viaShell = options.args === undefined;
  const words = viaShell ? splitSimpleCommand(options.command) : [options.command, ...options.args!];
  if (!words || words.length === 0 || words.some((word) => word.includes('\0'))) return undefined;
  const [first, ...rest] = words;
  const kind = kindOfName(basename(first));
  if (kind) {
    const [script, ...args] = rest;
    // A flag (or `-` for stdin) before the script changes how the interpreter starts.
    if (script === undefined || script === '' || script.startsWith('-')) return undefined;
    const found = first.includes('/')
      ? fileWithFacts(resolve(options.cwd, first))
      : findExecutableWithFacts({ name: first, path: options.path, cwd: options.cwd });
    if (!found?.facts.executable || isScriptHead(found.facts) || !isRegularFile(resolve(options.cwd, script)))
      return undefined;
    const executable = found.path;
    return {
      kind,
      executable,
      argv0: first,
      script,
      args,
      viaShell,
      program: first.includes('/') ? first : executable,
    };
  }
  // A bare name is looked up on PATH by the shell; only a path is read for its shebang here.
  if (!first.includes('/')) return undefined;
  const scriptFacts = scriptFileFacts(resolve(options.cwd, first));
  if (!scriptFacts?.executable) return undefined;
  const shebang = parseShebang(scriptFacts.head);
  if (!shebang) return undefined;
  if (shebang.interpreter === '/usr/bin/env' || shebang.interpreter === '/bin/env') {
    const name = shebang.argument;
    const envKind = name === undefined ? undefined : kindOfName(name);
    if (!envKind || name!.includes('/')) return undefined;
    const found = findExecutableWithFacts({ name: name!, path: options.path, cwd: options.cwd });
    return found && !isScriptHead(found.facts)
      ? { kind: envKind, executable: found.path, argv0: name!, script: first, args: rest, viaShell, program: first }
      : undefined;
  }
  const directKind = kindOfName(basename(shebang.interpreter));
  if (
    !directKind ||
    shebang.argument !== undefined ||
    !isAbsolute(shebang.interpreter) ||
    !isExecutableFile(shebang.interpreter)
  )
    return undefined;
  return {
    kind: directKind,
    executable: shebang.interpreter,
    argv0: shebang.interpreter,
    script: first,
    args: rest,
    viaShell,
    program: first,
  };
}

function kindOfName(name: string): InterpreterKind | undefined {
  if (nodeNames.test(name)) return 'node';
  if (pythonNames.test(name)) return 'python';
  return undefined;
}

/** Options of {@link findExecutable}. */
export interface FindExecutableOptions {
  name: string;
  /** The directories to search, as in `PATH`; an empty entry is the working directory, as for the shell. */
  path: string | undefined;
  cwd: string;
}

/** The first executable regular file called `name` in `path`'s directories, as the shell finds it. */
export function findExecutable(options: FindExecutableOptions): string | undefined {
  return findExecutableWithFacts(options)?.path;
}

/** A file and what it says of itself, looked at once. */
interface FileWithFacts {
  path: string;
  facts: ScriptFileFacts;
}

function findExecutableWithFacts(options: FindExecutableOptions): FileWithFacts | undefined {
  if (options.path === undefined) return undefined;
  for (const directory of options.path.split(delimiter)) {
    const candidate = join(directory === '' ? options.cwd : resolve(options.cwd, directory), options.name);
    const found = fileWithFacts(candidate);
    if (found?.facts.executable) return found;
  }
  return undefined;
}

function fileWithFacts(path: string): FileWithFacts | undefined {
  const facts = scriptFileFacts(path);
  return facts ? { path, facts } : undefined;
}

/**
 * True for a file that is itself a script (a version manager's shim, a wrapper): it would run
 * something else, with variables of its own, so what runs is not known here.
 */
function isScriptHead(facts: ScriptFileFacts): boolean {
  return facts.head.startsWith('#!');
}

function isRegularFile(path: string): boolean {
  return scriptFileFacts(path)?.regular === true;
}

function isExecutableFile(path: string): boolean {
  return scriptFileFacts(path)?.executable === true;
}

/**
 * `#!interpreter [argument]` as the kernel reads it from a file's `head`: the first line, split once
 * at whitespace; `undefined` for no shebang, or one whose interpreter would start differently.
 */
export function parseShebang(text: string): { interpreter: string; argument?: string } | undefined {
  const lineEnd = text.indexOf('\n');
  if (!text.startsWith('#!') || lineEnd === -1) return undefined;
  const line = text.slice(2, lineEnd);
  // A carriage return or a tab is part of the interpreter's name to the kernel: the hook fails cold too.
  if (/[\r\t]/.test(line)) return undefined;
  const match = /^ *([^ ]+)(?: +(.*?))? *$/.exec(line);
  if (!match) return undefined;
  const argument = match[2] === undefined || match[2] === '' ? undefined : match[2];
  // `env -S …` or `env NAME=value …` would start the interpreter differently.
  if (argument?.includes(' ')) return undefined;
  return { interpreter: match[1], argument };
}

/** Characters that make the shell do more than split words: expansion, globbing, redirection, control. */
const shellSpecial = new Set([
  '$',
  '`',
  ';',
  '&',
  '|',
  '<',
  '>',
  '(',
  ')',
  '{',
  '}',
  '*',
  '?',
  '[',
  ']',
  '~',
  '#',
  '\n',
  '\r',
  '!',
]);

/**
 * The words of a command that is one simple command with literal words — plain characters,
 * backslash escapes, single quotes, double quotes holding no expansion — or `undefined` for anything
 * the shell would read otherwise. An `=` in the first word (an assignment) is refused too.
 */
export function splitSimpleCommand(text: string): string[] | undefined {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === ' ' || character === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (character === '\\') {
      const escaped = text[index + 1];
      if (escaped === undefined || escaped === '\n') return undefined;
      word += escaped;
      index += 1;
    } else if (character === "'") {
      const end = text.indexOf("'", index + 1);
      if (end === -1) return undefined;
      word += text.slice(index + 1, end);
      index = end;
    } else if (character === '"') {
      let cursor = index + 1;
      for (; cursor < text.length && text[cursor] !== '"'; cursor += 1) {
        const inner = text[cursor];
        if (inner === '$' || inner === '`' || inner === '!') return undefined;
        if (inner === '\\') {
          const escaped = text[cursor + 1];
          if (escaped === '"' || escaped === '\\') {
            word += escaped;
            cursor += 1;
            continue;
          }
          if (escaped === '$' || escaped === '`' || escaped === '\n' || escaped === undefined) return undefined;
        }
        word += inner;
      }
      if (cursor >= text.length) return undefined;
      index = cursor;
    } else if (shellSpecial.has(character)) {
      return undefined;
    } else {
      if (character === '=' && words.length === 0) return undefined;
      word += character;
    }
  }
  if (inWord) words.push(word);
  return words;
}
