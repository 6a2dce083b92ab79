/**
 * A script that no warm interpreter runs (a bash or sh script, any other shebang) still need not pay
 * for its process being forked from the host on the hook's path: a warm launcher — dash, started
 * ahead of need in its own process group — is handed one line of shell on descriptor 3 and executes
 * the script in its place. The line changes the launcher's environment into the hook's (the variables
 * that differ exported, the missing ones unset, those a shell sets itself always given their value),
 * enters the working directory and executes the script with descriptor 3 closed: the script
 * is then the same process a direct spawn would give — same PID parent, argv, environment, working
 * directory, pipes and group — started without the host's fork.
 *
 * Only what the line can say exactly is launched; anything else runs as it always did: a variable
 * whose name the shell cannot hold (`a-b`, `x.y`) or any text with a newline (the launcher reads one
 * line), a script path starting with `-`, a working directory that is not a directory (the spawn
 * reports it), a script whose shebang names an interpreter that is not an executable file (the spawn
 * reports that too, in its own words).
 */
import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseShebang } from './interpreterCommand.js';
import { scriptFileFacts } from '../scriptFile.js';

/** The launcher's program (`sh -c`): read the line from descriptor 3, then run it. */
export const LAUNCHER_PROGRAM = 'IFS= read -r hookrail_launch <&3 && eval "$hookrail_launch"';

/**
 * The shell a launcher runs in: dash, a POSIX `sh` that changes nothing it exports but `PWD` (bash, which
 * is `/bin/sh` on some systems, lowers `SHLVL` as it executes a command). Where there is none, script
 * hooks are forked from the host as before.
 */
export const LAUNCHER_SHELL = '/bin/dash';

const shellName = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Variables a shell may set in its own environment (dash exports `PWD`, `cd` sets `OLDPWD`): always given their value, or removed. */
const setByShells = ['PWD', 'OLDPWD', 'SHLVL', '_'];

/** What {@link launchLine} needs. */
export interface LaunchLineOptions {
  /** The script as the spawn would name it (its `argv[0]`), relative to `cwd` or absolute. */
  file: string;
  args: readonly string[];
  cwd: string;
  /** The environment the launcher was started with. */
  startEnvironment: Readonly<Record<string, string | undefined>>;
  /** The hook's whole environment. */
  environment: Readonly<Record<string, string | undefined>>;
}

/** What {@link isLaunchable} checks: the hook as it would be spawned. */
export interface LaunchableOptions {
  file: string;
  args: readonly string[];
  cwd: string;
  environment: Readonly<Record<string, string | undefined>>;
}

/** True when a launcher can run the hook exactly as its spawn would (see the module comment). */
export function isLaunchable(options: LaunchableOptions): boolean {
  const { file, cwd, environment } = options;
  if (!file.includes('/') || file.startsWith('-') || file.includes('\n')) return false;
  if (!isAbsolute(cwd) || cwd.includes('\n') || !isDirectory(cwd)) return false;
  if (options.args.some((arg) => arg.includes('\n'))) return false;
  for (const name of Object.keys(environment)) {
    const value = environment[name];
    if (value !== undefined && (!shellName.test(name) || value.includes('\n'))) return false;
  }
  if (scriptFileFacts(LAUNCHER_SHELL)?.executable !== true) return false;
  const facts = scriptFileFacts(resolve(cwd, file));
  if (!facts?.executable) return false;
  const shebang = parseShebang(facts.head);
  return (
    shebang !== undefined &&
    isAbsolute(shebang.interpreter) &&
    scriptFileFacts(shebang.interpreter)?.executable === true
  );
}

/** The line that turns a launcher started with `startEnvironment` into the hook's script ({@link isLaunchable} first). */
export function launchLine(options: LaunchLineOptions): string {
  const { environment, startEnvironment } = options;
  const exported: string[] = [];
  const unset: string[] = [];
  for (const name of Object.keys(environment)) {
    const value = environment[name];
    if (value === undefined) continue;
    if (value !== startEnvironment[name] || setByShells.includes(name)) exported.push(`${name}=${quote(value)}`);
  }
  for (const name of Object.keys(startEnvironment)) {
    if (startEnvironment[name] !== undefined && environment[name] === undefined && shellName.test(name))
      unset.push(name);
  }
  for (const name of setByShells) if (environment[name] === undefined && !unset.includes(name)) unset.push(name);
  const steps = [`cd -P ${quote(options.cwd)}`];
  if (unset.length > 0) steps.push(`unset -v ${unset.join(' ')}`);
  if (exported.length > 0) steps.push(`export ${exported.join(' ')}`);
  steps.push(`exec ${[options.file, ...options.args].map(quote).join(' ')} 3<&-`);
  return `${steps.join(' && ')}\n`;
}

/** Single-quoted for the shell: nothing inside is expanded. */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
