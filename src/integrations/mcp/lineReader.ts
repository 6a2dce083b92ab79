/**
 * Newline-delimited messages off a byte stream, as MCP's stdio transport frames them: each message is
 * one line ending in `\n` (a `\r` before it is dropped). UTF-8 characters split across chunks are
 * joined before a line is cut. A last line without its `\n` is delivered when the stream ends.
 */
import { StringDecoder } from 'node:string_decoder';

/** Cuts a stream's chunks into lines and hands each to `onLine`, in order. */
export class LineReader {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  /** @param onLine receives each line without its line ending. */
  constructor(private readonly onLine: (line: string) => void) {}

  /** Takes one chunk of the stream. */
  push(chunk: Buffer | string): void {
    let text = this.pending + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      const end = newline > 0 && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      this.onLine(text.slice(0, end));
      text = text.slice(newline + 1);
      newline = text.indexOf('\n');
    }
    this.pending = text;
  }

  /** The stream ended: delivers a last line that had no line ending. */
  end(): void {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    if (rest !== '') this.onLine(rest.endsWith('\r') ? rest.slice(0, -1) : rest);
  }
}
