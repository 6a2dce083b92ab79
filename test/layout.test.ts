/**
 * The layout of docs/architecture.md, checked on the source: no import cycle between folders, nor between
 * files (type-only imports included: a type cycle is the same tangle to a reader), the hook system
 * (`src/hooks/**`) imports no XState and nothing from machines, adapters, inspection, diagrams or the
 * CLI, and no folder imports the entry points. Then the export tiers: each entry published with its
 * declarations, every name in one entry only, and each tier's rule where a name's kind decides it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { entryFiles, readEntryExports } from './helpers/entryExports.js';

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
      .filter((entry) => /^src\/(index|engine|testing)\.js$/.test(entry.target))
      .map((entry) => `${entry.from} imports ${entry.specifier}`);
    expect(offending).toEqual([]);
  });
});

describe('export tiers', () => {
  const entries = Object.values(entryFiles);
  const { exports } = readEntryExports(entries);
  const namesOf = (file: string): string[] => exports.get(file)!.map((exported) => exported.name);

  it('publishes each entry from dist/ with its declarations, as package.json `exports` names it', () => {
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { types?: string; import?: string }>;
    };
    for (const [specifier, file] of Object.entries(entryFiles)) {
      const built = `./dist/${file.replace(/\.ts$/, '')}`;
      expect(manifest.exports[specifier.replace(/^hookrail/, '.')], specifier).toEqual({
        types: `${built}.d.ts`,
        import: `${built}.js`,
      });
    }
  });

  it('gives every exported name one entry only', () => {
    const homes = new Map<string, string[]>();
    for (const file of entries) for (const name of namesOf(file)) homes.set(name, [...(homes.get(name) ?? []), file]);
    expect([...homes].filter(([, files]) => files.length > 1)).toEqual([]);
  }, 60_000);

  it('keeps the XState machines in hookrail/engine: the host entry runs them through functions', () => {
    const machineFiles = (file: string) =>
      exports
        .get(file)!
        .filter((exported) => exported.declaredIn.some((path) => path.endsWith('.machine.ts')))
        .filter((exported) => /Machine$/.test(exported.name))
        .map((exported) => exported.name);
    expect(machineFiles(entryFiles.hookrail)).toEqual([]);
    expect(machineFiles(entryFiles['hookrail/engine']).sort()).toEqual(
      ['modelCallMachine', 'schedulerMachine', 'sessionMachine', 'toolCallMachine'].sort(),
    );
  });

  it('keeps what stands in for a model or observes hookrail from a test in hookrail/testing', () => {
    const standIns = /^(adapters\/models\/(scriptedModel|scenario|defaultScenario)|recordingLogger)\.ts$/;
    for (const file of entries.filter((entry) => entry !== entryFiles['hookrail/testing'])) {
      const misplaced = exports
        .get(file)!
        .filter((exported) => exported.declaredIn.some((path) => standIns.test(path)))
        .map((exported) => exported.name);
      expect(misplaced, file).toEqual([]);
    }
    expect(namesOf(entryFiles['hookrail/testing'])).toEqual(
      expect.arrayContaining(['ScriptedContentGenerator', 'parseScenario', 'loadScenario', 'recordingLogger']),
    );
  });

  it('tags as @experimental, in the stable entries, only the names that follow a pre-1.0 dependency', () => {
    const tagged = [entryFiles.hookrail, entryFiles['hookrail/testing'], entryFiles['hookrail/ai-sdk']].flatMap(
      (file) =>
        exports
          .get(file)!
          .filter(({ target }) =>
            (target.declarations ?? []).some((declaration) =>
              ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'experimental'),
            ),
          )
          .map(({ name }) => name),
    );
    expect(tagged.sort()).toEqual(['StatelyBridge', 'StatelyBridgeOptions', 'connectStatelyInspector']);
  });

  it('scripts/export-count.mjs counts from dist/ the names each entry exports in src/', () => {
    const counted = JSON.parse(
      execFileSync(process.execPath, [join(repositoryRoot, 'scripts', 'export-count.mjs'), '--json'], {
        encoding: 'utf8',
      }),
    ) as Record<string, number>;
    expect(counted).toEqual(
      Object.fromEntries(Object.entries(entryFiles).map(([specifier, file]) => [specifier, namesOf(file).length])),
    );
  }, 60_000);

  it('states its tier and its rule at the top of each entry file', () => {
    const header = (file: string) =>
      readFileSync(join(repositoryRoot, 'src', file), 'utf8')
        .split('*/')[0]!
        .replace(/\s*\n\s*\*\s*/g, ' ');
    expect(header(entryFiles.hookrail)).toMatch(/host surface[\s\S]*stable/);
    expect(header(entryFiles['hookrail/engine'])).toMatch(/Rule:[\s\S]*experimental as a whole/);
    expect(header(entryFiles['hookrail/testing'])).toMatch(/Rule:[\s\S]*Stable/);
  });
});
