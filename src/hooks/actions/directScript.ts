/**
 * Runs a command hook that is one script path (scriptCommand.ts) without `bash -c`: the script's own
 * shebang picks its interpreter. Only a regular, executable file starting with `#!` is taken; any
 * other (missing, not executable, no shebang — which the kernel refuses with ENOEXEC) is left to
 * `bash -c`, which reports or runs it as it always did.
 *
 * The script sees what it would see under `bash -c`, which execs a lone command and sets, for it:
 * - `PWD`: the inherited `PWD` when it names the working directory, else the working directory's
 *   physical path;
 * - `OLDPWD`: kept only when it names a directory;
 * - `SHLVL`: the inherited level (bash raises it on start and lowers it again to exec), `0` when unset;
 * - `_`: the script path as written.
 * Its `$0` is the path as written too (the kernel passes the exec'd path to the interpreter).
 */
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseScriptCommand } from './scriptCommand.js';
import { scriptFileFacts } from './scriptFile.js';

/** Options of {@link directScript}. */
export interface DirectScriptOptions {
  /** The command hook's text, as configured. */
  command: string;
  /** What the project-directory variables stand for. */
  projectDir: string;
  /** The working directory the script runs in. */
  cwd: string;
  /** The variables laid over `process.env` for the hook (`undefined` removes one). */
  environment: Readonly<Record<string, string | undefined>>;
}

/** A script to spawn as it is: its path, and the variables to lay over the hook's environment. */
export interface DirectScript {
  file: string;
  environment: Record<string, string | undefined>;
}

/** The script to spawn without a shell, or `undefined` when the command must run in `bash -c`. */
export function directScript(options: DirectScriptOptions): DirectScript | undefined {
  if (process.platform === 'win32') return undefined;
  const file = parseScriptCommand({ command: options.command, projectDir: options.projectDir });
  if (file === undefined || !startsWithShebang(resolve(options.cwd, file))) return undefined;
  const inherited = (name: string): string | undefined =>
    name in options.environment ? options.environment[name] : process.env[name];
  const inheritedPwd = inherited('PWD');
  const oldPwd = inherited('OLDPWD');
  const shellLevel = inherited('SHLVL');
  return {
    file,
    environment: {
      PWD:
        inheritedPwd !== undefined && sameDirectory(inheritedPwd, options.cwd)
          ? inheritedPwd
          : physicalPath(options.cwd),
      OLDPWD: oldPwd !== undefined && isDirectory(oldPwd) ? oldPwd : undefined,
      SHLVL: shellLevel !== undefined && /^\d+$/.test(shellLevel) ? String(Number(shellLevel)) : '0',
      _: file,
    },
  };
}

/** True for a regular file this process may execute whose first two bytes are `#!`. */
function startsWithShebang(path: string): boolean {
  const facts = scriptFileFacts(path);
  return facts?.executable === true && facts.head.startsWith('#!');
}

function sameDirectory(path: string, directory: string): boolean {
  if (!path.startsWith('/')) return false;
  // The same absolute text names the same directory: no need to ask the file system twice.
  if (path === directory) return true;
  try {
    const left = statSync(path);
    const right = statSync(directory);
    return left.isDirectory() && left.ino === right.ino && left.dev === right.dev;
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function physicalPath(directory: string): string {
  try {
    return realpathSync.native(directory);
  } catch {
    return directory;
  }
}
