/**
 * A warm interpreter's announcement that its script is over (warm/bootstrap/): on its control
 * channel, once the script's exit steps have run and its stdout and stderr are closed, it writes
 * `end <exit code>\n`. processGroup.ts then ends the run without waiting for the interpreter's
 * teardown, unless the process has children of its own or has already exited.
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

/**
 * True when the announcement of `pid` can end its run: the process still runs (it has not exited
 * yet: an exited one has handed its children to another parent, so its list would be empty) and has
 * no child of its own (Linux: its main thread's `children` list, read before its state).
 */
export function announcedEndIsFinal(pid: number): boolean {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1');
    // The kernel lists each child as `<pid> `; no child, no text.
    if (children !== '') return false;
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    // No such lists here, or the process is gone: wait for the real exit, as for a cold process.
    return false;
  }
}
