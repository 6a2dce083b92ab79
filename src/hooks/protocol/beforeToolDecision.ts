/**
 * What the BeforeTool hooks decided for one tool call, read from their aggregated output: stop,
 * block, ask or proceed, with the arguments the call runs with.
 */
import { BeforeToolHookOutput, type DefaultHookOutput } from './outputs.js';
import type { ToolResult } from './results.js';
import {
  createBlockedToolResult,
  createStoppedToolResult,
  getAskReason,
  getModifiedToolInput,
  getStopReason,
} from './toolHookEffects.js';

/**
 * What the BeforeTool hooks decided for a call. HOOK-020 before HOOK-016: a stop outranks a block (both
 * skip the tool; only a stop also ends the agent's turn); a block outranks an ask, which
 * outranks an allow. An `ask` carries the arguments the call would run with, for the one asked.
 */
export type BeforeToolDecision =
  | { kind: 'stopped'; result: ToolResult; stopReason: string; output: DefaultHookOutput }
  | { kind: 'blocked'; result: ToolResult; output: DefaultHookOutput }
  | AskDecision
  | { kind: 'proceed'; args: Record<string, unknown>; modified: boolean; output: DefaultHookOutput | undefined };

/** A hook asked the user to confirm the call; the ask step settles it (allow → proceed, deny → blocked). */
export interface AskDecision {
  kind: 'ask';
  /** The hook's reason for asking. */
  reason: string;
  /** The hooks that asked. */
  hookNames: readonly string[];
  /** The arguments the call runs with once allowed (a rewrite already merged). */
  args: Record<string, unknown>;
  modified: boolean;
  output: DefaultHookOutput;
}

/** Options of {@link decideBeforeTool}. */
export interface DecideBeforeToolOptions {
  /**
   * True when someone can be asked (`Config.onAskUser` is set): an `ask` then becomes an
   * `ask` decision. False (the default) keeps HOOK-182: `ask` proceeds like `allow`.
   */
  canAsk?: boolean;
}

/**
 * HOOK-014, 016a, 016b, 017..020, 129, 182, 183: reads the aggregated BeforeTool output. Modified
 * `tool_input` is shallow-merged over the arguments (HOOK-019). Precedence: stop, block, ask (only
 * when `canAsk`), proceed.
 */
export function decideBeforeTool(
  output: DefaultHookOutput | undefined,
  args: Record<string, unknown>,
  options: DecideBeforeToolOptions = {},
): BeforeToolDecision {
  if (output?.shouldStopExecution())
    return { kind: 'stopped', result: createStoppedToolResult(output), stopReason: getStopReason(output), output };
  if (output?.isBlockingDecision()) return { kind: 'blocked', result: createBlockedToolResult(output), output };
  const modified = getModifiedToolInput(output);
  const effectiveArgs = modified ? { ...args, ...modified } : args;
  if (options.canAsk === true && output?.isAskDecision()) {
    const hookNames = output instanceof BeforeToolHookOutput ? output.askingHookNames : [];
    return {
      kind: 'ask',
      reason: getAskReason(output),
      hookNames,
      args: effectiveArgs,
      modified: modified !== undefined,
      output,
    };
  }
  return { kind: 'proceed', args: effectiveArgs, modified: modified !== undefined, output };
}
