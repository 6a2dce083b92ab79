/**
 * Each dialect's default hook timeouts: Claude Code's (command 10 min, http and prompt 30 s, agent
 * 60 s, SessionEnd 1.5 s at exit), Gemini CLI's 60 s, and the native HOOK-120 60 s — as constants and
 * as the runner applies them to real hook processes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { defaultHookTimeoutMs, hookTimeoutMs } from '../../../src/hooks/dialects/hookTimeouts.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { DEFAULT_HOOK_TIMEOUT_MS } from '../../../src/hooks/protocol/hookConfig.js';
import { beforeToolInput, hookInput } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

afterAll(() => assertNoHookProcessesAlive());

const at = (dialect: 'native' | 'claude' | 'gemini', type: string, eventName: string = HookEventName.BeforeTool) =>
  defaultHookTimeoutMs({ dialect, type, eventName, env: {} });

describe('default hook timeouts per dialect', () => {
  it('HOOK-120: native hooks default to 60 s; prompt hooks 30 s, agent hooks 60 s', () => {
    expect(DEFAULT_HOOK_TIMEOUT_MS).toBe(60_000);
    for (const type of ['command', 'http', 'function', 'plugin']) expect(at('native', type)).toBe(60_000);
    expect(at('native', 'prompt')).toBe(30_000);
    expect(at('native', 'agent')).toBe(60_000);
  });

  it("Claude Code's defaults: command 10 minutes, http and prompt 30 s, agent 60 s", () => {
    expect(at('claude', 'command')).toBe(600_000);
    // A plugin hook runs a program as a command hook does, under the same 10 minutes.
    expect(at('claude', 'plugin')).toBe(600_000);
    expect(at('claude', 'http')).toBe(30_000);
    expect(at('claude', 'prompt')).toBe(30_000);
    expect(at('claude', 'agent')).toBe(60_000);
    for (const eventName of [
      HookEventName.AfterTool,
      HookEventName.AfterAgent,
      HookEventName.SessionStart,
      HookEventName.PreCompress,
    ])
      expect(at('claude', 'command', eventName)).toBe(600_000);
  });

  it('Claude Code bounds SessionEnd hooks at 1.5 s unless CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS says otherwise', () => {
    expect(at('claude', 'command', HookEventName.SessionEnd)).toBe(1_500);
    expect(
      defaultHookTimeoutMs({
        dialect: 'claude',
        type: 'command',
        eventName: HookEventName.SessionEnd,
        env: { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '10000' },
      }),
    ).toBe(10_000);
    expect(
      defaultHookTimeoutMs({
        dialect: 'claude',
        type: 'command',
        eventName: HookEventName.SessionEnd,
        env: { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: 'soon' },
      }),
    ).toBe(1_500);
    // Zero or a negative count is no bound a hook could run under: the 1.5 s stay.
    for (const configured of ['0', '-200'])
      expect(
        defaultHookTimeoutMs({
          dialect: 'claude',
          type: 'command',
          eventName: HookEventName.SessionEnd,
          env: { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: configured },
        }),
      ).toBe(1_500);
    expect(at('native', 'command', HookEventName.SessionEnd)).toBe(60_000);
  });

  it("Gemini CLI's default: 60 s for command hooks; hookrail-only types keep the native defaults", () => {
    expect(at('gemini', 'command')).toBe(60_000);
    expect(at('gemini', 'prompt')).toBe(30_000);
  });

  it("a hook's own timeout wins over every default, a Claude SessionEnd hook's too (Claude Code also caps the SessionEnd batch: docs/bring-your-hooks.md, where hookrail differs)", () => {
    expect(
      hookTimeoutMs({ type: 'command', command: 'x', dialect: 'claude', timeout: 90_000 }, HookEventName.BeforeTool),
    ).toBe(90_000);
    expect(
      hookTimeoutMs({ type: 'command', command: 'x', dialect: 'claude', timeout: 0 }, HookEventName.BeforeTool),
    ).toBe(600_000);
    expect(
      hookTimeoutMs({ type: 'command', command: 'x', dialect: 'claude', timeout: 5_000 }, HookEventName.SessionEnd),
    ).toBe(5_000);
  });

  it('a timeout that is no finite positive number (Infinity, NaN, a text) gives the hook its default: Node would fire an infinite timer at once', () => {
    for (const timeout of [Number.POSITIVE_INFINITY, Number.NaN, '90000'])
      for (const [dialect, expected] of [
        ['claude', 600_000],
        ['gemini', 60_000],
        [undefined, 60_000],
      ] as const)
        expect(
          hookTimeoutMs(
            { type: 'command', command: 'x', ...(dialect ? { dialect } : {}), timeout } as never,
            HookEventName.BeforeTool,
          ),
        ).toBe(expected);
  });

  it('the runner gives a Claude command hook without a timeout 10 minutes, a Gemini or native one 60 s', async () => {
    const { logger, records } = recordingLogger();
    const runner = new HookRunner({ logger });
    for (const dialect of ['claude', 'gemini', 'native'] as const) {
      const result = await runner.executeHook(
        { type: 'command', command: 'exit 0', ...(dialect !== 'native' ? { dialect } : {}) },
        HookEventName.BeforeTool,
        beforeToolInput({ command: 'npm test' }),
      );
      expect(result.success).toBe(true);
    }
    const timeouts = records
      .filter((record) => record.message.startsWith('Running hook'))
      .map((record) => [record.data?.['dialect'], record.data?.['timeoutMs']]);
    expect(timeouts).toEqual([
      ['claude', 600_000],
      ['gemini', 60_000],
      ['native', 60_000],
    ]);
  });

  it('a Claude SessionEnd hook without a timeout is stopped after 1.5 s; a native one runs to its end', async () => {
    const runner = new HookRunner({ logger: recordingLogger().logger, killGraceMs: 100 });
    const claude = await runner.executeHook(
      { type: 'command', command: 'sleep 3', dialect: 'claude' },
      HookEventName.SessionEnd,
      hookInput(HookEventName.SessionEnd, { reason: 'exit' }),
    );
    expect(claude.timedOut).toBe(true);
    expect(String(claude.error?.message)).toContain('timed out after 1500 ms');
    const native = await runner.executeHook(
      { type: 'command', command: 'sleep 3' },
      HookEventName.SessionEnd,
      hookInput(HookEventName.SessionEnd, { reason: 'exit' }),
    );
    expect(native.success).toBe(true);
  });
});
