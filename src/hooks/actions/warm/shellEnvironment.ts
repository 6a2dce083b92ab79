/**
 * A command hook written as shell text runs in `bash -c`, which, for one simple command, executes it
 * in place of itself after setting these variables in its environment: `PWD` (the inherited one if it
 * names the working directory, else the directory's physical path), `SHLVL` (the inherited level,
 * which bash raises by one and lowers again when it executes its last command: absent or not a
 * number → 0), `_` (the program's path: the word as written when it has a slash, else where `PATH`
 * found it), and `OLDPWD` only when it names a directory. A warm interpreter gives the hook the same environment. Whatever else bash would
 * do first — `BASH_ENV`, exported functions, `SHELLOPTS`, a level bash resets with a warning — makes
 * the hook run cold.
 */
import { realpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute } from 'node:path';

/** Highest level bash keeps: at 1000 it warns on stderr and resets. */
const highestShellLevel = 998;

/** What {@link shellExecEnvironment} needs. */
export interface ShellExecEnvironmentOptions {
  /** The environment bash is started with. */
  environment: Readonly<Record<string, string | undefined>>;
  /** The working directory bash is started in. */
  cwd: string;
  /** The `_` bash sets: the program's path (see the module comment). */
  program: string;
}

/** The environment the program gets from `bash -c`, or `undefined` when bash would do more than add variables. */
export function shellExecEnvironment(
  options: ShellExecEnvironmentOptions,
): Record<string, string | undefined> | undefined {
  const { environment } = options;
  if (environment.BASH_ENV !== undefined || environment.SHELLOPTS !== undefined || environment.BASHOPTS !== undefined)
    return undefined;
  for (const name of Object.keys(environment))
    if (name.startsWith('BASH_FUNC_') && environment[name] !== undefined) return undefined;
  const level = shellLevel(environment.SHLVL);
  const workingDirectory = shellWorkingDirectory(environment.PWD, options.cwd);
  if (level === undefined || workingDirectory === undefined) return undefined;
  const oldWorkingDirectory =
    environment.OLDPWD !== undefined && isDirectory(environment.OLDPWD) ? environment.OLDPWD : undefined;
  return { ...environment, PWD: workingDirectory, OLDPWD: oldWorkingDirectory, SHLVL: level, _: options.program };
}

function shellLevel(inherited: string | undefined): string | undefined {
  const text = inherited?.trim() ?? '';
  if (!/^[+-]?\d+$/.test(text)) return '0';
  const level = Number(text);
  if (level < 0) return '0';
  return level > highestShellLevel ? undefined : String(level);
}

function shellWorkingDirectory(inherited: string | undefined, cwd: string): string | undefined {
  try {
    const here = statSync(cwd);
    // The inherited PWD spelled as the working directory names it by definition: no second stat.
    if (inherited !== undefined && isAbsolute(inherited) && (inherited === cwd || isSameFile(inherited, here)))
      return inherited;
    return realpathSync(cwd);
  } catch {
    return undefined;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isSameFile(path: string, other: Stats): boolean {
  try {
    const named = statSync(path);
    return named.ino === other.ino && named.dev === other.dev;
  } catch {
    return false;
  }
}
