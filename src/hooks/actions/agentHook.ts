/**
 * Runs one agent hook: a sub-agent with read-only tools
 * (read_file, list_directory, glob, search_file_content) works on the hook's prompt, with the input
 * JSON in place of `$ARGUMENTS`, for at most `maxTurns` model calls, and ends with the same
 * `{ "ok": boolean, "reason"?: string }` answer as a prompt hook. The hook system does not know how
 * to run an agent (that is the session machine's job, outside src/hooks): the host gives Config a
 * runner (`hookAgentRunner`), which the engine binds to the Config whose hook asked. No runner, a
 * sub-agent that fails, runs out of turns, hangs past the timeout (default 60 s) or ends with
 * anything but that JSON is a failed result (`onFailure` applies), never an exception.
 */
import { performance } from 'node:perf_hooks';
import { HookEventName } from '../protocol/events.js';
import type { AgentHookConfig } from '../protocol/hookConfig.js';
import {
  DEFAULT_AGENT_HOOK_MAX_TURNS,
  type HookAgentOutcome,
  type HookAgentTaskRunner,
} from '../protocol/judgedHooks.js';
import type { HookExecutionResult } from '../protocol/results.js';
import { actionFailer, describeThrown } from './actionFailure.js';
import { runWithDeadline } from './deadline.js';
import {
  judgedHookLabel,
  judgedHookName,
  judgedHookOutput,
  judgedPromptText,
  judgeInstruction,
  parseJudgedAnswer,
  type JudgedHookRunOptions,
} from './judgement.js';

/** What {@link runAgentHook} needs. */
export interface AgentHookRunOptions extends JudgedHookRunOptions<AgentHookConfig> {
  /** The host's runner bound to this Config; without one the hook fails with a message saying how to give one. */
  runTask: HookAgentTaskRunner | undefined;
}

/** Runs the sub-agent and reads its final answer (see the module comment). */
export async function runAgentHook(options: AgentHookRunOptions): Promise<HookExecutionResult> {
  const { hookConfig, eventName, logger } = options;
  const startedAt = performance.now();
  const label = judgedHookLabel(hookConfig);
  const fail = actionFailer({ hookConfig, eventName, startedAt, logger });

  if (options.signal?.aborted) return fail('cancelled', 'cancelled before the sub-agent started');
  const runTask = options.runTask;
  if (!runTask) {
    return fail(
      'invalid-config',
      'no sub-agent runner: give Config a hookAgentRunner (createHookAgentRunner()), or run it with the hookrail CLI',
    );
  }
  const maxTurns = agentMaxTurns(hookConfig);
  let prompt: string;
  try {
    prompt = judgedPromptText(hookConfig.prompt, options.inputText ?? options.input);
  } catch (error) {
    return fail('invalid-input', `its input could not be serialised: ${describeThrown(error)}`, {}, error);
  }
  const settlement = await runWithDeadline<HookAgentOutcome>({
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    run: (signal) =>
      runTask({
        prompt,
        systemInstruction: subAgentInstruction(eventName, maxTurns),
        maxTurns,
        ...(hookConfig.model ? { model: hookConfig.model } : {}),
        hookName: judgedHookName(hookConfig),
        signal,
      }),
  });
  switch (settlement.kind) {
    case 'timeout':
      return fail('timeout', `the sub-agent did not answer within ${options.timeoutMs} ms; it was stopped`, {
        timedOut: true,
      });
    case 'cancelled':
      return fail('cancelled', 'cancelled while the sub-agent was working');
    case 'threw':
      return fail('agent', `the sub-agent failed: ${describeThrown(settlement.error)}`, {}, settlement.error);
  }
  const outcome = settlement.value;
  const fields: Partial<HookExecutionResult> = {
    model: outcome.model,
    modelAnswer: outcome.finalText,
    modelTurns: outcome.turns,
  };
  if (outcome.status !== 'completed') return fail('agent', unfinishedReason(outcome, maxTurns), fields);
  const reading = parseJudgedAnswer(outcome.finalText);
  if (!reading.answer) {
    return fail(
      'invalid-output',
      `the sub-agent (${outcome.model}) did not end with {"ok": boolean, "reason"?: string}: ${reading.problem}`,
      fields,
    );
  }
  if (logger.isEnabled('debug')) {
    logger.debug(
      `Agent hook "${label}" for ${eventName}: ${outcome.model} answered after ${outcome.turns} turn(s): ${outcome.finalText.trim()}`,
    );
  }
  return {
    hookConfig,
    eventName,
    success: true,
    output: judgedHookOutput(reading.answer, eventName, label),
    duration: performance.now() - startedAt,
    ...fields,
  };
}

/** The hook's `maxTurns` when it is a positive integer, else {@link DEFAULT_AGENT_HOOK_MAX_TURNS}. */
export function agentMaxTurns(hookConfig: AgentHookConfig): number {
  const value = hookConfig.maxTurns;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : DEFAULT_AGENT_HOOK_MAX_TURNS;
}

/** The sub-agent's system instruction: the judge's, plus its tools and its budget. */
function subAgentInstruction(eventName: HookEventName, maxTurns: number): string {
  const tools = 'Look at the project with your tools, which only read; you cannot change anything.';
  const budget = `You have at most ${maxTurns} model turn${maxTurns === 1 ? '' : 's'}, tool calls included; end with your answer before they run out.`;
  const lastWord =
    eventName === HookEventName.AfterAgent
      ? 'Your final message must be only the JSON object: {"ok": true} when the agent may stop, {"ok": false, "reason": "..."} when it must go on.'
      : 'Your final message must be only the JSON object: {"ok": true} or {"ok": false, "reason": "..."}.';
  return `${judgeInstruction(eventName)}\n${tools}\n${budget}\n${lastWord}`;
}

function unfinishedReason(outcome: HookAgentOutcome, maxTurns: number): string {
  const detail = outcome.errorMessage ? `: ${outcome.errorMessage}` : '';
  switch (outcome.status) {
    case 'max_turns':
      return `the sub-agent (${outcome.model}) used its ${maxTurns} turn${maxTurns === 1 ? '' : 's'} without answering`;
    case 'aborted':
      return `the sub-agent (${outcome.model}) was aborted${detail}`;
    case 'stopped':
    case 'blocked':
      return `the sub-agent (${outcome.model}) was ${outcome.status} by a hook before it answered${detail}`;
    default:
      return `the sub-agent (${outcome.model}) failed${detail}`;
  }
}
