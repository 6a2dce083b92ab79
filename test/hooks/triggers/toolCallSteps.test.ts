/**
 * The tool-call steps shared by `executeToolWithHooks` and the toolCall machine (HOOK-134): how a
 * BeforeTool answer becomes stop / block / proceed, how the tool runs, and how AfterTool effects apply.
 * Unit tests of one module; the real-process paths are in toolHookTriggers.test.ts and the machine tests.
 */
import { describe, expect, it } from 'vitest';
import { BeforeToolHookOutput, Config, DefaultHookOutput } from '../../../src/index.js';
import {
  decideAfterTool,
  decideBeforeTool,
  isToolResult,
  runAfterToolStep,
  runBeforeToolStep,
  runToolStep,
} from '../../../src/hooks/triggers/toolCallSteps.js';

describe('tool-call steps', () => {
  it('HOOK-016b, HOOK-129, HOOK-169: block, deny and permissionDecision deny block; allow, approve and ask proceed', () => {
    const args = { path: 'a.txt' };
    for (const output of [
      new BeforeToolHookOutput({ decision: 'block', reason: 'no writes' }),
      new BeforeToolHookOutput({ decision: 'deny', reason: 'no writes' }),
      new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no writes' } }),
    ]) {
      const decision = decideBeforeTool(output, args);
      expect(decision.kind).toBe('blocked');
      expect(decision.kind === 'blocked' && decision.result.llmContent).toBe('no writes');
    }
    for (const decision of ['allow', 'approve', 'ask'] as const) {
      expect(decideBeforeTool(new BeforeToolHookOutput({ decision }), args)).toMatchObject({ kind: 'proceed', args, modified: false });
    }
    expect(decideBeforeTool(undefined, args)).toEqual({ kind: 'proceed', args, modified: false, output: undefined });
  });

  it('HOOK-020: a stop outranks a block and carries its reason', () => {
    const decision = decideBeforeTool(new BeforeToolHookOutput({ continue: false, stopReason: 'enough', decision: 'block', reason: 'no' }), {});
    expect(decision).toMatchObject({ kind: 'stopped', stopReason: 'enough' });
    expect(decision.kind === 'stopped' && decision.result.llmContent).toBe('Agent execution stopped by hook: enough');
  });

  it('HOOK-019: tool_input and updatedInput are shallow-merged over the arguments; the original is not mutated', () => {
    const args = { path: 'a.txt', content: 'x' };
    const geminiStyle = decideBeforeTool(new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: { path: 'b.txt' } } }), args);
    const claudeStyle = decideBeforeTool(new BeforeToolHookOutput({ hookSpecificOutput: { updatedInput: { mode: 'safe' } } }), args);
    expect(geminiStyle).toMatchObject({ kind: 'proceed', modified: true, args: { path: 'b.txt', content: 'x' } });
    expect(claudeStyle).toMatchObject({ kind: 'proceed', modified: true, args: { path: 'a.txt', content: 'x', mode: 'safe' } });
    expect(args).toEqual({ path: 'a.txt', content: 'x' });
    const notAnObject = decideBeforeTool(new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: 'nope' } }), args);
    expect(notAnObject).toMatchObject({ kind: 'proceed', modified: false, args });
  });

  it('HOOK-027, HOOK-029..031, HOOK-131, HOOK-132: the executed result gets the BeforeTool system message, then the AfterTool effects', () => {
    const decision = decideAfterTool(
      { llmContent: 'done', returnDisplay: 'done' },
      new BeforeToolHookOutput({ systemMessage: 'before note' }),
      new DefaultHookOutput({ systemMessage: 'after note', suppressOutput: true, hookSpecificOutput: { additionalContext: 'ctx' } }),
    );
    expect(decision).toEqual({
      kind: 'finished',
      result: { llmContent: 'done\n\n[System] before note\n\nctx\n\n[System] after note', returnDisplay: 'done', suppressDisplay: true },
    });
    expect(decideAfterTool({ llmContent: 'done', returnDisplay: 'done' }, undefined, undefined)).toEqual({
      kind: 'finished',
      result: { llmContent: 'done', returnDisplay: 'done' },
    });
  });

  it('HOOK-028: an AfterTool stop replaces the result', () => {
    const decision = decideAfterTool({ llmContent: 'done', returnDisplay: 'done' }, undefined, new DefaultHookOutput({ continue: false, stopReason: 'halt' }));
    expect(decision).toMatchObject({ kind: 'stopped', stopReason: 'halt' });
  });

  it('HOOK-025, HOOK-110: the tool step turns a throw, a rejection or a malformed value into an error result', async () => {
    await expect(runToolStep({ execute: async (args) => ({ llmContent: `ran ${String(args['x'])}`, returnDisplay: 'ok' }), args: { x: 1 }, toolName: 't' })).resolves.toEqual({
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
    expect((await runToolStep({ execute: async () => Promise.reject(new Error('async boom')), args: {}, toolName: 't' })).error?.message).toBe('async boom');
    const malformed = await runToolStep({ execute: async () => ({ llmContent: 1 }) as never, args: {}, toolName: 'broken' });
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
    await expect(runAfterToolStep({ config, toolName: 't', args: {}, result, beforeOutput: undefined })).resolves.toEqual({ kind: 'finished', result });
    expect(config.getHookSystem()).toBeUndefined();
  });
});
