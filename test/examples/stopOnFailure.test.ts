/**
 * examples/hooks/stop-on-test-failure.js with examples/scenarios/stop-on-failure.json: an AfterTool
 * hook stops the agent (`continue: false` + `stopReason`), run from a fresh copy of the repository.
 */
import { describe, expect, it } from 'vitest';

import { useExampleProject } from '../helpers/exampleRun.js';
import { parseJsonLines } from '../helpers/jsonLines.js';

const example = useExampleProject();

describe('example: stop the agent on a condition', () => {
  it('HOOK-028: failing tests stop the run before the model edits code; the stopReason is shown and the exit code is 0', async () => {
    const result = await example.runScenario('stop-on-failure');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('▸ run_shell_command  beforeHook → executing → afterHook → STOPPED → published');
    expect(result.stdout).toContain('■ stopped by hook: Tests failed (1): FAIL  formatter keeps comments');
    expect(result.stdout).not.toContain('▸ replace');
  });

  it('HOOK-028: --json ends with status "stopped", the stopReason, and no further model turn', async () => {
    const result = await example.runScenario('stop-on-failure', { args: ['--json'] });
    expect(result.exitCode).toBe(0);
    const events = parseJsonLines(result.stdout);
    expect(events.filter((event) => event['type'] === 'turn_start')).toHaveLength(1);
    const stopped = events.find((event) => event['type'] === 'stopped') as { reason: string };
    expect(stopped.reason).toMatch(/^Tests failed \(1\)/);
    const done = events.findLast((event) => event['type'] === 'done') as {
      type: string;
      result: { status: string; stopReason: string };
    };
    expect(done.result).toMatchObject({ status: 'stopped', stopReason: stopped.reason });
  });
});
