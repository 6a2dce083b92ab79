/**
 * A top-level settings key a typo away from one hookrail reads (`"hook"`, `"enableHook"`) is reported:
 * otherwise the file reads as holding no hooks, with no problems. Keys far from every key hookrail
 * reads pass without a word: a Claude Code or Gemini CLI settings file holds many settings of its own.
 */
import type { HookConfigProblem } from '../../hooks/engine/hookRegistry.js';
import { suggestClosest } from '../../suggestClosest.js';

/** Every top-level key hookrail reads in some dialect (none of them is a typo of another). */
const keysReadInSomeDialect: readonly string[] = [
  'hooks',
  'enableHooks',
  'disabledHooks',
  'hookEnvironment',
  'plugins',
  'disableAllHooks',
  'hooksConfig',
  'tools',
];

/** Warns, at its key, about each top-level key that looks like a misspelling of one of `readKeys` (the keys read from this file). */
export function reportSettingsKeyTypos(settings: Record<string, unknown>, readKeys: readonly string[]): HookConfigProblem[] {
  const problems: HookConfigProblem[] = [];
  for (const key of Object.keys(settings)) {
    if (keysReadInSomeDialect.includes(key)) continue;
    const suggestion = suggestClosest(key, readKeys);
    if (suggestion !== undefined) problems.push({ path: key, message: `unknown key ${JSON.stringify(key)}; ignored (did you mean "${suggestion}"?)`, severity: 'warning' });
  }
  return problems;
}
