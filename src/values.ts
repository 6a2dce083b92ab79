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
  if (typeof value === 'string') return JSON.stringify(value.length > quotedStringLength ? `${value.slice(0, quotedStringLength)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return describeType(value);
}
