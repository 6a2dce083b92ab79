'use strict';
/**
 * A warm Node interpreter's bootstrap (hookrail). Started ahead of need with no flags, it waits on
 * descriptor 3 for one hook: the working directory, the script, its arguments and how its
 * environment differs from the one this process started with, fields separated by NUL after the
 * message's length (see warm/controlMessage.ts). It applies them
 * and runs the script as the main module through Node's own entry-point loading, so
 * `require.main === module`, ES modules and `process.argv` are what `node script.js` gives. stdin,
 * stdout and stderr are the hook's pipes; the bootstrap never writes to them. One hook per process.
 *
 * When the script is over — its 'exit' listeners have run, no uncaught exception is being
 * reported and the process has no child of its own — the bootstrap closes stdout and stderr and
 * writes `end <exit code>\n` on descriptor 3, so the host has the hook's answer without waiting for
 * the interpreter's teardown (milliseconds the cold process spends after its last write). Writes to pipes are synchronous in Node, so
 * everything the script printed is already in them. An uncaught exception is printed after the
 * 'exit' event, so then no end is announced and the host waits for the real exit.
 *
 * Before it waits, it loads the ES module loader by importing an empty module of its own: the
 * loader is what `node script.mjs` spends most of its start on, and it reads nothing that differs
 * between two hooks of the same interpreter (its flags come from the command line and
 * `NODE_OPTIONS`, which decide whether a hook may run warm at all).
 */
const { closeSync, openSync, readSync, writeSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { pathToFileURL } = require('node:url');
const Module = require('node:module');

const controlDescriptor = 3;

// The hook runs from a macrotask, as a cold main module does, not inside the import's promise job.
const startHook = () => setImmediate(runHook);
import(pathToFileURL(join(__dirname, 'nodeEsmWarmup.mjs')).href).then(startHook, startHook);

// Built-in modules a hook's first read of stdin and write of stdout load (streams, sockets, the
// terminal check): loaded once here, off the hook's path. A built-in module has no state a script
// could tell apart, and none of these touches a descriptor when loaded.
for (const name of ['node:net', 'node:stream', 'node:tty', 'node:string_decoder', 'node:util']) require(name);
warmUp();

/** Reads the hook from the control channel, applies it, and runs its script as the main module. */
function runHook() {
  const hook = parseHook(readControlMessage());
  announceEndOnExit();
  process.chdir(hook.workingDirectory);
  // What differs from the environment this process started with: removed, then set.
  for (const name of hook.unset) delete process.env[name];
  for (const [name, value] of hook.set) process.env[name] = value;
  process.argv = [process.execPath, resolve(hook.script), ...hook.scriptArguments];
  // Called as Node calls it, so a stack trace names it the same way.
  Module.runMain();
}

/** The hook a control message names (warm/controlMessage.ts), its length prefix already read. */
function parseHook(message) {
  const fields = message.toString('utf8').split('\0');
  let index = 0;
  const next = () => fields[index++];
  const workingDirectory = next();
  const script = next();
  const argumentCount = Number(next());
  const scriptArguments = fields.slice(index, index + argumentCount);
  index += argumentCount;
  const unsetCount = Number(next());
  const unset = fields.slice(index, index + unsetCount);
  index += unsetCount;
  const set = [];
  for (; index < fields.length; index += 1) {
    const entry = fields[index];
    const separator = entry.indexOf('=');
    if (separator > 0) set.push([entry.slice(0, separator), entry.slice(separator + 1)]);
  }
  return { workingDirectory, script, scriptArguments, unset, set };
}

/**
 * Runs, on values of its own, the code a hook's first steps run: the parsing of a control message,
 * and the stream code behind a script's first read of stdin and write of stdout (a Duplex in memory
 * and a socket with no descriptor). The first call of each function compiles it, a millisecond in
 * all that would otherwise fall on the hook's path. Nothing here touches a descriptor, the process's
 * environment or its working directory.
 */
function warmUp() {
  const { Duplex } = require('node:stream');
  const { Socket } = require('node:net');
  const sample = Buffer.from(['/', join(__dirname, 'hook.mjs'), '1', 'argument', '1', 'GONE', 'NAME=value'].join('\0'));
  const message = readLengthPrefixed(Buffer.concat([Buffer.from(`${sample.length}\n`, 'latin1'), sample]));
  resolve(parseHook(message.body).script);
  const duplex = new Duplex({
    read() {},
    write(chunk, encoding, callback) {
      callback();
    },
    final(callback) {
      callback();
    },
  });
  duplex.setEncoding('utf8');
  duplex.on('data', () => {});
  duplex.on('end', () => duplex.destroy());
  duplex.push(Buffer.from('{"warm":true}'));
  duplex.push(null);
  duplex.end('{}\n');
  const socket = new Socket();
  socket.setEncoding('utf8');
  socket.on('data', () => {});
  socket.destroy();
}

/**
 * The hook's message: its length, a newline, then exactly that many bytes (warm/controlMessage.ts),
 * so the hook starts as soon as the host has written it. A channel closed before a whole message
 * means the pool is shutting down: the process exits.
 */
function readControlMessage() {
  const buffer = Buffer.allocUnsafe(65536);
  let received = Buffer.alloc(0);
  for (;;) {
    const message = readLengthPrefixed(received);
    if (message.body !== undefined) return message.body;
    let count;
    try {
      count = readSync(controlDescriptor, buffer, 0, buffer.length, null);
    } catch (error) {
      if (error.code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
        continue;
      }
      throw error;
    }
    if (count === 0) process.exit(0);
    received = Buffer.concat([received, buffer.subarray(0, count)]);
  }
}

/**
 * True unless the process provably has no child: a child of its own (running, or exited and not yet
 * reaped) makes the hook end with the real exit, as cold, so what the child leaves in the group is
 * found as for a cold process. Linux lists a thread's children in /proc; where it cannot be read,
 * the answer is "maybe", so no end is announced.
 */
function hasChildProcess() {
  try {
    const descriptor = openSync(`/proc/self/task/${process.pid}/children`, 'r');
    try {
      return readSync(descriptor, Buffer.alloc(1), 0, 1, null) !== 0;
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return true;
  }
}

/** `<length>\n<body>` from what was received so far: the body once it is all there. */
function readLengthPrefixed(received) {
  const newline = received.indexOf(10);
  if (newline === -1) return { body: undefined };
  const length = Number(received.subarray(0, newline).toString('latin1'));
  const end = newline + 1 + length;
  return { body: received.length >= end ? received.subarray(newline + 1, end) : undefined };
}

/**
 * After the last 'exit' listener has run, the exit code is final: announce it on descriptor 3 once
 * stdout and stderr are closed (see the module comment). Installed as a wrapper of `process.emit`
 * because Node calls it for 'exit' both on `process.exit()` and when the event loop empties, and a
 * listener of our own could not run after the script's.
 */
function announceEndOnExit() {
  let reportingUncaught = false;
  process.on('uncaughtExceptionMonitor', () => {
    reportingUncaught = true;
  });
  const emit = process.emit;
  process.emit = function emitThenAnnounceEnd(event, ...rest) {
    const result = emit.call(this, event, ...rest);
    if (event === 'exit' && !reportingUncaught && !hasChildProcess()) {
      const code = process.exitCode ?? rest[0] ?? 0;
      try {
        closeSync(1);
        closeSync(2);
        writeSync(controlDescriptor, `end ${Number(code) & 0xff}\n`);
      } catch {
        // The host is gone or stopped listening: it sees the real exit instead.
      }
    }
    return result;
  };
}
