/**
 * `hookrail hooks fire BeforeTool` tells a hook author when their hook asks the user, with the
 * reason the user would be shown; a block from another hook still wins.
 */
import { describe, expect, it } from 'vitest';
import { respondHook, runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

describe('hookrail hooks fire: a hook that asks', () => {
  it('the verdict says the call waits for the user and shows the reason (Claude Code style too)', async () => {
    const claudeAsk =
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushing needs a yes"}}';
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: respondHook(0, claudeAsk) }] }] }),
    );
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"git push"}',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as { decision: { blocked: boolean; asks?: string; verdict: string } };
    expect(report.decision).toMatchObject({ blocked: false, asks: 'pushing needs a yes' });
    expect(report.decision.verdict).toBe(
      'the call waits for the user (onAskUser; hookrail run: y/n on a terminal, else --ask, default deny), shown: pushing needs a yes',
    );
  });

  it('a block from another hook outranks the ask', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({
        BeforeTool: [
          {
            hooks: [
              { type: 'command', command: respondHook(0, '{"decision":"ask","reason":"sure?"}') },
              { type: 'command', command: respondHook(0, '{"decision":"block","reason":"never"}') },
            ],
          },
        ],
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'x', '--json']);
    const report = JSON.parse(result.stdout) as { decision: { blocked: boolean; asks?: string; verdict: string } };
    expect(report.decision.blocked).toBe(true);
    expect(report.decision.asks).toBeUndefined();
    expect(report.decision.verdict).toContain('the tool call is blocked');
  });
});
