/**
 * examples/hooks/add-dry-run.js with examples/scenarios/dry-run.json: a BeforeTool hook rewrites the
 * tool input, run from a fresh copy of the repository.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { useExampleProject } from '../helpers/exampleRun.js';
import { parseJsonLines } from '../helpers/jsonLines.js';

const example = useExampleProject();

describe('example: rewrite tool input (add --dry-run)', () => {
  it("HOOK-019: the command runs with --dry-run added; the model sees the dry-run output and the hook's note", async () => {
    const result = await example.runScenario('dry-run');
    // The scenario expects "DRY RUN" and "[System] add-dry-run.js rewrote ..." in the function response.
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('$ sh examples/bin/deploy.sh --dry-run');
    expect(result.stdout).toContain('✎ input rewritten by hook; the model asked for: $ sh examples/bin/deploy.sh');
    expect(result.stdout).toContain('DRY RUN: would upload 3 files to production');
    expect(existsSync(example.projectPath('deployed.txt'))).toBe(false);
  });

  it('HOOK-019: --json reports the executed and the requested arguments of the rewritten call', async () => {
    const result = await example.runScenario('dry-run', { args: ['--json'] });
    expect(result.exitCode).toBe(0);
    const toolResult = parseJsonLines(result.stdout).find((event) => event['type'] === 'tool_result') as {
      outcome: { args: { command: string }; requestedArgs: { command: string }; outcome: string };
    };
    expect(toolResult.outcome.outcome).toBe('success');
    expect(toolResult.outcome.args.command).toBe('sh examples/bin/deploy.sh --dry-run');
    expect(toolResult.outcome.requestedArgs.command).toBe('sh examples/bin/deploy.sh');
  });
});
