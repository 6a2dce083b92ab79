/**
 * The report page's script, inlined into the generated HTML so the file needs nothing else: the
 * page modules as tsc compiled them into dist/inspection/page/ (the same modules the DOM tests
 * import), joined into one classic script. Each module becomes a function scope returning its
 * exports; an `import { a, b as c } from './x.js'` becomes a read of module x's exports. The page
 * modules keep to that form (named imports of sibling modules, `export function|const|class`), and
 * anything else is refused with the file and line, so a change that would break the page fails
 * the build's tests instead of a reader's browser.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HookrailFileError } from '../errors.js';

/** Where the compiled page modules are: dist/inspection/page beside this module once built. */
export function defaultPageDirectory(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // Run from source (tests through vitest), the compiled modules are in dist/.
  return join(here.replace(/[\\/]src[\\/]inspection$/, '/dist/inspection'), 'page');
}

/** What {@link linkPageScript} joins. */
export interface LinkPageScriptOptions {
  /** Directory of the compiled page modules; default {@link defaultPageDirectory}. */
  directory?: string;
  /** The module whose dependencies are linked (file name without `.js`). */
  entry: string;
  /** Code run after every module, with each module's exports as `pageModules.<name>`. */
  boot: string;
}

const importPattern = /^import \{([^}]*)\} from '\.\/([A-Za-z0-9_]+)\.js';$/;
const exportPattern = /^export (?:async )?(?:function\*?|const|let|class) ([A-Za-z0-9_$]+)/;

interface LinkedModule {
  name: string;
  code: string;
  exports: string[];
}

/** One classic script holding the entry module and everything it imports, then `boot`. */
export function linkPageScript(options: LinkPageScriptOptions): string {
  const directory = options.directory ?? defaultPageDirectory();
  const ordered: LinkedModule[] = [];
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string, importer: string | undefined): void => {
    if (done.has(name)) return;
    if (visiting.has(name))
      throw new HookrailFileError(
        join(directory, `${name}.js`),
        `import cycle through ${importer ?? name}: the page modules must not import each other in a circle`,
      );
    visiting.add(name);
    const module = readModule(directory, name);
    for (const dependency of module.dependencies) visit(dependency, name);
    visiting.delete(name);
    done.add(name);
    ordered.push(module);
  };
  visit(options.entry, undefined);
  const parts = ['"use strict";', 'const pageModules = {};'];
  for (const module of ordered) {
    parts.push(
      `pageModules.${module.name} = (() => {`,
      module.code,
      `return { ${module.exports.join(', ')} };`,
      '})();',
    );
  }
  parts.push(options.boot);
  // Inside an inline script, "</script" would end it early; "<\/" means the same in strings, regexes and comments.
  return parts.join('\n').replace(/<\/(script)/gi, '<\\/$1');
}

function readModule(directory: string, name: string): LinkedModule & { dependencies: string[] } {
  const file = join(directory, `${name}.js`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new HookrailFileError(
      file,
      `the report page's compiled script is missing (run \`npm run build\`): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const dependencies: string[] = [];
  const exports: string[] = [];
  const lines = text.split('\n').map((line, index) => {
    if (line.startsWith('//# sourceMappingURL=')) return '';
    const imported = importPattern.exec(line);
    if (imported) {
      dependencies.push(imported[2]!);
      const bindings = imported[1]!
        .split(',')
        .map((binding) => binding.trim())
        .filter((binding) => binding !== '')
        .map((binding) => binding.replace(/^([A-Za-z0-9_$]+) as ([A-Za-z0-9_$]+)$/, '$1: $2'));
      return `const { ${bindings.join(', ')} } = pageModules.${imported[2]};`;
    }
    if (line.startsWith('import ') || line.startsWith('import{'))
      throw unsupported(file, index, line, "only `import { a, b } from './sibling.js'`");
    const exported = exportPattern.exec(line);
    if (exported) {
      exports.push(exported[1]!);
      return line.slice('export '.length);
    }
    if (line.startsWith('export ') || line.startsWith('export{'))
      throw unsupported(file, index, line, '`export function|const|let|class name`');
    return line;
  });
  return { name, code: lines.join('\n'), exports, dependencies };
}

function unsupported(file: string, index: number, line: string, allowed: string): HookrailFileError {
  return new HookrailFileError(
    `${file}:${index + 1}`,
    `the page-script linker supports ${allowed}; found: ${line.slice(0, 120)}`,
  );
}
