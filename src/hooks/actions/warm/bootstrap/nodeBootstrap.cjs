'use strict';
/**
 * A warm Node interpreter's bootstrap (hookrail). Started ahead of need with no flags, it waits on
 * descriptor 3 for one hook: the working directory, the script, its arguments and its environment,
 * fields separated by NUL after the message's length (see warm/controlMessage.ts). It applies them
 * and runs the script as the main module through Node's own entry-point loading, so
 * `require.main === module`, ES modules and `process.argv` are what `node script.js` gives. stdin,
 * stdout and stderr are the hook's pipes; the bootstrap never writes to them. One hook per process.
 *
 * When the script is over — its 'exit' listeners have run and no uncaught exception is being
 * reported — the bootstrap closes stdout and stderr and writes `end <exit code>\n` on descriptor 3,
 * so the host has the hook's answer without waiting for the interpreter's teardown (milliseconds
 * the cold process spends after its last write). Writes to pipes are synchronous in Node, so
 * everything the script printed is already in them. An uncaught exception is printed after the
 * 'exit' event, so then no end is announced and the host waits for the real exit.
 *
 * Before it waits, it loads the ES module loader by importing an empty module of its own: the
 * loader is what `node script.mjs` spends most of its start on, and it reads nothing that differs
 * between two hooks of the same interpreter (its flags come from the command line and
 * `NODE_OPTIONS`, which decide whether a hook may run warm at all).
 */
const { closeSync, readSync, writeSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { pathToFileURL } = require('node:url');
const Module = require('node:module');

const controlDescriptor = 3;
// The environment this process started with, which nothing changes before the hook: compared in
// JavaScript, so applying the hook's reads no variable back from the process (each read is a call
// into C++).
const startEnvironment = { ...process.env };

// The hook runs from a macrotask, as a cold main module does, not inside the import's promise job.
const startHook = () => setImmediate(runHook);
import(pathToFileURL(join(__dirname, 'nodeEsmWarmup.mjs')).href).then(startHook, startHook);

// Built-in modules a hook's first read of stdin and write of stdout load (streams, sockets, the
// terminal check): loaded once here, off the hook's path. A built-in module has no state a script
// could tell apart, and none of these touches a descriptor when loaded.
for (const name of ['node:net', 'node:stream', 'node:tty', 'node:string_decoder', 'node:util']) require(name);

/** Reads the hook from the control channel, applies it, and runs its script as the main module. */
function runHook() {
  const fields = readControlMessage().toString('utf8').split('\0');
  announceEndOnExit();

  let index = 0;
  const next = () => fields[index++];
  const workingDirectory = next();
  const script = next();
  const argumentCount = Number(next());
  const scriptArguments = fields.slice(index, index + argumentCount);
  index += argumentCount;
  const keptCount = Number(next());
  const kept = new Set(fields.slice(index, index + keptCount));
  index += keptCount;
  const environment = new Map();
  for (; index < fields.length; index += 1) {
    const entry = fields[index];
    const separator = entry.indexOf('=');
    if (separator > 0) environment.set(entry.slice(0, separator), entry.slice(separator + 1));
  }

  process.chdir(workingDirectory);
  for (const name of Object.keys(startEnvironment)) {
    if (!environment.has(name) && !kept.has(name)) delete process.env[name];
  }
  for (const [name, value] of environment) {
    if (!kept.has(name) && startEnvironment[name] !== value) process.env[name] = value;
  }
  process.argv = [process.execPath, resolve(script), ...scriptArguments];
  // Called as Node calls it, so a stack trace names it the same way.
  Module.runMain();
}

/**
 * The hook's message: its length, a newline, then exactly that many bytes (warm/controlMessage.ts),
 * so the hook starts as soon as the host has written it. A channel closed before a whole message
 * means the pool is shutting down: the process exits.
 */
function readControlMessage() {
  const buffer = Buffer.allocUnsafe(65536);
  let received = Buffer.alloc(0);
  let length;
  while (length === undefined || received.length < length) {
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
    if (length === undefined) {
      const newline = received.indexOf(10);
      if (newline === -1) continue;
      length = Number(received.subarray(0, newline).toString('latin1'));
      received = received.subarray(newline + 1);
    }
  }
  return received;
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
    if (event === 'exit' && !reportingUncaught) {
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
