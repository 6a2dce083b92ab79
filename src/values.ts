/** Checks on plain JSON-like values, shared by every folder. */
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
