/**
 * `hookrail visualize` as a real process: regenerates the diagrams of every machine into --out (or
 * ./visualizations), identical to the committed ones.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, runHookrail, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

describe('hookrail visualize', () => {
  it('writes mermaid, SVG and Stately JSON for every machine into --out, the same bytes as visualizations/', async () => {
    const result = await runHookrail(sandbox, ['visualize', '--out', 'diagrams']);
    expect(result.exitCode).toBe(0);
    const outDir = join(sandbox.project, 'diagrams');
    const written = readdirSync(outDir).sort();
    for (const machine of ['toolCall', 'scheduler', 'modelCall', 'session']) {
      expect(written).toEqual(expect.arrayContaining([`${machine}.mmd`, `${machine}.svg`, `${machine}.json`]));
      expect(result.stdout).toContain(`wrote ${join(outDir, `${machine}.svg`)}`);
      expect(readFileSync(join(outDir, `${machine}.mmd`), 'utf8')).toMatch(/^stateDiagram-v2\n/);
      expect(readFileSync(join(outDir, `${machine}.svg`), 'utf8')).toMatch(/^<svg /);
      expect(JSON.parse(readFileSync(join(outDir, `${machine}.json`), 'utf8'))).toBeTypeOf('object');
    }
    for (const file of written) {
      expect(readFileSync(join(outDir, file), 'utf8'), `${file} differs from the committed one`).toBe(
        readFileSync(join(repositoryRoot, 'visualizations', file), 'utf8'),
      );
    }
  });

  it('defaults to ./visualizations in the current directory', async () => {
    const result = await runHookrail(sandbox, ['visualize']);
    expect(result.exitCode).toBe(0);
    expect(readdirSync(join(sandbox.project, 'visualizations'))).toContain('toolCall.svg');
  });

  it('an --out that cannot be created is one clear message (exit 1)', async () => {
    await sandbox.writeProjectFile('taken', 'a file, not a directory');
    const result = await runHookrail(sandbox, ['visualize', '--out', 'taken']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/hookrail: error: cannot write the diagrams to .*taken: /);
    expect(result.stderr).not.toContain('--debug');
  });
});
