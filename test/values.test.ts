import { describe, expect, it } from 'vitest';
import { describeType, describeValue, isPlainObject } from '../src/values.js';

describe('values: the shared checks and how messages name values', () => {
  it('isPlainObject is true for objects only, not arrays or null', () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isPlainObject)).toEqual([true, true, true]);
    expect([[], null, undefined, 'x', 1, true].map(isPlainObject)).toEqual([false, false, false, false, false, false]);
  });

  it('describeType names the JSON type with its article; null and undefined as written', () => {
    expect([null, undefined, [], {}, 'x', 1, false].map(describeType)).toEqual([
      'null',
      'undefined',
      'an array',
      'an object',
      'a string',
      'a number',
      'a boolean',
    ]);
  });

  it('describeValue shows primitives as written (strings quoted, cut after 40 characters) and containers by type', () => {
    expect([42, -1.5, true, null, undefined, [1], { a: 1 }].map(describeValue)).toEqual([
      '42',
      '-1.5',
      'true',
      'null',
      'undefined',
      'an array',
      'an object',
    ]);
    expect(describeValue('rm -rf')).toBe('"rm -rf"');
    expect(describeValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(describeValue('x'.repeat(41))).toBe(`"${'x'.repeat(40)}…"`);
    expect(describeValue('y'.repeat(40))).toBe(`"${'y'.repeat(40)}"`);
  });
});
