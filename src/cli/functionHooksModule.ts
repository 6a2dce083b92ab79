/**
 * `--function-hooks MODULE`: an ES module whose `functionHooks` export (or default
 * export) is an array of function hook definitions — the same array a host passes to
 * `new Config({ functionHooks })` — so `hooks list` shows them (type `function`), `hooks validate`
 * checks them, `hooks fire` runs them for real, and `run` and `chat` run an agent session with them
 * next to the settings' hooks.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toError } from '../errors.js';
import {
  checkedDefinition,
  functionHookEntry,
  type FunctionHookProblem,
} from '../hooks/engine/functionHookRegistration.js';
import type { FunctionHookDefinition } from '../hooks/protocol/functionHooks.js';
import type { HookRegistryEntry } from '../hooks/protocol/hookConfig.js';
import { stringOption, type OptionSpec, type ParsedArgs } from './args.js';
import { CliError } from './errors.js';

/** `--function-hooks MODULE`, shared by `hooks list`, `hooks validate`, `hooks fire`, `run` and `chat`. */
export const functionHooksOptionSpec: OptionSpec = {
  type: 'string',
  valueName: 'MODULE',
  description:
    'An ES module exporting `functionHooks` (an array of function hook definitions, as given to new Config({ functionHooks })).',
};

/** What a `--function-hooks` module holds. */
export interface LoadedFunctionHooks {
  /** The module as named on the command line. */
  displayName: string;
  /** The valid ones as registry entries, in export order. */
  entries: HookRegistryEntry[];
  /** Every problem, with paths like `functionHooks[1].event`. */
  problems: FunctionHookProblem[];
  /**
   * The valid definitions as checked (see `checkedDefinition`): what a command gives its Config after
   * printing {@link describeFunctionHookProblems}, so each problem is reported once, naming the module.
   */
  checkedDefinitions: FunctionHookDefinition[];
}

/** Each problem of a `--function-hooks` module as one line naming the module: `hooks.mjs: functionHooks[1].event: …` (none without a module). */
export function describeFunctionHookProblems(loaded: LoadedFunctionHooks | undefined): string[] {
  if (loaded === undefined) return [];
  return loaded.problems.map((problem) => `${loaded.displayName}: ${problem.path}: ${problem.message}`);
}

/** Loads `--function-hooks`, or returns undefined when the option is absent. Throws {@link CliError} for a module that cannot be used. */
export async function loadFunctionHooksOption(
  invocationDir: string,
  args: ParsedArgs,
): Promise<LoadedFunctionHooks | undefined> {
  const file = stringOption(args, 'function-hooks');
  if (file === undefined) return undefined;
  const path = resolve(invocationDir, file);
  const stats = await stat(path).catch(() => undefined);
  if (!stats?.isFile()) throw new CliError(`--function-hooks ${file}: file not found (${path})`);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new CliError(`--function-hooks ${file}: the module could not be loaded: ${toError(error).message}`);
  }
  const exported = module['functionHooks'] ?? module['default'];
  if (!Array.isArray(exported)) {
    throw new CliError(
      `--function-hooks ${file}: expected an exported array "functionHooks" (or a default export), got ${exported === undefined ? 'none' : typeof exported}`,
    );
  }
  const entries: HookRegistryEntry[] = [];
  const problems: FunctionHookProblem[] = [];
  exported.forEach((definition: unknown, index) => {
    const result = functionHookEntry(definition, `functionHooks[${index}]`);
    problems.push(...result.problems);
    if (result.entry) entries.push(result.entry);
  });
  return { displayName: file, entries, problems, checkedDefinitions: entries.map(checkedDefinition) };
}
