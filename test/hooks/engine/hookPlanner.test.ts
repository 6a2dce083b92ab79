import { describe, expect, it } from 'vitest';
import { Config, type ConfigParameters, type ExtensionConfig } from '../../../src/hooks/engine/config.js';
import type { LogRecord } from '../../../src/debugLogger.js';
import { HookPlanner, matchesToolName } from '../../../src/hooks/engine/hookPlanner.js';
import { HookRegistry } from '../../../src/hooks/engine/hookRegistry.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookDefinition, HooksSettings } from '../../../src/hooks/protocol/hookConfig.js';
import { forEachOrder } from '../../helpers/permutations.js';
import { recordingLogger } from '../../../src/testing.js';

async function createPlanner(
  parameters: ConfigParameters,
): Promise<{ planner: HookPlanner; registry: HookRegistry; records: LogRecord[] }> {
  const { logger, records } = recordingLogger({ namespace: 'hookrail' });
  const config = new Config({ enableHooks: true, logger, ...parameters });
  const registry = new HookRegistry(config);
  await registry.initialize();
  return { planner: new HookPlanner(registry, logger.child('hooks:planner')), registry, records };
}

function group(commands: string[], options: Omit<HookDefinition, 'hooks'> = {}): HookDefinition {
  return { ...options, hooks: commands.map((command) => ({ type: 'command' as const, command })) };
}

function commandsOf(plan: ReturnType<HookPlanner['createExecutionPlan']>): string[] | null {
  return plan === null ? null : plan.hookConfigs.map((config) => config.command ?? `<${config.name}>`);
}

describe('matchesToolName', () => {
  it('HOOK-087: treats the matcher as a regular expression tested against the tool name', () => {
    expect(matchesToolName('write_file|replace', 'write_file')).toBe(true);
    expect(matchesToolName('write_file|replace', 'replace')).toBe(true);
    expect(matchesToolName('write_file|replace', 'read_file')).toBe(false);
    expect(matchesToolName('^read_', 'read_many_files')).toBe(true);
    expect(matchesToolName('^read_', 'spread_sheet')).toBe(false);
    expect(matchesToolName('.*_file$', 'write_file')).toBe(true);
  });

  it('HOOK-088: an invalid regular expression is compared literally, exactly, and never throws', () => {
    expect(matchesToolName('[write_file', '[write_file')).toBe(true);
    expect(matchesToolName('[write_file', 'write_file')).toBe(false);
    expect(matchesToolName('(unclosed', 'unclosed')).toBe(false);
    expect(matchesToolName('(unclosed', '(unclosed')).toBe(true);
  });

  it('HOOK-089: a missing, empty or * matcher matches every tool', () => {
    for (const toolName of ['write_file', 'run_shell_command', '']) {
      expect(matchesToolName(undefined, toolName)).toBe(true);
      expect(matchesToolName('', toolName)).toBe(true);
      expect(matchesToolName('*', toolName)).toBe(true);
    }
  });

  it('gives the same answer on repeated calls with a cached matcher', () => {
    const answers = Array.from({ length: 5 }, () => [
      matchesToolName('^edit$', 'edit'),
      matchesToolName('^edit$', 'edit_file'),
    ]);
    expect(answers).toEqual(Array.from({ length: 5 }, () => [true, false]));
  });
});

describe('HookPlanner matcher filtering', () => {
  const hooks: HooksSettings = {
    BeforeTool: [
      group(['sh writes.sh'], { matcher: 'write_file|replace' }),
      group(['sh shell.sh'], { matcher: '^run_shell_command$' }),
      group(['sh all.sh']),
      group(['sh star.sh'], { matcher: '*' }),
      group(['sh literal.sh'], { matcher: '[broken' }),
    ],
    AfterTool: [
      group(['sh after-writes.sh'], { matcher: 'write_file' }),
      group(['sh after-reads.sh'], { matcher: 'read_file' }),
    ],
  };

  it('HOOK-021, HOOK-087: BeforeTool runs only the hooks whose matcher matches the tool name', async () => {
    const { planner } = await createPlanner({ hooks });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' }))).toEqual([
      'sh writes.sh',
      'sh all.sh',
      'sh star.sh',
    ]);
    expect(
      commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'run_shell_command' })),
    ).toEqual(['sh shell.sh', 'sh all.sh', 'sh star.sh']);
  });

  it('HOOK-032: AfterTool runs only the hooks whose matcher matches the tool name', async () => {
    const { planner } = await createPlanner({ hooks });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'write_file' }))).toEqual([
      'sh after-writes.sh',
    ]);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'read_file' }))).toEqual([
      'sh after-reads.sh',
    ]);
    expect(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'list_directory' })).toBeNull();
  });

  it('HOOK-022, HOOK-089: a hook without matcher, or with * as matcher, fires for every tool', async () => {
    const { planner } = await createPlanner({ hooks });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'some_new_tool' }))).toEqual([
      'sh all.sh',
      'sh star.sh',
    ]);
  });

  it('HOOK-088: an invalid regex matcher matches only the tool with exactly that name', async () => {
    const { planner } = await createPlanner({ hooks });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: '[broken' }))).toEqual([
      'sh all.sh',
      'sh star.sh',
      'sh literal.sh',
    ]);
  });

  it('HOOK-041, HOOK-051, HOOK-059: model events ignore matchers and plan every hook, even when given a tool name', async () => {
    const modelHooks: HooksSettings = {
      BeforeModel: [group(['sh before-model.sh'], { matcher: 'never_matches_anything' })],
      AfterModel: [group(['sh after-model.sh'], { matcher: 'write_file' })],
      BeforeToolSelection: [group(['sh selection.sh'], { matcher: '^$' })],
    };
    const { planner } = await createPlanner({ hooks: modelHooks });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeModel))).toEqual(['sh before-model.sh']);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.AfterModel, { toolName: 'read_file' }))).toEqual([
      'sh after-model.sh',
    ]);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeToolSelection))).toEqual(['sh selection.sh']);
  });

  it('lifecycle events ignore matchers too', async () => {
    const { planner } = await createPlanner({
      hooks: { SessionStart: [group(['sh start.sh'], { matcher: 'startup' })] },
    });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.SessionStart))).toEqual(['sh start.sh']);
  });

  it('returns null when no hook is registered, none matches, or all are disabled', async () => {
    const { planner, registry } = await createPlanner({
      hooks: { BeforeTool: [group(['sh guard.sh'], { matcher: 'write_file' })] },
    });
    expect(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'write_file' })).toBeNull();
    expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'read_file' })).toBeNull();
    registry.setHookEnabled('sh guard.sh', false);
    expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' })).toBeNull();
    registry.setHookEnabled('sh guard.sh', true);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' }))).toEqual([
      'sh guard.sh',
    ]);
  });
});

describe('HookPlanner de-duplication', () => {
  it('HOOK-090, HOOK-091: the same command from project and extension runs once, keeping the project (highest-priority) instance', async () => {
    const { planner } = await createPlanner({
      hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'sh guard.sh', timeout: 1000 }] }] },
      extensions: [
        {
          name: 'sec',
          isActive: true,
          hooks: {
            BeforeTool: [
              {
                matcher: 'write_file',
                hooks: [
                  { type: 'command', command: 'sh guard.sh', timeout: 9000 },
                  { type: 'command', command: 'sh extra.sh' },
                ],
              },
            ],
          },
        },
      ],
    });
    const plan = planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' });
    expect(plan?.hookConfigs).toEqual([
      { type: 'command', command: 'sh guard.sh', timeout: 1000 },
      { type: 'command', command: 'sh extra.sh' },
    ]);
  });

  it('HOOK-091: the key is the command only: matcher, timeout and name differences do not prevent de-duplication', async () => {
    const { planner } = await createPlanner({
      hooks: {
        BeforeTool: [
          { matcher: 'write_.*', hooks: [{ type: 'command', command: 'sh guard.sh', name: 'first' }] },
          {
            matcher: 'write_file',
            sequential: false,
            hooks: [{ type: 'command', command: 'sh guard.sh', name: 'second', timeout: 5 }],
          },
        ],
      },
    });
    const plan = planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' });
    expect(plan?.hookConfigs).toEqual([{ type: 'command', command: 'sh guard.sh', name: 'first' }]);
  });

  it('HOOK-091: de-duplication happens after matcher filtering, so a non-matching first copy does not hide a matching one', async () => {
    const { planner } = await createPlanner({
      hooks: {
        BeforeTool: [
          { matcher: 'read_file', hooks: [{ type: 'command', command: 'sh guard.sh', timeout: 1 }] },
          { matcher: 'write_file', hooks: [{ type: 'command', command: 'sh guard.sh', timeout: 2 }] },
        ],
      },
    });
    expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' })?.hookConfigs).toEqual([
      { type: 'command', command: 'sh guard.sh', timeout: 2 },
    ]);
  });

  it('HOOK-091: de-duplication applies within one event, not across events', async () => {
    const { planner } = await createPlanner({
      hooks: { BeforeTool: [group(['sh audit.sh'])], AfterTool: [group(['sh audit.sh'])] },
    });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'x' }))).toEqual([
      'sh audit.sh',
    ]);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'x' }))).toEqual([
      'sh audit.sh',
    ]);
  });

  it('plugin hooks without a command are de-duplicated by name; unnamed ones are all kept', async () => {
    const { planner } = await createPlanner({
      hooks: {
        BeforeModel: [
          {
            hooks: [
              { type: 'plugin', name: 'p' },
              { type: 'plugin', name: 'p' },
              { type: 'plugin' },
              { type: 'plugin' },
              { type: 'plugin', name: 'q' },
            ],
          },
        ],
      },
    });
    expect(planner.createExecutionPlan(HookEventName.BeforeModel)?.hookConfigs).toEqual([
      { type: 'plugin', name: 'p' },
      { type: 'plugin' },
      { type: 'plugin' },
      { type: 'plugin', name: 'q' },
    ]);
  });

  it('logs the plan and each skipped duplicate at debug level', async () => {
    const { planner, records } = await createPlanner({
      hooks: { BeforeTool: [group(['sh a.sh', 'sh a.sh'], { sequential: true })] },
    });
    planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' });
    const plannerMessages = records
      .filter((record) => record.namespace === 'hookrail:hooks:planner')
      .map((record) => record.message);
    expect(plannerMessages).toEqual([
      'BeforeTool: skipping duplicate hook "sh a.sh" from project',
      'BeforeTool (write_file): 1 hook(s), sequential',
    ]);
  });

  it('HOOK-012, HOOK-013: hasApplicableHooks selects as the plan does, by matcher and `if`, and logs nothing', async () => {
    const { planner, records } = await createPlanner({
      hooks: {
        BeforeTool: [
          group(['sh a.sh', 'sh a.sh'], { matcher: '^write_file$' }),
          {
            matcher: 'run_shell_command',
            hooks: [{ type: 'command', command: 'sh push.sh', if: 'run_shell_command(git push*)' }],
          },
        ],
      },
    });
    expect(planner.hasApplicableHooks(HookEventName.BeforeTool, { toolName: 'write_file' })).toBe(true);
    expect(planner.hasApplicableHooks(HookEventName.BeforeTool, { toolName: 'read_file' })).toBe(false);
    expect(
      planner.hasApplicableHooks(HookEventName.BeforeTool, {
        toolName: 'run_shell_command',
        toolInput: { command: 'git push' },
      }),
    ).toBe(true);
    expect(
      planner.hasApplicableHooks(HookEventName.BeforeTool, {
        toolName: 'run_shell_command',
        toolInput: { command: 'git status' },
      }),
    ).toBe(false);
    expect(records.filter((record) => record.namespace === 'hookrail:hooks:planner')).toEqual([]);
  });
});

describe('HookPlanner.planToolCall', () => {
  it('HOOK-012, HOOK-013, HOOK-091, HOOK-146: plans BeforeTool as a fire would, says whether AfterTool may follow, and the fire that takes the plan logs its lines once', async () => {
    const { planner, records } = await createPlanner({
      hooks: {
        BeforeTool: [group(['sh a.sh', 'sh a.sh'], { matcher: '^write_file$', sequential: true })],
        AfterTool: [group(['sh after.sh'], { matcher: '^read_file$' })],
      },
    });
    const plannerMessages = (): string[] =>
      records.filter((record) => record.namespace === 'hookrail:hooks:planner').map((record) => record.message);

    expect(planner.planToolCall({ toolName: 'glob', args: {} })).toEqual({ beforeTool: null, afterToolMayRun: false });
    expect(planner.planToolCall({ toolName: 'read_file', args: {} })).toEqual({
      beforeTool: null,
      afterToolMayRun: true,
    });
    const args = { file_path: 'a.txt' };
    const asked = planner.planToolCall({ toolName: 'write_file', args });
    expect(asked).toEqual({
      beforeTool: {
        eventName: HookEventName.BeforeTool,
        hookConfigs: [expect.objectContaining({ command: 'sh a.sh' })],
        sequential: true,
      },
      afterToolMayRun: false,
    });
    expect(plannerMessages()).toEqual([]);

    const fired = planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file', toolInput: args });
    expect(fired).toEqual(asked.beforeTool);
    expect(plannerMessages()).toEqual([
      'BeforeTool: skipping duplicate hook "sh a.sh" from project',
      'BeforeTool (write_file): 1 hook(s), sequential',
    ]);
  });

  it('HOOK-012: a plan kept for a plain BeforeTool fire is not taken by a Claude moment fire of the same tool', async () => {
    const { planner } = await createPlanner({
      hooks: { PreToolUse: [group(['sh pre.sh'], { matcher: 'Write' })] },
    });
    expect(planner.planToolCall({ toolName: 'write_file', args: {} }).beforeTool?.hookConfigs).toHaveLength(1);
    expect(
      planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file', moment: 'PermissionRequest' }),
    ).toBeNull();
  });
});

describe('HookPlanner sequential escalation', () => {
  it('HOOK-109: one sequential group makes the whole plan sequential', async () => {
    const { planner } = await createPlanner({
      hooks: {
        BeforeTool: [group(['sh a.sh', 'sh b.sh']), group(['sh c.sh'], { sequential: true }), group(['sh d.sh'])],
      },
    });
    const plan = planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' });
    expect(plan).toEqual({
      eventName: HookEventName.BeforeTool,
      sequential: true,
      hookConfigs: ['sh a.sh', 'sh b.sh', 'sh c.sh', 'sh d.sh'].map((command) => ({ type: 'command', command })),
    });
  });

  it('HOOK-109: without a sequential group the plan is parallel; a sequential group filtered out by its matcher does not escalate', async () => {
    const { planner } = await createPlanner({
      hooks: { BeforeTool: [group(['sh a.sh']), group(['sh b.sh'], { matcher: 'read_file', sequential: true })] },
    });
    expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' })?.sequential).toBe(false);
    expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'read_file' })?.sequential).toBe(true);
  });
});

describe('HookPlanner ordering rules in every configuration order', () => {
  /** An active extension whose BeforeTool hooks are `commands` (each with `timeout` marking where it came from). */
  function extension(name: string, commands: Array<{ command: string; timeout: number }>): ExtensionConfig {
    return {
      name,
      isActive: true,
      hooks: {
        BeforeTool: [
          { hooks: commands.map(({ command, timeout }) => ({ type: 'command' as const, command, timeout })) },
        ],
      },
    };
  }

  const projectGroups: Record<string, HookDefinition> = {
    p1: group(['sh p1.sh']),
    p2: {
      hooks: [
        { type: 'command', command: 'sh p2.sh' },
        { type: 'command', command: 'sh guard.sh', timeout: 1 },
      ],
    },
    p3: group(['sh p3.sh'], { matcher: 'write_file' }),
  };
  const extensions: Record<string, ExtensionConfig> = {
    e1: extension('e1', [
      { command: 'sh e1.sh', timeout: 11 },
      { command: 'sh guard.sh', timeout: 12 },
    ]),
    e2: extension('e2', [{ command: 'sh e2.sh', timeout: 21 }]),
    e3: extension('e3', [
      { command: 'sh guard.sh', timeout: 31 },
      { command: 'sh p1.sh', timeout: 32 },
    ]),
  };
  /** The commands each piece of configuration adds to the plan: e3's two are duplicates of project hooks. */
  const projectCommands: Record<string, string[]> = {
    p1: ['sh p1.sh'],
    p2: ['sh p2.sh', 'sh guard.sh'],
    p3: ['sh p3.sh'],
  };
  const extensionCommands: Record<string, string[]> = { e1: ['sh e1.sh'], e2: ['sh e2.sh'], e3: [] };

  it('HOOK-086, HOOK-090, HOOK-091, HOOK-187: in all 36 orders of project groups and extensions, project hooks come first, each source in configuration order, and every duplicate keeps the project instance', async () => {
    let ordersChecked = 0;
    await forEachOrder(projectGroups, async (groups, groupNames) => {
      await forEachOrder(extensions, async (extensionList, extensionNames) => {
        const { planner } = await createPlanner({ hooks: { BeforeTool: groups }, extensions: extensionList });
        const plan = planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' });
        const expected = [
          ...groupNames.flatMap((name) => projectCommands[name]),
          ...extensionNames.flatMap((name) => extensionCommands[name]),
        ];
        expect(commandsOf(plan), `extensions [${extensionNames.join(', ')}]`).toEqual(expected);
        // The kept copies are the project's: `sh guard.sh` with timeout 1 and `sh p1.sh` without a timeout.
        expect(plan?.hookConfigs.find((config) => config.command === 'sh guard.sh')?.timeout).toBe(1);
        expect(plan?.hookConfigs.find((config) => config.command === 'sh p1.sh')?.timeout).toBeUndefined();
        ordersChecked += 1;
      });
    });
    expect(ordersChecked).toBe(36);
  });

  it('HOOK-090, HOOK-091: among extensions only, the first copy in configuration order is kept, whatever that order is', async () => {
    await forEachOrder(
      {
        a: extension('a', [{ command: 'sh shared.sh', timeout: 1 }]),
        b: extension('b', [{ command: 'sh shared.sh', timeout: 2 }]),
        c: extension('c', [{ command: 'sh shared.sh', timeout: 3 }]),
      },
      async (extensionList, names) => {
        const { planner } = await createPlanner({ extensions: extensionList });
        const plan = planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' });
        expect(plan?.hookConfigs).toEqual([
          { type: 'command', command: 'sh shared.sh', timeout: { a: 1, b: 2, c: 3 }[names[0]] },
        ]);
      },
    );
  });

  it('HOOK-091: de-duplication after matcher filtering holds in both orders: a non-matching copy never hides a matching one', async () => {
    await forEachOrder(
      {
        reads: { matcher: 'read_file', hooks: [{ type: 'command', command: 'sh guard.sh', timeout: 1 }] },
        writes: { matcher: 'write_file', hooks: [{ type: 'command', command: 'sh guard.sh', timeout: 2 }] },
      } satisfies Record<string, HookDefinition>,
      async (groups) => {
        const { planner } = await createPlanner({ hooks: { BeforeTool: groups } });
        expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' })?.hookConfigs).toEqual([
          { type: 'command', command: 'sh guard.sh', timeout: 2 },
        ]);
        expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'read_file' })?.hookConfigs).toEqual([
          { type: 'command', command: 'sh guard.sh', timeout: 1 },
        ]);
      },
    );
  });

  it('HOOK-109: one sequential group makes the plan sequential wherever it stands, in the project or in an extension', async () => {
    await forEachOrder(
      {
        first: group(['sh a.sh']),
        sequential: group(['sh b.sh'], { sequential: true }),
        last: group(['sh c.sh']),
        parallel: group(['sh d.sh'], { sequential: false }),
      },
      async (groups) => {
        const { planner } = await createPlanner({ hooks: { BeforeTool: groups } });
        expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' })?.sequential).toBe(
          true,
        );
      },
    );
    await forEachOrder(
      {
        plain: extension('plain', [{ command: 'sh e.sh', timeout: 1 }]),
        ordered: { name: 'ordered', isActive: true, hooks: { BeforeTool: [group(['sh f.sh'], { sequential: true })] } },
      } satisfies Record<string, ExtensionConfig>,
      async (extensionList) => {
        const { planner } = await createPlanner({
          hooks: { BeforeTool: [group(['sh p.sh'])] },
          extensions: extensionList,
        });
        expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' })?.sequential).toBe(
          true,
        );
      },
    );
  });
});
