/**
 * The package's entry points as TypeScript reads them: each entry file's exported symbols, read with
 * the compiler's checker from the source (`src/index.ts`, `src/engine.ts`, …), aliases resolved.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const sourceRoot = fileURLToPath(new URL('../../src/', import.meta.url));

/** The entry files under src/, by the specifier a user imports them with. */
export const entryFiles = {
  hookrail: 'index.ts',
  'hookrail/engine': 'engine.ts',
  'hookrail/testing': 'testing.ts',
  'hookrail/ai-sdk': 'integrations/ai-sdk/index.ts',
} as const;

/** One exported name of an entry and the declaration it resolves to. */
export interface EntryExport {
  name: string;
  /** The symbol the export resolves to (through `export { x } from` aliases). */
  target: ts.Symbol;
  /** The source files declaring it, relative to src/ (`machines/toolCall.machine.ts`). */
  declaredIn: string[];
}

/** The exports of each entry file given (paths relative to src/), read in one compiler program. */
export function readEntryExports(files: readonly string[]): {
  checker: ts.TypeChecker;
  exports: Map<string, EntryExport[]>;
} {
  const paths = files.map((file) => `${sourceRoot}${file}`);
  const program = ts.createProgram(paths, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const exports = new Map<string, EntryExport[]>();
  files.forEach((file, index) => {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(paths[index]!)!)!;
    exports.set(
      file,
      checker.getExportsOfModule(moduleSymbol).map((exported) => {
        const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        return {
          name: exported.getName(),
          target,
          declaredIn: (target.declarations ?? []).map((declaration) =>
            declaration.getSourceFile().fileName.slice(sourceRoot.length),
          ),
        };
      }),
    );
  });
  return { checker, exports };
}
