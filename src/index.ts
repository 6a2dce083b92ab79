/**
 * `hookrail`: the host surface. A name is here when a host's own code needs it to configure hooks, run
 * tool calls, model calls and sessions with hooks, wrap its tools and models, or handle what comes back
 * (results, decisions, errors). The three entries, and the rule for each:
 *
 * - `hookrail` (this file): the host surface, stable — a change to a name here is a breaking change.
 * - `hookrail/engine`: the building blocks of the pipeline (machines, registry, planner, runner,
 *   aggregator, dialect codecs, translators, inspection records) for hosts that assemble their own. It
 *   follows the internals and is experimental as a whole: any name there may change in a minor release.
 * - `hookrail/testing`: what tests and benchmarks of hooks need (the scripted model, scenarios, a
 *   recording logger); stable like this entry.
 *
 * Within a stable entry, a name whose shape may still change is tagged `@experimental` in its JSDoc.
 * Every name lives in exactly one entry. Types are exported with `export type`.
 */

// --- errors ---
export {
  HookrailError,
  HookSystemNotInitializedError,
  HookConfigError,
  ToolNotFoundError,
  HookrailFileError,
  HookExecutionError,
  InvalidHookRequestError,
  ModelError,
  ToolArgumentError,
  PathOutsideWorkspaceError,
  AskUserError,
} from './errors.js';
export { TranscriptError, AgentSessionError, ConfigParameterError } from './errors.js';
export type { HookFailureKind, AskUserFailureKind } from './errors.js';

// --- the hook protocol: events, configuration, inputs, outputs, results ---
export { HookEventName } from './hooks/protocol/events.js';
export { HookType, DEFAULT_HOOK_TIMEOUT_MS } from './hooks/protocol/hookConfig.js';
export type {
  HookConfig,
  CommandHookConfig,
  PluginHookConfig,
  HookDefinition,
  HooksSettings,
  HookFireOptions,
  HookSession,
  HookDialect,
  HttpHookConfig,
  FunctionHookConfig,
  FunctionHookContext,
  SettingsHookConfig,
  HookCommonFields,
  HookFailurePolicy,
  PromptHookConfig,
  AgentHookConfig,
} from './hooks/protocol/hookConfig.js';
// In-process function hooks, typed per event.
export type {
  FunctionHookDefinition,
  FunctionHookDefinitionFor,
  FunctionHookResult,
  HookInputFor,
  HookOutputFor,
} from './hooks/protocol/functionHooks.js';
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
export { DefaultHookOutput } from './hooks/protocol/outputs.js';
export type { HookDecision, HookOutput } from './hooks/protocol/outputs.js';
export type { ToolResult } from './hooks/protocol/results.js';
export type { LLMRequest, LLMResponse } from './hooks/protocol/hookTranslator.js';
export {
  HOOK_BLOCKED_ERROR_TYPE,
  HOOK_STOPPED_ERROR_TYPE,
  TOOL_EXECUTION_ERROR_TYPE,
  ASK_DENIED_ERROR_TYPE,
} from './hooks/protocol/toolHookEffects.js';
export { DEFAULT_ASK_USER_TIMEOUT_MS } from './hooks/protocol/askUser.js';
export type { AskUserRequest, AskUserDecision, AskUserAnswer, AskUserCallback } from './hooks/protocol/askUser.js';

// --- the hook system a host holds once: Config, logger, HookSystem, event handler (HOOK-142, 143, 175) ---
export { Config } from './hooks/engine/config.js';
export type { ConfigParameters, ExtensionConfig, HookAgentRunner, HookAgentRunRequest } from './hooks/engine/config.js';
export { DebugLogger, stderrLogSink } from './debugLogger.js';
export type { LogLevel, LogRecord, LogSink, DebugLoggerOptions, ConsoleLikeLogger } from './debugLogger.js';
export { HookSystem } from './hooks/engine/hookSystem.js';
export { killLeftoverProcesses } from './hooks/actions/processGroupRegistry.js';
export type { KillLeftoverOptions } from './hooks/actions/processGroupRegistry.js';
export { closeWarmInterpreters } from './hooks/actions/warm/warmStart.js';
export { HookEventHandler } from './hooks/engine/hookEventHandler.js';

// --- triggers: what a host with its own loop calls around each tool and model call (HOOK-176) ---
export { fireBeforeToolHook, fireAfterToolHook, toolHooksMayApply } from './hooks/triggers/toolHookTriggers.js';
export { executeToolWithHooks } from './hooks/triggers/executeToolWithHooks.js';
export type { ToolExecuteFunction } from './hooks/triggers/toolCallSteps.js';
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

// --- running tool calls, model calls and sessions ---
export type {
  ToolCallOutcomeKind,
  ToolCallOutcome,
  ToolCallUpdate,
  ToolBatchResult,
  AgentRunStatus,
  AgentEvent,
  AgentRunResult,
  CompactionReport,
} from './machines/types.js';
export { runToolCall } from './machines/runToolCall.js';
export type { RunToolCallOptions } from './machines/runToolCall.js';
export { TOOL_CALL_CANCELLED_ERROR_TYPE, TOOL_NOT_FOUND_ERROR_TYPE } from './machines/toolCallActors.js';
export { createToolScheduler } from './machines/scheduler.js';
export type { ToolScheduler, ToolSchedulerOptions } from './machines/scheduler.js';
export { runModelCall } from './machines/modelCall.machine.js';
export type { ModelCallOutcome, ModelCallOutput, RunModelCallOptions } from './machines/modelCall.machine.js';
export { ModelGenerationError } from './machines/modelCallActors.js';
export { runAgent } from './machines/agent.js';
export type { AgentOptions } from './machines/agent.js';
export { createAgentSession } from './machines/session.js';
export type { AgentSession, AgentSessionOptions, PromptOptions } from './machines/session.js';
export { createHookAgentRunner } from './machines/hookAgentRunner.js';
export type { HookAgentRunnerOptions } from './machines/hookAgentRunner.js';
export type { CompactionSettings, CompactionStrategy } from './machines/historyCompaction.js';
export { defaultTranscriptPath } from './adapters/transcript.js';
export type { TranscriptEntry, TranscriptBlock } from './adapters/transcript.js';
export { readTranscript } from './adapters/transcriptReader.js';
export type { ResumedTranscript } from './adapters/transcriptReader.js';

// --- inspection: record a run, watch it live ---
export { flushInspectionFiles } from './inspection/recorder.js';
export type { InspectOption, RecordSink } from './inspection/recorder.js';
export { connectStatelyInspector } from './inspection/statelyBridge.js';
export type { StatelyBridge, StatelyBridgeOptions } from './inspection/statelyBridge.js';

// --- adapters: models, built-in tools, settings, trust ---
export { createBuiltinTools, createReadOnlyTools } from './adapters/tools/index.js';
export type { BuiltinToolsOptions, BuiltinToolName } from './adapters/tools/index.js';
export { GeminiContentGenerator } from './adapters/models/genaiModel.js';
export type { GeminiClient, GeminiContentGeneratorOptions } from './adapters/models/genaiModel.js';
export { createContentGenerator, createHookModel } from './adapters/models/createContentGenerator.js';
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
export type { TrustStoreOptions, TrustState, TrustCheck, TrustedFolder } from './adapters/settings/trust.js';
// Claude Code plugins and Gemini CLI extensions for Config.extensions; the session's CLAUDE_ENV_FILE.
export { loadClaudePlugin } from './adapters/settings/extensions.js';
export { loadGeminiExtension } from './adapters/settings/geminiExtensions.js';
export { claudeEnvFilePath, withEnvironmentFile, removeClaudeEnvFile } from './hooks/dialects/claudeEnvFile.js';
