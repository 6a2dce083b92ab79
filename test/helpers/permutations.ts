/**
 * Every ordering of a small list, for tests of rules that claim not to depend on order (merge rules,
 * planner ordering): a first-wins or last-wins bug passes a test that tries one order, and fails one
 * that tries them all.
 */

/** Above this many items a test should choose its orders instead: 8 items are already 40,320 orders. */
const MAXIMUM_PERMUTED_ITEMS = 8;

/** Every ordering of `items` (n! of them), the given order first; items are kept, not copied. */
export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length > MAXIMUM_PERMUTED_ITEMS) {
    throw new Error(`permutations: ${items.length} items give too many orders; pass at most ${MAXIMUM_PERMUTED_ITEMS}`);
  }
  if (items.length <= 1) return [[...items]];
  const orders: T[][] = [];
  items.forEach((item, index) => {
    const rest = [...items.slice(0, index), ...items.slice(index + 1)];
    for (const order of permutations(rest)) orders.push([item, ...order]);
  });
  return orders;
}

/** One ordering of named items: the items, and their names in the same order. */
export interface NamedOrder<T> {
  items: T[];
  names: string[];
}

/** Every ordering of `named` (a record of name → item), each with the names of its items in that order. */
export function namedPermutations<T>(named: Readonly<Record<string, T>>): Array<NamedOrder<T>> {
  return permutations(Object.entries(named)).map((order) => ({
    items: order.map(([, item]) => item),
    names: order.map(([name]) => name),
  }));
}

/**
 * Calls `check` with every ordering of `named`, one after another; an error thrown by `check` (a
 * failed assertion) is rethrown with the failing order named first, e.g. `order [block, allow]: …`.
 */
export async function forEachOrder<T>(
  named: Readonly<Record<string, T>>,
  check: (items: T[], names: string[]) => void | Promise<void>,
): Promise<void> {
  for (const { items, names } of namedPermutations(named)) {
    try {
      await check(items, names);
    } catch (error) {
      if (error instanceof Error) error.message = `order [${names.join(', ')}]: ${error.message}`;
      throw error;
    }
  }
}
