/**
 * What a caller would do with an aggregated hook result — the verdict `hookrail hooks fire` prints.
 * It reads the result through the same output classes and effect functions the tool scheduler and
 * the model-call machine use, so the test bench and a real run agree.
 */
import type { GenerateContentParameters, GenerateContentResponse, ToolConfig } from '@google/genai';
import { defaultHookTranslator, type HookToolConfig } from '../hooks/protocol/hookTranslator.js';
import { getAskReason, getModifiedToolInput, getStopReason } from '../hooks/protocol/toolHookEffects.js';
import { AfterModelHookOutput, BeforeModelHookOutput } from '../hooks/protocol/outputs.js';
import { HookEventName } from '../hooks/protocol/events.js';
import { isPlainObject } from '../values.js';
import { responseText } from '../machines/modelCallActors.js';
import type { AggregatedHookResult } from '../hooks/protocol/results.js';
import { readToolResultReplacement } from '../hooks/protocol/toolResultReplacement.js';
import { lifecycleVerdict, toolMomentVerdict } from './fireLifecycleDecision.js';

/** The inputs the event was fired with (the ones the decision may modify). */
export interface FiredInputs {
  toolInput?: Record<string, unknown>;
  request?: GenerateContentParameters;
  response?: GenerateContentResponse;
  /** A Claude-only event fired on its nearest hookrail event (`PostCompact`, `StopFailure`, `PermissionRequest`, …). */
  moment?: string;
}

/** The aggregated decision, field by field, plus one line saying what the caller does with it. */
export interface FireDecision {
  blocked: boolean;
  reason?: string;
  stop: boolean;
  stopReason?: string;
  /** BeforeTool: a hook asks the user to confirm the call; the reason the user is shown. */
  asks?: string;
  /** BeforeTool: the arguments the tool would run with (the hook's `tool_input` merged over the original). */
  modifiedInput?: Record<string, unknown>;
  additionalContext?: string;
  systemMessage?: string;
  suppressOutput: boolean;
  /** BeforeToolSelection: the tool config the request would carry, in the hook format. */
  toolConfig?: HookToolConfig;
  /** BeforeModel: the messages of the modified request, when a hook changed it. */
  modifiedRequest?: Array<{ role: string; content: string }>;
  /** BeforeModel: the text of the synthetic response a blocking hook supplied. */
  syntheticResponse?: string;
  /** AfterModel: the text of the response the agent would use instead of the model's. */
  modifiedResponse?: string;
  /** Plain-language verdict: what the caller does. */
  verdict: string;
}

/** Derives the decision for `eventName` from the aggregated result of one fire. */
export function decideFromAggregate(
  eventName: HookEventName,
  aggregated: AggregatedHookResult,
  inputs: FiredInputs,
): FireDecision {
  const output = aggregated.finalOutput;
  const decision: FireDecision = {
    blocked: output?.isBlockingDecision() ?? false,
    stop: output?.shouldStopExecution() ?? false,
    suppressOutput: output?.suppressOutput === true,
    verdict: '',
  };
  if (output && decision.blocked) decision.reason = output.getEffectiveReason();
  if (output && decision.stop) decision.stopReason = getStopReason(output);
  const additionalContext = output?.getAdditionalContext();
  if (additionalContext) decision.additionalContext = additionalContext;
  if (output?.systemMessage) decision.systemMessage = output.systemMessage;

  if (inputs.moment === 'PermissionRequest' || inputs.moment === 'PostToolBatch') {
    const modified = inputs.moment === 'PermissionRequest' ? getModifiedToolInput(output) : undefined;
    if (modified) decision.modifiedInput = { ...(inputs.toolInput ?? {}), ...modified };
    const allowed = output?.decision === 'allow' || output?.decision === 'approve';
    decision.verdict = toolMomentVerdict(inputs.moment, { ...decision, allowed });
    return decision;
  }
  switch (eventName) {
    case HookEventName.BeforeTool: {
      const modified = getModifiedToolInput(output);
      if (modified) decision.modifiedInput = { ...(inputs.toolInput ?? {}), ...modified };
      if (output && !decision.stop && output.isAskDecision()) decision.asks = getAskReason(output);
      decision.verdict = decision.stop
        ? `the agent stops before the tool runs: ${decision.stopReason}`
        : decision.blocked
          ? `the tool call is blocked and does not run; the model receives: ${decision.reason}`
          : decision.asks !== undefined
            ? `the call waits for the user (onAskUser; hookrail run: y/n on a terminal, else --ask, default deny), shown: ${decision.asks}`
            : decision.modifiedInput
              ? 'the tool runs with the modified input'
              : 'the tool runs with its input unchanged';
      break;
    }
    case HookEventName.AfterTool:
      decision.verdict = decision.stop
        ? `the agent stops after this call: ${decision.stopReason}`
        : [
            replacedResultVerdict(output) ?? 'the model receives the tool result',
            ...(decision.additionalContext ? ['with the additional context appended'] : []),
            ...(decision.systemMessage ? ['with "[System] <systemMessage>" appended'] : []),
            ...(decision.suppressOutput ? ['and the user does not see the output'] : []),
            // A native hook's block or deny has no effect here (HOOK-178); Claude's and Gemini's replacements do (above).
            ...(decision.blocked ? ['(a native block or deny on AfterTool does not withhold the result)'] : []),
          ].join(' ');
      break;
    case HookEventName.BeforeToolSelection:
      decideToolSelection(decision, output, inputs);
      break;
    case HookEventName.BeforeModel:
      decideBeforeModel(decision, output, inputs);
      break;
    case HookEventName.AfterModel:
      decideAfterModel(decision, output);
      break;
    default:
      decision.verdict = lifecycleVerdict(eventName, decision, output, inputs.moment);
  }
  return decision;
}

function decideToolSelection(
  decision: FireDecision,
  output: AggregatedHookResult['finalOutput'],
  inputs: FiredInputs,
): void {
  const hookToolConfig = output?.hookSpecificOutput?.['toolConfig'];
  if (output && isPlainObject(hookToolConfig)) {
    const original: ToolConfig | undefined = inputs.request?.config?.toolConfig;
    const applied = output.applyToolConfigModifications({ toolConfig: original });
    decision.toolConfig = defaultHookTranslator.toHookToolConfig(applied.toolConfig);
  }
  if (decision.stop) {
    decision.verdict = `the agent stops before the model is called: ${decision.stopReason}`;
  } else if (decision.toolConfig) {
    const names = decision.toolConfig.allowedFunctionNames ?? [];
    decision.verdict =
      decision.toolConfig.mode === 'NONE'
        ? 'the model may call no tools on this request'
        : `the model may call only: ${names.length > 0 ? names.join(', ') : '(any tool)'} (mode ${decision.toolConfig.mode ?? 'unchanged'})`;
  } else {
    decision.verdict = 'the tool configuration is unchanged';
  }
}

function decideBeforeModel(
  decision: FireDecision,
  output: AggregatedHookResult['finalOutput'],
  inputs: FiredInputs,
): void {
  if (output instanceof BeforeModelHookOutput) {
    const synthetic = output.getSyntheticResponse();
    if (synthetic) decision.syntheticResponse = responseText(synthetic);
    if (inputs.request) {
      const modified = output.applyLLMRequestModifications(inputs.request);
      if (modified !== inputs.request)
        decision.modifiedRequest = defaultHookTranslator.toHookLLMRequest(modified).messages;
    }
  }
  if (decision.stop) {
    decision.verdict = `the model is not called and the agent stops: ${decision.stopReason}`;
  } else if (decision.blocked) {
    decision.verdict =
      decision.syntheticResponse !== undefined
        ? 'the model is not called; the synthetic response is used as its answer'
        : 'the model is not called; the agent gets an empty response';
  } else {
    decision.verdict = decision.modifiedRequest
      ? 'the model is called with the modified request'
      : 'the model is called with the request unchanged';
  }
}

function decideAfterModel(decision: FireDecision, output: AggregatedHookResult['finalOutput']): void {
  if (output instanceof AfterModelHookOutput) {
    const modified = output.getModifiedResponse();
    if (modified) decision.modifiedResponse = responseText(modified);
  }
  const suppressed = decision.suppressOutput ? '; the user does not see it' : '';
  decision.verdict = decision.stop
    ? `the agent stops: ${decision.stopReason}`
    : decision.modifiedResponse !== undefined
      ? `the agent uses the modified response${suppressed}`
      : `the agent uses the model's response${suppressed}`;
}

/** AfterTool: what the model reads in place of the tool's result, when a Claude or Gemini hook replaced it. */
function replacedResultVerdict(output: AggregatedHookResult['finalOutput']): string | undefined {
  const replacement = readToolResultReplacement(output?.hookSpecificOutput);
  return replacement ? `the model receives, in place of the tool result: ${replacement.llmContent}` : undefined;
}
