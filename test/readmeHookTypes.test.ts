/**
 * The hook types page (docs/hook-types.md, linked from the README): every JSON example in it is a hook that
 * validates without a problem, and every `if` it shows parses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseIfCondition } from '../src/hooks/matching/ifCondition.js';
import { validateHooksSettings } from '../src/hooks/validation/hooksSettingsValidation.js';
import { parseJsonLines } from './helpers/jsonLines.js';

const section = readFileSync(new URL('../docs/hook-types.md', import.meta.url), 'utf8');

/** The hook objects of the section's ```json blocks (a block may hold one object per line). */
function jsonExamples(): unknown[] {
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]);
  return blocks.flatMap((block) => {
    try {
      return [JSON.parse(block) as unknown];
    } catch {
      return parseJsonLines<unknown>(block);
    }
  });
}

describe('docs/hook-types.md: hook types and options', () => {
  it('the section exists and shows command (both forms) and http examples (then prompt and agent)', () => {
    const examples = jsonExamples();
    expect(examples.map((example) => (example as { type: string }).type)).toEqual([
      'command',
      'command',
      'http',
      'prompt',
      'agent',
    ]);
  });

  it('every JSON example validates without a problem', () => {
    for (const example of jsonExamples()) {
      const result = validateHooksSettings({ BeforeTool: [{ hooks: [example] }] });
      expect(result.problems, JSON.stringify(example)).toEqual([]);
      expect(result.definitions).toHaveLength(1);
    }
  });

  it('every option example in the table validates, and every `if` shown parses', () => {
    const options = [...section.matchAll(/\| `"(\w+)": ([^`]+)` \|/g)].map(
      (match) => [match[1], JSON.parse(match[2]) as unknown] as const,
    );
    expect(options.map(([field]) => field)).toEqual([
      'name',
      'description',
      'timeout',
      'onFailure',
      'priority',
      'async',
      'if',
    ]);
    for (const [field, value] of options) {
      const result = validateHooksSettings({
        BeforeTool: [{ hooks: [{ type: 'command', command: 'true', [field]: value }] }],
      });
      expect(result.problems, field).toEqual([]);
    }
    const conditions = [...section.matchAll(/"((?:Bash|Write|Edit|run_shell_command)(?:\([^)]*\))?)"/g)].map(
      (match) => match[1],
    );
    expect(conditions.length).toBeGreaterThan(5);
    for (const condition of conditions) expect(parseIfCondition(condition).error, condition).toBeUndefined();
  });
});
