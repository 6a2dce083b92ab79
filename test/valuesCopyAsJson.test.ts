/** copyAsJson (src/values.ts): the same copy JSON.parse(JSON.stringify(value)) makes, without the text. */
import { describe, expect, it } from 'vitest';
import { copyAsJson } from '../src/values.js';

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

describe('copyAsJson', () => {
  it('copies like a JSON round trip: undefined and functions dropped, null in arrays, non-finite numbers null, toJSON and class instances serialised', () => {
    const values: unknown[] = [
      {
        a: 1,
        b: 'two',
        c: [1, undefined, () => 3, Number.NaN, Infinity],
        d: undefined,
        e: () => 1,
        f: null,
        g: { h: [true, false] },
      },
      [new Date(0), new Point(1, 2), { toJSON: () => 'custom' }],
      // biome-ignore lint/suspicious/noSparseArray: a sparse array is the case under test
      [1, , 3],
      JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'),
      'text',
      42,
      null,
    ];
    for (const value of values) expect(copyAsJson(value)).toEqual(JSON.parse(JSON.stringify(value)));
    const source = { nested: { list: [1, 2] } };
    const copy = copyAsJson(source) as typeof source;
    copy.nested.list.push(3);
    expect(source.nested.list).toEqual([1, 2]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('throws, as JSON does, on a BigInt and on a cycle', () => {
    expect(() => copyAsJson({ big: 10n })).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => copyAsJson(cyclic)).toThrow(/circular/);
  });
});
