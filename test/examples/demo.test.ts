/**
 * examples/scenarios/demo.json — the README's "main job": in one run a hook blocks a destructive
 * command, another rewrites a deploy into a dry run, and a third stops the agent. Run exactly as the
 * README says, from a fresh copy of the repository.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useExampleProject } from '../helpers/exampleRun.js';

const example = useExampleProject({ files: { 'build/output.txt': 'keep me\n' } });

describe('example: the demo (block, rewrite and stop in one run)', () => {
  it('HOOK-177, HOOK-188: hooks found via $CLAUDE_PROJECT_DIR / $GEMINI_PROJECT_DIR block, rewrite and stop one run', async () => {
    const result = await example.runScenario('demo');
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const blocked = result.stdout.indexOf('⛔ blocked by hook: Blocked by block-destructive.sh');
    const rewritten = result.stdout.indexOf(
      '✎ input rewritten by hook; the model asked for: $ sh examples/bin/deploy.sh',
    );
    const dryRun = result.stdout.indexOf('DRY RUN: would upload 3 files');
    const stopped = result.stdout.indexOf('■ stopped by hook: Tests failed (1)');
    expect(blocked).toBeGreaterThan(-1);
    expect(rewritten).toBeGreaterThan(blocked);
    expect(dryRun).toBeGreaterThan(rewritten);
    expect(stopped).toBeGreaterThan(dryRun);
    expect(result.stdout).not.toContain('▸ replace');
    expect(existsSync(example.projectPath('build', 'output.txt'))).toBe(true);
    expect(existsSync(example.projectPath('deployed.txt'))).toBe(false);
  });

  it('HOOK-188: works from a project directory whose path has spaces and quotes', async () => {
    const odd = example.projectPath(`my "odd" project's dir`);
    await example.sandbox.writeProjectFile(`my "odd" project's dir/.keep`, '');
    const { cp } = await import('node:fs/promises');
    await cp(example.projectPath('examples'), join(odd, 'examples'), { recursive: true });
    const result = await example.runScenario('demo', { cwd: odd });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('⛔ blocked by hook: Blocked by block-destructive.sh');
    expect(result.stdout).toContain('■ stopped by hook: Tests failed (1)');
  });
});
