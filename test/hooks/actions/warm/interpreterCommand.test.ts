/**
 * Which commands a warm interpreter may run: one interpreter running one script, found as the shell
 * or the kernel would find it; everything else runs as it always does (cold). Real files on disk.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findExecutable,
  recognizeInterpreterCommand,
  splitSimpleCommand,
} from '../../../../src/hooks/actions/warm/interpreterCommand.js';
import { shellExecEnvironment } from '../../../../src/hooks/actions/warm/shellEnvironment.js';

const directory = mkdtempSync(join(tmpdir(), 'hookrail-interpreter-command-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function file(name: string, content: string, executable = true): string {
  const path = join(directory, name);
  writeFileSync(path, content);
  chmodSync(path, executable ? 0o755 : 0o644);
  return path;
}

const bin = join(directory, 'bin');
mkdirSync(bin);
const node = findExecutable({ name: 'node', path: process.env.PATH, cwd: '/' })!;
const script = file('guard.js', 'console.log(1)\n');
const python = file('guard.py', 'print(1)\n');
const recognize = (command: string, args?: string[]) =>
  recognizeInterpreterCommand({ command, args, cwd: directory, path: process.env.PATH });

describe('recognizeInterpreterCommand', () => {
  it('node script.js with arguments, in shell text (quotes and backslash escapes read as bash reads them) or exec form', () => {
    expect(recognize(`node ${script} --strict 'two words' a\\ b`)).toEqual({
      kind: 'node',
      executable: node,
      argv0: 'node',
      script,
      args: ['--strict', 'two words', 'a b'],
      viaShell: true,
      program: node,
    });
    expect(recognize('node', ['guard.js', 'x'])).toMatchObject({
      kind: 'node',
      script: 'guard.js',
      args: ['x'],
      viaShell: false,
    });
  });

  it('a script path whose shebang names node or python3, through env or by absolute path', () => {
    const viaEnv = file('env-guard.mjs', '#!/usr/bin/env node\nconsole.log(1)\n');
    expect(recognize(`${viaEnv} a`)).toMatchObject({
      kind: 'node',
      executable: node,
      argv0: 'node',
      script: viaEnv,
      args: ['a'],
      program: viaEnv,
    });
    const direct = file('direct-guard.js', `#!${node}\nconsole.log(1)\n`);
    expect(recognize(direct)).toMatchObject({ kind: 'node', executable: node, argv0: node });
    expect(recognize('./env-guard.mjs')).toMatchObject({ script: './env-guard.mjs', program: './env-guard.mjs' });
  });

  it('runs cold: an interpreter flag, a shebang with an argument, a script that is not executable, a bare script name, python (maybe Python 2)', () => {
    expect(recognize(`node --no-warnings ${script}`)).toBeUndefined();
    expect(recognize(`python3 -E ${python}`)).toBeUndefined();
    expect(recognize(`python3 - ${python}`)).toBeUndefined();
    expect(recognize(file('flagged.js', `#!${node} --no-warnings\n`))).toBeUndefined();
    expect(recognize(file('split.js', '#!/usr/bin/env -S node --no-warnings\n'))).toBeUndefined();
    expect(recognize(file('crlf.js', '#!/usr/bin/env node\r\n'))).toBeUndefined();
    expect(recognize(file('not-executable.js', '#!/usr/bin/env node\n', false))).toBeUndefined();
    expect(recognize('env-guard.mjs')).toBeUndefined();
    expect(recognize(`python ${python}`)).toBeUndefined();
    expect(recognize(`node ${join(directory, 'missing.js')}`)).toBeUndefined();
  });

  it("runs cold: an interpreter that is itself a script (a version manager's shim)", () => {
    file('bin/node', '#!/bin/sh\nexec node "$@"\n');
    expect(
      recognizeInterpreterCommand({ command: `node ${script}`, cwd: directory, path: `${bin}:${process.env.PATH}` }),
    ).toBeUndefined();
  });

  it('runs cold: anything the shell would expand, redirect or chain', () => {
    for (const command of [
      `node ${script} $HOME`,
      `node ${script} "$HOME"`,
      `node ${script} \`date\``,
      `node ${script} > out`,
      `node ${script}; echo`,
      `node ${script} && echo`,
      `node ${script} | cat`,
      `node ${script} *.ts`,
      `node ${script} ~/x`,
      `FOO=1 node ${script}`,
      `node ${script} # note`,
      `(node ${script})`,
    ]) {
      expect(recognize(command), command).toBeUndefined();
    }
  });
});

describe('splitSimpleCommand', () => {
  it('reads quotes and escapes as bash does, and refuses expansions inside double quotes', () => {
    expect(splitSimpleCommand(`a "b c" 'd $e' f\\ g "h\\"i" ""`)).toEqual(['a', 'b c', 'd $e', 'f g', 'h"i', '']);
    expect(splitSimpleCommand('a "b $c"')).toBeUndefined();
    expect(splitSimpleCommand("a 'open")).toBeUndefined();
  });
});

describe('shellExecEnvironment: what bash -c adds before it runs the program in its place', () => {
  const cwd = directory;
  it('PWD (the working directory), SHLVL (unchanged, 0 when absent or not a number), _ (the program), OLDPWD only when a directory', () => {
    expect(shellExecEnvironment({ environment: { A: '1' }, cwd, program: '/usr/bin/node' })).toEqual({
      A: '1',
      PWD: directory,
      OLDPWD: undefined,
      SHLVL: '0',
      _: '/usr/bin/node',
    });
    expect(shellExecEnvironment({ environment: { SHLVL: '3', PWD: directory }, cwd, program: 'x' })).toMatchObject({
      SHLVL: '3',
      PWD: directory,
    });
    expect(shellExecEnvironment({ environment: { SHLVL: 'x', PWD: '/nonexistent' }, cwd, program: 'x' })).toMatchObject(
      { SHLVL: '0', PWD: directory },
    );
    expect(shellExecEnvironment({ environment: { OLDPWD: '/' }, cwd, program: 'x' })?.OLDPWD).toBe('/');
    expect(shellExecEnvironment({ environment: { OLDPWD: '/nonexistent' }, cwd, program: 'x' })).toMatchObject({
      OLDPWD: undefined,
    });
  });

  it('runs cold: BASH_ENV, SHELLOPTS, an exported function, a level bash resets with a warning', () => {
    for (const environment of [
      { BASH_ENV: '/x' },
      { SHELLOPTS: 'xtrace' },
      { 'BASH_FUNC_node%%': '() { :; }' },
      { SHLVL: '999' },
    ]) {
      expect(shellExecEnvironment({ environment, cwd, program: 'x' })).toBeUndefined();
    }
  });
});
