/**
 * Sequential hooks (HOOK-103..107): what one hook's output passes on to the next hook's input, and
 * which outputs end the chain.
 */
import { isPlainObject } from '../../values.js';
import { HookEventName } from '../protocol/events.js';
import type { HookInput } from '../protocol/inputs.js';
import { modifiedToolInput, type HookOutput } from '../protocol/outputs.js';

/**
 * HOOK-024, 104..106, 211, 216: the next hook's input in a sequential chain. BeforeAgent appends
 * `additionalContext` to `prompt`; BeforeModel shallow-merges `llm_request`; BeforeTool
 * shallow-merges `tool_input` (or Claude Code's `updatedInput`); every other event is unchanged.
 * The caller's input is never mutated.
 */
export function applyHookOutputToInput(input: HookInput, output: HookOutput, eventName: HookEventName): HookInput {
  const specific = isPlainObject(output.hookSpecificOutput) ? output.hookSpecificOutput : undefined;
  if (!specific) return input;
  const record = input as unknown as Record<string, unknown>;
  switch (eventName) {
    case HookEventName.BeforeAgent: {
      const additionalContext = specific['additionalContext'];
      if (typeof additionalContext !== 'string' || additionalContext === '') return input;
      const prompt = typeof record['prompt'] === 'string' ? record['prompt'] : '';
      return { ...input, prompt: `${prompt}\n\n${additionalContext}` } as HookInput;
    }
    case HookEventName.BeforeModel: {
      const llmRequest = specific['llm_request'];
      if (!isPlainObject(llmRequest)) return input;
      const current = isPlainObject(record['llm_request']) ? record['llm_request'] : {};
      return { ...input, llm_request: { ...current, ...llmRequest } } as HookInput;
    }
    case HookEventName.BeforeTool: {
      const toolInput = modifiedToolInput(specific);
      if (!toolInput) return input;
      const current = isPlainObject(record['tool_input']) ? record['tool_input'] : {};
      return { ...input, tool_input: { ...current, ...toolInput } } as HookInput;
    }
    default:
      return input;
  }
}

/** HOOK-107: a block/deny decision, or BeforeTool's `permissionDecision` block/deny. */
export function isBlockingOutput(output: HookOutput | undefined, eventName: HookEventName): boolean {
  if (!output) return false;
  if (output.decision === 'block' || output.decision === 'deny') return true;
  if (eventName !== HookEventName.BeforeTool || !isPlainObject(output.hookSpecificOutput)) return false;
  const permission = output.hookSpecificOutput['permissionDecision'];
  return permission === 'block' || permission === 'deny';
}
