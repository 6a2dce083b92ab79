/**
 * What a host learns about judged hooks: `Config.onJudgedHook` gets each verdict with the
 * model's reason, the model and the duration (a listener that throws is logged and ignored), and a
 * sub-agent's Config keeps only the hooks that guard a sub-agent.
 */
import { describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { JudgedHookEvent } from '../../../src/hooks/protocol/judgedHooks.js';
import { recordsAt } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { FakeContentGenerator, textTurn } from '../../helpers/modelFakeGenerator.js';

async function fire(config: Config) {
  const hookSystem = config.getHookSystem()!;
  await hookSystem.initialize();
  return hookSystem.getEventHandler().fireEventWithDetails(HookEventName.BeforeTool, {
    tool_name: 'run_shell_command',
    tool_input: { command: 'rm -rf build' },
  });
}

describe('Config.onJudgedHook', () => {
  it("each judged hook reports its verdict, the model's reason, the model and the duration", async () => {
    const events: JudgedHookEvent[] = [];
    const config = new Config({
      enableHooks: true,
      hooks: {
        BeforeTool: [
          {
            sequential: true,
            hooks: [
              { type: 'prompt', name: 'first', prompt: 'Safe?' },
              { type: 'prompt', prompt: 'Still safe? $ARGUMENTS', onFailure: 'block' },
            ],
          },
        ],
      },
      hookModel: new FakeContentGenerator([textTurn('{"ok": true, "reason": "fine"}'), textTurn('garbage')]),
      onJudgedHook: (event) => events.push(event),
      logger: recordingLogger().logger,
    });
    await fire(config);
    expect(events).toMatchObject([
      {
        hookType: 'prompt',
        hookName: 'first',
        eventName: 'BeforeTool',
        toolName: 'run_shell_command',
        verdict: 'allow',
        reason: 'fine',
        model: 'fake-model',
      },
      {
        hookType: 'prompt',
        hookName: 'Still safe? $ARGUMENTS',
        verdict: 'failed',
        failedClosed: true,
        model: 'fake-model',
      },
    ]);
    expect(events[1]!.reason).toMatch(/^the hook model fake-model did not answer/);
    for (const event of events) expect(event.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("a listener that throws is logged and the hook's decision stands", async () => {
    const { logger, records } = recordingLogger();
    const config = new Config({
      enableHooks: true,
      hooks: { BeforeTool: [{ hooks: [{ type: 'prompt', name: 'safety', prompt: 'Safe?' }] }] },
      hookModel: new FakeContentGenerator([textTurn('{"ok": false, "reason": "no"}')]),
      onJudgedHook: () => {
        throw new Error('listener broke');
      },
      logger,
    });
    const details = await fire(config);
    expect(details.aggregated.finalOutput?.isBlockingDecision()).toBe(true);
    expect(recordsAt(records, 'warn').map((record) => record.message)).toContain(
      'Config onJudgedHook threw on prompt hook "safety"; ignored: listener broke',
    );
  });
});

describe('createSubagentConfig', () => {
  it('the same session, project and hook model, marked as a sub-agent, with no runner of its own and only tool and stop hooks', async () => {
    const hookModel = new FakeContentGenerator([]);
    const parent = new Config({
      enableHooks: true,
      sessionId: 'parent-session',
      workingDir: '/project',
      hookModel,
      hookAgentRunner: async () => ({ status: 'error', finalText: '', turns: 0, model: 'x' }),
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: 'true' }] }],
        BeforeAgent: [{ hooks: [{ type: 'command', command: 'true' }] }],
        BeforeModel: [{ hooks: [{ type: 'command', command: 'true' }] }],
        BeforeTool: [
          {
            hooks: [
              { type: 'command', command: 'guard' },
              { type: 'prompt', prompt: 'judge?' },
            ],
          },
        ],
        AfterTool: [{ hooks: [{ type: 'command', command: 'audit' }] }],
        AfterAgent: [
          {
            hooks: [
              { type: 'command', command: 'stop-check' },
              { type: 'agent', prompt: 'done?' },
            ],
          },
        ],
      },
      logger: recordingLogger().logger,
    });
    const child = parent.createSubagentConfig();
    expect(child.isSubagent()).toBe(true);
    expect(parent.isSubagent()).toBe(false);
    expect(child.getSessionId()).toBe('parent-session');
    expect(child.getWorkingDir()).toBe('/project');
    expect(child.getHookModel()).toBe(hookModel);
    expect(child.getHookAgentRunner()).toBeUndefined();
    const hookSystem = child.getHookSystem()!;
    await hookSystem.initialize();
    const kept = hookSystem
      .getRegistry()
      .getAllHooks()
      .map((entry) => `${entry.eventName}:${entry.config.command ?? entry.config.type}`);
    expect(kept).toEqual(['BeforeTool:guard', 'AfterTool:audit', 'AfterAgent:stop-check']);
  });
});
