/**
 * `hookrail hooks validate [FILE]`: every problem in hook settings, each with its file and JSON path
 * (`.hookrail/settings.json: hooks.BeforeTool[0].hooks[1]: "command" is missing`), including the
 * fields of every hook type (type, url, args, headers, allowedEnvVars, priority, onFailure, async, if) and,
 * with `--function-hooks`, a module's function hook definitions. Validates one file
 * — a settings file, a Claude Code settings file, or a scenario — or, without FILE, every settings
 * file hookrail would load. Exit 1 when there is any problem. When project hooks (or, in the FILE form,
 * FILE's hooks, unless it is the user's or the system's settings) meet key-like variables in the
 * environment (names with KEY, TOKEN, SECRET or PASSWORD), a note names them — never their values —
 * and shows `hookEnvironment.withhold`, which keeps them from every hook process. An http hook whose
 * `allowedEnvVars` lists a variable `hookEnvironment.withhold` keeps from every hook is a warning at
 * that entry's JSON path (HOOK-188): the variable would be sent empty.
 */
import { resolve } from 'node:path';
import { parseScenario } from '../../adapters/models/scenario.js';
import {
  countHooks,
  hasHooks,
  readSettingsScopeFile,
  type LoadedSettings,
  type SettingsScopeFile,
} from '../../adapters/settings/settings.js';
import type { ValidatedHookDefinition } from '../../hooks/validation/hooksSettingsValidation.js';
import { findWithheldAllowedVariables } from '../../hooks/validation/withheldAllowedVariables.js';
import { getSettingsPaths, isProjectScope } from '../../adapters/settings/settingsLocations.js';
import { compileNameFilter } from '../../hooks/matching/matchers.js';
import { readJsonFile } from '../../adapters/jsonFile.js';
import { ScenarioError } from '../../errors.js';
import type { HookConfigProblem } from '../../hooks/validation/hookProblems.js';
import { readHooksInDialect } from '../../hooks/engine/dialectHooks.js';
import { dialectLabel, type HookDialect } from '../../hooks/dialects/dialect.js';
import { isPlainObject } from '../../values.js';
import { booleanOption, jsonOptionSpec, stringOption, type ParsedArgs } from '../args.js';
import type { CommandContext, CommandDefinition } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { safeJson } from '../render.js';
import {
  loadOptionSettings,
  resolveWorkingDir,
  scenarioEmbeddedHooks,
  settingsSelectionOptionSpecs,
  type OptionSettings,
} from '../settingsLoader.js';
import { loadListedSettings } from './hooksList.js';
import { functionHooksOptionSpec, loadFunctionHooksOption } from '../functionHooksModule.js';
import { missingScriptWarnings } from '../hookScriptFiles.js';

/** One validated file. */
export interface ValidatedFile {
  file: string;
  scope: string;
  exists: boolean;
  /** The dialect its hooks were read in. */
  dialect: HookDialect;
  hookCount: number;
  problems: HookConfigProblem[];
}

const commandName = 'hooks validate';

/** The `hooks validate` command. */
export const hooksValidateCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: 'Check hook settings; report every problem with its file and JSON path (exit 1 if any)',
    description: [
      "FILE may be a hookrail, Claude Code or Gemini CLI settings file (Claude Code's event names are read as Claude " +
        "Code's, with timeouts in seconds), a plugin's hooks/hooks.json, or a scenario (its settings.hooks and turns are " +
        'checked). Without FILE, every settings file hookrail would load is checked.',
    ],
    positionals: [{ name: 'FILE', description: 'The file to check (default: every loaded settings file).' }],
    options: {
      ...settingsSelectionOptionSpecs("Also check this scenario's settings.hooks."),
      'function-hooks': functionHooksOptionSpec,
      json: jsonOptionSpec,
    },
    examples: [
      'hookrail hooks validate',
      'hookrail hooks validate .hookrail/settings.json',
      'hookrail hooks validate examples/scenarios/demo.json',
    ],
  },
  execute: async (context, args) => {
    const file = args.positionals[0];
    let validated: ValidatedFile[];
    let notes: string[] = [];
    if (file === undefined) {
      const loaded = await loadOptionSettings(context.io, args, { commandName, tolerateMalformedFiles: true });
      const { settings } = loaded;
      validated = settings.files.map((scopeFile) =>
        withHookWarnings(toValidatedFile(scopeFile), {
          hooks: pathedDefinitions(scopeFile, loaded),
          withhold: settings.withheldVariables,
          projectDir: loaded.workingDir,
        }),
      );
      notes = environmentNotes(settings, context.io.env);
    } else {
      const checked = await validateOneFile(context, args, file);
      const settings = await settingsInForce(context, args);
      const withhold = [...new Set([...(settings?.withheldVariables ?? []), ...checked.withheldVariables])];
      validated = [
        withHookWarnings(checked.validated, { hooks: checked.definitions, withhold, projectDir: checked.workingDir }),
      ];
      notes = settings
        ? environmentNotes(settings, context.io.env, checked.receivesEnvironment ? checked.validated.file : undefined)
        : [];
    }
    const functionHooks = await loadFunctionHooksOption(context.io.cwd, args);
    if (functionHooks) {
      validated.push({
        file: functionHooks.displayName,
        scope: 'function-hooks',
        exists: true,
        dialect: 'native',
        hookCount: functionHooks.entries.length,
        problems: functionHooks.problems,
      });
    }
    const problemCount = validated.reduce((count, entry) => count + entry.problems.length, 0);
    if (booleanOption(args, 'json')) {
      context.render.line(safeJson({ files: validated, problemCount, notes }, 2));
    } else {
      printValidation(context, validated, problemCount);
      for (const note of notes) context.render.line(context.render.styles.yellow(`note: ${note}`));
    }
    return problemCount > 0 ? ExitCode.failure : ExitCode.success;
  },
};

const keyLikeName = /KEY|TOKEN|SECRET|PASSWORD/i;

/**
 * HOOK-188 keeps inheritance, so a project hook — code that came with a repository — sees every API key
 * of the user's shell. When that is the case, say so (names only) and show the option that withholds them.
 * `checkedFile`: the single file `hooks validate FILE` checked, when it has hooks that are not the
 * user's or the system's own; its hooks count like project hooks.
 */
function environmentNotes(settings: LoadedSettings, env: NodeJS.ProcessEnv, checkedFile?: string): string[] {
  const projectHooks = settings.files.some((scopeFile) => isProjectScope(scopeFile.scope) && hasHooks(scopeFile.hooks));
  if (!projectHooks && checkedFile === undefined) return [];
  const withheld = compileNameFilter(settings.withheldVariables);
  const exposed = Object.keys(env)
    .filter((name) => keyLikeName.test(name) && !withheld(name))
    .sort();
  if (exposed.length === 0) return [];
  const patterns = [...new Set(exposed.map(suggestedPattern))];
  const subject = projectHooks ? 'project hooks' : `the hooks of ${checkedFile}`;
  return [
    `${subject} receive every variable of your environment, including ${exposed.join(', ')}. ` +
      `To keep such variables from every hook process, add to ~/.hookrail/settings.json: ` +
      `"hookEnvironment": { "withhold": [${patterns.map((pattern) => JSON.stringify(pattern)).join(', ')}] }`,
  ];
}

/**
 * For `hooks validate FILE`, the settings in force: they say what is withheld and whether the project
 * has hooks (the environment note, the withheld-variable warnings). They are advice: when they cannot
 * be read, FILE's validation stands alone, with only FILE's own `hookEnvironment.withhold`.
 */
async function settingsInForce(context: CommandContext, args: ParsedArgs): Promise<LoadedSettings | undefined> {
  try {
    return await loadListedSettings(context, args, { commandName, tolerateMalformedFiles: true });
  } catch {
    return undefined;
  }
}

/**
 * A file's valid hooks with their JSON paths: as read, or — for a `--scenario`'s `settings.hooks`,
 * which the loader keeps without paths — read again from the scenario.
 */
function pathedDefinitions(file: SettingsScopeFile, loaded: OptionSettings): ValidatedHookDefinition[] {
  if (file.definitions) return file.definitions;
  const embedded = loaded.scenario ? scenarioEmbeddedHooks(loaded.scenario, file.displayName) : undefined;
  if (!embedded || embedded.path !== file.path) return [];
  return readHooksInDialect(embedded.hooks, { path: embedded.jsonPath }).definitions;
}

/**
 * A file's problems plus what only the environment shows: http hook variables `withhold` keeps from every
 * hook (HOOK-188), and script files a command hook names that do not exist.
 */
function withHookWarnings(
  validated: ValidatedFile,
  options: { hooks: readonly ValidatedHookDefinition[]; withhold: readonly string[]; projectDir: string },
): ValidatedFile {
  const warnings = [
    ...findWithheldAllowedVariables(options),
    ...missingScriptWarnings(options.hooks, options.projectDir),
  ];
  return warnings.length === 0 ? validated : { ...validated, problems: [...validated.problems, ...warnings] };
}

/** `OPENAI_API_KEY` → `*_API_KEY`: one pattern covers the family; an unusual name stays itself. */
function suggestedPattern(name: string): string {
  const suffix = /_(API_KEY|KEY|TOKEN|SECRET|PASSWORD|SECRET_ACCESS_KEY|ACCESS_KEY)$/i.exec(name);
  return suffix ? `*_${suffix[1].toUpperCase()}` : name;
}

/** The one file `hooks validate FILE` checked. */
interface CheckedFile {
  validated: ValidatedFile;
  /** Its valid hooks with their JSON paths. */
  definitions: ValidatedHookDefinition[];
  /** Its own `hookEnvironment.withhold` (a settings file's). */
  withheldVariables: string[];
  /** True when it has hooks and is not the user's or the system's own settings file: they would inherit the environment. */
  receivesEnvironment: boolean;
  /** The project directory its hooks would run in (`--cwd`, else the current directory). */
  workingDir: string;
}

async function validateOneFile(context: CommandContext, args: ParsedArgs, file: string): Promise<CheckedFile> {
  const workingDir = await resolveWorkingDir(context.io.cwd, stringOption(args, 'cwd'), commandName);
  const homeDir = context.io.env['HOME'] || undefined;
  const path = resolve(context.io.cwd, file);
  let content;
  try {
    content = await readJsonFile(path, { displayName: file });
  } catch (error) {
    // Malformed JSON is a problem of the file, reported like the others (with line and column).
    const message = error instanceof Error ? error.message.replace(`${file}: `, '') : String(error);
    return {
      validated: {
        file,
        scope: 'file',
        exists: true,
        dialect: 'native',
        hookCount: 0,
        problems: [{ path: '', message, severity: 'error' }],
      },
      definitions: [],
      withheldVariables: [],
      receivesEnvironment: false,
      workingDir,
    };
  }
  if (!content.exists) throw new CliError(`${file}: file not found (${path})`);
  let checked: Omit<CheckedFile, 'receivesEnvironment' | 'workingDir'>;
  if (isScenario(content.value)) {
    checked = { ...validateScenarioFile(content.value, file), withheldVariables: [] };
  } else {
    const scopeFile = await readSettingsScopeFile({ scope: 'extra', path, workingDir, homeDir });
    checked = {
      validated: { ...toValidatedFile(scopeFile), file, scope: 'file' },
      definitions: scopeFile.definitions ?? [],
      withheldVariables: scopeFile.withheldVariables,
    };
  }
  const receivesEnvironment =
    checked.validated.hookCount > 0 && !isOwnSettingsFile(path, { workingDir, homeDir, env: context.io.env });
  return { ...checked, receivesEnvironment, workingDir };
}

/** The user's or the system's settings file (hookrail's, Claude Code's or Gemini CLI's): hooks the user wrote. */
function isOwnSettingsFile(
  path: string,
  options: { workingDir: string; homeDir?: string; env: NodeJS.ProcessEnv },
): boolean {
  const paths = getSettingsPaths(options);
  return [paths.system, paths.user, paths.claudeUser, paths.geminiUser].includes(path);
}

/** A scenario has `turns`, or `settings` without a top-level `hooks`. */
function isScenario(value: unknown): value is Record<string, unknown> {
  return (
    isPlainObject(value) &&
    (Array.isArray(value['turns']) || (value['settings'] !== undefined && value['hooks'] === undefined))
  );
}

function validateScenarioFile(
  value: Record<string, unknown>,
  file: string,
): { validated: ValidatedFile; definitions: ValidatedHookDefinition[] } {
  const problems: HookConfigProblem[] = [];
  try {
    parseScenario(value, file);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    problems.push(
      ...error.problems.map((problem) => ({
        path: problem.path,
        message: problem.message,
        severity: 'error' as const,
      })),
    );
  }
  const settings = value['settings'];
  const hooks = isPlainObject(settings) ? settings['hooks'] : undefined;
  let definitions: ValidatedHookDefinition[] = [];
  let dialect: HookDialect = 'native';
  if (hooks !== undefined) {
    const validation = readHooksInDialect(hooks, { path: 'settings.hooks' });
    definitions = validation.definitions;
    dialect = validation.dialect;
    const known = new Set(problems.map((problem) => problem.path));
    problems.push(...validation.problems.filter((problem) => !known.has(problem.path)));
  }
  return {
    validated: { file, scope: 'scenario', exists: true, dialect, hookCount: definitions.length, problems },
    definitions,
  };
}

function toValidatedFile(file: SettingsScopeFile): ValidatedFile {
  return {
    file: file.displayName,
    scope: file.scope,
    exists: file.exists,
    dialect: file.dialect,
    hookCount: countHooks(file.hooks),
    problems: file.problems,
  };
}

function printValidation(context: CommandContext, validated: ValidatedFile[], problemCount: number): void {
  const { render } = context;
  const styles = render.styles;
  for (const entry of validated) {
    if (!entry.exists) {
      render.line(styles.dim(`- ${entry.file}: not found (${entry.scope})`));
      continue;
    }
    const hooks = `${entry.hookCount} valid ${entry.hookCount === 1 ? 'hook' : 'hooks'}`;
    const dialect = styles.dim(` — read as ${dialectLabel(entry.dialect)}'s dialect`);
    if (entry.problems.length === 0) {
      render.line(`${styles.green('✔')} ${entry.file}: ${hooks}, no problems${dialect}`);
      continue;
    }
    render.line(
      `${styles.red('✗')} ${entry.file}: ${hooks}, ${entry.problems.length} ${entry.problems.length === 1 ? 'problem' : 'problems'}${dialect}`,
    );
    for (const problem of entry.problems) {
      const severity = problem.severity === 'error' ? styles.red('error') : styles.yellow('warning');
      const location = problem.path ? `${entry.file}: ${problem.path}` : entry.file;
      render.line(`    ${severity} ${location}: ${problem.message}`);
    }
  }
  const checked = validated.filter((entry) => entry.exists).length;
  render.line();
  if (problemCount === 0) {
    render.line(styles.green(`No problems in ${checked} ${checked === 1 ? 'file' : 'files'}.`));
  } else {
    const files = validated.filter((entry) => entry.problems.length > 0).length;
    render.line(
      styles.red(
        `${problemCount} ${problemCount === 1 ? 'problem' : 'problems'} in ${files} ${files === 1 ? 'file' : 'files'}.`,
      ),
    );
  }
}
