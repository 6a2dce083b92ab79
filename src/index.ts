/**
 * hookrail's host surface: what an agent host needs to configure hooks, fire them around tool and model
 * calls, run tool calls and model calls as machines, and use the built-in adapters. The pipeline's
 * building blocks (registry, planner, runner, aggregator, parsers, translator) are in `hookrail/engine`.
 * Types are exported with `export type`.
 */

// --- errors ---
export {
  HookrailError,
  HookSystemNotInitializedError,
  HookRegistryNotInitializedError,
  HookConfigError,
  ToolNotFoundError,
  HookrailFileError,
  HookExecutionError,
  InvalidHookRequestError,
  ScenarioError,
  ModelError,
  ToolArgumentError,
  PathOutsideWorkspaceError,
  AskUserError,
} from './errors.js';
export { TranscriptError, AgentSessionError, HookedToolCallError, ConfigParameterError } from './errors.js';
export type { HookFailureKind, ScenarioProblem, AskUserFailureKind, HookedToolCallOutcome } from './errors.js';

// --- the hook protocol: events, configuration, inputs, outputs, results ---
export { HookEventName } from './hooks/protocol/events.js';
export { HookType, ConfigSource, DEFAULT_HOOK_TIMEOUT_MS, HOOK_KILL_GRACE_MS } from './hooks/protocol/hookConfig.js';
export type {
  HookConfig,
  CommandHookConfig,
  PluginHookConfig,
  HookDefinition,
  HooksSettings,
  HookRegistryEntry,
  HookFireOptions,
  HookSession,
  HookDialect,
  HookDialectFields,
  HttpHookConfig,
  FunctionHookConfig,
  FunctionHookContext,
  SettingsHookConfig,
  HookCommonFields,
  HookFailurePolicy,
  PromptHookConfig,
  AgentHookConfig,
} from './hooks/protocol/hookConfig.js';
// Hooks judged by a model (prompt and agent hooks).
export {
  DEFAULT_PROMPT_HOOK_TIMEOUT_MS,
  DEFAULT_AGENT_HOOK_TIMEOUT_MS,
  DEFAULT_AGENT_HOOK_MAX_TURNS,
} from './hooks/protocol/judgedHooks.js';
export type { JudgedAnswer, HookAgentTask, HookAgentOutcome } from './hooks/protocol/judgedHooks.js';
// In-process function hooks, typed per event.
export type {
  FunctionHookDefinition,
  FunctionHookDefinitionFor,
  FunctionHookResult,
  HookEventTypes,
  HookInputFor,
  HookOutputFor,
  HookOutputWith,
} from './hooks/protocol/functionHooks.js';
export type { AsyncHookMessage } from './hooks/engine/asyncHooks.js';
export type {
  HookInput,
  BeforeToolInput,
  AfterToolInput,
  BeforeModelInput,
  AfterModelInput,
  BeforeToolSelectionInput,
  BeforeAgentInput,
  AfterAgentInput,
  NotificationInput,
  SessionStartInput,
  SessionEndInput,
  PreCompressInput,
} from './hooks/protocol/inputs.js';
export {
  DEFAULT_BLOCK_REASON,
  DefaultHookOutput,
  BeforeToolHookOutput,
  BeforeModelHookOutput,
  AfterModelHookOutput,
  BeforeToolSelectionHookOutput,
} from './hooks/protocol/outputs.js';
export type { HookDecision, HookOutput, ToolSelectionTarget } from './hooks/protocol/outputs.js';
export type { ToolResult, HookExecutionResult, AggregatedHookResult } from './hooks/protocol/results.js';
export type { LLMRequest, LLMResponse, LLMMessage, HookToolConfig } from './hooks/protocol/hookTranslator.js';
export {
  HOOK_BLOCKED_ERROR_TYPE,
  HOOK_STOPPED_ERROR_TYPE,
  TOOL_EXECUTION_ERROR_TYPE,
  ASK_DENIED_ERROR_TYPE,
} from './hooks/protocol/toolHookEffects.js';
export { DEFAULT_ASK_USER_TIMEOUT_MS } from './hooks/protocol/askUser.js';
export type {
  AskUserRequest,
  AskUserDecision,
  AskUserAnswer,
  AskUserCallback,
  AskAnsweredBy,
  AskRecord,
} from './hooks/protocol/askUser.js';

// --- the hook system a host holds once: Config, logger, HookSystem, event handler (HOOK-142, 143, 175) ---
export { Config } from './hooks/engine/config.js';
export type { ConfigParameters, ExtensionConfig, HookAgentRunner, HookAgentRunRequest } from './hooks/engine/config.js';
export { DebugLogger, stderrLogSink } from './debugLogger.js';
export type { LogLevel, LogRecord, LogSink, DebugLoggerOptions, ConsoleLikeLogger } from './debugLogger.js';
export { HookSystem } from './hooks/engine/hookSystem.js';
export type { HookSystemStatus, BeforeToolCall } from './hooks/engine/hookSystem.js';
export { killLeftoverProcesses } from './hooks/actions/processGroupRegistry.js';
export type { KillLeftoverOptions } from './hooks/actions/processGroupRegistry.js';
export { closeWarmInterpreters } from './hooks/actions/warm/warmStart.js';
export { HookEventHandler } from './hooks/engine/hookEventHandler.js';
export type { FireEventWithDetailsOptions, HookFireDetails } from './hooks/engine/hookEventHandler.js';

// --- triggers: what a host calls around each tool and model call (HOOK-176) ---
export { fireBeforeToolHook, fireAfterToolHook, toolHooksMayApply } from './hooks/triggers/toolHookTriggers.js';
export { executeToolWithHooks } from './hooks/triggers/executeToolWithHooks.js';
export type { ToolExecuteFunction, AfterToolDecision } from './hooks/triggers/toolCallSteps.js';
export type { BeforeToolDecision, AskDecision } from './hooks/protocol/beforeToolDecision.js';
export {
  fireBeforeModelHook,
  fireAfterModelHook,
  fireBeforeToolSelectionHook,
} from './hooks/triggers/modelHookTriggers.js';
export type {
  BeforeModelHookResult,
  AfterModelHookResult,
  BeforeToolSelectionHookResult,
} from './hooks/triggers/modelHookTriggers.js';

// --- lifecycle triggers: what the agent session calls (beyond HOOK-203: their answers are applied) ---
export {
  fireSessionStartHook,
  fireBeforeAgentHook,
  fireAfterAgentHook,
  firePreCompressHook,
  fireNotificationHook,
  fireSessionEndHook,
} from './hooks/triggers/lifecycleHookTriggers.js';
export type {
  SessionStartSource,
  SessionEndReason,
  LifecycleHookResult,
  SessionStartHookResult,
  BeforeAgentHookResult,
  AfterAgentHookResult,
  AfterAgentHookInput,
  NotificationHookInput,
} from './hooks/triggers/lifecycleHookTriggers.js';

// --- tool and model contracts ---
export { toFunctionDeclaration } from './tool.js';
export type { Tool, ToolCallRequest, ToolExecutionContext } from './tool.js';
export type { ContentGenerator, GenerateOptions } from './contentGenerator.js';

// --- machines: tool call, scheduler, model call, agent ---
export type {
  ToolCallState,
  ToolCallOutcomeKind,
  ToolCallOutcome,
  ToolCallUpdate,
  ToolBatchResult,
  AgentRunStatus,
  AgentEvent,
  AgentRunResult,
  CompactionReport,
} from './machines/types.js';
export { toolCallMachine } from './machines/toolCall.machine.js';
export { runToolCall } from './machines/runToolCall.js';
export type { RunToolCallOptions } from './machines/runToolCall.js';
export type {
  ToolCallInput,
  ToolCallContext,
  ToolCallEvent,
  ToolCallActor,
  AskUserActorInput,
} from './machines/toolCall.machine.js';
export { TOOL_CALL_CANCELLED_ERROR_TYPE, TOOL_NOT_FOUND_ERROR_TYPE } from './machines/toolCallActors.js';
export { createToolScheduler } from './machines/scheduler.js';
export type { ToolScheduler, ToolSchedulerOptions } from './machines/scheduler.js';
export { schedulerMachine, DEFAULT_TOOL_CONCURRENCY } from './machines/scheduler.machine.js';
export type { SchedulerStatus, SchedulerEvent, SchedulerContext } from './machines/scheduler.machine.js';
export { modelCallMachine, runModelCall } from './machines/modelCall.machine.js';
export type {
  ModelCallInput,
  ModelCallOutcome,
  ModelCallOutput,
  RunModelCallOptions,
} from './machines/modelCall.machine.js';
export { ModelGenerationError } from './machines/modelCallActors.js';
export { runAgent, DEFAULT_MAX_TURNS } from './machines/agent.js';
export type { AgentOptions } from './machines/agent.js';

// --- machines: the agent session ---
export { createAgentSession } from './machines/session.js';
export { createHookAgentRunner } from './machines/hookAgentRunner.js';
export type { HookAgentRunnerOptions } from './machines/hookAgentRunner.js';
export type { AgentSession, AgentSessionOptions, PromptOptions } from './machines/session.js';
export { sessionMachine } from './machines/session.machine.js';
export type { SessionMachineInput, SessionEvent } from './machines/session.machine.js';
export { DEFAULT_MAX_CONTINUATIONS, DEFAULT_SESSION_END_TIMEOUT_MS } from './machines/sessionState.js';
export { DEFAULT_COMPACTION_TOKEN_BUDGET } from './machines/historyCompaction.js';
export type { CompactionSettings, CompactionStrategy } from './machines/historyCompaction.js';
export { defaultTranscriptPath } from './adapters/transcript.js';
export type { TranscriptEntry, TranscriptBlock } from './adapters/transcript.js';
export { readTranscript } from './adapters/transcriptReader.js';
export type { ResumedTranscript } from './adapters/transcriptReader.js';

// --- inspection ---
export { createInspectionListener, createInspectionRecorder, flushInspectionFiles } from './inspection/recorder.js';
export type {
  InspectionListener,
  InspectionRecord,
  InspectOption,
  InspectionRecorder,
  RecordSink,
} from './inspection/recorder.js';
export type { InspectionLine, HookrailRecord } from './inspection/records.js';
export { connectStatelyInspector } from './inspection/statelyBridge.js';
export type { StatelyBridge, StatelyBridgeOptions } from './inspection/statelyBridge.js';

// --- adapters: models, built-in tools, settings, trust ---
export {
  createBuiltinTools,
  builtinToolNames,
  isBuiltinToolName,
  Workspace,
  DEFAULT_SHELL_TIMEOUT_MS,
  DEFAULT_SHELL_OUTPUT_LIMIT,
} from './adapters/tools/index.js';
export { createReadOnlyTools, readOnlyToolNames } from './adapters/tools/index.js';
export type {
  BuiltinToolsOptions,
  BuiltinToolName,
  BuiltinToolErrorType,
  WorkspacePath,
} from './adapters/tools/index.js';
export { loadScenario, parseScenario } from './adapters/models/scenario.js';
export type {
  Scenario,
  ScenarioTurn,
  ScenarioFunctionCall,
  ScenarioExpectation,
  ScenarioSettings,
  ScenarioHookModel,
} from './adapters/models/scenario.js';
export { defaultScenario, DEFAULT_SCENARIO_SOURCE } from './adapters/models/defaultScenario.js';
export { ScriptedContentGenerator } from './adapters/models/scriptedModel.js';
export type { ScriptedContentGeneratorOptions } from './adapters/models/scriptedModel.js';
export { GeminiContentGenerator } from './adapters/models/genaiModel.js';
export type { GeminiClient, GeminiContentGeneratorOptions } from './adapters/models/genaiModel.js';
export {
  createContentGenerator,
  createHookModel,
  API_KEY_VARIABLES,
} from './adapters/models/createContentGenerator.js';
export type {
  CreateContentGeneratorOptions,
  CreateHookModelOptions,
} from './adapters/models/createContentGenerator.js';
export { loadSettings, toConfigParameters } from './adapters/settings/settings.js';
export type {
  SettingsScope,
  SettingsScopeFile,
  LoadedSettings,
  LoadSettingsOptions,
  ToConfigParametersOptions,
} from './adapters/settings/settings.js';
export { TrustStore } from './adapters/settings/trust.js';
// Claude Code plugins and Gemini CLI extensions for Config.extensions; the session's CLAUDE_ENV_FILE.
export { loadClaudePlugin, loadGeminiExtension } from './adapters/settings/extensions.js';
export { claudeEnvFilePath, withEnvironmentFile, removeClaudeEnvFile } from './hooks/dialects/claudeEnvFile.js';
export type { TrustStoreOptions, TrustState, TrustCheck, TrustedFolder } from './adapters/settings/trust.js';
