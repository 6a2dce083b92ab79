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
} from './hooks/types.js';
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
} from './hooks/types.js';

// --- hooks: translator ---
export { HookTranslatorGenAIv1, defaultHookTranslator } from './hooks/hookTranslator.js';
export type { HookTranslator, LLMRequest, LLMResponse, LLMMessage, HookToolConfig } from './hooks/hookTranslator.js';

// --- hooks: config, logger, system ---
export { Config } from './hooks/config.js';
export type { ConfigParameters, ExtensionConfig } from './hooks/config.js';
export { DebugLogger, stderrLogSink } from './hooks/debugLogger.js';
export type { LogLevel, LogRecord, LogSink, DebugLoggerOptions } from './hooks/debugLogger.js';
export { HookSystem } from './hooks/hookSystem.js';
export type { HookSystemStatus } from './hooks/hookSystem.js';

// --- hooks: registry, planner, runner, aggregator (H2 / H1) ---
export { HookRegistry, validateHooksSettings, getSourcePriority, getHookName } from './hooks/hookRegistry.js';
export type {
  HookConfigProblem,
  ValidatedHookDefinition,
  HooksValidationResult,
  ValidateHooksSettingsOptions,
} from './hooks/hookRegistry.js';
export { HookPlanner, matchesToolName } from './hooks/hookPlanner.js';
export { HookAggregator, createSpecificHookOutput } from './hooks/hookAggregator.js';
export {
  HookRunner,
  DEFAULT_MAX_OUTPUT_BYTES,
  convertPlainTextToHookOutput,
  parseHookStdout,
  applyHookOutputToInput,
  expandCommand,
} from './hooks/hookRunner.js';
export type { HookRunnerOptions } from './hooks/hookRunner.js';

// --- hooks: event handler and triggers (H3) ---
export { HookEventHandler } from './hooks/hookEventHandler.js';
export type { FireEventWithDetailsOptions, HookFireDetails } from './hooks/hookEventHandler.js';
export { fireBeforeToolHook, fireAfterToolHook, executeToolWithHooks, toolHooksMayApply } from './hooks/toolHookTriggers.js';
export type { ToolExecuteFunction } from './hooks/toolHookTriggers.js';
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
} from './hooks/toolHookEffects.js';
export { fireBeforeModelHook, fireAfterModelHook, fireBeforeToolSelectionHook } from './hooks/modelHookTriggers.js';
export type { BeforeModelHookResult, AfterModelHookResult, BeforeToolSelectionHookResult } from './hooks/modelHookTriggers.js';
export { MessageBus, MessageBusType, connectHookMessageBus, requestHookExecution } from './hooks/hookMessageBus.js';
export type {
  HookExecutionRequest,
  HookExecutionResponse,
  HookBusMessage,
  RequestHookExecutionOptions,
} from './hooks/hookMessageBus.js';

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
export { createInspectionListener, flushInspectionFiles, toInspectionRecord } from './machines/inspection.js';
export type { InspectionListener, InspectionRecord } from './machines/inspection.js';

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
export { loadScenario, parseScenario } from './adapters/scenario.js';
export type { Scenario, ScenarioTurn, ScenarioFunctionCall, ScenarioExpectation, ScenarioSettings } from './adapters/scenario.js';
export { defaultScenario, DEFAULT_SCENARIO_SOURCE } from './adapters/defaultScenario.js';
export { ScriptedContentGenerator } from './adapters/scriptedModel.js';
export type { ScriptedContentGeneratorOptions } from './adapters/scriptedModel.js';
export { GeminiContentGenerator } from './adapters/genaiModel.js';
export type { GeminiClient, GeminiContentGeneratorOptions } from './adapters/genaiModel.js';
export { createContentGenerator, API_KEY_VARIABLES } from './adapters/createContentGenerator.js';
export type { CreateContentGeneratorOptions } from './adapters/createContentGenerator.js';

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
} from './adapters/settings.js';
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
} from './adapters/settings.js';
export { claudeEventNames, claudeToolNames, mapClaudeMatcher, validateClaudeHooksSettings } from './adapters/claudeSettings.js';
export type { ValidateClaudeHooksOptions } from './adapters/claudeSettings.js';
export { TrustStore, fingerprintHooks, defaultTrustFile } from './adapters/trust.js';
export type { TrustStoreOptions, TrustState, TrustCheck, TrustedFolder } from './adapters/trust.js';
