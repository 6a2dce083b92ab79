#!/usr/bin/env node
// Keeps docs/requirements.md true: its table lists every requirement ID with the rule in our words
// (written by hand, kept as is) and the test files whose test titles name the ID (derived here from
// test/**). `node scripts/requirements-doc.mjs` rewrites the Tests column; `--check` exits 1 when the
// file differs from what it would write, which test/docs/requirements.test.ts asserts.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const documentPath = join(projectRoot, 'docs', 'requirements.md');

/** Test files under test/, relative to the project root, sorted. */
function testFiles() {
  const files = [];
  const visit = (directory) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(test|e2e)\.ts$/.test(entry.name)) files.push(relative(projectRoot, path));
    }
  };
  visit(join(projectRoot, 'test'));
  return files.sort();
}

// A test title: the string that opens it(…), test(…) or describe(…), with .each/.concurrent variants;
// the formatter may put a long title on the line after the parenthesis.
const titlePattern =
  /(?:^|[^.\w])(?:it|test|describe)(?:\.(?:each|concurrent|sequential)[^(]*\([^)]*\))?\(\s*(['"`])([^'"`]*)/g;

/** Requirement ID → the test files with a title naming it. */
export function testsByRequirement() {
  const byId = new Map();
  for (const file of testFiles()) {
    const text = readFileSync(join(projectRoot, file), 'utf8');
    for (const match of text.matchAll(titlePattern)) {
      for (const [id] of match[2].matchAll(/HOOK-\d{3}[ab]?/g)) {
        if (!byId.has(id)) byId.set(id, new Set());
        byId.get(id).add(file);
      }
    }
  }
  return byId;
}

/** The document with every row's Tests column derived from the test titles. */
export function renderRequirementsDocument(text) {
  const byId = testsByRequirement();
  return text.replace(/^\| (HOOK-\d{3}[ab]?) \| (.*) \| [^|\n]* \|$/gm, (_row, id, rule) => {
    const files = [...(byId.get(id) ?? [])];
    const tests =
      files.length === 0 ? '**none**' : files.map((file) => `\`${file.replace(/^test\//, '')}\``).join(', ');
    return `| ${id} | ${rule} | ${tests} |`;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = readFileSync(documentPath, 'utf8');
  const rendered = renderRequirementsDocument(current);
  if (process.argv.includes('--check')) {
    if (rendered !== current) {
      process.stderr.write('docs/requirements.md is out of date: run node scripts/requirements-doc.mjs\n');
      process.exit(1);
    }
  } else if (rendered !== current) {
    writeFileSync(documentPath, rendered);
    process.stdout.write('wrote docs/requirements.md\n');
  }
}
