/**
 * Agent hooks run through the host's sub-agent runner: what task the runner is given (the prompt
 * with the input in it, the instruction, the turn budget, the model, the hook's name, a signal),
 * how its final answer becomes the hook's decision, and how every way it can go wrong — no
 * runner, a throw, a timeout, a cancellation, an unfinished run, an answer that is not
 * `{ ok, reason }` — is a failed result naming what happened, never an exception.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { HookExecutionError } from '../../../src/errors.js';
import { agentMaxTurns, runAgentHook } from '../../../src/hooks/actions/agentHook.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { AgentHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import type { HookInput } from '../../../src/hooks/protocol/inputs.js';
import {
  DEFAULT_AGENT_HOOK_MAX_TURNS,
  type HookAgentOutcome,
  type HookAgentTask,
} from '../../../src/hooks/protocol/judgedHooks.js';
import { recordingLogger } from '../../../src/testing.js';
import { beforeToolInput } from '../../helpers/hookFixtures.js';

const input = beforeToolInput({ command: 'rm -rf build' });

function agentHook(extra: Partial<AgentHookConfig> = {}): AgentHookConfig {
  return { type: 'agent', prompt: 'Are the tests green? $ARGUMENTS', ...extra };
}

function completed(finalText: string, extra: Partial<HookAgentOutcome> = {}): HookAgentOutcome {
  return { status: 'completed', finalText, turns: 2, model: 'sub-model', ...extra };
}

/** A runner that records each task and answers with `outcome`. */
function recordingRunner(outcome: HookAgentOutcome) {
  const tasks: HookAgentTask[] = [];
  return {
    tasks,
    runTask: async (task: HookAgentTask) => {
      tasks.push(task);
      return outcome;
    },
  };
}

async function run(
  runTask: ((task: HookAgentTask) => Promise<HookAgentOutcome>) | undefined,
  options: {
    hookConfig?: AgentHookConfig;
    eventName?: HookEventName;
    timeoutMs?: number;
    signal?: AbortSignal;
    inputText?: string;
  } = {},
) {
  const { logger, records } = recordingLogger();
  const result = await runAgentHook({
    hookConfig: options.hookConfig ?? agentHook(),
    eventName: options.eventName ?? HookEventName.BeforeTool,
    input,
    inputText: options.inputText,
    timeoutMs: options.timeoutMs ?? 5_000,
    signal: options.signal,
    logger,
    runTask,
  });
  const error = result.error as HookExecutionError | undefined;
  return { result, error, records };
}

describe('the task an agent hook gives the sub-agent runner', () => {
  it('the prompt with the input JSON for $ARGUMENTS, the hook name, the default budget and no model of its own', async () => {
    const { tasks, runTask } = recordingRunner(completed('{"ok": true}'));
    await run(runTask);
    expect(tasks).toHaveLength(1);
    const task = tasks[0]!;
    expect(task.prompt).toBe(`Are the tests green? ${JSON.stringify(input, null, 2)}`);
    expect(task.maxTurns).toBe(DEFAULT_AGENT_HOOK_MAX_TURNS);
    expect(DEFAULT_AGENT_HOOK_MAX_TURNS).toBe(50);
    expect(task.hookName).toBe('Are the tests green? $ARGUMENTS');
    expect('model' in task).toBe(false);
    expect(task.signal.aborted).toBe(false);
  });

  it("the input as the hook's dialect shows it, the hook's model and name, and its own turn budget", async () => {
    const { tasks, runTask } = recordingRunner(completed('{"ok": true}'));
    await run(runTask, {
      hookConfig: agentHook({ name: '  tests-green  ', model: 'judge-model', maxTurns: 3 }),
      inputText: '{"tool_name":"Bash"}',
    });
    const task = tasks[0]!;
    expect(task.prompt).toBe('Are the tests green? {"tool_name":"Bash"}');
    expect(task.model).toBe('judge-model');
    expect(task.hookName).toBe('tests-green');
    expect(task.maxTurns).toBe(3);
  });

  it('the instruction: the judge on this event, read-only tools, the budget, and the final JSON (BeforeTool)', async () => {
    const { tasks, runTask } = recordingRunner(completed('{"ok": true}'));
    await run(runTask, { hookConfig: agentHook({ maxTurns: 3 }) });
    const lines = tasks[0]!.systemInstruction.split('\n');
    expect(lines).toContain(
      'The agent is about to go on (BeforeTool). Answer ok: true when it may; ok: false, with the reason, to block it (the reason is shown to the agent).',
    );
    expect(lines).toContain('Look at the project with your tools, which only read; you cannot change anything.');
    expect(lines).toContain(
      'You have at most 3 model turns, tool calls included; end with your answer before they run out.',
    );
    expect(lines.at(-1)).toBe(
      'Your final message must be only the JSON object: {"ok": true} or {"ok": false, "reason": "..."}.',
    );
  });

  it('the instruction at AfterAgent says when the agent may stop; one turn is "1 model turn"', async () => {
    const { tasks, runTask } = recordingRunner(completed('{"ok": true}'));
    await run(runTask, { hookConfig: agentHook({ maxTurns: 1 }), eventName: HookEventName.AfterAgent });
    const lines = tasks[0]!.systemInstruction.split('\n');
    expect(lines).toContain(
      'You have at most 1 model turn, tool calls included; end with your answer before they run out.',
    );
    expect(lines.at(-1)).toBe(
      'Your final message must be only the JSON object: {"ok": true} when the agent may stop, {"ok": false, "reason": "..."} when it must go on.',
    );
  });

  it('maxTurns that is not a positive integer falls back to the default', () => {
    for (const maxTurns of [0, -2, 1.5, Number.NaN, '3' as unknown as number, undefined]) {
      expect(agentMaxTurns(agentHook({ maxTurns })), String(maxTurns)).toBe(DEFAULT_AGENT_HOOK_MAX_TURNS);
    }
    expect(agentMaxTurns(agentHook({ maxTurns: 1 }))).toBe(1);
    expect(agentMaxTurns(agentHook({ maxTurns: 7 }))).toBe(7);
  });
});

describe("an agent hook's answer decides", () => {
  it("ok false blocks with the sub-agent's reason; the result names the model, its answer and its turns", async () => {
    const { runTask } = recordingRunner(completed(' {"ok": false, "reason": "2 tests fail"}\n', { turns: 4 }));
    const before = performance.now();
    const { result, records } = await run(runTask);
    expect(result.duration).toBeGreaterThanOrEqual(0);
    expect(result.duration).toBeLessThanOrEqual(performance.now() - before);
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ decision: 'block', reason: '2 tests fail' });
    expect(result.model).toBe('sub-model');
    expect(result.modelAnswer).toBe(' {"ok": false, "reason": "2 tests fail"}\n');
    expect(result.modelTurns).toBe(4);
    expect(records.filter((record) => record.level === 'warn')).toEqual([]);
    expect(records.map((record) => record.message)).toContain(
      'Agent hook "agent hook "Are the tests green? $ARGUMENTS"" for BeforeTool: sub-model answered after 4 turn(s): {"ok": false, "reason": "2 tests fail"}',
    );
  });

  it('ok true allows; ok false without a reason at AfterAgent tells the agent to go on', async () => {
    const allowed = await run(recordingRunner(completed('{"ok": true}')).runTask);
    expect(allowed.result.output).toEqual({ decision: 'allow' });
    const goOn = await run(recordingRunner(completed('{"ok": false}')).runTask, {
      eventName: HookEventName.AfterAgent,
      hookConfig: agentHook({ name: 'done-check' }),
    });
    expect(goOn.result.output).toEqual({
      decision: 'block',
      reason: 'The agent hook "done-check" judged that the work is not finished; go on.',
    });
  });

  it('no debug line is written when the logger is above debug', async () => {
    const { logger, records } = recordingLogger({ level: 'info' });
    const result = await runAgentHook({
      hookConfig: agentHook(),
      eventName: HookEventName.BeforeTool,
      input,
      timeoutMs: 5_000,
      logger,
      runTask: recordingRunner(completed('{"ok": true}')).runTask,
    });
    expect(result.output).toEqual({ decision: 'allow' });
    expect(records).toEqual([]);
  });
});

describe('an agent hook that cannot answer fails, naming why', () => {
  it('without a runner: invalid-config, saying how to give one', async () => {
    const { result, error, records } = await run(undefined);
    expect(result.success).toBe(false);
    expect(error?.kind).toBe('invalid-config');
    expect(error?.message).toContain(
      'no sub-agent runner: give Config a hookAgentRunner (createHookAgentRunner()), or run it with the hookrail CLI',
    );
    expect(records.map((record) => record.level)).toEqual(['warn']);
  });

  it('cancelled before it starts: the runner is never called, and the cancellation is logged as info', async () => {
    const { tasks, runTask } = recordingRunner(completed('{"ok": true}'));
    const { result, error, records } = await run(runTask, { signal: AbortSignal.abort() });
    expect(tasks).toEqual([]);
    expect(result.success).toBe(false);
    expect(error?.kind).toBe('cancelled');
    expect(error?.message).toContain('cancelled before the sub-agent started');
    expect(records.map((record) => record.level)).toEqual(['info']);
  });

  it('past the timeout: timed out, and the signal the runner got is aborted', async () => {
    let seen: AbortSignal | undefined;
    const { result, error } = await run(
      (task) => {
        seen = task.signal;
        return new Promise(() => {});
      },
      { timeoutMs: 50 },
    );
    expect(result.success).toBe(false);
    expect(result.timedOut).toBe(true);
    expect(error?.kind).toBe('timeout');
    expect(error?.message).toContain('the sub-agent did not answer within 50 ms; it was stopped');
    expect(seen?.aborted).toBe(true);
  });

  it("cancelled while the sub-agent works: cancelled, and the runner's signal is aborted", async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const pending = run(
      (task) => {
        seen = task.signal;
        setTimeout(() => controller.abort(), 10);
        return new Promise(() => {});
      },
      { signal: controller.signal },
    );
    const { result, error } = await pending;
    expect(result.success).toBe(false);
    expect(result.timedOut).toBeUndefined();
    expect(error?.kind).toBe('cancelled');
    expect(error?.message).toContain('cancelled while the sub-agent was working');
    expect(seen?.aborted).toBe(true);
  });

  it('a runner that throws: agent, with its message', async () => {
    const { result, error } = await run(async () => {
      throw new TypeError('no model configured');
    });
    expect(result.success).toBe(false);
    expect(error?.kind).toBe('agent');
    expect(error?.message).toContain('the sub-agent failed: TypeError: no model configured');
  });

  it('a run that did not complete names its status, and keeps the model, the last text and the turns', async () => {
    const cases: Array<[HookAgentOutcome, number | undefined, string]> = [
      [
        { status: 'max_turns', finalText: 'still looking', turns: 3, model: 'm' },
        3,
        'the sub-agent (m) used its 3 turns without answering',
      ],
      [
        { status: 'max_turns', finalText: '', turns: 1, model: 'm' },
        1,
        'the sub-agent (m) used its 1 turn without answering',
      ],
      [
        { status: 'aborted', finalText: '', turns: 1, model: 'm', errorMessage: 'host shut down' },
        undefined,
        'the sub-agent (m) was aborted: host shut down',
      ],
      [{ status: 'aborted', finalText: '', turns: 1, model: 'm' }, undefined, 'the sub-agent (m) was aborted'],
      [
        { status: 'stopped', finalText: '', turns: 1, model: 'm', errorMessage: 'Stop hook' },
        undefined,
        'the sub-agent (m) was stopped by a hook before it answered: Stop hook',
      ],
      [
        { status: 'blocked', finalText: '', turns: 1, model: 'm' },
        undefined,
        'the sub-agent (m) was blocked by a hook before it answered',
      ],
      [
        { status: 'error', finalText: '', turns: 1, model: 'm', errorMessage: '500 from the API' },
        undefined,
        'the sub-agent (m) failed: 500 from the API',
      ],
      [{ status: 'error', finalText: '', turns: 1, model: 'm' }, undefined, 'the sub-agent (m) failed'],
    ];
    for (const [outcome, maxTurns, reason] of cases) {
      const { result, error } = await run(recordingRunner(outcome).runTask, {
        hookConfig: agentHook(maxTurns === undefined ? {} : { maxTurns }),
      });
      expect(result.success, reason).toBe(false);
      expect(error?.kind, reason).toBe('agent');
      expect(error?.message.endsWith(`: ${reason}`), error?.message).toBe(true);
      expect(result.model).toBe('m');
      expect(result.modelAnswer).toBe(outcome.finalText);
      expect(result.modelTurns).toBe(outcome.turns);
    }
  });

  it('a final answer that is not { ok, reason }: invalid-output naming the model and the problem', async () => {
    const { result, error } = await run(recordingRunner(completed('All tests pass.')).runTask);
    expect(result.success).toBe(false);
    expect(error?.kind).toBe('invalid-output');
    expect(error?.message).toContain(
      'the sub-agent (sub-model) did not end with {"ok": boolean, "reason"?: string}: the answer is not JSON: "All tests pass."',
    );
    expect(result.modelAnswer).toBe('All tests pass.');
    expect(result.modelTurns).toBe(2);
  });

  it('an input that cannot be serialised: invalid-input, and the runner is never called', async () => {
    const { tasks, runTask } = recordingRunner(completed('{"ok": true}'));
    const circular: Record<string, unknown> = { ...input };
    circular['self'] = circular;
    const { logger } = recordingLogger();
    const result = await runAgentHook({
      hookConfig: agentHook(),
      eventName: HookEventName.BeforeTool,
      input: circular as unknown as HookInput,
      timeoutMs: 5_000,
      logger,
      runTask,
    });
    expect(tasks).toEqual([]);
    expect((result.error as HookExecutionError).kind).toBe('invalid-input');
    expect(result.error?.message).toContain('its input could not be serialised');
  });
});
