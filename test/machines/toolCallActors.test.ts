/**
 * Unit tests of the plain functions behind the toolCall machine's actors, guards and actions: they
 * classify hook outputs with the hook system's own queries (HOOK-134) and build the results.
 */
import { describe, expect, it } from 'vitest';
import { BeforeToolHookOutput, Config, DebugLogger, DefaultHookOutput, type LogRecord } from '../../src/index.js';
import {
  addsContent,
  blockedResult,
  cancelledResult,
  errorCallOutcome,
  errorResult,
  finishExecutedResult,
  hasModifiedInput,
  isBlockOutput,
  isStopOutput,
  isSuppressOutput,
  mergeModifiedInput,
  outcomeOfExecutedResult,
  runAfterToolHook,
  runBeforeToolHook,
  runTool,
  stoppedResult,
  toolNotFoundResult,
  warnHookActorFailure,
} from '../../src/machines/toolCallActors.js';

const signal = new AbortController().signal;

describe('toolCall actor functions', () => {
  it('HOOK-016b, HOOK-129, HOOK-169: block, deny and permissionDecision deny are blocks; allow, approve, ask are not', () => {
    expect(isBlockOutput(new BeforeToolHookOutput({ decision: 'block' }))).toBe(true);
    expect(isBlockOutput(new BeforeToolHookOutput({ decision: 'deny' }))).toBe(true);
    expect(isBlockOutput(new BeforeToolHookOutput({ hookSpecificOutput: { permissionDecision: 'deny' } }))).toBe(true);
    for (const decision of ['allow', 'approve', 'ask'] as const) expect(isBlockOutput(new BeforeToolHookOutput({ decision }))).toBe(false);
    expect(isBlockOutput(undefined)).toBe(false);
  });

  it('HOOK-020, HOOK-028: only continue:false stops', () => {
    expect(isStopOutput(new DefaultHookOutput({ continue: false }))).toBe(true);
    expect(isStopOutput(new DefaultHookOutput({ continue: true }))).toBe(false);
    expect(isStopOutput(undefined)).toBe(false);
  });

  it('HOOK-019: tool_input and updatedInput are modified input, shallow-merged over the request', () => {
    const geminiStyle = new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: { path: 'b.txt' } } });
    const claudeStyle = new BeforeToolHookOutput({ hookSpecificOutput: { updatedInput: { mode: 'safe' } } });
    expect(hasModifiedInput(geminiStyle)).toBe(true);
    expect(hasModifiedInput(claudeStyle)).toBe(true);
    expect(hasModifiedInput(new BeforeToolHookOutput({ hookSpecificOutput: { tool_input: 'not an object' } }))).toBe(false);
    expect(mergeModifiedInput({ path: 'a.txt', content: 'x' }, geminiStyle)).toEqual({ path: 'b.txt', content: 'x' });
    const args = { path: 'a.txt' };
    expect(mergeModifiedInput(args, undefined)).toBe(args);
  });

  it('HOOK-027, HOOK-029, HOOK-030: suppressOutput and added content are told apart', () => {
    expect(isSuppressOutput(new DefaultHookOutput({ suppressOutput: true }))).toBe(true);
    expect(isSuppressOutput(new DefaultHookOutput({ suppressOutput: false }))).toBe(false);
    expect(addsContent(new DefaultHookOutput({ systemMessage: 'note' }))).toBe(true);
    expect(addsContent(new DefaultHookOutput({ hookSpecificOutput: { additionalContext: 'ctx' } }))).toBe(true);
    expect(addsContent(new DefaultHookOutput({ systemMessage: '' }))).toBe(false);
    expect(addsContent(undefined)).toBe(false);
  });

  it('HOOK-017, HOOK-020: blocked and stopped results carry the reason', () => {
    expect(blockedResult(new BeforeToolHookOutput({ decision: 'block', reason: 'no writes' })).llmContent).toBe('no writes');
    const stopped = stoppedResult(new DefaultHookOutput({ continue: false, stopReason: 'enough' }));
    expect(stopped.stopReason).toBe('enough');
    expect(stopped.result.llmContent).toBe('Agent execution stopped by hook: enough');
  });

  it('HOOK-131, HOOK-132: the executed result gets the BeforeTool system message, then the AfterTool effects', () => {
    const result = finishExecutedResult(
      { llmContent: 'done', returnDisplay: 'done' },
      new BeforeToolHookOutput({ systemMessage: 'before note' }),
      new DefaultHookOutput({ systemMessage: 'after note', suppressOutput: true }),
    );
    expect(result).toEqual({ llmContent: 'done\n\n[System] before note\n\n[System] after note', returnDisplay: 'done', suppressDisplay: true });
    expect(outcomeOfExecutedResult(result)).toBe('success');
    expect(outcomeOfExecutedResult({ ...result, error: { message: 'x' } })).toBe('error');
  });

  it('cancelled and unknown-tool results say what happened', () => {
    expect(cancelledResult('write_file', 'aborted')).toEqual({
      llmContent: 'Tool call "write_file" was cancelled: aborted',
      returnDisplay: 'Tool call "write_file" was cancelled: aborted',
      error: { message: 'Tool call "write_file" was cancelled: aborted', type: 'cancelled' },
    });
    expect(cancelledResult('write_file', undefined).llmContent).toBe('Tool call "write_file" was cancelled');
    expect(toolNotFoundResult('rm', ['ls']).error).toEqual({ message: 'Tool "rm" not found; available tools: ls', type: 'tool_not_found' });
  });

  it('HOOK-110: a call answered without its tool running gets an error outcome with the requested arguments', () => {
    const request = { callId: 'call-1', name: 'write_file', args: { path: 'a.txt' } };
    const result = errorResult('Tool "write_file" was not run', 'tool_not_allowed');
    expect(result).toEqual({
      llmContent: 'Tool "write_file" was not run',
      returnDisplay: 'Tool "write_file" was not run',
      error: { message: 'Tool "write_file" was not run', type: 'tool_not_allowed' },
    });
    expect(errorCallOutcome(request, result)).toEqual({
      callId: 'call-1',
      name: 'write_file',
      args: { path: 'a.txt' },
      requestedArgs: { path: 'a.txt' },
      outcome: 'error',
      result,
    });
  });

  it("runTool passes the arguments and the actor's signal, and rejects a malformed result", async () => {
    const seen: unknown[] = [];
    const tool = {
      name: 'echo',
      execute: async (args: Record<string, unknown>, context: { signal: AbortSignal }) => {
        seen.push(args, context.signal);
        return { llmContent: 'ok', returnDisplay: 'ok' };
      },
    };
    await expect(runTool({ tool, toolName: 'echo', args: { a: 1 } }, signal)).resolves.toEqual({ llmContent: 'ok', returnDisplay: 'ok' });
    expect(seen).toEqual([{ a: 1 }, signal]);
    const broken = { name: 'broken', execute: async () => ({ llmContent: 1 }) as never };
    await expect(runTool({ tool: broken, toolName: 'broken', args: {} }, signal)).rejects.toThrow('Tool "broken" returned an invalid result');
    await expect(runTool({ tool: undefined, toolName: 'gone', args: {} }, signal)).rejects.toThrow('Tool "gone" not found');
  });

  it('HOOK-127, HOOK-128: with hooks disabled the hook actors resolve undefined without a hook system', async () => {
    const config = new Config({ enableHooks: false });
    await expect(runBeforeToolHook({ config, toolName: 't', args: {} }, signal)).resolves.toBeUndefined();
    await expect(runAfterToolHook({ config, toolName: 't', args: {}, result: { llmContent: '', returnDisplay: '' } }, signal)).resolves.toBeUndefined();
    expect(config.getHookSystem()).toBeUndefined();
  });

  it('warnHookActorFailure logs one warning naming the event, the tool and the error, and survives a broken logger', () => {
    const records: LogRecord[] = [];
    const config = new Config({ logger: new DebugLogger('hookrail', { sink: (record) => records.push(record) }) });
    warnHookActorFailure(config, 'AfterTool', 'write_file', new Error('boom'));
    expect(records.map((record) => [record.level, record.namespace, record.message])).toEqual([
      ['warn', 'hookrail:machines:toolCall', "AfterTool hook for 'write_file' failed, continuing as if no hook ran: boom"],
    ]);
    const broken = { getDebugLogger: () => { throw new Error('no logger'); } } as unknown as Config;
    expect(() => warnHookActorFailure(broken, 'BeforeTool', 'x', 'y')).not.toThrow();
  });
});
