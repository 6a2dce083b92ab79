/**
 * Bounded capture of what a process writes to one stream: at most `limitBytes` bytes are kept — the
 * head, or the head and the tail — and every byte dropped is counted, so a process printing without
 * end costs bounded memory and the caller can say exactly how much was cut (issue 9, item 7).
 */

/** Which part of a stream a {@link CappedCapture} keeps once the stream outgrows the limit. */
export type CaptureKeep = 'head' | 'headAndTail';

/** Options for {@link CappedCapture}. */
export interface CappedCaptureOptions {
  /** Bytes kept at most; the rest is read and dropped. */
  limitBytes: number;
  /** `head` (default): the first bytes, for a JSON answer; `headAndTail`: half from each end, for a log. */
  keep?: CaptureKeep;
}

/** The bytes a {@link CappedCapture} kept, and how many it dropped between its head and its tail. */
export interface CapturedBytes {
  head: Buffer;
  tail: Buffer;
  droppedBytes: number;
}

/** Keeps the head (and, if asked, the tail) of a stream up to a byte limit and counts what it drops. */
export class CappedCapture {
  /** Bytes read from the stream and not kept. */
  droppedBytes = 0;
  private readonly headLimit: number;
  private readonly tailLimit: number;
  private readonly headChunks: Buffer[] = [];
  private headBytes = 0;
  private tailChunks: Buffer[] = [];
  private tailBytes = 0;

  constructor(options: CappedCaptureOptions) {
    const limit = Math.max(0, Math.floor(options.limitBytes));
    this.headLimit = options.keep === 'headAndTail' ? Math.ceil(limit / 2) : limit;
    this.tailLimit = limit - this.headLimit;
  }

  /** True once any byte was dropped. */
  get truncated(): boolean {
    return this.droppedBytes > 0;
  }

  /** Adds what the stream wrote next. */
  push(chunk: Buffer): void {
    let rest = chunk;
    const headRoom = this.headLimit - this.headBytes;
    if (headRoom > 0) {
      const head = rest.length > headRoom ? rest.subarray(0, headRoom) : rest;
      // A slice of a larger chunk is copied so the dropped part of the chunk is not kept alive.
      this.headChunks.push(head.length < rest.length ? Buffer.from(head) : head);
      this.headBytes += head.length;
      rest = rest.subarray(head.length);
    }
    if (rest.length === 0) return;
    if (this.tailLimit === 0) {
      this.droppedBytes += rest.length;
      return;
    }
    this.tailChunks.push(rest.length > this.tailLimit ? Buffer.from(rest.subarray(rest.length - this.tailLimit)) : rest);
    this.droppedBytes += Math.max(0, rest.length - this.tailLimit);
    this.tailBytes += Math.min(rest.length, this.tailLimit);
    this.trimTail();
  }

  /** The kept head alone (`head` mode keeps nothing else); a single chunk is returned as it is, not copied. */
  head(): Buffer {
    return this.headChunks.length === 1 ? this.headChunks[0]! : Buffer.concat(this.headChunks, this.headBytes);
  }

  /** The kept bytes: the head, the tail (empty in `head` mode) and the count dropped between them. */
  bytes(): CapturedBytes {
    return {
      head: Buffer.concat(this.headChunks, this.headBytes),
      tail: Buffer.concat(this.tailChunks, this.tailBytes),
      droppedBytes: this.droppedBytes,
    };
  }

  private trimTail(): void {
    while (this.tailBytes > this.tailLimit) {
      const first = this.tailChunks[0]!;
      const excess = this.tailBytes - this.tailLimit;
      if (first.length <= excess) {
        this.tailChunks.shift();
        this.tailBytes -= first.length;
        this.droppedBytes += first.length;
      } else {
        this.tailChunks[0] = Buffer.from(first.subarray(excess));
        this.tailBytes -= excess;
        this.droppedBytes += excess;
      }
    }
  }
}
