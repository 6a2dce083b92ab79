/**
 * Every example is complete: each hook script in examples/hooks is used by a scenario, each scenario
 * validates without problems, and every script a scenario references exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, runHookrail, useCliSandbox } from '../helpers/cliProcess.js';

const examplesDir = join(repositoryRoot, 'examples');
const scenarioFiles = readdirSync(join(examplesDir, 'scenarios')).filter((file) => file.endsWith('.json'));
const hookScripts = readdirSync(join(examplesDir, 'hooks'));

const sandbox = useCliSandbox();

describe('examples/', () => {
  it('every hook script is used by at least one scenario, and every referenced script exists', () => {
    const commands = scenarioFiles.map((file) => readFileSync(join(examplesDir, 'scenarios', file), 'utf8')).join('\n');
    for (const script of hookScripts)
      expect(commands, `${script} has no scenario`).toContain(`examples/hooks/${script}`);
    const referenced = [...commands.matchAll(/examples\/hooks\/([\w.-]+)/g)].map((match) => match[1]);
    for (const script of referenced) expect(hookScripts, `a scenario references missing ${script}`).toContain(script);
  });

  it.each(scenarioFiles)(
    'HOOK-080, HOOK-082: %s validates without problems in the checkout, its scripts found',
    async (file) => {
      // The examples run from the checkout: there every script a hook names must exist (hooks validate checks them).
      const result = await runHookrail(sandbox, [
        'hooks',
        'validate',
        join(examplesDir, 'scenarios', file),
        '--cwd',
        repositoryRoot,
        '--json',
      ]);
      const report = JSON.parse(result.stdout) as { problemCount: number; files: Array<{ hookCount: number }> };
      expect(report.problemCount).toBe(0);
      expect(report.files[0].hookCount).toBeGreaterThan(0);
      expect(result.exitCode).toBe(0);
    },
  );
});
