/** Checks on plain JSON-like values, and how messages name them; shared by every folder. */
/** True for a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Characters of a long text quoted where the full text is shown elsewhere (warnings, reports). */
export const EXCERPT_LENGTH = 2_000;

/** The first `maxLength` characters of `text`, then `… [N more characters]`; short texts unchanged. */
export function excerpt(text: string, maxLength: number = EXCERPT_LENGTH): string {
  return text.length > maxLength ? `${text.slice(0, maxLength)}… [${text.length - maxLength} more characters]` : text;
}

/** Characters of a string a message quotes before cutting it with `…`. */
const quotedStringLength = 40;

/**
 * A value's JSON type as an error message names it: `null`, `an array`, `an object`, `a string`,
 * `a number`, `a boolean`; `undefined` for a missing value.
 */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * A value as an error message shows it: strings quoted (cut after 40 characters), numbers, booleans,
 * `null` and `undefined` as written, arrays and objects by their type ({@link describeType}).
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > quotedStringLength ? `${value.slice(0, quotedStringLength)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return String(value);
  return describeType(value);
}

/** Nesting beyond this is taken for a cycle (JSON.stringify would throw on one too). */
const maxJsonCopyDepth = 1_000;

/**
 * A deep copy of a value exactly as `JSON.parse(JSON.stringify(value))` makes it — `undefined`,
 * functions and symbols dropped (`null` in arrays), non-finite numbers `null`, `toJSON` and class
 * instances serialised — without the text in between: function, http and judged hooks hand every in-process hook
 * its own copy of the input on each call, so the copy must be cheap. Throws, as JSON does, on a
 * BigInt and on a cycle.
 */
export function copyAsJson(value: unknown): unknown {
  return copyJsonValue(value, 0);
}

function copyJsonValue(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  if (depth >= maxJsonCopyDepth)
    throw new TypeError(`Converting circular structure to JSON (or nesting deeper than ${maxJsonCopyDepth})`);
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const item = copyJsonValue(value[index], depth + 1);
      copy[index] = item === undefined ? null : item;
    }
    return copy;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (
    (prototype !== Object.prototype && prototype !== null) ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    // Dates, class instances, objects with toJSON: exactly what JSON makes of them.
    return JSON.parse(JSON.stringify(value)) as unknown;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyJsonValue((value as Record<string, unknown>)[key], depth + 1);
    if (item === undefined) continue;
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}
