/**
 * A warm interpreter's announcement that its script is over (warm/bootstrap/): on its control
 * channel, once the script's exit steps have run and its stdout and stderr are closed, it writes
 * `end <exit code>\n` — only when the process has no child of its own, which the interpreter checks
 * itself at that moment (a process with a child ends with its real exit, as cold). processGroup.ts
 * then ends the run without waiting for the interpreter's teardown, unless it has already seen the
 * process exit.
 */
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
