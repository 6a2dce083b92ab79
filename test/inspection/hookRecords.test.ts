/**
 * Hook records: every hook a run executes becomes one `hookrail.hook` record — real hook processes
 * from test/fixtures/hooks, fired through the scheduler and the agent with `inspect: { file }` —
 * carrying its input, stderr, exit code, duration and decision, linked to its call; observers of
 * the hook engine see the chained input of a sequential chain and are released after the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Config } from '../../src/hooks/engine/config.js';
import type { HookExecutionEvent, HookExecutionResult } from '../../src/hooks/protocol/results.js';
import { hookDecisionOf, toHookRecord } from '../../src/inspection/hookRecords.js';
import { flushInspectionFiles } from '../../src/inspection/recorder.js';
import type { CallRecord, HookRecord, InspectionLine } from '../../src/inspection/records.js';
import { createToolScheduler } from '../../src/machines/scheduler.js';
import { fixtureHook } from '../helpers/hookFixtures.js';
import { recordingTool } from '../helpers/machineScenario.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const directory = mkdtempSync(join(tmpdir(), 'hookrail-hook-records-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The lines of an inspection file, once the recorder has written everything. */
function readLines(file: string): InspectionLine[] {
  flushInspectionFiles();
  return readJsonLines<InspectionLine>(file);
}

function result(fields: Partial<HookExecutionResult>): HookExecutionResult {
  return {
    hookConfig: { type: 'command', command: 'true' },
    eventName: 'BeforeTool',
    success: true,
    duration: 3,
    ...fields,
  } as HookExecutionResult;
}

describe('hook records', () => {
  it("a blocking hook's record holds its input, stderr, exit code 2, duration and decision, on the call it blocked", async () => {
    const file = join(directory, 'blocked.jsonl');
    const config = new Config({
      enableHooks: true,
      hooks: { BeforeTool: [{ hooks: [fixtureHook('exit-2-stderr.sh', ['no writes today'], { name: 'no-writes' })] }] },
    });
    const scheduler = createToolScheduler({ config, tools: [recordingTool()], inspect: { file } });
    const batch = await scheduler.schedule([{ callId: 'c1', name: 'write_file', args: { path: 'a.txt' } }]);
    expect(batch.results[0]!.outcome).toBe('blocked');
    const lines = readLines(file);
    const hooks = lines.filter((line): line is HookRecord => line.type === 'hookrail.hook');
    expect(hooks).toHaveLength(1);
    const end = lines.find((line): line is CallRecord => line.type === 'hookrail.call' && line.phase === 'end');
    expect(end).toMatchObject({ callId: 'c1', outcome: 'blocked' });
    expect(hooks[0]).toMatchObject({
      eventName: 'BeforeTool',
      hookName: 'no-writes',
      hookType: 'command',
      dialect: 'native',
      callId: 'c1',
      actorId: end!.actorId,
      exitCode: 2,
      stderr: 'no writes today\n',
      success: false,
      decision: 'deny',
      reason: 'no writes today',
    });
    // Exit code 2 is a block, not a failure: no error beside the reason.
    expect(hooks[0]!.error).toBeUndefined();
    expect(hooks[0]!.input).toMatchObject({
      hook_event_name: 'BeforeTool',
      tool_name: 'write_file',
      tool_input: { path: 'a.txt' },
    });
    expect(hooks[0]!.durationMs).toBeGreaterThan(0);
    expect(hooks[0]!.time).toBeGreaterThanOrEqual(end!.time - end!.durationMs!);
  });

  it("a hook's ask shows as decision ask, and the call's end record says who settled it: allowed → outcome asked, denied → blocked", async () => {
    const file = join(directory, 'asked.jsonl');
    const answers = ['allow', 'deny'];
    const config = new Config({
      enableHooks: true,
      hooks: {
        BeforeTool: [
          {
            hooks: [
              {
                type: 'command',
                name: 'confirm',
                command: `printf '%s' '{"decision":"ask","reason":"really write?"}'`,
              },
            ],
          },
        ],
      },
      onAskUser: () => ({ decision: answers.shift() as 'allow' | 'deny' }),
    });
    const scheduler = createToolScheduler({ config, tools: [recordingTool()], inspect: { file } });
    await scheduler.schedule([{ callId: 'yes', name: 'write_file', args: {} }]);
    await scheduler.schedule([{ callId: 'no', name: 'write_file', args: {} }]);
    const lines = readLines(file);
    const ends = lines.filter((line): line is CallRecord => line.type === 'hookrail.call' && line.phase === 'end');
    expect(ends.map((end) => [end.callId, end.outcome, end.ask?.decision, end.ask?.answeredBy])).toEqual([
      ['yes', 'asked', 'allow', 'onAskUser'],
      ['no', 'blocked', 'deny', 'onAskUser'],
    ]);
    expect(ends[0]!.ask).toMatchObject({ reason: 'really write?', hookNames: ['confirm'] });
    const hooks = lines.filter((line): line is HookRecord => line.type === 'hookrail.hook');
    expect(hooks.map((hook) => hook.decision)).toEqual(['ask', 'ask']);
  });

  it('a Claude Code hook is recorded in its dialect: the stdin it got (PreToolUse, Bash) and the event name it was told', async () => {
    const file = join(directory, 'claude.jsonl');
    const config = new Config({
      enableHooks: true,
      hooks: {
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            hooks: [{ ...fixtureHook('exit-2-stderr.sh', ['no shell']), name: 'guard', dialect: 'claude' }],
          },
        ],
      },
    });
    const scheduler = createToolScheduler({ config, tools: [recordingTool('run_shell_command')], inspect: { file } });
    await scheduler.schedule([{ callId: 'c9', name: 'run_shell_command', args: { command: 'ls' } }]);
    const hook = readLines(file).find((line): line is HookRecord => line.type === 'hookrail.hook')!;
    expect(hook).toMatchObject({
      dialect: 'claude',
      eventName: 'BeforeTool',
      dialectEventName: 'PreToolUse',
      decision: 'deny',
      stderr: 'no shell\n',
    });
    expect(hook.input).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
  });

  it('in a sequential chain each record holds the input that hook received, as the hooks before it rewrote it', async () => {
    const events: HookExecutionEvent[] = [];
    const config = new Config({
      enableHooks: true,
      hooks: {
        BeforeTool: [
          {
            sequential: true,
            hooks: [
              fixtureHook('modify-tool-input.js', ['path', 'rewritten.txt'], { name: 'rewrite' }),
              fixtureHook('allow-json.sh', [], { name: 'second' }),
            ],
          },
        ],
      },
    });
    const unsubscribe = config.onHookExecuted((event) => events.push(event));
    const scheduler = createToolScheduler({ config, tools: [recordingTool()] });
    await scheduler.schedule([{ callId: 'c2', name: 'write_file', args: { path: 'asked.txt' } }]);
    unsubscribe();
    expect(events.map((event) => event.result.hookConfig.name)).toEqual(['rewrite', 'second']);
    expect(events[0]!.input).toMatchObject({ tool_input: { path: 'asked.txt' } });
    expect(events[1]!.input).toMatchObject({ tool_input: { path: 'rewritten.txt' } });
    expect(events.every((event) => event.origin?.callId === 'c2')).toBe(true);
    expect(hookDecisionOf(events[0]!.result)).toBe('modify');
  });

  it('observers are released after each batch, and a throwing observer never breaks the fire', async () => {
    const config = new Config({
      enableHooks: true,
      hooks: { BeforeTool: [{ hooks: [fixtureHook('allow-json.sh')] }] },
    });
    const file = join(directory, 'released.jsonl');
    const scheduler = createToolScheduler({ config, tools: [recordingTool()], inspect: { file } });
    const unsubscribe = config.onHookExecuted(() => {
      throw new Error('observer bug');
    });
    const batch = await scheduler.schedule([{ callId: 'c3', name: 'write_file', args: {} }]);
    unsubscribe();
    expect(batch.results[0]!.outcome).toBe('success');
    expect(config.hasHookExecutionObservers()).toBe(false);
    expect(readLines(file).filter((line) => line.type === 'hookrail.hook')).toHaveLength(1);
  });

  it('the decision names what the answer amounted to, strongest first; a failed hook is an error unless it still blocks', () => {
    expect(hookDecisionOf(result({ output: { continue: false, decision: 'block' } }))).toBe('stop');
    expect(hookDecisionOf(result({ output: { decision: 'block' } }))).toBe('block');
    expect(hookDecisionOf(result({ output: { hookSpecificOutput: { permissionDecision: 'deny' } } }))).toBe('deny');
    expect(hookDecisionOf(result({ output: { hookSpecificOutput: { permissionDecision: 'ask' } } }))).toBe('ask');
    expect(hookDecisionOf(result({ output: { hookSpecificOutput: { updatedInput: { a: 1 } } } }))).toBe('modify');
    expect(hookDecisionOf(result({ output: { suppressOutput: true } }))).toBe('suppress');
    expect(hookDecisionOf(result({ output: { systemMessage: 'note' } }))).toBe('context');
    expect(hookDecisionOf(result({ output: { decision: 'allow' } }))).toBe('allow');
    expect(hookDecisionOf(result({}))).toBe('none');
    expect(
      hookDecisionOf(
        result({ success: false, exitCode: 1, output: { decision: 'allow', systemMessage: 'Warning: x' } }),
      ),
    ).toBe('error');
    expect(hookDecisionOf(result({ success: false, error: new Error('timed out') }))).toBe('error');
  });

  it('records what other hook types put on their result (HTTP status, model answer) and cuts long output', () => {
    const record = toHookRecord(
      {
        eventName: 'BeforeTool' as HookExecutionEvent['eventName'],
        input: {
          hook_event_name: 'PreToolUse',
          tool_input: { content: 'x'.repeat(20_000) },
        } as unknown as HookExecutionEvent['input'],
        result: {
          ...result({ stdout: 'y'.repeat(20_000) }),
          hookConfig: {
            type: 'http',
            url: 'http://127.0.0.1:1/hook',
            dialect: 'claude',
            dialectEvent: 'PreToolUse',
            source: 'project',
          },
          httpStatus: 403,
          model: 'm',
          modelAnswer: 'no',
        } as unknown as HookExecutionResult,
      },
      42,
    );
    expect(record).toMatchObject({
      time: 42,
      hookName: 'http://127.0.0.1:1/hook',
      hookType: 'http',
      dialect: 'claude',
      source: 'project',
      dialectEventName: 'PreToolUse',
      httpStatus: 403,
      model: 'm',
      modelAnswer: 'no',
    });
    expect(record.stdout!.length).toBeLessThan(9_000);
    expect(record.stdout).toContain('[12000 more characters]');
    expect(JSON.stringify(record.input).length).toBeLessThan(9_000);
  });

  it('a fail-closed failure and a background (async) hook say so, so a replay rebuilds the decision the run made', () => {
    const event = (extra: Partial<HookExecutionResult>, hookConfig: Record<string, unknown>): HookExecutionEvent => ({
      eventName: 'BeforeTool' as HookExecutionEvent['eventName'],
      input: {} as HookExecutionEvent['input'],
      result: {
        ...result({}),
        ...extra,
        hookConfig: { type: 'command', command: 'guard.sh', ...hookConfig },
      } as unknown as HookExecutionResult,
    });
    const closed = toHookRecord(
      event(
        { success: false, failedClosed: true, output: { decision: 'deny', reason: 'guard.sh failed' } },
        { onFailure: 'block' },
      ),
    );
    expect(closed).toMatchObject({ failedClosed: true, decision: 'deny' });
    expect(closed.async).toBeUndefined();
    const background = toHookRecord(event({}, { async: true }));
    expect(background).toMatchObject({ async: true, decision: 'none' });
    expect(background.failedClosed).toBeUndefined();
  });
});
