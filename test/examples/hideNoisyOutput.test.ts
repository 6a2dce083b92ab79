/**
 * examples/hooks/hide-noisy-output.js with examples/scenarios/hide-noisy-output.json: an AfterTool
 * hook hides a long output from the user (suppressOutput) and leaves the model a note
 * (additionalContext), run from a fresh copy of the repository.
 */
import { describe, expect, it } from 'vitest';
import { useExampleProject } from '../helpers/exampleRun.js';

const example = useExampleProject();

describe("example: hide a noisy tool's output", () => {
  it('HOOK-029, HOOK-132, HOOK-027: the user sees "(output hidden by hook)" while the model gets the full output and the note', async () => {
    const result = await example.runScenario('hide-noisy-output');
    // The scenario expects "499\n500" and the additionalContext note in the function response.
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('▸ run_shell_command  beforeHook → executing → afterHook → suppressed → published');
    expect(result.stdout).toContain('(output hidden by hook)');
    expect(result.stdout).not.toMatch(/^\s*250$/m);
    expect(result.stdout).not.toContain('hidden from the user as noise');
    expect(result.stdout).toContain('Done: the shell counted from 1 to 500');
  });

  it('short outputs are left alone', async () => {
    const result = await example.run([
      'hooks',
      'fire',
      'AfterTool',
      '--scenario',
      'examples/scenarios/hide-noisy-output.json',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"ls"}',
      '--response',
      '"a\\nb\\nc"',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as { decision: { suppressOutput: boolean; additionalContext?: string } };
    expect(report.decision.suppressOutput).toBe(false);
    expect(report.decision.additionalContext).toBeUndefined();
  });
});
