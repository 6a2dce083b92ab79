/**
 * `hooks validate`'s early warning where an http hook meets HOOK-188: an http hook's `allowedEnvVars`
 * lists a variable that `hookEnvironment.withhold` keeps from every hook. At run time such a variable
 * is sent empty (with a warning, httpHook.ts); this finds the conflict before any hook runs, with the
 * JSON path of the `allowedEnvVars` entry and the withhold pattern that matches it.
 */
import { PROJECT_DIR_VARIABLES } from '../actions/commandExpansion.js';
import { referencedVariables } from '../actions/headerInterpolation.js';
import { getHookName, type SettingsHookConfig } from '../protocol/hookConfig.js';
import { isPlainObject } from '../../values.js';
import type { HookConfigProblem } from './hookProblems.js';
import { compileNameFilter } from '../matching/matchers.js';

/** One hook to check, with the JSON path it was read from (`hooks.BeforeTool[0].hooks[1]`). */
export interface PathedHook {
  config: SettingsHookConfig;
  path: string;
}

/** Options for {@link findWithheldAllowedVariables}. */
export interface WithheldAllowedVariablesOptions {
  hooks: readonly PathedHook[];
  /** `hookEnvironment.withhold`: variable names or globs, matched as the runner matches them (case-insensitive). */
  withhold: readonly string[];
}

// The runner never withholds the project-dir variables (hooks rely on them), so listing them is fine.
const projectDirVariables: ReadonlySet<string> = new Set(PROJECT_DIR_VARIABLES);

/**
 * HOOK-188: a warning at `<hook path>.allowedEnvVars[i]` for each variable an http hook
 * allows that a withhold pattern matches, naming the hook, the variable, the pattern and the headers
 * that will be sent without it.
 */
export function findWithheldAllowedVariables(options: WithheldAllowedVariablesOptions): HookConfigProblem[] {
  if (options.withhold.length === 0) return [];
  // One filter per pattern, so the warning can say which pattern withholds the variable.
  const patterns = options.withhold.map((pattern) => ({ pattern, matches: compileNameFilter([pattern]) }));
  const problems: HookConfigProblem[] = [];
  for (const { config, path } of options.hooks) {
    if (config.type !== 'http' || !Array.isArray(config.allowedEnvVars)) continue;
    const headers = isPlainObject(config.headers) ? Object.entries(config.headers) : [];
    config.allowedEnvVars.forEach((variable, index) => {
      if (typeof variable !== 'string' || projectDirVariables.has(variable)) return;
      const withheldBy = patterns.find((candidate) => candidate.matches(variable));
      if (!withheldBy) return;
      const usedIn = headers
        .filter(([, value]) => typeof value === 'string' && referencedVariables(value).includes(variable))
        .map(([name]) => name);
      const consequence =
        usedIn.length === 0
          ? 'so no header can send it'
          : `so ${usedIn.length === 1 ? 'header' : 'headers'} ${usedIn.join(', ')} ${usedIn.length === 1 ? 'is' : 'are'} sent with it empty`;
      problems.push({
        path: `${path}.allowedEnvVars[${index}]`,
        message:
          `http hook "${getHookName(config)}" lists $${variable} in allowedEnvVars, but hookEnvironment.withhold ` +
          `(${JSON.stringify(withheldBy.pattern)}) keeps it from every hook, ${consequence}; ` +
          'remove it from allowedEnvVars, or from hookEnvironment.withhold to send it',
        severity: 'warning',
      });
    });
  }
  return problems;
}
