/**
 * Validation of prompt and agent hooks: `prompt` is required, `model` and `maxTurns` are
 * checked, fields of other types are ignored — each problem at its JSON path, never a throw.
 */
import { describe, expect, it } from 'vitest';
import { validateHooksSettings } from '../../../src/hooks/validation/hooksSettingsValidation.js';

function problemsOf(hooks: unknown) {
  return validateHooksSettings(hooks).problems.map(
    (problem) => `${problem.severity} ${problem.path}: ${problem.message}`,
  );
}

describe('prompt and agent hook validation', () => {
  it('well-formed prompt and agent hooks pass with no problem', () => {
    const result = validateHooksSettings({
      BeforeTool: [
        {
          matcher: 'run_shell_command',
          hooks: [
            { type: 'prompt', prompt: 'Is this safe? $ARGUMENTS', model: 'gemini-2.5-flash-lite', timeout: 5000 },
          ],
        },
      ],
      AfterAgent: [{ hooks: [{ type: 'agent', prompt: 'Do the tests pass?', maxTurns: 5, onFailure: 'continue' }] }],
    });
    expect(result.problems).toEqual([]);
    expect(result.definitions.map((definition) => definition.config.type)).toEqual(['prompt', 'agent']);
  });

  it('a missing or empty prompt skips the hook, at its JSON path', () => {
    expect(problemsOf({ BeforeTool: [{ hooks: [{ type: 'prompt' }] }] })).toEqual([
      'error hooks.BeforeTool[0].hooks[0]: "prompt" is missing (a prompt hook asks the hook model a question; $ARGUMENTS stands for the input JSON); hook skipped',
    ]);
    expect(problemsOf({ AfterAgent: [{ hooks: [{ type: 'agent', prompt: '  ' }] }] })).toEqual([
      'error hooks.AfterAgent[0].hooks[0].prompt: expected a non-empty string, got "  "; hook skipped',
    ]);
    expect(validateHooksSettings({ BeforeTool: [{ hooks: [{ type: 'prompt', prompt: 42 }] }] }).definitions).toEqual(
      [],
    );
  });

  it('a bad model or maxTurns is a warning; the hook is kept with the default', () => {
    const result = validateHooksSettings({
      BeforeTool: [{ hooks: [{ type: 'agent', prompt: 'Check', model: '', maxTurns: 2.5 }] }],
    });
    expect(result.problems.map((problem) => `${problem.severity} ${problem.path}: ${problem.message}`)).toEqual([
      'warning hooks.BeforeTool[0].hooks[0].model: expected a model name such as "gemini-2.5-flash", got ""; the hook model\'s own is used',
      'warning hooks.BeforeTool[0].hooks[0].maxTurns: expected a positive whole number of model turns, got 2.5; the default of 50 is used',
    ]);
    expect(result.definitions[0]!.config).toEqual({ type: 'agent', prompt: 'Check' });
  });

  it('maxTurns on a prompt hook and command/url fields on judged hooks are ignored with a warning', () => {
    const result = validateHooksSettings({
      BeforeTool: [
        { hooks: [{ type: 'prompt', prompt: 'Check', maxTurns: 3, command: 'echo hi', url: 'http://127.0.0.1:1/' }] },
      ],
    });
    expect(result.problems.map((problem) => problem.path)).toEqual([
      'hooks.BeforeTool[0].hooks[0].maxTurns',
      'hooks.BeforeTool[0].hooks[0].command',
      'hooks.BeforeTool[0].hooks[0].url',
    ]);
    expect(result.definitions[0]!.config).toEqual({ type: 'prompt', prompt: 'Check' });
  });

  it('a judged hook on an event that cannot be blocked is kept with a warning saying its answer is only recorded', () => {
    expect(problemsOf({ SessionStart: [{ hooks: [{ type: 'prompt', prompt: 'Is this a good day?' }] }] })).toEqual([
      'warning hooks.SessionStart[0].hooks[0].type: a prompt hook on SessionStart is asked, but SessionStart cannot be blocked: its answer is only recorded',
    ]);
  });

  it('an unknown type names the judged types among the expected ones', () => {
    expect(problemsOf({ BeforeTool: [{ hooks: [{ type: 'llm', prompt: 'x' }] }] })).toEqual([
      'error hooks.BeforeTool[0].hooks[0].type: unknown hook type "llm" (expected "command", "http", "prompt", "agent" or "plugin"); hook skipped',
    ]);
  });
});
