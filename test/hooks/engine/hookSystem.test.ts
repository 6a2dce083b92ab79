import { existsSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  Config,
  DEFAULT_HOOK_TIMEOUT_MS,
  executeToolWithHooks,
  fireAfterModelHook,
  fireBeforeModelHook,
  fireBeforeToolHook,
  fireBeforeToolSelectionHook,
  HookEventHandler,
  HookrailError,
  HookSystem,
  HookSystemNotInitializedError,
  type ToolResult,
} from '../../../src/index.js';
import { HOOK_KILL_GRACE_MS, HookRegistry, HookRunner } from '../../../src/engine.js';
import { GenerateContentResponse } from '@google/genai';
import { commandGroup, hookConfig, Scratch, systemFixture } from '../../helpers/systemFixtures.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());
afterEach(() => {
  vi.restoreAllMocks();
});

const request = { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
const okResult: ToolResult = { llmContent: 'ok', returnDisplay: 'ok' };

describe('HookSystem', () => {
  it('HOOK-001, HOOK-206: created lazily by Config.getHookSystem() and not initialised until the first event fires', async () => {
    const initialize = vi.spyOn(HookRegistry.prototype, 'initialize');
    const { config } = hookConfig({ BeforeTool: [commandGroup('true')] });
    const hookSystem = config.getHookSystem();
    expect(hookSystem).toBeInstanceOf(HookSystem);
    expect(config.getHookSystem()).toBe(hookSystem);
    expect(hookSystem?.isInitialized()).toBe(false);
    expect(initialize).not.toHaveBeenCalled();

    await fireBeforeToolHook(config, 'write_file', {});
    expect(initialize).toHaveBeenCalledTimes(1);
    expect(hookSystem?.isInitialized()).toBe(true);
  });

  it('HOOK-003, HOOK-008: concurrent first fires of every trigger share one registry initialisation', async () => {
    const initialize = vi.spyOn(HookRegistry.prototype, 'initialize');
    const { config } = hookConfig({ BeforeTool: [commandGroup('true', { matcher: 'none' })] });
    const response = new GenerateContentResponse();
    await Promise.all([
      fireBeforeToolHook(config, 'write_file', {}),
      fireBeforeToolHook(config, 'read_file', {}),
      executeToolWithHooks(config, 'write_file', {}, async () => okResult),
      fireBeforeModelHook(config, request),
      fireAfterModelHook(config, request, response),
      fireBeforeToolSelectionHook(config, request),
    ]);
    expect(initialize).toHaveBeenCalledTimes(1);
    for (let fire = 0; fire < 5; fire += 1) await fireBeforeToolHook(config, 'write_file', {});
    expect(initialize).toHaveBeenCalledTimes(1);
  });

  it('HOOK-004: initialize() called again returns at once without re-initialising the registry', async () => {
    const initialize = vi.spyOn(HookRegistry.prototype, 'initialize');
    const hookSystem = new Config({ enableHooks: true }).getHookSystem()!;
    await hookSystem.initialize();
    await hookSystem.initialize();
    await Promise.all([hookSystem.initialize(), hookSystem.initialize()]);
    expect(initialize).toHaveBeenCalledTimes(1);
    expect(hookSystem.isInitialized()).toBe(true);
  });

  it('HOOK-005, HOOK-148: getEventHandler() and getRegistry() throw HookSystemNotInitializedError before initialize()', async () => {
    const hookSystem = new Config({ enableHooks: true }).getHookSystem()!;
    expect(() => hookSystem.getEventHandler()).toThrow(HookSystemNotInitializedError);
    expect(() => hookSystem.getRegistry()).toThrow(HookSystemNotInitializedError);
    try {
      hookSystem.getRegistry();
    } catch (error) {
      expect(error).toBeInstanceOf(HookrailError);
      expect((error as Error).name).toBe('HookSystemNotInitializedError');
      expect((error as Error).message).toContain('initialize()');
    }
    await hookSystem.initialize();
    expect(hookSystem.getEventHandler()).toBeInstanceOf(HookEventHandler);
    expect(hookSystem.getRegistry()).toBeInstanceOf(HookRegistry);
  });

  it('HOOK-006, HOOK-142: exposes getRegistry, getEventHandler and getStatus, and returns the same shared instances', async () => {
    const hookSystem = new Config({ enableHooks: true }).getHookSystem()!;
    await hookSystem.initialize();
    expect(hookSystem.getEventHandler()).toBe(hookSystem.getEventHandler());
    expect(hookSystem.getRegistry()).toBe(hookSystem.getRegistry());
    const methods = Object.getOwnPropertyNames(HookSystem.prototype);
    expect(methods).toEqual(expect.arrayContaining(['initialize', 'getEventHandler', 'getRegistry', 'getStatus']));
    for (const hidden of ['getPlanner', 'getRunner', 'getAggregator']) expect(methods).not.toContain(hidden);
  });

  it("HOOK-007: triggers use the HookSystem's registry, so disabling a hook there takes effect on the next fire", async () => {
    const { command, logFile } = scratch.logEvent();
    const { config } = hookConfig({ BeforeTool: [commandGroup(command)] });
    await fireBeforeToolHook(config, 'write_file', { n: 1 });
    expect(readJsonLines(logFile)).toHaveLength(1);
    expect(config.getHookSystem()!.getRegistry().setHookEnabled(command, false)).toBe(1);
    await fireBeforeToolHook(config, 'write_file', { n: 2 });
    await executeToolWithHooks(config, 'write_file', { n: 3 }, async () => okResult);
    expect(readJsonLines(logFile)).toHaveLength(1);
  });

  it('HOOK-009: getStatus() reports { initialized, totalHooks }', async () => {
    const { config } = hookConfig(
      { BeforeTool: [commandGroup('true'), commandGroup('false')], AfterModel: [commandGroup('true')] },
      { extensions: [{ name: 'fmt', isActive: true, hooks: { AfterTool: [commandGroup('echo fmt')] } }] },
    );
    const hookSystem = config.getHookSystem()!;
    expect(hookSystem.getStatus()).toEqual({ initialized: false, totalHooks: 0 });
    await hookSystem.initialize();
    expect(hookSystem.getStatus()).toEqual({ initialized: true, totalHooks: 4 });
  });

  it('HOOK-010, HOOK-012, HOOK-013: with hooks enabled but none matching, the tool runs synchronously, no hook fires or process spawns', async () => {
    const { command, logFile } = scratch.logEvent();
    const { config } = hookConfig({
      BeforeTool: [commandGroup(command, { matcher: '^write_file$' })],
      AfterTool: [commandGroup(command, { matcher: '^write_file$' })],
    });
    await config.getHookSystem()!.initialize();
    const parallel = vi.spyOn(HookRunner.prototype, 'executeHooksParallel');
    const sequential = vi.spyOn(HookRunner.prototype, 'executeHooksSequential');
    const executeHook = vi.spyOn(HookRunner.prototype, 'executeHook');
    const initialize = vi.spyOn(HookRegistry.prototype, 'initialize');
    const fireBeforeTool = vi.spyOn(HookEventHandler.prototype, 'fireBeforeToolEvent');
    const fireAfterTool = vi.spyOn(HookEventHandler.prototype, 'fireAfterToolEvent');
    const tool = vi.fn(async () => okResult);
    const pending = executeToolWithHooks(config, 'read_file', { path: 'a' }, tool);
    expect(tool).toHaveBeenCalledTimes(1);
    expect(await pending).toBe(okResult);
    expect(fireBeforeTool).not.toHaveBeenCalled();
    expect(fireAfterTool).not.toHaveBeenCalled();
    await fireBeforeModelHook(config, request);
    expect(parallel).not.toHaveBeenCalled();
    expect(sequential).not.toHaveBeenCalled();
    expect(executeHook).not.toHaveBeenCalled();
    expect(initialize).not.toHaveBeenCalled();
    expect(existsSync(logFile)).toBe(false);
  });

  it('HOOK-113: a failed initialisation fails open with a warning and is retried by the next fire', async () => {
    const capture = scratch.file('retry.log');
    vi.spyOn(HookRegistry.prototype, 'initialize').mockRejectedValueOnce(new Error('settings locked'));
    const { config, records } = hookConfig({
      BeforeTool: [commandGroup(scratch.respond({ capture, stdout: { decision: 'deny', reason: 'no' } }))],
    });
    await expect(fireBeforeToolHook(config, 'write_file', {})).resolves.toBeUndefined();
    expect(records.some((record) => record.level === 'warn' && record.message.includes('settings locked'))).toBe(true);
    const output = await fireBeforeToolHook(config, 'write_file', {});
    expect(output?.isBlockingDecision()).toBe(true);
    expect(readJsonLines(capture)).toHaveLength(1);
  });

  it('HOOK-125: hook behaviour does not depend on the TTY state of the host process', async () => {
    const command = `sh "${systemFixture('tty-probe.sh')}"`;
    const { config } = hookConfig({ BeforeTool: [commandGroup(command)] });
    const stdoutDescriptor = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
    const stdinDescriptor = Object.getOwnPropertyDescriptor(process.stdin, 'isTTY');
    const outputs: unknown[] = [];
    try {
      for (const isTTY of [true, false]) {
        Object.defineProperty(process.stdout, 'isTTY', { value: isTTY, configurable: true, writable: true });
        Object.defineProperty(process.stdin, 'isTTY', { value: isTTY, configurable: true, writable: true });
        const output = await fireBeforeToolHook(config, 'write_file', { path: 'a' });
        outputs.push({
          decision: output?.decision,
          systemMessage: output?.systemMessage,
          blocking: output?.isBlockingDecision(),
        });
      }
    } finally {
      restoreProperty(process.stdout, 'isTTY', stdoutDescriptor);
      restoreProperty(process.stdin, 'isTTY', stdinDescriptor);
    }
    expect(outputs[0]).toEqual({ decision: 'allow', systemMessage: 'stdin-tty=no stdout-tty=no', blocking: false });
    expect(outputs[1]).toEqual(outputs[0]);
  });

  it('HOOK-016, HOOK-019, HOOK-182: beforeTool decides each call in one step: block, rewrite, ask only when someone can be asked', async () => {
    const config = new Config({
      enableHooks: true,
      sessionId: 'session-test',
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'no-env',
          run: (input) =>
            String(input.tool_input['file_path']).endsWith('.env')
              ? { decision: 'deny', reason: '.env is off limits' }
              : undefined,
        },
        {
          event: 'BeforeTool',
          name: 'dry-run',
          run: (input) =>
            input.tool_name === 'run_shell_command'
              ? { hookSpecificOutput: { tool_input: { command: `${String(input.tool_input['command'])} --dry-run` } } }
              : undefined,
        },
        {
          event: 'BeforeTool',
          name: 'confirm',
          run: (input) =>
            input.tool_name === 'delete_file' ? { decision: 'ask', reason: 'deleting needs a yes' } : undefined,
        },
      ],
    });
    const hookSystem = config.getHookSystem()!;
    await expect(hookSystem.beforeTool({ toolName: 'read_file', args: {} })).rejects.toBeInstanceOf(
      HookSystemNotInitializedError,
    );
    await hookSystem.initialize();

    const blocked = await hookSystem.beforeTool({ toolName: 'read_file', args: { file_path: 'a/.env' } });
    expect(blocked.kind).toBe('blocked');
    expect(blocked.kind === 'blocked' && blocked.result.llmContent).toContain('.env is off limits');

    const rewritten = await hookSystem.beforeTool({
      toolName: 'run_shell_command',
      args: { command: 'make', cwd: 'x' },
    });
    expect(rewritten).toMatchObject({ kind: 'proceed', args: { command: 'make --dry-run', cwd: 'x' }, modified: true });

    const untouched = { file_path: 'a.txt' };
    const plain = await hookSystem.beforeTool({ toolName: 'read_file', args: untouched });
    expect(plain).toMatchObject({ kind: 'proceed', modified: false });
    expect(plain.kind === 'proceed' && plain.args).toBe(untouched);

    expect(await hookSystem.beforeTool({ toolName: 'delete_file', args: {}, canAsk: true })).toMatchObject({
      kind: 'ask',
      reason: 'deleting needs a yes',
      hookNames: ['confirm'],
    });
    expect(await hookSystem.beforeTool({ toolName: 'delete_file', args: {} })).toMatchObject({
      kind: 'proceed',
      modified: false,
    });
  });
});

function restoreProperty(target: object, key: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor) Object.defineProperty(target, key, descriptor);
  else delete (target as Record<string, unknown>)[key];
}

describe('spec constants on the Config path', () => {
  it('HOOK-118, HOOK-120: a hook fired through a Config runs with the 60000 ms default timeout and the 5000 ms SIGTERM → SIGKILL grace', async () => {
    expect(DEFAULT_HOOK_TIMEOUT_MS).toBe(60_000);
    expect(HOOK_KILL_GRACE_MS).toBe(5_000);
    const { config, records } = hookConfig({ BeforeTool: [commandGroup('true')] });
    await fireBeforeToolHook(config, 'write_file', {});
    const started = records.filter((record) => record.level === 'debug' && record.message.startsWith('Running hook'));
    expect(started).toHaveLength(1);
    expect(started[0]!.data).toMatchObject({ timeoutMs: 60_000, killGraceMs: 5_000 });
  });
});
