/**
 * The Config a fire runs in — `hooks fire`, `hooks test` and `replay` build it one way, the way `run`
 * builds it: every settings scope for the `--cwd` project, each `--settings FILE` and `--plugin DIR`,
 * the `--scenario` file's hooks, a `--function-hooks` module, and a hook model for prompt and agent
 * hooks (`--model`, else the given scripted turns, else the scenario's `hookModel`). Also the hint that
 * explains a fire that matched nothing.
 */
import { countHooks, toConfigParameters } from '../adapters/settings/settings.js';
import { Config } from '../hooks/engine/config.js';
import type { HookEventName } from '../hooks/protocol/events.js';
import { getHookName, type HookConfig } from '../hooks/protocol/hookConfig.js';
import { createContentGenerator, createHookModel } from '../adapters/models/createContentGenerator.js';
import type { Scenario, ScenarioTurn } from '../adapters/models/scenario.js';
import { ScriptedContentGenerator } from '../adapters/models/scriptedModel.js';
import type { ContentGenerator } from '../contentGenerator.js';
import { toError } from '../errors.js';
import { createHookAgentRunner } from '../machines/hookAgentRunner.js';
import { stringOption, type OptionSpec, type ParsedArgs } from './args.js';
import type { CommandContext } from './context.js';
import { CliError, CliUsageError } from './errors.js';
import {
  describeFunctionHookProblems,
  functionHooksOptionSpec,
  loadFunctionHooksOption,
} from './functionHooksModule.js';
import { loadOptionSettings, settingsSelectionOptionSpecs, type OptionSettings } from './settingsLoader.js';

/** `--model NAME`: the real model prompt and agent hooks ask instead of scripted answers. */
const hookModelOptionSpec: OptionSpec = {
  type: 'string',
  valueName: 'NAME',
  description:
    'Prompt and agent hooks ask this real Gemini model, e.g. gemini-2.5-flash (needs GEMINI_API_KEY or GOOGLE_API_KEY).',
};

/**
 * The options {@link loadFireConfig} reads, in the order help lists them: `--cwd`, `--settings`,
 * `--plugin`, `--scenario` (described by `scenarioDescription`), `--model` and `--function-hooks`.
 */
export function fireConfigOptionSpecs(scenarioDescription: string): Record<string, OptionSpec> {
  return {
    ...settingsSelectionOptionSpecs(scenarioDescription),
    model: hookModelOptionSpec,
    'function-hooks': functionHooksOptionSpec,
  };
}

/** Options of {@link loadFireConfig}. */
export interface LoadFireConfigOptions {
  context: CommandContext;
  /** The command line's `--cwd`, `--settings`, `--plugin`, `--scenario`, `--model` and `--function-hooks`. */
  args: ParsedArgs;
  commandName: string;
  /** Scripted answers of the hook model; they take the place of the scenario's `hookModel`. */
  hookModelTurns?: ScenarioTurn[];
}

/** A fire's Config, with what explains a fire that matched nothing. */
export interface FireConfig {
  config: Config;
  workingDir: string;
  settings: OptionSettings['settings'];
  /** The settings' and function hooks' warnings, for the command to print. */
  warnings: string[];
  /** The files whose `"enableHooks": false` switched hooks off (then no hook system exists). */
  switchedOffBy: string[];
  /** Lines saying what is configured for `eventName` and why none of it matched. */
  hint(eventName: HookEventName, toolName: string | undefined): string[];
}

/** Loads the settings and function hooks the options name and builds the Config `run` would build. */
export async function loadFireConfig(options: LoadFireConfigOptions): Promise<FireConfig> {
  const { context, args, commandName } = options;
  const { workingDir, settings, scenario } = await loadOptionSettings(context.io, args, { commandName });
  const functionHooks = await loadFunctionHooksOption(context.io.cwd, args);
  const hookModel = await fireHookModel({ context, args, scenario, commandName, turns: options.hookModelTurns });
  const hint = (eventName: HookEventName, toolName: string | undefined): string[] => {
    const configured = [
      ...(settings.hooks[eventName] ?? []).flatMap((group) =>
        group.hooks.map((hook) => configuredLine(group.matcher, hook)),
      ),
      ...(functionHooks?.entries ?? [])
        .filter((entry) => entry.eventName === eventName)
        .map((entry) => configuredLine(entry.matcher, entry.config)),
    ];
    // An untrusted project's hooks are left out of `settings.hooks`; saying "none configured" would hide them.
    const untrustedCount = settings.files
      .filter((file) => !file.trusted)
      .reduce((count, file) => count + countHooks(file.hooks, eventName), 0);
    const untrustedHint =
      untrustedCount > 0
        ? [
            `${untrustedCount} ${eventName} hook(s) in untrusted project settings are not run; "hookrail hooks trust" trusts this folder`,
          ]
        : [];
    if (configured.length === 0)
      return untrustedHint.length > 0
        ? untrustedHint
        : [`no ${eventName} hooks are configured; "hookrail hooks list" shows what is loaded`];
    return [
      ...configured,
      ...(toolName !== undefined
        ? [`none of these matchers matches "${toolName}", or they are disabled`]
        : ['they are disabled, or do not apply to this fire']),
      ...untrustedHint,
    ];
  };
  // `run`'s Config. One difference that runs nothing more: with no hooks configured at all, `run` has no hook
  // system while a fire keeps an empty one, so its report and --debug log show the fire that matched nothing.
  const parameters = toConfigParameters(settings, { functionHooks: functionHooks?.checkedDefinitions });
  const enableHooks = parameters.enableHooks || settings.switchedOffBy.length === 0;
  const config = new Config({
    ...parameters,
    // Prompt and agent hooks are asked for real, as in a run.
    ...(hookModel ? { hookModel } : {}),
    hookAgentRunner: createHookAgentRunner(),
    enableHooks,
    workingDir,
    logger: context.logger,
  });
  return {
    config,
    workingDir,
    settings,
    warnings: [...settings.warnings, ...describeFunctionHookProblems(functionHooks)],
    switchedOffBy: settings.switchedOffBy,
    hint,
  };
}

/** What {@link fireHookModel} chooses from. */
interface FireHookModelOptions {
  context: CommandContext;
  args: ParsedArgs;
  scenario: Scenario | undefined;
  commandName: string;
  turns: ScenarioTurn[] | undefined;
}

/** The hook model of a fire: `--model` (real), else the given scripted turns, else the scenario's `hookModel`, else none. */
async function fireHookModel({
  context,
  args,
  scenario,
  commandName,
  turns,
}: FireHookModelOptions): Promise<ContentGenerator | undefined> {
  const modelName = stringOption(args, 'model');
  if (modelName !== undefined) {
    if (modelName.trim() === '')
      throw new CliUsageError('--model needs a model name, e.g. gemini-2.5-flash', { commandName });
    try {
      return await createContentGenerator({ model: modelName, env: context.io.env });
    } catch (error) {
      throw new CliError(`--model ${modelName}: ${toError(error).message}`);
    }
  }
  if (turns !== undefined)
    return new ScriptedContentGenerator({ name: 'case:hookModel', turns, file: scenario?.file ?? '(test case)' });
  return scenario ? createHookModel({ runGenerator: new ScriptedContentGenerator(scenario), scenario }) : undefined;
}

/** A configured hook in a hint: its matcher, then its command, `POST <url>` or function name, with its `if`. */
function configuredLine(matcher: string | undefined, hook: HookConfig): string {
  const what =
    hook.type === 'http'
      ? `POST ${hook.url}`
      : hook.type === 'function'
        ? `${hook.name} (function)`
        : hook.type === 'prompt' || hook.type === 'agent'
          ? getHookName({ ...hook, name: undefined })
          : (hook.command ?? hook.name ?? hook.type);
  return `configured: matcher ${matcher ? JSON.stringify(matcher) : '(all)'} → ${hook.if !== undefined ? `${what} (if ${hook.if})` : what}`;
}
