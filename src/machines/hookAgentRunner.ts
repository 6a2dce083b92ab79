/**
 * The sub-agent behind agent hooks: a nested session machine
 * (`createAgentSession`) with read-only built-in tools, the hook model, and the Config of a sub-agent
 * — the parent's tool guards (BeforeTool, AfterTool) and its AfterAgent hooks, which fire as
 * SubagentStop, but none of its prompt or agent hooks, so a judged hook never judges its own judge.
 * Hosts give `createHookAgentRunner()` to `Config.hookAgentRunner`; the CLI does it for every run.
 */
import { randomUUID } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { defaultTranscriptPath } from '../adapters/transcript.js';
import { createReadOnlyTools } from '../adapters/tools/index.js';
import type { ContentGenerator } from '../contentGenerator.js';
import { toError } from '../errors.js';
import type { HookAgentRunner, HookAgentRunRequest } from '../hooks/engine/config.js';
import type { HookAgentOutcome } from '../hooks/protocol/judgedHooks.js';
import { fireSubagentStartHook } from '../hooks/triggers/lifecycleHookTriggers.js';
import type { InspectOption } from '../inspection/recorder.js';
import type { Tool } from '../tool.js';
import { createAgentSession } from './session.js';
import type { AgentEvent, AgentRunResult } from './types.js';

/** The `agent_type` Claude Code hooks are told for an agent hook's sub-agent (SubagentStart, SubagentStop, its tool events). */
export const HOOK_AGENT_TYPE = 'agent-hook';

/** Options of {@link createHookAgentRunner}; every field is optional. */
export interface HookAgentRunnerOptions {
  /** The model the sub-agent talks to; default: the Config's `hookModel`. */
  generator?: ContentGenerator;
  /** The sub-agent's tools for a working directory; default: read_file, list_directory, glob and search_file_content confined to it. */
  tools?: (workingDir: string) => Tool[];
  /** Records the sub-session's machines too (the run's inspection file, say). */
  inspect?: InspectOption;
  /** Progress of each sub-agent, tagged with the hook's name (the CLI shows its tool calls). */
  onEvent?: (event: AgentEvent, hookName: string) => void;
}

/**
 * A runner for `Config.hookAgentRunner`. Each task is one session: SubagentStart (the
 * parent's Claude hooks, with `agent_id` and `agent_type`), SessionStart, the prompt (at most
 * `maxTurns` model calls), AfterAgent as SubagentStop (with the same `agent_id`), SessionEnd; its transcript sits
 * beside the parent's (`<parent>.agent-<id>.jsonl`). Never rejects: a failure is an outcome.
 */
export function createHookAgentRunner(options: HookAgentRunnerOptions = {}): HookAgentRunner {
  return async (request: HookAgentRunRequest): Promise<HookAgentOutcome> => {
    const { config, task } = request;
    const generator = options.generator ?? config.getHookModel();
    const model = task.model ?? generator?.name ?? '(no model)';
    if (!generator) {
      return {
        status: 'error',
        finalText: '',
        turns: 0,
        model,
        errorMessage: 'no hook model: give Config a hookModel or the runner a generator',
      };
    }
    const identity = { agentId: randomUUID().replace(/-/g, '').slice(0, 16), agentType: HOOK_AGENT_TYPE };
    const subagentConfig = config.createSubagentConfig(identity);
    const workingDir = config.getWorkingDir();
    // The sub-agent belongs to the session whose hook it runs for: that session's id, its transcript beside that session's.
    const session = request.session ?? { sessionId: config.getSessionId(), transcriptPath: config.getTranscriptPath() };
    let result: AgentRunResult;
    try {
      // Claude Code's SubagentStart (the parent's hooks), paired with the SubagentStop the sub-agent fires; its context is for the sub-agent.
      const start = await fireSubagentStartHook(config, identity, { signal: task.signal, session });
      const prompt = start.additionalContext ? `${task.prompt}\n\n${start.additionalContext}` : task.prompt;
      const subagent = createAgentSession({
        config: subagentConfig,
        sessionId: session.sessionId,
        generator,
        tools: options.tools ? options.tools(workingDir) : createReadOnlyTools({ workingDir }),
        model,
        systemInstruction: task.systemInstruction,
        maxTurns: task.maxTurns,
        transcript: { path: subagentTranscriptPath(session.transcriptPath, session.sessionId) },
        ...(options.inspect ? { inspect: options.inspect } : {}),
        ...(options.onEvent ? { onEvent: (event: AgentEvent) => options.onEvent?.(event, task.hookName) } : {}),
      });
      try {
        result = await subagent.prompt(prompt, { signal: task.signal });
      } finally {
        await subagent.end('other');
      }
    } catch (error) {
      return { status: 'error', finalText: '', turns: 0, model, errorMessage: toError(error).message };
    }
    return {
      status: outcomeStatus(result),
      finalText: result.finalText,
      turns: result.turns,
      toolCalls: result.toolCalls.map((call) => call.name),
      model,
      ...(result.errorMessage
        ? { errorMessage: result.errorMessage }
        : result.stopReason
          ? { errorMessage: result.stopReason }
          : result.blockReason
            ? { errorMessage: result.blockReason }
            : {}),
    };
  };
}

/** An AfterAgent (SubagentStop) hook that kept the sub-agent going past its bound still leaves a last answer to read. */
function outcomeStatus(result: AgentRunResult): HookAgentOutcome['status'] {
  return result.status === 'continuation_limit' ? 'completed' : result.status;
}

/** Beside the parent's transcript when it has one, else in the default transcript directory. */
function subagentTranscriptPath(parentTranscript: string, sessionId: string): string {
  const id = randomUUID().slice(0, 8);
  if (parentTranscript === '') return defaultTranscriptPath(`${sessionId}.agent-${id}`);
  return join(dirname(parentTranscript), `${basename(parentTranscript, '.jsonl')}.agent-${id}.jsonl`);
}
