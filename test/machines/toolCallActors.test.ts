/** Unit tests of the toolCall machine's own functions (the shared steps are tested in toolCallSteps.test.ts). */
import { describe, expect, it } from 'vitest';
import { Config, DebugLogger } from '../../src/index.js';
import { createErrorResult } from '../../src/hooks/protocol/toolHookEffects.js';
import {
  cancelledResult,
  errorCallOutcome,
  executeCallTool,
  noToolHooksApply,
  outcomeOfExecutedResult,
  toolNotFoundResult,
  warnActorFailure,
} from '../../src/machines/toolCallActors.js';
import { recordingLogger } from '../../src/testing.js';

const signal = new AbortController().signal;

describe('toolCall actor functions', () => {
  it('cancelled and unknown-tool results say what happened', () => {
    expect(cancelledResult('write_file', 'aborted')).toEqual({
      llmContent: 'Tool call "write_file" was cancelled: aborted',
      returnDisplay: 'Tool call "write_file" was cancelled: aborted',
      error: { message: 'Tool call "write_file" was cancelled: aborted', type: 'cancelled' },
    });
    expect(cancelledResult('write_file', undefined).llmContent).toBe('Tool call "write_file" was cancelled');
    expect(toolNotFoundResult('rm', ['ls']).error).toEqual({
      message: 'Tool "rm" not found; available tools: ls',
      type: 'tool_not_found',
    });
  });

  it('HOOK-110: a call answered without its tool running gets an error outcome with the requested arguments', () => {
    const request = { callId: 'call-1', name: 'write_file', args: { path: 'a.txt' } };
    const result = createErrorResult({ type: 'tool_not_allowed', message: 'Tool "write_file" was not run' });
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
    expect(outcomeOfExecutedResult(result)).toBe('error');
    expect(outcomeOfExecutedResult({ llmContent: 'ok', returnDisplay: 'ok' })).toBe('success');
  });

  it("executeCallTool passes the arguments and the actor's signal; a malformed result becomes an error result", async () => {
    const seen: unknown[] = [];
    const tool = {
      name: 'echo',
      description: 'echo',
      parameters: { type: 'object', properties: {} },
      execute: async (args: Record<string, unknown>, context: { signal: AbortSignal }) => {
        seen.push(args, context.signal);
        return { llmContent: 'ok', returnDisplay: 'ok' };
      },
    };
    await expect(executeCallTool({ tool: tool as never, toolName: 'echo', args: { a: 1 } }, signal)).resolves.toEqual({
      llmContent: 'ok',
      returnDisplay: 'ok',
    });
    expect(seen).toEqual([{ a: 1 }, signal]);
    const broken = { ...tool, execute: async () => ({ llmContent: 1 }) as never };
    expect(
      (await executeCallTool({ tool: broken as never, toolName: 'broken', args: {} }, signal)).error?.message,
    ).toContain('Tool "broken" returned an invalid result');
  });

  it('HOOK-010: noToolHooksApply is true with hooks disabled and false (fail open into the hook states) when the check throws', () => {
    expect(noToolHooksApply(new Config({ enableHooks: false }), 'write_file')).toBe(true);
    const broken = {
      getHookSystem: () => {
        throw new Error('no system');
      },
    } as unknown as Config;
    expect(noToolHooksApply(broken, 'write_file')).toBe(false);
  });

  it('HOOK-012: noToolHooksApply, given the arguments, rules out hooks whose `if` fails, as executeToolWithHooks does', async () => {
    const config = new Config({
      enableHooks: true,
      hooks: {
        BeforeTool: [
          { hooks: [{ type: 'command', name: 'push-guard', if: 'run_shell_command(git push*)', command: 'true' }] },
        ],
      },
      logger: new DebugLogger('test', { level: 'error', sink: () => {} }),
    });
    await config.getHookSystem()!.initialize();
    expect(noToolHooksApply(config, 'read_file')).toBe(true);
    // Without the arguments the condition cannot be checked, so the hook may apply.
    expect(noToolHooksApply(config, 'run_shell_command')).toBe(false);
    expect(noToolHooksApply(config, 'run_shell_command', { command: 'git status' })).toBe(true);
    expect(noToolHooksApply(config, 'run_shell_command', { command: 'git push origin main' })).toBe(false);
    expect(noToolHooksApply(config, 'run_shell_command', { command: 'make && git push' })).toBe(false);
  });

  it('HOOK-111: warnActorFailure logs one warning naming the step, the tool and the error, and survives a broken logger', () => {
    const { logger, records } = recordingLogger({ namespace: 'hookrail', level: 'warn' });
    const config = new Config({ logger });
    warnActorFailure(config, 'AfterTool', 'write_file', new Error('boom'));
    expect(records.map((record) => [record.level, record.namespace, record.message])).toEqual([
      [
        'warn',
        'hookrail:machines:toolCall',
        "AfterTool step for 'write_file' failed, continuing as if no hook ran: boom",
      ],
    ]);
    const broken = {
      getDebugLogger: () => {
        throw new Error('no logger');
      },
    } as unknown as Config;
    expect(() => warnActorFailure(broken, 'BeforeTool', 'x', 'y')).not.toThrow();
  });
});
