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

/** Options for {@link valuesReceived}. */
interface MatcherRun {
  dialect: 'native' | 'claude' | 'gemini';
  event: string;
  field: string;
  matcher: string;
  fire: LifecycleCase['fire'];
  /** Values fired in turn, in hookrail's spelling. */
  values: string[];
}

/** Fires each value in turn with one logging hook with the matcher: the values the hook received, and the warnings. */
async function valuesReceived({ dialect, event, field, matcher, fire, values }: MatcherRun) {
  const { command, logFile } = scratch.logEvent();
  const { config, records } = hookConfig({
    [event]: [{ matcher, hooks: [{ type: 'command', command, ...(dialect === 'native' ? {} : { dialect }) }] }],
  });
  const hookSystem = config.getHookSystem();
  await hookSystem?.initialize();
  const handler = hookSystem?.getEventHandler() as HookEventHandler;
  for (const value of values) await fire(handler, value);
  return {
    received: readJsonLines(logFile).map((input) => [input['hook_event_name'], input[field]]),
    warnings: records.filter((record) => record.level === 'warn' || record.level === 'error'),
  };
}

describe('lifecycle matchers of Claude Code and Gemini CLI hooks', () => {
  for (const [dialect, cases] of [
    ['claude', claudeCases],
    ['gemini', geminiCases],
  ] as const) {
    const agent = dialect === 'claude' ? 'Claude Code' : 'Gemini CLI';
    for (const testCase of cases) {
      it(`a ${agent} ${testCase.event} hook with matcher "${testCase.selected.spelled}" runs for that ${testCase.field} only`, async () => {
        const { received, warnings } = await valuesReceived({
          dialect,
          ...testCase,
          matcher: testCase.selected.spelled,
          values: [testCase.other, testCase.selected.native],
        });
        expect(received).toEqual([[testCase.event, testCase.selected.spelled]]);
        expect(warnings).toEqual([]);
      });
    }
  }

  it('a native SessionStart hook ignores its matcher: it runs for every source, as hookrail always has', async () => {
    const { received } = await valuesReceived({
      dialect: 'native',
      event: 'SessionStart',
      field: 'source',
      matcher: 'resume',
      fire: fireSessionStart,
      values: ['startup', 'resume'],
    });
    expect(received).toEqual([
      ['SessionStart', 'startup'],
      ['SessionStart', 'resume'],
    ]);
  });

  for (const matcher of ['*', ' * ', '', '  ']) {
    it(`a Claude Code or Gemini CLI SessionStart hook with matcher ${JSON.stringify(matcher)} runs for every source`, async () => {
      for (const dialect of ['claude', 'gemini'] as const) {
        const { received } = await valuesReceived({
          dialect,
          event: 'SessionStart',
          field: 'source',
          matcher,
          fire: fireSessionStart,
          values: ['startup', 'resume'],
        });
        expect(received).toEqual([
          ['SessionStart', 'startup'],
          ['SessionStart', 'resume'],
        ]);
      }
    });
  }

  it('a Claude Code list of names is exact and may be spaced: "clear | logout" selects those reasons, not other', async () => {
    const { received } = await valuesReceived({
      dialect: 'claude',
      event: 'SessionEnd',
      field: 'reason',
      matcher: 'clear | logout',
      fire: fireSessionEnd,
      values: ['exit', 'clear', 'logout'],
    });
    expect(received).toEqual([
      ['SessionEnd', 'clear'],
      ['SessionEnd', 'logout'],
    ]);
  });

  it('a Claude Code name selects only that value ("prompt" neither *_prompt), a regular expression what it matches', async () => {
    const fired = { event: 'Notification', field: 'notification_type', fire: fireNotification } as const;
    const values = ['ToolPermission', 'idle_prompt'];
    const byName = await valuesReceived({ dialect: 'claude', ...fired, matcher: 'prompt', values });
    expect(byName.received).toEqual([]);
    const byPattern = await valuesReceived({ dialect: 'claude', ...fired, matcher: '_prompt$', values });
    expect(byPattern.received).toEqual([
      ['Notification', 'permission_prompt'],
      ['Notification', 'idle_prompt'],
    ]);
    expect([...byName.warnings, ...byPattern.warnings]).toEqual([]);
  });

  it('a Claude Code matcher that is no valid regular expression selects no value, and the fire goes on', async () => {
    const { received } = await valuesReceived({
      dialect: 'claude',
      event: 'PreCompact',
      field: 'trigger',
      matcher: '(manual',
      fire: firePreCompress,
      values: ['manual', 'auto'],
    });
    expect(received).toEqual([]);
  });
});
