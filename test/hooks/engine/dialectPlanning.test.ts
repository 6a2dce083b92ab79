/**
 * Which hooks run for a fire, each in its dialect: matchers on either dialect's tool names (Claude
 * Code's simple matchers as exact names), `mcp__<server>__<tool>` names, Claude's narrower events
 * (PostToolUse / PostToolUseFailure, Stop / SubagentStop) and lifecycle matchers of Claude Code and
 * Gemini CLI hooks. Real registry and planner on a Config.
 */
import { describe, expect, it } from 'vitest';
import { Config, type ConfigParameters } from '../../../src/hooks/engine/config.js';
import { DebugLogger } from '../../../src/debugLogger.js';
import { HookPlanner } from '../../../src/hooks/engine/hookPlanner.js';
import { HookRegistry } from '../../../src/hooks/engine/hookRegistry.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookEventContext } from '../../../src/hooks/protocol/hookConfig.js';

async function plannerFor(parameters: ConfigParameters): Promise<HookPlanner> {
  const registry = new HookRegistry(
    new Config({ enableHooks: true, logger: new DebugLogger('test', { sink: () => undefined }), ...parameters }),
  );
  await registry.initialize();
  return new HookPlanner(registry);
}

async function planned(
  parameters: ConfigParameters,
  eventName: HookEventName,
  context?: HookEventContext,
): Promise<string[]> {
  const plan = (await plannerFor(parameters)).createExecutionPlan(eventName, context);
  return (plan?.hookConfigs ?? []).map((config) => config.command ?? '');
}

const group = (matcher: string | undefined, command: string) => ({
  ...(matcher !== undefined ? { matcher } : {}),
  hooks: [{ type: 'command', command }],
});

describe('tool matchers in either dialect', () => {
  it('a Claude Code matcher "Bash" selects run_shell_command, and "Edit|Write" selects replace and write_file', async () => {
    const hooks = {
      PreToolUse: [group('Bash', 'bash-guard'), group('Edit|Write', 'file-guard'), group('Read', 'read-guard')],
    };
    expect(await planned({ hooks }, HookEventName.BeforeTool, { toolName: 'run_shell_command' })).toEqual([
      'bash-guard',
    ]);
    expect(await planned({ hooks }, HookEventName.BeforeTool, { toolName: 'replace' })).toEqual(['file-guard']);
    expect(await planned({ hooks }, HookEventName.BeforeTool, { toolName: 'write_file' })).toEqual(['file-guard']);
    expect(await planned({ hooks }, HookEventName.BeforeTool, { toolName: 'list_directory' })).toEqual([]);
  });

  it('a hookrail matcher may name the tool the Claude way, and a Claude matcher the hookrail way', async () => {
    expect(
      await planned({ hooks: { BeforeTool: [group('Bash', 'native-bash')] } }, HookEventName.BeforeTool, {
        toolName: 'run_shell_command',
      }),
    ).toEqual(['native-bash']);
    expect(
      await planned({ hooks: { PreToolUse: [group('write_file', 'claude-native-name')] } }, HookEventName.BeforeTool, {
        toolName: 'write_file',
      }),
    ).toEqual(['claude-native-name']);
  });

  it('Claude Code\'s simple matchers are exact names ("Edit" does not select NotebookEdit); hookrail\'s are unanchored regular expressions (HOOK-088)', async () => {
    expect(
      await planned({ hooks: { PreToolUse: [group('Edit', 'claude')] } }, HookEventName.BeforeTool, {
        toolName: 'NotebookEdit',
      }),
    ).toEqual([]);
    expect(
      await planned({ hooks: { BeforeTool: [group('Edit', 'native')] } }, HookEventName.BeforeTool, {
        toolName: 'NotebookEdit',
      }),
    ).toEqual(['native']);
    expect(
      await planned({ hooks: { PreToolUse: [group('Bash, Write', 'comma-list')] } }, HookEventName.BeforeTool, {
        toolName: 'write_file',
      }),
    ).toEqual(['comma-list']);
    expect(
      await planned({ hooks: { PreToolUse: [group('^(Edit|Write)$', 'regex')] } }, HookEventName.BeforeTool, {
        toolName: 'replace',
      }),
    ).toEqual(['regex']);
  });

  it('mcp__<server>__<tool> names of host tools: exact names and whole-server patterns, in both dialects', async () => {
    const hooks = {
      PreToolUse: [
        group('mcp__memory__create_entities', 'exact'),
        group('mcp__memory__.*', 'server'),
        group('mcp__memory', 'bare'),
      ],
    };
    expect(await planned({ hooks }, HookEventName.BeforeTool, { toolName: 'mcp__memory__create_entities' })).toEqual([
      'exact',
      'server',
    ]);
    expect(
      await planned({ hooks: { BeforeTool: [group('mcp__github__.*', 'native')] } }, HookEventName.BeforeTool, {
        toolName: 'mcp__github__create_issue',
      }),
    ).toEqual(['native']);
  });
});

describe('Claude Code events that narrow a hookrail event', () => {
  const hooks = {
    PostToolUse: [group(undefined, 'after-success')],
    PostToolUseFailure: [group(undefined, 'after-failure')],
    AfterTool: [group(undefined, 'native-after')],
    Stop: [group(undefined, 'stop')],
    SubagentStop: [group(undefined, 'subagent-stop')],
  };

  it("PostToolUse hooks run after a tool that succeeded, PostToolUseFailure hooks after one that failed; hookrail's AfterTool after both", async () => {
    expect(
      await planned({ hooks }, HookEventName.AfterTool, { toolName: 'run_shell_command', toolFailed: false }),
    ).toEqual(['after-success', 'native-after']);
    expect(
      await planned({ hooks }, HookEventName.AfterTool, { toolName: 'run_shell_command', toolFailed: true }),
    ).toEqual(['after-failure', 'native-after']);
    expect(await planned({ hooks }, HookEventName.AfterTool, { toolName: 'run_shell_command' })).toEqual([
      'after-success',
      'after-failure',
      'native-after',
    ]);
  });

  it('Stop hooks run when the agent stops, SubagentStop hooks only when a sub-agent does', async () => {
    expect(await planned({ hooks }, HookEventName.AfterAgent, {})).toEqual(['stop']);
    expect(await planned({ hooks }, HookEventName.AfterAgent, { subagent: true })).toEqual(['subagent-stop']);
  });
});

describe('lifecycle matchers', () => {
  it("a Claude Code SessionStart matcher selects its source in Claude's spelling; hookrail hooks ignore lifecycle matchers as before", async () => {
    const hooks = { SessionStart: [group('compact', 'after-compaction'), group('startup|resume', 'fresh')] };
    const claude = { hooks: { PreToolUse: [], ...hooks } };
    expect(await planned(claude, HookEventName.SessionStart, { matchValue: 'startup' })).toEqual(['fresh']);
    expect(await planned(claude, HookEventName.SessionStart, { matchValue: 'compress' })).toEqual(['after-compaction']);
    expect(
      await planned({ hooks: { BeforeTool: [], ...hooks } }, HookEventName.SessionStart, { matchValue: 'startup' }),
    ).toEqual(['after-compaction', 'fresh']);
  });

  it('Gemini CLI lifecycle matchers are exact values; Claude SessionEnd "other" is hookrail\'s "exit"', async () => {
    const gemini = {
      extensions: [
        {
          name: 'g',
          isActive: true,
          dialect: 'gemini' as const,
          hooks: { SessionEnd: [group('exit', 'on-exit'), group('clear', 'on-clear')] },
        },
      ],
    };
    expect(await planned(gemini, HookEventName.SessionEnd, { matchValue: 'exit' })).toEqual(['on-exit']);
    const claude = { hooks: { SessionEnd: [group('other', 'claude-other')], Stop: [] } };
    expect(await planned(claude, HookEventName.SessionEnd, { matchValue: 'exit' })).toEqual(['claude-other']);
  });
});
