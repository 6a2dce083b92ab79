/**
 * The lifecycle triggers with real hook processes: each fires its event with the right input, turns
 * the aggregated output into what the session applies, and never throws (HOOK-110, HOOK-111).
 */
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  Config,
  fireAfterAgentHook,
  fireBeforeAgentHook,
  fireNotificationHook,
  firePreCompressHook,
  fireSessionEndHook,
  fireSessionStartHook,
  HookSystem,
} from '../../../src/index.js';
import { fixtureCommand } from '../../helpers/hookFixtures.js';
import { commandGroup, hookConfig, Scratch } from '../../helpers/systemFixtures.js';
import { waitFor } from '../../helpers/waiting.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

describe('fireSessionStartHook', () => {
  it('HOOK-203: SessionStart fires with its source and transcript_path; additionalContext and systemMessage come back', async () => {
    const capture = scratch.file('start.log');
    const command = scratch.respond({
      capture,
      stdout: {
        systemMessage: 'welcome back',
        hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'branch: main' },
      },
    });
    const { config } = hookConfig({ SessionStart: [commandGroup(command)] }, { transcriptPath: '/tmp/t.jsonl' });
    const result = await fireSessionStartHook(config, 'resume');
    expect(result).toEqual({ additionalContext: 'branch: main', systemMessage: 'welcome back' });
    expect(readJsonLines(capture)).toEqual([
      expect.objectContaining({
        hook_event_name: 'SessionStart',
        source: 'resume',
        transcript_path: '/tmp/t.jsonl',
        session_id: 'session-test',
      }),
    ]);
  });

  it('is advisory: continue:false and a block are ignored at startup', async () => {
    const command = scratch.respond({ stdout: { continue: false, decision: 'block', reason: 'no' } });
    const { config } = hookConfig({ SessionStart: [commandGroup(command)] });
    expect(await fireSessionStartHook(config, 'startup')).toEqual({});
  });
});

describe('fireBeforeAgentHook', () => {
  it('HOOK-203: a block refuses the prompt with its reason', async () => {
    const capture = scratch.file('before-agent.log');
    const command = scratch.respond({ capture, stdout: { decision: 'block', reason: 'no secrets in prompts' } });
    const { config } = hookConfig({ BeforeAgent: [commandGroup(command)] });
    expect(await fireBeforeAgentHook(config, 'my password is hunter2')).toEqual({
      blocked: true,
      reason: 'no secrets in prompts',
    });
    expect(readJsonLines(capture)[0]).toMatchObject({
      hook_event_name: 'BeforeAgent',
      prompt: 'my password is hunter2',
    });
  });

  it('exit code 2 blocks the prompt with stderr as the reason', async () => {
    const { config } = hookConfig({
      BeforeAgent: [commandGroup(fixtureCommand('exit-2-stderr.sh', 'prompt rejected'))],
    });
    expect(await fireBeforeAgentHook(config, 'hi')).toEqual({ blocked: true, reason: 'prompt rejected' });
  });

  it('continue:false asks to end the session and wins over a block', async () => {
    const command = scratch.respond({
      stdout: { continue: false, stopReason: 'session closed', decision: 'block', reason: 'x' },
    });
    const { config } = hookConfig({ BeforeAgent: [commandGroup(command)] });
    expect(await fireBeforeAgentHook(config, 'hi')).toEqual({
      blocked: false,
      stopped: true,
      stopReason: 'session closed',
    });
  });

  it('HOOK-211: sequential hooks chain additionalContext into the next prompt; the contexts come back joined', async () => {
    const second = scratch.file('second.log');
    const { config } = hookConfig({
      BeforeAgent: [
        {
          sequential: true,
          hooks: [
            { type: 'command', command: fixtureCommand('add-context.js', 'git status: clean') },
            {
              type: 'command',
              command: scratch.respond({
                capture: second,
                stdout: { hookSpecificOutput: { additionalContext: 'branch: main' } },
              }),
            },
          ],
        },
      ],
    });
    const result = await fireBeforeAgentHook(config, 'fix the test');
    expect(result).toEqual({ blocked: false, additionalContext: 'git status: clean\nbranch: main' });
    expect(readJsonLines(second)[0]?.['prompt']).toBe('fix the test\n\ngit status: clean');
  });

  it('HOOK-110: a crashing hook changes nothing: the prompt goes ahead', async () => {
    const { config } = hookConfig({ BeforeAgent: [commandGroup(fixtureCommand('crash.sh'))] });
    expect(await fireBeforeAgentHook(config, 'hi')).toMatchObject({ blocked: false });
  });
});

describe('fireAfterAgentHook', () => {
  it('HOOK-203: decision block + reason asks the agent to go on; the input carries prompt_response and stop_hook_active', async () => {
    const capture = scratch.file('after-agent.log');
    const command = scratch.respond({ capture, stdout: { decision: 'block', reason: 'run the tests first' } });
    const { config } = hookConfig({ AfterAgent: [commandGroup(command)] });
    const result = await fireAfterAgentHook(config, {
      prompt: 'fix it',
      promptResponse: 'Fixed.',
      stopHookActive: true,
    });
    expect(result).toEqual({ continueRequested: true, reason: 'run the tests first' });
    expect(readJsonLines(capture)[0]).toMatchObject({
      hook_event_name: 'AfterAgent',
      prompt: 'fix it',
      prompt_response: 'Fixed.',
      stop_hook_active: true,
    });
  });

  it('exit code 2 asks the agent to go on with stderr as the reason (Gemini CLI: retry; Claude Code: Stop blocked)', async () => {
    const { config } = hookConfig({
      AfterAgent: [commandGroup(fixtureCommand('exit-2-stderr.sh', 'the tests still fail'))],
    });
    expect(await fireAfterAgentHook(config, { prompt: 'p', promptResponse: 'r', stopHookActive: false })).toEqual({
      continueRequested: true,
      reason: 'the tests still fail',
    });
  });

  it('continue:false wins over a block; no hook lets the agent stop', async () => {
    const stop = scratch.respond({
      stdout: { continue: false, stopReason: 'done for today', decision: 'block', reason: 'more' },
    });
    expect(
      await fireAfterAgentHook(hookConfig({ AfterAgent: [commandGroup(stop)] }).config, {
        prompt: 'p',
        promptResponse: 'r',
        stopHookActive: false,
      }),
    ).toEqual({
      continueRequested: false,
      stopped: true,
      stopReason: 'done for today',
    });
    expect(await fireAfterAgentHook(new Config(), { prompt: 'p', promptResponse: 'r', stopHookActive: false })).toEqual(
      { continueRequested: false },
    );
  });
});

describe('advisory lifecycle triggers', () => {
  it('HOOK-203 and beyond: PreCompress, Notification and SessionEnd fire with their fields; a PreCompress block keeps the history, the others give only their systemMessage', async () => {
    const captures = {
      PreCompress: scratch.file('pre.log'),
      Notification: scratch.file('note.log'),
      SessionEnd: scratch.file('end.log'),
    };
    const hooks = Object.fromEntries(
      Object.entries(captures).map(([event, capture]) => [
        event,
        [commandGroup(scratch.respond({ capture, stdout: { systemMessage: `${event} seen`, decision: 'block' } }))],
      ]),
    );
    const { config } = hookConfig(hooks);
    expect(await firePreCompressHook(config, 'manual')).toEqual({
      blocked: true,
      reason: 'No reason provided',
      systemMessage: 'PreCompress seen',
    });
    expect(
      await fireNotificationHook(config, {
        notificationType: 'ToolPermission',
        message: 'approve?',
        details: { tool: 'x' },
      }),
    ).toEqual({
      systemMessage: 'Notification seen',
    });
    expect(await fireSessionEndHook(config, 'prompt_input_exit')).toEqual({ systemMessage: 'SessionEnd seen' });
    expect(readJsonLines(captures.PreCompress)[0]).toMatchObject({ trigger: 'manual' });
    expect(readJsonLines(captures.Notification)[0]).toMatchObject({
      notification_type: 'ToolPermission',
      message: 'approve?',
      details: { tool: 'x' },
    });
    expect(readJsonLines(captures.SessionEnd)[0]).toMatchObject({ reason: 'prompt_input_exit' });
  });

  it('HOOK-111: a hook system that fails to initialise gives every trigger its safe default and one warning each', async () => {
    const { config, records } = hookConfig({});
    vi.spyOn(HookSystem.prototype, 'initialize').mockRejectedValue(new Error('registry exploded'));
    try {
      expect(await fireSessionStartHook(config, 'startup')).toEqual({});
      expect(await fireBeforeAgentHook(config, 'p')).toEqual({ blocked: false });
      expect(await fireAfterAgentHook(config, { prompt: 'p', promptResponse: 'r', stopHookActive: false })).toEqual({
        continueRequested: false,
      });
      expect(await firePreCompressHook(config, 'auto')).toEqual({ blocked: false });
      expect(await fireNotificationHook(config, { notificationType: 't', message: 'm' })).toEqual({});
      expect(await fireSessionEndHook(config, 'exit')).toEqual({});
    } finally {
      vi.restoreAllMocks();
    }
    const warnings = records.filter((record) => record.level === 'warn').map((record) => record.message);
    expect(warnings).toHaveLength(6);
    expect(warnings.every((message) => message.includes('registry exploded'))).toBe(true);
    expect(warnings[0]).toContain('fireSessionStartHook failed');
  });

  it('a SessionEnd fire cut short by its signal kills the hook and returns the safe default', async () => {
    const pidFile = scratch.file('end.pid');
    const { config } = hookConfig({ SessionEnd: [commandGroup(`sh -c 'echo $$ > "${pidFile}"; exec sleep 60'`)] });
    const controller = new AbortController();
    const fired = fireSessionEndHook(config, 'exit', { signal: controller.signal });
    await waitFor(() => existsSync(pidFile), `the SessionEnd hook to write ${pidFile}`, { intervalMs: 25 });
    controller.abort();
    expect(await fired).toEqual({});
  });
});
