/**
 * The shell that runs a command hook's text and the shell tool's command: bash, as Gemini CLI and Claude
 * Code run them (`bash -c`), so a hook written for either with bash syntax — `[[ … ]]`, `$'…'`, arrays,
 * `set -o pipefail` — runs unchanged. Under `/bin/sh` (dash on Debian and Ubuntu) such a guard prints
 * "[[: not found" and exits 0 (an `if [[ … ]]`) or 127 (`[[ … ]] && exit 2`): either way the call it
 * should block goes through. Where no bash is installed (Alpine, busybox images) commands run with
 * `/bin/sh`. Exec form (`command` + `args`) uses no shell.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Used when no bash is on the PATH. */
export const FALLBACK_SHELL = '/bin/sh';

/** Options of {@link findBash}. */
export interface FindBashOptions {
  /** The directories to search, as in `PATH`. */
  path: string | undefined;
}

/** The first executable regular file named `bash` in `path`'s directories, or `undefined`. */
export function findBash(options: FindBashOptions): string | undefined {
  for (const directory of (options.path ?? '').split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, 'bash');
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not there, or not executable: the next directory.
    }
  }
  return undefined;
}

let resolvedFor: string | undefined;
let resolvedShell: string | undefined;

/**
 * The shell for `spawn`'s `shell` option: bash found on the host's `PATH` (looked up once per `PATH`
 * value), else {@link FALLBACK_SHELL}; on Windows `true` (Node's default shell there).
 */
export function commandShell(): string | true {
  if (process.platform === 'win32') return true;
  const path = process.env.PATH ?? '';
  // `resolvedFor` starts undefined and `path` is a string: the first call always looks.
  if (resolvedFor !== path) {
    resolvedShell = findBash({ path }) ?? FALLBACK_SHELL;
    resolvedFor = path;
  }
  return resolvedShell as string;
}
