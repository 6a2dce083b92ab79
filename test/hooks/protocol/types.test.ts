import { FunctionCallingConfigMode, GenerateContentResponse } from '@google/genai';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  AfterModelHookOutput,
  BeforeModelHookOutput,
  BeforeToolHookOutput,
  BeforeToolSelectionHookOutput,
  createHookOutput,
  DEFAULT_BLOCK_REASON,
  DefaultHookOutput,
  modifiedToolInput,
  type HookDecision,
  type HookOutput,
} from '../../../src/hooks/protocol/outputs.js';
import { createEmptyAggregatedResult, type ToolResult } from '../../../src/hooks/protocol/results.js';
import { HookEventName, hookEventNames, isHookEventName, isToolEvent } from '../../../src/hooks/protocol/events.js';
import { loadGenAI } from '../../../src/genaiValues.js';

// These call the synchronous response builders directly; the model path's async entry points load the
// optional SDK first, so responses are its own GenerateContentResponse instances (HOOK-141).
beforeAll(async () => {
  await loadGenAI();
});

describe('DefaultHookOutput', () => {
  it('HOOK-157: carries decision, reason, continue, stopReason, suppressOutput, systemMessage and hookSpecificOutput', () => {
    const data: Required<HookOutput> = {
      decision: 'block',
      reason: 'because',
      continue: false,
      stopReason: 'stop now',
      suppressOutput: true,
      systemMessage: 'note',
      hookSpecificOutput: { additionalContext: 'ctx' },
    };
    const output = new DefaultHookOutput(data);
    expect({ ...output }).toEqual(data);
    expectTypeOf<HookOutput['decision']>().toEqualTypeOf<HookDecision | undefined>();
    expectTypeOf<HookOutput['continue']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<HookOutput['hookSpecificOutput']>().toEqualTypeOf<Record<string, unknown> | undefined>();
  });

  it('HOOK-158: an absent or null decision is no decision, which does not block', () => {
    expect(new DefaultHookOutput({}).isBlockingDecision()).toBe(false);
    expect(new DefaultHookOutput({ decision: null }).isBlockingDecision()).toBe(false);
    expect(new DefaultHookOutput({ decision: null }).getBlockingError()).toEqual({ blocked: false, reason: '' });
  });

  it('HOOK-182: ask is a valid decision and is treated as allow', () => {
    const decision: HookDecision = 'ask';
    const output = new DefaultHookOutput({ decision, reason: 'ask the user' });
    expect(output.isBlockingDecision()).toBe(false);
    expect(output.getBlockingError().blocked).toBe(false);
    for (const nonBlocking of ['allow', 'approve', 'ask', undefined, null] as HookDecision[]) {
      expect(new DefaultHookOutput({ decision: nonBlocking }).isBlockingDecision()).toBe(false);
    }
    for (const blocking of ['block', 'deny'] as HookDecision[]) {
      expect(new DefaultHookOutput({ decision: blocking }).isBlockingDecision()).toBe(true);
    }
  });

  it('getEffectiveReason prefers reason, then stopReason, then a fixed text', () => {
    expect(new DefaultHookOutput({ reason: 'r', stopReason: 's' }).getEffectiveReason()).toBe('r');
    expect(new DefaultHookOutput({ stopReason: 's' }).getEffectiveReason()).toBe('s');
    expect(new DefaultHookOutput({}).getEffectiveReason()).toBe('No reason provided');
  });

  it('getAdditionalContext returns only a non-empty string', () => {
    expect(new DefaultHookOutput({ hookSpecificOutput: { additionalContext: 'ctx' } }).getAdditionalContext()).toBe(
      'ctx',
    );
    expect(
      new DefaultHookOutput({ hookSpecificOutput: { additionalContext: '' } }).getAdditionalContext(),
    ).toBeUndefined();
    expect(
      new DefaultHookOutput({ hookSpecificOutput: { additionalContext: 42 } }).getAdditionalContext(),
    ).toBeUndefined();
    expect(new DefaultHookOutput({}).getAdditionalContext()).toBeUndefined();
  });

  it('the default output leaves model requests and tool configuration unchanged', () => {
    const output = new DefaultHookOutput({
      hookSpecificOutput: { llm_request: { model: 'x' }, toolConfig: { mode: 'NONE' } },
    });
    const request = { model: 'm', contents: 'hi' };
    const target = { toolConfig: {} };
    expect(output.applyLLMRequestModifications(request)).toBe(request);
    expect(output.applyToolConfigModifications(target)).toBe(target);
  });
});

describe('BeforeToolHookOutput', () => {
  it('HOOK-169, HOOK-199: permissionDecision block or deny blocks; allow does not', () => {
    expect(new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision: 'deny' } }).isBlockingDecision()).toBe(
      true,
    );
    expect(new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision: 'block' } }).isBlockingDecision()).toBe(
      true,
    );
    expect(new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision: 'allow' } }).isBlockingDecision()).toBe(
      false,
    );
    expect(new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision: 'ask' } }).isBlockingDecision()).toBe(
      false,
    );
  });

  it('HOOK-170, HOOK-199: a string permissionDecisionReason is preferred over reason', () => {
    const output = new BeforeToolHookOutput({
      decision: 'deny',
      reason: 'top-level',
      hookSpecificOutput: { permissionDecisionReason: 'compat' },
    });
    expect(output.getEffectiveReason()).toBe('compat');
    expect(output.getBlockingError()).toEqual({ blocked: true, reason: 'compat' });
    const nonString = new BeforeToolHookOutput({
      decision: 'deny',
      reason: 'top-level',
      hookSpecificOutput: { permissionDecisionReason: 5 },
    });
    expect(nonString.getEffectiveReason()).toBe('top-level');
  });

  it('HOOK-171: the top-level decision blocks on every output class, the compatibility field only on BeforeToolHookOutput', () => {
    const topLevel: HookOutput = { decision: 'block', reason: 'r' };
    const compatibilityOnly: HookOutput = { hookSpecificOutput: { permissionDecision: 'deny' } };
    for (const eventName of hookEventNames) {
      expect(createHookOutput(eventName, topLevel).isBlockingDecision()).toBe(true);
      expect(createHookOutput(eventName, compatibilityOnly).isBlockingDecision()).toBe(false);
    }
    expect(new BeforeToolHookOutput(compatibilityOnly).isBlockingDecision()).toBe(true);
  });

  it('getModifiedToolInput reads tool_input, or Claude Code’s updatedInput, only when it is an object', () => {
    expect(
      new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: { path: 'a' } } }).getModifiedToolInput(),
    ).toEqual({ path: 'a' });
    expect(
      new BeforeToolHookOutput({ hookSpecificOutput: { updatedInput: { path: 'b' } } }).getModifiedToolInput(),
    ).toEqual({ path: 'b' });
    expect(
      new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: ['a'] } }).getModifiedToolInput(),
    ).toBeUndefined();
    expect(new BeforeToolHookOutput({}).getModifiedToolInput()).toBeUndefined();
    expect(modifiedToolInput({ tool_input: 'x' })).toBeUndefined();
  });
});

describe('createHookOutput', () => {
  it('HOOK-200: BeforeTool gets a plain DefaultHookOutput that ignores permissionDecision; BeforeToolHookOutput honours it', () => {
    const data = { hookSpecificOutput: { permissionDecision: 'block' } };
    const fromFactory = createHookOutput('BeforeTool', data);
    expect(fromFactory.constructor).toBe(DefaultHookOutput);
    expect(fromFactory.isBlockingDecision()).toBe(false);
    expect(new BeforeToolHookOutput(data).isBlockingDecision()).toBe(true);
  });

  it('HOOK-200: model and tool-selection events get their own classes; other events the default class', () => {
    expect(createHookOutput('BeforeModel', {})).toBeInstanceOf(BeforeModelHookOutput);
    expect(createHookOutput('AfterModel', {})).toBeInstanceOf(AfterModelHookOutput);
    expect(createHookOutput('BeforeToolSelection', {})).toBeInstanceOf(BeforeToolSelectionHookOutput);
    for (const eventName of ['AfterTool', 'BeforeAgent', 'SessionStart', 'NotAnEvent']) {
      expect(createHookOutput(eventName, {}).constructor).toBe(DefaultHookOutput);
    }
  });
});

describe('BeforeModelHookOutput', () => {
  it('HOOK-194: getSyntheticResponse returns a response only when llm_response is present, never on a bare stop', () => {
    const withResponse = new BeforeModelHookOutput({
      hookSpecificOutput: {
        llm_response: { candidates: [{ content: { role: 'model', parts: ['cached answer'] }, finishReason: 'STOP' }] },
      },
    });
    const response = withResponse.getSyntheticResponse();
    expect(response).toBeInstanceOf(GenerateContentResponse);
    expect(response?.text).toBe('cached answer');

    const stopOnly = new BeforeModelHookOutput({ continue: false, stopReason: 'no more' });
    expect(stopOnly.shouldStopExecution()).toBe(true);
    expect(stopOnly.getSyntheticResponse()).toBeUndefined();
    expect(new AfterModelHookOutput({ continue: false, stopReason: 'no more' }).getModifiedResponse()?.text).toBe(
      'no more',
    );
  });

  it('HOOK-078: applyLLMRequestModifications applies llm_request onto the SDK request and keeps its tools', () => {
    const base = {
      model: 'gemini-a',
      contents: [{ role: 'user', parts: [{ text: 'hello' }] }],
      config: { tools: [{ functionDeclarations: [{ name: 'read_file' }] }], temperature: 0.2 },
    };
    const output = new BeforeModelHookOutput({
      hookSpecificOutput: {
        llm_request: {
          model: 'gemini-b',
          messages: [{ role: 'user', content: 'hello, redacted' }],
          config: { temperature: 0 },
        },
      },
    });
    const modified = output.applyLLMRequestModifications(base);
    expect(modified.model).toBe('gemini-b');
    expect(modified.contents).toEqual([{ role: 'user', parts: [{ text: 'hello, redacted' }] }]);
    expect(modified.config).toEqual({ tools: [{ functionDeclarations: [{ name: 'read_file' }] }], temperature: 0 });
    expect(new BeforeModelHookOutput({}).applyLLMRequestModifications(base)).toBe(base);
  });
});

describe('AfterModelHookOutput', () => {
  it('HOOK-048: continue false produces a synthetic stop response carrying the stopReason', () => {
    const output = new AfterModelHookOutput({ continue: false, stopReason: 'Task complete: stopping' });
    const response = output.getModifiedResponse();
    expect(response).toBeInstanceOf(GenerateContentResponse);
    expect(response?.text).toBe('Task complete: stopping');
    expect(response?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(response?.candidates?.[0]?.content?.role).toBe('model');
  });

  it('HOOK-048: a hook llm_response with candidates replaces the response; nothing to change gives undefined', () => {
    const replaced = new AfterModelHookOutput({
      continue: false,
      stopReason: 'ignored',
      hookSpecificOutput: { llm_response: { candidates: [{ content: { role: 'model', parts: ['rewritten'] } }] } },
    }).getModifiedResponse();
    expect(replaced?.text).toBe('rewritten');
    expect(new AfterModelHookOutput({}).getModifiedResponse()).toBeUndefined();
  });
});

describe('BeforeToolSelectionHookOutput', () => {
  const tools = [
    { functionDeclarations: [{ name: 'read_file' }, { name: 'write_file' }, { name: 'run_shell_command' }] },
  ];

  it('applies the hook toolConfig as the SDK toolConfig', () => {
    const output = new BeforeToolSelectionHookOutput({
      hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } },
    });
    const applied = output.applyToolConfigModifications({
      tools,
      toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } },
    });
    expect(applied.toolConfig).toEqual({
      functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['read_file'] },
    });
  });

  it('HOOK-167, HOOK-168: restricting tools changes only toolConfig; the tools list is returned unchanged', () => {
    const output = new BeforeToolSelectionHookOutput({
      hookSpecificOutput: { toolConfig: { mode: 'NONE', allowedFunctionNames: [] } },
    });
    const target = { tools };
    const applied = output.applyToolConfigModifications(target);
    expect(applied.tools).toBe(tools);
    expect(applied.tools).toEqual([
      { functionDeclarations: [{ name: 'read_file' }, { name: 'write_file' }, { name: 'run_shell_command' }] },
    ]);
    expect(applied.toolConfig?.functionCallingConfig?.mode).toBe(FunctionCallingConfigMode.NONE);
  });

  it('HOOK-167: without a toolConfig the target is returned as is', () => {
    const target = { tools };
    expect(new BeforeToolSelectionHookOutput({}).applyToolConfigModifications(target)).toBe(target);
  });
});

describe('ToolResult and helpers', () => {
  it('HOOK-149: ToolResult accepts an optional suppressDisplay flag alongside llmContent and returnDisplay', () => {
    const shown: ToolResult = { llmContent: 'file written', returnDisplay: 'Wrote a.txt' };
    const hidden: ToolResult = { ...shown, suppressDisplay: true };
    expectTypeOf<ToolResult['suppressDisplay']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ToolResult['llmContent']>().toEqualTypeOf<string>();
    expect(shown.suppressDisplay).toBeUndefined();
    expect(hidden).toEqual({ llmContent: 'file written', returnDisplay: 'Wrote a.txt', suppressDisplay: true });
    expect(JSON.parse(JSON.stringify(hidden)).suppressDisplay).toBe(true);
  });

  it('HOOK-081: there are eleven event names; only BeforeTool and AfterTool are tool events', () => {
    expect(hookEventNames).toHaveLength(11);
    expect(hookEventNames.filter(isToolEvent)).toEqual([HookEventName.BeforeTool, HookEventName.AfterTool]);
    expect(isHookEventName('BeforeToolSelection')).toBe(true);
    expect(isHookEventName('PreToolUse')).toBe(false);
    expect(isHookEventName(3)).toBe(false);
  });

  it('the empty aggregated result is a success with nothing in it', () => {
    expect(createEmptyAggregatedResult()).toEqual({
      success: true,
      finalOutput: undefined,
      allOutputs: [],
      errors: [],
      totalDuration: 0,
    });
    expect(createEmptyAggregatedResult()).not.toBe(createEmptyAggregatedResult());
  });
});

describe('spec constants', () => {
  it('HOOK-067b: the default reason of an exit-2 block without stderr is "Blocked by hook"', () => {
    expect(DEFAULT_BLOCK_REASON).toBe('Blocked by hook');
  });
});
