/**
 * hookrail's public API. Named exports grouped by module; types exported with `export type`.
 * Each section belongs to one module; keep additions inside the matching section.
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
} from './errors.js';
export type { HookFailureKind } from './errors.js';
export { ScenarioError, ModelError, ToolArgumentError, PathOutsideWorkspaceError } from './errors.js';
export type { ScenarioProblem } from './errors.js';

// --- hooks: types ---
export {
  HookEventName,
  HookType,
  ConfigSource,
  DEFAULT_HOOK_TIMEOUT_MS,
  DEFAULT_BLOCK_REASON,
  DefaultHookOutput,
  BeforeToolHookOutput,
  BeforeModelHookOutput,
  AfterModelHookOutput,
  BeforeToolSelectionHookOutput,
  createHookOutput,
  createEmptyAggregatedResult,
  hookEventNames,
  isHookEventName,
} from './hooks/protocol/types.js';
export type {
  HookConfig,
  CommandHookConfig,
  PluginHookConfig,
  HookDefinition,
  HooksSettings,
  HookDecision,
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
  HookOutput,
  ToolResult,
  ToolSelectionTarget,
  HookExecutionResult,
  HookExecutionPlan,
  AggregatedHookResult,
  HookRegistryEntry,
  HookEventContext,
  HookFireOptions,
} from './hooks/protocol/types.js';

// --- hooks: translator ---
export { HookTranslatorGenAIv1, defaultHookTranslator } from './hooks/protocol/hookTranslator.js';
export type { HookTranslator, LLMRequest, LLMResponse, LLMMessage, HookToolConfig } from './hooks/protocol/hookTranslator.js';

// --- hooks: config, logger, system ---
export { Config } from './hooks/engine/config.js';
export type { ConfigParameters, ExtensionConfig } from './hooks/engine/config.js';
export { DebugLogger, stderrLogSink } from './debugLogger.js';
export type { LogLevel, LogRecord, LogSink, DebugLoggerOptions } from './debugLogger.js';
export { HookSystem } from './hooks/engine/hookSystem.js';
export type { HookSystemStatus } from './hooks/engine/hookSystem.js';

// --- hooks: registry, planner, runner, aggregator (H2 / H1) ---
export { HookRegistry, validateHooksSettings, getSourcePriority, getHookName } from './hooks/engine/hookRegistry.js';
export type {
  HookConfigProblem,
  ValidatedHookDefinition,
  HooksValidationResult,
  ValidateHooksSettingsOptions,
} from './hooks/engine/hookRegistry.js';
export { HookPlanner, matchesToolName } from './hooks/engine/hookPlanner.js';
export { HookAggregator, createSpecificHookOutput } from './hooks/protocol/hookAggregator.js';
export {
  HookRunner,
  DEFAULT_MAX_STDOUT_BYTES,
  DEFAULT_MAX_STDERR_BYTES,
  convertPlainTextToHookOutput,
  parseHookStdout,
  applyHookOutputToInput,
  expandCommand,
} from './hooks/engine/hookRunner.js';
export type { HookRunnerOptions } from './hooks/engine/hookRunner.js';
export { killLeftoverProcesses } from './hooks/actions/processGroupRegistry.js';
export type { KillLeftoverOptions } from './hooks/actions/processGroupRegistry.js';

// --- hooks: event handler and triggers (H3) ---
export { HookEventHandler } from './hooks/engine/hookEventHandler.js';
export type { FireEventWithDetailsOptions, HookFireDetails } from './hooks/engine/hookEventHandler.js';
export { fireBeforeToolHook, fireAfterToolHook, executeToolWithHooks, toolHooksMayApply } from './hooks/triggers/toolHookTriggers.js';
export type { ToolExecuteFunction } from './hooks/triggers/toolHookTriggers.js';
export {
  createBlockedToolResult,
  createStoppedToolResult,
  createToolErrorResult,
  applyAfterToolEffects,
  applyBeforeToolSystemMessage,
  toToolResponse,
  getModifiedToolInput,
  getStopReason,
  HOOK_BLOCKED_ERROR_TYPE,
  HOOK_STOPPED_ERROR_TYPE,
  TOOL_EXECUTION_ERROR_TYPE,
} from './hooks/protocol/toolHookEffects.js';
export { fireBeforeModelHook, fireAfterModelHook, fireBeforeToolSelectionHook } from './hooks/triggers/modelHookTriggers.js';
export type { BeforeModelHookResult, AfterModelHookResult, BeforeToolSelectionHookResult } from './hooks/triggers/modelHookTriggers.js';
export { MessageBus, MessageBusType, connectHookMessageBus, requestHookExecution } from './hooks/engine/hookMessageBus.js';
export type {
  HookExecutionRequest,
  HookExecutionResponse,
  HookBusMessage,
  RequestHookExecutionOptions,
} from './hooks/engine/hookMessageBus.js';

// --- tools and model contracts ---
export { toFunctionDeclaration } from './tool.js';
export type { Tool, ToolCallRequest, ToolExecutionContext } from './tool.js';
export type { ContentGenerator, GenerateOptions } from './contentGenerator.js';

// --- machines: tool call and scheduler (H4) ---
export type {
  ToolCallState,
  ToolCallOutcomeKind,
  ToolCallOutcome,
  ToolCallUpdate,
  ToolBatchResult,
  InspectOption,
  AgentRunStatus,
  AgentEvent,
  AgentRunResult,
} from './machines/types.js';
export { toolCallMachine, runToolCall, toToolCallOutcome } from './machines/toolCall.machine.js';
export type { ToolCallInput, ToolCallContext, ToolCallEvent, ToolCallActor, RunToolCallOptions } from './machines/toolCall.machine.js';
export { TOOL_CALL_CANCELLED_ERROR_TYPE, TOOL_NOT_FOUND_ERROR_TYPE } from './machines/toolCallActors.js';
export { createToolScheduler } from './machines/scheduler.js';
export type { ToolScheduler, ToolSchedulerOptions } from './machines/scheduler.js';
export { schedulerMachine, DEFAULT_TOOL_CONCURRENCY } from './machines/scheduler.machine.js';
export type { SchedulerStatus, SchedulerEvent, SchedulerContext } from './machines/scheduler.machine.js';
export { createInspectionListener, flushInspectionFiles, toInspectionRecord } from './inspection/recorder.js';
export type { InspectionListener, InspectionRecord } from './inspection/recorder.js';

// --- machines: model call and agent loop (H7) ---
export { modelCallMachine, runModelCall } from './machines/modelCall.machine.js';
export type { ModelCallInput, ModelCallOutcome, ModelCallOutput, RunModelCallOptions } from './machines/modelCall.machine.js';
export {
  ModelGenerationError,
  applyToolSelection,
  createEmptyResponse,
  isFunctionCallAllowed,
  mergeResponseChunks,
} from './machines/modelCallActors.js';
export { runAgent, DEFAULT_MAX_TURNS } from './machines/agent.js';
export type { AgentOptions } from './machines/agent.js';

// --- adapters: models and tools (H5a) ---
export { createBuiltinTools, builtinToolNames, isBuiltinToolName, Workspace, DEFAULT_SHELL_TIMEOUT_MS, DEFAULT_SHELL_OUTPUT_LIMIT } from './adapters/tools/index.js';
export type { BuiltinToolsOptions, BuiltinToolName, BuiltinToolErrorType, WorkspacePath } from './adapters/tools/index.js';
export { loadScenario, parseScenario } from './adapters/models/scenario.js';
export type { Scenario, ScenarioTurn, ScenarioFunctionCall, ScenarioExpectation, ScenarioSettings } from './adapters/models/scenario.js';
export { defaultScenario, DEFAULT_SCENARIO_SOURCE } from './adapters/models/defaultScenario.js';
export { ScriptedContentGenerator } from './adapters/models/scriptedModel.js';
export type { ScriptedContentGeneratorOptions } from './adapters/models/scriptedModel.js';
export { GeminiContentGenerator } from './adapters/models/genaiModel.js';
export type { GeminiClient, GeminiContentGeneratorOptions } from './adapters/models/genaiModel.js';
export { createContentGenerator, API_KEY_VARIABLES } from './adapters/models/createContentGenerator.js';
export type { CreateContentGeneratorOptions } from './adapters/models/createContentGenerator.js';

// --- adapters: settings, Claude Code settings, trust (H5b) ---
export {
  loadSettings,
  toConfigParameters,
  getSettingsPaths,
  readSettingsScopeFile,
  setHookDisabled,
  trustProjectHooks,
  mergeHooksSettings,
  problemWarnings,
} from './adapters/settings/settings.js';
export type {
  SettingsScope,
  SettingsScopeFile,
  LoadedSettings,
  LoadSettingsOptions,
  SettingsPaths,
  SettingsPathsOptions,
  ReadSettingsScopeFileOptions,
  SetHookDisabledOptions,
  TrustProjectHooksOptions,
  TrustedProjectHooks,
} from './adapters/settings/settings.js';
export { claudeEventNames, claudeToolNames, mapClaudeMatcher, validateClaudeHooksSettings } from './hooks/dialects/claude.js';
export type { ValidateClaudeHooksOptions } from './hooks/dialects/claude.js';
export { TrustStore, fingerprintHooks, defaultTrustFile } from './adapters/settings/trust.js';
export type { TrustStoreOptions, TrustState, TrustCheck, TrustedFolder } from './adapters/settings/trust.js';
