/**
 * examples/hooks/block-destructive.sh with examples/scenarios/block-destructive.json, run the way a
 * user runs it from a fresh copy of the repository: `hookrail run --scenario ...`.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useExampleProject } from '../helpers/exampleRun.js';

const example = useExampleProject({ files: { 'build/output.txt': 'keep me\n' } });

describe('example: block destructive shell commands', () => {
  it('HOOK-016a, HOOK-017: exit 2 with a reason on stderr blocks rm -rf; the model receives the reason and nothing is deleted', async () => {
    const result = await example.runScenario('block-destructive');
    // The scenario's second turn expects the block reason in the function response: exit 0 proves the model got it.
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('▸ run_shell_command  beforeHook → BLOCKED → published');
    expect(result.stdout).toContain(
      '⛔ blocked by hook: Blocked by block-destructive.sh: recursive delete (rm -r / rm -rf).',
    );
    expect(result.stdout).toContain('A hook refused the recursive delete');
    expect(existsSync(example.projectPath('build', 'output.txt'))).toBe(true);
  });

  it('the guard is fail-closed (onFailure: block): a block-destructive.sh that cannot do its job (exit 127, as bash answers for a missing script) still keeps rm -rf from running', async () => {
    await example.sandbox.writeProjectFile(
      'examples/hooks/block-destructive.sh',
      'echo "block-destructive.sh: not found" >&2\nexit 127\n',
    );
    const result = await example.runScenario('block-destructive');
    expect(result.stdout).toContain('▸ run_shell_command  beforeHook → BLOCKED → published');
    expect(result.stdout).toContain('⛔ blocked by hook:');
    expect(result.stderr).toContain('exit code 127');
    expect(existsSync(example.projectPath('build', 'output.txt'))).toBe(true);
    // The scenario's model expected the script's own reason; it got the failure instead and says so.
    expect(result.exitCode).toBe(1);
  });

  it('HOOK-018: the hook lets harmless commands through (exit 0, no output)', async () => {
    const result = await example.run([
      'hooks',
      'fire',
      'BeforeTool',
      '--scenario',
      'examples/scenarios/block-destructive.json',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"rm build/output.txt"}',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as { hooks: Array<{ exitCode: number }>; decision: { blocked: boolean } };
    expect(report.hooks[0].exitCode).toBe(0);
    expect(report.decision.blocked).toBe(false);
  });
});
