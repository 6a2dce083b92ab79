/**
 * functionHookEntry checks a function hook definition; checkedDefinition turns the entry back into the
 * definition as checked, so a caller that reported the problems (the CLI's `--function-hooks`) can hand
 * the registry definitions that raise none a second time.
 */
import { describe, expect, it } from 'vitest';
import { checkedDefinition, functionHookEntry } from '../../../src/hooks/engine/functionHookRegistration.js';
import { HookEventName, isToolEvent } from '../../../src/hooks/protocol/events.js';

const run = (): undefined => undefined;

describe('checkedDefinition', () => {
  it('a definition with warnings comes back without the fields they were about, and checks clean to the same entry', () => {
    const definitions: unknown[] = [
      { event: 'BeforeTool', name: 'typo', run, matcher: 'write_file', onfailure: 'block', timeout: 5_000 },
      { event: 'SessionStart', name: 'matcher on a lifecycle event', run, matcher: 'startup' },
      { event: 'AfterTool', name: 'bad sequential', run, sequential: 'yes', priority: 3 },
      { event: HookEventName.BeforeModel, name: 'bad timeout', run, timeout: -1, description: 'kept' },
    ];
    for (const [index, definition] of definitions.entries()) {
      const first = functionHookEntry(definition, `functionHooks[${index}]`);
      expect(first.problems.length, `definition ${index} has a warning`).toBeGreaterThan(0);
      expect(first.problems.every((problem) => problem.severity === 'warning')).toBe(true);
      const entry = first.entry!;
      const again = functionHookEntry(checkedDefinition(entry), `functionHooks[${index}]`);
      expect(again.problems).toEqual([]);
      // A matcher on a lifecycle event was ignored with a warning: the checked definition leaves it out.
      const { matcher: _ignored, ...withoutMatcher } = entry;
      expect(again.entry).toStrictEqual(isToolEvent(entry.eventName) ? entry : withoutMatcher);
    }
  });

  it('keeps what the definition says: event, name, run, matcher, order and the checked common fields', () => {
    const definition = {
      event: 'BeforeTool',
      name: 'guard',
      run,
      matcher: 'run_shell_command',
      sequential: true,
      timeout: 2_000,
      onFailure: 'block',
      priority: 1,
    };
    const { entry, problems } = functionHookEntry(definition, 'functionHooks[0]');
    expect(problems).toEqual([]);
    expect(checkedDefinition(entry!)).toEqual(definition);
  });
});
