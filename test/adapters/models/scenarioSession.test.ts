/**
 * A scenario's session keys: `prompts` (several prompts in one session) and `compaction`, validated
 * with JSON paths like the rest of the file.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, ScenarioError } from '../../../src/testing.js';

const turns = [{ text: 'ok' }];

function problemsOf(value: Record<string, unknown>): string[] {
  try {
    parseScenario({ turns, ...value }, 'session.json');
  } catch (error) {
    if (error instanceof ScenarioError) return error.problems.map((problem) => `${problem.path}: ${problem.message}`);
    throw error;
  }
  return [];
}

describe('scenario session keys', () => {
  it('reads prompts and compaction settings', () => {
    const scenario = parseScenario(
      {
        turns,
        prompts: ['first', 'second'],
        compaction: { tokenBudget: 2000, keepRecentTokens: 500, strategy: 'truncate' },
      },
      'session.json',
    );
    expect(scenario.prompts).toEqual(['first', 'second']);
    expect(scenario.compaction).toEqual({ tokenBudget: 2000, keepRecentTokens: 500, strategy: 'truncate' });
  });

  it('names the JSON path of every bad value', () => {
    expect(problemsOf({ prompts: [] })).toEqual(['prompts: expected a non-empty array of prompts, got an empty array']);
    expect(problemsOf({ prompts: ['ok', 3, ' '] })).toEqual([
      'prompts[1]: expected a non-empty string, got 3',
      'prompts[2]: expected a non-empty string, got " "',
    ]);
    expect(problemsOf({ prompt: 'one', prompts: ['two'] })).toEqual([
      'prompts: give either "prompt" or "prompts", not both',
    ]);
    expect(problemsOf({ compaction: 'small' })).toEqual([
      'compaction: expected an object with tokenBudget, keepRecentTokens, strategy, got "small"',
    ]);
    expect(problemsOf({ compaction: { tokenBudget: -1, strategy: 'squash', budget: 3 } })).toEqual([
      'compaction.budget: unknown key; expected one of tokenBudget, keepRecentTokens, strategy',
      'compaction.tokenBudget: expected a positive number of tokens, got -1',
      'compaction.strategy: expected "summarize" or "truncate", got "squash"',
    ]);
  });
});
