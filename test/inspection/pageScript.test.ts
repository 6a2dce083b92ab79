/**
 * The page-script linker: the compiled page modules joined into one inline script (imports become
 * reads of sibling modules' exports, `</script` cannot end the script), and a module written in a
 * form it does not support refused with the file and line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkPageScript } from '../../src/inspection/pageScript.js';

const directory = mkdtempSync(join(tmpdir(), 'hookrail-page-script-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function modules(files: Record<string, string>): string {
  const folder = mkdtempSync(join(directory, 'modules-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, `${name}.js`), text);
  return folder;
}

describe('the page-script linker', () => {
  it('links an entry and its imports in dependency order; the script runs and closes no <script> early', () => {
    const folder = modules({
      format:
        "export const prefix = '</script>';\nexport function shout(text) { return prefix + text.toUpperCase(); }\n//# sourceMappingURL=format.js.map",
      app: "import { shout as loud, prefix } from './format.js';\nexport function run(text) { return loud(text) + prefix.length; }",
    });
    const script = linkPageScript({ directory: folder, entry: 'app', boot: 'result = pageModules.app.run("hi");' });
    expect(script).not.toMatch(/<\/script/i);
    expect(script).not.toContain('sourceMappingURL');
    expect(script.indexOf('pageModules.format =')).toBeLessThan(script.indexOf('pageModules.app ='));
    const scope: { result?: string } = {};
    new Function('scope', `let result; ${script}; scope.result = result;`)(scope);
    expect(scope.result).toBe('</script>HI9');
  });

  it('refuses default exports, side-effect imports and cycles, naming the file and line', () => {
    expect(() =>
      linkPageScript({ directory: modules({ app: 'const a = 1;\nexport default a;' }), entry: 'app', boot: '' }),
    ).toThrow(/app\.js:2: the page-script linker supports `export function\|const\|let\|class name`/);
    expect(() =>
      linkPageScript({ directory: modules({ app: "import './side.js';" }), entry: 'app', boot: '' }),
    ).toThrow(/app\.js:1: the page-script linker supports only `import \{ a, b \}/);
    const cyclic = modules({
      a: "import { b } from './b.js';\nexport const a = 1;",
      b: "import { a } from './a.js';\nexport const b = 2;",
    });
    expect(() => linkPageScript({ directory: cyclic, entry: 'a', boot: '' })).toThrow(/import cycle/);
    expect(() => linkPageScript({ directory: join(directory, 'absent'), entry: 'app', boot: '' })).toThrow(
      /app\.js: the report page's compiled script is missing \(run `npm run build`\)/,
    );
  });
});
