import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_SOURCE, defaultScenario } from '../../../src/adapters/models/defaultScenario.js';
import { loadScenario, parseScenario } from '../../../src/adapters/models/scenario.js';
import { HookrailFileError, ScenarioError } from '../../../src/errors.js';

const scenarios = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));
const fixture = (name: string): string => path.join(scenarios, name);

async function scenarioErrorOf(promise: Promise<unknown>): Promise<ScenarioError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ScenarioError);
  return error as ScenarioError;
}

describe('loadScenario', () => {
  it('loads a scenario with its prompt, tools, settings hooks and turns', async () => {
    const scenario = await loadScenario(fixture('block-rm.json'));
    expect(scenario.name).toBe('block-rm');
    expect(scenario.prompt).toBe('clean up the build directory');
    expect(scenario.tools).toEqual(['run_shell_command']);
    expect(scenario.settings?.hooks?.BeforeTool?.[0].matcher).toBe('run_shell_command');
    expect(scenario.file).toBe(fixture('block-rm.json'));
    expect(scenario.turns).toEqual([
      {
        text: "I'll remove the build directory.",
        functionCalls: [{ name: 'run_shell_command', args: { command: 'rm -rf build' } }],
      },
      {
        text: 'The hook blocked that; stopping.',
        functionCalls: [],
        expect: { functionResponseContains: ['Blocked'], textContains: [] },
      },
    ]);
  });

  it('names a scenario without "name" after its file', async () => {
    const scenario = await loadScenario(fixture('write-and-read.json'));
    expect(scenario.name).toBe('write-and-read');
    expect(scenario.turns[1].expect?.functionResponseContains).toEqual(['Successfully created', 'notes/hello.txt']);
  });

  it('reports every problem of an invalid scenario with its JSON path and the file', async () => {
    const error = await scenarioErrorOf(loadScenario(fixture('invalid-types.json')));
    expect(error).toBeInstanceOf(HookrailFileError);
    expect(error.file).toBe(fixture('invalid-types.json'));
    expect(error.message.startsWith(`${fixture('invalid-types.json')}: invalid scenario (6 problems):`)).toBe(true);
    expect(error.problems.map((problem) => problem.path)).toEqual([
      'tools[1]',
      'turns[1].text',
      'turns[2].functionCalls[0].name',
      'turns[2].functionCalls[0].args',
      'turns[3].expect.functionResponseContain',
      'turns[4]',
    ]);
    expect(error.message).toContain('turns[2].functionCalls[0].name: expected a string, got 42');
    expect(error.message).toContain(
      'tools[1]: "grep_search" is not a built-in tool; expected one of run_shell_command, read_file',
    );
    expect(error.message).toContain(
      'turns[3].expect.functionResponseContain: unknown key; did you mean "functionResponseContains"? expected one of functionResponseContains, textContains',
    );
    expect(error.message).toContain('turns[4]: a turn needs "text", at least one function call, or both');
  });

  it('reports malformed JSON with the line and column', async () => {
    const error = await scenarioErrorOf(loadScenario(fixture('malformed.json')));
    expect(error.message).toMatch(/malformed\.json: invalid JSON at line 6, column 1: /);
  });

  it('reports a missing file and a directory by name', async () => {
    const missing = await scenarioErrorOf(loadScenario(fixture('no-such-scenario.json')));
    expect(missing.message).toBe(`${fixture('no-such-scenario.json')}: scenario file not found`);
    const directory = await scenarioErrorOf(loadScenario(scenarios));
    expect(directory.message).toContain('is a directory');
  });
});

describe('parseScenario', () => {
  it('accepts an already parsed value and resolves the file name', () => {
    const scenario = parseScenario({ turns: [{ text: 'hi' }] }, 'relative/demo.json');
    expect(scenario.name).toBe('demo');
    expect(scenario.file).toBe(path.resolve('relative/demo.json'));
    expect(scenario.turns).toEqual([{ text: 'hi', functionCalls: [] }]);
  });

  it('rejects a root that is not an object, and missing or empty turns', () => {
    expect(() => parseScenario('[]', 'a.json')).toThrow(
      'a.json: invalid scenario (1 problem):\n  (root): expected an object with "turns", got an array',
    );
    expect(() => parseScenario({}, 'a.json')).toThrow('turns: is required: a list of model turns');
    expect(() => parseScenario({ turns: [] }, 'a.json')).toThrow('turns: must contain at least one turn');
    expect(() => parseScenario({ turns: {} }, 'a.json')).toThrow('turns: expected an array of turns, got an object');
  });

  it('checks the types of every field', () => {
    const attempt = (value: unknown): string[] => {
      try {
        parseScenario(value, 's.json');
        return [];
      } catch (error) {
        return (error as ScenarioError).problems.map((problem) => `${problem.path}: ${problem.message}`);
      }
    };
    expect(attempt({ name: 1, description: false, prompt: [], turns: [{ text: 'x' }] })).toEqual([
      'name: expected a string, got 1',
      'description: expected a string, got false',
      'prompt: expected a string, got an array',
    ]);
    expect(attempt({ tools: 'glob', settings: { hooks: [] }, turns: [{ text: 'x' }] })).toEqual([
      'tools: expected an array of built-in tool names, got "glob"',
      'settings.hooks: expected an object keyed by event name, got an array',
    ]);
    // Only the hooks are taken from a scenario's settings: a misspelt key is an error, not hooks silently lost.
    expect(attempt({ settings: { hook: { BeforeTool: [] } }, turns: [{ text: 'x' }] })).toEqual([
      'settings.hook: unknown key; did you mean "hooks"? expected one of hooks',
    ]);
    expect(attempt({ settings: { enableHooks: false }, turns: [{ text: 'x' }] })).toEqual([
      'settings.enableHooks: unknown key; expected one of hooks',
    ]);
    expect(attempt({ turns: [{ text: 'x', delayMs: -1, functionCalls: 'glob' }] })).toEqual([
      'turns[0].functionCalls: expected an array of function calls, got "glob"',
      'turns[0].delayMs: expected a number of milliseconds (0 or more), got -1',
    ]);
    expect(attempt({ turns: [{ functionCalls: [{ name: ' ', id: 3 }, 'glob'] }] })).toEqual([
      'turns[0].functionCalls[0].name: must not be empty',
      'turns[0].functionCalls[0].id: expected a non-empty string, got 3',
      'turns[0].functionCalls[1]: expected an object with "name" and "args", got "glob"',
    ]);
    expect(
      attempt({
        turns: [
          { text: 'x', expect: {} },
          { text: 'y', expect: { textContains: ['', 2] } },
          { text: 'z', expect: 'Blocked' },
        ],
      }),
    ).toEqual([
      'turns[0].expect: expects nothing; give "functionResponseContains" or "textContains"',
      'turns[1].expect.textContains[0]: expected a non-empty string, got ""',
      'turns[1].expect.textContains[1]: expected a non-empty string, got 2',
      'turns[2].expect: expected an object with "functionResponseContains" or "textContains", got "Blocked"',
    ]);
    expect(attempt({ turns: [{ text: 'x', expect: { functionResponseContains: 5 } }] })).toEqual([
      'turns[0].expect.functionResponseContains: expected a string or an array of strings, got 5',
    ]);
  });

  it('allows "$schema" and fills in defaults for args', () => {
    const scenario = parseScenario(
      { $schema: './scenario.schema.json', turns: [{ functionCalls: [{ name: 'glob' }] }] },
      'x.json',
    );
    expect(scenario.turns[0].functionCalls).toEqual([{ name: 'glob', args: {} }]);
  });
});

describe('defaultScenario', () => {
  it('is a valid, read-only scenario without expectations, so any hooks can act on it', () => {
    expect(defaultScenario.file).toBe(DEFAULT_SCENARIO_SOURCE);
    expect(defaultScenario.name).toBe('default');
    expect(defaultScenario.prompt).toBeTruthy();
    expect(defaultScenario.turns.every((turn) => turn.expect === undefined)).toBe(true);
    const calls = defaultScenario.turns.flatMap((turn) => turn.functionCalls.map((call) => call.name));
    expect(calls).toEqual(['list_directory', 'run_shell_command']);
    expect(defaultScenario.turns.at(-1)?.functionCalls).toEqual([]);
    expect(parseScenario(JSON.stringify(defaultScenario).replace(/,"file":"[^"]*"/, ''), 'copy.json').turns).toEqual(
      defaultScenario.turns,
    );
  });
});
