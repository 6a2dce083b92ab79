#!/usr/bin/env node
// Counts the names each package entry exports, as a user's TypeScript sees them: every entry of
// package.json `exports` that has `types`, read from its declaration file in dist/ (run `npm run build`
// first) with the TypeScript checker's getExportsOfModule. Prints one line per entry and the total;
// `--json` prints `{ "hookrail": n, … }` instead.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));

/** Each entry's import specifier (`hookrail`, `hookrail/engine`, …) with its declaration file. */
const entries = Object.entries(manifest.exports)
  .filter(([, target]) => typeof target === 'object' && target.types)
  .map(([subpath, target]) => ({
    specifier: subpath === '.' ? manifest.name : `${manifest.name}${subpath.slice(1)}`,
    declarations: join(projectRoot, target.types),
  }));

const missing = entries.filter((entry) => !existsSync(entry.declarations));
if (missing.length > 0) {
  console.error(`No declarations for ${missing.map((entry) => entry.specifier).join(', ')}: run \`npm run build\`.`);
  process.exit(1);
}

const program = ts.createProgram(
  entries.map((entry) => entry.declarations),
  {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
  },
);
const checker = program.getTypeChecker();
const counts = Object.fromEntries(
  entries.map((entry) => {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry.declarations));
    return [entry.specifier, moduleSymbol ? checker.getExportsOfModule(moduleSymbol).length : 0];
  }),
);

if (process.argv.includes('--json')) console.log(JSON.stringify(counts));
else {
  const width = Math.max(...Object.keys(counts).map((name) => name.length));
  for (const [name, count] of Object.entries(counts)) console.log(`${name.padEnd(width)}  ${count}`);
  console.log(`${'total'.padEnd(width)}  ${Object.values(counts).reduce((sum, count) => sum + count, 0)}`);
}
