import { describe, expect, it } from 'vitest';
import { decideFromAggregate } from '../../src/cli/fireDecision.js';
import { HookAggregator } from '../../src/hooks/protocol/hookAggregator.js';
import { HookEventName } from '../../src/hooks/protocol/events.js';
import type { HookOutput } from '../../src/hooks/protocol/outputs.js';
import { loadGenAI } from '../../src/genaiValues.js';

function aggregate(eventName: HookEventName, output: HookOutput) {
  return new HookAggregator().aggregateResults([{ hookConfig: { type: 'command', command: 'sh hook.sh' }, eventName, success: true, output, exitCode: 0, duration: 1 }], eventName);
}

describe('hooks fire decisions: response texts', () => {
  it('HOOK-036, HOOK-046: the synthetic and the modified response are shown as their answer text, parts joined', async () => {
    await loadGenAI();
    const llmResponse = { candidates: [{ content: { role: 'model', parts: ['cached ', 'answer'] } }] };
    const beforeModel = decideFromAggregate(HookEventName.BeforeModel, aggregate(HookEventName.BeforeModel, { decision: 'block', reason: 'cached', hookSpecificOutput: { llm_response: llmResponse } }), {});
    expect(beforeModel.syntheticResponse).toBe('cached answer');
    const afterModel = decideFromAggregate(HookEventName.AfterModel, aggregate(HookEventName.AfterModel, { hookSpecificOutput: { llm_response: llmResponse } }), {});
    expect(afterModel.modifiedResponse).toBe('cached answer');
    expect(afterModel.verdict).toBe('the agent uses the modified response');
  });

  it('HOOK-178: a native block or deny on AfterTool is shown as not withholding the result; a Claude or Gemini replacement as what the model reads instead', () => {
    const denied = decideFromAggregate(HookEventName.AfterTool, aggregate(HookEventName.AfterTool, { decision: 'deny', reason: 'hide it' }), {});
    expect(denied.verdict).toBe('the model receives the tool result (a native block or deny on AfterTool does not withhold the result)');
    const replaced = decideFromAggregate(
      HookEventName.AfterTool,
      aggregate(HookEventName.AfterTool, { hookSpecificOutput: { toolResultReplacement: { llmContent: 'Tool result blocked: hide it', returnDisplay: 'Tool result blocked: hide it' } } }),
      {},
    );
    expect(replaced.verdict).toBe('the model receives, in place of the tool result: Tool result blocked: hide it');
    const allowed = decideFromAggregate(HookEventName.AfterTool, aggregate(HookEventName.AfterTool, {}), {});
    expect(allowed.verdict).toBe('the model receives the tool result');
  });
});
