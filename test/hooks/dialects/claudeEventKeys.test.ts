/**
 * The event keys of a settings file written for Claude Code, as its author sees them read: the
 * events hookrail fires run, speaking Claude's dialect; the Claude Code events hookrail has no
 * counterpart for are skipped with a warning that names them as Claude Code's, and still make the file
 * Claude's, so its other hooks are told Claude's stdin.
 */
import { describe, expect, it } from 'vitest';
import { detectHooksDialect } from '../../../src/hooks/dialects/detect.js';
import { readHooksInDialect } from '../../../src/hooks/engine/dialectHooks.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { claudeEventNameList } from '../../../src/hooks/dialects/claudeEvents.js';
import { claudeCodeEvents } from '../../helpers/claudeCodeEvents.js';

const hook = { type: 'command', command: 'context.sh' };

/** Claude Code's hook events with no hookrail event. */
const claudeEventsWithoutCounterpart = claudeCodeEvents.filter(
  (name) => !(claudeEventNameList as readonly string[]).includes(name),
);

describe('a settings file naming a Claude Code event hookrail does not fire', () => {
  it.each(claudeEventsWithoutCounterpart)(
    "%s: its hooks are skipped with a warning that names it as Claude Code's, and the file's SessionStart hook speaks Claude",
    (eventKey) => {
      const result = readHooksInDialect({ [eventKey]: [{ hooks: [hook] }], SessionStart: [{ hooks: [hook] }] });
      expect(result.dialect).toBe('claude');
      expect(result.definitions.map((definition) => [definition.eventName, definition.config.dialect])).toEqual([
        [HookEventName.SessionStart, 'claude'],
      ]);
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]).toMatchObject({ path: `hooks.${eventKey}`, severity: 'warning' });
      expect(result.problems[0]?.message).toContain(
        `Claude Code event ${JSON.stringify(eventKey)} has no hookrail equivalent; its hooks are skipped`,
      );
    },
  );

  it('a key of neither agent leaves a SessionStart-only file native, with an "unknown hook event" warning', () => {
    const result = readHooksInDialect({ TeamIdle: [{ hooks: [hook] }], SessionStart: [{ hooks: [hook] }] });
    expect(result.dialect).toBe('native');
    expect(result.definitions.map((definition) => definition.config.dialect)).toEqual([undefined]);
    expect(result.problems[0]?.message).toContain('unknown hook event "TeamIdle"; skipped');
  });
});

describe('a settings file without hooks', () => {
  it('is read as native, not mixed, whether its hooks are absent, null or not an object', () => {
    for (const hooks of [undefined, null, 'PreToolUse', ['PreToolUse']])
      expect(detectHooksDialect(hooks)).toEqual({ dialect: 'native', mixed: false, claudeKeys: [], nativeKeys: [] });
  });
});
