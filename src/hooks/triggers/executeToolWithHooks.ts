/**
 * `executeToolWithHooks`: one tool call, before → execute → after, for hosts that run tools without the
 * scheduler. It composes the same steps (`toolCallSteps.ts`) the toolCall machine invokes (HOOK-134).
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../engine/config.js';
import type { HookFireOptions } from '../protocol/hookConfig.js';
import { createToolErrorResult } from '../protocol/toolHookEffects.js';
import type { ToolResult } from '../protocol/results.js';
import { runAfterToolStep, runBeforeToolStep, runToolStep, type ToolExecuteFunction } from './toolCallSteps.js';
import { runAskStep } from './askUserStep.js';
import { toolHooksMayApply } from './toolHookTriggers.js';
import { warnTriggerFailure } from './triggerSupport.js';

/**
 * HOOK-133: before → (ask) → execute → after for one tool call, returning the `ToolResult`
 * the model sees. A hook's `ask` is put to `Config.onAskUser` (one ask at a time per Config); without
 * it the call proceeds (HOOK-182).
 * Hooks disabled, or (once initialised) no hook matching the tool: `executeFn` is called directly,
 * with no hook work (HOOK-002, 010, 012, 013). A tool that throws yields an error result; the call is
 * never lost (HOOK-110).
 */
export function executeToolWithHooks(
  config: Config,
  toolName: string,
  toolInput: Record<string, unknown>,
  executeFn: ToolExecuteFunction,
  options?: HookFireOptions,
): Promise<ToolResult> {
  let hooksMayApply: boolean;
  try {
    hooksMayApply = toolHooksMayApply(config, toolName, toolInput);
  } catch (error) {
    // The probe failed: the hook steps run, and block if a fail-closed or pinned hook guards the tool.
    warnTriggerFailure(config, 'toolHooksMayApply (the hook steps run)', error, toolName);
    hooksMayApply = true;
  }
  if (!hooksMayApply) return runToolStep({ execute: executeFn, args: toolInput, toolName });
  return executeWithHookSystem(config, toolName, toolInput, executeFn, options);
}

async function executeWithHookSystem(
  config: Config,
  toolName: string,
  toolInput: Record<string, unknown>,
  executeFn: ToolExecuteFunction,
  options: HookFireOptions | undefined,
): Promise<ToolResult> {
  let toolResult: ToolResult | undefined;
  // One id for both fires, so a Claude Code hook can pair PreToolUse with PostToolUse (`tool_use_id`).
  const toolCallId = options?.toolCallId ?? `hookrail_${randomUUID()}`;
  try {
    const session = options?.session;
    const decided = await runBeforeToolStep({
      config,
      toolName,
      args: toolInput,
      signal: options?.signal,
      toolCallId,
      session,
    });
    // A hook asked (and Config has onAskUser): the answer makes it proceed or blocked.
    const before =
      decided.kind === 'ask'
        ? await runAskStep({ config, toolName, decision: decided, signal: options?.signal, session })
        : decided;
    if (before.kind !== 'proceed') return before.result;
    toolResult = await runToolStep({ execute: executeFn, args: before.args, toolName });
    const after = await runAfterToolStep({
      config,
      toolName,
      args: before.args,
      result: toolResult,
      beforeOutput: before.output,
      signal: options?.signal,
      toolCallId,
      session,
    });
    return after.result;
  } catch (error) {
    // HOOK-111: the steps do not throw; should one ever, the tool's own result survives.
    warnTriggerFailure(config, 'executeToolWithHooks', error, toolName);
    return toolResult ?? createToolErrorResult(error);
  }
}
