/**
 * CappedCapture: the one bounded capture of process output (hook stdout/stderr keep the head; the
 * shell tool keeps head and tail), counting every byte it drops.
 */
import { describe, expect, it } from 'vitest';
import { CappedCapture } from '../../../src/hooks/actions/cappedCapture.js';

function kept(capture: CappedCapture): { head: string; tail: string; droppedBytes: number } {
  const { head, tail, droppedBytes } = capture.bytes();
  return { head: head.toString(), tail: tail.toString(), droppedBytes };
}

describe('CappedCapture, head', () => {
  it('holds a head of many chunks in one buffer and returns a view of it: the bytes are held once, not as chunks and a copy', () => {
    const capture = new CappedCapture({ limitBytes: 1024 * 1024 });
    const chunks = Array.from({ length: 40 }, (_, index) => Buffer.alloc(10_000, 65 + (index % 26)));
    for (const chunk of chunks) capture.push(chunk);
    const head = capture.head();
    expect(head.equals(Buffer.concat(chunks))).toBe(true);
    expect(capture.head().buffer).toBe(head.buffer);
    // The buffer grew by doubling from 64 KiB: never more than twice what it holds.
    expect(head.buffer.byteLength).toBeLessThanOrEqual(2 * head.length);
  });

  it('with overflowExcerptBytes, a stream that outgrows the limit keeps only its excerpt and counts the bytes beyond the limit', () => {
    const capture = new CappedCapture({ limitBytes: 10, overflowExcerptBytes: 4 });
    capture.push(Buffer.from('abcdef'));
    capture.push(Buffer.from('ghij'));
    expect(capture.head().toString()).toBe('abcdefghij');
    capture.push(Buffer.from('klm'));
    capture.push(Buffer.from('nop'));
    expect(kept(capture)).toEqual({ head: 'abcd', tail: '', droppedBytes: 6 });
  });

  it('keeps the head up to the limit, drops the rest, and counts what it dropped', () => {
    const capture = new CappedCapture({ limitBytes: 5 });
    capture.push(Buffer.from('abc'));
    expect(capture.truncated).toBe(false);
    capture.push(Buffer.from('defgh'));
    capture.push(Buffer.from('ijk'));
    expect(kept(capture)).toEqual({ head: 'abcde', tail: '', droppedBytes: 6 });
    expect(capture.truncated).toBe(true);
  });

  it('is not truncated when the output fits exactly', () => {
    const capture = new CappedCapture({ limitBytes: 3 });
    capture.push(Buffer.from('abc'));
    capture.push(Buffer.alloc(0));
    expect(kept(capture)).toEqual({ head: 'abc', tail: '', droppedBytes: 0 });
    expect(capture.truncated).toBe(false);
  });

  it('does not keep the dropped part of a chunk alive (the kept slice is a copy)', () => {
    const chunk = Buffer.from('0123456789');
    const capture = new CappedCapture({ limitBytes: 4 });
    capture.push(chunk);
    chunk.fill('x');
    expect(kept(capture).head).toBe('0123');
  });
});

describe('CappedCapture.head', () => {
  it('returns a single kept chunk as it is (no copy) and joins several in order', () => {
    const only = Buffer.from('{"decision":"allow"}');
    const single = new CappedCapture({ limitBytes: 64 });
    single.push(only);
    expect(single.head()).toBe(only);

    const several = new CappedCapture({ limitBytes: 5 });
    for (const part of ['ab', 'cd', 'efg']) several.push(Buffer.from(part));
    expect(several.head().toString()).toBe('abcde');
    expect(new CappedCapture({ limitBytes: 5 }).head()).toHaveLength(0);
  });
});

describe('CappedCapture, head and tail', () => {
  it('keeps everything below the limit, in order', () => {
    const capture = new CappedCapture({ limitBytes: 100, keep: 'headAndTail' });
    capture.push(Buffer.from('héllo '));
    capture.push(Buffer.from('wörld'));
    const { head, tail } = capture.bytes();
    expect(Buffer.concat([head, tail]).toString()).toBe('héllo wörld');
    expect(capture.truncated).toBe(false);
  });

  it('keeps the first and the last half of the limit and counts the bytes between', () => {
    const capture = new CappedCapture({ limitBytes: 10, keep: 'headAndTail' });
    capture.push(Buffer.from('0123456789'));
    capture.push(Buffer.from('abcdefghij'));
    expect(kept(capture)).toEqual({ head: '01234', tail: 'fghij', droppedBytes: 10 });
  });

  it('keeps the right tail across many small chunks and one chunk larger than the tail', () => {
    const capture = new CappedCapture({ limitBytes: 6, keep: 'headAndTail' });
    for (const letter of 'abcdefgh') capture.push(Buffer.from(letter));
    expect(kept(capture)).toEqual({ head: 'abc', tail: 'fgh', droppedBytes: 2 });
    capture.push(Buffer.from('0123456'));
    expect(kept(capture)).toEqual({ head: 'abc', tail: '456', droppedBytes: 9 });
  });
});

describe('CappedCapture, the edges of its cuts', () => {
  it('a tail chunk only partly past the limit keeps its last bytes, not none of it', () => {
    const capture = new CappedCapture({ limitBytes: 8, keep: 'headAndTail' });
    for (const part of ['abcd', 'efg', 'hi']) capture.push(Buffer.from(part));
    expect(kept(capture)).toEqual({ head: 'abcd', tail: 'fghi', droppedBytes: 1 });
    capture.push(Buffer.from('j'));
    expect(kept(capture)).toEqual({ head: 'abcd', tail: 'ghij', droppedBytes: 2 });
  });

  it('one chunk that outgrows the limit is cut to the excerpt at once', () => {
    const capture = new CappedCapture({ limitBytes: 4, overflowExcerptBytes: 2 });
    capture.push(Buffer.from('abcdef'));
    expect(kept(capture)).toEqual({ head: 'ab', tail: '', droppedBytes: 2 });
  });

  it('head and tail ignore overflowExcerptBytes, even when the whole limit is the head', () => {
    const capture = new CappedCapture({ limitBytes: 1, keep: 'headAndTail', overflowExcerptBytes: 0 });
    capture.push(Buffer.from('abc'));
    expect(kept(capture)).toEqual({ head: 'a', tail: '', droppedBytes: 2 });
  });
});
