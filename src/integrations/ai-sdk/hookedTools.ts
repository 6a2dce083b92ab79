/**
 * AI SDK tools whose every call goes through one toolCall machine: BeforeTool (block, rewrite the
 * input, stop, ask), the tool, AfterTool (context, system message, stop) — the steps every hookrail
 * tool call takes, under the tool's canonical name.
 *
 * What the AI SDK gets back:
 * - the tool's own value, the same object, when no hook changed the result;
 * - the value a Claude Code PostToolUse hook put in its place (`updatedToolOutput`), when no hook added
 *   anything to it;
 * - the text the model should read (the tool's text or JSON with what the hooks added) when a hook
 *   added context or a system message;
 * - a thrown {@link HookedToolCallError} when a hook blocked the call (its message is the hook's
 *   reason) or stopped the run; the AI SDK hands the model the message as the tool's error output,
 *   and `stopWhen` ends the run after a stop;
 * - the tool's own error, rethrown, when it threw and no hook changed that.
 */
import type { ToolSet } from 'ai';
import { HookedToolCallError } from '../../errors.js';
import type { ToolResult } from '../../hooks/protocol/results.js';
import { createToolErrorResult } from '../../hooks/protocol/toolHookEffects.js';
import { textOfToolOutput } from '../../hooks/protocol/toolOutputText.js';
import { replacedToolOutput } from '../../hooks/protocol/toolResultReplacement.js';
import { toolHooksMayApply } from '../../hooks/triggers/toolHookTriggers.js';
import { runToolCall } from '../../machines/runToolCall.js';
import type { Tool } from '../../tool.js';
import { isPlainObject } from '../../values.js';
import type { HookedRunState } from './runState.js';

/** The AI SDK's `execute` options (`ToolExecutionOptions`). */
type ToolExecutionOptions = Parameters<NonNullable<ToolSet[string]['execute']>>[1];
type ToolExecute = (input: unknown, options: ToolExecutionOptions) => unknown;

/** `tools` with every tool that has an `execute` hooked; tools without one (client-side tools) are kept as they are. */
export function hookToolSet<TOOLS extends ToolSet>(tools: TOOLS, state: HookedRunState): TOOLS {
  const hooked: Record<string, unknown> = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute as ToolExecute | undefined;
    hooked[name] = typeof execute === 'function' ? { ...tool, execute: hookExecute({ name, execute, state }) } : tool;
  }
  return hooked as TOOLS;
}

/**
 * The hooked `execute` of one tool. With hooks disabled, or no tool hook matching the tool and its
 * input, it calls the tool at once: no machine, no promise of its own (HOOK-002, 010, 012, 013).
 */
function hookExecute(options: { name: string; execute: ToolExecute; state: HookedRunState }): ToolExecute {
  const { name, execute, state } = options;
  const canonicalName = state.toolNames.canonical(name);
  return (input, executionOptions) => {
    const args = isPlainObject(input) ? input : { input };
    let hooksMayApply: boolean;
    try {
      hooksMayApply = toolHooksMayApply(state.config, canonicalName, args);
    } catch {
      // The fire itself reports the failure and fails open.
      hooksMayApply = true;
    }
    if (!hooksMayApply) return execute(input, executionOptions);
    return executeThroughMachine({
      name,
      canonicalName,
      execute,
      state,
      args,
      inputWasObject: isPlainObject(input),
      executionOptions,
    });
  };
}

interface MachineCallOptions {
  name: string;
  canonicalName: string;
  execute: ToolExecute;
  state: HookedRunState;
  args: Record<string, unknown>;
  inputWasObject: boolean;
  executionOptions: ToolExecutionOptions;
}

async function executeThroughMachine(options: MachineCallOptions): Promise<unknown> {
  const { state, executionOptions } = options;
  let ran: { value: unknown; result: ToolResult } | undefined;
  let threw: { error: unknown } | undefined;
  const tool: Tool = {
    name: options.canonicalName,
    execute: async (args) => {
      try {
        const value = await settle(options.execute(options.inputWasObject ? args : args['input'], executionOptions));
        ran = { value, result: toToolResult(value) };
        return ran.result;
      } catch (error) {
        threw = { error };
        throw error;
      }
    },
  };
  const outcome = await runToolCall({
    config: state.config,
    request: { callId: executionOptions.toolCallId, name: options.canonicalName, args: options.args },
    tool,
    signal: executionOptions.abortSignal,
    recorder: state.recorder,
  });
  const text = outcome.result.llmContent;
  switch (outcome.outcome) {
    case 'blocked':
      throw new HookedToolCallError({ toolName: options.name, outcome: 'blocked', message: text });
    case 'stopped':
      state.stopReason ??= outcome.stopReason ?? text;
      throw new HookedToolCallError({
        toolName: options.name,
        outcome: 'stopped',
        message: text,
        stopReason: outcome.stopReason ?? text,
      });
    case 'cancelled':
      throw (
        executionOptions.abortSignal?.reason ??
        new HookedToolCallError({ toolName: options.name, outcome: 'failed', message: text })
      );
    default:
      break;
  }
  if (threw) {
    if (text === createToolErrorResult(threw.error).llmContent) throw threw.error;
    throw new HookedToolCallError({ toolName: options.name, outcome: 'failed', message: text, cause: threw.error });
  }
  if (ran && text === ran.result.llmContent) return ran.value;
  const replaced = replacedToolOutput(outcome.result);
  if (replaced !== undefined && text === textOfToolOutput(replaced)) return replaced;
  return text;
}

/**
 * A tool's value as a hookrail result: text as it is; anything else as its JSON, with the value
 * itself as `output` so AfterTool hooks receive the structure.
 */
export function toToolResult(value: unknown): ToolResult {
  if (typeof value === 'string') return { llmContent: value, returnDisplay: value };
  const text = JSON.stringify(value) ?? String(value);
  return { llmContent: text, returnDisplay: text, output: value };
}

/** The final value of an `execute` result: a promise's value, or the last value of a streaming tool (its preliminary results are not kept). */
async function settle(result: unknown): Promise<unknown> {
  const value = await result;
  if (!isAsyncIterable(value)) return value;
  let last: unknown;
  for await (const item of value) last = item;
  return last;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
