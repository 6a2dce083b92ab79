/**
 * The AI SDK page's program (docs/ai-sdk.md, linked from the README) runs as written: its ```ts block, compiled to
 * JavaScript as it stands, run with node from the repository root (where `hookrail` and `ai` resolve,
 * as in a project that installed both), prints the line its last comment shows.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from './helpers/cliProcess.js';

const page = readFileSync(join(repositoryRoot, 'docs', 'ai-sdk.md'), 'utf8');
// Inside the repository, so that `hookrail` resolves to this package (self-reference) and `ai` to its node_modules.
const directory = mkdtempSync(join(repositoryRoot, '.readme-run-'));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The first ```ts block of the page, which must open with the heading `# ${heading}`. */
function pageCode(heading: string): string {
  const match = /```ts\n([\s\S]*?)```/.exec(page);
  if (!page.startsWith(`# ${heading}\n`) || !match) throw new Error(`docs/ai-sdk.md has no \`\`\`ts block under "# ${heading}"`);
  return match[1]!;
}

describe('docs/ai-sdk.md: Using hookrail with the AI SDK', () => {
  it('the program runs as written and prints what its last comment says (the block-destructive hook refused rm -rf)', async () => {
    const code = pageCode('Using hookrail with the AI SDK');
    const expected = /\/\/ (.+)\n$/.exec(code)![1]!;
    const javascript = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    const file = join(directory, 'ai-sdk.mjs');
    writeFileSync(file, javascript);
    const result = await execa(process.execPath, [file], { cwd: repositoryRoot, reject: false, timeout: 60_000 });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(expected);
  });
});
