import { describe, expect, it } from 'vitest';
import { HookRegistryNotInitializedError } from '../../../src/errors.js';
import { Config, type ConfigParameters } from '../../../src/hooks/engine/config.js';
import type { LogRecord } from '../../../src/debugLogger.js';
import { getHookName } from '../../../src/hooks/protocol/hookConfig.js';
import { getSourcePriority, HookRegistry } from '../../../src/hooks/engine/hookRegistry.js';
import { validateHooksSettings } from '../../../src/hooks/validation/hooksSettingsValidation.js';
import { ConfigSource, DEFAULT_HOOK_TIMEOUT_MS, type HooksSettings } from '../../../src/hooks/protocol/hookConfig.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { recordingLogger } from '../../../src/testing.js';

function createRegistry(parameters: ConfigParameters): { registry: HookRegistry; records: LogRecord[] } {
  const { logger, records } = recordingLogger({ namespace: 'hookrail' });
  const registry = new HookRegistry(new Config({ enableHooks: true, logger, ...parameters }));
  return { registry, records };
}

/** Settings as read from a JSON file: unchecked, possibly invalid. */
function fromJson(value: unknown): HooksSettings {
  return value as HooksSettings;
}

function warnings(records: LogRecord[]): string[] {
  return records.filter((record) => record.level === 'warn').map((record) => record.message);
}

describe('HookRegistry sources and priority', () => {
  it('HOOK-085: tags config.getHooks() hooks as Project and active extensions as Extensions, ignoring inactive ones', async () => {
    const { registry } = createRegistry({
      hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'sh project.sh' }] }] },
      extensions: [
        {
          name: 'guard',
          isActive: true,
          hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'sh guard.sh' }] }] },
        },
        {
          name: 'asleep',
          isActive: false,
          hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'sh asleep.sh' }] }] },
        },
      ],
    });
    await registry.initialize();

    const all = registry.getAllHooks();
    expect(all.map((entry) => [entry.config.command, entry.source, entry.extensionName])).toEqual([
      ['sh project.sh', ConfigSource.Project, undefined],
      ['sh guard.sh', ConfigSource.Extensions, 'guard'],
    ]);
  });

  it('HOOK-086, HOOK-187: getSourcePriority ranks Project 1, User 2, System 3, Extensions 4', () => {
    expect(getSourcePriority(ConfigSource.Project)).toBe(1);
    expect(getSourcePriority(ConfigSource.User)).toBe(2);
    expect(getSourcePriority(ConfigSource.System)).toBe(3);
    expect(getSourcePriority(ConfigSource.Extensions)).toBe(4);
  });

  it('HOOK-086, HOOK-187: getHooksForEvent returns project hooks before extension hooks, each in configuration order', async () => {
    const { registry } = createRegistry({
      hooks: {
        BeforeTool: [
          {
            hooks: [
              { type: 'command', command: 'sh p1.sh' },
              { type: 'command', command: 'sh p2.sh' },
            ],
          },
          { matcher: 'write_file', hooks: [{ type: 'command', command: 'sh p3.sh' }] },
        ],
        AfterTool: [{ hooks: [{ type: 'command', command: 'sh after.sh' }] }],
      },
      extensions: [
        {
          name: 'first',
          isActive: true,
          hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'sh e1.sh' }] }] },
        },
        {
          name: 'second',
          isActive: true,
          hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'sh e2.sh' }] }] },
        },
      ],
    });
    await registry.initialize();

    const beforeTool = registry.getHooksForEvent(HookEventName.BeforeTool);
    expect(beforeTool.map((entry) => entry.config.command)).toEqual([
      'sh p1.sh',
      'sh p2.sh',
      'sh p3.sh',
      'sh e1.sh',
      'sh e2.sh',
    ]);
    expect(beforeTool.map((entry) => getSourcePriority(entry.source))).toEqual([1, 1, 1, 4, 4]);
    expect(beforeTool[2]).toMatchObject({
      matcher: 'write_file',
      sequential: false,
      enabled: true,
      eventName: HookEventName.BeforeTool,
    });
    expect(registry.getHooksForEvent(HookEventName.AfterTool).map((entry) => entry.config.command)).toEqual([
      'sh after.sh',
    ]);
    expect(registry.getHooksForEvent(HookEventName.BeforeModel)).toEqual([]);
  });

  it('getHooksForEvent and getAllHooks throw HookRegistryNotInitializedError before initialize()', () => {
    const { registry } = createRegistry({ hooks: {} });
    expect(() => registry.getHooksForEvent(HookEventName.BeforeTool)).toThrow(HookRegistryNotInitializedError);
    expect(() => registry.getAllHooks()).toThrow(HookRegistryNotInitializedError);
    expect(() => registry.setHookEnabled('anything', false)).toThrow(HookRegistryNotInitializedError);
  });

  it('a returned list cannot change the registry', async () => {
    const { registry } = createRegistry({
      hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'sh a.sh' }] }] },
    });
    await registry.initialize();
    registry.getHooksForEvent(HookEventName.BeforeTool).pop();
    registry.getAllHooks().pop();
    expect(registry.getHooksForEvent(HookEventName.BeforeTool)).toHaveLength(1);
    expect(registry.getAllHooks()).toHaveLength(1);
  });
});

describe('HookRegistry enabling and disabling', () => {
  const hooks = {
    BeforeTool: [
      {
        hooks: [
          { type: 'command' as const, command: 'sh guard.sh', name: 'guard' },
          { type: 'command' as const, command: 'sh audit.sh' },
        ],
      },
    ],
    AfterTool: [{ hooks: [{ type: 'command' as const, command: 'sh audit.sh' }] }],
  };

  it('config.getDisabledHooks() disables hooks by name and by command; they stay listed in getAllHooks()', async () => {
    const { registry } = createRegistry({ hooks, disabledHooks: ['guard', 'sh audit.sh'] });
    await registry.initialize();

    expect(registry.getHooksForEvent(HookEventName.BeforeTool)).toEqual([]);
    expect(registry.getHooksForEvent(HookEventName.AfterTool)).toEqual([]);
    expect(registry.getAllHooks().map((entry) => [entry.config.command, entry.enabled])).toEqual([
      ['sh guard.sh', false],
      ['sh audit.sh', false],
      ['sh audit.sh', false],
    ]);
  });

  it('setHookEnabled matches a name or a command, returns how many hooks changed, and updates getHooksForEvent', async () => {
    const { registry } = createRegistry({ hooks });
    await registry.initialize();

    expect(registry.setHookEnabled('sh audit.sh', false)).toBe(2);
    expect(registry.setHookEnabled('sh audit.sh', false)).toBe(0);
    expect(registry.getHooksForEvent(HookEventName.BeforeTool).map((entry) => entry.config.command)).toEqual([
      'sh guard.sh',
    ]);
    expect(registry.getHooksForEvent(HookEventName.AfterTool)).toEqual([]);

    expect(registry.setHookEnabled('guard', false)).toBe(1);
    expect(registry.getHooksForEvent(HookEventName.BeforeTool)).toEqual([]);

    expect(registry.setHookEnabled('guard', true)).toBe(1);
    expect(registry.setHookEnabled('sh audit.sh', true)).toBe(2);
    expect(registry.getHooksForEvent(HookEventName.BeforeTool).map((entry) => entry.config.command)).toEqual([
      'sh guard.sh',
      'sh audit.sh',
    ]);
    expect(registry.setHookEnabled('no such hook', false)).toBe(0);
  });

  it('getHookName prefers name, then command, then a placeholder for unnamed plugin hooks', () => {
    expect(getHookName({ type: 'command', command: 'sh a.sh', name: 'guard' })).toBe('guard');
    expect(getHookName({ type: 'command', command: 'sh a.sh' })).toBe('sh a.sh');
    expect(getHookName({ type: 'plugin' })).toBe('unnamed plugin hook');
  });
});

describe('validateHooksSettings', () => {
  it('accepts a valid settings object and flattens it into one definition per hook with its path', () => {
    const result = validateHooksSettings({
      BeforeTool: [
        {
          matcher: 'write_file|edit',
          sequential: true,
          hooks: [
            { type: 'command', command: 'sh a.sh', timeout: 1500, name: 'a' },
            { type: 'command', command: 'node b.js' },
          ],
        },
      ],
      SessionStart: [{ hooks: [{ type: 'command', command: 'sh start.sh' }] }],
    });
    expect(result.problems).toEqual([]);
    expect(result.definitions).toEqual([
      {
        eventName: HookEventName.BeforeTool,
        matcher: 'write_file|edit',
        sequential: true,
        config: { type: 'command', command: 'sh a.sh', timeout: 1500, name: 'a' },
        path: 'hooks.BeforeTool[0].hooks[0]',
      },
      {
        eventName: HookEventName.BeforeTool,
        matcher: 'write_file|edit',
        sequential: true,
        config: { type: 'command', command: 'node b.js' },
        path: 'hooks.BeforeTool[0].hooks[1]',
      },
      {
        eventName: HookEventName.SessionStart,
        sequential: false,
        config: { type: 'command', command: 'sh start.sh' },
        path: 'hooks.SessionStart[0].hooks[0]',
      },
    ]);
  });

  it.each([
    ['an array', []],
    ['a string', 'BeforeTool'],
    ['null', null],
  ])('settings that are %s are an error and register nothing', (_label, settings) => {
    const result = validateHooksSettings(settings);
    expect(result.definitions).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ path: 'hooks', severity: 'error' });
    expect(result.problems[0].message).toContain('expected an object mapping event names to hook definitions');
  });

  it('uses the given path as the prefix of every problem', () => {
    const result = validateHooksSettings(
      { BeforeTool: [{ hooks: [{ type: 'command' }] }] },
      { path: 'settings.json#hooks' },
    );
    expect(result.problems.map((problem) => problem.path)).toEqual(['settings.json#hooks.BeforeTool[0].hooks[0]']);
  });

  it('an unknown event is a warning and skipped; Claude Code names (read by readHooksInDialect, not here) say which hookrail event they are', () => {
    const result = validateHooksSettings({
      PreToolUse: [{ hooks: [{ type: 'command', command: 'sh a.sh' }] }],
      PostToolUse: [],
      UserPromptSubmit: [],
      Stop: [],
      PreCompact: [],
      beforetool: [],
      Sometime: [],
    });
    expect(result.definitions).toEqual([]);
    expect(result.problems.every((problem) => problem.severity === 'warning')).toBe(true);
    const messages = Object.fromEntries(result.problems.map((problem) => [problem.path, problem.message]));
    expect(messages['hooks.PreToolUse']).toContain('"PreToolUse" is Claude Code\'s name for BeforeTool');
    expect(messages['hooks.PostToolUse']).toContain("Claude Code's name for AfterTool");
    expect(messages['hooks.UserPromptSubmit']).toContain("Claude Code's name for BeforeAgent");
    expect(messages['hooks.Stop']).toContain("Claude Code's name for AfterAgent");
    expect(messages['hooks.PreCompact']).toContain("Claude Code's name for PreCompress");
    expect(messages['hooks.beforetool']).toContain('did you mean "BeforeTool"');
    expect(messages['hooks.Sometime']).toContain('Known events: BeforeTool, AfterTool');
  });

  it('HOOK-082: a definition list that is not an array, a definition that is not an object, and a missing or non-array hooks are errors, skipped', () => {
    const result = validateHooksSettings({
      BeforeTool: { hooks: [] },
      AfterTool: [
        'sh a.sh',
        { matcher: 'x' },
        { hooks: 'sh b.sh' },
        { hooks: [{ type: 'command', command: 'sh kept.sh' }] },
      ],
    });
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeTool',
        message: 'expected an array of hook definitions, got an object; skipped',
        severity: 'error',
      },
      {
        path: 'hooks.AfterTool[0]',
        message: expect.stringContaining('expected a hook definition object'),
        severity: 'error',
      },
      {
        path: 'hooks.AfterTool[1]',
        message: '"hooks" is missing (expected an array of hooks); definition skipped',
        severity: 'error',
      },
      {
        path: 'hooks.AfterTool[2].hooks',
        message: 'expected an array of hooks, got a string; definition skipped',
        severity: 'error',
      },
    ]);
    expect(result.definitions.map((definition) => [definition.config.command, definition.path])).toEqual([
      ['sh kept.sh', 'hooks.AfterTool[3].hooks[0]'],
    ]);
  });

  it('HOOK-082: a matcher that is not a string is an error and skips its definition', () => {
    const result = validateHooksSettings({
      BeforeTool: [{ matcher: 42, hooks: [{ type: 'command', command: 'sh a.sh' }] }],
    });
    expect(result.definitions).toEqual([]);
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeTool[0].matcher',
        message: expect.stringContaining('got a number; definition skipped'),
        severity: 'error',
      },
    ]);
  });

  it('HOOK-082, HOOK-191: a definition skipped for its matcher still has its hooks checked, each problem at its own path', () => {
    const result = validateHooksSettings({
      BeforeTool: [
        { matcher: 42, hooks: [{ type: 'command' }, { type: 'command', command: 'sh ok.sh', timeout: -1 }] },
        { matcher: '(?=run)', hooks: [{ type: 'script', command: 'x' }] },
      ],
    });
    expect(result.definitions).toEqual([]);
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeTool[0].matcher',
        message: expect.stringContaining('got a number; definition skipped'),
        severity: 'error',
      },
      { path: 'hooks.BeforeTool[0].hooks[0]', message: '"command" is missing; hook skipped', severity: 'error' },
      { path: 'hooks.BeforeTool[0].hooks[1].timeout', message: expect.stringContaining('got -1'), severity: 'warning' },
      {
        path: 'hooks.BeforeTool[1].matcher',
        message: expect.stringContaining('definition skipped'),
        severity: 'error',
      },
      {
        path: 'hooks.BeforeTool[1].hooks[0].type',
        message: expect.stringContaining('unknown hook type "script"'),
        severity: 'error',
      },
    ]);
  });

  it('HOOK-088: a matcher that is not a valid regular expression is only a warning; the hook is still registered', () => {
    const result = validateHooksSettings({
      BeforeTool: [{ matcher: '[write_file', hooks: [{ type: 'command', command: 'sh a.sh' }] }],
    });
    expect(result.definitions).toHaveLength(1);
    expect(result.definitions[0].matcher).toBe('[write_file');
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ path: 'hooks.BeforeTool[0].matcher', severity: 'warning' });
    expect(result.problems[0].message).toContain('"[write_file" is not a valid regular expression');
    expect(result.problems[0].message).toContain('compared literally');
  });

  it('HOOK-082: sequential that is not a boolean is a warning and treated as false', () => {
    const result = validateHooksSettings({
      BeforeTool: [{ sequential: 'yes', hooks: [{ type: 'command', command: 'sh a.sh' }] }],
    });
    expect(result.definitions).toHaveLength(1);
    expect(result.definitions[0].sequential).toBe(false);
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeTool[0].sequential',
        message: 'expected a boolean, got "yes"; treated as false',
        severity: 'warning',
      },
    ]);
  });

  it('HOOK-083, HOOK-191: a hook that is not an object, has no type, or has a type other than command/http/plugin is an error, skipped', () => {
    const result = validateHooksSettings({
      BeforeTool: [
        {
          hooks: [
            'sh a.sh',
            { command: 'sh no-type.sh' },
            { type: 'shell', command: 'https://example.invalid' },
            { type: 7, command: 'sh numeric-type.sh' },
            { type: 'command', command: 'sh kept.sh' },
          ],
        },
      ],
    });
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeTool[0].hooks[0]',
        message: expect.stringContaining('expected a hook object'),
        severity: 'error',
      },
      {
        path: 'hooks.BeforeTool[0].hooks[1]',
        message: '"type" is missing (expected "command", "http", "prompt", "agent" or "plugin"); hook skipped',
        severity: 'error',
      },
      {
        path: 'hooks.BeforeTool[0].hooks[2].type',
        message: 'unknown hook type "shell" (expected "command", "http", "prompt", "agent" or "plugin"); hook skipped',
        severity: 'error',
      },
      {
        path: 'hooks.BeforeTool[0].hooks[3].type',
        message: 'unknown hook type 7 (expected "command", "http", "prompt", "agent" or "plugin"); hook skipped',
        severity: 'error',
      },
    ]);
    expect(result.definitions.map((definition) => definition.config.command)).toEqual(['sh kept.sh']);
  });

  it('HOOK-083, HOOK-191: a command hook without a non-empty string command is an error, skipped', () => {
    const result = validateHooksSettings({
      BeforeTool: [
        {
          hooks: [
            { type: 'command', command: 'sh kept.sh' },
            { type: 'command' },
            { type: 'command', command: '   ' },
            { type: 'command', command: ['sh', 'a.sh'] },
          ],
        },
      ],
    });
    expect(result.problems).toEqual([
      { path: 'hooks.BeforeTool[0].hooks[1]', message: '"command" is missing; hook skipped', severity: 'error' },
      {
        path: 'hooks.BeforeTool[0].hooks[2].command',
        message: 'expected a non-empty string, got "   "; hook skipped',
        severity: 'error',
      },
      {
        path: 'hooks.BeforeTool[0].hooks[3].command',
        message: 'expected a non-empty string, got an array; hook skipped',
        severity: 'error',
      },
    ]);
    expect(result.definitions.map((definition) => definition.config.command)).toEqual(['sh kept.sh']);
  });

  it('HOOK-195: a plugin hook passes validation, with or without a command', () => {
    const result = validateHooksSettings({
      BeforeModel: [
        {
          hooks: [
            { type: 'plugin', name: 'in-process' },
            { type: 'plugin', command: 'my-plugin' },
          ],
        },
      ],
    });
    expect(result.problems).toEqual([]);
    expect(result.definitions.map((definition) => definition.config)).toEqual([
      { type: 'plugin', name: 'in-process' },
      { type: 'plugin', command: 'my-plugin' },
    ]);
  });

  it.each([
    ['a string', '5s', '"5s"'],
    ['zero', 0, '0'],
    ['negative', -100, '-100'],
    ['not finite', Number.POSITIVE_INFINITY, 'Infinity'],
    ['NaN', Number.NaN, 'NaN'],
  ])(
    'HOOK-083: a timeout that is %s is a warning; the hook is kept with the default timeout',
    (_label, timeout, shown) => {
      const result = validateHooksSettings({
        BeforeTool: [{ hooks: [{ type: 'command', command: 'sh guard.sh', timeout }] }],
      });
      expect(result.definitions).toHaveLength(1);
      expect(result.definitions[0].config).toEqual({ type: 'command', command: 'sh guard.sh' });
      expect(result.problems).toEqual([
        {
          path: 'hooks.BeforeTool[0].hooks[0].timeout',
          message: `expected a positive number of milliseconds, got ${shown}; the hook is kept with the default timeout of ${DEFAULT_HOOK_TIMEOUT_MS} ms`,
          severity: 'warning',
        },
      ]);
    },
  );

  it('a name or description that is not a string is a warning and ignored; the hook is kept', () => {
    const result = validateHooksSettings({
      BeforeTool: [{ hooks: [{ type: 'command', command: 'sh a.sh', name: 3, description: {} }] }],
    });
    expect(result.definitions.map((definition) => definition.config)).toEqual([
      { type: 'command', command: 'sh a.sh' },
    ]);
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeTool[0].hooks[0].name',
        message: 'expected a string, got a number; ignored',
        severity: 'warning',
      },
      {
        path: 'hooks.BeforeTool[0].hooks[0].description',
        message: 'expected a string, got an object; ignored',
        severity: 'warning',
      },
    ]);
  });

  it('never changes the settings object it validates', () => {
    const settings = { BeforeTool: [{ hooks: [{ type: 'command', command: 'sh a.sh', timeout: 'soon', name: 1 }] }] };
    const snapshot = structuredClone(settings);
    validateHooksSettings(settings);
    expect(settings).toEqual(snapshot);
  });
});

describe('HookRegistry validation warnings', () => {
  it('HOOK-191: initialize() logs every problem at warn level on the hooks:registry logger, with its exact JSON path, and never throws', async () => {
    const { registry, records } = createRegistry({
      hooks: fromJson({
        BeforeTool: [
          { hooks: [{ type: 'command', command: 'sh kept.sh' }, { type: 'command' }, { type: 'shell', command: 'x' }] },
        ],
        PermissionDenied: [],
      }),
      extensions: [
        {
          name: 'sec',
          isActive: true,
          hooks: { AfterTool: [{ hooks: [{ type: 'command', command: 'sh e.sh', timeout: -1 }] }] },
        },
      ],
    });
    await expect(registry.initialize()).resolves.toBeUndefined();

    const registryRecords = records.filter(
      (record) => record.namespace === 'hookrail:hooks:registry' && record.level === 'warn',
    );
    expect(registryRecords.map((record) => record.message)).toEqual([
      "hooks: mixes Claude Code event names (PermissionDenied) with hookrail's (BeforeTool); each group speaks the dialect of its event's name, and SessionStart, SessionEnd and Notification hooks speak hookrail's",
      'hooks.BeforeTool[0].hooks[1]: "command" is missing; hook skipped',
      'hooks.BeforeTool[0].hooks[2].type: unknown hook type "shell" (expected "command", "http", "prompt", "agent" or "plugin"); hook skipped',
      'hooks.PermissionDenied: Claude Code event "PermissionDenied" has no hookrail equivalent; its hooks are skipped (supported Claude Code events: PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop, SubagentStop, SubagentStart, SessionStart, SessionEnd, PreCompact, PostCompact, StopFailure, PermissionRequest, PostToolBatch, Notification)',
      `extensions["sec"].hooks.AfterTool[0].hooks[0].timeout: expected a positive number of milliseconds, got -1; the hook is kept with the default timeout of ${DEFAULT_HOOK_TIMEOUT_MS} ms`,
    ]);
    expect(registryRecords[1].data).toEqual({ path: 'hooks.BeforeTool[0].hooks[1]', severity: 'error' });
    expect(registry.getProblems()).toHaveLength(5);
    expect(registry.getAllHooks().map((entry) => entry.config.command)).toEqual(['sh kept.sh', 'sh e.sh']);
  });

  it("an extension's hooks that are not an object register nothing and log one warning naming the extension", async () => {
    const { registry, records } = createRegistry({
      extensions: [{ name: 'lint', isActive: true, hooks: fromJson(['sh a.sh']) }],
    });
    await registry.initialize();
    expect(registry.getAllHooks()).toEqual([]);
    expect(warnings(records)).toEqual([
      'extensions["lint"].hooks: expected an object mapping event names to hook definitions, got an array; no hooks registered',
    ]);
  });

  it('Config `hooks` that are not an object are refused when the Config is constructed, naming the parameter', () => {
    expect(() => createRegistry({ hooks: fromJson(['sh a.sh']) })).toThrow(
      'Config parameter "hooks" must be an object keyed by event name',
    );
  });

  it('a valid configuration logs no warning and reports no problem', async () => {
    const { registry, records } = createRegistry({
      hooks: { AfterModel: [{ hooks: [{ type: 'command', command: 'sh a.sh' }] }] },
    });
    await registry.initialize();
    expect(warnings(records)).toEqual([]);
    expect(registry.getProblems()).toEqual([]);
  });
});
