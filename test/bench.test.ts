/**
 * `npm run bench` must not crash on a name the package no longer exports: every benchmark (and its helpers)
 * imports the built package, and a curated API can move a name from `hookrail` to `hookrail/engine`. The
 * benchmarks themselves are not run here (their figures are timing); their imports are checked against the
 * built modules the test run starts from (globalSetup rebuilds a stale dist/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const benchDirectory = fileURLToPath(new URL('../bench', import.meta.url));
const benchFiles = [
  ...readdirSync(benchDirectory)
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => join(benchDirectory, name)),
  ...readdirSync(join(benchDirectory, 'lib'))
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => join(benchDirectory, 'lib', name)),
];

/** Each `{ names } from '…dist/…'` import, static or `await import(...)` destructured. */
function distImports(file: string): Array<{ module: string; names: string[] }> {
  const text = readFileSync(file, 'utf8');
  const found: Array<{ module: string; names: string[] }> = [];
  const patterns = [
    /import\s*\{([^}]*)\}\s*from\s*'([^']*\/dist\/[^']*)'/g,
    /const\s*\{([^}]*)\}\s*=\s*await\s+import\(\s*'([^']*\/dist\/[^']*)'\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const names = match[1]!
        .split(',')
        .map((name) =>
          name
            .trim()
            .split(/\s+as\s+|\s*:\s*/)[0]!
            .trim(),
        )
        .filter((name) => name !== '');
      found.push({ module: resolve(dirname(file), match[2]!), names });
    }
  }
  return found;
}

describe('benchmarks', () => {
  it('every name a benchmark imports from the built package is exported there', async () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of benchFiles) {
      for (const { module, names } of distImports(file)) {
        const loaded = (await import(pathToFileURL(module).href)) as Record<string, unknown>;
        for (const name of names) {
          checked += 1;
          if (!(name in loaded))
            missing.push(
              `${file.slice(benchDirectory.length + 1)}: ${name} from ${module.slice(module.indexOf('dist'))}`,
            );
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});
