/**
 * The session keys of a scenario file: `prompts`, several prompts answered one after another in one
 * session, and `compaction`, when and how that session compacts its history. Validated with JSON
 * paths like the rest of the scenario.
 */
import type { ScenarioProblem } from '../../errors.js';
import { describeValue, isPlainObject } from '../../values.js';

/** A scenario's `compaction` settings (see `CompactionSettings`). */
export interface ScenarioCompaction {
  tokenBudget?: number;
  keepRecentTokens?: number;
  strategy?: 'summarize' | 'truncate';
}

const compactionKeys = ['tokenBudget', 'keepRecentTokens', 'strategy'];

/** `prompts`: a non-empty array of non-empty strings. */
export function validatePrompts(value: unknown, problems: ScenarioProblem[]): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) {
    const found = Array.isArray(value) ? 'an empty array' : describeValue(value);
    problems.push({ path: 'prompts', message: `expected a non-empty array of prompts, got ${found}` });
    return undefined;
  }
  const prompts: string[] = [];
  value.forEach((prompt, index) => {
    if (typeof prompt === 'string' && prompt.trim() !== '') prompts.push(prompt);
    else
      problems.push({
        path: `prompts[${index}]`,
        message: `expected a non-empty string, got ${describeValue(prompt)}`,
      });
  });
  return prompts;
}

/** `compaction`: `{ tokenBudget?, keepRecentTokens?, strategy? }`. */
export function validateCompaction(value: unknown, problems: ScenarioProblem[]): ScenarioCompaction | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) {
    problems.push({
      path: 'compaction',
      message: `expected an object with ${compactionKeys.join(', ')}, got ${describeValue(value)}`,
    });
    return undefined;
  }
  const record = value;
  const compaction: ScenarioCompaction = {};
  for (const key of Object.keys(record)) {
    if (!compactionKeys.includes(key))
      problems.push({
        path: `compaction.${key}`,
        message: `unknown key; expected one of ${compactionKeys.join(', ')}`,
      });
  }
  for (const key of ['tokenBudget', 'keepRecentTokens'] as const) {
    const number = record[key];
    if (number === undefined) continue;
    if (typeof number === 'number' && Number.isFinite(number) && number > 0) compaction[key] = number;
    else
      problems.push({
        path: `compaction.${key}`,
        message: `expected a positive number of tokens, got ${describeValue(number)}`,
      });
  }
  if (record['strategy'] !== undefined) {
    if (record['strategy'] === 'summarize' || record['strategy'] === 'truncate')
      compaction.strategy = record['strategy'];
    else
      problems.push({
        path: 'compaction.strategy',
        message: `expected "summarize" or "truncate", got ${describeValue(record['strategy'])}`,
      });
  }
  return compaction;
}
