/**
 * Bounded capture of what a process writes to one stream: at most `limitBytes` bytes are kept — the
 * head, or the head and the tail — and every byte dropped is counted, so a process printing without
 * end costs bounded memory and the caller can say exactly how much was cut.
 *
 * The head is kept as the first chunk alone (the usual answer: one chunk, never copied) or, from the
 * second chunk on, copied into one buffer that grows by doubling up to the limit. So the bytes are
 * held once, never as chunks and a joined copy at the same time, and {@link CappedCapture.head}
 * returns a view, not a copy: a flooding process costs at most the limit (1.5× while the buffer
 * grows), and decoding the head to a string one limit more.
 */

/** The first buffer a head of more than one chunk is copied into (then doubled as needed). */
const initialHeadBufferBytes = 64 * 1024;

/** Which part of a stream a {@link CappedCapture} keeps once the stream outgrows the limit. */
export type CaptureKeep = 'head' | 'headAndTail';

/** Options for {@link CappedCapture}. */
export interface CappedCaptureOptions {
  /** Bytes kept at most; the rest is read and dropped. */
  limitBytes: number;
  /** `head` (default): the first bytes, for a JSON answer; `headAndTail`: half from each end, for a log. */
  keep?: CaptureKeep;
  /**
   * `head` mode: once the stream outgrows the limit, keep only its first this many bytes, as an
   * excerpt, and free the rest at once — for an answer that is not read at all once it is too large.
   * Default: the whole head is kept.
   */
  overflowExcerptBytes?: number;
}

/** The bytes a {@link CappedCapture} kept, and how many it dropped between its head and its tail. */
export interface CapturedBytes {
  head: Buffer;
  tail: Buffer;
  droppedBytes: number;
}

/** Keeps the head (and, if asked, the tail) of a stream up to a byte limit and counts what it drops. */
export class CappedCapture {
  /** Bytes read beyond the limit (with `overflowExcerptBytes`, the head was also cut to the excerpt). */
  droppedBytes = 0;
  private readonly headLimit: number;
  private readonly tailLimit: number;
  private readonly overflowExcerptBytes: number | undefined;
  /** The head while it is one chunk (kept as given). */
  private headChunk?: Buffer;
  /** The head once it is more than one chunk: `headBytes` bytes used. */
  private headBuffer?: Buffer;
  private headBytes = 0;
  private tailChunks: Buffer[] = [];
  private tailBytes = 0;

  constructor(options: CappedCaptureOptions) {
    const limit = Math.max(0, Math.floor(options.limitBytes));
    this.headLimit = options.keep === 'headAndTail' ? Math.ceil(limit / 2) : limit;
    this.tailLimit = limit - this.headLimit;
    this.overflowExcerptBytes = options.keep === 'headAndTail' ? undefined : options.overflowExcerptBytes;
  }

  /** True once any byte was dropped. */
  get truncated(): boolean {
    return this.droppedBytes > 0;
  }

  /** Adds what the stream wrote next. */
  push(chunk: Buffer): void {
    let rest = chunk;
    // Once bytes were dropped the head is complete (or cut to its excerpt): nothing joins it any more.
    const headRoom = this.droppedBytes > 0 ? 0 : this.headLimit - this.headBytes;
    if (headRoom > 0) {
      const head = rest.length > headRoom ? rest.subarray(0, headRoom) : rest;
      this.appendHead(head, head.length < rest.length);
      rest = rest.subarray(head.length);
    }
    if (rest.length === 0) return;
    if (this.tailLimit === 0) {
      if (this.droppedBytes === 0 && this.overflowExcerptBytes !== undefined)
        this.cutHeadToExcerpt(this.overflowExcerptBytes);
      this.droppedBytes += rest.length;
      return;
    }
    this.tailChunks.push(
      rest.length > this.tailLimit ? Buffer.from(rest.subarray(rest.length - this.tailLimit)) : rest,
    );
    this.droppedBytes += Math.max(0, rest.length - this.tailLimit);
    this.tailBytes += Math.min(rest.length, this.tailLimit);
    this.trimTail();
  }

  /** The kept head alone (`head` mode keeps nothing else): a view of the bytes kept, not a copy. */
  head(): Buffer {
    if (this.headBuffer) return this.headBuffer.subarray(0, this.headBytes);
    return this.headChunk ?? Buffer.alloc(0);
  }

  /** The kept bytes: the head, the tail (empty in `head` mode) and the count dropped between them. */
  bytes(): CapturedBytes {
    return {
      head: Buffer.from(this.head()),
      tail: Buffer.concat(this.tailChunks, this.tailBytes),
      droppedBytes: this.droppedBytes,
    };
  }

  private cutHeadToExcerpt(bytes: number): void {
    this.headChunk = Buffer.from(this.head().subarray(0, Math.max(0, Math.floor(bytes))));
    this.headBuffer = undefined;
    this.headBytes = this.headChunk.length;
  }

  /** Adds `head` to the head; `partOfLarger`: it is a slice of a chunk whose rest is dropped. */
  private appendHead(head: Buffer, partOfLarger: boolean): void {
    if (this.headBytes === 0) {
      // A slice of a larger chunk is copied so the dropped part of the chunk is not kept alive.
      this.headChunk = partOfLarger ? Buffer.from(head) : head;
      this.headBytes = head.length;
      return;
    }
    const needed = this.headBytes + head.length;
    if (!this.headBuffer || this.headBuffer.length < needed) {
      const grown = Buffer.allocUnsafe(
        Math.min(
          this.headLimit,
          Math.max(needed, (this.headBuffer?.length ?? this.headBytes) * 2, initialHeadBufferBytes),
        ),
      );
      (this.headBuffer ?? this.headChunk!).copy(grown, 0, 0, this.headBytes);
      this.headBuffer = grown;
      this.headChunk = undefined;
    }
    head.copy(this.headBuffer, this.headBytes);
    this.headBytes = needed;
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
