/**
 * A warm interpreter's announcement that its script is over (warm/bootstrap/): on its control
 * channel, once the script's exit steps have run and its stdout and stderr are closed, it writes
 * `end <exit code>\n`. processGroup.ts then ends the run without waiting for the interpreter's
 * teardown, unless the process has children of its own.
 */
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** Calls `onEnd` with the exit code once `channel` has said `end <code>\n`. */
export function listenForScriptEnd(channel: Readable, onEnd: (code: number) => void): void {
  let text = '';
  channel.on('error', () => {});
  channel.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    const match = /^end (\d+)\n/.exec(text);
    if (match) onEnd(Number(match[1]));
  });
}

/** True when the process `pid` has a child (Linux: its main thread's `children` list). */
export function hasChildren(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim() !== '';
  } catch {
    // No such list here: wait for the real exit, as for a cold process.
    return true;
  }
}
