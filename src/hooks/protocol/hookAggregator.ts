/**
 * HookAggregator: merges the outputs of one event fire into one decision (HOOK-190). Tool, agent and
 * lifecycle events OR-merge (any block wins, messages concatenated); model events replace fields,
 * later over earlier; tool selection unions the allowed functions with NONE > ANY > AUTO.
 * `success` is execution health, never policy (HOOK-160, 213, 214).
 */
import { HookExecutionError, type HookFailureKind } from '../../errors.js';
import { getHookName } from './hookConfig.js';
import {
  AfterModelHookOutput,
  BeforeModelHookOutput,
  BeforeToolHookOutput,
  BeforeToolSelectionHookOutput,
  DEFAULT_BLOCK_REASON,
  DefaultHookOutput,
  type HookDecision,
  type HookOutput,
} from './outputs.js';
import { createEmptyAggregatedResult, type AggregatedHookResult, type HookExecutionResult } from './results.js';
import { HookEventName } from './events.js';
import { isPlainObject } from '../../values.js';
import { boundedStderrMessage } from './hookStderr.js';

/** Exit code 2: the hook blocks; its output (stderr as the reason) is the block (HOOK-016a, 066). */
const EXIT_CODE_BLOCK = 2;

/** HOOK-209: how the runner words a failed hook's stderr (`convertPlainTextToHookOutput`). */
const FAILURE_WARNING_PREFIX = 'Warning: ';

/** HOOK-031, 042, 052, 060: a failed hook of these events changes nothing, not even by a warning. */
const eventsWithoutFailureWarnings: ReadonlySet<HookEventName> = new Set([
  HookEventName.AfterTool,
  HookEventName.BeforeModel,
  HookEventName.AfterModel,
  HookEventName.BeforeToolSelection,
]);

/** How much of a failed hook's stderr goes into the error message built for it. */
const STDERR_EXCERPT_LENGTH = 500;

/**
 * The error for a failed result that carries none (the runner normally supplies one): a
 * {@link HookExecutionError} naming the event, the hook, how it ended and the head of its stderr.
 */
function failureError(result: HookExecutionResult): HookExecutionError {
  const kind: HookFailureKind = result.timedOut ? 'timeout' : result.signal ? 'signal' : 'exit-code';
  return new HookExecutionError({
    kind,
    command: result.hookConfig.command ?? getHookName(result.hookConfig),
    eventName: result.eventName,
    message: describeFailure(result),
  });
}

function describeFailure(result: HookExecutionResult): string {
  const subject = `${result.eventName} hook ${JSON.stringify(getHookName(result.hookConfig))}`;
  let how: string;
  if (result.timedOut) how = 'timed out';
  else if (result.signal) how = `was killed by ${result.signal}`;
  else if (result.exitCode === EXIT_CODE_BLOCK) how = 'exited with code 2 (block)';
  else if (result.exitCode !== undefined) how = `exited with code ${result.exitCode}`;
  else how = 'failed';
  const stderr = result.stderr?.trim();
  return stderr ? `${subject} ${how}: ${stderr.slice(0, STDERR_EXCERPT_LENGTH)}` : `${subject} ${how}`;
}

/** True for an exit-code-2 block: not a timeout or signal kill, which fail open instead. */
function isExitCodeBlock(result: HookExecutionResult): boolean {
  return !result.success && result.exitCode === EXIT_CODE_BLOCK && !result.timedOut && !result.signal;
}

/**
 * HOOK-031, 042, 052, 060, 112, 209, 214: the output a result contributes. Successful hooks contribute
 * theirs; an exit-2 hook contributes its block; any other failure fails open and contributes at most
 * its `Warning: <stderr>` system message (HOOK-209) — never a decision — and nothing on the events
 * whose failed hooks must leave the result, request, response or tool configuration as it was. A
 * fail-closed hook's failure contributes the block it stands for.
 */
function contributedOutput(result: HookExecutionResult): HookOutput | undefined {
  if (result.success) return isPlainObject(result.output) ? result.output : undefined;
  if (result.failedClosed === true && isPlainObject(result.output)) return result.output;
  if (isExitCodeBlock(result)) {
    if (isPlainObject(result.output)) return result.output;
    return { decision: 'deny', reason: boundedStderrMessage(result.stderr?.trim() ?? '') || DEFAULT_BLOCK_REASON };
  }
  const warning = result.output?.systemMessage;
  if (
    eventsWithoutFailureWarnings.has(result.eventName) ||
    typeof warning !== 'string' ||
    !warning.startsWith(FAILURE_WARNING_PREFIX)
  )
    return undefined;
  return { systemMessage: warning };
}

/**
 * HOOK-200: the output class for an event. BeforeTool gets `BeforeToolHookOutput`, which also reads
 * Claude Code's `permissionDecision` fields; model and tool-selection events get their own classes.
 */
export function createSpecificHookOutput(output: HookOutput, eventName: HookEventName): DefaultHookOutput {
  switch (eventName) {
    case HookEventName.BeforeTool:
      return new BeforeToolHookOutput(output);
    case HookEventName.BeforeModel:
      return new BeforeModelHookOutput(output);
    case HookEventName.AfterModel:
      return new AfterModelHookOutput(output);
    case HookEventName.BeforeToolSelection:
      return new BeforeToolSelectionHookOutput(output);
    default:
      return new DefaultHookOutput(output);
  }
}

/** HOOK-092..102, 112, 160, 190, 208, 210, 213, 214: merges hook results into one result. */
export class HookAggregator {
  /** Aggregates one event fire. Empty input gives the empty success result (HOOK-145). */
  aggregateResults(results: HookExecutionResult[], eventName: HookEventName): AggregatedHookResult {
    if (results.length === 0) return createEmptyAggregatedResult();
    const outputs: HookOutput[] = [];
    const errors: Error[] = [];
    let totalDuration = 0;
    for (const result of results) {
      totalDuration += Number.isFinite(result.duration) ? result.duration : 0;
      if (!result.success) errors.push(result.error ?? failureError(result));
      const output = contributedOutput(result);
      if (output) outputs.push(output);
    }
    const merged = outputs.length > 0 ? mergeOutputs(outputs, eventName) : undefined;
    const finalOutput = merged ? createSpecificHookOutput(merged, eventName) : undefined;
    if (finalOutput instanceof BeforeToolHookOutput && finalOutput.isAskDecision())
      finalOutput.setAskingHookNames(askingHookNames(results));
    return {
      success: errors.length === 0,
      finalOutput,
      allOutputs: outputs,
      errors,
      totalDuration,
    };
  }
}

/** The names of the hooks whose own BeforeTool answer asks, in result order. */
function askingHookNames(results: readonly HookExecutionResult[]): string[] {
  const names: string[] = [];
  for (const result of results) {
    const output = contributedOutput(result);
    if (output && asks(output, true)) names.push(getHookName(result.hookConfig));
  }
  return names;
}

/** True when one hook's answer asks: `decision: "ask"`, or (BeforeTool) `permissionDecision: "ask"`. */
function asks(output: HookOutput, readsCompatibilityFields: boolean): boolean {
  if (output.decision === 'ask') return true;
  if (!readsCompatibilityFields || !isPlainObject(output.hookSpecificOutput)) return false;
  return output.hookSpecificOutput['permissionDecision'] === 'ask';
}

/** HOOK-190: the merge strategy for each event. */
function mergeOutputs(outputs: HookOutput[], eventName: HookEventName): HookOutput {
  switch (eventName) {
    case HookEventName.BeforeModel:
    case HookEventName.AfterModel:
      return mergeWithFieldReplacement(outputs);
    case HookEventName.BeforeToolSelection:
      return mergeToolSelectionOutputs(outputs);
    default:
      return mergeWithOrDecision(outputs, eventName);
  }
}

function isBlocking(decision: unknown): boolean {
  return decision === 'block' || decision === 'deny';
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/**
 * HOOK-092..097, 208: any block blocks; reasons, system messages, stop reasons and additional
 * context are joined with newlines; `suppressOutput` and `continue: false` are ORed; other
 * `hookSpecificOutput` fields are shallow-merged, later over earlier. For BeforeTool, Claude Code's
 * `permissionDecision: "deny"` blocks too, so a compatibility-style guard is not lost in the merge.
 * Ask wins over allow: without a block, any hook's `ask` (or Claude's
 * `permissionDecision: "ask"`) is the merged decision, whatever the order; a block outranks it.
 */
function mergeWithOrDecision(outputs: HookOutput[], eventName: HookEventName): HookOutput {
  const readsCompatibilityFields = eventName === HookEventName.BeforeTool;
  const reasons: string[] = [];
  const systemMessages: string[] = [];
  const stopReasons: string[] = [];
  const additionalContexts: string[] = [];
  let blockingDecision: HookDecision | undefined;
  let askSeen = false;
  let otherDecision: HookDecision | undefined;
  let stop = false;
  let continueSeen = false;
  let suppressOutput: boolean | undefined;
  let specific: Record<string, unknown> | undefined;

  for (const output of outputs) {
    const hookSpecific = isPlainObject(output.hookSpecificOutput) ? output.hookSpecificOutput : undefined;
    const permissionDecision = readsCompatibilityFields ? hookSpecific?.['permissionDecision'] : undefined;
    if (isBlocking(output.decision)) blockingDecision ??= output.decision;
    else if (isBlocking(permissionDecision)) blockingDecision ??= 'deny';
    else if (asks(output, readsCompatibilityFields)) askSeen = true;
    else if (output.decision !== undefined && output.decision !== null) otherDecision = output.decision;

    const compatibilityReason = readsCompatibilityFields ? hookSpecific?.['permissionDecisionReason'] : undefined;
    const reason = nonEmptyString(compatibilityReason) ? compatibilityReason : output.reason;
    if (nonEmptyString(reason)) reasons.push(reason);
    if (nonEmptyString(output.systemMessage)) systemMessages.push(output.systemMessage);
    if (output.continue !== undefined) continueSeen = true;
    if (output.continue === false) {
      stop = true;
      if (nonEmptyString(output.stopReason)) stopReasons.push(output.stopReason);
    }
    if (typeof output.suppressOutput === 'boolean') suppressOutput = suppressOutput === true || output.suppressOutput;

    if (hookSpecific) {
      const { additionalContext, ...rest } = hookSpecific;
      if (nonEmptyString(additionalContext)) additionalContexts.push(additionalContext);
      specific = { ...specific, ...rest };
    }
  }

  const merged: HookOutput = {};
  const decision = blockingDecision ?? (askSeen ? 'ask' : otherDecision);
  if (decision !== undefined) merged.decision = decision;
  if (reasons.length > 0) merged.reason = reasons.join('\n');
  if (stop) merged.continue = false;
  else if (continueSeen) merged.continue = true;
  if (stopReasons.length > 0) merged.stopReason = stopReasons.join('\n');
  if (suppressOutput !== undefined) merged.suppressOutput = suppressOutput;
  if (systemMessages.length > 0) merged.systemMessage = systemMessages.join('\n');
  if (additionalContexts.length > 0) specific = { ...specific, additionalContext: additionalContexts.join('\n') };
  if (specific && readsCompatibilityFields) {
    // The merged compatibility fields must agree with the merged decision and reasons, or
    // BeforeToolHookOutput would report a later hook's "allow" or reason over an earlier block.
    if (blockingDecision !== undefined && 'permissionDecision' in specific) specific['permissionDecision'] = 'deny';
    else if (askSeen && 'permissionDecision' in specific) specific['permissionDecision'] = 'ask';
    if ('permissionDecisionReason' in specific && merged.reason !== undefined)
      specific['permissionDecisionReason'] = merged.reason;
  }
  if (specific) merged.hookSpecificOutput = specific;
  return merged;
}

/**
 * HOOK-098: top-level fields and `hookSpecificOutput` fields shallow-merged, later over earlier.
 * A block or a stop, once given, is not undone by a later hook's allow: the guard hook's decision
 * and its reason are kept.
 */
function mergeWithFieldReplacement(outputs: HookOutput[]): HookOutput {
  const merged: Record<string, unknown> = {};
  let lastBlocking: HookOutput | undefined;
  let lastStopping: HookOutput | undefined;
  for (const output of outputs) {
    for (const [key, value] of Object.entries(output)) {
      if (value === undefined) continue;
      if (key === 'hookSpecificOutput' && isPlainObject(value)) {
        const earlier = isPlainObject(merged['hookSpecificOutput']) ? merged['hookSpecificOutput'] : {};
        merged['hookSpecificOutput'] = { ...earlier, ...value };
      } else {
        merged[key] = value;
      }
    }
    if (isBlocking(output.decision)) lastBlocking = output;
    if (output.continue === false) lastStopping = output;
  }
  if (lastBlocking && !isBlocking(merged['decision'])) {
    merged['decision'] = lastBlocking.decision;
    if (lastBlocking.reason !== undefined) merged['reason'] = lastBlocking.reason;
  }
  if (lastStopping && merged['continue'] !== false) {
    merged['continue'] = false;
    if (lastStopping.stopReason !== undefined) merged['stopReason'] = lastStopping.stopReason;
  }
  return merged as HookOutput;
}

const modeRank: Readonly<Record<string, number>> = { AUTO: 1, ANY: 2, NONE: 3 };

/**
 * HOOK-099..102, 210: `allowedFunctionNames` unioned and sorted; mode most-restrictive-wins
 * (NONE > ANY > AUTO); any NONE gives mode NONE with no allowed functions. `continue`, `stopReason`,
 * `systemMessage` and a block are carried as in the OR-merge.
 */
function mergeToolSelectionOutputs(outputs: HookOutput[]): HookOutput {
  const merged = mergeWithOrDecision(outputs, HookEventName.BeforeToolSelection);
  let toolConfigSeen = false;
  let mode: string | undefined;
  let namesSeen = false;
  const names = new Set<string>();
  for (const output of outputs) {
    const toolConfig = isPlainObject(output.hookSpecificOutput) ? output.hookSpecificOutput['toolConfig'] : undefined;
    if (!isPlainObject(toolConfig)) continue;
    toolConfigSeen = true;
    const candidateMode = typeof toolConfig['mode'] === 'string' ? toolConfig['mode'].toUpperCase() : undefined;
    if (candidateMode !== undefined && modeRank[candidateMode] !== undefined) {
      if (mode === undefined || modeRank[candidateMode] > modeRank[mode]) mode = candidateMode;
    }
    const allowed = toolConfig['allowedFunctionNames'];
    if (Array.isArray(allowed)) {
      namesSeen = true;
      for (const name of allowed) if (typeof name === 'string') names.add(name);
    }
  }
  if (!toolConfigSeen) return merged;
  const toolConfig: Record<string, unknown> = {};
  if (mode !== undefined) toolConfig['mode'] = mode;
  if (mode === 'NONE') toolConfig['allowedFunctionNames'] = [];
  else if (namesSeen) toolConfig['allowedFunctionNames'] = [...names].sort();
  merged.hookSpecificOutput = { ...merged.hookSpecificOutput, toolConfig };
  return merged;
}
