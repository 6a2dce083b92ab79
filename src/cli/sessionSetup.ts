/**
 * What `hookrail run` and `hookrail chat` share: their session options on the command line, and an
 * agent session built from them — hooks from every settings scope, `--settings`, `--plugin`, the
 * scenario and a `--function-hooks` module, the built-in tools confined to the project, the scripted
 * or a real Gemini model, the transcript.
 */
import { resolve } from 'node:path';
import { createContentGenerator } from '../adapters/models/createContentGenerator.js';
import { defaultScenario } from '../adapters/models/defaultScenario.js';
import type { Scenario } from '../adapters/models/scenario.js';
import { countHooks, toConfigParameters } from '../adapters/settings/settings.js';
import { createBuiltinTools } from '../adapters/tools/index.js';
import { claudeEnvFilePath, removeClaudeEnvFile } from '../hooks/dialects/claudeEnvFile.js';
import { Config } from '../hooks/engine/config.js';
import type { AskUserCallback } from '../hooks/protocol/askUser.js';
import { createAgentSession, DEFAULT_MAX_TURNS, type AgentSession } from '../machines/session.js';
import { DEFAULT_MAX_CONTINUATIONS, DEFAULT_SESSION_END_TIMEOUT_MS } from '../machines/sessionState.js';
import type { AgentEvent } from '../machines/types.js';
import { booleanOption, integerOption, stringOption, type OptionSpec, type ParsedArgs } from './args.js';
import type { CommandContext } from './context.js';
import { CliUsageError } from './errors.js';
import { startRunInspection } from './runInspection.js';
import {
  describeFunctionHookProblems,
  functionHooksOptionSpec,
  loadFunctionHooksOption,
} from './functionHooksModule.js';
import { loadOptionSettings, settingsSelectionOptionSpecs } from './settingsLoader.js';
import { judgedHookParameters, type JudgedHookSetup } from './judgedHooks.js';

/** The options both session commands take: the settings selection `hooks` commands take too, then the session's own. */
export const sessionOptionSpecs: Record<string, OptionSpec> = {
  ...settingsSelectionOptionSpecs('Play this scenario (scripted model; prompts, tools, hooks and compaction).'),
  model: { type: 'string', valueName: 'NAME', description: 'Use a real Gemini model, e.g. gemini-2.5-flash.' },
  'function-hooks': functionHooksOptionSpec,
  'max-turns': {
    type: 'string',
    valueName: 'N',
    description: `Stop a prompt after N model calls (default ${DEFAULT_MAX_TURNS}).`,
  },
  'max-continuations': {
    type: 'string',
    valueName: 'N',
    description: `Times a Stop / AfterAgent hook may make the agent go on per prompt (default ${DEFAULT_MAX_CONTINUATIONS}).`,
  },
  transcript: {
    type: 'string',
    valueName: 'FILE',
    description:
      'Write the session transcript (JSONL, Claude Code format) here (default: a file in the temp directory).',
  },
  resume: {
    type: 'string',
    valueName: 'FILE',
    description: 'Resume the session recorded in this transcript (SessionStart source "resume").',
  },
  'session-end-timeout': {
    type: 'string',
    valueName: 'MS',
    description: `Milliseconds SessionEnd hooks get before they are cancelled (default ${DEFAULT_SESSION_END_TIMEOUT_MS}).`,
  },
  inspect: {
    type: 'string',
    valueName: 'FILE',
    description: 'Record the run (every machine, call and hook) as JSON Lines, for `hookrail inspect FILE`.',
  },
};

/** A session ready to take prompts, and what the header shows about it. */
export interface CliSession {
  session: AgentSession;
  scenario: Scenario | undefined;
  generatorName: string;
  workingDir: string;
  maxTurns: number;
  maxContinuations: number;
  hookCount: number;
  hooksEnabled: boolean;
  /** Removes the session's CLAUDE_ENV_FILE (call after `session.end`). */
  removeEnvironmentFile(): Promise<void>;
  /** The model prompt and agent hooks ask, when it is not the run's own. */
  hookModelName?: string;
}

/** Everything a session needs, loaded and checked; `start` creates the session (SessionStart fires). */
export interface PreparedCliSession {
  scenario: Scenario | undefined;
  modelName: string | undefined;
  start(onEvent: (event: AgentEvent) => void): CliSession;
  /** With `--inspect-serve`: tells the page the run is over and serves it until Ctrl-C. */
  afterRun(): Promise<void>;
}

/**
 * Loads what the options describe (settings, scenario, model, tools) and checks them; warnings about
 * the settings go to stderr. Nothing fires until `start`.
 */
export async function prepareCliSession(
  context: CommandContext,
  args: ParsedArgs,
  options: { commandName: string; onAskUser?: AskUserCallback } & Pick<
    JudgedHookSetup,
    'onJudgedHook' | 'onSubagentEvent'
  >,
): Promise<PreparedCliSession> {
  const { commandName } = options;
  const maxTurns = integerOption(args, 'max-turns', { commandName, minimum: 1, maximum: 10_000 }) ?? DEFAULT_MAX_TURNS;
  const maxContinuations =
    integerOption(args, 'max-continuations', { commandName, minimum: 0, maximum: 1_000 }) ?? DEFAULT_MAX_CONTINUATIONS;
  const sessionEndTimeoutMs =
    integerOption(args, 'session-end-timeout', { commandName, minimum: 1, maximum: 600_000 }) ??
    DEFAULT_SESSION_END_TIMEOUT_MS;
  const modelName = stringOption(args, 'model');
  if (modelName !== undefined && modelName.trim() === '')
    throw new CliUsageError('--model needs a model name, e.g. gemini-2.5-flash', { commandName });
  const { workingDir, scenario, settings } = await loadOptionSettings(context.io, args, { commandName });
  // Loaded before any model or session exists, so a bad module stops the command before SessionStart fires.
  const functionHooks = await loadFunctionHooksOption(context.io.cwd, args);
  for (const warning of [...settings.warnings, ...describeFunctionHookProblems(functionHooks)])
    context.render.warn(warning);

  // A named model answers even when a scenario supplies the prompts, tools and hooks.
  const generator = await createContentGenerator(
    modelName !== undefined
      ? { model: modelName, env: context.io.env }
      : { scenario: scenario ?? defaultScenario, env: context.io.env },
  );
  // Prompt and agent hooks ask the scenario's scripted hook model, or the run's real model.
  const judged = judgedHookParameters({
    runGenerator: generator,
    ...(modelName === undefined ? { scenario: scenario ?? defaultScenario } : {}),
    onJudgedHook: options.onJudgedHook,
    onSubagentEvent: options.onSubagentEvent,
  });
  const config = new Config({
    ...toConfigParameters(settings, { functionHooks: functionHooks?.checkedDefinitions }),
    workingDir,
    logger: context.logger,
    ...(options.onAskUser ? { onAskUser: options.onAskUser } : {}),
    ...judged,
  });
  const toolNames = (scenario ?? (modelName === undefined ? defaultScenario : undefined))?.tools;
  // Claude Code SessionStart hooks export variables into this file; every shell command sources it.
  const environmentFile = claudeEnvFilePath(config.getSessionId());
  const tools = createBuiltinTools({
    workingDir,
    ...(toolNames ? { names: toolNames } : {}),
    shellEnvironmentFile: environmentFile,
  });
  const transcript = stringOption(args, 'transcript');
  const resume = stringOption(args, 'resume');
  if (transcript !== undefined && resume !== undefined) {
    throw new CliUsageError('--resume FILE goes on writing that transcript; leave out --transcript', { commandName });
  }
  const inspectFile = stringOption(args, 'inspect');
  const serve = booleanOption(args, 'inspect-serve');
  const port = integerOption(args, 'port', { commandName, minimum: 0, maximum: 65_535 });
  if (port !== undefined && !serve) throw new CliUsageError('--port goes with --inspect-serve', { commandName });
  const inspection = await startRunInspection(context, {
    ...(inspectFile !== undefined ? { file: resolve(context.io.cwd, inspectFile) } : {}),
    serve,
    ...(port !== undefined ? { port } : {}),
    model: generator.name,
    config,
    ...(scenario?.name ? { title: scenario.name } : {}),
  });
  // The scripted model cannot write a summary it was not scripted to write: it truncates unless the scenario says otherwise.
  const compaction = { ...(modelName === undefined ? { strategy: 'truncate' as const } : {}), ...scenario?.compaction };
  const start = (onEvent: (event: AgentEvent) => void): CliSession => ({
    session: createAgentSession({
      config,
      generator,
      tools,
      maxTurns,
      maxContinuations,
      sessionEndTimeoutMs,
      compaction,
      ...(transcript !== undefined ? { transcript: { path: resolve(context.io.cwd, transcript) } } : {}),
      ...(resume !== undefined ? { resume: resolve(context.io.cwd, resume) } : {}),
      ...(inspection.inspect ? { inspect: inspection.inspect } : {}),
      onEvent,
    }),
    scenario,
    generatorName: generator.name,
    workingDir,
    maxTurns,
    maxContinuations,
    hookCount: countHooks(settings.hooks) + (functionHooks?.entries.length ?? 0),
    hooksEnabled: config.getEnableHooks(),
    removeEnvironmentFile: () => removeClaudeEnvFile(config.getSessionId()),
    ...(judged.hookModel && judged.hookModel !== generator ? { hookModelName: judged.hookModel.name } : {}),
  });
  return { scenario, modelName, start, afterRun: inspection.afterRun };
}

/** The header line of a session command: model, hooks, project and transcript. */
export function sessionHeader(command: string, setup: CliSession): string {
  const hooks =
    setup.hookCount === 0
      ? 'no hooks'
      : setup.hooksEnabled
        ? `${setup.hookCount} ${setup.hookCount === 1 ? 'hook' : 'hooks'}`
        : 'hooks off (enableHooks: false)';
  const hookModel = setup.hookModelName ? ` · hook model ${setup.hookModelName}` : '';
  return `hookrail ${command} · model ${setup.generatorName}${hookModel} · ${hooks} · ${setup.workingDir} · transcript ${setup.session.transcriptPath}`;
}
