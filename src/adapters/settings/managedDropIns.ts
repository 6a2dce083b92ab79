/**
 * Claude Code's managed drop-in directory: `managed-settings.d/` beside `managed-settings.json`. Claude
 * Code reads the base file first, then every regular file (or symbolic link) in the directory whose
 * name ends in `.json` and does not start with `.`, in sorted name order; each later file merges on
 * top (lists concatenate, a later file's single value wins). hookrail reads each one as a managed file
 * of its own, in that order.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The drop-in files of `dir` in the order Claude Code merges them; none when the directory is missing. */
export async function managedDropInFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.json'))
    .filter((entry) => !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
    .map((name) => join(dir, name));
}
