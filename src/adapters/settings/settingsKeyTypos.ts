/**
 * A top-level settings key a typo away from one hookrail reads (`"hook"`, `"enableHook"`) is reported:
 * otherwise the file reads as holding no hooks, with no problems. Keys far from every key hookrail
 * reads pass without a word: a Claude Code or Gemini CLI settings file holds many settings of its own.
 */
import { hookDialects, type HookDialect } from '../../hooks/dialects/dialect.js';
import type { HookConfigProblem } from '../../hooks/validation/hookProblems.js';
import { suggestClosest } from '../../suggestClosest.js';

/** The top-level keys read from a file of `dialect` (`hooks`, and what settingsSwitches.ts reads). */
export function keysReadFrom(dialect: HookDialect, hookrailSwitches: boolean): string[] {
  return [
    'hooks',
    ...(dialect === 'claude'
      ? [
          'disableAllHooks',
          'enabledPlugins',
          'pluginConfigs',
          'allowManagedHooksOnly',
          'allowedHttpHookUrls',
          'httpHookAllowedEnvVars',
        ]
      : dialect === 'gemini'
        ? ['hooksConfig', 'tools']
        : []),
    ...(hookrailSwitches ? ['enableHooks', 'disabledHooks', 'hookEnvironment', 'warmInterpreters', 'plugins'] : []),
  ];
}

/** Every top-level key hookrail reads in some dialect: never a typo, whichever file it is in. */
const keysReadInSomeDialect: ReadonlySet<string> = new Set(
  hookDialects.flatMap((dialect) => keysReadFrom(dialect, true)),
);

/** Warns, at its key, about each top-level key that looks like a misspelling of one of `readKeys` (the keys read from this file). */
export function reportSettingsKeyTypos(
  settings: Record<string, unknown>,
  readKeys: readonly string[],
): HookConfigProblem[] {
  const problems: HookConfigProblem[] = [];
  for (const key of Object.keys(settings)) {
    if (keysReadInSomeDialect.has(key)) continue;
    const suggestion = suggestClosest(key, readKeys);
    if (suggestion !== undefined)
      problems.push({
        path: key,
        message: `unknown key ${JSON.stringify(key)}; ignored (did you mean "${suggestion}"?)`,
        severity: 'warning',
      });
  }
  return problems;
}
