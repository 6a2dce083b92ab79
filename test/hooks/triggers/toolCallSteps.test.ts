/**
 * The tool-call steps shared by `executeToolWithHooks` and the toolCall machine (HOOK-134): how a
 * BeforeTool answer becomes stop / block / proceed, how the tool runs, and how AfterTool effects apply.
 * Unit tests of one module; the real-process paths are in toolHookTriggers.test.ts and the machine tests.
 */
import { describe, expect, it } from 'vitest';
import { Config, DefaultHookOutput, type HookOutput } from '../../../src/index.js';
import { BeforeToolHookOutput, type HookExecutionResult } from '../../../src/engine.js';
import { HookAggregator } from '../../../src/hooks/protocol/hookAggregator.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import {
  isToolResult,
  runAfterToolStep,
  runBeforeToolStep,
  runToolStep,
} from '../../../src/hooks/triggers/toolCallSteps.js';
import { decideBeforeTool } from '../../../src/hooks/protocol/beforeToolDecision.js';
import { decideAfterTool } from '../../../src/hooks/protocol/afterToolDecision.js';

describe('tool-call steps', () => {
  it('HOOK-016b, HOOK-129, HOOK-169: block, deny and permissionDecision deny block; allow, approve and ask proceed', () => {
    const args = { path: 'a.txt' };
    for (const output of [
      new BeforeToolHookOutput({ decision: 'block', reason: 'no writes' }),
      new BeforeToolHookOutput({ decision: 'deny', reason: 'no writes' }),
      new BeforeToolHookOutput({
        hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no writes' },
      }),
    ]) {
      const decision = decideBeforeTool(output, args);
      expect(decision.kind).toBe('blocked');
      expect(decision.kind === 'blocked' && decision.result.llmContent).toBe('no writes');
    }
    for (const decision of ['allow', 'approve', 'ask'] as const) {
      expect(decideBeforeTool(new BeforeToolHookOutput({ decision }), args)).toMatchObject({
        kind: 'proceed',
        args,
        modified: false,
      });
    }
    expect(decideBeforeTool(undefined, args)).toEqual({ kind: 'proceed', args, modified: false, output: undefined });
  });

  it('HOOK-020: a stop outranks a block and carries its reason', () => {
    const decision = decideBeforeTool(
      new BeforeToolHookOutput({ continue: false, stopReason: 'enough', decision: 'block', reason: 'no' }),
      {},
    );
    expect(decision).toMatchObject({ kind: 'stopped', stopReason: 'enough' });
    expect(decision.kind === 'stopped' && decision.result.llmContent).toBe('Agent execution stopped by hook: enough');
  });

  it('HOOK-019: tool_input and updatedInput are shallow-merged over the arguments; the original is not mutated', () => {
    const args = { path: 'a.txt', content: 'x' };
    const geminiStyle = decideBeforeTool(
      new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: { path: 'b.txt' } } }),
      args,
    );
    const claudeStyle = decideBeforeTool(
      new BeforeToolHookOutput({ hookSpecificOutput: { updatedInput: { mode: 'safe' } } }),
      args,
    );
    expect(geminiStyle).toMatchObject({ kind: 'proceed', modified: true, args: { path: 'b.txt', content: 'x' } });
    expect(claudeStyle).toMatchObject({
      kind: 'proceed',
      modified: true,
      args: { path: 'a.txt', content: 'x', mode: 'safe' },
    });
    expect(args).toEqual({ path: 'a.txt', content: 'x' });
    const notAnObject = decideBeforeTool(
      new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: 'nope' } }),
      args,
    );
    expect(notAnObject).toMatchObject({ kind: 'proceed', modified: false, args });
  });

  it('HOOK-027, HOOK-029..031, HOOK-131, HOOK-132: the executed result gets the BeforeTool system message, then the AfterTool effects', () => {
    const decision = decideAfterTool(
      { llmContent: 'done', returnDisplay: 'done' },
      new BeforeToolHookOutput({ systemMessage: 'before note' }),
      new DefaultHookOutput({
        systemMessage: 'after note',
        suppressOutput: true,
        hookSpecificOutput: { additionalContext: 'ctx' },
      }),
    );
    expect(decision).toEqual({
      kind: 'finished',
      result: {
        llmContent: 'done\n\n[System] before note\n\nctx\n\n[System] after note',
        returnDisplay: 'done',
        suppressDisplay: true,
      },
    });
    expect(decideAfterTool({ llmContent: 'done', returnDisplay: 'done' }, undefined, undefined)).toEqual({
      kind: 'finished',
      result: { llmContent: 'done', returnDisplay: 'done' },
    });
  });

  it('HOOK-028: an AfterTool stop replaces the result', () => {
    const decision = decideAfterTool(
      { llmContent: 'done', returnDisplay: 'done' },
      undefined,
      new DefaultHookOutput({ continue: false, stopReason: 'halt' }),
    );
    expect(decision).toMatchObject({ kind: 'stopped', stopReason: 'halt' });
  });

  it('HOOK-025, HOOK-110: the tool step turns a throw, a rejection or a malformed value into an error result', async () => {
    await expect(
      runToolStep({
        execute: async (args) => ({ llmContent: `ran ${String(args['x'])}`, returnDisplay: 'ok' }),
        args: { x: 1 },
        toolName: 't',
      }),
    ).resolves.toEqual({
      llmContent: 'ran 1',
      returnDisplay: 'ok',
    });
    const thrown = await runToolStep({
      execute: () => {
        throw new Error('sync boom');
      },
      args: {},
      toolName: 't',
    });
    expect(thrown.error).toEqual({ message: 'sync boom', type: 'tool_execution_error' });
    expect(
      (await runToolStep({ execute: async () => Promise.reject(new Error('async boom')), args: {}, toolName: 't' }))
        .error?.message,
    ).toBe('async boom');
    const malformed = await runToolStep({
      execute: async () => ({ llmContent: 1 }) as never,
      args: {},
      toolName: 'broken',
    });
    expect(malformed.error?.message).toContain('Tool "broken" returned an invalid result');
    expect(isToolResult({ llmContent: '', returnDisplay: '' })).toBe(true);
    expect(isToolResult({ llmContent: '' })).toBe(false);
  });

  it('HOOK-127, HOOK-128: with hooks disabled the hook steps proceed and finish without a hook system', async () => {
    const config = new Config({ enableHooks: false });
    await expect(runBeforeToolStep({ config, toolName: 't', args: { a: 1 } })).resolves.toEqual({
      kind: 'proceed',
      args: { a: 1 },
      modified: false,
      output: undefined,
    });
    const result = { llmContent: 'r', returnDisplay: 'r' };
    await expect(
      runAfterToolStep({ config, toolName: 't', args: {}, result, beforeOutput: undefined }),
    ).resolves.toEqual({ kind: 'finished', result });
    expect(config.getHookSystem()).toBeUndefined();
  });
});

describe('ask among other BeforeTool answers, every input order of two hooks', () => {
  const aggregator = new HookAggregator();
  /** One hook's answer: what it printed (or how it failed), and how strong it is: stop 4, block 3, ask 2, else 1. */
  const answers: Record<string, { result: (name: string) => HookExecutionResult; rank: number }> = {
    none: { rank: 1, result: (name) => hookResult(name, undefined) },
    allow: { rank: 1, result: (name) => hookResult(name, { decision: 'allow' }) },
    'allow-claude': {
      rank: 1,
      result: (name) =>
        hookResult(name, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }),
    },
    modify: { rank: 1, result: (name) => hookResult(name, { hookSpecificOutput: { tool_input: { path: 'b.txt' } } }) },
    ask: { rank: 2, result: (name) => hookResult(name, { decision: 'ask', reason: 'confirm natively' }) },
    'ask-claude': {
      rank: 2,
      result: (name) =>
        hookResult(name, {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'ask',
            permissionDecisionReason: 'confirm, Claude style',
          },
        }),
    },
    block: { rank: 3, result: (name) => hookResult(name, { decision: 'block', reason: 'blocked' }) },
    'deny-claude': {
      rank: 3,
      result: (name) =>
        hookResult(name, {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'denied',
          },
        }),
    },
    exit2: {
      rank: 3,
      result: (name) => ({
        hookConfig: { type: 'command', command: name },
        eventName: HookEventName.BeforeTool,
        success: false,
        exitCode: 2,
        stderr: 'exit 2',
        duration: 1,
      }),
    },
    stop: { rank: 4, result: (name) => hookResult(name, { continue: false, stopReason: 'halt' }) },
  };
  const kindByRank = { 1: 'proceed', 2: 'ask', 3: 'blocked', 4: 'stopped' } as const;
  const pairs = Object.keys(answers).flatMap((first) => Object.keys(answers).map((second) => [first, second] as const));

  function hookResult(name: string, output: HookOutput | undefined): HookExecutionResult {
    return {
      hookConfig: { type: 'command', command: name },
      eventName: HookEventName.BeforeTool,
      success: true,
      output,
      exitCode: 0,
      duration: 1,
    };
  }

  function decide(first: string, second: string, canAsk: boolean) {
    const aggregated = aggregator.aggregateResults(
      [answers[first]!.result(`first-${first}`), answers[second]!.result(`second-${second}`)],
      HookEventName.BeforeTool,
    );
    return decideBeforeTool(aggregated.finalOutput, { path: 'a.txt' }, { canAsk });
  }

  it.each(pairs)(
    'ask wins over allow, HOOK-020, HOOK-092: %s then %s → stop > block > ask > allow',
    (first, second) => {
      const decision = decide(first, second, true);
      const rank = Math.max(answers[first]!.rank, answers[second]!.rank) as 1 | 2 | 3 | 4;
      expect(decision.kind).toBe(kindByRank[rank]);
      expect(decide(second, first, true).kind).toBe(decision.kind);
      if (decision.kind === 'ask') {
        const askers = [first, second].map((answer, index) =>
          answers[answer]!.rank === 2 ? `${index === 0 ? 'first' : 'second'}-${answer}` : undefined,
        );
        expect(decision.hookNames).toEqual(askers.filter((name) => name !== undefined));
        expect(decision.reason).toMatch(/confirm/);
        // A rewrite by the other hook is what the user is asked about and what runs once allowed.
        expect(decision.args).toEqual(
          first === 'modify' || second === 'modify' ? { path: 'b.txt' } : { path: 'a.txt' },
        );
        if (decision.output.hookSpecificOutput && 'permissionDecision' in decision.output.hookSpecificOutput) {
          expect(decision.output.hookSpecificOutput['permissionDecision']).toBe('ask');
        }
      }
    },
  );

  it.each(pairs)(
    'HOOK-182: without onAskUser (canAsk false), %s then %s never asks: an ask proceeds like allow',
    (first, second) => {
      const rank = Math.max(answers[first]!.rank, answers[second]!.rank) as 1 | 2 | 3 | 4;
      expect(decide(first, second, false).kind).toBe(kindByRank[rank === 2 ? 1 : rank]);
    },
  );

  it('runBeforeToolStep decides ask only when the Config has onAskUser (HOOK-182 otherwise)', () => {
    const output = new BeforeToolHookOutput({ decision: 'ask', reason: 'sure?' });
    expect(decideBeforeTool(output, {}).kind).toBe('proceed');
    expect(decideBeforeTool(output, {}, { canAsk: true })).toMatchObject({
      kind: 'ask',
      reason: 'sure?',
      hookNames: [],
      args: {},
      modified: false,
    });
    expect(decideBeforeTool(new BeforeToolHookOutput({ decision: 'ask' }), {}, { canAsk: true })).toMatchObject({
      reason: 'a hook asks for confirmation',
    });
  });
});
