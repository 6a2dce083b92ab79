/**
 * The steps of one tool call — before-hook decision, execution, after-hook effects — written once and
 * shared by `executeToolWithHooks` and the toolCall machine's invoked actors (HOOK-133, HOOK-134): a
 * change of what a hook's answer does is made here, and both paths follow it.
 */
import { HookrailError } from '../../errors.js';
import type { Config } from '../engine/config.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import { BeforeToolHookOutput, type DefaultHookOutput } from '../protocol/outputs.js';
import type { ToolResult } from '../protocol/results.js';
import {
  appendAfterToolOutput,
  applyBeforeToolSystemMessage,
  createBlockedToolResult,
  createStoppedToolResult,
  createToolErrorResult,
  getAskReason,
  getModifiedToolInput,
  getStopReason,
  toToolResponse,
} from '../protocol/toolHookEffects.js';
import { readToolResultReplacement, replaceToolResult } from '../protocol/toolResultReplacement.js';
import { fireAfterToolHook, fireBeforeToolHook } from './toolHookTriggers.js';

/** Runs the tool with the arguments it should run with (the original, or as a BeforeTool hook rewrote them). */
export type ToolExecuteFunction = (toolInput: Record<string, unknown>) => Promise<ToolResult>;

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

/** What the AfterTool hooks made of the executed result (HOOK-027..031, 131, 132). */
export type AfterToolDecision =
  | { kind: 'stopped'; result: ToolResult; stopReason: string }
  | { kind: 'finished'; result: ToolResult };

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
  if (output?.shouldStopExecution()) return { kind: 'stopped', result: createStoppedToolResult(output), stopReason: getStopReason(output), output };
  if (output?.isBlockingDecision()) return { kind: 'blocked', result: createBlockedToolResult(output), output };
  const modified = getModifiedToolInput(output);
  const effectiveArgs = modified ? { ...args, ...modified } : args;
  if (options.canAsk === true && output?.isAskDecision()) {
    const hookNames = output instanceof BeforeToolHookOutput ? output.askingHookNames : [];
    return { kind: 'ask', reason: getAskReason(output), hookNames, args: effectiveArgs, modified: modified !== undefined, output };
  }
  return { kind: 'proceed', args: effectiveArgs, modified: modified !== undefined, output };
}

/** Options of the BeforeTool step. */
export interface BeforeToolStepOptions extends HookFireOptions {
  config: Config;
  toolName: string;
  args: Record<string, unknown>;
}

/**
 * Fires BeforeTool (never throws: HOOK-115) and decides what happens to the call; an `ask` decision
 * only when the Config has `onAskUser`.
 */
export async function runBeforeToolStep(options: BeforeToolStepOptions): Promise<BeforeToolDecision> {
  const output = await fireBeforeToolHook(options.config, options.toolName, options.args, fireOptions(options));
  return decideBeforeTool(output, options.args, { canAsk: options.config.getOnAskUser() !== undefined });
}

/** Options of the tool step. */
export interface ToolStepOptions {
  execute: ToolExecuteFunction;
  /** The arguments as executed. */
  args: Record<string, unknown>;
  /** Named in the error result of a malformed return value. */
  toolName: string;
}

/**
 * Calls the tool; a throw (synchronous or not) or a value that is not a ToolResult becomes an error
 * result, so the call is never lost (HOOK-110).
 */
export function runToolStep(options: ToolStepOptions): Promise<ToolResult> {
  const ensureToolResult = (value: unknown): ToolResult =>
    isToolResult(value)
      ? value
      : createToolErrorResult(
          new HookrailError(`Tool "${options.toolName}" returned an invalid result: expected an object with string "llmContent" and "returnDisplay"`),
        );
  try {
    // Promise.resolve: a plain-JavaScript host may pass a function that returns a bare ToolResult.
    return Promise.resolve(options.execute(options.args)).then(ensureToolResult, createToolErrorResult);
  } catch (error) {
    return Promise.resolve(createToolErrorResult(error));
  }
}

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
  return { kind: 'finished', result: appendAfterToolOutput(applyBeforeToolSystemMessage(replaced, beforeOutput), afterOutput) };
}

/** Options of the AfterTool step. */
export interface AfterToolStepOptions extends HookFireOptions {
  config: Config;
  toolName: string;
  /** The arguments as executed. */
  args: Record<string, unknown>;
  result: ToolResult;
  beforeOutput: DefaultHookOutput | undefined;
}

/** HOOK-025, 026, 128: fires AfterTool with the tool's own result (never throws) and applies what it said. */
export async function runAfterToolStep(options: AfterToolStepOptions): Promise<AfterToolDecision> {
  const afterOutput = await fireAfterToolHook(options.config, options.toolName, options.args, toToolResponse(options.result), fireOptions(options));
  return decideAfterTool(options.result, options.beforeOutput, afterOutput);
}

/** The fire options of a step: its signal, the call's id (Claude Code's `tool_use_id`) when known, its origin and session. */
function fireOptions(options: HookFireOptions): HookFireOptions {
  return {
    signal: options.signal,
    ...(options.toolCallId !== undefined ? { toolCallId: options.toolCallId } : {}),
    ...(options.origin !== undefined ? { origin: options.origin } : {}),
    ...(options.session !== undefined ? { session: options.session } : {}),
  };
}

/** True for an object with string `llmContent` and `returnDisplay`. */
export function isToolResult(value: unknown): value is ToolResult {
  const candidate = value as Partial<ToolResult> | null | undefined;
  return typeof candidate?.llmContent === 'string' && typeof candidate.returnDisplay === 'string';
}
