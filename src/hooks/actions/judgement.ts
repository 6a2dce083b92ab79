/**
 * What prompt and agent hooks share: the prompt the model reads (the hook's prompt with
 * the input JSON in place of `$ARGUMENTS`, or after it), the instruction that says what `ok` means on
 * this event, the response schema sent with a prompt hook's request, the strict reading of the
 * answer, and the hook output an answer stands for.
 */
import type { Schema, Type } from '@google/genai';
import { HookEventName } from '../protocol/events.js';
import { ARGUMENTS_PLACEHOLDER, type JudgedAnswer } from '../protocol/judgedHooks.js';
import type { AgentHookConfig, PromptHookConfig } from '../protocol/hookConfig.js';
import type { HookInput } from '../protocol/inputs.js';
import type { HookOutput } from '../protocol/outputs.js';
import { excerpt, isPlainObject } from '../../values.js';
import type { DebugLogger } from '../../debugLogger.js';

/** What running a prompt or agent hook needs, besides what answers it (a model, a sub-agent runner). */
export interface JudgedHookRunOptions<Config extends PromptHookConfig | AgentHookConfig> {
  hookConfig: Config;
  eventName: HookEventName;
  input: HookInput;
  /** The input as the hook's dialect shows it (Claude Code's names for a Claude hook); default the native input. */
  inputText?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  logger: DebugLogger;
}

/**
 * The response schema of `{ ok, reason? }`, in the GenAI SDK's `Schema` form (its `Type`
 * values are plain strings, written here so the SDK is not loaded).
 */
export const judgedAnswerSchema: Schema = {
  type: 'OBJECT' as Type,
  properties: {
    ok: {
      type: 'BOOLEAN' as Type,
      description: 'true when the condition holds and the action may go on; false otherwise',
    },
    reason: { type: 'STRING' as Type, description: 'why; required when ok is false' },
  },
  required: ['ok'],
  propertyOrdering: ['ok', 'reason'],
};

/** Events whose action an `ok: false` blocks (the others read it as their `block` decision). */
const guardedEvents: ReadonlySet<HookEventName> = new Set([
  HookEventName.BeforeTool,
  HookEventName.BeforeAgent,
  HookEventName.BeforeModel,
]);

/**
 * The hook's prompt with the input JSON in place of every `$ARGUMENTS`, or appended when it
 * has none. `input` is the native input, or the text of the input as the hook's dialect shows it.
 */
export function judgedPromptText(prompt: string, input: HookInput | string): string {
  const json = typeof input === 'string' ? input : JSON.stringify(input, null, 2);
  // split/join, not replace: `$&` or `$'` in the input must stay literal.
  if (prompt.includes(ARGUMENTS_PLACEHOLDER)) return prompt.split(ARGUMENTS_PLACEHOLDER).join(json);
  return `${prompt}\n\n${json}`;
}

/**
 * The system instruction of a judged hook: what it is judging and what `ok` means on this
 * event, so one prompt ("Is this command safe?", "Are all tasks done?") reads right on any event.
 */
export function judgeInstruction(eventName: HookEventName): string {
  const meaning =
    eventName === HookEventName.AfterAgent
      ? 'The agent is about to stop. Answer ok: true when it may stop; ok: false, with the reason, when it must go on (the reason is what it is told to do next).'
      : guardedEvents.has(eventName)
        ? `The agent is about to go on (${eventName}). Answer ok: true when it may; ok: false, with the reason, to block it (the reason is shown to the agent).`
        : `Answer ok: true when the condition holds; ok: false, with the reason, when it does not (${eventName}).`;
  return [
    "You are a hook: a check that runs at one point of an AI coding agent's lifecycle and decides what happens next.",
    "The user message states the condition to check and holds the event's input as JSON.",
    meaning,
    'Reply with only a JSON object: {"ok": true} or {"ok": false, "reason": "..."}. No other text.',
  ].join('\n');
}

/** What {@link parseJudgedAnswer} found: the answer, or why the text is not one. */
export type JudgedAnswerReading =
  | { answer: JudgedAnswer; problem?: undefined }
  | { answer?: undefined; problem: string };

/**
 * Reads `{ "ok": boolean, "reason"?: string }` from a model's text. The object may stand in
 * a single fenced code block (agents often write one); anything else (prose, a JSON value that is not
 * that object, `ok` that is not a boolean, a `reason` that is not a string) is a problem, never a guess.
 */
export function parseJudgedAnswer(text: string): JudgedAnswerReading {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'the model answered with no text' };
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(trimmed);
  const body = fenced ? fenced[1]!.trim() : trimmed;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { problem: `the answer is not JSON: ${quote(trimmed)}` };
  }
  if (!isPlainObject(parsed))
    return { problem: `the answer is not a JSON object ({"ok": boolean, "reason"?: string}): ${quote(trimmed)}` };
  if (typeof parsed['ok'] !== 'boolean') {
    const got = parsed['ok'] === undefined ? 'it has no "ok"' : `"ok" is ${JSON.stringify(parsed['ok'])}`;
    return { problem: `the answer needs "ok": true or false, but ${got}: ${quote(trimmed)}` };
  }
  const reason = parsed['reason'];
  if (reason !== undefined && reason !== null && typeof reason !== 'string') {
    return { problem: `"reason" must be a string, got ${JSON.stringify(reason)}: ${quote(trimmed)}` };
  }
  const answer: JudgedAnswer = { ok: parsed['ok'] };
  if (typeof reason === 'string' && reason.trim() !== '') answer.reason = reason.trim();
  return { answer };
}

/**
 * The hook output an answer stands for. `ok: false` is a `block` with the reason: it blocks
 * BeforeTool, BeforeAgent and BeforeModel, makes the agent go on at AfterAgent (Stop), and is each
 * other event's own block. `ok: true` allows (never overriding another hook's block or ask).
 */
export function judgedHookOutput(answer: JudgedAnswer, eventName: HookEventName, hookLabel: string): HookOutput {
  if (answer.ok) return answer.reason ? { decision: 'allow', reason: answer.reason } : { decision: 'allow' };
  const fallback =
    eventName === HookEventName.AfterAgent
      ? `The ${hookLabel} judged that the work is not finished; go on.`
      : `Blocked by the ${hookLabel}.`;
  return { decision: 'block', reason: answer.reason ?? fallback };
}

/** A judged hook's name: its `name`, else the head of its prompt (40 characters). */
export function judgedHookName(hookConfig: PromptHookConfig | AgentHookConfig): string {
  if (hookConfig.name?.trim()) return hookConfig.name.trim();
  const prompt = hookConfig.prompt.replace(/\s+/g, ' ').trim();
  return prompt.length > 40 ? `${prompt.slice(0, 40)}…` : prompt;
}

/** How messages name a judged hook: `prompt hook "name"`, or the head of its prompt. */
export function judgedHookLabel(hookConfig: PromptHookConfig | AgentHookConfig): string {
  return `${hookConfig.type} hook ${JSON.stringify(judgedHookName(hookConfig))}`;
}

function quote(text: string): string {
  return JSON.stringify(excerpt(text, 300));
}
