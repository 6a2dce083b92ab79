/**
 * The spec constants of judged hooks: a prompt hook waits 30 s for its model and an agent
 * hook 60 s for its sub-agent when the hook sets no `timeout`, a hook's `timeout` replaces that, and
 * a sub-agent gets 50 model turns unless the hook sets `maxTurns`. The deadlines are observed on a
 * fake clock (only `setTimeout`/`clearTimeout` are faked): the hook must still be waiting 1 ms before
 * its deadline and must have failed with a timeout at it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HookExecutionError } from '../../../src/errors.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { AgentHookConfig, PromptHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import {
  DEFAULT_AGENT_HOOK_MAX_TURNS,
  DEFAULT_AGENT_HOOK_TIMEOUT_MS,
  DEFAULT_PROMPT_HOOK_TIMEOUT_MS,
  type HookAgentOutcome,
  type HookAgentTask,
} from '../../../src/hooks/protocol/judgedHooks.js';
import type { HookExecutionResult } from '../../../src/hooks/protocol/results.js';
import { recordingLogger } from '../../../src/testing.js';
import { FakeContentGenerator } from '../../helpers/modelFakeGenerator.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A hook model whose answer never comes (until its stream is aborted); `opened` resolves when it is asked. */
function hangingModel() {
  let markOpened!: () => void;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const model = new FakeContentGenerator([{ chunks: [], hang: true }], { onOpen: () => markOpened() });
  return { model, opened };
}

/** A sub-agent runner whose sub-agent never answers (until its signal aborts); `started` resolves with its task. */
function hangingAgentRunner() {
  let markStarted!: (task: HookAgentTask) => void;
  const started = new Promise<HookAgentTask>((resolve) => (markStarted = resolve));
  const runner = ({ task }: { task: HookAgentTask }): Promise<HookAgentOutcome> => {
    markStarted(task);
    return new Promise((resolve) =>
      task.signal.addEventListener(
        'abort',
        () => resolve({ status: 'aborted', finalText: '', turns: 0, model: 'sub-agent' }),
        { once: true },
      ),
    );
  };
  return { runner, started };
}

/** Fires BeforeTool for the one hook; `settled` tells whether the fire has ended. */
async function fireWith(config: Config) {
  const hookSystem = config.getHookSystem()!;
  await hookSystem.initialize();
  const state = { settled: false };
  const fired = hookSystem
    .getEventHandler()
    .fireEventWithDetails(HookEventName.BeforeTool, { tool_name: 'run_shell_command', tool_input: { command: 'ls' } })
    .finally(() => (state.settled = true));
  return { fired, state };
}

/**
 * Advances the fake clock to 1 ms before `deadlineMs` (the fire must still be waiting), then to the
 * deadline (it must have ended); returns the one result.
 */
async function expectDeadline(
  fire: Awaited<ReturnType<typeof fireWith>>,
  deadlineMs: number,
): Promise<HookExecutionResult> {
  await vi.advanceTimersByTimeAsync(deadlineMs - 1);
  expect(fire.state.settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  // Bounded: a few turns of the (real) event loop, so a deadline that did not fire fails here, not at the test timeout.
  for (let turn = 0; turn < 50 && !fire.state.settled; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  expect(fire.state.settled).toBe(true);
  const [result] = (await fire.fired).results;
  expect(result).toMatchObject({ success: false, timedOut: true });
  expect((result!.error as HookExecutionError).kind).toBe('timeout');
  return result!;
}

function promptConfig(hook: Partial<PromptHookConfig>) {
  const { model, opened } = hangingModel();
  const config = new Config({
    enableHooks: true,
    hooks: { BeforeTool: [{ hooks: [{ type: 'prompt', prompt: 'Safe? $ARGUMENTS', ...hook }] }] },
    hookModel: model,
    logger: recordingLogger().logger,
  });
  return { config, opened, model };
}

function agentConfig(hook: Partial<AgentHookConfig>) {
  const { runner, started } = hangingAgentRunner();
  const config = new Config({
    enableHooks: true,
    hooks: { BeforeTool: [{ hooks: [{ type: 'agent', prompt: 'Safe? $ARGUMENTS', ...hook }] }] },
    hookAgentRunner: runner,
    logger: recordingLogger().logger,
  });
  return { config, started };
}

describe('judged hooks: default timeouts and turns', () => {
  it('the spec constants are 30 s (prompt), 60 s (agent) and 50 turns', () => {
    expect(DEFAULT_PROMPT_HOOK_TIMEOUT_MS).toBe(30_000);
    expect(DEFAULT_AGENT_HOOK_TIMEOUT_MS).toBe(60_000);
    expect(DEFAULT_AGENT_HOOK_MAX_TURNS).toBe(50);
  });

  it('a prompt hook without timeout waits DEFAULT_PROMPT_HOOK_TIMEOUT_MS for its model, then fails with a timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { config, opened, model } = promptConfig({});
    const fire = await fireWith(config);
    await opened;
    const result = await expectDeadline(fire, DEFAULT_PROMPT_HOOK_TIMEOUT_MS);
    expect(result.error!.message).toContain(`did not answer within ${DEFAULT_PROMPT_HOOK_TIMEOUT_MS} ms`);
    vi.useRealTimers();
    await expect.poll(() => model.abortedStreams, { timeout: 2_000 }).toBe(1);
  });

  it("a prompt hook's timeout overrides the default, longer or shorter", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const longer = promptConfig({ timeout: 45_000 });
    const longerFire = await fireWith(longer.config);
    await longer.opened;
    expect((await expectDeadline(longerFire, 45_000)).error!.message).toContain('did not answer within 45000 ms');

    const shorter = promptConfig({ timeout: 1_500 });
    const shorterFire = await fireWith(shorter.config);
    await shorter.opened;
    expect((await expectDeadline(shorterFire, 1_500)).error!.message).toContain('did not answer within 1500 ms');
  });

  it('an agent hook without timeout or maxTurns gives its sub-agent DEFAULT_AGENT_HOOK_TIMEOUT_MS and DEFAULT_AGENT_HOOK_MAX_TURNS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { config, started } = agentConfig({});
    const fire = await fireWith(config);
    const task = await started;
    expect(task.maxTurns).toBe(DEFAULT_AGENT_HOOK_MAX_TURNS);
    expect(task.systemInstruction).toContain(`at most ${DEFAULT_AGENT_HOOK_MAX_TURNS} model turns`);
    expect(task.signal.aborted).toBe(false);
    const result = await expectDeadline(fire, DEFAULT_AGENT_HOOK_TIMEOUT_MS);
    expect(result.error!.message).toContain(
      `did not answer within ${DEFAULT_AGENT_HOOK_TIMEOUT_MS} ms; it was stopped`,
    );
    expect(task.signal.aborted).toBe(true);
  });

  it("an agent hook's timeout and maxTurns override the defaults", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const longer = agentConfig({ timeout: 90_000, maxTurns: 4 });
    const longerFire = await fireWith(longer.config);
    expect((await longer.started).maxTurns).toBe(4);
    expect((await expectDeadline(longerFire, 90_000)).error!.message).toContain('did not answer within 90000 ms');

    const shorter = agentConfig({ timeout: 2_000 });
    const shorterFire = await fireWith(shorter.config);
    await shorter.started;
    expect((await expectDeadline(shorterFire, 2_000)).error!.message).toContain('did not answer within 2000 ms');
  });
});
