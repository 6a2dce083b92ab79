/**
 * Claude Code and Gemini CLI hooks on lifecycle events match their `matcher` against the event's value
 * (SessionStart `source`, SessionEnd `reason`, PreCompact / PreCompress `trigger`, Notification
 * `notification_type`), in their own spelling: a hook whose matcher names another value does not run.
 * The hooks are a real logging script, fired through the whole hook system.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { HookEventHandler } from '../../../src/index.js';
import { hookConfig, Scratch } from '../../helpers/systemFixtures.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

interface LifecycleCase {
  /** The event as the hook's own agent names it. */
  event: string;
  /** The field of the hook's stdin that carries the value. */
  field: string;
  /** Fires the event with a value in hookrail's spelling. */
  fire: (handler: HookEventHandler, value: string) => Promise<unknown>;
  /** The value fired, in hookrail's spelling, and as the hook's agent spells it (its matcher). */
  selected: { native: string; spelled: string };
  /** Another value fired, which the matcher must not select. */
  other: string;
}

const fireSessionStart = (handler: HookEventHandler, value: string) =>
  handler.fireSessionStartEvent(value as Parameters<HookEventHandler['fireSessionStartEvent']>[0]);
const fireSessionEnd = (handler: HookEventHandler, value: string) =>
  handler.fireSessionEndEvent(value as Parameters<HookEventHandler['fireSessionEndEvent']>[0]);
const firePreCompress = (handler: HookEventHandler, value: string) =>
  handler.firePreCompressEvent(value as Parameters<HookEventHandler['firePreCompressEvent']>[0]);
const fireNotification = (handler: HookEventHandler, value: string) =>
  handler.fireNotificationEvent(value, 'needs attention', {});

const claudeCases: LifecycleCase[] = [
  {
    event: 'SessionStart',
    field: 'source',
    fire: fireSessionStart,
    selected: { native: 'compact', spelled: 'compact' },
    other: 'startup',
  },
  {
    event: 'SessionEnd',
    field: 'reason',
    fire: fireSessionEnd,
    selected: { native: 'exit', spelled: 'other' },
    other: 'clear',
  },
  {
    event: 'PreCompact',
    field: 'trigger',
    fire: firePreCompress,
    selected: { native: 'manual', spelled: 'manual' },
    other: 'auto',
  },
  {
    event: 'Notification',
    field: 'notification_type',
    fire: fireNotification,
    selected: { native: 'ToolPermission', spelled: 'permission_prompt' },
    other: 'idle_prompt',
  },
];

const geminiCases: LifecycleCase[] = [
  {
    event: 'SessionStart',
    field: 'source',
    fire: fireSessionStart,
    selected: { native: 'resume', spelled: 'resume' },
    other: 'startup',
  },
  {
    event: 'SessionEnd',
    field: 'reason',
    fire: fireSessionEnd,
    selected: { native: 'logout', spelled: 'logout' },
    other: 'exit',
  },
  {
    event: 'PreCompress',
    field: 'trigger',
    fire: firePreCompress,
    selected: { native: 'auto', spelled: 'auto' },
    other: 'manual',
  },
  {
    event: 'Notification',
    field: 'notification_type',
    fire: fireNotification,
    selected: { native: 'ToolPermission', spelled: 'ToolPermission' },
    other: 'idle_prompt',
  },
];

/** Fires the other value, then the selected one, with one logging hook matching the selected value. */
async function firedWithMatcher(dialect: 'claude' | 'gemini', testCase: LifecycleCase) {
  const { command, logFile } = scratch.logEvent();
  const { config, records } = hookConfig({
    [testCase.event]: [{ matcher: testCase.selected.spelled, hooks: [{ type: 'command', command, dialect }] }],
  });
  const hookSystem = config.getHookSystem();
  await hookSystem?.initialize();
  const handler = hookSystem?.getEventHandler() as HookEventHandler;
  await testCase.fire(handler, testCase.other);
  await testCase.fire(handler, testCase.selected.native);
  return { received: readJsonLines(logFile), records };
}

describe('lifecycle matchers of Claude Code and Gemini CLI hooks', () => {
  for (const testCase of claudeCases) {
    it(`a Claude Code ${testCase.event} hook with matcher "${testCase.selected.spelled}" runs for that ${testCase.field} only`, async () => {
      const { received, records } = await firedWithMatcher('claude', testCase);
      expect(received.map((input) => [input['hook_event_name'], input[testCase.field]])).toEqual([
        [testCase.event, testCase.selected.spelled],
      ]);
      expect(records.filter((record) => record.level === 'warn' || record.level === 'error')).toEqual([]);
    });
  }

  for (const testCase of geminiCases) {
    it(`a Gemini CLI ${testCase.event} hook with matcher "${testCase.selected.spelled}" runs for that ${testCase.field} only`, async () => {
      const { received, records } = await firedWithMatcher('gemini', testCase);
      expect(received.map((input) => [input['hook_event_name'], input[testCase.field]])).toEqual([
        [testCase.event, testCase.selected.spelled],
      ]);
      expect(records.filter((record) => record.level === 'warn' || record.level === 'error')).toEqual([]);
    });
  }
});
