/**
 * `hookrail/engine`: the hook pipeline's building blocks, for hosts that assemble their own — the
 * registry, planner, runner and aggregator (HOOK-142), the stdout parsers, the GenAI translator, the
 * tool-result effects, the message bus, the model-call helpers, and the settings and trust internals.
 * Most hosts need only `hookrail`.
 */

// --- protocol ---
export { hookEventNames, isHookEventName, isToolEvent } from './hooks/protocol/events.js';
export { createHookOutput, modifiedToolInput } from './hooks/protocol/outputs.js';
export type {
  BeforeToolSpecificOutput,
  AdditionalContextSpecificOutput,
  BeforeModelSpecificOutput,
  AfterModelSpecificOutput,
  BeforeToolSelectionSpecificOutput,
} from './hooks/protocol/outputs.js';
export { createEmptyAggregatedResult } from './hooks/protocol/results.js';
export type { HookEventContext, HookExecutionPlan } from './hooks/protocol/hookConfig.js';
export { HookTranslatorGenAIv1, defaultHookTranslator } from './hooks/protocol/hookTranslator.js';
export type { HookTranslator } from './hooks/protocol/hookTranslator.js';
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
  createAskDeniedToolResult,
  getAskReason,
} from './hooks/protocol/toolHookEffects.js';
export type { AskDeniedResultOptions } from './hooks/protocol/toolHookEffects.js';

// --- the tool-call steps shared by executeToolWithHooks and the toolCall machine (HOOK-134) ---
export {
  decideAfterTool,
  runBeforeToolStep,
  runAfterToolStep,
  runToolStep,
  isToolResult,
} from './hooks/triggers/toolCallSteps.js';
export { decideBeforeTool } from './hooks/protocol/beforeToolDecision.js';
export type { BeforeToolStepOptions, AfterToolStepOptions } from './hooks/triggers/toolCallSteps.js';
export type { DecideBeforeToolOptions } from './hooks/protocol/beforeToolDecision.js';
// --- the ask step: one ask at a time, in request order within a scheduler batch ---
export {
  runAskStep,
  decideAskAnswer,
  askUserFailure,
  failedAnswer,
  ASK_NOTIFICATION_TYPE,
} from './hooks/triggers/askUserStep.js';
export type {
  AskStepOptions,
  AskStepResult,
  SettledAnswer,
  DecideAskAnswerOptions,
  AskUserFailureOptions,
} from './hooks/triggers/askUserStep.js';
export { AskQueue, sharedAskQueue } from './hooks/triggers/askQueue.js';
export type { AskQueueRunOptions } from './hooks/triggers/askQueue.js';
export { fireNotificationHook } from './hooks/triggers/lifecycleHookTriggers.js';
export type { NotificationHookInput, LifecycleHookResult } from './hooks/triggers/lifecycleHookTriggers.js';

// --- dialects: each hook spoken to in its own (native, Claude Code, Gemini CLI) ---
export { hookDialects, isHookDialect } from './hooks/dialects/dialect.js';
export { claudeEventNames, toClaudeEventName, claudeEventApplies } from './hooks/dialects/claudeEvents.js';
export type { ClaudeEventName } from './hooks/dialects/claudeEvents.js';
export {
  claudeToolNames,
  nativeToClaudeToolNames,
  toClaudeToolName,
  toNativeToolName,
  toolNameAliases,
} from './hooks/dialects/toolNames.js';
export { toClaudeToolInput, toNativeToolInput } from './hooks/dialects/toolArguments.js';
export type { ToolArgumentContext, ToNativeToolInputOptions } from './hooks/dialects/toolArguments.js';
export {
  toClaudeToolResponse,
  toClaudeToolOutcome,
  fromClaudeToolResponse,
  isFailedToolResponse,
} from './hooks/dialects/claudeToolResponse.js';
export type { ClaudeToolOutcome, ClaudeToolResponseContext } from './hooks/dialects/claudeToolResponse.js';
export { toClaudeInput } from './hooks/dialects/claudeInput.js';
export { fromClaudeInput } from './hooks/dialects/claudePayload.js';
export type { NativeFire } from './hooks/dialects/claudePayload.js';
export { readClaudeAnswer, readClaudeStdout, claudeJsonToNative } from './hooks/dialects/claudeAnswer.js';
export type { ClaudeAnswerContext } from './hooks/dialects/claudeAnswer.js';
export { toGeminiInput } from './hooks/dialects/gemini.js';
export { detectHooksDialect, resolveEventName } from './hooks/dialects/detect.js';
export { openHookConversation, dialectOf } from './hooks/dialects/conversation.js';
export type { HookConversation, OpenHookConversationOptions } from './hooks/dialects/conversation.js';
export { readHooksInDialect } from './hooks/engine/dialectHooks.js';
export type { ReadHooksInDialectOptions, DialectHooksResult } from './hooks/engine/dialectHooks.js';

// --- engine: registry, planner, runner, message bus ---
export { HookRegistry, getSourcePriority } from './hooks/engine/hookRegistry.js';
export { validateHooksSettings } from './hooks/validation/hooksSettingsValidation.js';
export { getHookName } from './hooks/protocol/hookConfig.js';
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
export type { HookPlannerOptions } from './hooks/engine/hookPlanner.js';
// `if` conditions, priority order, fail-closed results.
export { parseIfCondition, matchesIfCondition, MAX_IF_GLOB_LENGTH } from './hooks/matching/ifCondition.js';
export type { IfCondition, IfConditionParse } from './hooks/matching/ifCondition.js';
export { compareHookOrder, getHookPriority } from './hooks/engine/hookRegistry.js';
export { applyFailurePolicy, failClosedEvents } from './hooks/protocol/failurePolicy.js';
export { HookRunner, DEFAULT_MAX_STDOUT_BYTES, DEFAULT_MAX_STDERR_BYTES } from './hooks/engine/hookRunner.js';
export { convertPlainTextToHookOutput, parseHookStdout } from './hooks/engine/hookOutputText.js';
export { applyHookOutputToInput } from './hooks/engine/hookChain.js';
export type { HookRunnerOptions } from './hooks/engine/hookRunner.js';
export { MAX_STDERR_MESSAGE_CHARACTERS, boundedStderrMessage } from './hooks/protocol/hookStderr.js';
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

// --- actions ---
export { expandCommand } from './hooks/actions/commandExpansion.js';
export { DEFAULT_MAX_HTTP_BODY_BYTES } from './hooks/actions/httpHook.js';
// The pieces of prompt and agent hooks.
export { runPromptHook, MAX_JUDGED_ANSWER_CHARACTERS } from './hooks/actions/promptHook.js';
export type { PromptHookRunOptions } from './hooks/actions/promptHook.js';
export { runAgentHook, agentMaxTurns } from './hooks/actions/agentHook.js';
export type { AgentHookRunOptions } from './hooks/actions/agentHook.js';
export {
  judgedAnswerSchema,
  judgedPromptText,
  judgeInstruction,
  parseJudgedAnswer,
  judgedHookOutput,
  judgedHookLabel,
  judgedHookName,
} from './hooks/actions/judgement.js';
export type { JudgedAnswerReading } from './hooks/actions/judgement.js';
export { runWithDeadline } from './hooks/actions/deadline.js';
export type { DeadlineSettlement, DeadlineOptions } from './hooks/actions/deadline.js';
export { ARGUMENTS_PLACEHOLDER } from './hooks/protocol/judgedHooks.js';
export type { HookAgentTaskRunner } from './hooks/protocol/judgedHooks.js';
export { subagentHookEvents, isSubagentHook } from './hooks/engine/hookRegistry.js';
export { validateJudgedHookFields } from './hooks/validation/judgedHookValidation.js';
export { interpolateHeaderValue } from './hooks/actions/headerInterpolation.js';
export type { InterpolationOptions, WithheldReason } from './hooks/actions/headerInterpolation.js';

// --- machines' building blocks ---
export { toToolCallOutcome } from './machines/toolCall.machine.js';
export {
  applyToolSelection,
  createEmptyResponse,
  isFunctionCallAllowed,
  mergeResponseChunks,
} from './machines/modelCallActors.js';
export { toInspectionRecord, fileRecordSink } from './inspection/recorder.js';
export { INSPECTION_FORMAT_VERSION, excerptText, limitRecordValue } from './inspection/records.js';
export type {
  XStateRecord,
  RunRecord,
  HookRecord,
  HookRecordDecision,
  CallRecord,
  CallRecordOutcome,
  ModelRecord,
  SessionRecord,
} from './inspection/records.js';
export type { HookOrigin } from './hooks/protocol/hookConfig.js';
export type { HookExecutionEvent, HookExecutionObserver } from './hooks/protocol/results.js';

// --- the agent session's building blocks: its actors' inputs, compaction, the transcript writer ---
export type { SessionServices, SessionActorInput } from './machines/sessionActors.js';
export type { SessionContext, SessionLimits } from './machines/sessionState.js';
export {
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

// --- settings and trust internals ---
export {
  getSettingsPaths,
  dialectOfLocation,
  readSettingsScopeFile,
  setHookDisabled,
  trustProjectHooks,
  mergeHooksSettings,
  problemWarnings,
} from './adapters/settings/settings.js';
export type {
  SettingsPaths,
  SettingsPathsOptions,
  ReadSettingsScopeFileOptions,
  SetHookDisabledOptions,
  TrustProjectHooksOptions,
  TrustedProjectHooks,
} from './adapters/settings/settings.js';
export { fingerprintHooks, defaultTrustFile } from './adapters/settings/trust.js';
export {
  readClaudePlugin,
  readGeminiExtension,
  discoverGeminiExtensions,
  isExtensionEnabled,
} from './adapters/settings/extensions.js';
export type { ReadExtensionOptions } from './adapters/settings/extensions.js';
