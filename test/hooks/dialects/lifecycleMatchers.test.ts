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

const fireSessionStart = (handler: HookEventHandler, value: string) =>
  handler.fireSessionStartEvent(value as Parameters<HookEventHandler['fireSessionStartEvent']>[0]);
const fireSessionEnd = (handler: HookEventHandler, value: string) =>
  handler.fireSessionEndEvent(value as Parameters<HookEventHandler['fireSessionEndEvent']>[0]);
const firePreCompress = (handler: HookEventHandler, value: string) =>
  handler.firePreCompressEvent(value as Parameters<HookEventHandler['firePreCompressEvent']>[0]);
const fireNotification = (handler: HookEventHandler, value: string) =>
  handler.fireNotificationEvent(value, 'needs attention', {});

/** Each lifecycle event: the field of the hook's stdin that carries its value, and how it is fired (hookrail's spelling). */
const lifecycleEvents = {
  SessionStart: { field: 'source', fire: fireSessionStart },
  SessionEnd: { field: 'reason', fire: fireSessionEnd },
  PreCompact: { field: 'trigger', fire: firePreCompress },
  PreCompress: { field: 'trigger', fire: firePreCompress },
  Notification: { field: 'notification_type', fire: fireNotification },
} as const;

/**
 * The event as the hook's agent names it, the value fired (hookrail's spelling), the same value as the
 * agent spells it (the hook's matcher), and another value fired that the matcher must not select.
 */
const selectedValueCases: [
  dialect: 'claude' | 'gemini',
  event: keyof typeof lifecycleEvents,
  fired: string,
  spelled: string,
  other: string,
][] = [
  ['claude', 'SessionStart', 'compact', 'compact', 'startup'],
  ['claude', 'SessionEnd', 'exit', 'other', 'clear'],
  ['claude', 'PreCompact', 'manual', 'manual', 'auto'],
  ['claude', 'Notification', 'ToolPermission', 'permission_prompt', 'idle_prompt'],
  ['gemini', 'SessionStart', 'resume', 'resume', 'startup'],
  ['gemini', 'SessionEnd', 'logout', 'logout', 'exit'],
  ['gemini', 'PreCompress', 'auto', 'auto', 'manual'],
  ['gemini', 'Notification', 'ToolPermission', 'ToolPermission', 'idle_prompt'],
];

/** Options for {@link valuesReceived}. */
interface MatcherRun {
  dialect: 'native' | 'claude' | 'gemini';
  event: string;
  field: string;
  matcher: string;
  fire: (handler: HookEventHandler, value: string) => Promise<unknown>;
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
  for (const [dialect, event, fired, spelled, other] of selectedValueCases) {
    const agent = dialect === 'claude' ? 'Claude Code' : 'Gemini CLI';
    const { field, fire } = lifecycleEvents[event];
    it(`a ${agent} ${event} hook with matcher "${spelled}" runs for that ${field} only`, async () => {
      const { received, warnings } = await valuesReceived({
        dialect,
        event,
        field,
        fire,
        matcher: spelled,
        values: [other, fired],
      });
      expect(received).toEqual([[event, spelled]]);
      expect(warnings).toEqual([]);
    });
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

  it('a Gemini CLI matcher is compared trimmed, as its planner does: " resume " runs for resume only', async () => {
    const { received } = await valuesReceived({
      dialect: 'gemini',
      event: 'SessionStart',
      field: 'source',
      matcher: ' resume ',
      fire: fireSessionStart,
      values: ['startup', 'resume'],
    });
    expect(received).toEqual([['SessionStart', 'resume']]);
  });

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
