/**
 * What hooks answer: the common output fields, each event's `hookSpecificOutput`, and the output
 * classes callers query for policy (HOOK-157..160, 169..171, 194, 200).
 */
import type { GenerateContentParameters, GenerateContentResponse, ToolConfig, ToolListUnion } from '@google/genai';
import { isPlainObject } from '../../values.js';
import { HookEventName } from './events.js';
import { defaultHookTranslator, type HookToolConfig, type LLMRequest, type LLMResponse } from './hookTranslator.js';

/**
 * HOOK-182: `ask` is accepted and never blocks. Without `Config.onAskUser` it is treated as `allow`;
 * with one, the call waits in the toolCall machine's `asking` state for the host's answer.
 */
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

/** The output fields of {@link DefaultHookOutput}: declared once, in {@link HookOutput}. */
// Declaration merging gives the class the interface's fields, so a new output field is declared once.
export interface DefaultHookOutput extends HookOutput {}

/**
 * A hook's output with the policy queries callers use. `success` on results is execution health;
 * policy comes from these methods (HOOK-160, 213).
 */
export class DefaultHookOutput {
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

  /**
   * The hook asks the user to confirm (`decision: "ask"`). A block or deny outranks it, so
   * this is false whenever {@link isBlockingDecision} is true.
   */
  isAskDecision(): boolean {
    return this.decision === 'ask' && !this.isBlockingDecision();
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
  // A private field, not a property: outputs stay comparable as plain hook answers.
  #askingHookNames: readonly string[] = [];

  /**
   * The names of the hooks whose answer asked (recorded by the aggregator), so the host can
   * say who asks. Empty when no hook asked or the output was built by hand.
   */
  get askingHookNames(): readonly string[] {
    return this.#askingHookNames;
  }

  /** Records which hooks asked (the aggregator calls this once per fire). */
  setAskingHookNames(names: readonly string[]): void {
    this.#askingHookNames = [...names];
  }

  override isBlockingDecision(): boolean {
    const permission = this.hookSpecificOutput?.['permissionDecision'];
    return super.isBlockingDecision() || permission === 'block' || permission === 'deny';
  }

  /** Claude Code's `permissionDecision: "ask"` asks too; a block or deny still outranks it. */
  override isAskDecision(): boolean {
    return (
      super.isAskDecision() || (this.hookSpecificOutput?.['permissionDecision'] === 'ask' && !this.isBlockingDecision())
    );
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
export function modifiedToolInput(
  hookSpecificOutput: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
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
        candidates: [
          { content: { role: 'model', parts: [this.getEffectiveReason()] }, finishReason: 'STOP', index: 0 },
        ],
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
