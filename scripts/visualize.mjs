#!/usr/bin/env node
// npm run visualize: regenerates visualizations/ (mermaid, SVG, Stately JSON and README.md for every
// machine) from the built machine definitions, with the same code as `hookrail visualize`.
// Usage: node scripts/visualize.mjs [outDir]   (run `npm run build` first; default outDir: visualizations)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(projectRoot, process.argv[2] ?? 'visualizations');
const { writeVisualizations } = await import(new URL('../dist/diagrams/visualize.js', import.meta.url).href);
const written = await writeVisualizations({ outDir });
for (const file of written) process.stdout.write(`wrote ${file}\n`);
