/**
 * The session machine's context and the plain functions its `assign`s use: the prompt in progress,
 * the history it grows, and the result a finished prompt leaves behind. Kept apart from the machine
 * so each rule can be read and tested alone.
 */
import type { Content } from '@google/genai';
import { hookContextContent } from '../adapters/transcript.js';
import type { SessionEndReason, SessionStartSource } from '../hooks/triggers/lifecycleHookTriggers.js';
import {
  functionResponsePart,
  modelContentOf,
  systemMessageContent,
  toModelFunctionCalls,
  userContent,
  type ModelFunctionCall,
} from './agentHistory.js';
import type { ModelCallOutput } from './modelCall.machine.js';
import { responseFunctionCalls, responseText } from './modelCallActors.js';
import type { SessionServices } from './sessionActors.js';
import type { AgentRunResult, AgentRunStatus, CompactionReport, ToolCallOutcome } from './types.js';
import { appendToHistory } from './historyTokens.js';

/** Default bound on AfterAgent continuations per prompt (Claude Code stops a Stop hook after 8 blocks in a row). */
export const DEFAULT_MAX_CONTINUATIONS = 8;

/** Default time SessionEnd hooks get before they are cancelled, in milliseconds. */
export const DEFAULT_SESSION_END_TIMEOUT_MS = 1_500;

/** The bounds a session runs within. */
export interface SessionLimits {
  /** Model calls per prompt, continuations included. */
  maxTurns: number;
  /** AfterAgent continuations per prompt. */
  maxContinuations: number;
  /** How long SessionEnd hooks may run. */
  sessionEndTimeoutMs: number;
}

/** The prompt being answered. */
export interface PromptState {
  id: number;
  text: string;
  signal?: AbortSignal;
  turn: number;
  continuations: number;
  finalText: string;
  toolCalls: ToolCallOutcome[];
  /** The last model call, whose function calls the tool batch runs. */
  lastCall?: ModelCallOutput;
  functionCalls: ModelFunctionCall[];
  /** An AfterModel `systemMessage` for the next request. */
  pendingSystemMessage?: string;
  /** A PreCompress hook blocked this prompt's automatic compaction: it is not tried again before the next prompt. */
  compactionBlocked?: boolean;
}

/** The session machine's context. */
export interface SessionContext {
  services: SessionServices;
  limits: SessionLimits;
  history: Content[];
  startSource: SessionStartSource;
  /** After an automatic compaction, `starting` (source `compact`) returns to the model call. */
  resumeTurn: boolean;
  compactionTrigger: 'auto' | 'manual';
  endReason: SessionEndReason;
  prompt?: PromptState;
  lastResult?: { promptId: number; result: AgentRunResult };
  lastCompaction?: CompactionReport;
}

/** What ends a prompt. */
export interface PromptEnding {
  status: AgentRunStatus;
  stopReason?: string;
  errorMessage?: string;
  blockReason?: string;
  sessionEnded?: boolean;
}

/** A new prompt's state. */
export function newPrompt(id: number, text: string, signal: AbortSignal | undefined): PromptState {
  return { id, text, signal, turn: 0, continuations: 0, finalText: '', toolCalls: [], functionCalls: [] };
}

/** The user turn of an accepted prompt: the prompt, then the BeforeAgent hooks' context. */
export function promptContent(text: string, additionalContext: string | undefined): Content {
  const content = userContent(text);
  if (additionalContext) content.parts!.push({ text: additionalContext });
  return content;
}

/** A model call starts: the turn count goes up and a pending AfterModel `systemMessage` joins the history. */
export function beginTurn(context: SessionContext): Pick<SessionContext, 'prompt' | 'history'> {
  const prompt = context.prompt!;
  const history =
    prompt.pendingSystemMessage !== undefined
      ? appendToHistory(context.history, systemMessageContent(prompt.pendingSystemMessage))
      : context.history;
  return { prompt: { ...prompt, turn: prompt.turn + 1, pendingSystemMessage: undefined }, history };
}

/** The model answered: its turn joins the history; its text is the prompt's answer so far. */
export function recordModelCall(
  context: SessionContext,
  call: ModelCallOutput,
): Pick<SessionContext, 'prompt' | 'history'> {
  const prompt = context.prompt!;
  const modelContent = modelContentOf(call.response);
  const history = modelContent ? appendToHistory(context.history, modelContent) : context.history;
  // A stop before any response keeps the previous turn's text as the prompt's answer.
  const finalText = call.response ? responseText(call.response) : prompt.finalText;
  const functionCalls = toModelFunctionCalls(responseFunctionCalls(call.response), prompt.turn);
  return {
    history,
    prompt: { ...prompt, finalText, lastCall: call, functionCalls, pendingSystemMessage: call.systemMessage },
  };
}

/**
 * The batch's outcomes answer the model's calls, in its order; a PostToolBatch hook's context follows
 * them as hook context, so the next model call reads it.
 */
export function recordToolResults(
  context: SessionContext,
  outcomes: readonly ToolCallOutcome[],
  batchContext?: string,
): Pick<SessionContext, 'prompt' | 'history'> {
  const prompt = context.prompt!;
  const parts = outcomes.map((outcome, position) =>
    // The batch answers the model's calls one for one, in their order.
    functionResponsePart(outcome, prompt.functionCalls[position]!.modelCallId),
  );
  return {
    history: withHookContext(appendToHistory(context.history, { role: 'user', parts }), batchContext, 'PostToolBatch'),
    prompt: { ...prompt, toolCalls: [...prompt.toolCalls, ...outcomes] },
  };
}

/**
 * An AfterAgent hook asked the agent to go on: its reason is the next user message, and the hooks'
 * `additionalContext` (Claude Code's Stop) follows it in the same turn.
 */
export function continueWith(
  context: SessionContext,
  reason: string,
  additionalContext?: string,
): Pick<SessionContext, 'prompt' | 'history'> {
  const prompt = context.prompt!;
  return {
    history: appendToHistory(context.history, promptContent(reason, additionalContext)),
    prompt: { ...prompt, continuations: prompt.continuations + 1 },
  };
}

/** The result the prompt being answered leaves for the caller when it finishes. */
export function promptResult(context: SessionContext, ending: PromptEnding): AgentRunResult {
  const prompt = context.prompt!;
  const result: AgentRunResult = {
    status: ending.status,
    finalText: prompt.finalText,
    turns: prompt.turn,
    history: context.history,
    toolCalls: prompt.toolCalls,
    continuations: prompt.continuations,
  };
  if (ending.stopReason !== undefined) result.stopReason = ending.stopReason;
  if (ending.errorMessage !== undefined) result.errorMessage = ending.errorMessage;
  if (ending.blockReason !== undefined) result.blockReason = ending.blockReason;
  if (ending.sessionEnded) result.sessionEnded = true;
  return result;
}

/** The message a prompt ends with when AfterAgent hooks keep asking the agent to go on. */
export function continuationLimitMessage(limit: number): string {
  return (
    `an AfterAgent (Stop) hook asked the agent to go on again after ${limit} ${limit === 1 ? 'continuation' : 'continuations'}; ` +
    `stopped by the limit of ${limit} per prompt (maxContinuations)`
  );
}

/**
 * A SessionStart (or ending Stop) hook's context joins the history as a user turn of its own; the
 * transcript records it as hook context, not as a prompt the user typed.
 */
export function withHookContext(
  history: readonly Content[],
  additionalContext: string | undefined,
  hookEvent: string,
): Content[] {
  return additionalContext
    ? appendToHistory(history, hookContextContent(additionalContext, hookEvent))
    : appendToHistory(history);
}
