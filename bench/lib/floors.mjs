// The floors two benchmarks measure against, shared by the timed benches and instructionSubject.mjs (so
// both count the same thing). Not a benchmark itself: bench/run.mjs runs only files named *.bench.mjs.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { assign, createActor, fromPromise, setup } from 'xstate';

/**
 * A bare XState machine of the toolCall machine's unhooked path — idle → executing (one invoked promise of
 * `execute`) → buffered → published, no context, nothing of hookrail's — returning a function that runs one
 * actor to its end, publishing it as soon as it is buffered (as runToolCall does).
 */
export function bareToolCallMachine(execute) {
  const machine = setup({ actors: { execute: fromPromise(execute) } }).createMachine({
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

/**
 * The same bare path carrying what any machine that answers with a result carries: the request as input
 * and context, the tool's result assigned on done, an output built from the context. Not a target: it says
 * how much of the toolCall machine's distance from the bare floor is XState's data handling rather than
 * hookrail's guards, hook states and output.
 */
export function bareToolCallMachineWithData(execute, request) {
  const machine = setup({ actors: { execute: fromPromise(({ input }) => execute(input)) } }).createMachine({
    initial: 'idle',
    context: ({ input }) => ({ request: input, result: undefined }),
    output: ({ context }) => ({ callId: context.request.callId, args: context.request.args, result: context.result }),
    states: {
      idle: { on: { START: 'executing' } },
      executing: {
        invoke: {
          src: 'execute',
          input: ({ context }) => context.request.args,
          onDone: { target: 'buffered', actions: assign({ result: ({ event }) => event.output }) },
        },
      },
      buffered: { on: { PUBLISH: 'published' } },
      published: { type: 'final' },
    },
  });
  return () =>
    new Promise((resolve) => {
      const actor = createActor(machine, { input: request });
      actor.subscribe((snapshot) => {
        if (snapshot.status === 'done') resolve(snapshot.output);
        else if (snapshot.value === 'buffered') actor.send({ type: 'PUBLISH' });
      });
      actor.start();
      actor.send({ type: 'START' });
    });
}

/**
 * Takes the kernel out of spawning for the rest of this process: `node:child_process.spawn` returns a child
 * that answers `{}` and exits 0 at once. The hookrail watchdog, recognised by its name among its arguments,
 * stays real.
 */
export function replaceSpawnWithInstantChild() {
  const childProcess = createRequire(import.meta.url)('node:child_process');
  const realSpawn = childProcess.spawn;
  childProcess.spawn = function instantChild(file, ...rest) {
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
