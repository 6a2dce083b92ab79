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
import { createToolErrorResult } from '../protocol/toolHookEffects.js';
import { runOnHookSystem } from './triggerSupport.js';
import { HookEventName } from '../protocol/events.js';
import { decideBeforeTool, type BeforeToolDecision } from '../protocol/beforeToolDecision.js';
import { decideAfterTool, type AfterToolDecision } from '../protocol/afterToolDecision.js';

/** Runs the tool with the arguments it should run with (the original, or as a BeforeTool hook rewrote them). */
export type ToolExecuteFunction = (toolInput: Record<string, unknown>) => Promise<ToolResult>;

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
  const { config, ...call } = options;
  // Read inside the guard, so even a broken Config cannot make the step throw.
  const canAsk = (): boolean => config.getOnAskUser() !== undefined;
  return runOnHookSystem<BeforeToolDecision>({
    config,
    trigger: 'fireBeforeToolHook',
    toolName: call.toolName,
    eventName: HookEventName.BeforeTool,
    safeDefault: decideBeforeTool(undefined, call.args),
    run: (hookSystem) => hookSystem.beforeTool({ ...call, canAsk: canAsk() }),
    interpret: (blocking) => decideBeforeTool(blocking, call.args, { canAsk: canAsk() }),
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

/** Options of the AfterTool step. */
export interface AfterToolStepOptions extends HookFireOptions {
  config: Config;
  toolName: string;
  /** The arguments as executed. */
  args: Record<string, unknown>;
  result: ToolResult;
  beforeOutput: DefaultHookOutput | undefined;
}

/**
 * HOOK-025, 026, 128: asks the hook system's `afterTool` what the model sees of the executed call
 * (never throws). Hooks disabled, or an engine failure (reported): the result with the BeforeTool
 * system message applied, as if no AfterTool hook ran.
 */
export function runAfterToolStep(options: AfterToolStepOptions): Promise<AfterToolDecision> {
  const { config, ...call } = options;
  return runOnHookSystem<AfterToolDecision>({
    config,
    trigger: 'fireAfterToolHook',
    toolName: call.toolName,
    safeDefault: decideAfterTool(call.result, call.beforeOutput, undefined),
    run: (hookSystem) => hookSystem.afterTool(call),
  });
}

/** True for an object with string `llmContent` and `returnDisplay`. */
export function isToolResult(value: unknown): value is ToolResult {
  const candidate = value as Partial<ToolResult> | null | undefined;
  return typeof candidate?.llmContent === 'string' && typeof candidate.returnDisplay === 'string';
}
