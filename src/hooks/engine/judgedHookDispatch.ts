/**
 * How the runner runs the hooks judged by a model: a prompt hook with the Config's hook
 * model, an agent hook with the Config's sub-agent runner bound to that Config, each with its own
 * default timeout (30 s and 60 s) when the hook sets none.
 */
import type { DebugLogger } from '../../debugLogger.js';
import { toError } from '../../errors.js';
import { runAgentHook } from '../actions/agentHook.js';
import { runPromptHook } from '../actions/promptHook.js';
import type { HookEventName } from '../protocol/events.js';
import type { AgentHookConfig, PromptHookConfig } from '../protocol/hookConfig.js';
import type { HookInput } from '../protocol/inputs.js';
import type { JudgedHookEvent } from '../protocol/judgedHooks.js';
import { judgedHookName } from '../actions/judgement.js';
import { isFailClosed } from '../protocol/failurePolicy.js';
import type { HookExecutionResult } from '../protocol/results.js';
import type { JudgedHookHost } from './engineHost.js';
import { openHookConversation } from '../dialects/conversation.js';
import { hookTimeoutMs } from '../dialects/hookTimeouts.js';

/** What {@link runJudgedHook} needs. */
export interface JudgedHookRunOptions {
  hookConfig: PromptHookConfig | AgentHookConfig;
  eventName: HookEventName;
  input: HookInput;
  signal?: AbortSignal;
  logger: DebugLogger;
  /** The Config whose hook this is: its hook model and sub-agent runner. Without one both fail, saying why. */
  config?: JudgedHookHost;
  /** AfterAgent of a sub-agent (a Claude hook is shown SubagentStop). */
  subagent?: boolean;
  /** A Claude Code event fired on its nearest hookrail event (a Claude hook is shown its name). */
  moment?: string;
  /** Tool events: the call's id (a Claude hook is shown `tool_use_id`). */
  toolUseId?: string;
}

/**
 * Runs a prompt or agent hook and tells `Config.onJudgedHook` how it went; never throws.
 * `$ARGUMENTS` is the input as the hook's dialect shows it (what a command hook of the same file reads
 * on stdin); the answer is `{ ok, reason }` in every dialect, so it is read natively.
 */
export async function runJudgedHook(options: JudgedHookRunOptions): Promise<HookExecutionResult> {
  const { hookConfig, eventName, input } = options;
  let stdin: string | undefined;
  try {
    const conversation = openHookConversation({
      hookConfig,
      eventName,
      input,
      toolUseId: options.toolUseId,
      subagent: options.subagent,
      moment: options.moment,
    });
    if (conversation.ready) await conversation.ready;
    stdin = conversation.stdin;
  } catch (error) {
    options.logger.debug(
      `${hookConfig.type} hook: its input in its dialect could not be built (${toError(error).message}); the native input is used`,
    );
  }
  const inputText = stdin !== undefined ? JSON.stringify(JSON.parse(stdin), null, 2) : undefined;
  const result = await runByType(options, inputText);
  options.config?.notifyJudgedHook(judgedHookEvent(result, input));
  return stdin !== undefined ? { ...result, stdin } : result;
}

function runByType(options: JudgedHookRunOptions, inputText: string | undefined): Promise<HookExecutionResult> {
  const { hookConfig, eventName, input, signal, logger, config } = options;
  const text = inputText !== undefined ? { inputText } : {};
  if (hookConfig.type === 'prompt') {
    const timeoutMs = hookTimeoutMs(hookConfig, eventName);
    return runPromptHook({
      hookConfig,
      eventName,
      input,
      ...text,
      timeoutMs,
      signal,
      logger,
      model: config?.getHookModel(),
    });
  }
  const timeoutMs = hookTimeoutMs(hookConfig, eventName);
  const session = { sessionId: input.session_id, transcriptPath: input.transcript_path };
  return runAgentHook({
    hookConfig,
    eventName,
    input,
    ...text,
    timeoutMs,
    signal,
    logger,
    runTask: config?.getHookAgentTaskRunner(session),
  });
}

/** What a host is told about one finished judged hook. */
export function judgedHookEvent(result: HookExecutionResult, input: HookInput): JudgedHookEvent {
  const hookConfig = result.hookConfig as PromptHookConfig | AgentHookConfig;
  const toolName = (input as { tool_name?: unknown }).tool_name;
  const verdict: JudgedHookEvent['verdict'] = !result.success
    ? 'failed'
    : result.output?.decision === 'block'
      ? 'block'
      : 'allow';
  // A failure's message names the hook and the policy already shown beside it; keep what went wrong.
  const reason = result.success
    ? result.output?.reason
    : result.error?.message.replace(/^Hook ".*?" for \w+ failed \([^)]*\): /s, '');
  return {
    eventName: result.eventName,
    hookType: hookConfig.type === 'agent' ? 'agent' : 'prompt',
    hookName: judgedHookName(hookConfig),
    ...(typeof toolName === 'string' ? { toolName } : {}),
    ...(result.model ? { model: result.model } : {}),
    verdict,
    ...(reason ? { reason } : {}),
    // The runner applies onFailure after this; a failure of a fail-closed hook will block.
    ...(!result.success && isFailClosed(result.hookConfig, result.eventName) && failureKind(result) !== 'cancelled'
      ? { failedClosed: true }
      : {}),
    durationMs: result.duration,
    ...(result.modelTurns !== undefined ? { turns: result.modelTurns } : {}),
  };
}

function failureKind(result: HookExecutionResult): unknown {
  return (result.error as { kind?: unknown } | undefined)?.kind;
}
