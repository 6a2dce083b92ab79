/**
 * `hookrail run [prompt]`: runs an agent session with the hooks from settings (plus `--settings`
 * files, `--plugin` directories, the scenario's `settings.hooks` and a `--function-hooks` module),
 * the built-in tools confined to the project directory, and the scripted model (a scenario; the
 * embedded demo by default) or a real Gemini model (`--model`). SessionStart fires first; each
 * prompt (the command line's, or the scenario's `prompt` / `prompts`) goes through BeforeAgent, its
 * turns and AfterAgent; SessionEnd fires last — also after Ctrl-C, SIGTERM or SIGHUP, which abort
 * the prompt in progress. A hook's `ask` is put to the person at the terminal, or answered by `--ask`.
 * Shows each tool call moving through its states as it happens, or with `--json` prints
 * one AgentEvent per line and nothing else on stdout.
 */
import { defaultScenario } from '../../adapters/models/defaultScenario.js';
import type { Scenario } from '../../adapters/models/scenario.js';
import type { AgentEvent, AgentRunResult, AgentRunStatus } from '../../machines/types.js';
import { booleanOption, stringOption, type ParsedArgs } from '../args.js';
import { createCliAskUser, parseAskFallback } from '../askPrompt.js';
import type { CommandDefinition } from '../context.js';
import { CliUsageError, ExitCode } from '../errors.js';
import { safeJson } from '../render.js';
import { RunProgressView } from '../runProgress.js';
import { prepareCliSession, sessionHeader, sessionOptionSpecs } from '../sessionSetup.js';
import { formatJudgedHook, formatSubagentEvent } from '../judgedHooks.js';

const commandName = 'run';

/** The `run` command. */
export const runCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: 'Run an agent session with your hooks (offline scripted model by default, or a real Gemini model)',
    description: [
      "The model is the scenario's scripted model with --scenario, a real Gemini model with --model (needs GEMINI_API_KEY " +
        'or GOOGLE_API_KEY), or else the embedded offline demo. With both, the scenario supplies the prompts, tools and ' +
        'hooks and the real model answers.',
      'Tools: run_shell_command, read_file, write_file, replace, list_directory, glob — confined to the project directory ' +
        '(--cwd). Hooks: every settings scope, each --settings FILE and --plugin DIR, the scenario\'s "settings.hooks", and the ' +
        'function hooks a --function-hooks MODULE exports (as given to new Config({ functionHooks })). Every lifecycle ' +
        'event fires: SessionStart, BeforeAgent, the model and tool events of each turn, AfterAgent, SessionEnd.',
      'Exit code 0 when the prompts completed, a hook stopped the agent or refused a prompt (the reason is printed), 1 when ' +
        'a prompt failed, hit --max-turns or --max-continuations, 2 for usage errors, 130 on Ctrl-C (143 on SIGTERM, 129 on ' +
        'SIGHUP); SessionEnd fires before it exits in every case.',
      'Prompt and agent hooks are judged by the scenario\'s scripted "hookModel" turns, or by the --model model; each ' +
        "decision is shown (⚖) with the model's reason, which model answered and how long it took (--json: judged_hook lines).",
      'When a hook answers "ask" (decision "ask", or Claude Code\'s permissionDecision "ask"), the call waits: on a ' +
        "terminal you are shown the tool, its arguments and the hook's reason and answer y or n; when stdin is not a " +
        'terminal no one can answer, and --ask decides (default deny, and the model is told no one could answer).',
    ],
    positionals: [
      {
        name: 'PROMPT',
        description: "What to ask the agent (default: the scenario's prompt or prompts).",
        variadic: true,
      },
    ],
    options: {
      ...sessionOptionSpecs,
      json: { type: 'boolean', description: 'Print one JSON AgentEvent per line on stdout, and nothing else.' },
      ask: {
        type: 'string',
        valueName: 'deny|allow',
        description:
          'When a hook asks and stdin is not a terminal (no one can answer): deny (default) or allow the call.',
      },
      'inspect-serve': {
        type: 'boolean',
        description: "Serve the run's report on 127.0.0.1 and update it live while the run goes (until Ctrl-C).",
      },
      port: {
        type: 'string',
        valueName: 'N',
        description: 'The port of --inspect-serve (default: one the system chooses).',
      },
    },
    examples: [
      'hookrail run --scenario examples/scenarios/demo.json',
      'hookrail run --scenario examples/scenarios/demo.json --json',
      'hookrail run --scenario examples/scenarios/demo.json --function-hooks hooks.mjs',
      'hookrail run --scenario examples/scenarios/demo.json --ask allow < /dev/null',
      'hookrail run --scenario examples/scenarios/demo.json --inspect run.jsonl && hookrail inspect run.jsonl',
      'hookrail run --scenario examples/scenarios/demo.json --inspect-serve --port 8123',
      'GEMINI_API_KEY=... hookrail run --model gemini-2.5-flash "list the TypeScript files"',
    ],
  },
  execute: async (context, args) => {
    const json = booleanOption(args, 'json');
    const view = json ? undefined : new RunProgressView(context.render);
    const askFallback = parseAskFallback(stringOption(args, 'ask'), commandName);
    // A hook's ask is put to the person at the terminal, or answered by --ask.
    const onAskUser = createCliAskUser({
      io: context.io,
      render: context.render,
      fallback: askFallback,
      beforePrompt: () => view?.pauseLine(),
    });
    const styles = context.render.styles;
    const prepared = await prepareCliSession(context, args, {
      commandName,
      onAskUser,
      // A judged decision is shown with the model's reason, which model answered and how long it took.
      onJudgedHook: (event) => {
        if (!view) return context.render.line(safeJson({ type: 'judged_hook', ...event }));
        view.pauseLine();
        context.render.line(formatJudgedHook(event, styles));
      },
      onSubagentEvent: (event, hookName) => {
        const line = view ? formatSubagentEvent(event, hookName, styles) : undefined;
        if (!line) return;
        view?.pauseLine();
        context.render.line(line);
      },
    });
    const prompts = choosePrompts(args, prepared.scenario, prepared.modelName);
    const setup = prepared.start((event: AgentEvent) =>
      view ? view.handle(event) : context.render.line(safeJson(event)),
    );
    const { session } = setup;
    let last: AgentRunResult | undefined;
    try {
      if (view) context.render.line(context.render.styles.dim(sessionHeader(commandName, setup)));
      for (const prompt of prompts) {
        if (context.signal.aborted) break;
        if (view) {
          context.render.line(`${context.render.styles.bold('>')} ${prompt}`);
          context.render.line();
        }
        last = await session.prompt(prompt, { signal: context.signal });
        view?.finish(last, { maxTurns: setup.maxTurns });
        if (last.status === 'error') context.render.error(last.errorMessage ?? 'the run failed');
        if (session.ended || !goesOn(last.status)) break;
      }
    } finally {
      // SessionEnd fires once however the run ends: done, stopped, failed, or interrupted (Ctrl-C, SIGTERM).
      await session.end('exit');
      await setup.removeEnvironmentFile();
    }
    // With --inspect-serve the finished report stays served until Ctrl-C.
    await prepared.afterRun();
    if (context.signal.aborted) return ExitCode.interrupted;
    return last ? exitCodeOf(last) : ExitCode.success;
  },
};

/** A refused prompt lets the next one be tried; any other end but completion ends the run. */
function goesOn(status: AgentRunStatus): boolean {
  return status === 'completed' || status === 'blocked';
}

/** The prompts: the command line's words, else the scenario's `prompts` or `prompt`, else the embedded demo's. */
function choosePrompts(args: ParsedArgs, scenario: Scenario | undefined, modelName: string | undefined): string[] {
  const fromArgs = args.positionals.join(' ').trim();
  if (fromArgs !== '') return [fromArgs];
  if (scenario?.prompts) return scenario.prompts;
  if (scenario?.prompt) return [scenario.prompt];
  if (scenario) {
    throw new CliUsageError(
      `the scenario ${scenario.file} has no "prompt" or "prompts"; pass one: hookrail run --scenario FILE "your prompt"`,
      { commandName },
    );
  }
  if (modelName !== undefined)
    throw new CliUsageError(`a prompt is needed with --model: hookrail run --model ${modelName} "your prompt"`, {
      commandName,
    });
  return [defaultScenario.prompt ?? 'Show me around this directory.'];
}

/** HOOK-020, 028: a run a hook stopped (or a prompt a hook refused) is a successful run of the CLI; the reason was printed. */
export function exitCodeOf(result: AgentRunResult): number {
  switch (result.status) {
    case 'completed':
    case 'stopped':
    case 'blocked':
      return ExitCode.success;
    case 'aborted':
      return ExitCode.interrupted;
    default:
      return ExitCode.failure;
  }
}
