/**
 * examples/scenarios/demo.json — the README's "main job": in one run a hook blocks a destructive
 * command, another rewrites a deploy into a dry run, and a third stops the agent. Run exactly as the
 * README says, from a fresh copy of the repository.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExamples, createCliSandbox, runHookrail, type CliSandbox } from '../helpers/cliProcess.js';

let sandbox: CliSandbox;
beforeEach(async () => {
  sandbox = await createCliSandbox();
  await copyExamples(sandbox);
  await sandbox.writeProjectFile('build/output.txt', 'keep me\n');
});
afterEach(async () => {
  await sandbox.cleanup();
});

describe('example: the demo (block, rewrite and stop in one run)', () => {
  it('HOOK-177, HOOK-188: hooks found via $CLAUDE_PROJECT_DIR / $GEMINI_PROJECT_DIR block, rewrite and stop one run', async () => {
    const result = await runHookrail(sandbox, ['run', '--scenario', 'examples/scenarios/demo.json']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const blocked = result.stdout.indexOf('⛔ blocked by hook: Blocked by block-destructive.sh');
    const rewritten = result.stdout.indexOf('✎ input rewritten by hook; the model asked for: $ sh examples/bin/deploy.sh');
    const dryRun = result.stdout.indexOf('DRY RUN: would upload 3 files');
    const stopped = result.stdout.indexOf('■ stopped by hook: Tests failed (1)');
    expect(blocked).toBeGreaterThan(-1);
    expect(rewritten).toBeGreaterThan(blocked);
    expect(dryRun).toBeGreaterThan(rewritten);
    expect(stopped).toBeGreaterThan(dryRun);
    expect(result.stdout).not.toContain('▸ replace');
    expect(existsSync(join(sandbox.project, 'build', 'output.txt'))).toBe(true);
    expect(existsSync(join(sandbox.project, 'deployed.txt'))).toBe(false);
  });

  it('HOOK-188: works from a project directory whose path has spaces and quotes', async () => {
    const odd = join(sandbox.project, `my "odd" project's dir`);
    await sandbox.writeProjectFile(`my "odd" project's dir/.keep`, '');
    const { cp } = await import('node:fs/promises');
    await cp(join(sandbox.project, 'examples'), join(odd, 'examples'), { recursive: true });
    const result = await runHookrail(sandbox, ['run', '--scenario', 'examples/scenarios/demo.json'], { cwd: odd });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('⛔ blocked by hook: Blocked by block-destructive.sh');
    expect(result.stdout).toContain('■ stopped by hook: Tests failed (1)');
  });
});
