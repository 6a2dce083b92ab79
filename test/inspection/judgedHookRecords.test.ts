/**
 * Inspection records of judged hooks: each prompt or agent hook's `hookrail.hook`
 * record says which model answered, what it answered, how long it took and what the answer decided.
 */
import { describe, expect, it } from 'vitest';
import { Config } from '../../src/hooks/engine/config.js';
import { HookEventName } from '../../src/hooks/protocol/events.js';
import type { HookExecutionEvent } from '../../src/hooks/protocol/results.js';
import { toHookRecord } from '../../src/inspection/hookRecords.js';
import { recordingLogger } from '../../src/testing.js';
import { FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';

async function recordsOf(answer: string, hook: Record<string, unknown> = {}) {
  const { logger } = recordingLogger();
  const config = new Config({
    enableHooks: true,
    logger,
    hooks: {
      BeforeTool: [{ hooks: [{ type: 'prompt', prompt: 'Is this command safe? $ARGUMENTS', ...hook }] }],
    } as never,
    hookModel: new FakeContentGenerator([textTurn(answer)]),
  });
  const events: HookExecutionEvent[] = [];
  config.onHookExecuted((event) => events.push(event));
  const hookSystem = config.getHookSystem()!;
  await hookSystem.initialize();
  await hookSystem.getEventHandler().fireEventWithDetails(HookEventName.BeforeTool, {
    tool_name: 'run_shell_command',
    tool_input: { command: 'rm -rf build' },
  });
  return events.map((event) => toHookRecord(event));
}

describe('hook records of judged hooks', () => {
  it("a prompt hook's record names the model, its answer, the duration and the block it decided", async () => {
    const [record] = await recordsOf('{"ok": false, "reason": "deletes the build"}');
    expect(record).toMatchObject({
      type: 'hookrail.hook',
      hookType: 'prompt',
      hookName: 'prompt: Is this command safe? $ARGUMENTS',
      model: 'fake-model',
      modelAnswer: '{"ok": false, "reason": "deletes the build"}',
      decision: 'block',
      reason: 'deletes the build',
      success: true,
    });
    expect(record!.durationMs).toBeGreaterThanOrEqual(0);
    expect(record!.input).toMatchObject({ hook_event_name: 'BeforeTool', tool_input: { command: 'rm -rf build' } });
  });

  it('a garbage answer is recorded as an error with the answer and what was wrong with it', async () => {
    const [record] = await recordsOf('sure', { name: 'safety' });
    expect(record).toMatchObject({
      hookName: 'safety',
      model: 'fake-model',
      modelAnswer: 'sure',
      decision: 'error',
      success: false,
    });
    expect(record!.error).toMatch(/the answer is not JSON: "sure"/);
  });
});
