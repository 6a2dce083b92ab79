/**
 * Which hooks a fire runs, per dialect, as the planner decides it from the hooks' matchers: native
 * and Gemini CLI tool matchers are unanchored regular expressions, Claude Code's name lists are
 * exact; a lifecycle fire that does not say its value runs every hook of the event.
 */
import { describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookPlanner } from '../../../src/hooks/engine/hookPlanner.js';
import { HookRegistry } from '../../../src/hooks/engine/hookRegistry.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookEventContext } from '../../../src/hooks/protocol/hookConfig.js';
import { recordingLogger } from '../../../src/testing.js';

/** The commands a fire of `eventName` with `context` runs, for hooks written in `hooks` (either agent's names). */
async function planned(
  hooks: Record<string, unknown>,
  eventName: HookEventName,
  context?: HookEventContext,
): Promise<string[]> {
  const { logger } = recordingLogger();
  const registry = new HookRegistry(new Config({ enableHooks: true, logger, hooks: hooks as never }));
  await registry.initialize();
  const plan = new HookPlanner(registry, logger).createExecutionPlan(eventName, context);
  return plan === null ? [] : plan.hookConfigs.map((config) => String(config.command));
}

const commandHook = (command: string, dialect?: 'claude' | 'gemini') => ({
  type: 'command',
  command,
  ...(dialect ? { dialect } : {}),
});

describe('tool matchers per dialect', () => {
  it('HOOK-087: a native or Gemini CLI matcher "shell" is an unanchored regular expression: it selects run_shell_command', async () => {
    for (const dialect of [undefined, 'gemini'] as const) {
      expect(
        await planned(
          { BeforeTool: [{ matcher: 'shell', hooks: [commandHook('guard.sh', dialect)] }] },
          HookEventName.BeforeTool,
          { toolName: 'run_shell_command' },
        ),
      ).toEqual(['guard.sh']);
    }
  });

  it('a Claude Code matcher "Bas" is a list of exact names: it selects neither Bash nor run_shell_command', async () => {
    expect(
      await planned({ PreToolUse: [{ matcher: 'Bas', hooks: [commandHook('guard.sh')] }] }, HookEventName.BeforeTool, {
        toolName: 'run_shell_command',
      }),
    ).toEqual([]);
  });
});

describe('lifecycle matchers when the fire does not say its value', () => {
  it('a Claude Code or Gemini CLI SessionStart hook runs whatever its matcher, as there is nothing to compare', async () => {
    for (const [dialect, matcher] of [
      ['claude', 'resume'],
      ['gemini', 'resume'],
      ['claude', 'clear|compact'],
    ] as const) {
      const hooks = { SessionStart: [{ matcher, hooks: [commandHook('context.sh', dialect)] }] };
      expect(await planned(hooks, HookEventName.SessionStart)).toEqual(['context.sh']);
      // The same hook on a fire that says its source, another one: it does not run.
      expect(await planned(hooks, HookEventName.SessionStart, { matchValue: 'startup' })).toEqual([]);
    }
  });
});

describe("Claude Code's narrowing events and moments", () => {
  const compaction = {
    PreCompact: [{ hooks: [commandHook('before-compact.sh')] }],
    PostCompact: [{ hooks: [commandHook('after-compact.sh')] }],
  };

  it('a PreCompact hook runs on the compaction, a PostCompact hook only once the history is compacted', async () => {
    expect(await planned(compaction, HookEventName.PreCompress, { matchValue: 'auto' })).toEqual(['before-compact.sh']);
    expect(await planned(compaction, HookEventName.PreCompress, { matchValue: 'auto', moment: 'PostCompact' })).toEqual(
      ['after-compact.sh'],
    );
  });

  it('PostToolUse hooks run after a tool that succeeded, PostToolUseFailure hooks after one that failed, both when it is not known', async () => {
    const hooks = {
      PostToolUse: [{ matcher: 'Bash', hooks: [commandHook('after.sh')] }],
      PostToolUseFailure: [{ matcher: 'Bash', hooks: [commandHook('failed.sh')] }],
      PostToolBatch: [{ hooks: [commandHook('batch.sh')] }],
    };
    const afterTool = (context: HookEventContext) => planned(hooks, HookEventName.AfterTool, context);
    expect(await afterTool({ toolName: 'run_shell_command', toolFailed: false })).toEqual(['after.sh']);
    expect(await afterTool({ toolName: 'run_shell_command', toolFailed: true })).toEqual(['failed.sh']);
    expect(await afterTool({ toolName: 'run_shell_command' })).toEqual(['after.sh', 'failed.sh']);
    expect(await afterTool({ moment: 'PostToolBatch' })).toEqual(['batch.sh']);
  });
});
