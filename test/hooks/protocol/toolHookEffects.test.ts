import { describe, expect, it } from 'vitest';
import {
  applyAfterToolEffects,
  applyBeforeToolSystemMessage,
  createBlockedToolResult,
  createStoppedToolResult,
  createToolErrorResult,
  getModifiedToolInput,
  getStopReason,
  HOOK_BLOCKED_ERROR_TYPE,
  HOOK_STOPPED_ERROR_TYPE,
  TOOL_EXECUTION_ERROR_TYPE,
  toToolResponse,
} from '../../../src/hooks/protocol/toolHookEffects.js';
import { BeforeToolHookOutput, DefaultHookOutput } from '../../../src/hooks/protocol/outputs.js';
import type { ToolResult } from '../../../src/hooks/protocol/results.js';

function toolResult(overrides: Partial<ToolResult> = {}): ToolResult {
  return { llmContent: 'file written', returnDisplay: 'Wrote a.txt', ...overrides };
}

describe('toolHookEffects', () => {
  it('HOOK-017, HOOK-183: a blocked result carries getEffectiveReason() as llmContent and a hook_blocked error', () => {
    const output = new DefaultHookOutput({ decision: 'deny', reason: 'writes to /etc are not allowed' });
    const result = createBlockedToolResult(output);
    expect(result.llmContent).toBe('writes to /etc are not allowed');
    expect(result.llmContent).toBe(output.getEffectiveReason());
    expect(result.returnDisplay).toBe('Tool call blocked by hook: writes to /etc are not allowed');
    expect(result.error).toEqual({ message: 'writes to /etc are not allowed', type: HOOK_BLOCKED_ERROR_TYPE });
    expect(result).not.toHaveProperty('blocked');
  });

  it('HOOK-017, HOOK-199: the blocked reason of a Claude Code style output is permissionDecisionReason', () => {
    const output = new BeforeToolHookOutput({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'policy P-7 forbids this path' },
    });
    expect(createBlockedToolResult(output).llmContent).toBe('policy P-7 forbids this path');
  });

  it('HOOK-017: a block without any reason still tells the model something', () => {
    expect(createBlockedToolResult(new DefaultHookOutput({ decision: 'block' })).llmContent).toBe('No reason provided');
  });

  it('HOOK-020, HOOK-028: a stop result says the agent was stopped and carries the stopReason', () => {
    const result = createStoppedToolResult(new DefaultHookOutput({ continue: false, stopReason: 'budget exhausted' }));
    expect(result.llmContent).toBe('Agent execution stopped by hook: budget exhausted');
    expect(result.returnDisplay).toContain('budget exhausted');
    expect(result.error).toEqual({ message: 'budget exhausted', type: HOOK_STOPPED_ERROR_TYPE });
  });

  it('HOOK-020: the stop reason falls back to reason, then to a default', () => {
    expect(getStopReason(new DefaultHookOutput({ continue: false, reason: 'told to' }))).toBe('told to');
    expect(getStopReason(new DefaultHookOutput({ continue: false }))).toBe('No reason provided');
  });

  it('HOOK-027: additionalContext is appended to llmContent after a blank line', () => {
    const output = new DefaultHookOutput({ hookSpecificOutput: { additionalContext: 'Remember: run the tests.' } });
    expect(applyAfterToolEffects(toolResult(), output).llmContent).toBe('file written\n\nRemember: run the tests.');
  });

  it('HOOK-030, HOOK-131, HOOK-159: systemMessage is appended as "\\n\\n[System] " + systemMessage and not shown to the user', () => {
    const output = new DefaultHookOutput({ systemMessage: 'lint found 2 warnings' });
    const result = applyAfterToolEffects(toolResult(), output);
    expect(result.llmContent).toBe('file written\n\n[System] lint found 2 warnings');
    expect(result.returnDisplay).toBe('Wrote a.txt');
  });

  it('HOOK-029, HOOK-132: suppressOutput sets suppressDisplay and leaves llmContent for the model', () => {
    const result = applyAfterToolEffects(toolResult(), new DefaultHookOutput({ suppressOutput: true }));
    expect(result.suppressDisplay).toBe(true);
    expect(result.llmContent).toBe('file written');
    expect(
      applyAfterToolEffects(toolResult(), new DefaultHookOutput({ suppressOutput: false })).suppressDisplay,
    ).toBeUndefined();
  });

  it('HOOK-208: additionalContext, systemMessage and suppressOutput apply together, context first', () => {
    const output = new DefaultHookOutput({
      systemMessage: 'note',
      suppressOutput: true,
      hookSpecificOutput: { additionalContext: 'context' },
    });
    const result = applyAfterToolEffects(toolResult(), output);
    expect(result.llmContent).toBe('file written\n\ncontext\n\n[System] note');
    expect(result.suppressDisplay).toBe(true);
  });

  it('HOOK-159: a BeforeTool systemMessage on an allowed call rides on the tool result', () => {
    const result = applyBeforeToolSystemMessage(toolResult(), new DefaultHookOutput({ systemMessage: 'audited' }));
    expect(result.llmContent).toBe('file written\n\n[System] audited');
    expect(applyBeforeToolSystemMessage(toolResult(), undefined).llmContent).toBe('file written');
  });

  it('HOOK-217: effects return new objects and never mutate the ToolResult they are given', () => {
    const original = Object.freeze(toolResult({ metadata: Object.freeze({ bytes: 12 }) }));
    const output = new DefaultHookOutput({
      systemMessage: 'x',
      suppressOutput: true,
      hookSpecificOutput: { additionalContext: 'y' },
    });
    const after = applyAfterToolEffects(original, output);
    const before = applyBeforeToolSystemMessage(original, output);
    const untouched = applyAfterToolEffects(original, undefined);
    expect(after).not.toBe(original);
    expect(before).not.toBe(original);
    expect(untouched).not.toBe(original);
    expect(untouched).toEqual(original);
    expect(original).toEqual({ llmContent: 'file written', returnDisplay: 'Wrote a.txt', metadata: { bytes: 12 } });
  });

  it('HOOK-026: toToolResponse gives llmContent, returnDisplay, metadata and error only when present', () => {
    expect(toToolResponse(toolResult())).toEqual({
      llmContent: 'file written',
      returnDisplay: 'Wrote a.txt',
      metadata: {},
    });
    const failed = toolResult({
      metadata: { exitCode: 1 },
      error: { message: 'boom', type: 'io' },
      suppressDisplay: true,
    });
    expect(toToolResponse(failed)).toEqual({
      llmContent: 'file written',
      returnDisplay: 'Wrote a.txt',
      metadata: { exitCode: 1 },
      error: { message: 'boom', type: 'io' },
    });
  });

  it('HOOK-019: modified input comes from tool_input (Gemini CLI) or updatedInput (Claude Code)', () => {
    expect(
      getModifiedToolInput(new DefaultHookOutput({ hookSpecificOutput: { tool_input: { path: 'b.txt' } } })),
    ).toEqual({
      path: 'b.txt',
    });
    expect(
      getModifiedToolInput(new DefaultHookOutput({ hookSpecificOutput: { updatedInput: { path: 'c.txt' } } })),
    ).toEqual({
      path: 'c.txt',
    });
    expect(
      getModifiedToolInput(new DefaultHookOutput({ hookSpecificOutput: { tool_input: 'not an object' } })),
    ).toBeUndefined();
    expect(getModifiedToolInput(undefined)).toBeUndefined();
  });

  it('HOOK-025: a thrown error becomes an error result with the message in llmContent', () => {
    const result = createToolErrorResult(new Error('ENOSPC: no space left'));
    expect(result.llmContent).toBe('Tool execution failed: ENOSPC: no space left');
    expect(result.error).toEqual({ message: 'ENOSPC: no space left', type: TOOL_EXECUTION_ERROR_TYPE });
    expect(createToolErrorResult('plain string').error?.message).toBe('plain string');
  });
});
