/**
 * The steps of one tool call — before-hook decision, execution, after-hook effects — written once and
 * shared by `executeToolWithHooks` and the toolCall machine's invoked actors (HOOK-133, HOOK-134): a
 * change of what a hook's answer does is made here, and both paths follow it.
 */
import { HookrailError } from '../../errors.js';
import type { Config } from '../engine/config.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import type { DefaultHookOutput } from '../protocol/outputs.js';
import type { ToolResult } from '../protocol/results.js';
import {
  appendAfterToolOutput,
  applyBeforeToolSystemMessage,
  createStoppedToolResult,
  createToolErrorResult,
  getStopReason,
  toToolResponse,
} from '../protocol/toolHookEffects.js';
import { readToolResultReplacement, replaceToolResult } from '../protocol/toolResultReplacement.js';
import { fireAfterToolHook } from './toolHookTriggers.js';
import { runOnHookSystem } from './triggerSupport.js';
import { HookEventName } from '../protocol/events.js';
import { decideBeforeTool, type BeforeToolDecision } from '../protocol/beforeToolDecision.js';

/** Runs the tool with the arguments it should run with (the original, or as a BeforeTool hook rewrote them). */
export type ToolExecuteFunction = (toolInput: Record<string, unknown>) => Promise<ToolResult>;

/** What the AfterTool hooks made of the executed result (HOOK-027..031, 131, 132). */
export type AfterToolDecision =
  | { kind: 'stopped'; result: ToolResult; stopReason: string }
  | { kind: 'finished'; result: ToolResult };

/** Options of the BeforeTool step. */
export interface BeforeToolStepOptions extends HookFireOptions {
  config: Config;
  toolName: string;
  args: Record<string, unknown>;
}

/**
 * Asks the hook system's `beforeTool` what happens to the call (never throws: HOOK-115); an `ask`
 * decision only when the Config has `onAskUser`. Hooks disabled: proceed as called. An engine failure
 * is reported, and blocks where a fail-closed or pinned BeforeTool hook guards the tool.
 */
export function runBeforeToolStep(options: BeforeToolStepOptions): Promise<BeforeToolDecision> {
  const canAsk = options.config.getOnAskUser() !== undefined;
  const call = { toolName: options.toolName, args: options.args, canAsk, ...fireOptions(options) };
  return runOnHookSystem<BeforeToolDecision>({
    config: options.config,
    trigger: 'fireBeforeToolHook',
    toolName: options.toolName,
    eventName: HookEventName.BeforeTool,
    safeDefault: decideBeforeTool(undefined, options.args),
    run: (hookSystem) => hookSystem.beforeTool(call),
    interpret: (blocking) => decideBeforeTool(blocking, options.args, { canAsk }),
  });
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
          new HookrailError(
            `Tool "${options.toolName}" returned an invalid result: expected an object with string "llmContent" and "returnDisplay"`,
          ),
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
  return {
    kind: 'finished',
    result: appendAfterToolOutput(applyBeforeToolSystemMessage(replaced, beforeOutput), afterOutput),
  };
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
  const afterOutput = await fireAfterToolHook(
    options.config,
    options.toolName,
    options.args,
    toToolResponse(options.result),
    fireOptions(options),
  );
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
