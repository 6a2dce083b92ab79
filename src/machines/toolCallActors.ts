/**
 * What the toolCall machine needs beyond the shared tool-call steps (`hooks/triggers/toolCallSteps.ts`,
 * the same steps `executeToolWithHooks` composes, HOOK-134): running a `Tool` object, the results of
 * calls that never ran (unknown tool, cancelled), and the fail-open warning of a failed actor. Each
 * function is testable without XState.
 */
import { ToolNotFoundError, toError } from '../errors.js';
import type { Config } from '../hooks/engine/config.js';
import type { AskRecord } from '../hooks/protocol/askUser.js';
import { DefaultHookOutput } from '../hooks/protocol/outputs.js';
import { ASK_DENIED_ERROR_TYPE, createErrorResult } from '../hooks/protocol/toolHookEffects.js';
import type { ToolResult } from '../hooks/protocol/results.js';
import { decideAskAnswer } from '../hooks/triggers/askUserStep.js';
import type { AskDecision } from '../hooks/protocol/beforeToolDecision.js';
import { runToolStep } from '../hooks/triggers/toolCallSteps.js';
import { warnTriggerFailure } from '../hooks/triggers/triggerSupport.js';
import type { Tool, ToolCallRequest } from '../tool.js';
import type { ToolCallOutcome, ToolCallOutcomeKind } from './types.js';

/** `error.type` of the result of a call that was cancelled (abort, or the agent was stopped first). */
export const TOOL_CALL_CANCELLED_ERROR_TYPE = 'cancelled';

/** `error.type` of the result of a call that named a tool the scheduler does not know. */
export const TOOL_NOT_FOUND_ERROR_TYPE = 'tool_not_found';

/** What the tool-execution actor needs. */
export interface ExecuteToolActorInput {
  tool: Tool;
  toolName: string;
  args: Record<string, unknown>;
}

/**
 * HOOK-025, HOOK-110: runs the `Tool` through the shared execution step with the actor's signal
 * (leaving `executing` aborts it); a throw or a malformed return becomes an error result.
 */
export function executeCallTool(input: ExecuteToolActorInput, signal: AbortSignal): Promise<ToolResult> {
  return runToolStep({
    execute: (args) => input.tool.execute(args, { signal }),
    args: input.args,
    toolName: input.toolName,
  });
}

/**
 * HOOK-002, HOOK-010, HOOK-012, HOOK-013: true when no tool hook can run for this call — hooks are
 * disabled, or the initialised hook system's plan for the call is empty (no BeforeTool hook applies
 * to it — given `args`, a hook whose `if` condition fails for them does not — and no AfterTool hook's
 * matcher takes it) — so the call goes straight to `executing` and from there to `buffered`, as
 * `executeToolWithHooks` runs the tool directly for the same arguments. The BeforeTool plan made to
 * answer is the one the call's BeforeTool step then runs. A failing check is reported and answers
 * `false`: the hook states then run, and block where a fail-closed or pinned hook guards the tool.
 */
export function noToolHooksApply(config: Config, toolName: string, args?: Record<string, unknown>): boolean {
  try {
    // No hook system: hooks are disabled. Otherwise the call's plan answers.
    const hookSystem = config.getHookSystem();
    return hookSystem === undefined || !hookSystem.toolHooksMayApply({ toolName, args });
  } catch (error) {
    // Reported, and the hook states run: they block where a fail-closed or pinned hook guards the tool.
    warnTriggerFailure(config, 'toolHooksMayApply (the hook steps run)', error, toolName);
    return false;
  }
}

/** The outcome of a call whose tool ran: `error` when its result carries an error, else `success`. */
export function outcomeOfExecutedResult(result: ToolResult): ToolCallOutcomeKind {
  return result.error ? 'error' : 'success';
}

/**
 * HOOK-110: the outcome of a call answered with an error result instead of a finished toolCall
 * machine (not allowed, lost, or its actor failed), with the arguments as requested: no call is lost.
 */
export function errorCallOutcome(request: ToolCallRequest, result: ToolResult): ToolCallOutcome {
  return {
    callId: request.callId,
    name: request.name,
    args: request.args,
    requestedArgs: request.args,
    outcome: 'error',
    result,
  };
}

/** The result of a call naming an unknown tool: the ToolNotFoundError message lists the available tools. */
export function toolNotFoundResult(toolName: string, availableToolNames: readonly string[]): ToolResult {
  return createErrorResult({
    type: TOOL_NOT_FOUND_ERROR_TYPE,
    message: new ToolNotFoundError(toolName, availableToolNames).message,
  });
}

/** The result of a cancelled call; `reason` says why (aborted, or the agent was stopped by a hook). */
export function cancelledResult(toolName: string, reason: string | undefined): ToolResult {
  return createErrorResult({
    type: TOOL_CALL_CANCELLED_ERROR_TYPE,
    message: `Tool call "${toolName}" was cancelled${reason ? `: ${reason}` : ''}`,
  });
}

/** Options of {@link askActorFailureResult}. */
export interface AskActorFailureOptions {
  toolName: string;
  /** What the hooks asked; `undefined` only if the machine lost it. */
  decision: AskDecision | undefined;
  error: unknown;
}

/**
 * The ask step's actor failed (it is meant never to throw). An ask fails closed: the call is
 * denied with a reason naming the failure, as for an `onAskUser` that threw.
 */
export function askActorFailureResult(options: AskActorFailureOptions): { asked: AskRecord; result: ToolResult } {
  const reason = `the ask step failed, so the call is denied: ${toError(options.error).message}`;
  const decision: AskDecision = options.decision ?? {
    kind: 'ask',
    reason: 'a hook asks for confirmation',
    hookNames: [],
    args: {},
    modified: false,
    output: new DefaultHookOutput({ decision: 'ask' }),
  };
  const denied = decideAskAnswer({
    toolName: options.toolName,
    decision,
    answer: { decision: 'deny', decisionReason: reason, answeredBy: 'failure' },
  });
  return {
    asked: denied.asked,
    result:
      denied.kind === 'blocked' ? denied.result : createErrorResult({ type: ASK_DENIED_ERROR_TYPE, message: reason }),
  };
}

/**
 * HOOK-023, HOOK-031, HOOK-111: an invoked actor failed (the steps are meant never to throw). The call
 * goes on as if no hook ran — except a failed ask, which denies it — with one warning
 * naming the step, the tool and the error.
 */
export function warnActorFailure(
  config: Config,
  step: 'BeforeTool' | 'ask' | 'tool' | 'AfterTool',
  toolName: string,
  error: unknown,
): void {
  try {
    const message = toError(error).message;
    const consequence = step === 'ask' ? 'the call is denied' : 'continuing as if no hook ran';
    config
      .getDebugLogger()
      .child('machines:toolCall')
      .warn(`${step} step for '${toolName}' failed, ${consequence}: ${message}`, { step, toolName, error: message });
  } catch {
    // A broken logger must not turn a fail-open path into a crash.
  }
}
