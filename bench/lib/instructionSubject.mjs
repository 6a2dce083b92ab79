// One variant of bench/instructions.bench.mjs, run under valgrind: `node instructionSubject.mjs VARIANT CALLS`
// makes CALLS sequential calls of VARIANT and exits. Not a benchmark itself (bench/run.mjs runs only *.bench.mjs).
//   machine | bareMachine  — one toolCall machine per call (runToolCall, hooks disabled) | a bare XState machine
//                            of the same path (as scheduler.bench.mjs 1b)
//   hook | rawSpawn        — one matching command hook through fireBeforeToolHook | a raw node:child_process spawn,
//                            both with node:child_process.spawn replaced by a child that answers `{}` at once (as
//                            spawn.bench.mjs section 3), so only the host's own JavaScript is counted
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { createActor, fromPromise, setup } from 'xstate';

const [variant, callsText] = process.argv.slice(2);
const calls = Number(callsText);

if (variant === 'hook' || variant === 'rawSpawn') {
  const childProcess = createRequire(import.meta.url)('node:child_process');
  const realSpawn = childProcess.spawn;
  childProcess.spawn = function instantChild(file, ...rest) {
    // The watchdog stays real (it is recognised by its name among its arguments).
    if (Array.isArray(rest[0]) && rest[0].includes('hookrail-watchdog')) return realSpawn.call(this, file, ...rest);
    const child = Object.assign(new EventEmitter(), {
      pid: 4_000_000,
      stdin: new Writable({ write: (_chunk, _encoding, done) => done() }),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
    });
    setImmediate(() => {
      child.stdout.end('{}\n');
      child.stderr.end();
      child.emit('exit', 0, null);
      let closed = 0;
      const onClose = () => (closed += 1) === 2 && child.emit('close', 0, null);
      child.stdout.on('close', onClose);
      child.stderr.on('close', onClose);
    });
    return child;
  };
  syncBuiltinESMExports();
}

const { Config, DebugLogger, fireBeforeToolHook, runToolCall } = await import('../../dist/index.js');
const { spawn } = await import('node:child_process');
const quietLogger = new DebugLogger('bench', { level: 'error', sink: () => {} });
const toolInput = { path: 'src/index.ts', content: 'export const answer = 42;\n' };
const tool = { name: 'write_file', execute: async () => ({ llmContent: 'wrote src/index.ts', returnDisplay: 'Wrote src/index.ts' }) };
const signal = new AbortController().signal;

function machineCall() {
  const config = new Config({ enableHooks: false, logger: quietLogger });
  const request = { callId: 'bench', name: 'write_file', args: toolInput };
  return () => runToolCall({ config, tool, request });
}

function bareMachineCall() {
  const machine = setup({ actors: { execute: fromPromise(() => tool.execute(toolInput, { signal })) } }).createMachine({
    initial: 'idle',
    states: {
      idle: { on: { START: 'executing' } },
      executing: { invoke: { src: 'execute', onDone: 'buffered' } },
      buffered: { on: { PUBLISH: 'published' } },
      published: { type: 'final' },
    },
  });
  return () =>
    new Promise((resolve) => {
      const actor = createActor(machine);
      actor.subscribe((snapshot) => {
        if (snapshot.status === 'done') resolve();
        else if (snapshot.value === 'buffered') actor.send({ type: 'PUBLISH' });
      });
      actor.start();
      actor.send({ type: 'START' });
    });
}

function hookCall() {
  const config = new Config({
    enableHooks: true,
    logger: quietLogger,
    workingDir: process.cwd(),
    hooks: { BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'true' }] }] },
  });
  return () => fireBeforeToolHook(config, 'write_file', toolInput);
}

function rawSpawnCall() {
  const stdin = JSON.stringify({ session_id: 'bench', cwd: process.cwd(), hook_event_name: 'BeforeTool', tool_name: 'write_file', tool_input: toolInput });
  return () =>
    new Promise((resolve) => {
      const child = spawn('true', { shell: true, env: { ...process.env, GEMINI_PROJECT_DIR: process.cwd() }, detached: true, stdio: 'pipe' });
      const stdout = [];
      child.stdout.on('data', (chunk) => stdout.push(chunk));
      child.stderr.on('data', () => {});
      child.stdin.on('error', () => {});
      child.stdin.end(stdin);
      child.once('close', () => resolve(Buffer.concat(stdout).toString('utf8')));
    });
}

const makers = { machine: machineCall, bareMachine: bareMachineCall, hook: hookCall, rawSpawn: rawSpawnCall };
if (!makers[variant] || !Number.isInteger(calls)) {
  console.error(`usage: instructionSubject.mjs ${Object.keys(makers).join('|')} CALLS`);
  process.exit(2);
}
const call = makers[variant]();
for (let index = 0; index < calls; index += 1) await call();
// The hook variant started the watchdog; exit without waiting for anything it holds.
process.exit(0);
