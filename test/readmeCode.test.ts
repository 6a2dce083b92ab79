/**
 * The TypeScript examples of the README and of its reference pages under docs/ (from code, the AI SDK, the
 * function hook and the `onAskUser` callback) compile against the published declarations in dist/ as a user would write them: every name
 * they import exists, every option they pass is one hookrail takes, every field they read is there.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from './helpers/cliProcess.js';

/** README.md and every page under docs/, by their path in the repository. */
const documents = [
  'README.md',
  ...readdirSync(join(repositoryRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const directory = mkdtempSync(join(tmpdir(), 'hookrail-readme-code-'));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The documents' ```ts blocks; a block without imports gets the one it relies on, and stands-ins for the host's own values. */
function snippetFiles(): string[] {
  // Top-level await needs an ES module: a package.json with "type": "module" beside the files.
  writeFileSync(join(directory, 'package.json'), '{ "type": "module" }\n');
  // The README's AI SDK example imports the reader's own model and tools from './my-agent.js'.
  writeFileSync(
    join(directory, 'my-agent.ts'),
    [
      "import type { ToolSet, wrapLanguageModel } from 'ai';",
      "export declare const model: Parameters<typeof wrapLanguageModel>[0]['model'];",
      'export declare const tools: ToolSet;',
      '',
    ].join('\n'),
  );
  const blocks = documents.flatMap((document) =>
    [...(ts.sys.readFile(join(repositoryRoot, document)) ?? '').matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => ({
      document,
      block: match[1],
    })),
  );
  return blocks.map(({ document, block }, index) => {
    const preamble = block.includes("from 'hookrail'")
      ? ''
      : [
          "import { Config } from 'hookrail';",
          '/** What a host already has: its loaded settings, and a dialog of its own. */',
          "declare const settings: Awaited<ReturnType<typeof import('hookrail').loadSettings>>;",
          'declare const myDialog: { confirm(text: string, options: { signal: AbortSignal }): Promise<boolean> };',
          '',
        ].join('\n');
    const file = join(directory, `${document.replace(/\W/g, '-')}-${index}.ts`);
    writeFileSync(file, `${preamble}${block}\nexport {};\n`);
    return file;
  });
}

describe('README and docs/: TypeScript examples', () => {
  it('every ```ts block type-checks against the published types (strict, as an ES module importing "hookrail")', () => {
    const files = snippetFiles();
    expect(files.length).toBeGreaterThanOrEqual(6);
    const program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [join(repositoryRoot, 'node_modules', '@types')],
      paths: {
        hookrail: [join(repositoryRoot, 'dist', 'index.d.ts')],
        'hookrail/engine': [join(repositoryRoot, 'dist', 'engine.d.ts')],
        'hookrail/ai-sdk': [join(repositoryRoot, 'dist', 'integrations', 'ai-sdk', 'index.d.ts')],
        // The AI SDK section imports the optional peer `ai`, installed here as a dev dependency.
        ai: [join(repositoryRoot, 'node_modules', 'ai', 'dist', 'index.d.ts')],
        'ai/test': [join(repositoryRoot, 'node_modules', 'ai', 'dist', 'test', 'index.d.ts')],
      },
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file === undefined || files.includes(diagnostic.file.fileName));
    const messages = diagnostics.map((diagnostic) => {
      const where =
        diagnostic.file && diagnostic.start !== undefined
          ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
          : undefined;
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return where && diagnostic.file ? `${diagnostic.file.fileName}:${where.line + 1}: ${text}` : text;
    });
    expect(messages).toEqual([]);
  });
});
