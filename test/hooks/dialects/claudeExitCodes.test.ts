/**
 * Exit codes with JSON, Claude Code's way, with real hook processes: on an exit code other than 0 and 2
 * a valid JSON answer decides alone; exit 2 blocks even with a JSON allow, and its reason is the
 * JSON's blocking reason when there is one, else stderr. Native hooks keep HOOK-067 and HOOK-198.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import type { CommandHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { callThroughHooks } from '../../helpers/toolThroughHooks.js';
import { hookFixture, scratchDirectory, shellQuote } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

afterAll(() => assertNoHookProcessesAlive());

let scratch: { path: string; remove: () => void };
beforeEach(() => {
  scratch = scratchDirectory('hookrail-claude-exit-');
});
afterEach(() => scratch.remove());

function script(name: string, ...args: string[]): string {
  return ['bash', hookFixture(`reference/${name}`), ...args].map(shellQuote).join(' ');
}

/** Runs `run_shell_command` with `command` through one PreToolUse/BeforeTool hook; what the model got and whether the tool ran. */
async function shellCall(hook: CommandHookConfig, command: string): Promise<{ ran: boolean; llmContent: string }> {
  const event = hook.dialect === 'claude' ? 'PreToolUse' : 'BeforeTool';
  const config = new Config({
    enableHooks: true,
    workingDir: scratch.path,
    logger: recordingLogger().logger,
    hooks: { [event]: [{ hooks: [hook] }] },
  });
  return callThroughHooks({ config, toolName: 'run_shell_command', args: { command } });
}

describe('Claude Code exit codes with JSON', () => {
  it('a Claude hook that prints permissionDecision "deny" and exits 1 blocks, with its reason', async () => {
    const outcome = await shellCall(
      { type: 'command', dialect: 'claude', command: script('claude-deny-exit-1.sh') },
      'rm -rf build',
    );
    expect(outcome.ran).toBe(false);
    expect(outcome.llmContent).toContain('rm -rf is blocked by policy');
  });

  it('the same Claude hook exiting 1 after no JSON is a non-blocking error: the call runs', async () => {
    const outcome = await shellCall(
      { type: 'command', dialect: 'claude', command: `${script('claude-deny-exit-1.sh')}; exit 1` },
      'ls',
    );
    expect(outcome.ran).toBe(true);
    expect(outcome.llmContent).toContain('ran');
  });

  it('exit 2 blocks even with a JSON permissionDecision "allow"; the reason is stderr', async () => {
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    const outcome = await shellCall(
      { type: 'command', dialect: 'claude', command: script('claude-exit-2-with-json.sh', allow, 'not on a Friday') },
      'ls',
    );
    expect(outcome.ran).toBe(false);
    expect(outcome.llmContent).toContain('not on a Friday');
  });

  it("exit 2 with a JSON block: the reason is the JSON's blocking reason, not stderr (the reference says exit 2 ignores stdout; Claude Code as shipped reads it: docs/bring-your-hooks.md, where hookrail differs)", async () => {
    const block = JSON.stringify({ decision: 'block', reason: 'the JSON says why' });
    const outcome = await shellCall(
      {
        type: 'command',
        dialect: 'claude',
        command: script('claude-exit-2-with-json.sh', block, 'stderr says otherwise'),
      },
      'ls',
    );
    expect(outcome.ran).toBe(false);
    expect(outcome.llmContent).toContain('the JSON says why');
    expect(outcome.llmContent).not.toContain('stderr says otherwise');
    const deny = JSON.stringify({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'denied in JSON' },
    });
    const denied = await shellCall(
      { type: 'command', dialect: 'claude', command: script('claude-exit-2-with-json.sh', deny, 'stderr text') },
      'ls',
    );
    expect(denied.llmContent).toContain('denied in JSON');
  });

  it('HOOK-198: a native hook printing the same deny JSON and exiting 1 failed; the call runs (native dialect keeps the EARS rule)', async () => {
    const outcome = await shellCall({ type: 'command', command: script('claude-deny-exit-1.sh') }, 'rm -rf build');
    expect(outcome.ran).toBe(true);
  });

  it('HOOK-067: a native hook exiting 2 with a JSON block is blocked with stderr as the reason (stdout ignored)', async () => {
    const block = JSON.stringify({ decision: 'block', reason: 'the JSON says why' });
    const outcome = await shellCall(
      { type: 'command', command: script('claude-exit-2-with-json.sh', block, 'stderr is the reason') },
      'ls',
    );
    expect(outcome.ran).toBe(false);
    expect(outcome.llmContent).toContain('stderr is the reason');
    expect(outcome.llmContent).not.toContain('the JSON says why');
  });
});
