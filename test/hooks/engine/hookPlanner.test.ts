import { describe, expect, it } from 'vitest';
import { Config, type ConfigParameters } from '../../../src/hooks/engine/config.js';
import { DebugLogger, type LogRecord } from '../../../src/debugLogger.js';
import { HookPlanner, matchesToolName } from '../../../src/hooks/engine/hookPlanner.js';
import { HookRegistry } from '../../../src/hooks/engine/hookRegistry.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { type HookDefinition, type HooksSettings } from '../../../src/hooks/protocol/hookConfig.js';

async function createPlanner(parameters: ConfigParameters): Promise<{ planner: HookPlanner; registry: HookRegistry; records: LogRecord[] }> {
  const records: LogRecord[] = [];
  const logger = new DebugLogger('hookrail', { sink: (record) => records.push(record), level: 'debug' });
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
    const answers = Array.from({ length: 5 }, () => [matchesToolName('^edit$', 'edit'), matchesToolName('^edit$', 'edit_file')]);
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
    AfterTool: [group(['sh after-writes.sh'], { matcher: 'write_file' }), group(['sh after-reads.sh'], { matcher: 'read_file' })],
  };

  it('HOOK-021, HOOK-087: BeforeTool runs only the hooks whose matcher matches the tool name', async () => {
    const { planner } = await createPlanner({ hooks });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' }))).toEqual([
      'sh writes.sh',
      'sh all.sh',
      'sh star.sh',
    ]);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'run_shell_command' }))).toEqual([
      'sh shell.sh',
      'sh all.sh',
      'sh star.sh',
    ]);
  });

  it('HOOK-032: AfterTool runs only the hooks whose matcher matches the tool name', async () => {
    const { planner } = await createPlanner({ hooks });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'write_file' }))).toEqual(['sh after-writes.sh']);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'read_file' }))).toEqual(['sh after-reads.sh']);
    expect(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'list_directory' })).toBeNull();
  });

  it('HOOK-022, HOOK-089: a hook without matcher, or with * as matcher, fires for every tool', async () => {
    const { planner } = await createPlanner({ hooks });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'some_new_tool' }))).toEqual(['sh all.sh', 'sh star.sh']);
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
    expect(commandsOf(planner.createExecutionPlan(HookEventName.AfterModel, { toolName: 'read_file' }))).toEqual(['sh after-model.sh']);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeToolSelection))).toEqual(['sh selection.sh']);
  });

  it('lifecycle events ignore matchers too', async () => {
    const { planner } = await createPlanner({ hooks: { SessionStart: [group(['sh start.sh'], { matcher: 'startup' })] } });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.SessionStart))).toEqual(['sh start.sh']);
  });

  it('returns null when no hook is registered, none matches, or all are disabled', async () => {
    const { planner, registry } = await createPlanner({ hooks: { BeforeTool: [group(['sh guard.sh'], { matcher: 'write_file' })] } });
    expect(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'write_file' })).toBeNull();
    expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'read_file' })).toBeNull();
    registry.setHookEnabled('sh guard.sh', false);
    expect(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' })).toBeNull();
    registry.setHookEnabled('sh guard.sh', true);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' }))).toEqual(['sh guard.sh']);
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
          hooks: { BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'sh guard.sh', timeout: 9000 }, { type: 'command', command: 'sh extra.sh' }] }] },
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
          { matcher: 'write_file', sequential: false, hooks: [{ type: 'command', command: 'sh guard.sh', name: 'second', timeout: 5 }] },
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
    const { planner } = await createPlanner({ hooks: { BeforeTool: [group(['sh audit.sh'])], AfterTool: [group(['sh audit.sh'])] } });
    expect(commandsOf(planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'x' }))).toEqual(['sh audit.sh']);
    expect(commandsOf(planner.createExecutionPlan(HookEventName.AfterTool, { toolName: 'x' }))).toEqual(['sh audit.sh']);
  });

  it('plugin hooks without a command are de-duplicated by name; unnamed ones are all kept', async () => {
    const { planner } = await createPlanner({
      hooks: {
        BeforeModel: [
          { hooks: [{ type: 'plugin', name: 'p' }, { type: 'plugin', name: 'p' }, { type: 'plugin' }, { type: 'plugin' }, { type: 'plugin', name: 'q' }] },
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
    const { planner, records } = await createPlanner({ hooks: { BeforeTool: [group(['sh a.sh', 'sh a.sh'], { sequential: true })] } });
    planner.createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' });
    const plannerMessages = records.filter((record) => record.namespace === 'hookrail:hooks:planner').map((record) => record.message);
    expect(plannerMessages).toEqual([
      'BeforeTool: skipping duplicate hook "sh a.sh" from project',
      'BeforeTool (write_file): 1 hook(s), sequential',
    ]);
  });
});

describe('HookPlanner sequential escalation', () => {
  it('HOOK-109: one sequential group makes the whole plan sequential', async () => {
    const { planner } = await createPlanner({
      hooks: { BeforeTool: [group(['sh a.sh', 'sh b.sh']), group(['sh c.sh'], { sequential: true }), group(['sh d.sh'])] },
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
