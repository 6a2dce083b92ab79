/**
 * The control message a warm interpreter gets its hook in: the length prefix lets the bootstraps start
 * on the hook as soon as the message is written, without waiting for the host to close the channel,
 * and a channel closed before a whole message is the pool shutting down. Real Node and Python
 * bootstraps, taken from a pool of their own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { encodeControlMessage } from '../../../../src/hooks/actions/warm/controlMessage.js';
import { findExecutable, type InterpreterKind } from '../../../../src/hooks/actions/warm/interpreterCommand.js';
import { WarmInterpreterPool, type WarmProcess } from '../../../../src/hooks/actions/warm/warmPool.js';
import { pathWithRealPython } from '../../../helpers/warmInterpreters.js';
import { waitFor } from '../../../helpers/waiting.js';

const scratch = mkdtempSync(join(tmpdir(), 'hookrail-control-message-'));
const scripts: Record<InterpreterKind, string> = {
  node: join(scratch, 'answer.cjs'),
  python: join(scratch, 'answer.py'),
};
writeFileSync(scripts.node, "process.stdout.write(`ran ${process.argv.slice(2).join(' ')} in ${process.cwd()}\\n`);\n");
writeFileSync(
  scripts.python,
  "import os, sys\nsys.stdout.write('ran ' + ' '.join(sys.argv[1:]) + ' in ' + os.getcwd() + '\\n')\n",
);
const environmentScripts: Record<InterpreterKind, string> = {
  node: join(scratch, 'environment.cjs'),
  python: join(scratch, 'environment.py'),
};
const probedNames = ['STALE', 'CHANGED', 'ADDED', 'UNTOUCHED'];
writeFileSync(
  environmentScripts.node,
  `process.stdout.write(JSON.stringify(${JSON.stringify(probedNames)}.map((name) => process.env[name] ?? null)));\n`,
);
writeFileSync(
  environmentScripts.python,
  `import json, os, sys\nsys.stdout.write(json.dumps([os.environ.get(name) for name in ${JSON.stringify(probedNames)}], separators=(",", ":")))\n`,
);

const pools: WarmInterpreterPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An idle process of `kind`, started with `extra` in its environment and taken from a pool of its own once it has started. */
async function idleProcess(kind: InterpreterKind, extra: Record<string, string> = {}): Promise<WarmProcess> {
  const path = pathWithRealPython();
  const executable = findExecutable({ name: kind === 'node' ? 'node' : 'python3', path, cwd: '/' });
  if (!executable) throw new Error(`${kind} is not on PATH`);
  const pool = new WarmInterpreterPool();
  pools.push(pool);
  const environment = { ...process.env, PATH: path, ...extra };
  const spec = { kind, executable, argv0: kind === 'node' ? 'node' : 'python3', fingerprint: '', environment, idle: 1 };
  pool.take(spec);
  await waitFor(() => pool.idleProcessIds(kind).length === 1, `an idle ${kind} process`);
  const taken = pool.take(spec);
  if (!taken) throw new Error(`no idle ${kind} process`);
  return taken;
}

function messageFor(warm: WarmProcess, kind: InterpreterKind): Buffer {
  return encodeControlMessage({
    cwd: scratch,
    script: scripts[kind],
    args: ['é', ''],
    environment: warm.startEnvironment,
    startEnvironment: warm.startEnvironment,
    keptNames: [],
  });
}

/** Everything `stream` gives until it ends. */
function collect(stream: Readable): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    stream.on('end', () => resolve(text));
  });
}

describe('encodeControlMessage', () => {
  const message = encodeControlMessage({
    cwd: scratch,
    script: scripts.node,
    args: ['é', ''],
    environment: { PATH: '/bin', CHANGED: 'ünïcode', ADDED: 'yes', LANG: 'C', GONE_TOO: undefined },
    startEnvironment: { PATH: '/bin', CHANGED: 'old', STALE: '1', LANG: 'C.UTF-8', GONE_TOO: 'x', NEVER: undefined },
    keptNames: ['LANG'],
  });

  it('puts the byte length of the fields first, so multi-byte text and empty arguments are counted exactly', () => {
    const newline = message.indexOf(10);
    expect(Number(message.subarray(0, newline).toString('latin1'))).toBe(message.length - newline - 1);
  });

  it('sends the environment as what differs from the start environment: removed names, then changed and added variables; kept names never', () => {
    const body = message.subarray(message.indexOf(10) + 1);
    expect(body.toString('utf8').split('\0')).toEqual([
      scratch,
      scripts.node,
      '2',
      'é',
      '',
      '2',
      'STALE',
      'GONE_TOO',
      'CHANGED=ünïcode',
      'ADDED=yes',
    ]);
  });
});

describe.each(['node', 'python'] as const)('a warm %s interpreter reading its control message', (kind) => {
  it('runs the hook as soon as the whole message is written, with the channel still open', async () => {
    const warm = await idleProcess(kind);
    const output = collect(warm.child.stdout!);
    warm.child.stdin!.end();
    // Written, never ended: without the length the bootstrap would wait for the channel to close.
    warm.control.write(messageFor(warm, kind));
    expect(await output).toBe(`ran é  in ${scratch}\n`);
    expect(await collect(warm.child.stdio[3] as Readable)).toBe('end 0\n');
    warm.control.end();
    warm.release();
  });

  it('the channel, written and never ended by the host, is closed on its side once the process has exited', async () => {
    const warm = await idleProcess(kind);
    const output = collect(warm.child.stdout!);
    const scriptEnd = collect(warm.child.stdio[3] as Readable);
    warm.child.stdin!.end();
    warm.control.write(messageFor(warm, kind));
    expect(await output).toBe(`ran é  in ${scratch}\n`);
    expect(await scriptEnd).toBe('end 0\n');
    await waitFor(() => warm.control.destroyed, 'the control channel to be closed');
    warm.release();
  });

  it('a message written in pieces (the length split, the fields later) is read whole', async () => {
    const warm = await idleProcess(kind);
    const output = collect(warm.child.stdout!);
    warm.child.stdin!.end();
    const message = messageFor(warm, kind);
    warm.control.write(message.subarray(0, 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    warm.control.write(message.subarray(1, message.indexOf(10) + 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    warm.control.end(message.subarray(message.indexOf(10) + 5));
    expect(await output).toBe(`ran é  in ${scratch}\n`);
    warm.release();
  });

  it("the hook's environment is the start environment with the message's changes: one removed, one changed, one added, the rest as started", async () => {
    const warm = await idleProcess(kind, { STALE: 'from the start', CHANGED: 'old', UNTOUCHED: 'kept as started' });
    const output = collect(warm.child.stdout!);
    warm.child.stdin!.end();
    const environment: Record<string, string | undefined> = { ...warm.startEnvironment, CHANGED: 'new', ADDED: 'é' };
    delete environment.STALE;
    warm.control.end(
      encodeControlMessage({
        cwd: scratch,
        script: environmentScripts[kind],
        args: [],
        environment,
        startEnvironment: warm.startEnvironment,
        keptNames: [],
      }),
    );
    expect(JSON.parse(await output)).toEqual([null, 'new', 'é', 'kept as started']);
    warm.release();
  });

  it('a channel closed before the whole message: the process exits 0 without running anything', async () => {
    const warm = await idleProcess(kind);
    const output = collect(warm.child.stdout!);
    const exited = new Promise<number | null>((resolve) => warm.child.once('exit', (code) => resolve(code)));
    const message = messageFor(warm, kind);
    warm.control.end(message.subarray(0, message.length - 3));
    expect(await exited).toBe(0);
    expect(await output).toBe('');
    warm.release();
  });
});

describe('a warm python interpreter whose script is gone by the time it opens it', () => {
  it('says what Python says when it cannot open its script, and exits 2, as cold', async () => {
    const missing = join(scratch, 'gone.py');
    const executable = findExecutable({ name: 'python3', path: pathWithRealPython(), cwd: '/' })!;
    const cold = spawnSync(executable, [missing], { argv0: 'python3', cwd: scratch, encoding: 'utf8', input: '' });
    expect(cold.status).toBe(2);
    expect(cold.stderr).toContain("can't open file");
    const warm = await idleProcess('python');
    const stderr = collect(warm.child.stderr!);
    const exited = new Promise<number | null>((resolve) => warm.child.once('exit', (code) => resolve(code)));
    warm.child.stdin!.end();
    warm.control.end(
      encodeControlMessage({
        cwd: scratch,
        script: missing,
        args: [],
        environment: warm.startEnvironment,
        startEnvironment: warm.startEnvironment,
        keptNames: [],
      }),
    );
    expect(await exited).toBe(2);
    expect(await stderr).toBe(cold.stderr);
    warm.release();
  });
});
