/**
 * examples/scenarios/judged.json, run the way a user runs it from a fresh copy of the repository
 *: a prompt hook refuses a dangerous command and an agent hook reads the test report to
 * hold back the release notes, both answered by the scenario's scripted hook model.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useExampleProject } from '../helpers/exampleRun.js';

const example = useExampleProject();

describe('example: hooks judged by a model', () => {
  it('the prompt hook blocks rm -rf ~/projects, the agent hook reads the test report and blocks the notes', async () => {
    const result = await example.runScenario('judged');
    // Each scripted turn expects the previous block's reason: exit 0 proves the model received both.
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /⚖ prompt hook "shell-safety" on BeforeTool run_shell_command: BLOCK — rm -rf ~\/projects deletes every project in your home directory/,
    );
    expect(result.stdout).toContain(
      '↳ agent hook "release-gate": read_file {"file_path":"examples/bin/run-tests.sh"} → success',
    );
    expect(result.stdout).toMatch(
      /⚖ agent hook "release-gate" on BeforeTool write_file: BLOCK — The test report says 1 failed: formatter keeps comments .*, 2 turns\)/,
    );
    expect(result.stdout).toContain('✔ completed (3 turns)');
    expect(existsSync(example.projectPath('RELEASE_NOTES.md'))).toBe(false);
  });
});
