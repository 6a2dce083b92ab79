/**
 * The hook protocol's types: event names, configuration, stdin inputs, stdout outputs, the output
 * classes callers query for policy, and the runner/aggregator result shapes. Wire formats are those
 * of Claude Code and Gemini CLI hook scripts (HOOK-155).
 */
import type { GenerateContentParameters, GenerateContentResponse, ToolConfig, ToolListUnion } from '@google/genai';
import { defaultHookTranslator, type HookToolConfig, type LLMRequest, type LLMResponse } from './hookTranslator.js';

/** HOOK-081: the eleven hook events. Five are applied end to end; six are fire-and-forget (§37). */
export enum HookEventName {
  BeforeTool = 'BeforeTool',
  AfterTool = 'AfterTool',
  BeforeAgent = 'BeforeAgent',
  AfterAgent = 'AfterAgent',
  Notification = 'Notification',
  SessionStart = 'SessionStart',
  SessionEnd = 'SessionEnd',
  PreCompress = 'PreCompress',
  BeforeModel = 'BeforeModel',
  AfterModel = 'AfterModel',
  BeforeToolSelection = 'BeforeToolSelection',
}

/** All event names, in declaration order. */
export const hookEventNames: readonly HookEventName[] = Object.values(HookEventName);

/** True for one of the eleven event names. */
export function isHookEventName(value: unknown): value is HookEventName {
  return typeof value === 'string' && (hookEventNames as readonly string[]).includes(value);
}

/** Tool events carry `tool_name` and are the only ones filtered by `matcher` (HOOK-041, 051, 059). */
export function isToolEvent(eventName: HookEventName): boolean {
  return eventName === HookEventName.BeforeTool || eventName === HookEventName.AfterTool;
}

/** HOOK-083: hook kinds. Only `command` executes; `plugin` is accepted for forward compatibility (HOOK-195). */
export enum HookType {
  Command = 'command',
  Plugin = 'plugin',
}

/** HOOK-083: a command hook as configured in settings.json. */
export interface CommandHookConfig {
  type: HookType.Command | 'command';
  /** Shell command; `$LLXPRT_PROJECT_DIR`, `$GEMINI_PROJECT_DIR`, `$CLAUDE_PROJECT_DIR` are expanded (HOOK-188). */
  command: string;
  /** Milliseconds; default {@link DEFAULT_HOOK_TIMEOUT_MS} (HOOK-120). */
  timeout?: number;
  /** Optional display name, usable with enable/disable. */
  name?: string;
  description?: string;
}

/** HOOK-195: a plugin hook passes validation but has no execution path; the runner fails it open. */
export interface PluginHookConfig {
  type: HookType.Plugin | 'plugin';
  command?: string;
  timeout?: number;
  name?: string;
  description?: string;
}

/** One configured hook. */
export type HookConfig = CommandHookConfig | PluginHookConfig;

/** HOOK-082: a hook group in settings.json: optional matcher, optional sequential, required hooks. */
export interface HookDefinition {
  matcher?: string;
  sequential?: boolean;
  hooks: HookConfig[];
}

/** HOOK-080: the `hooks` key of settings.json. */
export type HooksSettings = { [Event in HookEventName]?: HookDefinition[] };

/** HOOK-086, HOOK-187: where a hook came from; lower priority number runs first. */
export enum ConfigSource {
  Project = 'project',
  User = 'user',
  System = 'system',
  Extensions = 'extensions',
}

/** HOOK-120: default hook timeout, 60 s. */
export const DEFAULT_HOOK_TIMEOUT_MS = 60_000;

/** HOOK-118: grace period between SIGTERM and SIGKILL. */
export const HOOK_KILL_GRACE_MS = 5_000;

/** HOOK-062: the base fields of every stdin object. */
export interface HookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: string;
  timestamp: string;
}

/** HOOK-015 */
export interface BeforeToolInput extends HookInput {
  tool_name: string;
  tool_input: Record<string, unknown>;
}

/** HOOK-026: `tool_response` holds `llmContent`, `returnDisplay`, `metadata`, `error`. */
export interface AfterToolInput extends HookInput {
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_response: Record<string, unknown>;
}

export interface BeforeAgentInput extends HookInput {
  prompt: string;
}

export interface AfterAgentInput extends HookInput {
  prompt: string;
  prompt_response: string;
  stop_hook_active: boolean;
}

export interface NotificationInput extends HookInput {
  notification_type: string;
  message: string;
  details: Record<string, unknown>;
}

export interface SessionStartInput extends HookInput {
  source: 'startup' | 'resume' | 'clear' | 'compress';
}

export interface SessionEndInput extends HookInput {
  reason: 'exit' | 'clear' | 'logout' | 'prompt_input_exit' | 'other';
}

export interface PreCompressInput extends HookInput {
  trigger: 'manual' | 'auto';
}

/** HOOK-034 */
export interface BeforeModelInput extends HookInput {
  llm_request: LLMRequest;
}

/** HOOK-044 */
export interface AfterModelInput extends HookInput {
  llm_request: LLMRequest;
  llm_response: LLMResponse;
}

/** HOOK-054 */
export interface BeforeToolSelectionInput extends HookInput {
  llm_request: LLMRequest;
}

/** HOOK-182: `ask` is accepted and treated as `allow`. */
export type HookDecision = 'ask' | 'block' | 'deny' | 'approve' | 'allow' | undefined | null;

/** HOOK-157: the common output fields every hook may print on stdout. */
export interface HookOutput {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  decision?: HookDecision;
  reason?: string;
  hookSpecificOutput?: Record<string, unknown>;
}

/** BeforeTool's `hookSpecificOutput`, including the Claude Code compatibility fields (HOOK-169, 170). */
export interface BeforeToolSpecificOutput {
  hookEventName?: 'BeforeTool' | 'PreToolUse';
  permissionDecision?: HookDecision;
  permissionDecisionReason?: string;
  /** HOOK-019: replacement arguments (Gemini CLI's name). */
  tool_input?: Record<string, unknown>;
  /** Claude Code's name for the same thing. */
  updatedInput?: Record<string, unknown>;
}

/** The additional-context output of AfterTool, BeforeAgent and SessionStart. */
export interface AdditionalContextSpecificOutput {
  hookEventName?: string;
  additionalContext?: string;
}

/** BeforeModel's `hookSpecificOutput`. */
export interface BeforeModelSpecificOutput {
  hookEventName?: 'BeforeModel';
  llm_request?: Partial<LLMRequest>;
  llm_response?: Partial<LLMResponse>;
}

/** AfterModel's `hookSpecificOutput`. */
export interface AfterModelSpecificOutput {
  hookEventName?: 'AfterModel';
  llm_response?: Partial<LLMResponse>;
}

/** BeforeToolSelection's `hookSpecificOutput`. */
export interface BeforeToolSelectionSpecificOutput {
  hookEventName?: 'BeforeToolSelection';
  toolConfig?: HookToolConfig;
}

/** Default reason when a hook blocks without saying why (HOOK-067b). */
export const DEFAULT_BLOCK_REASON = 'Blocked by hook';

/**
 * A hook's output with the policy queries callers use. `success` on results is execution health;
 * policy comes from these methods (HOOK-160, 213).
 */
export class DefaultHookOutput implements HookOutput {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  decision?: HookDecision;
  reason?: string;
  hookSpecificOutput?: Record<string, unknown>;

  constructor(data: Partial<HookOutput> = {}) {
    this.continue = data.continue;
    this.stopReason = data.stopReason;
    this.suppressOutput = data.suppressOutput;
    this.systemMessage = data.systemMessage;
    this.decision = data.decision;
    this.reason = data.reason;
    this.hookSpecificOutput = data.hookSpecificOutput;
  }

  /** HOOK-016b, HOOK-158, HOOK-182: only `block` and `deny` block; absent, `allow`, `approve`, `ask` do not. */
  isBlockingDecision(): boolean {
    return this.decision === 'block' || this.decision === 'deny';
  }

  /** HOOK-020, 028, 040, 048, 058: `continue: false` asks the caller to stop the agent. */
  shouldStopExecution(): boolean {
    return this.continue === false;
  }

  /** HOOK-017: the reason the model sees for a block or stop. */
  getEffectiveReason(): string {
    return this.reason || this.stopReason || 'No reason provided';
  }

  /** HOOK-027: `hookSpecificOutput.additionalContext`, when it is a non-empty string. */
  getAdditionalContext(): string | undefined {
    const value = this.hookSpecificOutput?.['additionalContext'];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  }

  /** HOOK-183: `{ blocked, reason }` for callers that build an error result. */
  getBlockingError(): { blocked: boolean; reason: string } {
    if (this.isBlockingDecision()) return { blocked: true, reason: this.getEffectiveReason() };
    return { blocked: false, reason: '' };
  }

  /** No-op on the default output; model outputs override. */
  applyLLMRequestModifications(target: GenerateContentParameters): GenerateContentParameters {
    return target;
  }

  /** No-op on the default output; tool-selection output overrides. */
  applyToolConfigModifications(target: ToolSelectionTarget): ToolSelectionTarget {
    return target;
  }
}

/** HOOK-169..171, 199: checks Claude Code's `permissionDecision` / `permissionDecisionReason` too. */
export class BeforeToolHookOutput extends DefaultHookOutput {
  override isBlockingDecision(): boolean {
    const permission = this.hookSpecificOutput?.['permissionDecision'];
    return super.isBlockingDecision() || permission === 'block' || permission === 'deny';
  }

  override getEffectiveReason(): string {
    const compatReason = this.hookSpecificOutput?.['permissionDecisionReason'];
    if (typeof compatReason === 'string') return compatReason;
    return super.getEffectiveReason();
  }

  /** HOOK-019: replacement arguments from `tool_input` (Gemini CLI) or `updatedInput` (Claude Code). */
  getModifiedToolInput(): Record<string, unknown> | undefined {
    return modifiedToolInput(this.hookSpecificOutput);
  }
}

/** Reads `tool_input` / `updatedInput` from a BeforeTool `hookSpecificOutput`, if it is an object. */
export function modifiedToolInput(hookSpecificOutput: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const value = hookSpecificOutput?.['tool_input'] ?? hookSpecificOutput?.['updatedInput'];
  return isPlainObject(value) ? value : undefined;
}

/** HOOK-036..039, 194: BeforeModel output with synthetic-response and request-modification helpers. */
export class BeforeModelHookOutput extends DefaultHookOutput {
  /** HOOK-194: a response only when `llm_response` is present; never auto-generated on stop. */
  getSyntheticResponse(): GenerateContentResponse | undefined {
    const llmResponse = this.hookSpecificOutput?.['llm_response'];
    if (!isPlainObject(llmResponse)) return undefined;
    return defaultHookTranslator.fromHookLLMResponse(llmResponse as Partial<LLMResponse>);
  }

  /** HOOK-038, 039, 078: applies a modified `llm_request` onto the SDK request. */
  override applyLLMRequestModifications(target: GenerateContentParameters): GenerateContentParameters {
    const llmRequest = this.hookSpecificOutput?.['llm_request'];
    if (!isPlainObject(llmRequest)) return target;
    return defaultHookTranslator.fromHookLLMRequest(llmRequest as Partial<LLMRequest>, target);
  }
}

/** HOOK-046..048: AfterModel output; a stop produces a synthetic stop response. */
export class AfterModelHookOutput extends DefaultHookOutput {
  /** HOOK-048, 194: the hook's `llm_response`, or on `continue: false` a response carrying the stop reason. */
  getModifiedResponse(): GenerateContentResponse | undefined {
    const llmResponse = this.hookSpecificOutput?.['llm_response'];
    if (isPlainObject(llmResponse) && Array.isArray((llmResponse as Partial<LLMResponse>).candidates)) {
      return defaultHookTranslator.fromHookLLMResponse(llmResponse as Partial<LLMResponse>);
    }
    if (this.shouldStopExecution()) {
      return defaultHookTranslator.fromHookLLMResponse({
        candidates: [{ content: { role: 'model', parts: [this.getEffectiveReason()] }, finishReason: 'STOP', index: 0 }],
      });
    }
    return undefined;
  }
}

/** What BeforeToolSelection modifies: the request's `toolConfig` and (unchanged) `tools`. */
export interface ToolSelectionTarget {
  toolConfig?: ToolConfig;
  tools?: ToolListUnion;
}

/** HOOK-055..057, 167, 168: restricts via `toolConfig`; never removes tool definitions. */
export class BeforeToolSelectionHookOutput extends DefaultHookOutput {
  override applyToolConfigModifications(target: ToolSelectionTarget): ToolSelectionTarget {
    const hookToolConfig = this.hookSpecificOutput?.['toolConfig'];
    if (!isPlainObject(hookToolConfig)) return target;
    return { ...target, toolConfig: defaultHookTranslator.fromHookToolConfig(hookToolConfig as HookToolConfig) };
  }
}

/**
 * The output class for an event. HOOK-200: BeforeTool gets a plain `DefaultHookOutput` here (so
 * `permissionDecision` is not consulted); the aggregator's `createSpecificHookOutput` returns a
 * `BeforeToolHookOutput`.
 */
export function createHookOutput(eventName: string, data: Partial<HookOutput>): DefaultHookOutput {
  switch (eventName) {
    case HookEventName.BeforeModel:
      return new BeforeModelHookOutput(data);
    case HookEventName.AfterModel:
      return new AfterModelHookOutput(data);
    case HookEventName.BeforeToolSelection:
      return new BeforeToolSelectionHookOutput(data);
    default:
      return new DefaultHookOutput(data);
  }
}

/** HOOK-149: a tool's result; `suppressDisplay` hides it from the user while the model still sees `llmContent`. */
export interface ToolResult {
  /** What the model receives. */
  llmContent: string;
  /** What the user is shown. */
  returnDisplay: string;
  metadata?: Record<string, unknown>;
  error?: { message: string; type?: string };
  suppressDisplay?: boolean;
}

/** How one hook process ended; the runner fills it and never throws (HOOK-070, 196). */
export interface HookExecutionResult {
  hookConfig: HookConfig;
  eventName: HookEventName;
  /** HOOK-070: true only for exit code 0. */
  success: boolean;
  output?: HookOutput;
  stdout?: string;
  stderr?: string;
  /** HOOK-196: a signal-killed hook reports 0 here with `success: false`; see `signal`. */
  exitCode?: number;
  /** The signal that ended the process, if any. */
  signal?: string;
  /** True when the hook exceeded its timeout and was killed (HOOK-117..119). */
  timedOut?: boolean;
  /** True when stdout or stderr exceeded the capture cap and only its head was kept. */
  truncated?: boolean;
  duration: number;
  error?: Error;
}

/** What the planner decided to run for one event (HOOK-109). */
export interface HookExecutionPlan {
  eventName: HookEventName;
  hookConfigs: HookConfig[];
  sequential: boolean;
}

/** HOOK-145, HOOK-213: the aggregated result of one event fire; `success` is execution health. */
export interface AggregatedHookResult {
  success: boolean;
  finalOutput?: DefaultHookOutput;
  allOutputs: HookOutput[];
  errors: Error[];
  totalDuration: number;
}

/** HOOK-145: the empty success result (nothing matched, hooks off, or an infrastructure error). */
export function createEmptyAggregatedResult(): AggregatedHookResult {
  return { success: true, finalOutput: undefined, allOutputs: [], errors: [], totalDuration: 0 };
}

/** A registered hook with its source and group settings. */
export interface HookRegistryEntry {
  config: HookConfig;
  source: ConfigSource;
  eventName: HookEventName;
  matcher?: string;
  sequential?: boolean;
  enabled: boolean;
  /** Name of the extension that contributed the hook, for `ConfigSource.Extensions`. */
  extensionName?: string;
}

/** Context the planner filters on: tool events pass `{ toolName }`, model events nothing (HOOK-162, 163). */
export interface HookEventContext {
  toolName?: string;
}

/** Options that travel with one event fire. */
export interface HookFireOptions {
  /** Aborting kills every running hook process of this fire (and its process group). */
  signal?: AbortSignal;
}

/** True for a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
