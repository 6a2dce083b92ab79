/**
 * The control message a warm interpreter gets its hook in: the length prefix lets the bootstraps start
 * on the hook as soon as the message is written, without waiting for the host to close the channel,
 * and a channel closed before a whole message is the pool shutting down. Real Node and Python
 * bootstraps, taken from a pool of their own.
 */
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

const pools: WarmInterpreterPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An idle process of `kind`, taken from a pool of its own once it has started. */
async function idleProcess(kind: InterpreterKind): Promise<WarmProcess> {
  const path = pathWithRealPython();
  const executable = findExecutable({ name: kind === 'node' ? 'node' : 'python3', path, cwd: '/' });
  if (!executable) throw new Error(`${kind} is not on PATH`);
  const pool = new WarmInterpreterPool();
  pools.push(pool);
  const environment = { ...process.env, PATH: path };
  const spec = { kind, executable, argv0: kind === 'node' ? 'node' : 'python3', fingerprint: '', environment, idle: 1 };
  pool.take(spec);
  await waitFor(() => pool.idleProcessIds(kind).length === 1, `an idle ${kind} process`);
  const taken = pool.take(spec);
  if (!taken) throw new Error(`no idle ${kind} process`);
  return taken;
}

function messageFor(kind: InterpreterKind): Buffer {
  return encodeControlMessage({
    cwd: scratch,
    script: scripts[kind],
    args: ['é', ''],
    environment: { PATH: process.env.PATH, HOOKRAIL_CONTROL_TEST: 'ünïcode' },
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
  it('puts the byte length of the fields first, so multi-byte text and empty arguments are counted exactly', () => {
    const message = messageFor('node');
    const newline = message.indexOf(10);
    const body = message.subarray(newline + 1);
    expect(Number(message.subarray(0, newline).toString('latin1'))).toBe(body.length);
    expect(body.toString('utf8').split('\0')).toEqual([
      scratch,
      scripts.node,
      '2',
      'é',
      '',
      '0',
      `PATH=${process.env.PATH}`,
      'HOOKRAIL_CONTROL_TEST=ünïcode',
    ]);
  });
});

describe.each(['node', 'python'] as const)('a warm %s interpreter reading its control message', (kind) => {
  it('runs the hook as soon as the whole message is written, with the channel still open', async () => {
    const warm = await idleProcess(kind);
    const output = collect(warm.child.stdout!);
    warm.child.stdin!.end();
    // Written, never ended: without the length the bootstrap would wait for the channel to close.
    warm.control.write(messageFor(kind));
    expect(await output).toBe(`ran é  in ${scratch}\n`);
    expect(await collect(warm.child.stdio[3] as Readable)).toBe('end 0\n');
    warm.control.end();
    warm.release();
  });

  it('a message written in pieces (the length split, the fields later) is read whole', async () => {
    const warm = await idleProcess(kind);
    const output = collect(warm.child.stdout!);
    warm.child.stdin!.end();
    const message = messageFor(kind);
    warm.control.write(message.subarray(0, 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    warm.control.write(message.subarray(1, message.indexOf(10) + 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    warm.control.end(message.subarray(message.indexOf(10) + 5));
    expect(await output).toBe(`ran é  in ${scratch}\n`);
    warm.release();
  });

  it('a channel closed before the whole message: the process exits 0 without running anything', async () => {
    const warm = await idleProcess(kind);
    const output = collect(warm.child.stdout!);
    const exited = new Promise<number | null>((resolve) => warm.child.once('exit', (code) => resolve(code)));
    const message = messageFor(kind);
    warm.control.end(message.subarray(0, message.length - 3));
    expect(await exited).toBe(0);
    expect(await output).toBe('');
    warm.release();
  });
});
