/**
 * A hook system that cannot run its hooks never fails open in silence: Config checks its parameters
 * when constructed (a console-like logger is accepted on purpose), every failure of the engine itself
 * reaches the logger or stderr, and a fail-closed or pinned hook blocks when the engine fails.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Config,
  ConfigParameterError,
  createToolScheduler,
  DebugLogger,
  executeToolWithHooks,
  fireBeforeAgentHook,
  HookrailError,
  HOOK_BLOCKED_ERROR_TYPE,
  type ToolResult,
} from '../../../src/index.js';
import { bashFixtureCommand, fixtureCommand } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';

const guard = bashFixtureCommand('id-guard.sh', 'deny');

function loadTool() {
  const ran: unknown[] = [];
  const execute = async (args: Record<string, unknown>): Promise<ToolResult> => {
    ran.push(args.id);
    return { llmContent: `loaded ${String(args.id)}`, returnDisplay: 'loaded' };
  };
  return { ran, execute };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Config: a console-like logger is accepted and hooks keep running', () => {
  it('HOOK-016b: with `logger: console` a deny guard still refuses the odd call and lets the even one run', async () => {
    const config = new Config({
      enableHooks: true,
      logger: console,
      hooks: { BeforeTool: [{ matcher: 'load_tool', hooks: [{ type: 'command', command: guard }] }] },
    });
    const { ran, execute } = loadTool();
    const odd = await executeToolWithHooks(config, 'load_tool', { id: 1 }, execute);
    const even = await executeToolWithHooks(config, 'load_tool', { id: 2 }, execute);
    expect(odd).toMatchObject({ llmContent: 'odd', error: { type: HOOK_BLOCKED_ERROR_TYPE } });
    expect(even.llmContent).toBe('loaded 2');
    expect(ran).toEqual([2]);
  });

  it('HOOK-023: a console-like logger receives each warning through its method of that level, naming the hook and its exit code', async () => {
    const calls: Array<[string, string]> = [];
    const consoleLike = {
      warn: (message: string) => calls.push(['warn', message]),
      error: (message: string) => calls.push(['error', message]),
      info: (message: string) => calls.push(['info', message]),
      debug: (message: string) => calls.push(['debug', message]),
    };
    const crash = fixtureCommand('crash.sh');
    const config = new Config({
      enableHooks: true,
      logger: consoleLike,
      hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: crash }] }] },
    });
    const { ran, execute } = loadTool();
    await executeToolWithHooks(config, 'load_tool', { id: 2 }, execute);
    expect(ran).toEqual([2]);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe('warn');
    expect(calls[0]![1]).toContain('[hookrail:hooks:runner]');
    expect(calls[0]![1]).toContain(`Hook "${crash}" for BeforeTool failed (fail-open): exit code 1`);
  });
});

describe('Config: a parameter of the wrong type throws at construction, naming it', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['logger', { logger: 42 }],
    ['logger', { logger: { log: () => undefined } }],
    ['enableHooks', { enableHooks: 'yes' }],
    ['hooks', { hooks: [] }],
    ['functionHooks', { functionHooks: { event: 'BeforeTool' } }],
    ['extensions', { extensions: 'ext' }],
    ['disabledHooks', { disabledHooks: [1] }],
    ['hookEnvironment', { hookEnvironment: ['*_KEY'] }],
    ['hookEnvironment.withhold', { hookEnvironment: { withhold: '*_KEY' } }],
    ['sessionId', { sessionId: '' }],
    ['workingDir', { workingDir: 7 }],
    ['onAskUser', { onAskUser: 'deny' }],
    ['transcriptPath', { transcriptPath: false }],
    ['hookModel', { hookModel: {} }],
    ['hookAgentRunner', { hookAgentRunner: {} }],
    ['onJudgedHook', { onJudgedHook: 1 }],
    ['subagent', { subagent: 'true' }],
  ];

  it.each(cases)('%s', (parameter, parameters) => {
    let thrown: unknown;
    try {
      new Config(parameters as never);
    } catch (error) {
      thrown = error;
    }
    expect(ConfigParameterError.isInstance(thrown)).toBe(true);
    expect(HookrailError.isInstance(thrown)).toBe(true);
    expect((thrown as ConfigParameterError).parameter).toBe(parameter);
    expect((thrown as Error).message).toMatch(
      new RegExp(`^Config parameter "${parameter.replace('.', '\\.')}" must be .+; got .+`),
    );
  });

  it('the message says what was expected and what came', () => {
    expect(() => new Config({ logger: 42 as never })).toThrow(
      'Config parameter "logger" must be a DebugLogger or a console-like logger (an object with a warn method, such as console); got number 42',
    );
    expect(() => new Config(null as never)).toThrow('Config parameter "parameters" must be an object; got null');
  });
});

describe('an engine failure is reported and fails closed where a hook says so', () => {
  /** Settings whose AfterTool key throws when read: the registry cannot be built at the first event. */
  function settingsThatBreak(beforeToolHook: Record<string, unknown>): Record<string, unknown> {
    const settings: Record<string, unknown> = { BeforeTool: [{ matcher: 'load_tool', hooks: [beforeToolHook] }] };
    Object.defineProperty(settings, 'AfterTool', {
      enumerable: true,
      get() {
        throw new Error('settings store unavailable');
      },
    });
    return settings;
  }

  it('HOOK-111: without a fail-closed hook the call runs, and the failure is a warning naming the step and the cause', async () => {
    const { logger, records } = recordingLogger({ level: 'warn' });
    const config = new Config({
      enableHooks: true,
      logger,
      hooks: settingsThatBreak({ type: 'command', command: guard }),
    });
    const { ran, execute } = loadTool();
    const result = await executeToolWithHooks(config, 'load_tool', { id: 1 }, execute);
    expect(result.llmContent).toBe('loaded 1');
    expect(ran).toEqual([1]);
    expect(records.map((record) => record.message)).toContain(
      "fireBeforeToolHook for 'load_tool' failed, continuing as if no hook ran: settings store unavailable",
    );
  });

  it.each([
    ['onFailure: "block"', { onFailure: 'block', name: 'odd-guard' }],
    ['pinned', { pinned: true, name: 'odd-guard' }],
  ])(
    'a %s BeforeTool hook blocks the call when the engine cannot run it; the warning names the hook',
    async (_label, fields) => {
      const { logger, records } = recordingLogger({ level: 'warn' });
      const config = new Config({
        enableHooks: true,
        logger,
        hooks: settingsThatBreak({ type: 'command', command: guard, ...fields }),
      });
      const { ran, execute } = loadTool();
      const result = await executeToolWithHooks(config, 'load_tool', { id: 2 }, execute);
      expect(ran).toEqual([]);
      expect(result.error?.type).toBe(HOOK_BLOCKED_ERROR_TYPE);
      expect(result.llmContent).toBe(
        'hookrail could not run the hooks of BeforeTool (settings store unavailable); "odd-guard" is fail-closed, so it is blocked',
      );
      expect(records.map((record) => record.message)).toContain(
        `fireBeforeToolHook for 'load_tool' failed, blocking BeforeTool, as its fail-closed or pinned hook "odd-guard" would: settings store unavailable`,
      );
    },
  );

  it('through the scheduler too: a fail-closed BeforeTool hook blocks the call when the engine cannot run it', async () => {
    const { logger } = recordingLogger({ level: 'warn' });
    const config = new Config({
      enableHooks: true,
      logger,
      hooks: settingsThatBreak({ type: 'command', command: guard, name: 'odd-guard', onFailure: 'block' }),
    });
    const { ran, execute } = loadTool();
    const scheduler = createToolScheduler({ config, tools: [{ name: 'load_tool', execute }] });
    const batch = await scheduler.schedule([{ callId: 'c1', name: 'load_tool', args: { id: 2 } }]);
    expect(ran).toEqual([]);
    expect(batch.results.map((result) => ({ outcome: result.outcome, type: result.result.error?.type }))).toEqual([
      { outcome: 'blocked', type: HOOK_BLOCKED_ERROR_TYPE },
    ]);
  });

  it('a fail-closed BeforeAgent hook refuses the prompt when the engine cannot run it', async () => {
    const { logger } = recordingLogger({ level: 'warn' });
    const settings = settingsThatBreak({ type: 'command', command: guard });
    settings.BeforeAgent = [
      { hooks: [{ type: 'command', command: 'true', name: 'prompt-policy', onFailure: 'block' }] },
    ];
    const config = new Config({ enableHooks: true, logger, hooks: settings });
    const result = await fireBeforeAgentHook(config, 'hello');
    expect(result).toMatchObject({ blocked: true, reason: expect.stringContaining('"prompt-policy" is fail-closed') });
  });

  it("when the Config's logger fails too, the failure reaches stderr, and the fail-closed hook still blocks", async () => {
    class BrokenLogger extends DebugLogger {
      override child(): DebugLogger {
        throw new Error('no child loggers here');
      }
    }
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const config = new Config({
      enableHooks: true,
      logger: new BrokenLogger(),
      hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: guard, name: 'odd-guard', onFailure: 'block' }] }] },
    });
    const { ran, execute } = loadTool();
    const result = await executeToolWithHooks(config, 'load_tool', { id: 2 }, execute);
    vi.restoreAllMocks();
    expect(ran).toEqual([]);
    expect(result.error?.type).toBe(HOOK_BLOCKED_ERROR_TYPE);
    expect(written.join('')).toContain(
      "[hookrail:hooks:triggers] warn: fireBeforeToolHook for 'load_tool' failed, blocking BeforeTool, as its fail-closed or pinned hook \"odd-guard\" would: no child loggers here (the Config's logger failed too: no child loggers here)",
    );
  });

  it('a logger sink that throws does not silence a warning: the record goes to stderr', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const logger = new DebugLogger('hookrail', {
      sink: () => {
        throw new Error('sink closed');
      },
    });
    logger.warn('Hook "guard" for BeforeTool failed');
    vi.restoreAllMocks();
    expect(written).toEqual([
      '[hookrail] warn: Hook "guard" for BeforeTool failed (the logger\'s sink threw: sink closed)\n',
    ]);
  });
});
