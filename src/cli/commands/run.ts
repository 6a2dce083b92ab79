/**
 * `hookrail run [prompt]`: runs the agent loop with the hooks from settings (plus `--settings` files
 * and the scenario's `settings.hooks`), the built-in tools confined to the project directory, and the
 * scripted model (a scenario; the embedded demo by default) or a real Gemini model (`--model`).
 * Shows each tool call moving through its states as it happens, or with `--json` prints one
 * AgentEvent per line and nothing else on stdout. Exit 0 when the run completed or a hook stopped it.
 */
import { resolve } from 'node:path';
import { createContentGenerator } from '../../adapters/models/createContentGenerator.js';
import { defaultScenario } from '../../adapters/models/defaultScenario.js';
import type { Scenario } from '../../adapters/models/scenario.js';
import { toConfigParameters } from '../../adapters/settings/settings.js';
import { createBuiltinTools } from '../../adapters/tools/index.js';
import { claudeEnvFilePath, removeClaudeEnvFile } from '../../hooks/dialects/claudeEnvFile.js';
import { Config } from '../../hooks/engine/config.js';
import { hookEventNames } from '../../hooks/protocol/events.js';
import { DEFAULT_MAX_TURNS, runAgent } from '../../machines/agent.js';
import type { AgentEvent, AgentRunResult } from '../../machines/types.js';
import {
  booleanOption,
  cwdOptionSpec,
  integerOption,
  pluginOptionSpec,
  settingsOptionSpec,
  stringOption,
  type ParsedArgs,
} from '../args.js';
import type { CommandContext, CommandDefinition } from '../context.js';
import { CliUsageError, ExitCode } from '../errors.js';
import { safeJson } from '../render.js';
import { askFallbacks, createCliAskUser, type AskFallback } from '../askPrompt.js';
import { RunProgressView } from '../runProgress.js';
import { loadOptionSettings } from '../settingsLoader.js';

const commandName = 'run';

/** The `run` command. */
export const runCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: 'Run the agent loop with your hooks (offline scripted model by default, or a real Gemini model)',
    description: [
      'The model is the scenario\'s scripted model with --scenario, a real Gemini model with --model (needs GEMINI_API_KEY ' +
        'or GOOGLE_API_KEY), or else the embedded offline demo. With both, the scenario supplies the prompt, tools and ' +
        'hooks and the real model answers.',
      'Tools: run_shell_command, read_file, write_file, replace, list_directory, glob — confined to the project directory ' +
        '(--cwd). Hooks: every settings scope, each --settings FILE, and the scenario\'s "settings.hooks".',
      'Exit code 0 when the run completed or a hook stopped it (the stop reason is printed), 1 when it failed or hit ' +
        '--max-turns, 2 for usage errors, 130 on Ctrl-C (143 on SIGTERM, 129 on SIGHUP).',
      'When a hook answers "ask" (decision "ask", or Claude Code\'s permissionDecision "ask"), the call waits: on a ' +
        'terminal you are shown the tool, its arguments and the hook\'s reason and answer y or n; when stdin is not a ' +
        'terminal no one can answer, and --ask decides (default deny, and the model is told no one could answer).',
    ],
    positionals: [{ name: 'PROMPT', description: "What to ask the agent (default: the scenario's prompt).", variadic: true }],
    options: {
      scenario: { type: 'string', valueName: 'FILE', description: 'Play this scenario (scripted model; prompt, tools and hooks).' },
      model: { type: 'string', valueName: 'NAME', description: 'Use a real Gemini model, e.g. gemini-2.5-flash.' },
      cwd: cwdOptionSpec,
      settings: settingsOptionSpec,
      plugin: pluginOptionSpec,
      json: { type: 'boolean', description: 'Print one JSON AgentEvent per line on stdout, and nothing else.' },
      'max-turns': { type: 'string', valueName: 'N', description: `Stop after N model calls (default ${DEFAULT_MAX_TURNS}).` },
      inspect: { type: 'string', valueName: 'FILE', description: 'Record XState inspection events of every machine as JSON Lines.' },
      ask: {
        type: 'string',
        valueName: 'deny|allow',
        description: 'When a hook asks and stdin is not a terminal (no one can answer): deny (default) or allow the call.',
      },
    },
    examples: [
      'hookrail run --scenario examples/scenarios/demo.json',
      'hookrail run --scenario examples/scenarios/demo.json --json',
      'hookrail run --scenario examples/scenarios/demo.json --ask allow < /dev/null',
      'GEMINI_API_KEY=... hookrail run --model gemini-2.5-flash "list the TypeScript files"',
    ],
  },
  execute: async (context, args) => {
    const json = booleanOption(args, 'json');
    const maxTurns = integerOption(args, 'max-turns', { commandName, minimum: 1, maximum: 10_000 }) ?? DEFAULT_MAX_TURNS;
    const modelName = stringOption(args, 'model');
    const askFallback = parseAskFallback(stringOption(args, 'ask'));
    if (modelName !== undefined && modelName.trim() === '') throw new CliUsageError('--model needs a model name, e.g. gemini-2.5-flash', { commandName });
    const { workingDir, scenario, settings } = await loadOptionSettings(context.io, args, { commandName });
    const prompt = choosePrompt(args, scenario, modelName);
    for (const warning of settings.warnings) context.render.warn(warning);

    // A named model answers even when a scenario supplies the prompt, tools and hooks.
    const generator = await createContentGenerator(
      modelName !== undefined ? { model: modelName, env: context.io.env } : { scenario: scenario ?? defaultScenario, env: context.io.env },
    );
    const view = json ? undefined : new RunProgressView(context.render);
    // Issue 14: a hook's ask is put to the person at the terminal, or answered by --ask.
    const onAskUser = createCliAskUser({ io: context.io, render: context.render, fallback: askFallback, beforePrompt: () => view?.pauseLine() });
    const config = new Config({ ...toConfigParameters(settings), workingDir, logger: context.logger, onAskUser });
    const toolNames = (scenario ?? (modelName === undefined ? defaultScenario : undefined))?.tools;
    // Claude Code SessionStart hooks export variables into this file; every shell command sources it.
    const environmentFile = claudeEnvFilePath(config.getSessionId());
    const tools = createBuiltinTools({ workingDir, ...(toolNames ? { names: toolNames } : {}), shellEnvironmentFile: environmentFile });

    if (view) printHeader(context, { prompt, generatorName: generator.name, workingDir, hookCount: countHooks(settings.hooks), enabled: settings.enableHooks });
    const inspectFile = stringOption(args, 'inspect');
    const result = await runAgent(prompt, {
      config,
      generator,
      tools,
      maxTurns,
      signal: context.signal,
      ...(inspectFile !== undefined ? { inspect: { file: resolve(context.io.cwd, inspectFile) } } : {}),
      onEvent: (event) => (view ? view.handle(event) : context.render.line(serializeEvent(event))),
    }).finally(() => removeClaudeEnvFile(config.getSessionId()));
    if (view) view.finish(result, { maxTurns });
    if (result.status === 'error') context.render.error(result.errorMessage ?? 'the run failed');
    return exitCodeOf(result);
  },
};

/** `--ask deny|allow`, default deny; anything else is a usage error naming the option and the value. */
function parseAskFallback(value: string | undefined): AskFallback {
  if (value === undefined) return 'deny';
  const fallback = askFallbacks.find((candidate) => candidate === value.trim().toLowerCase());
  if (!fallback) throw new CliUsageError(`--ask expects deny or allow, got "${value}"`, { commandName });
  return fallback;
}

/** The prompt: the command line's words, else the scenario's, else the embedded demo's. */
function choosePrompt(args: ParsedArgs, scenario: Scenario | undefined, modelName: string | undefined): string {
  const fromArgs = args.positionals.join(' ').trim();
  if (fromArgs !== '') return fromArgs;
  if (scenario?.prompt) return scenario.prompt;
  if (scenario) {
    throw new CliUsageError(`the scenario ${scenario.file} has no "prompt"; pass one: hookrail run --scenario FILE "your prompt"`, { commandName });
  }
  if (modelName !== undefined) throw new CliUsageError(`a prompt is needed with --model: hookrail run --model ${modelName} "your prompt"`, { commandName });
  return defaultScenario.prompt ?? 'Show me around this directory.';
}

/** HOOK-020, 028: a run a hook stopped is a successful run of the CLI; its stop reason was printed. */
export function exitCodeOf(result: AgentRunResult): number {
  switch (result.status) {
    case 'completed':
    case 'stopped':
      return ExitCode.success;
    case 'aborted':
      return ExitCode.interrupted;
    default:
      return ExitCode.failure;
  }
}

function printHeader(
  context: CommandContext,
  details: { prompt: string; generatorName: string; workingDir: string; hookCount: number; enabled: boolean },
): void {
  const styles = context.render.styles;
  const hooks = details.hookCount === 0 ? 'no hooks' : details.enabled ? `${details.hookCount} ${details.hookCount === 1 ? 'hook' : 'hooks'}` : 'hooks off (enableHooks: false)';
  context.render.line(styles.dim(`hookrail run · model ${details.generatorName} · ${hooks} · ${details.workingDir}`));
  context.render.line(`${styles.bold('>')} ${details.prompt}`);
  context.render.line();
}



/** One JSON line per event; the final `done` event keeps the full result, history included. */
function serializeEvent(event: AgentEvent): string {
  return safeJson(event);
}

function countHooks(hooks: Parameters<typeof toConfigParameters>[0]['hooks']): number {
  return hookEventNames.reduce((count, event) => count + (hooks[event] ?? []).reduce((sum, group) => sum + group.hooks.length, 0), 0);
}
