/**
 * What the AfterTool hooks made of one executed tool call, read from their aggregated output: a stop,
 * or the tool's result with the hooks' effects applied.
 */
import type { DefaultHookOutput } from './outputs.js';
import type { ToolResult } from './results.js';
import {
  appendAfterToolOutput,
  applyBeforeToolSystemMessage,
  createStoppedToolResult,
  getStopReason,
} from './toolHookEffects.js';
import { readToolResultReplacement, replaceToolResult } from './toolResultReplacement.js';

/** What the AfterTool hooks made of the executed result (HOOK-027..031, 131, 132). */
export type AfterToolDecision =
  | { kind: 'stopped'; result: ToolResult; stopReason: string }
  | { kind: 'finished'; result: ToolResult };

/**
 * HOOK-027..031, 131, 132, 217: the executed result with the BeforeTool system message and the AfterTool
 * effects applied; an AfterTool stop replaces the result, and so does a Claude Code `updatedToolOutput`
 * or a Gemini CLI AfterTool deny (toolResultReplacement.ts).
 */
export function decideAfterTool(
  result: ToolResult,
  beforeOutput: DefaultHookOutput | undefined,
  afterOutput: DefaultHookOutput | undefined,
): AfterToolDecision {
  if (afterOutput?.shouldStopExecution()) {
    return { kind: 'stopped', result: createStoppedToolResult(afterOutput), stopReason: getStopReason(afterOutput) };
  }
  // A replacement takes the place of the tool's own output; the hooks' messages and context join it as they would the original.
  const replaced = replaceToolResult(result, readToolResultReplacement(afterOutput?.hookSpecificOutput));
  return {
    kind: 'finished',
    result: appendAfterToolOutput(applyBeforeToolSystemMessage(replaced, beforeOutput), afterOutput),
  };
}
