import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  Config,
  DefaultHookOutput,
  executeToolWithHooks,
  fireAfterToolHook,
  fireBeforeToolHook,
  HOOK_BLOCKED_ERROR_TYPE,
  HOOK_STOPPED_ERROR_TYPE,
  TOOL_EXECUTION_ERROR_TYPE,
  type LogRecord,
  type ToolResult,
} from '../../../src/index.js';
import { HookAggregator, HookRegistry } from '../../../src/engine.js';
import { toolHooksMayApply } from '../../../src/hooks/triggers/toolHookTriggers.js';
import { commandGroup, hookConfig, Scratch, systemFixture } from '../../helpers/systemFixtures.js';
import {
  afterToolEffectsCommand,
  frozenToolResult,
  frozenToolResultCopy,
  resultWithAfterToolEffects,
} from '../../helpers/frozen.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());
afterEach(() => {
  vi.restoreAllMocks();
});

const guardCommand = `sh "${systemFixture('guard-shell.sh')}"`;

function written(path = 'a.txt'): ToolResult {
  return { llmContent: `wrote ${path}`, returnDisplay: `Wrote ${path}`, metadata: { path } };
}

/** A tool that records the arguments it was called with. */
function recordingTool(
  result: (args: Record<string, unknown>) => ToolResult = (args) => written(String(args['path'])),
) {
  return vi.fn(async (args: Record<string, unknown>) => result(args));
}

function warnings(records: LogRecord[]): string[] {
  return records.filter((record) => record.level === 'warn').map((record) => record.message);
}

describe('tool triggers with hooks disabled', () => {
  it('HOOK-002, HOOK-010, HOOK-013: executeToolWithHooks calls executeFn synchronously, with no hook work and no process', async () => {
    const { command, logFile } = scratch.logEvent();
    const config = new Config({
      enableHooks: false,
      hooks: { BeforeTool: [commandGroup(command)], AfterTool: [commandGroup(command)] },
    });
    const initialize = vi.spyOn(HookRegistry.prototype, 'initialize');
    const tool = recordingTool();
    const pending = executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool);
    expect(tool).toHaveBeenCalledTimes(1);
    expect(await pending).toEqual(written('a.txt'));
    expect(config.getHookSystem()).toBeUndefined();
    expect(initialize).not.toHaveBeenCalled();
    expect(existsSync(logFile)).toBe(false);
  });

  it('HOOK-002: fireBeforeToolHook and fireAfterToolHook resolve to undefined when hooks are disabled', async () => {
    const config = new Config({ enableHooks: false });
    await expect(fireBeforeToolHook(config, 'write_file', {})).resolves.toBeUndefined();
    await expect(fireAfterToolHook(config, 'write_file', {}, { llmContent: 'x' })).resolves.toBeUndefined();
  });

  it('HOOK-110: a tool that throws still yields an error result when hooks are disabled', async () => {
    const config = new Config({ enableHooks: false });
    const result = await executeToolWithHooks(config, 'write_file', {}, async () => {
      throw new Error('EACCES');
    });
    expect(result.error).toEqual({ message: 'EACCES', type: TOOL_EXECUTION_ERROR_TYPE });
  });
});

describe('BeforeTool through executeToolWithHooks', () => {
  it('HOOK-209, HOOK-023: a BeforeTool hook exiting 1 with stderr fails open and its "Warning: <stderr>" reaches the result', async () => {
    const { config } = hookConfig({
      BeforeTool: [commandGroup(scratch.respond({ stderr: 'disk almost full', exitCode: 1 }))],
    });
    const tool = recordingTool();
    const output = await fireBeforeToolHook(config, 'write_file', { path: 'a.txt' });
    expect(output?.systemMessage).toBe('Warning: disk almost full');
    expect(output?.isBlockingDecision()).toBe(false);
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool);
    expect(tool).toHaveBeenCalledTimes(1);
    expect(result.llmContent).toBe('wrote a.txt\n\n[System] Warning: disk almost full');
  });

  it('HOOK-014, HOOK-015, HOOK-062: BeforeTool fires before the tool with base fields, tool_name and tool_input', async () => {
    const capture = scratch.file('before.log');
    const { config } = hookConfig(
      { BeforeTool: [commandGroup(scratch.respond({ capture }))] },
      { workingDir: scratch.directory },
    );
    let seenBeforeExecution: Array<Record<string, unknown>> = [];
    await executeToolWithHooks(config, 'write_file', { path: 'a.txt', content: 'hi' }, async (args) => {
      seenBeforeExecution = readJsonLines(capture);
      return written(String(args['path']));
    });
    expect(seenBeforeExecution).toHaveLength(1);
    const input = seenBeforeExecution[0];
    expect(input).toMatchObject({
      session_id: 'session-test',
      cwd: scratch.directory,
      hook_event_name: 'BeforeTool',
      transcript_path: '',
      tool_name: 'write_file',
      tool_input: { path: 'a.txt', content: 'hi' },
    });
    expect(new Date(input['timestamp'] as string).toISOString()).toBe(input['timestamp']);
  });

  it('HOOK-016a, HOOK-017, HOOK-183: exit 2 with stderr blocks; the tool never runs; llmContent is the stderr reason', async () => {
    const { config } = hookConfig({ BeforeTool: [commandGroup(guardCommand, { matcher: 'run_shell_command' })] });
    const tool = recordingTool();
    const result = await executeToolWithHooks(config, 'run_shell_command', { command: 'rm -rf /' }, tool);
    expect(tool).not.toHaveBeenCalled();
    expect(result.llmContent).toBe('Refusing to run rm -rf: destructive command');
    expect(result.error?.type).toBe(HOOK_BLOCKED_ERROR_TYPE);
    expect(result).not.toHaveProperty('blocked');
  });

  it('HOOK-016b, HOOK-017: decision "block" or "deny" in JSON on exit 0 blocks with the JSON reason', async () => {
    for (const decision of ['block', 'deny']) {
      const command = scratch.respond({ stdout: { decision, reason: `no writes today (${decision})` } });
      const { config } = hookConfig({ BeforeTool: [commandGroup(command)] });
      const tool = recordingTool();
      const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool);
      expect(tool).not.toHaveBeenCalled();
      expect(result.llmContent).toBe(`no writes today (${decision})`);
    }
  });

  it('HOOK-018: allow, approve, ask or no decision lets the tool run normally', async () => {
    for (const stdout of [{ decision: 'allow' }, { decision: 'approve' }, { decision: 'ask' }, {}, '']) {
      const { config } = hookConfig({ BeforeTool: [commandGroup(scratch.respond({ stdout }))] });
      const tool = recordingTool();
      const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool);
      expect(tool).toHaveBeenCalledWith({ path: 'a.txt' });
      expect(result).toEqual(written('a.txt'));
    }
  });

  it('HOOK-019, HOOK-156, HOOK-177: a modified tool_input runs the tool with the hook arguments merged over the originals', async () => {
    const command = scratch.respond({ stdout: { hookSpecificOutput: { tool_input: { path: 'sandbox/a.txt' } } } });
    const { config } = hookConfig({ BeforeTool: [commandGroup(command)] });
    const tool = recordingTool();
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt', content: 'hi' }, tool);
    expect(tool).toHaveBeenCalledWith({ path: 'sandbox/a.txt', content: 'hi' });
    expect(result.llmContent).toBe('wrote sandbox/a.txt');
  });

  it("HOOK-019: Claude Code's updatedInput is honoured the same way", async () => {
    const command = scratch.respond({
      stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'ls -la' } } },
    });
    const { config } = hookConfig({ BeforeTool: [commandGroup(command)] });
    const tool = recordingTool(() => written());
    await executeToolWithHooks(config, 'run_shell_command', { command: 'ls' }, tool);
    expect(tool).toHaveBeenCalledWith({ command: 'ls -la' });
  });

  it('HOOK-020, HOOK-177: continue false returns a stop result with the stopReason; the tool never runs', async () => {
    const command = scratch.respond({ stdout: { continue: false, stopReason: 'daily budget reached' } });
    const { config } = hookConfig({ BeforeTool: [commandGroup(command)] });
    const tool = recordingTool();
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool);
    expect(tool).not.toHaveBeenCalled();
    expect(result.llmContent).toBe('Agent execution stopped by hook: daily budget reached');
    expect(result.error).toEqual({ message: 'daily budget reached', type: HOOK_STOPPED_ERROR_TYPE });
  });

  it('HOOK-020: a stop outranks a block given by the same hooks, so the caller still ends the loop', async () => {
    const command = scratch.respond({
      stdout: { decision: 'block', reason: 'no', continue: false, stopReason: 'halt' },
    });
    const { config } = hookConfig({ BeforeTool: [commandGroup(command)] });
    const result = await executeToolWithHooks(config, 'write_file', {}, recordingTool());
    expect(result.error?.type).toBe(HOOK_STOPPED_ERROR_TYPE);
    expect(result.error?.message).toBe('halt');
  });

  it('HOOK-021, HOOK-022, HOOK-177: only hooks whose matcher matches the tool name run; a hook without matcher runs for all', async () => {
    const writeOnly = scratch.logEvent();
    const everyTool = scratch.logEvent();
    const { config } = hookConfig({
      BeforeTool: [commandGroup(writeOnly.command, { matcher: 'write_file|replace' }), commandGroup(everyTool.command)],
    });
    await executeToolWithHooks(config, 'read_file', { path: 'a' }, recordingTool());
    await executeToolWithHooks(config, 'write_file', { path: 'b' }, recordingTool());
    expect(readJsonLines(writeOnly.logFile).map((input) => input['tool_name'])).toEqual(['write_file']);
    expect(readJsonLines(everyTool.logFile).map((input) => input['tool_name'])).toEqual(['read_file', 'write_file']);
  });

  it('HOOK-023, HOOK-110: a BeforeTool hook exiting 1 fails open and warns with the exit code and stderr', async () => {
    const command = scratch.respond({
      exitCode: 1,
      stderr: 'jq: command not found',
      stdout: { decision: 'block', reason: 'ignored' },
    });
    const { config, records } = hookConfig({ BeforeTool: [commandGroup(command)] });
    const tool = recordingTool();
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool);
    expect(tool).toHaveBeenCalledTimes(1);
    expect(result).toEqual({
      ...written('a.txt'),
      llmContent: 'wrote a.txt\n\n[System] Warning: jq: command not found',
    });
    const warning = warnings(records).find((message) => message.includes('jq: command not found'));
    expect(warning).toBeDefined();
    expect(warning).toMatch(/\b1\b/);
  });

  it('HOOK-023, HOOK-110: a BeforeTool hook that times out fails open with a warning naming the timeout', async () => {
    const hang = `node -e "setTimeout(() => {}, 20000)"`;
    const { config, records } = hookConfig({ BeforeTool: [commandGroup(hang, { timeout: 300 })] });
    const tool = recordingTool();
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool);
    expect(tool).toHaveBeenCalledTimes(1);
    expect(result).toEqual(written('a.txt'));
    expect(warnings(records).some((message) => message.includes('timed out after 300 ms'))).toBe(true);
  });

  it("HOOK-024: in a sequential BeforeTool chain the next hook receives the previous hook's tool_input, and the tool runs with it", async () => {
    const capture = scratch.file('chain.log');
    const rewrite = scratch.respond({ stdout: { hookSpecificOutput: { tool_input: { path: 'safe/a.txt' } } } });
    const observe = scratch.respond({ capture });
    const { config } = hookConfig({
      BeforeTool: [
        {
          sequential: true,
          hooks: [
            { type: 'command', command: rewrite },
            { type: 'command', command: observe },
          ],
        },
      ],
    });
    const tool = recordingTool();
    await executeToolWithHooks(config, 'write_file', { path: 'a.txt', content: 'x' }, tool);
    expect(readJsonLines(capture)[0]['tool_input']).toEqual({ path: 'safe/a.txt', content: 'x' });
    expect(tool).toHaveBeenCalledWith({ path: 'safe/a.txt', content: 'x' });
  });

  it('HOOK-159: a BeforeTool systemMessage on an allowed call reaches the model on the tool result', async () => {
    const command = scratch.respond({ stdout: { decision: 'allow', systemMessage: 'write audited' } });
    const { config } = hookConfig({ BeforeTool: [commandGroup(command)] });
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, recordingTool());
    expect(result.llmContent).toBe('wrote a.txt\n\n[System] write audited');
    expect(result.returnDisplay).toBe('Wrote a.txt');
  });
});

describe('AfterTool through executeToolWithHooks', () => {
  it('HOOK-025, HOOK-026: AfterTool fires after the tool with tool_response { llmContent, returnDisplay, metadata, error }', async () => {
    const capture = scratch.file('after.log');
    const { config } = hookConfig({ AfterTool: [commandGroup(scratch.respond({ capture }))] });
    let seenDuringExecution = -1;
    await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, async () => {
      seenDuringExecution = readJsonLines(capture).length;
      return written('a.txt');
    });
    expect(seenDuringExecution).toBe(0);
    const inputs = readJsonLines(capture);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatchObject({
      hook_event_name: 'AfterTool',
      tool_name: 'write_file',
      tool_input: { path: 'a.txt' },
      tool_response: { llmContent: 'wrote a.txt', returnDisplay: 'Wrote a.txt', metadata: { path: 'a.txt' } },
    });
    expect(inputs[0]['tool_response']).not.toHaveProperty('error');
  });

  it('HOOK-025, HOOK-026: a tool that throws becomes an error result, and AfterTool still fires with the error', async () => {
    const capture = scratch.file('after-error.log');
    const { config } = hookConfig({ AfterTool: [commandGroup(scratch.respond({ capture }))] });
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, async () => {
      throw new Error('disk full');
    });
    expect(result.llmContent).toBe('Tool execution failed: disk full');
    expect(readJsonLines(capture)[0]['tool_response']).toMatchObject({
      error: { message: 'disk full', type: TOOL_EXECUTION_ERROR_TYPE },
    });
  });

  it('HOOK-027, HOOK-030, HOOK-131, HOOK-159, HOOK-178: additionalContext and systemMessage are appended to llmContent only', async () => {
    const command = scratch.respond({
      stdout: {
        systemMessage: 'formatting changed 3 lines',
        hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'Run npm test next.' },
      },
    });
    const { config } = hookConfig({ AfterTool: [commandGroup(command)] });
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, recordingTool());
    expect(result.llmContent).toBe('wrote a.txt\n\nRun npm test next.\n\n[System] formatting changed 3 lines');
    expect(result.returnDisplay).toBe('Wrote a.txt');
  });

  it('HOOK-029, HOOK-132, HOOK-178: suppressOutput sets suppressDisplay while the model keeps llmContent', async () => {
    const { config } = hookConfig({ AfterTool: [commandGroup(scratch.respond({ stdout: { suppressOutput: true } }))] });
    const result = await executeToolWithHooks(config, 'read_file', { path: 'secret.env' }, recordingTool());
    expect(result.suppressDisplay).toBe(true);
    expect(result.llmContent).toBe('wrote secret.env');
  });

  it('HOOK-028, HOOK-178: AfterTool continue false returns a stop result carrying the stopReason', async () => {
    const command = scratch.respond({ stdout: { continue: false, stopReason: 'tests are red' } });
    const { config } = hookConfig({ AfterTool: [commandGroup(command)] });
    const tool = recordingTool();
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool);
    expect(tool).toHaveBeenCalledTimes(1);
    expect(result.llmContent).toBe('Agent execution stopped by hook: tests are red');
    expect(result.error).toEqual({ message: 'tests are red', type: HOOK_STOPPED_ERROR_TYPE });
  });

  it('HOOK-178: an AfterTool block decision is not an AfterTool effect; the result is kept', async () => {
    const command = scratch.respond({ stdout: { decision: 'block', reason: 'too late to block' } });
    const { config } = hookConfig({ AfterTool: [commandGroup(command)] });
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, recordingTool());
    expect(result).toEqual(written('a.txt'));
  });

  it('a Gemini CLI hook\'s AfterTool decision "deny" puts "Tool result blocked: <reason>" in place of the result, as Gemini CLI does', async () => {
    const command = scratch.respond({
      stdout: { decision: 'deny', reason: 'Gemini CLI puts this in place of the result' },
    });
    const { config } = hookConfig({
      AfterTool: [{ hooks: [{ type: 'command' as const, command, dialect: 'gemini' as const }] }],
    });
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, recordingTool());
    expect(result.llmContent).toBe('Tool result blocked: Gemini CLI puts this in place of the result');
    expect(result.replacedContent).toBe(written('a.txt').llmContent);
  });

  it('HOOK-031, HOOK-110: a failing AfterTool hook leaves the result unchanged and warns with exit code and stderr', async () => {
    const command = scratch.respond({ exitCode: 3, stderr: 'formatter crashed', stdout: { systemMessage: 'ignored' } });
    const { config, records } = hookConfig({ AfterTool: [commandGroup(command)] });
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, recordingTool());
    expect(result).toEqual(written('a.txt'));
    const warning = warnings(records).find((message) => message.includes('formatter crashed'));
    expect(warning).toMatch(/\b3\b/);
  });

  it('HOOK-032: AfterTool hooks with a matcher run only for matching tool names', async () => {
    const { command, logFile } = scratch.logEvent();
    const { config } = hookConfig({ AfterTool: [commandGroup(command, { matcher: '^run_shell_command$' })] });
    await executeToolWithHooks(
      config,
      'read_file',
      {},
      recordingTool(() => written()),
    );
    await executeToolWithHooks(
      config,
      'run_shell_command',
      {},
      recordingTool(() => written()),
    );
    expect(readJsonLines(logFile).map((input) => input['tool_name'])).toEqual(['run_shell_command']);
  });

  it('HOOK-217: the ToolResult the tool returned is never mutated', async () => {
    const command = scratch.respond({
      stdout: { systemMessage: 'x', suppressOutput: true, hookSpecificOutput: { additionalContext: 'y' } },
    });
    const { config } = hookConfig({
      BeforeTool: [commandGroup(scratch.respond({ stdout: { systemMessage: 'b' } }))],
      AfterTool: [commandGroup(command)],
    });
    const original = Object.freeze(written('a.txt'));
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, async () => original);
    expect(result).not.toBe(original);
    expect(result.llmContent).toBe('wrote a.txt\n\n[System] b\n\ny\n\n[System] x');
    expect(original).toEqual(written('a.txt'));
  });
});

describe('HOOK-217 with an AfterTool hook only', () => {
  it('HOOK-217: a deep-frozen ToolResult stays unchanged; executeToolWithHooks returns a new result carrying the AfterTool context, system message and suppression', async () => {
    const { config, records } = hookConfig({ AfterTool: [commandGroup(afterToolEffectsCommand)] });
    const original = frozenToolResult();
    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, async () => original);
    expect(result).not.toBe(original);
    expect(result).toEqual(resultWithAfterToolEffects);
    expect(original).toEqual(frozenToolResultCopy());
    expect(warnings(records)).toEqual([]);
  });
});

describe('fireBeforeToolHook / fireAfterToolHook', () => {
  it('HOOK-127, HOOK-150, HOOK-183: fireBeforeToolHook(config, toolName, toolInput) resolves to the aggregated output the caller checks', async () => {
    const { config } = hookConfig({ BeforeTool: [commandGroup(guardCommand)] });
    const blocked = await fireBeforeToolHook(config, 'run_shell_command', { command: 'rm -rf build' });
    expect(blocked).toBeInstanceOf(DefaultHookOutput);
    expect(blocked?.isBlockingDecision()).toBe(true);
    expect(blocked?.getBlockingError()).toEqual({
      blocked: true,
      reason: 'Refusing to run rm -rf: destructive command',
    });
    const allowed = await fireBeforeToolHook(config, 'run_shell_command', { command: 'ls' });
    expect(allowed?.isBlockingDecision() ?? false).toBe(false);
  });

  it('HOOK-128, HOOK-151: fireAfterToolHook(config, toolName, toolInput, toolResponse) resolves to the aggregated output', async () => {
    const capture = scratch.file('after-direct.log');
    const command = scratch.respond({ capture, stdout: { hookSpecificOutput: { additionalContext: 'checked' } } });
    const { config } = hookConfig({ AfterTool: [commandGroup(command)] });
    const output = await fireAfterToolHook(
      config,
      'write_file',
      { path: 'a' },
      { llmContent: 'ok', returnDisplay: 'ok', metadata: {} },
    );
    expect(output).toBeInstanceOf(DefaultHookOutput);
    expect(output?.getAdditionalContext()).toBe('checked');
    expect(readJsonLines(capture)[0]['tool_response']).toEqual({
      llmContent: 'ok',
      returnDisplay: 'ok',
      metadata: {},
    });
  });

  it('HOOK-127, HOOK-128: both resolve to undefined when no hook matches', async () => {
    const { config } = hookConfig({ BeforeTool: [commandGroup('true', { matcher: 'nothing_matches' })] });
    await expect(fireBeforeToolHook(config, 'write_file', {})).resolves.toBeUndefined();
    await expect(fireAfterToolHook(config, 'write_file', {}, {})).resolves.toBeUndefined();
  });

  it('HOOK-111, HOOK-113, HOOK-115: an infrastructure failure resolves to undefined with a warning, and the tool still runs', async () => {
    vi.spyOn(HookRegistry.prototype, 'initialize').mockRejectedValue(new Error('settings unreadable'));
    const { config, records } = hookConfig({ BeforeTool: [commandGroup(guardCommand)] });
    await expect(fireBeforeToolHook(config, 'write_file', {})).resolves.toBeUndefined();
    await expect(fireAfterToolHook(config, 'write_file', {}, {})).resolves.toBeUndefined();
    const tool = recordingTool();
    await expect(executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool)).resolves.toEqual(
      written('a.txt'),
    );
    expect(tool).toHaveBeenCalledTimes(1);
    expect(
      warnings(records).filter((message) => message.includes('settings unreadable')).length,
    ).toBeGreaterThanOrEqual(2);
    expect(warnings(records)[0]).toContain("fireBeforeToolHook for 'write_file' failed");
  });

  it("HOOK-111, HOOK-115: an exception while interpreting the hooks' answers (after they ran) resolves to undefined with a warning, and the tool still runs", async () => {
    const capture = scratch.file('interpreted.log');
    const command = scratch.respond({ capture, stdout: { decision: 'block', reason: 'never applied' } });
    const { config, records } = hookConfig({ BeforeTool: [commandGroup(command)] });
    vi.spyOn(HookAggregator.prototype, 'aggregateResults').mockImplementation(() => {
      throw new Error('aggregator exploded');
    });
    await expect(fireBeforeToolHook(config, 'write_file', { path: 'a.txt' })).resolves.toBeUndefined();
    expect(readJsonLines(capture)).toHaveLength(1);
    expect(warnings(records)).toEqual([
      "BeforeTool fired for 'write_file' failed in the hook system, continuing without hooks: aggregator exploded",
    ]);
    const tool = recordingTool();
    await expect(executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool)).resolves.toEqual(
      written('a.txt'),
    );
    expect(tool).toHaveBeenCalledTimes(1);
    expect(readJsonLines(capture)).toHaveLength(2);
  });

  it('HOOK-111, HOOK-115: a Config that throws when asked for onAskUser makes the BeforeTool step warn, never throw: the call goes on', async () => {
    const { config, records } = hookConfig({ BeforeTool: [commandGroup(guardCommand)] });
    vi.spyOn(config, 'getOnAskUser').mockImplementation(() => {
      throw new Error('onAskUser unreadable');
    });
    await expect(fireBeforeToolHook(config, 'write_file', { path: 'a.txt' })).resolves.toBeUndefined();
    const tool = recordingTool();
    await expect(executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool)).resolves.toEqual(
      written('a.txt'),
    );
    expect(tool).toHaveBeenCalledTimes(1);
    expect(warnings(records)).toEqual([
      "fireBeforeToolHook for 'write_file' failed, continuing as if no hook ran: onAskUser unreadable",
      "fireBeforeToolHook for 'write_file' failed, continuing as if no hook ran: onAskUser unreadable",
    ]);
  });

  it('HOOK-111: a tool that returns something other than a ToolResult yields an error result, with hooks on or off', async () => {
    const capture = scratch.file('invalid-result.log');
    const { config } = hookConfig({ AfterTool: [commandGroup(scratch.respond({ capture }))] });
    const invalid = async () => undefined as unknown as ToolResult;
    for (const host of [config, new Config({ enableHooks: false })]) {
      const result = await executeToolWithHooks(host, 'write_file', {}, invalid);
      expect(result.error?.type).toBe(TOOL_EXECUTION_ERROR_TYPE);
      expect(result.llmContent).toContain('Tool "write_file" returned an invalid result');
    }
    expect(readJsonLines(capture)[0]['tool_response']).toMatchObject({
      error: { type: TOOL_EXECUTION_ERROR_TYPE },
    });
  });

  it('HOOK-133: executeToolWithHooks(config, toolName, toolInput, executeFn) resolves to the ToolResult of the whole lifecycle', async () => {
    const { config } = hookConfig({
      BeforeTool: [commandGroup(scratch.respond({ stdout: { decision: 'allow' } }))],
      AfterTool: [commandGroup(scratch.respond({ stdout: { hookSpecificOutput: { additionalContext: 'ok' } } }))],
    });
    const pending = executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, recordingTool());
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual({ ...written('a.txt'), llmContent: 'wrote a.txt\n\nok' });
  });
});

describe('toolHooksMayApply', () => {
  it('HOOK-002, HOOK-010, HOOK-012, HOOK-013: false with hooks disabled; true until initialised; then whether a BeforeTool or AfterTool hook matches', async () => {
    const disabled = new Config({ enableHooks: false, hooks: { BeforeTool: [commandGroup('true')] } });
    expect(toolHooksMayApply(disabled, 'write_file')).toBe(false);
    expect(disabled.getHookSystem()).toBeUndefined();

    const { config } = hookConfig({
      BeforeTool: [commandGroup('true', { matcher: '^write_file$' })],
      AfterTool: [commandGroup('true', { matcher: '^read_file$' })],
    });
    expect(toolHooksMayApply(config, 'glob')).toBe(true);
    await config.getHookSystem()!.initialize();
    expect(toolHooksMayApply(config, 'write_file')).toBe(true);
    expect(toolHooksMayApply(config, 'read_file')).toBe(true);
    expect(toolHooksMayApply(config, 'glob')).toBe(false);
  });

  it('HOOK-111: a failing hook-system lookup is thrown to the caller; executeToolWithHooks then runs the tool (no hook is fail-closed), each failed step warning', async () => {
    const { config, records } = hookConfig({ BeforeTool: [commandGroup(guardCommand)] });
    vi.spyOn(config, 'getHookSystem').mockImplementation(() => {
      throw new Error('hook system unavailable');
    });
    expect(() => toolHooksMayApply(config, 'write_file')).toThrow('hook system unavailable');
    const tool = recordingTool();
    await expect(executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, tool)).resolves.toEqual(
      written('a.txt'),
    );
    expect(tool).toHaveBeenCalledTimes(1);
    expect(warnings(records)).toEqual([
      "toolHooksMayApply (the hook steps run) for 'write_file' failed, continuing as if no hook ran: hook system unavailable",
      "fireBeforeToolHook for 'write_file' failed, continuing as if no hook ran: hook system unavailable",
      "fireAfterToolHook for 'write_file' failed, continuing as if no hook ran: hook system unavailable",
    ]);
  });
});

describe('callers of the triggers', () => {
  it('HOOK-134: no source file fires a hook trigger or event with a void prefix', () => {
    const sourceRoot = fileURLToPath(new URL('../../../src/', import.meta.url));
    const sourceFiles = (readdirSync(sourceRoot, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(sourceRoot, file));
    expect(sourceFiles.length).toBeGreaterThan(10);
    const fireAndForget = /\bvoid\s+(?:[\w.]+\.)?(?:fire\w*(?:Hook|Event)|executeToolWithHooks|trigger\w*Hook)\s*\(/;
    const offenders = sourceFiles.filter((file) => fireAndForget.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
    expect(fireAndForget.test('void fireBeforeToolHook(config, name, args);')).toBe(true);
    expect(fireAndForget.test('void this.eventHandler.fireAfterModelEvent(request, response);')).toBe(true);
  });
});
