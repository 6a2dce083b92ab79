/**
 * The hook system's questions about one tool call — `toolHooksMayApply`, `beforeTool`, `afterTool` —
 * with real hook scripts as processes, and the rule that a call's BeforeTool hooks are selected once:
 * the fire runs the selection the question made, unless the hooks or the arguments it read changed.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Config, fireBeforeToolHook, type HookSystem, type ToolResult } from '../../../src/index.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { fixtureCommand } from '../../helpers/hookFixtures.js';
import { readJsonLines } from '../../helpers/jsonLines.js';
import { tracePlanner } from '../../helpers/plannerTrace.js';
import { Scratch } from '../../helpers/systemFixtures.js';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());
afterEach(() => {
  vi.restoreAllMocks();
});

/** An initialised hook system of an enabled Config with `hooks`. */
async function readyHookSystem(parameters: ConstructorParameters<typeof Config>[0]): Promise<HookSystem> {
  const hookSystem = new Config({ enableHooks: true, sessionId: 'session-test', ...parameters }).getHookSystem()!;
  await hookSystem.initialize();
  return hookSystem;
}

const commandHook = (matcher: string, command: string) => ({ matcher, hooks: [{ type: 'command', command }] });

describe('HookSystem.beforeTool with real command hooks', () => {
  it('HOOK-016b, HOOK-018, HOOK-019: a deny blocks with its reason, an allow proceeds with the arguments as called, a rewrite merges into them', async () => {
    const hookSystem = await readyHookSystem({
      hooks: {
        BeforeTool: [
          commandHook('write_file', fixtureCommand('block-json.sh', 'no writes here')),
          commandHook('read_file', fixtureCommand('allow-json.sh')),
          commandHook('run_shell_command', fixtureCommand('modify-tool-input.js', 'command', 'make --dry-run')),
        ],
      },
    });

    const denied = await hookSystem.beforeTool({ toolName: 'write_file', args: { file_path: 'a.txt' } });
    expect(denied.kind).toBe('blocked');
    expect(denied.kind === 'blocked' && denied.result.llmContent).toContain('no writes here');

    const readArgs = { file_path: 'a.txt' };
    const allowed = await hookSystem.beforeTool({ toolName: 'read_file', args: readArgs });
    expect(allowed).toMatchObject({ kind: 'proceed', modified: false });
    expect(allowed.kind === 'proceed' && allowed.args).toBe(readArgs);
    expect(allowed.output?.systemMessage).toBe('allowed by allow-json.sh');

    const rewritten = await hookSystem.beforeTool({
      toolName: 'run_shell_command',
      args: { command: 'make', cwd: 'x' },
    });
    expect(rewritten).toMatchObject({ kind: 'proceed', modified: true, args: { command: 'make --dry-run', cwd: 'x' } });
  });

  it('HOOK-127: fireBeforeToolHook returns the output beforeTool decides from', async () => {
    const config = new Config({
      enableHooks: true,
      hooks: { BeforeTool: [commandHook('write_file', fixtureCommand('block-json.sh', 'no writes here'))] },
    });
    const output = await fireBeforeToolHook(config, 'write_file', { file_path: 'a.txt' });
    expect(output?.isBlockingDecision()).toBe(true);
    expect(output?.getEffectiveReason()).toBe('no writes here');
    expect(await fireBeforeToolHook(config, 'read_file', {})).toBeUndefined();
  });
});

describe('HookSystem.afterTool with real command hooks', () => {
  const executed: ToolResult = { llmContent: 'wrote a.txt', returnDisplay: 'wrote a.txt' };

  it('HOOK-025, HOOK-027, HOOK-159: the hook is told the result and its context joins it after the BeforeTool system message', async () => {
    const capture = scratch.file('after-stdin.log');
    const hookSystem = await readyHookSystem({
      hooks: {
        BeforeTool: [commandHook('write_file', fixtureCommand('allow-json.sh'))],
        AfterTool: [
          commandHook(
            'write_file',
            scratch.respond({
              stdout: { hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'lint is clean' } },
              capture,
            }),
          ),
        ],
      },
    });
    const before = await hookSystem.beforeTool({ toolName: 'write_file', args: {} });
    const decision = await hookSystem.afterTool({
      toolName: 'write_file',
      args: { file_path: 'a.txt' },
      result: executed,
      beforeOutput: before.output,
    });
    expect(decision).toEqual({
      kind: 'finished',
      result: {
        llmContent: 'wrote a.txt\n\n[System] allowed by allow-json.sh\n\nlint is clean',
        returnDisplay: 'wrote a.txt',
      },
    });
    const [stdin] = readJsonLines(capture) as Array<Record<string, unknown>>;
    expect(stdin).toMatchObject({
      hook_event_name: 'AfterTool',
      tool_name: 'write_file',
      tool_input: { file_path: 'a.txt' },
      tool_response: { llmContent: 'wrote a.txt', returnDisplay: 'wrote a.txt' },
    });
  });

  it('HOOK-028: continue false stops with the stop reason', async () => {
    const hookSystem = await readyHookSystem({
      hooks: {
        AfterTool: [commandHook('write_file', scratch.respond({ stdout: { continue: false, stopReason: 'enough' } }))],
      },
    });
    const decision = await hookSystem.afterTool({ toolName: 'write_file', args: {}, result: executed });
    expect(decision).toMatchObject({ kind: 'stopped', stopReason: 'enough' });
  });
});

describe('HookSystem.toolHooksMayApply: one plan per tool call', () => {
  it('HOOK-010, HOOK-013: false when the call plans no hook, true when a BeforeTool or an AfterTool matcher takes it, true before initialize()', async () => {
    const config = new Config({
      enableHooks: true,
      hooks: {
        BeforeTool: [commandHook('write_file', fixtureCommand('allow-json.sh'))],
        AfterTool: [commandHook('read_file', fixtureCommand('allow-json.sh'))],
      },
    });
    const hookSystem = config.getHookSystem()!;
    expect(hookSystem.toolHooksMayApply({ toolName: 'glob' })).toBe(true);
    await hookSystem.initialize();
    expect(hookSystem.toolHooksMayApply({ toolName: 'glob', args: {} })).toBe(false);
    expect(hookSystem.toolHooksMayApply({ toolName: 'write_file', args: {} })).toBe(true);
    expect(hookSystem.toolHooksMayApply({ toolName: 'read_file', args: {} })).toBe(true);
  });

  it('HOOK-012: the BeforeTool fire after the question runs the selection the question made, matching once', async () => {
    const hookSystem = await readyHookSystem({
      hooks: { BeforeTool: [commandHook('write_file', fixtureCommand('block-json.sh', 'no writes here'))] },
    });
    const trace = tracePlanner();
    const call = { toolName: 'write_file', args: { file_path: 'a.txt' } };
    expect(hookSystem.toolHooksMayApply(call)).toBe(true);
    const decision = await hookSystem.beforeTool(call);
    expect(decision.kind).toBe('blocked');
    expect(trace.selections).toEqual([HookEventName.BeforeTool]);
  });

  it('HOOK-012: a hook registered, disabled or removed between the question and the fire is seen by the fire', async () => {
    const hookSystem = await readyHookSystem({
      hooks: { BeforeTool: [commandHook('write_file', fixtureCommand('allow-json.sh'))] },
    });
    const trace = tracePlanner();
    const call = { toolName: 'write_file', args: { file_path: 'a.txt' } };

    hookSystem.toolHooksMayApply(call);
    const unregister = hookSystem.registerFunctionHook({
      event: 'BeforeTool',
      name: 'late-guard',
      run: () => ({ decision: 'deny', reason: 'registered late' }),
    });
    const blocked = await hookSystem.beforeTool(call);
    expect(blocked.kind === 'blocked' && blocked.result.llmContent).toContain('registered late');

    hookSystem.toolHooksMayApply(call);
    expect(hookSystem.getRegistry().setHookEnabled('late-guard', false)).toBe(1);
    expect((await hookSystem.beforeTool(call)).kind).toBe('proceed');

    hookSystem.getRegistry().setHookEnabled('late-guard', true);
    hookSystem.toolHooksMayApply(call);
    unregister();
    expect((await hookSystem.beforeTool(call)).kind).toBe('proceed');
    // Each fire selected again: the hooks had changed since the question.
    expect(trace.selections).toEqual(Array.from({ length: 6 }, () => HookEventName.BeforeTool));
  });

  it('HOOK-012: with an `if` condition among the hooks the fire selects again, so arguments changed since the question count', async () => {
    const hookSystem = await readyHookSystem({
      hooks: {
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            hooks: [
              {
                type: 'command',
                command: fixtureCommand('block-json.sh', 'no pushes'),
                if: 'run_shell_command(git push*)',
              },
            ],
          },
        ],
      },
    });
    const trace = tracePlanner();
    const args: Record<string, unknown> = { command: 'git status' };
    expect(hookSystem.toolHooksMayApply({ toolName: 'run_shell_command', args })).toBe(false);
    args['command'] = 'git push origin main';
    const decision = await hookSystem.beforeTool({ toolName: 'run_shell_command', args });
    expect(decision.kind === 'blocked' && decision.result.llmContent).toContain('no pushes');
    expect(trace.selections).toEqual([HookEventName.BeforeTool, HookEventName.BeforeTool]);
  });

  it('HOOK-021: a fire for another tool than the one asked about selects for its own tool', async () => {
    const hookSystem = await readyHookSystem({
      hooks: { BeforeTool: [commandHook('write_file', fixtureCommand('block-json.sh', 'no writes here'))] },
    });
    const trace = tracePlanner();
    expect(hookSystem.toolHooksMayApply({ toolName: 'read_file', args: {} })).toBe(false);
    expect((await hookSystem.beforeTool({ toolName: 'write_file', args: {} })).kind).toBe('blocked');
    expect(trace.selections).toEqual([HookEventName.BeforeTool, HookEventName.BeforeTool]);
  });
});
