import { describe, expect, it } from 'vitest';
import { decideFromAggregate } from '../../src/cli/fireDecision.js';
import { HookAggregator } from '../../src/hooks/protocol/hookAggregator.js';
import { HookEventName } from '../../src/hooks/protocol/events.js';
import type { HookOutput } from '../../src/hooks/protocol/outputs.js';
import { loadGenAI } from '../../src/genaiValues.js';

function aggregate(eventName: HookEventName, output: HookOutput) {
  return new HookAggregator().aggregateResults(
    [
      {
        hookConfig: { type: 'command', command: 'sh hook.sh' },
        eventName,
        success: true,
        output,
        exitCode: 0,
        duration: 1,
      },
    ],
    eventName,
  );
}

describe('hooks fire decisions: response texts', () => {
  it('HOOK-036, HOOK-046: the synthetic and the modified response are shown as their answer text, parts joined', async () => {
    await loadGenAI();
    const llmResponse = { candidates: [{ content: { role: 'model', parts: ['cached ', 'answer'] } }] };
    const beforeModel = decideFromAggregate(
      HookEventName.BeforeModel,
      aggregate(HookEventName.BeforeModel, {
        decision: 'block',
        reason: 'cached',
        hookSpecificOutput: { llm_response: llmResponse },
      }),
      {},
    );
    expect(beforeModel.syntheticResponse).toBe('cached answer');
    const afterModel = decideFromAggregate(
      HookEventName.AfterModel,
      aggregate(HookEventName.AfterModel, { hookSpecificOutput: { llm_response: llmResponse } }),
      {},
    );
    expect(afterModel.modifiedResponse).toBe('cached answer');
    expect(afterModel.verdict).toBe('the agent uses the modified response');
  });

  it('HOOK-178: a native block or deny on AfterTool is shown as not withholding the result; a Claude or Gemini replacement as what the model reads instead', () => {
    const denied = decideFromAggregate(
      HookEventName.AfterTool,
      aggregate(HookEventName.AfterTool, { decision: 'deny', reason: 'hide it' }),
      {},
    );
    expect(denied.verdict).toBe(
      'the model receives the tool result (a native block or deny on AfterTool does not withhold the result)',
    );
    const replaced = decideFromAggregate(
      HookEventName.AfterTool,
      aggregate(HookEventName.AfterTool, {
        hookSpecificOutput: {
          toolResultReplacement: {
            llmContent: 'Tool result blocked: hide it',
            returnDisplay: 'Tool result blocked: hide it',
          },
        },
      }),
      {},
    );
    expect(replaced.verdict).toBe('the model receives, in place of the tool result: Tool result blocked: hide it');
    const allowed = decideFromAggregate(HookEventName.AfterTool, aggregate(HookEventName.AfterTool, {}), {});
    expect(allowed.verdict).toBe('the model receives the tool result');
  });
});

describe('hooks fire decisions: what the session does with a lifecycle answer', () => {
  const verdict = (eventName: HookEventName, output: HookOutput) =>
    decideFromAggregate(eventName, aggregate(eventName, output), {}).verdict;

  it('BeforeAgent: a stop ends the prompt (not the session), a block refuses it, context joins it', () => {
    expect(verdict(HookEventName.BeforeAgent, { continue: false, stopReason: 'frozen' })).toBe(
      'the prompt ends before the model is called (the session takes the next prompt): frozen',
    );
    expect(verdict(HookEventName.BeforeAgent, { decision: 'block', reason: 'secret' })).toBe(
      'the prompt is refused and nothing reaches the model: secret',
    );
    expect(verdict(HookEventName.BeforeAgent, { hookSpecificOutput: { additionalContext: 'branch main' } })).toBe(
      'the prompt reaches the model with the additional context',
    );
    expect(verdict(HookEventName.BeforeAgent, { systemMessage: 'checked' })).toBe(
      'the prompt reaches the model unchanged; the user sees the systemMessage',
    );
  });

  it("AfterAgent: a stop ends the prompt, a block goes on with its reason and context, Gemini's clearContext wipes the conversation first", () => {
    expect(
      verdict(HookEventName.AfterAgent, {
        continue: false,
        stopReason: 'done',
        hookSpecificOutput: { clearContext: true },
      }),
    ).toBe('the prompt ends with this answer and the conversation is wiped: done');
    expect(
      verdict(HookEventName.AfterAgent, {
        decision: 'deny',
        reason: 'again',
        hookSpecificOutput: { clearContext: true },
      }),
    ).toBe('the conversation is wiped, then the agent goes on with the reason as the next user message: again');
    expect(verdict(HookEventName.AfterAgent, { hookSpecificOutput: { additionalContext: 'note' } })).toBe(
      "the agent stops; the additional context joins the model's history for the next prompt",
    );
  });

  it('SessionStart, PreCompress, SessionEnd and Notification', () => {
    expect(verdict(HookEventName.SessionStart, {})).toBe('the session starts with its history unchanged');
    expect(verdict(HookEventName.PreCompress, { decision: 'block', reason: 'notes first' })).toBe(
      'the compaction does not happen and the history is kept: notes first',
    );
    expect(verdict(HookEventName.PreCompress, {})).toBe('the history is compacted');
    expect(verdict(HookEventName.SessionEnd, {})).toBe(
      'the session ends; SessionEnd hooks get a bounded wait and cannot stop it',
    );
    expect(verdict(HookEventName.Notification, { systemMessage: 'pinged' })).toBe(
      'the notification is advisory: the agent goes on waiting for the user; the user sees the systemMessage',
    );
  });

  it("Claude Code's PostCompact and StopFailure, fired on PreCompress and AfterAgent: advisory and ignored", () => {
    const postCompact = decideFromAggregate(
      HookEventName.PreCompress,
      aggregate(HookEventName.PreCompress, { decision: 'block', systemMessage: 'notes saved' }),
      { moment: 'PostCompact' },
    );
    expect(postCompact.verdict).toBe('advisory: the history is already compacted; the user sees the systemMessage');
    const stopFailure = decideFromAggregate(
      HookEventName.AfterAgent,
      aggregate(HookEventName.AfterAgent, { decision: 'block', reason: 'retry' }),
      { moment: 'StopFailure' },
    );
    expect(stopFailure.verdict).toBe(
      'ignored, as Claude Code ignores it: the prompt has already ended with the model error',
    );
    const subagentStart = decideFromAggregate(
      HookEventName.BeforeAgent,
      aggregate(HookEventName.BeforeAgent, { hookSpecificOutput: { additionalContext: 'read STATUS' } }),
      { moment: 'SubagentStart' },
    );
    expect(subagentStart.verdict).toBe("the additional context joins the sub-agent's prompt");
  });
});
