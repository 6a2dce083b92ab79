/**
 * The layout of docs/architecture.md, checked on the source: no import cycle between folders, nor between
 * files (type-only imports included: a type cycle is the same tangle to a reader), the hook system
 * (`src/hooks/**`) imports no XState and nothing from machines, adapters, inspection, diagrams or the
 * CLI, and no folder imports the entry points.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

interface SourceImport {
  from: string;
  specifier: string;
  target: string;
}

function sourceImports(): SourceImport[] {
  const files: string[] = [];
  const visit = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) files.push(relative(repositoryRoot, path));
    }
  };
  visit(join(repositoryRoot, 'src'));
  return files.flatMap((file) =>
    [...readFileSync(join(repositoryRoot, file), 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((match) => ({
      from: file,
      specifier: match[1]!,
      target: match[1]!.startsWith('.') ? posix.normalize(posix.join(dirname(file), match[1]!)) : match[1]!,
    })),
  );
}

/** The folder a source file belongs to (`src/hooks/engine`, `src/machines`, …); root files are `src`. */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length <= 2) return 'src';
  return parts[1] === 'hooks' || parts[1] === 'adapters'
    ? parts
        .slice(0, 3)
        .join('/')
        .replace(/\.(ts|js)$/, '')
    : parts.slice(0, 2).join('/');
}

/** Every cycle a depth-first walk of `graph` meets, each written `a → b → … → a`. */
function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const cycles: string[] = [];
  const visiting: string[] = [];
  const done = new Set<string>();
  const visit = (node: string): void => {
    if (done.has(node)) return;
    const at = visiting.indexOf(node);
    if (at >= 0) {
      cycles.push([...visiting.slice(at), node].join(' → '));
      return;
    }
    visiting.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    visiting.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

describe('layout', () => {
  const imports = sourceImports().filter((entry) => entry.specifier.startsWith('.'));

  it('has no import cycle between folders', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, target } of imports) {
      const [a, b] = [folderOf(from), folderOf(target)];
      if (a === b || a === 'src' || b === 'src') continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)!.add(b);
    }
    expect(graph.size).toBeGreaterThan(5);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('has no import cycle between files, type-only imports included', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, target } of imports) {
      const file = target.replace(/\.js$/, '.ts');
      // A specifier quoted in a comment's example names no file of the tree.
      if (!existsSync(join(repositoryRoot, file))) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(file);
    }
    expect(graph.size).toBeGreaterThan(100);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keeps the hook system free of XState and of the layers above it', () => {
    const offending = sourceImports()
      .filter((entry) => entry.from.startsWith('src/hooks/'))
      .filter(
        (entry) =>
          entry.specifier === 'xstate' || /^src\/(machines|adapters|inspection|diagrams|cli)\//.test(entry.target),
      )
      .map((entry) => `${entry.from} imports ${entry.specifier}`);
    expect(offending).toEqual([]);
  });

  it('imports the entry points from nowhere inside src', () => {
    const offending = imports
      .filter((entry) => /^src\/(index|engine)\.js$/.test(entry.target))
      .map((entry) => `${entry.from} imports ${entry.specifier}`);
    expect(offending).toEqual([]);
  });
});
