/**
 * Fields no dialect defines, in a hook group or a hook, are warned about with their JSON path (and the
 * nearest known field), dropped from the cleaned hook, and never stop the hook from registering: a
 * typo must not silently widen a guard to every tool or leave it the default timeout.
 */
import { describe, expect, it } from 'vitest';
import { readHooksInDialect } from '../../../src/hooks/engine/dialectHooks.js';
import { validateHooksSettings } from '../../../src/hooks/validation/hooksSettingsValidation.js';
import {
  hookFieldNames,
  hookGroupFieldNames,
  reportUnknownFields,
} from '../../../src/hooks/validation/unknownFields.js';
import type { HookProblemSeverity } from '../../../src/hooks/validation/hookProblems.js';

type Problem = { path: string; message: string; severity: HookProblemSeverity };

function check(object: Record<string, unknown>, known: readonly string[]): { problems: Problem[]; ignored: string[] } {
  const problems: Problem[] = [];
  const ignored = reportUnknownFields({
    object,
    known,
    path: 'hooks.BeforeTool[0]',
    report: (path, message, severity) => problems.push({ path, message, severity }),
  });
  return { problems, ignored };
}

describe('unknown fields in settings hooks', () => {
  it('a group\'s misspelt matcher is a warning suggesting "matcher"; its hooks still register, without a matcher', () => {
    const result = validateHooksSettings({
      BeforeTool: [{ matchr: 'write_file', hooks: [{ type: 'command', command: 'guard.sh' }] }],
    });
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeTool[0].matchr',
        message: 'unknown field "matchr"; ignored (did you mean "matcher"?)',
        severity: 'warning',
      },
    ]);
    expect(result.definitions).toHaveLength(1);
    expect(result.definitions[0].matcher).toBeUndefined();
  });

  it('a hook\'s misspelt timeout is a warning suggesting "timeout", and the field is not kept on the hook', () => {
    const result = validateHooksSettings({
      BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'guard.sh', timout: 5_000 }] }],
    });
    expect(result.problems).toEqual([
      {
        path: 'hooks.BeforeTool[0].hooks[0].timout',
        message: 'unknown field "timout"; ignored (did you mean "timeout"?)',
        severity: 'warning',
      },
    ]);
    expect(result.definitions[0].config).toEqual({ type: 'command', command: 'guard.sh' });
  });

  it('a matcher or sequential written on a hook says it belongs to the group', () => {
    const { problems, ignored } = check(
      { type: 'command', command: 'x', matcher: 'Bash', sequential: true },
      hookFieldNames,
    );
    expect(ignored).toEqual(['matcher', 'sequential']);
    expect(problems.map((problem) => problem.message)).toEqual([
      '"matcher" belongs to the hook group ({ "matcher": …, "sequential": …, "hooks": [ … ] }), not to one hook; ignored',
      '"sequential" belongs to the hook group ({ "matcher": …, "sequential": …, "hooks": [ … ] }), not to one hook; ignored',
    ]);
  });

  it('a field far from every known one gets no suggestion', () => {
    const { problems } = check({ matcher: 'x', hooks: [], comment: 'mine' }, hookGroupFieldNames);
    expect(problems).toEqual([
      { path: 'hooks.BeforeTool[0].comment', message: 'unknown field "comment"; ignored', severity: 'warning' },
    ]);
  });

  it('every field hookrail reads passes without a word, in a group and in a hook', () => {
    expect(check(Object.fromEntries(hookGroupFieldNames.map((name) => [name, 1])), hookGroupFieldNames)).toEqual({
      problems: [],
      ignored: [],
    });
    expect(check(Object.fromEntries(hookFieldNames.map((name) => [name, 1])), hookFieldNames)).toEqual({
      problems: [],
      ignored: [],
    });
  });

  it('a Claude Code file: statusMessage is accepted; once, shell and asyncRewake are warned about as not supported, at the paths as written', () => {
    const result = readHooksInDialect(
      {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'command',
                command: 'guard.sh',
                statusMessage: 'Checking…',
                once: true,
                shell: 'powershell',
                asyncRewake: true,
              },
            ],
          },
        ],
      },
      { dialect: 'claude' },
    );
    expect(result.problems).toEqual([
      {
        path: 'hooks.PreToolUse[0].hooks[0].once',
        message:
          'Claude Code\'s "once" is not supported by hookrail; ignored (the hook runs every time its event fires, as in Claude Code, which honours it only in skill frontmatter)',
        severity: 'warning',
      },
      {
        path: 'hooks.PreToolUse[0].hooks[0].shell',
        message:
          'Claude Code\'s "shell": "powershell" is not supported by hookrail; ignored (command hooks run with bash)',
        severity: 'warning',
      },
      {
        path: 'hooks.PreToolUse[0].hooks[0].asyncRewake',
        message: 'Claude Code\'s "asyncRewake" is not supported by hookrail; ignored (the hook never wakes the agent)',
        severity: 'warning',
      },
    ]);
    expect(result.definitions).toHaveLength(1);
    expect(result.definitions[0].config).toMatchObject({ command: 'guard.sh', statusMessage: 'Checking…' });
    expect(result.definitions[0].config).not.toHaveProperty('once');
  });

  it('a Claude Code file: "shell": "bash" is what hookrail does, so it is accepted without a warning and dropped', () => {
    const result = readHooksInDialect(
      { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh', shell: 'bash' }] }] },
      { dialect: 'claude' },
    );
    expect(result.problems).toEqual([]);
    expect(result.definitions).toHaveLength(1);
    expect(result.definitions[0].config).not.toHaveProperty('shell');
  });

  it("a Gemini CLI hook's name and description are known fields", () => {
    const result = readHooksInDialect(
      {
        BeforeTool: [
          {
            matcher: 'write_file',
            sequential: true,
            hooks: [
              { type: 'command', command: 'guard.sh', name: 'guard', description: 'checks writes', timeout: 5_000 },
            ],
          },
        ],
      },
      { dialect: 'gemini' },
    );
    expect(result.problems).toEqual([]);
  });
});
