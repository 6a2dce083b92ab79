/**
 * `hookrail replay RUN.jsonl` as a real process on a recorded demo run: replayed against the same
 * hooks nothing changes (exit 0); after a hook is edited (in a copy of the examples) the changed
 * call is printed before → after (exit 1); Claude Code hooks' recorded inputs are read back in
 * their dialect; a file that is not a recording is an error naming it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExamples, fixturePath, runHookrail, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox(copyExamples);
const demo = ['--scenario', 'examples/scenarios/demo.json'];

async function recordDemo(): Promise<void> {
  const run = await runHookrail(sandbox, ['run', ...demo, '--inspect', 'run.jsonl']);
  expect(run.exitCode).toBe(0);
}

describe('hookrail replay', () => {
  it('a recorded demo run replays against the same hooks with no change', async () => {
    await recordDemo();
    const result = await runHookrail(sandbox, ['replay', 'run.jsonl', ...demo]);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    // Three shell calls: BeforeTool (two hooks each) and AfterTool for the two that ran.
    expect(result.stdout.trim()).toBe('replayed 5 fires (8 hook runs) from run.jsonl: 0 changed');
  });

  it('an edited hook shows the changed call, before → after, and exits 1', async () => {
    await recordDemo();
    // The edit: add-dry-run.js no longer rewrites anything.
    const hook = join(sandbox.project, 'examples/hooks/add-dry-run.js');
    const source = await readFile(hook, 'utf8');
    const edited = source.replace(
      'if (!risky.some((pattern) => pattern.test(command))) return undefined;',
      'return undefined;',
    );
    expect(edited).not.toBe(source);
    await writeFile(hook, edited);
    const result = await runHookrail(sandbox, ['replay', 'run.jsonl', ...demo]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      'BeforeTool run_shell_command (call scripted-t2-c1)  hooks: block-destructive, add-dry-run',
    );
    expect(result.stdout).toContain(
      'rewrite  {"input":{"command":"sh examples/bin/deploy.sh --dry-run","description":"Deploy the site"}} → (none)',
    );
    expect(result.stdout).toMatch(/context {2}add-dry-run\.js rewrote the command to .* → \(none\)/);
    expect(result.stdout).not.toContain('scripted-t1-c1');
    expect(result.stdout).toContain('replayed 5 fires (8 hook runs) from run.jsonl: 1 changed');

    const json = await runHookrail(sandbox, ['replay', 'run.jsonl', ...demo, '--json']);
    expect(json.exitCode).toBe(1);
    const report = JSON.parse(json.stdout) as {
      changed: number;
      changes: Array<{ callId: string; before: Record<string, string>; after: Record<string, string> }>;
    };
    expect(report.changed).toBe(1);
    expect(report.changes[0]).toMatchObject({
      callId: 'scripted-t2-c1',
      before: { decision: 'allowed' },
      after: { decision: 'allowed', rewrite: '(none)', context: '(none)' },
    });
  });

  it('a guard that stops blocking is a changed decision: denied → allowed', async () => {
    await recordDemo();
    // The replay reads hooks from the settings named now: the demo's guard swapped for one that allows everything.
    await writeFile(
      join(sandbox.project, 'examples/hooks/block-destructive.sh'),
      '#!/bin/sh\ncat > /dev/null\nexit 0\n',
    );
    const result = await runHookrail(sandbox, ['replay', 'run.jsonl', ...demo]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('BeforeTool run_shell_command (call scripted-t1-c1)');
    expect(result.stdout).toContain('decision denied → allowed');
  });

  it("HOOK-015: a Claude Code hook's recorded input is read back from Claude's names, replayed, and its answer compared", async () => {
    const scenario = {
      name: 'claude-guard',
      prompt: 'clean up',
      tools: ['run_shell_command'],
      turns: [
        { functionCalls: [{ name: 'run_shell_command', args: { command: 'rm -rf build' } }] },
        { text: 'refused' },
      ],
    };
    await sandbox.writeProjectFile('scenario.json', JSON.stringify(scenario));
    const guard = (command: string): string =>
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } });
    await sandbox.writeProjectFile(
      'claude.json',
      guard(fixturePath('hooks/published/claude/deny-destructive-bash.mjs')),
    );
    const run = await runHookrail(sandbox, [
      'run',
      '--scenario',
      'scenario.json',
      '--settings',
      'claude.json',
      '--inspect',
      'run.jsonl',
    ]);
    expect(run.stdout).toContain('Blocked by deny-destructive-bash');
    // The guard denies only when it is sent tool_name "Bash" and tool_input.command: an unchanged replay shows it was.
    const unchanged = await runHookrail(sandbox, [
      'replay',
      'run.jsonl',
      '--scenario',
      'scenario.json',
      '--settings',
      'claude.json',
    ]);
    expect(unchanged.stdout).toContain('replayed 1 fire (1 hook runs) from run.jsonl: 0 changed');
    expect(unchanged.exitCode).toBe(0);
    await sandbox.writeProjectFile('claude.json', guard(fixturePath('hooks/published/claude/ask-before-push.sh')));
    const changed = await runHookrail(sandbox, [
      'replay',
      'run.jsonl',
      '--scenario',
      'scenario.json',
      '--settings',
      'claude.json',
    ]);
    expect(changed.exitCode).toBe(1);
    expect(changed.stdout).toContain('decision denied → allowed');
  });

  it('a fail-closed hook that failed is replayed as the block it stood for: no change while it still fails', async () => {
    const scenario = {
      name: 'fail-closed',
      prompt: 'list',
      tools: ['run_shell_command'],
      settings: {
        hooks: {
          BeforeTool: [
            {
              matcher: 'run_shell_command',
              hooks: [
                {
                  name: 'broken-guard',
                  type: 'command',
                  command: `sh "${fixturePath('hooks/crash.sh')}"`,
                  onFailure: 'block',
                },
              ],
            },
          ],
        },
      },
      turns: [{ functionCalls: [{ name: 'run_shell_command', args: { command: 'ls' } }] }, { text: 'blocked' }],
    };
    await sandbox.writeProjectFile('scenario.json', JSON.stringify(scenario));
    const run = await runHookrail(sandbox, ['run', '--scenario', 'scenario.json', '--inspect', 'run.jsonl']);
    expect(run.exitCode).toBe(0);
    const record = (await readFile(join(sandbox.project, 'run.jsonl'), 'utf8'))
      .split('\n')
      .find((line) => line.includes('"hookrail.hook"'));
    expect(JSON.parse(record!)).toMatchObject({
      hookName: 'broken-guard',
      success: false,
      failedClosed: true,
      decision: 'block',
    });
    const result = await runHookrail(sandbox, ['replay', 'run.jsonl', '--scenario', 'scenario.json']);
    expect(result.stdout).toContain('replayed 1 fire (1 hook runs) from run.jsonl: 0 changed');
    expect(result.exitCode).toBe(0);
  });

  it('a file that is not a recording is an error naming it; --help names the options run takes', async () => {
    await sandbox.writeProjectFile('notes.jsonl', 'hello\n');
    const result = await runHookrail(sandbox, ['replay', 'notes.jsonl']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('notes.jsonl');
    expect(result.stderr).toContain('no inspection records');
    const help = await runHookrail(sandbox, ['replay', '--help']);
    expect(help.exitCode).toBe(0);
    for (const option of [
      '--cwd DIR',
      '--settings FILE',
      '--scenario FILE',
      '--plugin DIR',
      '--function-hooks',
      'Usage: hookrail replay RUN',
    ])
      expect(help.stdout).toContain(option);
  });
});
