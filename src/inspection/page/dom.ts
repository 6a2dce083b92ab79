/// <reference lib="dom" />
/**
 * Small DOM and formatting helpers of the report page. Text always goes in as text nodes (never
 * parsed as HTML): a hook's stdout or a tool's arguments cannot inject markup into the report.
 */

/** What {@link element} sets on a new element. */
export interface ElementOptions {
  className?: string;
  text?: string;
  title?: string;
  attributes?: Record<string, string>;
  children?: ReadonlyArray<Node | string | undefined>;
}

/** A new element of `tag` in `doc`, with class, text, attributes and children. */
export function element<Tag extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: Tag,
  options: ElementOptions = {},
): HTMLElementTagNameMap[Tag] {
  const created = doc.createElement(tag);
  if (options.className) created.className = options.className;
  if (options.text !== undefined) created.textContent = options.text;
  if (options.title !== undefined) created.title = options.title;
  for (const [name, value] of Object.entries(options.attributes ?? {})) created.setAttribute(name, value);
  for (const child of options.children ?? []) {
    if (child === undefined) continue;
    created.append(typeof child === 'string' ? doc.createTextNode(child) : child);
  }
  return created;
}

/** `950 ms`, `1.25 s`, `2 min 5 s`. */
export function formatDuration(milliseconds: number | undefined): string {
  if (milliseconds === undefined || !Number.isFinite(milliseconds)) return '';
  if (milliseconds < 1_000) return `${Math.max(0, Math.round(milliseconds))} ms`;
  if (milliseconds < 60_000) return `${(milliseconds / 1_000).toFixed(2)} s`;
  const minutes = Math.floor(milliseconds / 60_000);
  return `${minutes} min ${Math.round((milliseconds - minutes * 60_000) / 1_000)} s`;
}

/** Pretty JSON for a details block; strings stay as they are. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, undefined, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** One line of at most `limit` characters. */
export function oneLine(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

/** What a tool call's row says about its input: the shell command, the path, or compact JSON. */
export function describeArgs(args: Record<string, unknown> | undefined): string {
  if (!args) return '';
  for (const key of ['command', 'file_path', 'path', 'pattern', 'dir_path']) {
    const value = args[key];
    if (typeof value === 'string' && value !== '') return oneLine(value, 80);
  }
  return oneLine(JSON.stringify(args), 80);
}

/** A `<pre>` block under a small heading; nothing for an empty text. */
export function textBlock(
  doc: Document,
  heading: string,
  text: string | undefined,
  className: string,
): HTMLElement | undefined {
  if (text === undefined || text === '') return undefined;
  return element(doc, 'div', {
    className: `block ${className}`,
    children: [element(doc, 'h4', { text: heading }), element(doc, 'pre', { className: `${className}-text`, text })],
  });
}

/** A badge naming an outcome or decision, coloured by the stylesheet's `outcome-*` classes. */
export function badge(doc: Document, word: string): HTMLElement {
  return element(doc, 'span', { className: `badge outcome-${word}`, text: word });
}
