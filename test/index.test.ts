import { describe, expect, expectTypeOf, it } from 'vitest';
import * as hookrail from '../src/index.js';
import * as engine from '../src/engine.js';
import type {
  AfterModelHookResult,
  BeforeModelHookResult,
  BeforeToolSelectionHookResult,
  ToolExecuteFunction,
  ToolResult,
} from '../src/index.js';
import type { HookFireDetails, HookRunnerOptions, HooksValidationResult } from '../src/engine.js';
import * as testing from '../src/testing.js';

describe('public API (src/index.ts)', () => {
  it('HOOK-142, HOOK-143, HOOK-175: exports HookSystem and HookEventHandler as classes', () => {
    expect(typeof hookrail.HookSystem).toBe('function');
    expect(typeof hookrail.HookEventHandler).toBe('function');
    for (const method of [
      'fireBeforeToolEvent',
      'fireAfterToolEvent',
      'fireBeforeModelEvent',
      'fireAfterModelEvent',
      'fireBeforeToolSelectionEvent',
    ]) {
      expect(typeof (hookrail.HookEventHandler.prototype as unknown as Record<string, unknown>)[method]).toBe(
        'function',
      );
    }
  });

  it('HOOK-142: hookrail/engine exports the registry, planner, runner and aggregator with their public functions', () => {
    for (const name of [
      'HookRegistry',
      'HookPlanner',
      'HookRunner',
      'HookAggregator',
      'validateHooksSettings',
      'getSourcePriority',
      'getHookName',
      'matchesToolName',
      'createSpecificHookOutput',
      'convertPlainTextToHookOutput',
      'parseHookStdout',
      'applyHookOutputToInput',
      'expandCommand',
    ] as const) {
      expect(typeof (engine as Record<string, unknown>)[name], name).toBe('function');
      expect(
        (hookrail as Record<string, unknown>)[name],
        `${name} is a building block, not host surface`,
      ).toBeUndefined();
    }
    expect(engine.DEFAULT_MAX_STDOUT_BYTES).toBeGreaterThan(0);
    expect(typeof hookrail.killLeftoverProcesses).toBe('function');
  });

  it('HOOK-176: exports the triggers, the tool-hook effects and the trigger result types', () => {
    for (const name of [
      'fireBeforeToolHook',
      'fireAfterToolHook',
      'executeToolWithHooks',
      'toolHooksMayApply',
      'fireBeforeModelHook',
      'fireAfterModelHook',
      'fireBeforeToolSelectionHook',
    ] as const) {
      expect(typeof (hookrail as Record<string, unknown>)[name], name).toBe('function');
    }
    for (const name of [
      'createBlockedToolResult',
      'createStoppedToolResult',
      'createToolErrorResult',
      'applyAfterToolEffects',
      'applyBeforeToolSystemMessage',
      'toToolResponse',
      'getModifiedToolInput',
      'getStopReason',
      'connectHookMessageBus',
      'requestHookExecution',
      'MessageBus',
    ] as const) {
      expect(typeof (engine as Record<string, unknown>)[name], name).toBe('function');
    }
    expect([
      hookrail.HOOK_BLOCKED_ERROR_TYPE,
      hookrail.HOOK_STOPPED_ERROR_TYPE,
      hookrail.TOOL_EXECUTION_ERROR_TYPE,
    ]).toEqual(['hook_blocked', 'hook_stopped', 'tool_execution_error']);
    expectTypeOf<BeforeModelHookResult>().toHaveProperty('blocked');
    expectTypeOf<BeforeModelHookResult>().toHaveProperty('syntheticResponse');
    expectTypeOf<BeforeModelHookResult>().toHaveProperty('modifiedRequest');
    expectTypeOf<AfterModelHookResult>().toHaveProperty('response');
    expectTypeOf<BeforeToolSelectionHookResult>().toHaveProperty('toolConfig');
    expectTypeOf<BeforeToolSelectionHookResult>().toHaveProperty('tools');
    expectTypeOf<ToolExecuteFunction>().returns.toEqualTypeOf<Promise<ToolResult>>();
    expectTypeOf<HookFireDetails>().toHaveProperty('results');
    expectTypeOf<HookRunnerOptions>().toHaveProperty('logger');
    expectTypeOf<HooksValidationResult>().toHaveProperty('problems');
  });

  it('HOOK-149: ToolResult carries an optional suppressDisplay flag', () => {
    const result: ToolResult = { llmContent: 'x', returnDisplay: 'x', suppressDisplay: true };
    expectTypeOf<ToolResult['suppressDisplay']>().toEqualTypeOf<boolean | undefined>();
    expect(engine.applyAfterToolEffects(result, undefined).suppressDisplay).toBe(true);
  });

  it('exports Config, the error classes and the output class hosts receive; the per-event output classes are building blocks', () => {
    expect(new hookrail.Config().getHookSystem()).toBeUndefined();
    expect(new hookrail.HookSystemNotInitializedError()).toBeInstanceOf(hookrail.HookrailError);
    expect(typeof hookrail.DefaultHookOutput).toBe('function');
    expect(new engine.BeforeToolHookOutput({})).toBeInstanceOf(hookrail.DefaultHookOutput);
    expect((hookrail as Record<string, unknown>).BeforeToolHookOutput).toBeUndefined();
    expect(typeof engine.defaultHookTranslator.toHookLLMRequest).toBe('function');
  });

  it('keeps the machines in hookrail/engine and the scripted model in hookrail/testing, the host entry running them through functions', () => {
    for (const name of ['toolCallMachine', 'schedulerMachine', 'modelCallMachine', 'sessionMachine'] as const) {
      expect(typeof ((engine as Record<string, unknown>)[name] as { provide?: unknown })?.provide, name).toBe(
        'function',
      );
      expect((hookrail as Record<string, unknown>)[name], `${name} is a building block`).toBeUndefined();
    }
    for (const name of [
      'runToolCall',
      'createToolScheduler',
      'runModelCall',
      'createAgentSession',
      'runAgent',
    ] as const)
      expect(typeof (hookrail as Record<string, unknown>)[name], name).toBe('function');
    for (const name of ['ScriptedContentGenerator', 'parseScenario', 'loadScenario', 'recordingLogger'] as const) {
      expect(typeof (testing as Record<string, unknown>)[name], name).toBe('function');
      expect((hookrail as Record<string, unknown>)[name], `${name} is for tests`).toBeUndefined();
    }
    const { logger, records } = testing.recordingLogger({ level: 'warn' });
    logger.info('not kept');
    logger.warn('kept');
    expect(records.map((record) => [record.level, record.message])).toEqual([['warn', 'kept']]);
  });

  it('hookrail exports the function hook types (typed per event); hookrail/engine the if-condition parser and the failure policy', () => {
    const definition: hookrail.FunctionHookDefinition = {
      event: 'BeforeTool',
      name: 'typed',
      run: (input) => (input.tool_name === 'write_file' ? { decision: 'deny', reason: 'no writes' } : undefined),
    };
    expectTypeOf<hookrail.HookInputFor<hookrail.HookEventName.BeforeModel>>().toHaveProperty('llm_request');
    expect(definition.name).toBe('typed');
    expect(engine.parseIfCondition('Bash(git push*)').condition?.glob).toBe('git push*');
    expect(typeof engine.matchesIfCondition).toBe('function');
    expect(typeof engine.applyFailurePolicy).toBe('function');
  });
});
