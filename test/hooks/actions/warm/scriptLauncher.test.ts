/**
 * The warm launcher's line: what it may launch (anything else runs as it always did) and, with real
 * `/bin/sh` processes, that the line gives the script exactly the environment, working directory and
 * arguments it names — quotes, `$`, backslashes and spaces included, variables the launcher started
 * with removed.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isLaunchable,
  LAUNCHER_PROGRAM,
  LAUNCHER_SHELL,
  launchLine,
} from '../../../../src/hooks/actions/warm/scriptLauncher.js';
import { scratchDirectory } from '../../../helpers/hookFixtures.js';

let scratch: ReturnType<typeof scratchDirectory>;
let script: string;
beforeEach(() => {
  scratch = scratchDirectory('hookrail-launcher-');
  mkdirSync(join(scratch.path, 'a dir'));
  script = join(scratch.path, 'report.sh');
  writeFileSync(script, '#!/bin/sh\nprintf "%s\\0" "$0" "$@" "$(pwd -P)"\nenv -0\n');
  chmodSync(script, 0o755);
});
afterEach(() => scratch.remove());

/** Starts a launcher with `startEnvironment`, hands it the line, and returns what the script printed. */
function launch(line: string, startEnvironment: Record<string, string>): Promise<string[]> {
  const child = spawn(LAUNCHER_SHELL, ['-c', LAUNCHER_PROGRAM], {
    env: startEnvironment,
    stdio: ['ignore', 'pipe', 'inherit', 'pipe'],
  });
  const chunks: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
  (child.stdio[3] as NodeJS.WritableStream).end(line);
  return new Promise((resolve) =>
    child.once('close', () => resolve(Buffer.concat(chunks).toString('utf8').split('\0').slice(0, -1))),
  );
}

describe('launchLine', () => {
  it('the script gets its arguments, working directory and exactly the environment named, however quoted', async () => {
    const awkward = `it's "$HOME" \\n and \`ls\` ; & | *`;
    const environment = { PATH: process.env.PATH!, AWKWARD: awkward, PWD: join(scratch.path, 'a dir'), _: script };
    const line = launchLine({
      file: script,
      args: [awkward, ''],
      cwd: join(scratch.path, 'a dir'),
      startEnvironment: { PATH: process.env.PATH!, STALE: 'from the launcher start', AWKWARD: 'old', OLDPWD: '/' },
      environment,
    });
    const [argv0, first, second, cwd, ...entries] = await launch(line, {
      PATH: process.env.PATH!,
      STALE: 'from the launcher start',
      AWKWARD: 'old',
      OLDPWD: '/',
    });
    expect([argv0, first, second, cwd]).toEqual([script, awkward, '', join(scratch.path, 'a dir')]);
    expect(variables(entries)).toEqual(environment);
  });
});

/** `NAME=value` entries as an object. */
function variables(entries: string[]): Record<string, string> {
  return Object.fromEntries(
    entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

describe('isLaunchable', () => {
  const base = () => ({ file: script, args: [] as string[], cwd: scratch.path, environment: { PATH: '/usr/bin' } });

  it('a script with an executable interpreter in an existing absolute directory: yes', () => {
    expect(isLaunchable(base())).toBe(true);
  });

  it.each([
    ['a variable name the shell cannot hold', { environment: { PATH: '/usr/bin', 'npm-config': 'x' } }],
    ['a value with a newline', { environment: { PATH: '/usr/bin', CERT: 'a\nb' } }],
    ['an argument with a newline', { args: ['a\nb'] }],
    ['a relative working directory', { cwd: 'relative' }],
    ['a missing working directory', { cwd: '/no/such/directory' }],
    ['a bare name (found on PATH)', { file: 'report.sh' }],
    ['a path starting with -', { file: '-x/report.sh' }],
  ])('%s: no, it runs as it always did', (_case, change) => {
    expect(isLaunchable({ ...base(), ...change })).toBe(false);
  });

  it('a script whose interpreter is missing, or without a shebang: no (the spawn reports it in its own words)', () => {
    writeFileSync(script, '#!/no/such/interpreter\necho\n');
    expect(isLaunchable(base())).toBe(false);
    writeFileSync(script, 'echo no shebang\n');
    expect(isLaunchable(base())).toBe(false);
  });
});
