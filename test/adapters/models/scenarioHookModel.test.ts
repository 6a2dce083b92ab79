/**
 * A scenario's `hookModel` section: the scripted answers of prompt and agent hooks,
 * validated like the turns (every problem with its JSON path), and the hook model a run gets.
 */
import { describe, expect, it } from 'vitest';
import { createHookModel } from '../../../src/adapters/models/createContentGenerator.js';
import { GeminiContentGenerator } from '../../../src/adapters/models/genaiModel.js';
import { parseScenario } from '../../../src/adapters/models/scenario.js';
import { ScriptedContentGenerator } from '../../../src/adapters/models/scriptedModel.js';
import type { ScenarioError } from '../../../src/errors.js';

const turns = [
  { text: 'Running it.', functionCalls: [{ name: 'run_shell_command', args: { command: 'ls' } }] },
  { text: 'Done.' },
];

function problemsOf(value: unknown): string[] {
  try {
    parseScenario(value, 'judged.json');
  } catch (error) {
    return (error as ScenarioError).problems.map((problem) => `${problem.path}: ${problem.message}`);
  }
  return [];
}

describe('the hookModel section', () => {
  it('scripts the hook model turn by turn, in the turns format (text, function calls, expect)', () => {
    const scenario = parseScenario(
      {
        turns,
        hookModel: {
          turns: [
            { text: '{"ok": false, "reason": "ls is fine but rm is not"}' },
            { functionCalls: [{ name: 'read_file', args: { file_path: 'STATUS' } }] },
            { expect: { functionResponseContains: 'passing' }, text: '{"ok": true}' },
          ],
        },
      },
      'judged.json',
    );
    expect(scenario.hookModel?.turns).toEqual([
      { text: '{"ok": false, "reason": "ls is fine but rm is not"}', functionCalls: [] },
      { functionCalls: [{ name: 'read_file', args: { file_path: 'STATUS' } }] },
      { text: '{"ok": true}', functionCalls: [], expect: { functionResponseContains: ['passing'], textContains: [] } },
    ]);
  });

  it('problems of the section are reported with their JSON paths', () => {
    expect(problemsOf({ turns, hookModel: [] })).toEqual([
      'hookModel: expected an object with "turns" (the hook model\'s answers), got an array',
    ]);
    expect(problemsOf({ turns, hookModel: { answers: [] } })).toEqual([
      'hookModel.answers: unknown key; expected one of turns',
      'hookModel.turns: is required: a list of model turns',
    ]);
    expect(problemsOf({ turns, hookModel: { turns: [{ text: 7 }, {}] } })).toEqual([
      'hookModel.turns[0].text: expected a string, got 7',
      'hookModel.turns[1]: a turn needs "text", at least one function call, or both',
    ]);
  });
});

describe('createHookModel', () => {
  it("a scripted run answers judged hooks with its scenario's hookModel turns", async () => {
    const scenario = parseScenario(
      { name: 'judged', turns, hookModel: { turns: [{ text: '{"ok": true}' }] } },
      'judged.json',
    );
    const hookModel = createHookModel({ runGenerator: new ScriptedContentGenerator(scenario), scenario });
    expect(hookModel).toBeInstanceOf(ScriptedContentGenerator);
    expect(hookModel?.name).toBe('scripted:judged:hookModel');
    const stream = await hookModel!.generateContentStream({
      model: 'x',
      contents: [{ role: 'user', parts: [{ text: 'judge' }] }],
    });
    let text = '';
    for await (const chunk of stream) text += chunk.text ?? '';
    expect(text).toBe('{"ok": true}');
  });

  it('a scripted run without a hookModel section has no hook model; a real model judges too', () => {
    const scenario = parseScenario({ turns }, 'plain.json');
    expect(createHookModel({ runGenerator: new ScriptedContentGenerator(scenario), scenario })).toBeUndefined();
    const real = new GeminiContentGenerator({
      model: 'gemini-2.5-flash',
      client: { models: { generateContentStream: async () => (async function* () {})() } },
    });
    expect(createHookModel({ runGenerator: real, scenario })).toBe(real);
  });
});
