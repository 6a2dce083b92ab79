/**
 * Deep-frozen values for HOOK-217 tests: a write into a frozen object throws in strict-mode code (all
 * ES modules), so a step that mutates the tool's own result fails loudly instead of passing unseen.
 */
import { fixtureCommand } from './hookFixtures.js';
import type { ToolResult } from '../../src/hooks/protocol/results.js';

/** Freezes `value` and every object and array inside it; returns `value`. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** A tool result with nested metadata, deep-frozen: what a tool returns in the HOOK-217 tests. */
export function frozenToolResult(): ToolResult {
  return deepFreeze({
    llmContent: 'wrote a.txt',
    returnDisplay: 'Wrote a.txt',
    metadata: { path: 'a.txt', lines: [1, 2], stats: { bytes: 12 } },
  });
}

/** What {@link frozenToolResult} holds, as a fresh unfrozen object to compare with. */
export function frozenToolResultCopy(): ToolResult {
  return {
    llmContent: 'wrote a.txt',
    returnDisplay: 'Wrote a.txt',
    metadata: { path: 'a.txt', lines: [1, 2], stats: { bytes: 12 } },
  };
}

/** A real AfterTool hook (`respond.sh`) that adds context, a system message and suppressOutput. */
export const afterToolEffectsCommand = fixtureCommand(
  'respond.sh',
  '0',
  JSON.stringify({
    systemMessage: 'note from AfterTool',
    suppressOutput: true,
    hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'context from AfterTool' },
  }),
);

/** The result a tool's `frozenToolResult()` becomes with the effects of {@link afterToolEffectsCommand}. */
export const resultWithAfterToolEffects: ToolResult = {
  llmContent: 'wrote a.txt\n\ncontext from AfterTool\n\n[System] note from AfterTool',
  returnDisplay: 'Wrote a.txt',
  metadata: { path: 'a.txt', lines: [1, 2], stats: { bytes: 12 } },
  suppressDisplay: true,
};
