/**
 * Sequential hooks (HOOK-103..107): what one hook's output passes on to the next hook's input.
 */
import { describe, expect, it } from 'vitest';
import { applyHookOutputToInput, isBlockingOutput } from '../../../src/hooks/engine/hookChain.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookInput } from '../../../src/hooks/protocol/inputs.js';
import { beforeToolInput, hookInput } from '../../helpers/hookFixtures.js';

describe('applyHookOutputToInput', () => {
  const base = beforeToolInput({ a: 1, nested: { x: 1 } });

  it('HOOK-024, HOOK-216: BeforeTool merges tool_input (or updatedInput) shallowly, replacing nested objects whole', () => {
    const next = applyHookOutputToInput(
      base,
      { hookSpecificOutput: { tool_input: { nested: { y: 2 }, b: 2 } } },
      HookEventName.BeforeTool,
    );
    expect((next as unknown as { tool_input: unknown }).tool_input).toEqual({ a: 1, nested: { y: 2 }, b: 2 });
    const viaClaude = applyHookOutputToInput(
      base,
      { hookSpecificOutput: { updatedInput: { a: 3 } } },
      HookEventName.BeforeTool,
    );
    expect((viaClaude as unknown as { tool_input: unknown }).tool_input).toEqual({ a: 3, nested: { x: 1 } });
    expect((base as unknown as { tool_input: unknown }).tool_input).toEqual({ a: 1, nested: { x: 1 } });
  });

  it('HOOK-211: AfterTool, AfterModel, BeforeToolSelection and lifecycle events are returned unchanged', () => {
    const output = {
      hookSpecificOutput: { tool_input: { a: 2 }, additionalContext: 'ctx', llm_request: { model: 'x' } },
    };
    for (const eventName of [
      HookEventName.AfterTool,
      HookEventName.AfterModel,
      HookEventName.BeforeToolSelection,
      HookEventName.SessionStart,
      HookEventName.Notification,
    ]) {
      expect(applyHookOutputToInput(base, output, eventName)).toBe(base);
    }
  });

  it('HOOK-104: an output without hookSpecificOutput, or with ill-typed fields, changes nothing', () => {
    const agentInput: HookInput = hookInput(HookEventName.BeforeAgent, { prompt: 'p' });
    expect(applyHookOutputToInput(agentInput, { decision: 'allow' }, HookEventName.BeforeAgent)).toBe(agentInput);
    expect(
      applyHookOutputToInput(agentInput, { hookSpecificOutput: { additionalContext: 42 } }, HookEventName.BeforeAgent),
    ).toBe(agentInput);
    expect(
      applyHookOutputToInput(base, { hookSpecificOutput: { tool_input: 'rm -rf /' } }, HookEventName.BeforeTool),
    ).toBe(base);
  });
});

describe('isBlockingOutput', () => {
  it("HOOK-107: a block or deny decision ends the chain, and so does BeforeTool's permissionDecision block or deny", () => {
    expect(isBlockingOutput({ decision: 'block' }, HookEventName.AfterTool)).toBe(true);
    expect(isBlockingOutput({ decision: 'deny' }, HookEventName.BeforeAgent)).toBe(true);
    expect(isBlockingOutput({ hookSpecificOutput: { permissionDecision: 'deny' } }, HookEventName.BeforeTool)).toBe(
      true,
    );
    expect(isBlockingOutput({ hookSpecificOutput: { permissionDecision: 'deny' } }, HookEventName.AfterTool)).toBe(
      false,
    );
    expect(isBlockingOutput({ decision: 'allow' }, HookEventName.BeforeTool)).toBe(false);
    expect(isBlockingOutput({ decision: 'ask' }, HookEventName.BeforeTool)).toBe(false);
    expect(isBlockingOutput(undefined, HookEventName.BeforeTool)).toBe(false);
  });
});
