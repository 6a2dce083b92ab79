/**
 * The table of every Claude Code and Gemini CLI event (docs/bring-your-hooks.md) is true: it lists
 * each host's events once; every event it says fires is one hookrail fires (a hook on it validates and
 * registers), and every event it says is not fired or not applicable gets the warning that names it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { claudeEventNameList, unsupportedClaudeEventNames } from '../src/hooks/dialects/claudeEvents.js';
import { hookEventNames } from '../src/hooks/protocol/events.js';
import { Config } from '../src/hooks/engine/config.js';
import { DebugLogger } from '../src/debugLogger.js';
import { HookEventName } from '../src/hooks/protocol/events.js';
import { toClaudeLifecycleValue } from '../src/hooks/dialects/lifecycleValues.js';
import { ASK_NOTIFICATION_TYPE } from '../src/hooks/triggers/askUserStep.js';
import { IDLE_PROMPT_NOTIFICATION_TYPE } from '../src/cli/idlePrompt.js';
import { claudeCodeEvents } from './helpers/claudeCodeEvents.js';

const page = readFileSync(new URL('../docs/bring-your-hooks.md', import.meta.url), 'utf8');
const table = page.slice(page.indexOf('<!-- events-table:start -->'), page.indexOf('<!-- events-table:end -->'));

interface EventRow {
  names: string[];
  host: string;
  status: string;
  answer: string;
}

const rows: EventRow[] = table
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => {
    const [event = '', host = '', status = '', answer = ''] = line
      .split('|')
      .slice(1)
      .map((cell) => cell.trim());
    return { names: [...event.matchAll(/`(\w+)`/g)].map((match) => match[1]!), host, status, answer };
  });

/** Gemini CLI's hook events (packages/core/src/hooks/types.ts, `HookEventName`). */
const geminiCliEvents = [
  'BeforeTool',
  'AfterTool',
  'BeforeAgent',
  'Notification',
  'AfterAgent',
  'SessionStart',
  'SessionEnd',
  'PreCompress',
  'BeforeModel',
  'AfterModel',
  'BeforeToolSelection',
];

/** The event names a row gives for one host (a `both` row names Gemini's first, then Claude's). */
function namesFor(host: 'claude' | 'gemini'): string[] {
  return rows.flatMap((row) => {
    if (row.host === 'both') return row.names.length === 1 ? row.names : [row.names[host === 'gemini' ? 0 : 1]!];
    return (row.host === 'Claude Code') === (host === 'claude') ? row.names : [];
  });
}

/** A settings file with one hook on `eventName`, loaded as a host loads it: its warnings and the hooks registered. */
async function load(eventName: string): Promise<{ warnings: string[]; registered: number }> {
  const warnings: string[] = [];
  const logger = new DebugLogger('readme', {
    sink: (record) => (record.level === 'warn' ? warnings.push(record.message) : undefined),
  });
  const config = new Config({
    enableHooks: true,
    hooks: { [eventName]: [{ hooks: [{ type: 'command', command: 'true' }] }] },
    logger,
  });
  const hookSystem = config.getHookSystem()!;
  await hookSystem.initialize();
  return { warnings, registered: hookSystem.getRegistry().getAllHooks().length };
}

describe('docs/bring-your-hooks.md: every Claude Code and Gemini CLI event', () => {
  it('lists each Claude Code event and each Gemini CLI event exactly once', () => {
    expect(namesFor('claude').sort()).toEqual([...claudeCodeEvents].sort());
    expect(namesFor('gemini').sort()).toEqual([...geminiCliEvents].sort());
    expect(new Set(geminiCliEvents)).toEqual(new Set(hookEventNames));
  });

  it('an event it says fires is one hookrail fires: a hook on it registers without a warning', async () => {
    const fired = rows.filter((row) => row.status === 'fires').flatMap((row) => row.names);
    expect(fired.length).toBeGreaterThan(0);
    for (const name of fired) expect(await load(name), name).toEqual({ warnings: [], registered: 1 });
    expect(new Set(fired.filter((name) => claudeCodeEvents.includes(name) && !geminiCliEvents.includes(name)))).toEqual(
      new Set(claudeEventNameList.filter((name) => !geminiCliEvents.includes(name))),
    );
  });

  it('an event it says is not fired or not applicable gets a warning naming it, and no hook registers', async () => {
    const skipped = rows.filter((row) => row.status !== 'fires');
    expect(
      skipped.map((row) => row.status).every((status) => status === 'not fired' || status === 'not applicable'),
    ).toBe(true);
    const names = skipped.flatMap((row) => row.names);
    expect(new Set(names)).toEqual(new Set(unsupportedClaudeEventNames));
    for (const name of names) {
      expect(await load(name), name).toEqual({
        warnings: [
          expect.stringContaining(`Claude Code event "${name}" has no hookrail equivalent; its hooks are skipped`),
        ],
        registered: 0,
      });
    }
  });
});

const kindsTable = page.slice(
  page.indexOf('<!-- notification-kinds:start -->'),
  page.indexOf('<!-- notification-kinds:end -->'),
);
const kinds = kindsTable
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => {
    const [kind = '', status = ''] = line
      .split('|')
      .slice(1)
      .map((cell) => cell.trim());
    return { kind: kind.replace(/`/g, ''), status };
  });

describe('docs/bring-your-hooks.md: the Notification kinds', () => {
  it("the kinds it says fire are the ones hookrail sends (an ask, chat's idle prompt); the others are not applicable", () => {
    const fired = kinds.filter((row) => row.status === 'fires').map((row) => row.kind);
    expect(fired.sort()).toEqual(
      [toClaudeLifecycleValue(HookEventName.Notification, ASK_NOTIFICATION_TYPE), IDLE_PROMPT_NOTIFICATION_TYPE].sort(),
    );
    const others = kinds.filter((row) => row.status !== 'fires');
    expect(others.every((row) => row.status === 'not applicable')).toBe(true);
    expect(others.map((row) => row.kind)).toEqual(expect.arrayContaining(['auth_success', 'elicitation_dialog']));
  });
});
