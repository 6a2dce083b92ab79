/**
 * Every export of the entry points (`hookrail`, `hookrail/engine`, `hookrail/testing`, `hookrail/ai-sdk`) carries a JSDoc comment saying what
 * it does, read with the TypeScript compiler from the declarations the exports resolve to.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sourceRoot = fileURLToPath(new URL('../src/', import.meta.url));

function undocumentedExports(entry: string): { count: number; undocumented: string[] } {
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const exports = checker.getExportsOfModule(moduleSymbol);
  const undocumented: string[] = [];
  for (const exported of exports) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const documented =
      target.getDocumentationComment(checker).length > 0 ||
      (target.declarations ?? []).some((declaration) => ts.getJSDocCommentsAndTags(declaration).length > 0);
    if (!documented) undocumented.push(exported.getName());
  }
  return { count: exports.length, undocumented };
}

describe('public API documentation', () => {
  it.each([['index.ts'], ['engine.ts'], ['testing.ts'], ['integrations/ai-sdk/index.ts']])(
    'every export of src/%s has a JSDoc comment',
    (file) => {
      const { count, undocumented } = undocumentedExports(`${sourceRoot}${file}`);
      expect(count).toBeGreaterThan(10);
      expect(undocumented).toEqual([]);
    },
    60_000,
  );
});
