/**
 * Programs shown in the documentation run as written: the AI SDK page's program (docs/ai-sdk.md) and the
 * README's "From code" example, each ```ts block compiled to JavaScript as it stands and run with node from
 * the repository root (where `hookrail` and `ai` resolve, as in a project that installed both), print or
 * hold what their last comment shows.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from './helpers/cliProcess.js';

const page = readFileSync(join(repositoryRoot, 'docs', 'ai-sdk.md'), 'utf8');
const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
// Inside the repository, so that `hookrail` resolves to this package (self-reference) and `ai` to its node_modules.
const directory = mkdtempSync(join(repositoryRoot, '.readme-run-'));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The first ```ts block of the page, which must open with the heading `# ${heading}`. */
function pageCode(heading: string): string {
  const match = /```ts\n([\s\S]*?)```/.exec(page);
  if (!page.startsWith(`# ${heading}\n`) || !match)
    throw new Error(`docs/ai-sdk.md has no \`\`\`ts block under "# ${heading}"`);
  return match[1]!;
}

/** Compiles `code` to JavaScript as it stands and runs it with node from the repository root. */
async function runProgram(name: string, code: string) {
  const javascript = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const file = join(directory, `${name}.mjs`);
  writeFileSync(file, javascript);
  return execa(process.execPath, [file], { cwd: repositoryRoot, reject: false, timeout: 60_000 });
}

describe('docs/ai-sdk.md: Using hookrail with the AI SDK', () => {
  it('the program runs as written and prints what its last comment says (the block-destructive hook refused rm -rf)', async () => {
    const code = pageCode('Using hookrail with the AI SDK');
    const expected = /\/\/ (.+)\n$/.exec(code)![1]!;
    const result = await runProgram('ai-sdk', code);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(expected);
  });
});

describe('README: From code', () => {
  it('the executeToolWithHooks example runs as written and its result is what its last comment says (the hook blocked the write)', async () => {
    const start = readme.indexOf('\n## From code\n');
    const code = /```ts\n([\s\S]*?)```/.exec(readme.slice(start))?.[1];
    expect(start).toBeGreaterThan(0);
    expect(code).toContain("// result.llmContent === 'no writes today', result.error.type === 'hook_blocked'");
    const result = await runProgram(
      'from-code',
      `${code!}console.log(JSON.stringify([result.llmContent, result.error?.type]));\n`,
    );
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(['no writes today', 'hook_blocked']);
  });
});
