/**
 * Reading a `hooks` object in any dialect: Claude Code's event names are read as Claude Code's
 * (hooks stamped `claude`, timeouts in seconds, the narrowing Claude event kept), hookrail's as
 * native, a fixed dialect from the file's location wins, and every problem keeps the path as written.
 */
import { describe, expect, it } from 'vitest';
import { readHooksInDialect } from '../../../src/hooks/engine/dialectHooks.js';
import { toHooksSettings } from '../../../src/adapters/settings/settingsScopeFile.js';
import { detectHooksDialect } from '../../../src/hooks/dialects/detect.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';

const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: text, ...extra });

describe('detectHooksDialect', () => {
  it("Claude Code's own names make an object Claude; hookrail's make it native; shared names decide nothing", () => {
    expect(detectHooksDialect({ PreToolUse: [], SessionStart: [] })).toMatchObject({
      dialect: 'claude',
      mixed: false,
      claudeKeys: ['PreToolUse'],
    });
    expect(detectHooksDialect({ BeforeTool: [], SessionStart: [] })).toMatchObject({
      dialect: 'native',
      mixed: false,
      nativeKeys: ['BeforeTool'],
    });
    expect(detectHooksDialect({ SessionStart: [], Notification: [] })).toMatchObject({
      dialect: 'native',
      mixed: false,
    });
    expect(detectHooksDialect({ Stop: [], BeforeModel: [] })).toMatchObject({ dialect: 'native', mixed: true });
    expect(detectHooksDialect('not an object')).toMatchObject({ dialect: 'native', mixed: false });
  });

  it("a key that is neither agent's event (a typo) does not turn a Claude Code object native, nor mixed", () => {
    expect(detectHooksDialect({ PreToolUse: [], PreToolUze: [] })).toEqual({
      dialect: 'claude',
      mixed: false,
      claudeKeys: ['PreToolUse'],
      nativeKeys: [],
    });
  });
});

describe('readHooksInDialect', () => {
  it('a Claude-named object: every hook speaks Claude, timeouts in seconds become ms, matchers stay as written', () => {
    const result = readHooksInDialect({
      PreToolUse: [{ matcher: 'Bash', hooks: [command('guard.sh', { timeout: 5 })] }],
      SessionStart: [{ matcher: 'compact', hooks: [command('context.sh')] }],
    });
    expect(result.dialect).toBe('claude');
    expect(result.problems).toEqual([]);
    expect(result.definitions).toEqual([
      {
        eventName: HookEventName.BeforeTool,
        matcher: 'Bash',
        sequential: false,
        config: command('guard.sh', { timeout: 5000, dialect: 'claude' }),
        path: 'hooks.PreToolUse[0].hooks[0]',
      },
      {
        eventName: HookEventName.SessionStart,
        matcher: 'compact',
        sequential: false,
        config: command('context.sh', { dialect: 'claude' }),
        path: 'hooks.SessionStart[0].hooks[0]',
      },
    ]);
  });

  it('PostToolUse / PostToolUseFailure / Stop / SubagentStop keep the Claude event they narrow their hookrail event to', () => {
    const result = readHooksInDialect({
      PostToolUse: [{ hooks: [command('ok.sh')] }],
      PostToolUseFailure: [{ hooks: [command('failed.sh')] }],
      Stop: [{ hooks: [command('stop.sh')] }],
      SubagentStop: [{ hooks: [command('sub.sh')] }],
      UserPromptSubmit: [{ hooks: [command('prompt.sh')] }],
      PreCompact: [{ hooks: [command('compact.sh')] }],
    });
    expect(
      result.definitions.map((definition) => [
        definition.eventName,
        definition.config.command,
        definition.config.dialectEvent,
      ]),
    ).toEqual([
      [HookEventName.AfterTool, 'ok.sh', 'PostToolUse'],
      [HookEventName.AfterTool, 'failed.sh', 'PostToolUseFailure'],
      [HookEventName.AfterAgent, 'stop.sh', 'Stop'],
      [HookEventName.AfterAgent, 'sub.sh', 'SubagentStop'],
      [HookEventName.BeforeAgent, 'prompt.sh', undefined],
      [HookEventName.PreCompress, 'compact.sh', undefined],
    ]);
  });

  it('HOOK-087: "*" — how Gemini CLI\'s guides write "every tool" — matches all without a regular-expression warning', () => {
    const result = readHooksInDialect(
      { BeforeTool: [{ matcher: '*', hooks: [command('log.sh')] }] },
      { dialect: 'gemini' },
    );
    expect(result.problems).toEqual([]);
    expect(result.definitions[0].matcher).toBe('*');
  });

  it('a native object is unchanged: no stamps, milliseconds', () => {
    const hooks = { BeforeTool: [{ matcher: 'run_shell_command', hooks: [command('guard.sh', { timeout: 5 })] }] };
    const result = readHooksInDialect(hooks);
    expect(result.dialect).toBe('native');
    expect(result.definitions[0].config).toEqual(command('guard.sh', { timeout: 5 }));
  });

  it("the location's dialect wins: a Claude Code file may use hookrail's names (seconds still); a Gemini CLI file keeps ms and its old switches are not events", () => {
    const claude = readHooksInDialect(
      { BeforeTool: [{ hooks: [command('a.sh', { timeout: 2 })] }] },
      { dialect: 'claude' },
    );
    expect(claude.definitions[0].config).toEqual(command('a.sh', { timeout: 2000, dialect: 'claude' }));
    const gemini = readHooksInDialect(
      { enabled: true, disabled: ['x'], BeforeTool: [{ hooks: [command('b.sh', { timeout: 2 })] }] },
      { dialect: 'gemini' },
    );
    expect(gemini.problems).toEqual([]);
    expect(gemini.definitions[0].config).toEqual(command('b.sh', { timeout: 2, dialect: 'gemini' }));
  });

  it("a mixed object is a warning; each group speaks the dialect of its event's name", () => {
    const result = readHooksInDialect({
      PreToolUse: [{ hooks: [command('claude.sh', { timeout: 1 })] }],
      AfterTool: [{ hooks: [command('native.sh', { timeout: 1 })] }],
    });
    expect(result.problems).toEqual([
      expect.objectContaining({
        path: 'hooks',
        severity: 'warning',
        message: expect.stringContaining('mixes Claude Code event names (PreToolUse)'),
      }),
    ]);
    expect(result.definitions.map((definition) => definition.config)).toEqual([
      command('claude.sh', { timeout: 1000, dialect: 'claude' }),
      command('native.sh', { timeout: 1 }),
    ]);
  });

  it("problems keep the Claude file's paths; a bad Claude timeout is named in seconds", () => {
    const result = readHooksInDialect({
      PreToolUse: [{ hooks: [command('a.sh', { timeout: 'soon' }), { type: 'command' }] }],
      PermissionDenied: [],
    });
    expect(result.problems).toEqual([
      {
        path: 'hooks.PreToolUse[0].hooks[0].timeout',
        message:
          'expected a positive number of seconds, got "soon"; the hook is kept with the default timeout of 600 s',
        severity: 'warning',
      },
      { path: 'hooks.PreToolUse[0].hooks[1]', message: '"command" is missing; hook skipped', severity: 'error' },
      {
        path: 'hooks.PermissionDenied',
        message: expect.stringContaining('Claude Code event "PermissionDenied" has no hookrail equivalent'),
        severity: 'warning',
      },
    ]);
  });

  it("a source's variables (a plugin's root) are added to every hook's env, the hook's own win", () => {
    const result = readHooksInDialect(
      {
        PostToolUse: [
          {
            matcher: 'Write',
            hooks: [
              command('${CLAUDE_PLUGIN_ROOT}/fmt.sh', { env: { MODE: 'strict', CLAUDE_PLUGIN_ROOT: '/mine' } }),
              command('lint.sh'),
            ],
          },
        ],
      },
      { dialect: 'claude', env: { CLAUDE_PLUGIN_ROOT: '/plugins/fmt' } },
    );
    expect(result.definitions.map((definition) => definition.config.env)).toEqual([
      { CLAUDE_PLUGIN_ROOT: '/mine', MODE: 'strict' },
      { CLAUDE_PLUGIN_ROOT: '/plugins/fmt' },
    ]);
  });

  it('reading the result again changes nothing (merged settings go through Config.hooks once more)', () => {
    const first = readHooksInDialect({
      PreToolUse: [{ matcher: 'Bash', hooks: [command('a.sh', { timeout: 3 })] }],
      PostToolUseFailure: [{ hooks: [command('b.sh')] }],
    });
    const again = readHooksInDialect(toHooksSettings(first.definitions));
    expect(again.problems).toEqual([]);
    expect(again.definitions.map(({ path: _path, ...definition }) => definition)).toEqual(
      first.definitions.map(({ path: _path, ...definition }) => definition),
    );
  });

  it('bad dialect fields in a hookrail file are dropped with a warning naming their path', () => {
    const result = readHooksInDialect({
      AfterTool: [
        {
          hooks: [
            command('a.sh', { dialect: 'cursor', dialectEvent: 'Stop', env: { OK: 'yes', 'BAD NAME': 'x', NUM: 3 } }),
          ],
        },
      ],
    });
    expect(result.definitions[0].config).toEqual(command('a.sh', { env: { OK: 'yes' } }));
    expect(result.problems.map((problem) => problem.path)).toEqual([
      'hooks.AfterTool[0].hooks[0].dialect',
      'hooks.AfterTool[0].hooks[0].dialectEvent',
      'hooks.AfterTool[0].hooks[0].env.BAD NAME',
      'hooks.AfterTool[0].hooks[0].env.NUM',
    ]);
  });
});
