/**
 * JSON Lines, as hooks log their inputs, the CLI prints `--json` events and the recorder writes a
 * run: one JSON value per line. Every line but the empty ones must parse, so a torn or garbled line
 * fails the test that reads it.
 */
import { existsSync, readFileSync } from 'node:fs';

/** The values of a JSON Lines text, one per non-empty line, in order. */
export function parseJsonLines<T = Record<string, unknown>>(text: string): T[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}

/** The values of a JSON Lines file, in order; `[]` when the file does not exist (the hook never ran). */
export function readJsonLines<T = Record<string, unknown>>(file: string): T[] {
  return existsSync(file) ? parseJsonLines<T>(readFileSync(file, 'utf8')) : [];
}
