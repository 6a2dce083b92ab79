/**
 * `hookrail run` with prompt and agent hooks on the scripted model: the
 * scenario's `hookModel` section answers for the hook model, a judged decision is shown with the
 * model's reason, which model answered and how long it took, and an agent hook reads a file to decide.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHookrail, useCliSandbox, writeScenario } from '../helpers/cliProcess.js';
import { parseJsonLines } from '../helpers/jsonLines.js';

const sandbox = useCliSandbox();

/** The model wants to delete `build`; a prompt hook on run_shell_command judges it. */
function cleanupScenario(answer: string, hook: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    prompt: 'Clean up the build directory.',
    tools: ['run_shell_command'],
    settings: {
      hooks: {
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            hooks: [{ type: 'prompt', name: 'safety', prompt: 'Is this command safe? $ARGUMENTS', ...hook }],
          },
        ],
      },
    },
    turns: [
      { text: 'Removing it.', functionCalls: [{ name: 'run_shell_command', args: { command: 'rm -rf build' } }] },
      { text: 'Finished.' },
    ],
    hookModel: { turns: [{ text: answer }] },
  };
}

describe('hookrail run with a prompt hook', () => {
  it("a judged block is shown with the model's reason, which model answered and how long it took", async () => {
    await sandbox.writeProjectFile('build/keep.txt', 'x');
    const scenario = await writeScenario(
      sandbox,
      'judged',
      cleanupScenario('{"ok": false, "reason": "rm -rf would delete the build outputs"}'),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('hook model scripted:judged:hookModel');
    expect(result.stdout).toMatch(
      /⚖ prompt hook "safety" on BeforeTool run_shell_command: BLOCK — rm -rf would delete the build outputs \(scripted:judged:hookModel, \d+(\.\d)? m?s\)/,
    );
    expect(result.stdout).toContain('⛔ blocked by hook: rm -rf would delete the build outputs');
    expect(existsSync(join(sandbox.project, 'build', 'keep.txt'))).toBe(true);
  });

  it('an allow lets the command run; --json prints the judgement as a judged_hook line', async () => {
    const scenario = await writeScenario(
      sandbox,
      'judged',
      cleanupScenario('{"ok": true, "reason": "build is generated"}'),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--json']);
    expect(result.exitCode).toBe(0);
    const lines = parseJsonLines(result.stdout);
    const judged = lines.filter((line) => line['type'] === 'judged_hook');
    expect(judged).toMatchObject([
      {
        hookType: 'prompt',
        hookName: 'safety',
        eventName: 'BeforeTool',
        toolName: 'run_shell_command',
        verdict: 'allow',
        reason: 'build is generated',
        model: 'scripted:judged:hookModel',
      },
    ]);
    expect(typeof judged[0]!['durationMs']).toBe('number');
    expect(
      lines.some(
        (line) =>
          line['type'] === 'tool_result' && (line['outcome'] as Record<string, unknown>)['outcome'] === 'success',
      ),
    ).toBe(true);
  });

  it('--inspect records the judged hook with the model that answered, its answer and how long it took', async () => {
    const scenario = await writeScenario(
      sandbox,
      'judged',
      cleanupScenario('{"ok": false, "reason": "not in this repository"}'),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--inspect', 'run.jsonl']);
    expect(result.exitCode).toBe(0);
    const records = parseJsonLines(readFileSync(join(sandbox.project, 'run.jsonl'), 'utf8'));
    const hook = records.find((record) => record['type'] === 'hookrail.hook' && record['hookType'] === 'prompt');
    expect(hook).toMatchObject({
      hookName: 'safety',
      model: 'scripted:judged:hookModel',
      modelAnswer: '{"ok": false, "reason": "not in this repository"}',
      decision: 'block',
    });
    expect(typeof hook!['durationMs']).toBe('number');
  });

  it('a hook model that answers garbage fails the hook: fail-open runs the command, onFailure block blocks it', async () => {
    const open = await writeScenario(sandbox, 'open', cleanupScenario('Looks fine to me.'));
    const ran = await runHookrail(sandbox, ['run', '--scenario', open]);
    expect(ran.stdout).toMatch(
      /⚖ prompt hook "safety" on BeforeTool run_shell_command: FAILED, ignored \(fail-open\) — the hook model scripted:open:hookModel did not answer \{"ok": boolean, "reason"\?: string\}: the answer is not JSON: "Looks fine to me\."/,
    );
    expect(ran.stdout).toContain('▸ run_shell_command  … → executing → afterHook → published');
    expect(ran.stderr).toContain(
      'Hook "safety (prompt: Is this command safe? $ARGUMENTS)" for BeforeTool failed (fail-open)',
    );

    const closed = await writeScenario(sandbox, 'closed', cleanupScenario('Looks fine to me.', { onFailure: 'block' }));
    const blocked = await runHookrail(sandbox, ['run', '--scenario', closed]);
    expect(blocked.stdout).toMatch(/FAILED, blocked \(onFailure block\)/);
    expect(blocked.stdout).toContain('BLOCKED');
  });

  it('a scenario without a hookModel section makes a prompt hook fail with a message saying how to script one', async () => {
    const { hookModel: _unused, ...scenario } = cleanupScenario('{"ok": true}');
    const file = await writeScenario(sandbox, 'no-judge', scenario);
    const result = await runHookrail(sandbox, ['run', '--scenario', file]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /FAILED, ignored \(fail-open\) — .*no hook model: .*a scenario with a "hookModel" section/,
    );
  });
});

describe('hookrail run with an agent hook that reads a file to decide', () => {
  const scenario = (status: string): Record<string, unknown> => ({
    prompt: 'Ship the release notes.',
    tools: ['write_file'],
    settings: {
      hooks: {
        BeforeTool: [
          {
            matcher: 'write_file',
            hooks: [
              {
                type: 'agent',
                name: 'status-check',
                prompt: 'Allow the write only if STATUS says the tests pass. $ARGUMENTS',
                maxTurns: 3,
              },
            ],
          },
        ],
      },
    },
    turns: [
      {
        text: 'Writing them.',
        functionCalls: [{ name: 'write_file', args: { file_path: 'NOTES.md', content: 'v1' } }],
      },
      { text: 'Done.' },
    ],
    hookModel: {
      turns: [
        { functionCalls: [{ name: 'read_file', args: { file_path: 'STATUS' } }] },
        {
          expect: { functionResponseContains: status },
          text: status === 'passing' ? '{"ok": true}' : '{"ok": false, "reason": "STATUS says the tests fail"}',
        },
      ],
    },
  });

  it("STATUS failing → the sub-agent's read is shown, the write is blocked with its reason; passing → written", async () => {
    await sandbox.writeProjectFile('STATUS', 'tests: failing\n');
    const failing = await writeScenario(sandbox, 'failing', scenario('failing'));
    const blocked = await runHookrail(sandbox, ['run', '--scenario', failing]);
    expect(blocked.exitCode).toBe(0);
    expect(blocked.stdout).toMatch(/↳ agent hook "status-check": read_file \{"file_path":"STATUS"\} → success/);
    expect(blocked.stdout).toMatch(
      /⚖ agent hook "status-check" on BeforeTool write_file: BLOCK — STATUS says the tests fail \(scripted:failing:hookModel, [^,]+, 2 turns\)/,
    );
    expect(existsSync(join(sandbox.project, 'NOTES.md'))).toBe(false);

    await sandbox.writeProjectFile('STATUS', 'tests: passing\n');
    const passing = await writeScenario(sandbox, 'passing', scenario('passing'));
    const written = await runHookrail(sandbox, ['run', '--scenario', passing]);
    expect(written.stdout).toMatch(/⚖ agent hook "status-check" on BeforeTool write_file: ALLOW/);
    expect(existsSync(join(sandbox.project, 'NOTES.md'))).toBe(true);
  });
});
