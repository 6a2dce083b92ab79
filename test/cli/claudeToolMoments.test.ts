/**
 * Claude Code's PermissionRequest and PostToolBatch through the CLI, as real processes: `hookrail run`
 * fires them in a scripted session with Claude Code settings from `~/.claude/settings.json` (the
 * PermissionRequest hook answers an ask that --ask would deny; the PostToolBatch digest reaches the
 * next model call), and `hookrail hooks fire` fires each by its name, with the payload as Claude Code
 * sends it (conforming to the shipped schema) and the verdict the session would apply.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateAgainstSchema } from '../../src/hooks/dialects/schemaValidator.js';
import {
  fixturePath,
  repositoryRoot,
  respondHook,
  runHookrail,
  settingsJson,
  useCliSandbox,
  writeScenario,
} from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

const askEveryBash = {
  matcher: 'Bash',
  hooks: [
    {
      type: 'command',
      command: respondHook(
        0,
        '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"shell commands need a yes"}}',
      ),
    },
  ],
};

function policyHook(log: string): unknown[] {
  const command = `python3 '${fixturePath('hooks/reference/claude-permission-policy.py')}' '${log}'`;
  return [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }];
}

function digestHook(log: string): unknown[] {
  const command = `node '${fixturePath('hooks/reference/claude-batch-digest.mjs')}' '${log}'`;
  return [{ hooks: [{ type: 'command', command }] }];
}

function shippedSchema(eventName: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(join(repositoryRoot, 'schemas', 'claude', `${eventName}.input.json`), 'utf8'),
  ) as Record<string, unknown>;
}

interface FireReport {
  hooks: Array<{ dialect: string; stdin?: string }>;
  decision: { blocked: boolean; stop: boolean; reason?: string; additionalContext?: string; verdict: string };
}

async function fire(args: string[]): Promise<FireReport> {
  const result = await runHookrail(sandbox, ['hooks', 'fire', ...args, '--show-input', '--json']);
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as FireReport;
}

describe('hookrail run: PermissionRequest and PostToolBatch hooks from ~/.claude/settings.json', () => {
  it('a PermissionRequest hook allows an asked call that --ask deny would deny; the rewritten call runs; PostToolBatch context reaches the next model call', async () => {
    const permissionLog = join(sandbox.project, 'permission.jsonl');
    const batchLog = join(sandbox.project, 'batch.jsonl');
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({
        PreToolUse: [askEveryBash],
        PermissionRequest: policyHook(permissionLog),
        PostToolBatch: digestHook(batchLog),
      }),
    );
    const scenario = await writeScenario(sandbox, 'moments', {
      prompt: 'Publish.',
      tools: ['run_shell_command'],
      turns: [
        {
          text: 'Pushing.',
          functionCalls: [{ name: 'run_shell_command', args: { command: 'git push origin main' }, id: 'push-1' }],
        },
        {
          expect: {
            functionResponseContains: 'git push origin main --dry-run',
            textContains: 'Batch digest: 1 calls.',
          },
          text: 'Pushed (dry run).',
        },
      ],
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--ask', 'deny']);

    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(
      '    ? a hook asked: shell commands need a yes → allowed (allowed by a PermissionRequest hook)',
    );
    expect(result.stdout).toContain('Pushed (dry run).');
    const [permission] = readFileSync(permissionLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(permission).toMatchObject({
      hook_event_name: 'PermissionRequest',
      tool_name: 'Bash',
      tool_input: { command: 'git push origin main' },
      permission_suggestions: [],
    });
    const [batch] = readFileSync(batchLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { tool_calls: Array<Record<string, unknown>> });
    expect(batch?.tool_calls).toEqual([
      expect.objectContaining({
        tool_name: 'Bash',
        tool_input: { command: 'git push origin main --dry-run' },
        tool_use_id: 'push-1',
      }),
    ]);
  });

  it('a PermissionRequest deny blocks the call with its message, which the model reads', async () => {
    const permissionLog = join(sandbox.project, 'permission.jsonl');
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({ PreToolUse: [askEveryBash], PermissionRequest: policyHook(permissionLog) }),
    );
    const scenario = await writeScenario(sandbox, 'deny', {
      prompt: 'Clean.',
      tools: ['run_shell_command'],
      turns: [
        { text: 'Cleaning.', functionCalls: [{ name: 'run_shell_command', args: { command: 'rm -rf build' } }] },
        { expect: { functionResponseContains: 'rm -rf needs a person at the keyboard' }, text: 'Left it.' },
      ],
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--ask', 'allow']);

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(
      '    ? a hook asked: shell commands need a yes → denied: rm -rf needs a person at the keyboard',
    );
    expect(result.stdout).toContain('Left it.');
  });
});

describe('hookrail hooks fire PermissionRequest and PostToolBatch', () => {
  it("PermissionRequest: the stdin conforms to Claude Code's schema, the matcher names the tool, and the verdict says the user is not asked", async () => {
    const permissionLog = join(sandbox.project, 'permission.jsonl');
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({ PermissionRequest: policyHook(permissionLog) }),
    );

    const allowed = await fire([
      'PermissionRequest',
      '--tool',
      'Bash',
      '--input',
      '{"command":"git push origin main"}',
    ]);
    expect(allowed.hooks).toHaveLength(1);
    const stdin = JSON.parse(allowed.hooks[0]?.stdin ?? 'null') as Record<string, unknown>;
    expect(validateAgainstSchema(stdin, shippedSchema('PermissionRequest'))).toEqual([]);
    expect(stdin).toMatchObject({ hook_event_name: 'PermissionRequest', tool_name: 'Bash' });
    expect(allowed.decision.verdict).toBe(
      'the call is allowed for the user, who is not asked; it runs with {"command":"git push origin main --dry-run"}',
    );

    const denied = await fire(['PermissionRequest', '--tool', 'Bash', '--input', '{"command":"rm -rf /"}']);
    expect(denied.decision).toMatchObject({ blocked: true, reason: 'rm -rf needs a person at the keyboard' });
    expect(denied.decision.verdict).toBe(
      'the call is denied for the user, who is not asked; the model receives: rm -rf needs a person at the keyboard',
    );

    const undecided = await fire(['PermissionRequest', '--tool', 'Bash', '--input', '{"command":"ls"}']);
    expect(undecided.decision.verdict).toBe(
      'no decision: the user is asked (onAskUser; hookrail run: y/n on a terminal, else --ask)',
    );

    // The matcher is the tool's name: a Read call runs no Bash hook.
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'PermissionRequest', '--tool', 'Read', '--json']);
    expect((JSON.parse(result.stdout) as FireReport).hooks).toEqual([]);
  });

  it("PostToolBatch: --payload carries tool_calls; the stdin conforms to Claude Code's schema and the verdict names the context; --tool does not apply", async () => {
    const batchLog = join(sandbox.project, 'batch.jsonl');
    await sandbox.writeHomeFile('.claude/settings.json', settingsJson({ PostToolBatch: digestHook(batchLog) }));
    const payload = {
      tool_calls: [
        { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1', tool_response: 'a\nb' },
        { tool_name: 'Read', tool_input: { file_path: '/tmp/x' }, tool_use_id: 'toolu_2', tool_response: 'x' },
      ],
    };
    const report = await fire(['PostToolBatch', '--payload', JSON.stringify(payload)]);
    const stdin = JSON.parse(report.hooks[0]?.stdin ?? 'null') as Record<string, unknown>;
    expect(validateAgainstSchema(stdin, shippedSchema('PostToolBatch'))).toEqual([]);
    expect(stdin['tool_calls']).toEqual(payload.tool_calls);
    expect(report.decision.additionalContext).toBe(
      'Batch digest: 2 calls. Bash (toolu_1): 3 characters; Read (toolu_2): 1 characters',
    );
    expect(report.decision.verdict).toBe("the next model call reads the additional context after the batch's results");

    const misuse = await runHookrail(sandbox, ['hooks', 'fire', 'PostToolBatch', '--tool', 'Bash']);
    expect(misuse.exitCode).toBe(2);
    expect(misuse.stderr).toContain('--tool does not apply to PostToolBatch');
  });
});
