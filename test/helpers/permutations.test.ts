import { describe, expect, it } from 'vitest';
import { forEachOrder, namedPermutations, permutations } from './permutations.js';

describe('permutations (test helper)', () => {
  it('gives every ordering exactly once, the given order first', () => {
    const orders = permutations(['a', 'b', 'c', 'd']);
    expect(orders).toHaveLength(24);
    expect(orders[0]).toEqual(['a', 'b', 'c', 'd']);
    expect(new Set(orders.map((order) => order.join(''))).size).toBe(24);
    for (const order of orders) expect([...order].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(permutations([])).toEqual([[]]);
    expect(permutations([1])).toEqual([[1]]);
  });

  it('refuses lists too long to try every order of', () => {
    expect(() => permutations(Array.from({ length: 9 }, (_, index) => index))).toThrow('9 items give too many orders');
  });

  it('names the items of each order, and a failing check names the order that failed', async () => {
    expect(namedPermutations({ x: 1, y: 2 })).toEqual([
      { items: [1, 2], names: ['x', 'y'] },
      { items: [2, 1], names: ['y', 'x'] },
    ]);
    const seen: string[] = [];
    await expect(
      forEachOrder({ first: 1, second: 2 }, (items, names) => {
        seen.push(names.join(','));
        expect(items[0]).toBe(1);
      }),
    ).rejects.toThrow(/^order \[second, first\]: expected 2 to be 1/);
    expect(seen).toEqual(['first,second', 'second,first']);
  });
});
