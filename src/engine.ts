/**
 * `hookrail/engine`: the hook pipeline's building blocks, for hosts that assemble their own — the
 * machines and their inputs and events, the registry, planner, runner and aggregator (HOOK-142), the
 * dialect codecs, the stdout parsers, the GenAI translator, the tool-call steps and tool-result
 * effects, the message bus, the inspection records, compaction and the settings paths.
 *
 * Rule: a name is here when it is a step or part of the pipeline that `hookrail`'s host surface
 * already composes — a host needs it only to build a pipeline of its own, watch or drive a machine
 * directly, or read hookrail's records. This entry follows the internals and is experimental as a
 * whole: any name here may change in a minor release. Most hosts need only `hookrail`; tests of hooks
 * use `hookrail/testing`. Every name lives in exactly one entry.
 */

// --- protocol ---
export { HookRegistryNotInitializedError } from './errors.js';
export { hookEventNames } from './hooks/protocol/events.js';
export { ConfigSource, HOOK_KILL_GRACE_MS, getHookName } from './hooks/protocol/hookConfig.js';
export type {
  HookRegistryEntry,
  HookExecutionPlan,
  HookOrigin,
} from './hooks/protocol/hookConfig.js';
export {
  DEFAULT_BLOCK_REASON,
  BeforeToolHookOutput,
  BeforeModelHookOutput,
  AfterModelHookOutput,
  BeforeToolSelectionHookOutput,
} from './hooks/protocol/outputs.js';
export type { ToolSelectionTarget } from './hooks/protocol/outputs.js';
export type {
  HookExecutionResult,
  AggregatedHookResult,
  HookExecutionEvent,
  HookExecutionObserver,
} from './hooks/protocol/results.js';
export { defaultHookTranslator } from './hooks/protocol/hookTranslator.js';
export type { HookTranslator, LLMMessage, HookToolConfig } from './hooks/protocol/hookTranslator.js';
export { HookAggregator, createSpecificHookOutput } from './hooks/protocol/hookAggregator.js';
export {
  createBlockedToolResult,
  createStoppedToolResult,
  createToolErrorResult,
  applyAfterToolEffects,
  applyBeforeToolSystemMessage,
  toToolResponse,
  getModifiedToolInput,
  getStopReason,
} from './hooks/protocol/toolHookEffects.js';
export { applyFailurePolicy } from './hooks/protocol/failurePolicy.js';
export { MAX_STDERR_MESSAGE_CHARACTERS } from './hooks/protocol/hookStderr.js';
// Prompt and agent hooks: their defaults, the answer a model gives, the task an agent hook runs.
export {
  DEFAULT_PROMPT_HOOK_TIMEOUT_MS,
  DEFAULT_AGENT_HOOK_TIMEOUT_MS,
  DEFAULT_AGENT_HOOK_MAX_TURNS,
  ARGUMENTS_PLACEHOLDER,
} from './hooks/protocol/judgedHooks.js';
export type {
  JudgedAnswer,
  HookAgentTask,
  HookAgentOutcome,
  HookAgentTaskRunner,
} from './hooks/protocol/judgedHooks.js';

// --- the tool-call steps shared by executeToolWithHooks and the toolCall machine (HOOK-134) ---
export { runBeforeToolStep, runAfterToolStep, runToolStep } from './hooks/triggers/toolCallSteps.js';
export type { BeforeToolStepOptions, AfterToolStepOptions } from './hooks/triggers/toolCallSteps.js';
export { decideAfterTool } from './hooks/protocol/afterToolDecision.js';
export type { AfterToolDecision } from './hooks/protocol/afterToolDecision.js';
export { decideBeforeTool } from './hooks/protocol/beforeToolDecision.js';
export type {
  BeforeToolDecision,
  AskDecision,
  DecideBeforeToolOptions,
} from './hooks/protocol/beforeToolDecision.js';
// The ask step: one ask at a time, in request order within a scheduler batch.
export { runAskStep, ASK_NOTIFICATION_TYPE } from './hooks/triggers/askUserStep.js';
export type { AskStepOptions, AskStepResult } from './hooks/triggers/askUserStep.js';
export { AskQueue, sharedAskQueue } from './hooks/triggers/askQueue.js';
export type { AskQueueRunOptions } from './hooks/triggers/askQueue.js';

// --- dialects: each hook spoken to in its own (native, Claude Code, Gemini CLI) ---
export { hookDialects } from './hooks/dialects/dialect.js';
export { claudeEventNames, toClaudeEventName } from './hooks/dialects/claudeEvents.js';
export type { ClaudeEventName } from './hooks/dialects/claudeEvents.js';
export { claudeToolNames, toClaudeToolName, toNativeToolName } from './hooks/dialects/toolNames.js';
export { toClaudeToolInput, toNativeToolInput } from './hooks/dialects/toolArguments.js';
export type { ToolArgumentContext, ToNativeToolInputOptions } from './hooks/dialects/toolArguments.js';
export {
  toClaudeToolResponse,
  fromClaudeToolResponse,
} from './hooks/dialects/claudeToolResponse.js';
export type { ClaudeToolResponseContext } from './hooks/dialects/claudeToolResponse.js';
export { toClaudeInput } from './hooks/dialects/claudeInput.js';
export { fromClaudeInput } from './hooks/dialects/claudePayload.js';
export type { NativeFire } from './hooks/dialects/claudePayload.js';
export { readClaudeAnswer } from './hooks/dialects/claudeAnswer.js';
export type { ClaudeAnswerContext } from './hooks/dialects/claudeAnswer.js';
export { toGeminiInput } from './hooks/dialects/gemini.js';
export { detectHooksDialect, resolveEventName } from './hooks/dialects/detect.js';
export { openHookConversation } from './hooks/dialects/conversation.js';
export type { HookConversation, OpenHookConversationOptions } from './hooks/dialects/conversation.js';
export { readHooksInDialect } from './hooks/engine/dialectHooks.js';
export type { ReadHooksInDialectOptions, DialectHooksResult } from './hooks/engine/dialectHooks.js';

// --- engine: hook system parts, registry, validation, planner, runner, message bus ---
export type { BeforeToolCall, AfterToolCall } from './hooks/engine/hookSystem.js';
export type { FireEventWithDetailsOptions, HookFireDetails } from './hooks/engine/hookEventHandler.js';
export type { AsyncHookMessage } from './hooks/engine/asyncHooks.js';
export { HookRegistry, getSourcePriority } from './hooks/engine/hookRegistry.js';
export { validateHooksSettings } from './hooks/validation/hooksSettingsValidation.js';
export type {
  ValidatedHookDefinition,
  HooksValidationResult,
  ValidateHooksSettingsOptions,
} from './hooks/validation/hooksSettingsValidation.js';
export type { HookConfigProblem } from './hooks/validation/hookProblems.js';
export type {
  HookSystemHost,
  HookRegistryHost,
  HookEventHandlerHost,
  JudgedHookHost,
} from './hooks/engine/engineHost.js';
export { HookPlanner, matchesToolName } from './hooks/engine/hookPlanner.js';
export type { HookPlannerOptions, ToolCallPlan, ToolCallSubject } from './hooks/engine/hookPlanner.js';
// `if` conditions.
export { parseIfCondition, matchesIfCondition, MAX_IF_GLOB_LENGTH } from './hooks/matching/ifCondition.js';
export type { IfCondition, IfConditionParse } from './hooks/matching/ifCondition.js';
export { HookRunner, DEFAULT_MAX_STDOUT_BYTES, DEFAULT_MAX_STDERR_BYTES } from './hooks/engine/hookRunner.js';
export type { HookRunnerOptions } from './hooks/engine/hookRunner.js';
export { convertPlainTextToHookOutput, parseHookStdout } from './hooks/engine/hookOutputText.js';
export { applyHookOutputToInput } from './hooks/engine/hookChain.js';
export {
  MessageBus,
  MessageBusType,
  connectHookMessageBus,
  requestHookExecution,
} from './hooks/triggers/hookMessageBus.js';
export type {
  HookExecutionRequest,
  HookExecutionResponse,
  HookBusMessage,
  RequestHookExecutionOptions,
} from './hooks/triggers/hookMessageBus.js';

// --- actions: how one hook runs ---
export { expandCommand } from './hooks/actions/commandExpansion.js';
export { DEFAULT_MAX_HTTP_BODY_BYTES } from './hooks/actions/httpHook.js';
export { runPromptHook, MAX_JUDGED_ANSWER_CHARACTERS } from './hooks/actions/promptHook.js';
export type { PromptHookRunOptions } from './hooks/actions/promptHook.js';
export { runAgentHook } from './hooks/actions/agentHook.js';
export type { AgentHookRunOptions } from './hooks/actions/agentHook.js';

// --- machines: tool call, scheduler, model call, session; their inputs, events and defaults ---
export type { ToolCallState } from './machines/types.js';
export { toolCallMachine, toToolCallOutcome } from './machines/toolCall.machine.js';
export type {
  ToolCallInput,
  ToolCallContext,
  ToolCallEvent,
  ToolCallActor,
} from './machines/toolCall.machine.js';
export { schedulerMachine, DEFAULT_TOOL_CONCURRENCY } from './machines/scheduler.machine.js';
export type { SchedulerStatus, SchedulerEvent, SchedulerContext } from './machines/scheduler.machine.js';
export { modelCallMachine } from './machines/modelCall.machine.js';
export type { ModelCallInput } from './machines/modelCall.machine.js';
export {
  applyToolSelection,
  createEmptyResponse,
  isFunctionCallAllowed,
  mergeResponseChunks,
} from './machines/modelCallActors.js';
export { DEFAULT_MAX_TURNS } from './machines/agent.js';
export { sessionMachine } from './machines/session.machine.js';
export type { SessionMachineInput, SessionEvent } from './machines/session.machine.js';
export type { SessionContext, SessionLimits } from './machines/sessionState.js';
export { DEFAULT_MAX_CONTINUATIONS, DEFAULT_SESSION_END_TIMEOUT_MS } from './machines/sessionState.js';
// History compaction and the transcript writer.
export {
  DEFAULT_COMPACTION_TOKEN_BUDGET,
  compactionSettings,
  estimateTokens,
  findCompactionCut,
  needsCompaction,
  truncateHistory,
  summarizeHistory,
} from './machines/historyCompaction.js';
export type { CompactedHistory } from './machines/historyCompaction.js';
export { TranscriptWriter } from './adapters/transcript.js';
export type { TranscriptWriterOptions } from './adapters/transcript.js';

// --- inspection records ---
export {
  createInspectionListener,
  createInspectionRecorder,
  toInspectionRecord,
  fileRecordSink,
} from './inspection/recorder.js';
export type { InspectionListener, InspectionRecord, InspectionRecorder } from './inspection/recorder.js';
export { INSPECTION_FORMAT_VERSION } from './inspection/records.js';
export type {
  InspectionLine,
  HookrailRecord,
  XStateRecord,
  RunRecord,
  HookRecord,
  HookRecordDecision,
  CallRecord,
  CallRecordOutcome,
  ModelRecord,
  SessionRecord,
} from './inspection/records.js';

// --- built-in tools' names and limits; settings files ---
export {
  builtinToolNames,
  readOnlyToolNames,
  DEFAULT_SHELL_TIMEOUT_MS,
  DEFAULT_SHELL_OUTPUT_LIMIT,
} from './adapters/tools/index.js';
export { getSettingsPaths, mergeHooksSettings } from './adapters/settings/settings.js';
export type { SettingsPaths, SettingsPathsOptions } from './adapters/settings/settings.js';
export { discoverGeminiExtensions } from './adapters/settings/geminiExtensions.js';
