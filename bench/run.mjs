#!/usr/bin/env node
// Runs every bench/*.bench.mjs in name order, one process each (so one benchmark's heap and JIT state
// cannot skew the next), with --expose-gc, and prints their output. Exits non-zero if one crashed.
// Usage: npm run bench            (builds dist/ first)
//        node --expose-gc bench/run.mjs [name-filter]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDirectory = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
// Only files named *.bench.mjs directly in bench/ are benchmarks; shared code lives in bench/lib/.
const files = readdirSync(benchDirectory, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.bench.mjs'))
  .map((entry) => entry.name)
  .filter((name) => filter === undefined || name.includes(filter))
  .sort();

if (files.length === 0) {
  console.error(`no benchmarks found in ${benchDirectory}${filter ? ` matching "${filter}"` : ''}`);
  process.exit(1);
}

const failed = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync(process.execPath, ['--expose-gc', join(benchDirectory, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(`${file} (${run.signal ?? `exit code ${run.status}`})`);
}
if (failed.length > 0) {
  console.error(`\nbenchmarks that failed: ${failed.join(', ')}`);
  process.exit(1);
}
