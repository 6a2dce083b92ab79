import { afterEach, describe, expect, it, vi } from 'vitest';
import { Config, DebugLogger, HookSystem } from '../../../src/index.js';
import { HookRegistry } from '../../../src/engine.js';

const someHooks = { BeforeTool: [{ hooks: [{ type: 'command' as const, command: 'true' }] }] };

describe('Config', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has defaults: hooks off, no hooks, a random UUID session, the process cwd, a DebugLogger', () => {
    const first = new Config();
    const second = new Config();
    expect(first.getEnableHooks()).toBe(false);
    expect(first.getHooks()).toEqual({});
    expect(first.getExtensions()).toEqual([]);
    expect(first.getDisabledHooks()).toEqual([]);
    expect(first.getSessionId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(first.getSessionId()).not.toBe(second.getSessionId());
    expect(first.getWorkingDir()).toBe(process.cwd());
    expect(first.getDebugLogger()).toBeInstanceOf(DebugLogger);
  });

  it('warmInterpreters: 2 idle per interpreter by default, 0 switches warm starts off, a bad value is warned about and the default kept', () => {
    expect(new Config().getWarmInterpreters()).toBe(2);
    expect(new Config({ warmInterpreters: 0 }).getWarmInterpreters()).toBe(0);
    expect(new Config({ warmInterpreters: 5 }).getWarmInterpreters()).toBe(5);
    const warnings: string[] = [];
    const logger = new DebugLogger('host', { sink: (record) => warnings.push(record.message) });
    expect(new Config({ warmInterpreters: -1, logger }).getWarmInterpreters()).toBe(2);
    expect(warnings).toEqual(['Config.warmInterpreters: expected a whole number, 0 or more (0: off), got -1; using 2']);
  });

  it('returns what it was given', () => {
    const logger = new DebugLogger('host', { sink: () => {} });
    const extensions = [{ name: 'ext', isActive: true, hooks: someHooks }];
    const config = new Config({
      enableHooks: true,
      hooks: someHooks,
      extensions,
      disabledHooks: ['true'],
      sessionId: 'abc',
      workingDir: '/tmp/project',
      logger,
    });
    expect(config.getEnableHooks()).toBe(true);
    expect(config.getHooks()).toBe(someHooks);
    expect(config.getExtensions()).toEqual(extensions);
    expect(config.getDisabledHooks()).toEqual(['true']);
    expect(config.getSessionId()).toBe('abc');
    expect(config.getWorkingDir()).toBe('/tmp/project');
    expect(config.getDebugLogger()).toBe(logger);
  });

  it('HOOK-002, HOOK-010, HOOK-013: getHookSystem() returns undefined synchronously when hooks are disabled', () => {
    const initialize = vi.spyOn(HookRegistry.prototype, 'initialize');
    const config = new Config({ enableHooks: false, hooks: someHooks });
    const hookSystem = config.getHookSystem();
    expect(hookSystem).toBeUndefined();
    expect(config.getHookSystem()).toBeUndefined();
    expect(initialize).not.toHaveBeenCalled();
  });

  it('HOOK-001, HOOK-206: getHookSystem() creates one HookSystem lazily and does not initialise it', () => {
    const initialize = vi.spyOn(HookRegistry.prototype, 'initialize');
    const config = new Config({ enableHooks: true, hooks: someHooks });
    const hookSystem = config.getHookSystem();
    expect(hookSystem).toBeInstanceOf(HookSystem);
    expect(config.getHookSystem()).toBe(hookSystem);
    expect(hookSystem?.isInitialized()).toBe(false);
    expect(hookSystem?.getStatus()).toEqual({ initialized: false, totalHooks: 0 });
    expect(initialize).not.toHaveBeenCalled();
  });

  it('HOOK-001: each Config owns its own HookSystem', () => {
    const first = new Config({ enableHooks: true }).getHookSystem();
    const second = new Config({ enableHooks: true }).getHookSystem();
    expect(first).toBeInstanceOf(HookSystem);
    expect(second).toBeInstanceOf(HookSystem);
    expect(first).not.toBe(second);
  });
});
