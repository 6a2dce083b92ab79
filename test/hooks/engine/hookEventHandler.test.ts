import { GenerateContentResponse, type GenerateContentParameters } from '@google/genai';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Config, DefaultHookOutput, HookEventHandler, HookEventName } from '../../../src/index.js';
import {
  defaultHookTranslator,
  type AggregatedHookResult,
  type HookExecutionPlan,
  type HookExecutionResult,
} from '../../../src/engine.js';
import { commandGroup, hookConfig, Scratch, systemFixture } from '../../helpers/systemFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

/** HOOK-145: the empty success result. */
const emptyResult: AggregatedHookResult = {
  success: true,
  finalOutput: undefined,
  allOutputs: [],
  errors: [],
  totalDuration: 0,
};

const scratch = new Scratch();
afterAll(() => scratch.cleanup());
afterEach(() => {
  vi.restoreAllMocks();
});

const request: GenerateContentParameters = {
  model: 'gemini-2.5-flash',
  contents: [{ role: 'user', parts: [{ text: 'write a haiku' }] }],
  config: { temperature: 0.2, toolConfig: { functionCallingConfig: { allowedFunctionNames: ['read_file'] } } },
};

function modelResponse(text: string): GenerateContentResponse {
  const response = new GenerateContentResponse();
  response.candidates = [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' as never, index: 0 }];
  return response;
}

const hookA = { type: 'command' as const, command: 'hook-a' };
const hookB = { type: 'command' as const, command: 'hook-b' };

function executionResult(eventName: HookEventName): HookExecutionResult {
  return { hookConfig: hookA, eventName, success: true, output: { decision: 'allow' }, exitCode: 0, duration: 3 };
}

/** A handler over fake planner / runner / aggregator: unit tests of the handler's own flow. */
function handlerWithFakes(plan: HookExecutionPlan | null, options: { config?: Config } = {}) {
  const { logger, records } = recordingLogger();
  const config =
    options.config ?? new Config({ enableHooks: true, sessionId: 'session-1', workingDir: '/work/project', logger });
  const results = plan ? [executionResult(plan.eventName)] : [];
  const aggregated: AggregatedHookResult = {
    success: true,
    finalOutput: new DefaultHookOutput({ decision: 'allow' }),
    allOutputs: [{ decision: 'allow' }],
    errors: [],
    totalDuration: 3,
  };
  const planner = {
    createExecutionPlan: vi.fn((..._args: unknown[]) => plan),
    hasApplicableHooks: vi.fn((..._args: unknown[]) => plan !== null),
  };
  const runner = {
    executeHooksParallel: vi.fn(async (..._args: unknown[]) => results),
    executeHooksSequential: vi.fn(async (..._args: unknown[]) => results),
  };
  const aggregator = { aggregateResults: vi.fn((..._args: unknown[]) => aggregated) };
  const handler = new HookEventHandler(config, planner as never, runner as never, aggregator as never);
  return { handler, planner, runner, aggregator, aggregated, results, records, config };
}

function planFor(eventName: HookEventName, sequential = false): HookExecutionPlan {
  return { eventName, hookConfigs: [hookA, hookB], sequential };
}

/** The stdin object the fake runner was given. */
function runnerInput(runner: { executeHooksParallel: { mock: { calls: unknown[][] } } }): Record<string, unknown> {
  return runner.executeHooksParallel.mock.calls[0][2] as Record<string, unknown>;
}

function expectBaseFields(input: Record<string, unknown>, eventName: string): void {
  expect(input['session_id']).toBe('session-1');
  expect(input['cwd']).toBe('/work/project');
  expect(input['hook_event_name']).toBe(eventName);
  expect(input['transcript_path']).toBe('');
  expect(typeof input['timestamp']).toBe('string');
  expect(new Date(input['timestamp'] as string).toISOString()).toBe(input['timestamp']);
}

describe('HookEventHandler: flow', () => {
  it('HOOK-143: exposes fireBeforeToolEvent, fireAfterToolEvent, fireBeforeModelEvent, fireAfterModelEvent and fireBeforeToolSelectionEvent', () => {
    const { handler } = handlerWithFakes(null);
    for (const method of [
      'fireBeforeToolEvent',
      'fireAfterToolEvent',
      'fireBeforeModelEvent',
      'fireAfterModelEvent',
      'fireBeforeToolSelectionEvent',
    ] as const) {
      expect(typeof handler[method]).toBe('function');
    }
  });

  it('HOOK-011, HOOK-012, HOOK-145: a null plan gives the empty success result before any input is built or hook run', async () => {
    const { handler, runner, aggregator, config } = handlerWithFakes(null);
    const sessionId = vi.spyOn(config, 'getSessionId');
    const workingDir = vi.spyOn(config, 'getWorkingDir');
    const translate = vi.spyOn(defaultHookTranslator, 'toHookLLMRequest');
    const results = [
      await handler.fireBeforeToolEvent('write_file', { path: 'a.txt' }),
      await handler.fireAfterToolEvent('write_file', { path: 'a.txt' }, { llmContent: 'ok' }),
      await handler.fireBeforeModelEvent(request),
      await handler.fireAfterModelEvent(request, modelResponse('hi')),
      await handler.fireBeforeToolSelectionEvent(request),
    ];
    for (const result of results) {
      expect(result).toEqual({ success: true, finalOutput: undefined, allOutputs: [], errors: [], totalDuration: 0 });
    }
    expect(sessionId).not.toHaveBeenCalled();
    expect(workingDir).not.toHaveBeenCalled();
    expect(translate).not.toHaveBeenCalled();
    expect(runner.executeHooksParallel).not.toHaveBeenCalled();
    expect(runner.executeHooksSequential).not.toHaveBeenCalled();
    expect(aggregator.aggregateResults).not.toHaveBeenCalled();
  });

  it('HOOK-162: tool events pass { toolName, toolInput } to the planner (the input for `if` conditions); AfterTool also whether the tool failed (Claude Code PostToolUse vs PostToolUseFailure)', async () => {
    const { handler, planner } = handlerWithFakes(null);
    await handler.fireBeforeToolEvent('run_shell_command', { command: 'ls' });
    await handler.fireAfterToolEvent('read_file', {}, {});
    await handler.fireAfterToolEvent('run_shell_command', {}, { llmContent: 'x', metadata: { exitCode: 1 } });
    expect(planner.createExecutionPlan.mock.calls).toEqual([
      [HookEventName.BeforeTool, { toolName: 'run_shell_command', toolInput: { command: 'ls' } }],
      [HookEventName.AfterTool, { toolName: 'read_file', toolInput: {}, toolFailed: false }],
      [HookEventName.AfterTool, { toolName: 'run_shell_command', toolInput: {}, toolFailed: true }],
    ]);
  });

  it('HOOK-163: model events pass undefined context to the planner; lifecycle events only the value Claude Code and Gemini CLI matchers see', async () => {
    const { handler, planner } = handlerWithFakes(null);
    await handler.fireBeforeModelEvent(request);
    await handler.fireAfterModelEvent(request, modelResponse('x'));
    await handler.fireBeforeToolSelectionEvent(request);
    await handler.fireSessionStartEvent('startup');
    await handler.fireBeforeAgentEvent('hi');
    expect(planner.createExecutionPlan.mock.calls).toEqual([
      [HookEventName.BeforeModel, undefined],
      [HookEventName.AfterModel, undefined],
      [HookEventName.BeforeToolSelection, undefined],
      [HookEventName.SessionStart, { matchValue: 'startup' }],
      [HookEventName.BeforeAgent, {}],
    ]);
  });

  it('HOOK-164: a sequential plan is delegated to runner.executeHooksSequential', async () => {
    const { handler, runner } = handlerWithFakes(planFor(HookEventName.BeforeTool, true));
    await handler.fireBeforeToolEvent('write_file', { path: 'a.txt' });
    expect(runner.executeHooksSequential).toHaveBeenCalledTimes(1);
    expect(runner.executeHooksParallel).not.toHaveBeenCalled();
    expect(runner.executeHooksSequential.mock.calls[0][0]).toEqual([hookA, hookB]);
    expect(runner.executeHooksSequential.mock.calls[0][1]).toBe(HookEventName.BeforeTool);
  });

  it('HOOK-165: a parallel plan is delegated to runner.executeHooksParallel', async () => {
    const { handler, runner } = handlerWithFakes(planFor(HookEventName.BeforeTool, false));
    await handler.fireBeforeToolEvent('write_file', { path: 'a.txt' });
    expect(runner.executeHooksParallel).toHaveBeenCalledTimes(1);
    expect(runner.executeHooksSequential).not.toHaveBeenCalled();
    expect(runner.executeHooksParallel.mock.calls[0][0]).toEqual([hookA, hookB]);
  });

  it('HOOK-166: results go to aggregator.aggregateResults(results, eventName) and its result is returned', async () => {
    const { handler, aggregator, aggregated, results } = handlerWithFakes(planFor(HookEventName.AfterTool));
    const returned = await handler.fireAfterToolEvent('write_file', {}, { llmContent: 'ok' });
    expect(aggregator.aggregateResults).toHaveBeenCalledWith(results, HookEventName.AfterTool);
    expect(returned).toBe(aggregated);
  });

  it('the abort signal of a fire is handed to the runner, with the tool call id (one made up when the caller gives none)', async () => {
    const { handler, runner } = handlerWithFakes(planFor(HookEventName.BeforeTool));
    const controller = new AbortController();
    await handler.fireBeforeToolEvent('write_file', {}, { signal: controller.signal, toolCallId: 'call-7' });
    await handler.fireBeforeToolEvent('write_file', {}, { signal: controller.signal });
    expect(runner.executeHooksParallel.mock.calls[0][3]).toEqual({ signal: controller.signal, toolCallId: 'call-7' });
    expect(runner.executeHooksParallel.mock.calls[1][3]).toEqual({
      signal: controller.signal,
      toolCallId: expect.stringMatching(/^hookrail_/),
    });
  });

  it('HOOK-015, HOOK-062, HOOK-144, HOOK-161, HOOK-215: BeforeTool input has base fields from Config plus tool_name and tool_input', async () => {
    const { handler, runner } = handlerWithFakes(planFor(HookEventName.BeforeTool));
    const before = Date.now();
    await handler.fireBeforeToolEvent('write_file', { path: 'a.txt', content: 'x' });
    const input = runnerInput(runner);
    expectBaseFields(input, 'BeforeTool');
    expect(Date.parse(input['timestamp'] as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(input['tool_name']).toBe('write_file');
    expect(input['tool_input']).toEqual({ path: 'a.txt', content: 'x' });
  });

  it('HOOK-026: AfterTool input adds tool_response as given', async () => {
    const { handler, runner } = handlerWithFakes(planFor(HookEventName.AfterTool));
    const toolResponse = { llmContent: 'done', returnDisplay: 'Done', metadata: {}, error: { message: 'partial' } };
    await handler.fireAfterToolEvent('write_file', { path: 'a.txt' }, toolResponse);
    const input = runnerInput(runner);
    expectBaseFields(input, 'AfterTool');
    expect(input['tool_name']).toBe('write_file');
    expect(input['tool_input']).toEqual({ path: 'a.txt' });
    expect(input['tool_response']).toEqual(toolResponse);
  });

  it('HOOK-034, HOOK-035: BeforeModel input carries llm_request from defaultHookTranslator.toHookLLMRequest()', async () => {
    const translate = vi.spyOn(defaultHookTranslator, 'toHookLLMRequest');
    const { handler, runner } = handlerWithFakes(planFor(HookEventName.BeforeModel));
    await handler.fireBeforeModelEvent(request);
    const input = runnerInput(runner);
    expectBaseFields(input, 'BeforeModel');
    expect(translate).toHaveBeenCalledWith(request);
    expect(input['llm_request']).toEqual(translate.mock.results[0].value);
    expect(input['llm_request']).toMatchObject({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'write a haiku' }],
      config: { temperature: 0.2 },
    });
  });

  it('HOOK-044, HOOK-045: AfterModel input carries the real llm_request and llm_response via the translator', async () => {
    const translateResponse = vi.spyOn(defaultHookTranslator, 'toHookLLMResponse');
    const { handler, runner } = handlerWithFakes(planFor(HookEventName.AfterModel));
    const response = modelResponse('an old pond');
    await handler.fireAfterModelEvent(request, response);
    const input = runnerInput(runner);
    expectBaseFields(input, 'AfterModel');
    expect(translateResponse).toHaveBeenCalledWith(response);
    expect(input['llm_request']).toMatchObject({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'write a haiku' }],
    });
    expect(input['llm_response']).toMatchObject({
      text: 'an old pond',
      candidates: [{ content: { role: 'model', parts: ['an old pond'] } }],
    });
  });

  it('HOOK-054, HOOK-205: BeforeToolSelection input carries the translated request including its toolConfig', async () => {
    const translate = vi.spyOn(defaultHookTranslator, 'toHookLLMRequest');
    const { handler, runner } = handlerWithFakes(planFor(HookEventName.BeforeToolSelection));
    await handler.fireBeforeToolSelectionEvent(request);
    const input = runnerInput(runner);
    expectBaseFields(input, 'BeforeToolSelection');
    expect(translate).toHaveBeenCalledWith(request);
    expect(input['llm_request']).toMatchObject({ toolConfig: { allowedFunctionNames: ['read_file'] } });
  });

  it('HOOK-146: one debug telemetry line per fire with event, tool name, hook count, duration and success', async () => {
    const { handler, records } = handlerWithFakes(planFor(HookEventName.BeforeTool));
    await handler.fireBeforeToolEvent('write_file', {});
    const telemetry = records.filter((record) => record.namespace.endsWith('hooks:event-handler'));
    expect(telemetry).toHaveLength(1);
    expect(telemetry[0].level).toBe('debug');
    expect(telemetry[0].message).toMatch(/^BeforeTool fired for 'write_file': 2 hooks, \d+ms, success$/);
    expect(telemetry[0].data).toMatchObject({
      eventName: 'BeforeTool',
      toolName: 'write_file',
      hookCount: 2,
      success: true,
    });
    expect(typeof telemetry[0].data?.['durationMs']).toBe('number');
  });

  it('HOOK-146: a fire with no matching hooks logs one "skipped" line', async () => {
    const { handler, records } = handlerWithFakes(null);
    await handler.fireBeforeModelEvent(request);
    const telemetry = records.filter((record) => record.namespace.endsWith('hooks:event-handler'));
    expect(telemetry.map((record) => record.message)).toEqual(['BeforeModel fired: 0 hooks matched, skipped']);
    expect(telemetry[0].data).toMatchObject({ eventName: 'BeforeModel', hookCount: 0 });
  });

  it('HOOK-113, HOOK-147: a planner error is caught, warned and turned into the empty success result', async () => {
    const { handler, planner, records } = handlerWithFakes(null);
    planner.createExecutionPlan.mockImplementation(() => {
      throw new Error('registry exploded');
    });
    const result = await handler.fireBeforeToolEvent('write_file', {});
    expect(result).toEqual(emptyResult);
    const warning = records.find((record) => record.level === 'warn');
    expect(warning?.message).toContain("BeforeTool fired for 'write_file' failed in the hook system");
    expect(warning?.message).toContain('registry exploded');
  });

  it('HOOK-113, HOOK-147: runner and aggregator errors are caught the same way', async () => {
    const failingRunner = handlerWithFakes(planFor(HookEventName.AfterModel));
    failingRunner.runner.executeHooksParallel.mockRejectedValue(new Error('spawn EMFILE'));
    await expect(failingRunner.handler.fireAfterModelEvent(request, modelResponse('x'))).resolves.toEqual(emptyResult);
    expect(
      failingRunner.records.some((record) => record.level === 'warn' && record.message.includes('spawn EMFILE')),
    ).toBe(true);

    const failingAggregator = handlerWithFakes(planFor(HookEventName.BeforeToolSelection));
    failingAggregator.aggregator.aggregateResults.mockImplementation(() => {
      throw new TypeError('bad merge');
    });
    await expect(failingAggregator.handler.fireBeforeToolSelectionEvent(request)).resolves.toEqual(emptyResult);
    expect(
      failingAggregator.records.some((record) => record.level === 'warn' && record.message.includes('bad merge')),
    ).toBe(true);
  });

  it('HOOK-012, HOOK-013: hasMatchingHooks answers synchronously from the planner without planning a fire; a planner error defers to the fire', () => {
    const none = handlerWithFakes(null);
    expect(none.handler.hasMatchingHooks(HookEventName.BeforeTool, { toolName: 'read_file' })).toBe(false);
    expect(none.planner.hasApplicableHooks).toHaveBeenCalledWith(HookEventName.BeforeTool, { toolName: 'read_file' });
    expect(none.planner.createExecutionPlan).not.toHaveBeenCalled();
    expect(none.runner.executeHooksParallel).not.toHaveBeenCalled();
    expect(
      handlerWithFakes(planFor(HookEventName.AfterTool)).handler.hasMatchingHooks(HookEventName.AfterTool, {
        toolName: 'x',
      }),
    ).toBe(true);
    none.planner.hasApplicableHooks.mockImplementation(() => {
      throw new Error('planner broke');
    });
    expect(none.handler.hasMatchingHooks(HookEventName.BeforeTool, { toolName: 'x' })).toBe(true);
  });

  it('fireEventWithDetails derives the tool context from tool_name and returns plan, results and aggregate', async () => {
    const plan = planFor(HookEventName.BeforeTool);
    const { handler, planner, runner, aggregated, results } = handlerWithFakes(plan);
    const details = await handler.fireEventWithDetails(HookEventName.BeforeTool, {
      tool_name: 'write_file',
      tool_input: { path: 'x' },
    });
    expect(planner.createExecutionPlan).toHaveBeenCalledWith(HookEventName.BeforeTool, {
      toolName: 'write_file',
      toolInput: { path: 'x' },
    });
    expect(details).toEqual({ plan, results, aggregated });
    const input = runnerInput(runner);
    expectBaseFields(input, 'BeforeTool');
    expect(input['tool_input']).toEqual({ path: 'x' });
  });

  it('fireEventWithDetails refuses an unknown event name with a warning that lists the known ones', async () => {
    const { handler, planner, records } = handlerWithFakes(null);
    const details = await handler.fireEventWithDetails('PreToolUse' as HookEventName, {});
    expect(details).toEqual({ plan: null, results: [], aggregated: emptyResult });
    expect(planner.createExecutionPlan).not.toHaveBeenCalled();
    const warning = records.find((record) => record.level === 'warn');
    expect(warning?.message).toContain('Cannot fire unknown hook event "PreToolUse"');
    expect(warning?.message).toContain('BeforeTool');
  });
});

describe('HookEventHandler: real hook processes', () => {
  it('HOOK-081, HOOK-203: the six lifecycle events run their hooks with their own fields and return results', async () => {
    const capture = scratch.file('lifecycle.log');
    const command = scratch.respond({ capture, stdout: { systemMessage: 'seen' } });
    const group = [commandGroup(command)];
    const { config } = hookConfig(
      {
        BeforeAgent: group,
        AfterAgent: group,
        SessionStart: group,
        SessionEnd: group,
        PreCompress: group,
        Notification: group,
      },
      { workingDir: scratch.directory },
    );
    const hookSystem = config.getHookSystem();
    await hookSystem?.initialize();
    const handler = hookSystem!.getEventHandler();
    const results = [
      await handler.fireBeforeAgentEvent('fix the bug'),
      await handler.fireAfterAgentEvent('fix the bug', 'fixed', false),
      await handler.fireSessionStartEvent('startup'),
      await handler.fireSessionEndEvent('exit'),
      await handler.firePreCompressEvent('auto'),
      await handler.fireNotificationEvent('ToolPermission', 'needs approval', { tool: 'write_file' }),
    ];
    for (const result of results) {
      expect(result.success).toBe(true);
      expect(result.finalOutput?.systemMessage).toBe('seen');
    }
    const inputs = readJsonLines(capture);
    expect(inputs.map((input) => input['hook_event_name'])).toEqual([
      'BeforeAgent',
      'AfterAgent',
      'SessionStart',
      'SessionEnd',
      'PreCompress',
      'Notification',
    ]);
    expect(inputs[0]).toMatchObject({ prompt: 'fix the bug', session_id: 'session-test', cwd: scratch.directory });
    expect(inputs[1]).toMatchObject({ prompt: 'fix the bug', prompt_response: 'fixed', stop_hook_active: false });
    expect(inputs[2]).toMatchObject({ source: 'startup' });
    expect(inputs[3]).toMatchObject({ reason: 'exit' });
    expect(inputs[4]).toMatchObject({ trigger: 'auto' });
    expect(inputs[5]).toMatchObject({
      notification_type: 'ToolPermission',
      message: 'needs approval',
      details: { tool: 'write_file' },
    });
  });

  it('HOOK-012: a tool event whose matchers match nothing spawns no process', async () => {
    const { command, logFile } = scratch.logEvent();
    const { config } = hookConfig({ BeforeTool: [commandGroup(command, { matcher: '^write_file$' })] });
    const hookSystem = config.getHookSystem()!;
    await hookSystem.initialize();
    const result = await hookSystem.getEventHandler().fireBeforeToolEvent('read_file', { path: 'a' });
    expect(result).toEqual(emptyResult);
    expect(readJsonLines(logFile)).toEqual([]);
    await hookSystem.getEventHandler().fireBeforeToolEvent('write_file', { path: 'a' });
    expect(readJsonLines(logFile)).toHaveLength(1);
  });

  it('fireEventWithDetails shows each hook result of a real fire besides the aggregate', async () => {
    const allow = scratch.respond({ stdout: { decision: 'allow' } });
    const guard = `sh "${systemFixture('guard-shell.sh')}"`;
    const { config } = hookConfig({
      BeforeTool: [
        {
          hooks: [
            { type: 'command', command: allow },
            { type: 'command', command: guard },
          ],
        },
      ],
    });
    const hookSystem = config.getHookSystem()!;
    await hookSystem.initialize();
    const details = await hookSystem.getEventHandler().fireEventWithDetails(HookEventName.BeforeTool, {
      tool_name: 'run_shell_command',
      tool_input: { command: 'rm -rf /' },
    });
    expect(details.plan?.hookConfigs.map((hook) => hook.command)).toEqual([allow, guard]);
    expect(details.results.map((result) => [result.success, result.exitCode])).toEqual([
      [true, 0],
      [false, 2],
    ]);
    expect(details.aggregated.finalOutput?.isBlockingDecision()).toBe(true);
    expect(details.aggregated.finalOutput?.getEffectiveReason()).toContain('Refusing to run rm -rf');
  });
});
