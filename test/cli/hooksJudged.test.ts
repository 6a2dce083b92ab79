/**
 * `hookrail hooks list` and `hooks validate` with prompt and agent hooks: the listing shows
 * each judged hook's question, model and turns; validation reports their fields at their JSON paths.
 */
import { describe, expect, it } from 'vitest';
import { runHookrail, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

describe('hooks list and validate with judged hooks', () => {
  it("hooks list shows a prompt hook's question and model, an agent hook's turns", async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      JSON.stringify({
        hooks: {
          BeforeTool: [
            {
              matcher: 'run_shell_command',
              hooks: [
                {
                  type: 'prompt',
                  name: 'safety',
                  prompt: 'Is this command safe? $ARGUMENTS',
                  model: 'gemini-2.5-flash-lite',
                },
              ],
            },
          ],
          AfterAgent: [{ hooks: [{ type: 'agent', prompt: 'Do the tests pass?', maxTurns: 4, timeout: 90000 }] }],
        },
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'list']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /enabled +prompt: Is this command safe\? \$ARGUMENTS\n +type: prompt · dialect: native · matcher: run_shell_command · name: safety · model: gemini-2.5-flash-lite/,
    );
    expect(result.stdout).toMatch(
      /enabled +agent: Do the tests pass\?\n +type: agent · .*maxTurns: 4 · timeout: 90\.0 s/,
    );
  });

  it('hooks validate reports the new fields with their JSON paths and exits 1', async () => {
    await sandbox.writeProjectFile(
      'judged-settings.json',
      JSON.stringify({
        hooks: {
          BeforeTool: [{ hooks: [{ type: 'prompt' }, { type: 'agent', prompt: 'Check', maxTurns: 0, model: 7 }] }],
          SessionEnd: [{ hooks: [{ type: 'prompt', prompt: 'Was it a good session?' }] }],
        },
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'judged-settings.json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('hooks.BeforeTool[0].hooks[0]');
    expect(result.stdout).toContain('"prompt" is missing');
    expect(result.stdout).toContain('hooks.BeforeTool[0].hooks[1].maxTurns');
    expect(result.stdout).toContain('expected a positive whole number of model turns, got 0');
    expect(result.stdout).toContain('hooks.BeforeTool[0].hooks[1].model');
    expect(result.stdout).toContain('hooks.SessionEnd[0].hooks[0].type');
    expect(result.stdout).toContain('SessionEnd cannot be blocked: its answer is only recorded');
  });
});
