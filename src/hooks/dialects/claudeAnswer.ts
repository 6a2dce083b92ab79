/**
 * A Claude Code hook's answer, read by Claude Code's rules and turned into the one internal decision
 * (a native `HookOutput`) the aggregator, the tool-call machine and the session understand.
 *
 * - stdout on exit 0: a trimmed text starting with `{` that parses is Claude's JSON; any other text is
 *   plain text, which is context on UserPromptSubmit and SessionStart and ignored elsewhere.
 * - JSON: `continue`, `stopReason`, `suppressOutput`, `systemMessage` as they are;
 *   PreToolUse `hookSpecificOutput.permissionDecision` allow / deny / ask with
 *   `permissionDecisionReason` (before the legacy `decision: "approve" | "block"` + `reason`),
 *   `updatedInput` mapped back to the tool's own argument names, `additionalContext` next to the tool's
 *   result; PostToolUse(Failure) `decision: "block"` + `reason` and `additionalContext` appended to the
 *   result, and PostToolUse `updatedToolOutput` (any tool) or `updatedMCPToolOutput` (MCP tools) in place
 *   of the output (toolResultReplacement.ts); UserPromptSubmit `decision: "block"` refuses the prompt; Stop `decision: "block"` makes the
 *   agent go on; PreCompact `decision: "block"` blocks compaction; SessionStart `additionalContext`;
 *   PermissionRequest `hookSpecificOutput.decision` allow (`updatedInput`) / deny (`message`, `interrupt`);
 *   PostToolBatch `additionalContext` for the next model call.
 * - exit 2, per event: PreToolUse blocks with stderr as the reason; PostToolUse(Failure) gives stderr
 *   to the model next to the result (not a failure); UserPromptSubmit refuses the prompt; Stop and
 *   SubagentStop go on with stderr; PreCompact blocks; PermissionRequest denies; SessionStart,
 *   SessionEnd, Notification and PostToolBatch: no effect beyond the warning.
 * - Exit codes with JSON, as Claude Code ships them: on an exit code other than 0 and 2, a valid JSON
 *   answer on stdout decides alone, as it would on exit 0 (a `permissionDecision: "deny"` printed by a
 *   script that exits 1 blocks); without one the exit is a non-blocking error. Exit 2 blocks whatever
 *   the JSON says (even `allow`); its reason is the JSON's own blocking reason (`permissionDecisionReason`
 *   of a deny, `reason` of a `decision: "block"`) when it has one, else stderr. The native dialect keeps
 *   the EARS rules (HOOK-067, HOOK-198): JSON on exit 0 only.
 */
import { DEFAULT_BLOCK_REASON, type HookDecision, type HookOutput } from '../protocol/outputs.js';
import type { HookExecutionResult } from '../protocol/results.js';
import { boundedStderrMessage } from '../protocol/hookStderr.js';
import { isPlainObject } from '../../values.js';
import type { ClaudeEventName } from './claudeEvents.js';
import { MCP_TOOL_PREFIX } from './mcpToolNames.js';
import { toNativeToolInput } from './toolArguments.js';
import { TOOL_RESULT_REPLACEMENT_FIELD, updatedOutputReplacement } from '../protocol/toolResultReplacement.js';

/** What reading an answer needs to know about the call it answers. */
export interface ClaudeAnswerContext {
  /** The event as the hook was told it. */
  eventName: ClaudeEventName;
  /** The native input the hook's stdin was built from (tool name and arguments, `cwd`). */
  input: Record<string, unknown>;
}

/** Events where Claude Code adds a hook's plain stdout to the model's context. */
const plainTextContextEvents: ReadonlySet<ClaudeEventName> = new Set<ClaudeEventName>([
  'UserPromptSubmit',
  'SessionStart',
]);

/** Events where exit 2 has no effect in Claude Code (stderr is shown to the user only). */
const exitTwoIgnoredEvents: ReadonlySet<ClaudeEventName> = new Set<ClaudeEventName>([
  'SessionStart',
  'SessionEnd',
  'Notification',
  'PostToolBatch',
]);

/** One hook's result with its answer read by Claude Code's rules; failures without an answer are unchanged. */
export function readClaudeAnswer(result: HookExecutionResult, context: ClaudeAnswerContext): HookExecutionResult {
  if (result.timedOut || result.signal !== undefined || result.exitCode === undefined) return result;
  if (result.exitCode === 0) {
    if (!result.success) return result;
    return { ...result, output: readClaudeStdout(result.stdout ?? '', context) };
  }
  if (result.exitCode === 2) return readExitTwo(result, context);
  const answer = parseClaudeJson(result.stdout ?? '');
  if (answer === undefined) return result;
  // A valid JSON answer decides alone on any other exit code: the exit is then no failure of the hook.
  return { ...result, success: true, error: undefined, output: claudeJsonToNative(answer, context) };
}

/** stdout as Claude's JSON answer: a trimmed text starting with `{` that parses to an object. */
function parseClaudeJson(stdout: string): Record<string, unknown> | undefined {
  const text = stdout.trim();
  if (!text.startsWith('{')) return undefined;
  const parsed = tryParseJson(text);
  return isPlainObject(parsed) ? parsed : undefined;
}

/** The reason a JSON answer gives for blocking: a deny's `permissionDecisionReason`, a block's `reason`. */
function jsonBlockingReason(answer: Record<string, unknown>): string | undefined {
  const specific = isPlainObject(answer['hookSpecificOutput']) ? answer['hookSpecificOutput'] : {};
  const permissionReason = specific['permissionDecisionReason'];
  if (specific['permissionDecision'] === 'deny' && typeof permissionReason === 'string' && permissionReason !== '')
    return permissionReason;
  const reason = answer['reason'];
  if (answer['decision'] === 'block' && typeof reason === 'string' && reason !== '') return reason;
  return undefined;
}

/** Claude Code's reading of exit-0 stdout, as a native output (`undefined`: no decision). */
export function readClaudeStdout(stdout: string, context: ClaudeAnswerContext): HookOutput | undefined {
  const text = stdout.trim();
  if (text === '') return undefined;
  const answer = parseClaudeJson(text);
  if (answer !== undefined) return claudeJsonToNative(answer, context);
  if (plainTextContextEvents.has(context.eventName)) return { hookSpecificOutput: { additionalContext: text } };
  return undefined;
}

function readExitTwo(result: HookExecutionResult, context: ClaudeAnswerContext): HookExecutionResult {
  // What reaches the model is bounded as the runner bounds an exit-2 reason (hookStderr.ts).
  const answer = parseClaudeJson(result.stdout ?? '');
  const jsonReason = answer === undefined ? undefined : jsonBlockingReason(answer);
  const reason = jsonReason ?? boundedStderrMessage((result.stderr ?? '').trim());
  switch (context.eventName) {
    case 'PostToolUse':
    case 'PostToolUseFailure':
      // Feedback for the model about a call that already ran: not a failure of the hook.
      return {
        ...result,
        success: true,
        error: undefined,
        output: reason === '' ? undefined : { hookSpecificOutput: { additionalContext: reason } },
      };
    default:
      // An empty output keeps the aggregator from reading the exit code as a block.
      if (exitTwoIgnoredEvents.has(context.eventName)) return { ...result, output: {} };
      // Exit 2 blocks even when the JSON allows; the JSON's own blocking reason, if any, is the reason.
      if (jsonReason !== undefined)
        return {
          ...result,
          output: { ...result.output, decision: result.output?.decision ?? 'deny', reason: jsonReason },
        };
      return result;
  }
}

/** A Claude JSON answer as the native output with the same effect. */
export function claudeJsonToNative(answer: Record<string, unknown>, context: ClaudeAnswerContext): HookOutput {
  const output: HookOutput = {};
  if (typeof answer['continue'] === 'boolean') output.continue = answer['continue'];
  if (typeof answer['stopReason'] === 'string') output.stopReason = answer['stopReason'];
  if (typeof answer['suppressOutput'] === 'boolean') output.suppressOutput = answer['suppressOutput'];
  const systemMessages =
    typeof answer['systemMessage'] === 'string' && answer['systemMessage'] !== '' ? [answer['systemMessage']] : [];
  const specific = isPlainObject(answer['hookSpecificOutput']) ? answer['hookSpecificOutput'] : {};
  const contexts: string[] = [];
  const nativeSpecific: Record<string, unknown> = {};
  const reason = typeof answer['reason'] === 'string' && answer['reason'] !== '' ? answer['reason'] : undefined;
  const blocks = answer['decision'] === 'block';

  switch (context.eventName) {
    case 'PreToolUse': {
      readPermission(answer, specific, output);
      // A deny that gives no reason of its own (hookify's rules): its systemMessage is the reason, for the model and the user.
      if (
        output.decision === 'deny' &&
        output.reason === DEFAULT_BLOCK_REASON &&
        !hasOwnReason(answer, specific) &&
        systemMessages.length > 0
      ) {
        output.reason = systemMessages.join('\n');
      }
      const updatedInput = specific['updatedInput'];
      if (isPlainObject(updatedInput)) nativeSpecific['tool_input'] = nativeToolInput(updatedInput, context.input);
      // Claude puts it next to the tool's result; hookrail's BeforeTool system message lands there too.
      if (typeof specific['additionalContext'] === 'string' && specific['additionalContext'] !== '')
        systemMessages.push(specific['additionalContext']);
      break;
    }
    case 'PostToolUse':
    case 'PostToolUseFailure': {
      // Claude keeps the tool's output and shows the reason next to it.
      if (blocks && reason) contexts.push(reason);
      const updatedOutput =
        context.eventName === 'PostToolUse' ? readUpdatedToolOutput(specific, context.input) : undefined;
      if (updatedOutput !== undefined && updatedOutput !== null)
        nativeSpecific[TOOL_RESULT_REPLACEMENT_FIELD] = updatedOutputReplacement(updatedOutput);
      break;
    }
    case 'PermissionRequest':
      readPermissionRequestDecision(specific, output, nativeSpecific, context.input);
      break;
    case 'UserPromptSubmit':
      if (blocks) setDecision(output, 'deny', reason);
      break;
    case 'Stop':
    case 'SubagentStop':
      if (blocks) setDecision(output, 'block', reason);
      break;
    case 'PreCompact':
      if (blocks) setDecision(output, 'deny', reason);
      break;
    default:
      break;
  }
  if (
    context.eventName !== 'PreToolUse' &&
    typeof specific['additionalContext'] === 'string' &&
    specific['additionalContext'] !== ''
  ) {
    contexts.push(specific['additionalContext']);
  }
  if (contexts.length > 0) nativeSpecific['additionalContext'] = contexts.join('\n');
  if (systemMessages.length > 0) output.systemMessage = systemMessages.join('\n');
  if (Object.keys(nativeSpecific).length > 0) output.hookSpecificOutput = nativeSpecific;
  return output;
}

/**
 * PostToolUse: the output put in place of the tool's — `updatedToolOutput` for any tool, else
 * `updatedMCPToolOutput` for an MCP tool (`mcp__…`), as Claude Code reads them.
 */
function readUpdatedToolOutput(specific: Record<string, unknown>, input: Record<string, unknown>): unknown {
  if (specific['updatedToolOutput'] !== undefined) return specific['updatedToolOutput'];
  const toolName = typeof input['tool_name'] === 'string' ? input['tool_name'] : '';
  return toolName.startsWith(MCP_TOOL_PREFIX) ? specific['updatedMCPToolOutput'] : undefined;
}

/**
 * PreToolUse: `permissionDecision` allow / deny / ask (with `permissionDecisionReason`) wins over the
 * legacy `decision` approve / block (with `reason`); `defer` means no decision.
 */
function readPermission(answer: Record<string, unknown>, specific: Record<string, unknown>, output: HookOutput): void {
  const permission = specific['permissionDecision'];
  const permissionReason =
    typeof specific['permissionDecisionReason'] === 'string' && specific['permissionDecisionReason'] !== ''
      ? specific['permissionDecisionReason']
      : undefined;
  if (permission === 'allow' || permission === 'deny' || permission === 'ask') {
    setDecision(output, permission, permissionReason ?? (permission === 'deny' ? DEFAULT_BLOCK_REASON : undefined));
    return;
  }
  if (permission === 'defer') return;
  const reason = typeof answer['reason'] === 'string' && answer['reason'] !== '' ? answer['reason'] : undefined;
  if (answer['decision'] === 'approve') setDecision(output, 'allow', reason);
  else if (answer['decision'] === 'block') setDecision(output, 'deny', reason ?? DEFAULT_BLOCK_REASON);
}

/**
 * PermissionRequest: `decision.behavior` "allow" (with `updatedInput`, the arguments to run with) or
 * "deny" (with `message`, the reason the model reads, and `interrupt`, which also stops the agent)
 * answers the ask on the user's behalf; anything else leaves it to the user.
 */
function readPermissionRequestDecision(
  specific: Record<string, unknown>,
  output: HookOutput,
  nativeSpecific: Record<string, unknown>,
  input: Record<string, unknown>,
): void {
  const decision = isPlainObject(specific['decision']) ? specific['decision'] : {};
  if (decision['behavior'] === 'allow') {
    setDecision(output, 'allow', undefined);
    if (isPlainObject(decision['updatedInput']))
      nativeSpecific['tool_input'] = nativeToolInput(decision['updatedInput'], input);
  } else if (decision['behavior'] === 'deny') {
    const message =
      typeof decision['message'] === 'string' && decision['message'] !== '' ? decision['message'] : undefined;
    setDecision(output, 'deny', message);
    if (decision['interrupt'] === true) {
      output.continue = false;
      output.stopReason = output.stopReason ?? message ?? DEFAULT_BLOCK_REASON;
    }
  }
}

/** Whether a PreToolUse answer names its own reason (`permissionDecisionReason`, or `reason` with a legacy decision). */
function hasOwnReason(answer: Record<string, unknown>, specific: Record<string, unknown>): boolean {
  const given = (value: unknown): boolean => typeof value === 'string' && value !== '';
  return given(specific['permissionDecisionReason']) || given(answer['reason']);
}

function setDecision(output: HookOutput, decision: HookDecision, reason: string | undefined): void {
  output.decision = decision;
  if (reason !== undefined) output.reason = reason;
  else if (decision === 'deny' || decision === 'block') output.reason = DEFAULT_BLOCK_REASON;
}

/** `updatedInput` in the names the native tool takes, starting from the call's own arguments. */
function nativeToolInput(
  updatedInput: Record<string, unknown>,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const toolName = typeof input['tool_name'] === 'string' ? input['tool_name'] : '';
  const original = isPlainObject(input['tool_input']) ? input['tool_input'] : undefined;
  const cwd = typeof input['cwd'] === 'string' && input['cwd'] !== '' ? input['cwd'] : process.cwd();
  return toNativeToolInput(toolName, updatedInput, { cwd, original });
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
