/**
 * Published-hook fixtures (test/fixtures/hooks/published/) run unchanged through a `hookrail run`
 * session: a Gemini CLI BeforeAgent context hook and a Claude Code Stop hook that reads the
 * transcript at `transcript_path` to decide whether the agent may stop.
 */
import { describe, expect, it } from 'vitest';
import { fixturePath, runHookrail, useCliSandbox } from '../helpers/cliProcess.js';
import { publishedHook } from '../helpers/publishedHooks.js';

const sandbox = useCliSandbox();

function group(command: string): unknown[] {
  return [{ hooks: [{ type: 'command', command, timeout: 30_000 }] }];
}

describe('published hooks in a hookrail run session', () => {
  it('Gemini CLI inject-context.sh: its memories reach the model with the prompt; a production deploy prompt is refused', async () => {
    await sandbox.writeProjectFile(
      'memories.json',
      JSON.stringify({
        prompts: ['Summarise the repository.', 'Now deploy the site to production.'],
        tools: ['read_file'],
        turns: [
          {
            expect: { textContains: ['Summarise the repository.', '[Memory] Always use TypeScript for this project.'] },
            text: 'A TypeScript library.',
          },
          { text: 'Deploying.' },
        ],
        settings: { hooks: { BeforeAgent: group(`bash '${publishedHook('gemini', 'inject-context.sh')}'`) } },
      }),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', 'memories.json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('A TypeScript library.');
    expect(result.stdout).toContain(
      '⛔ prompt blocked by hook: Production deploys run from CI only; open a release PR instead.',
    );
    expect(result.stdout).not.toContain('Deploying.');
  });

  it('Claude Code stop-until-marker.sh reads the transcript: an answer with the marker may stop, one without it makes the agent go on once', async () => {
    await sandbox.writeProjectFile(
      'marker.json',
      JSON.stringify({
        prompts: ['Write the changelog.', 'Fix the flaky test.'],
        tools: ['read_file'],
        turns: [
          { text: 'Changelog written. <promise>DONE</promise>' },
          { text: 'I looked at the test.' },
          { expect: { textContains: 'The task is not finished' }, text: 'Fixed and verified. <promise>DONE</promise>' },
        ],
        settings: { hooks: { AfterAgent: group(`bash '${publishedHook('claude', 'stop-until-marker.sh')}'`) } },
      }),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', 'marker.json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.match(/↻ a Stop hook asked the agent to go on/g)).toHaveLength(1);
    expect(result.stdout).toContain('The task is not finished: keep working');
    expect(result.stdout).toContain('✔ completed (1 turn)');
    expect(result.stdout).toContain('✔ completed (2 turns)');
  });

  it('hookify\'s deny without a reason (Claude Code plugin): its systemMessage reaches the user and is the reason the model reads, not "Blocked by hook"', async () => {
    await sandbox.writeProjectFile(
      'hookify.json',
      JSON.stringify({
        prompt: 'Clean the build directory.',
        tools: ['run_shell_command'],
        turns: [
          { functionCalls: [{ name: 'run_shell_command', args: { command: 'rm -rf build' } }] },
          {
            expect: { functionResponseContains: 'Dangerous rm command detected!' },
            text: 'The hook refused; I will not delete it.',
          },
        ],
        settings: {
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [
                  { type: 'command', command: `python3 '${fixturePath('hooks/session/hookify-dangerous-rm.py')}'` },
                ],
              },
            ],
          },
        },
      }),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', 'hookify.json']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('⛔ blocked by hook: **[block-dangerous-rm]**');
    expect(result.stdout).toContain('Dangerous rm command detected!');
    expect(result.stdout).not.toContain('Blocked by hook');
    expect(result.stdout).toContain('The hook refused; I will not delete it.');
  });
});
