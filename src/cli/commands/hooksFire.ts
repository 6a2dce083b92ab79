/**
 * `hookrail hooks fire EVENT ...`: the hook author's test bench. Fires one event with the configured
 * hooks, for real (real processes, real stdin JSON, real HTTP requests to http hooks, the function
 * hooks of a `--function-hooks` module), and reports each hook's exit code, duration,
 * output and the aggregated decision. Tool events take `--tool` and `--input` (AfterTool also
 * `--response`); model events take `--request FILE` (AfterModel also `--response-file FILE`);
 * lifecycle events take `--payload`. Exit code 0 whatever the hooks decided: read the decision.
 *
 * EVENT may be hookrail's name or Claude Code's (`PreToolUse`, `PostToolUseFailure`, `Stop`,
 * `SubagentStop`, ...). With Claude's name the options are read as Claude Code would send them
 * (`--payload '{"last_assistant_message": ...}'`); a tool named with Claude's name (`--tool Bash`)
 * takes Claude's argument names and output shape in either case. Every hook then receives the event in
 * its own dialect; `--show-input` prints exactly what each one was sent.
 *
 * A fire has no session, but hooks get a transcript to read (`transcript_path`, HOOK-144): the
 * `--transcript FILE` given, else a JSON Lines file made for the fire and removed after it — empty, or
 * for AfterAgent (Stop) the turn its payload gives (fireTranscript.ts).
 */
import { claudeEventNameList } from '../../hooks/dialects/claudeEvents.js';
import { countHooks, toConfigParameters } from '../../adapters/settings/settings.js';
import { Config } from '../../hooks/engine/config.js';
import type { HookFireDetails } from '../../hooks/engine/hookEventHandler.js';
import type { HookSystem } from '../../hooks/engine/hookSystem.js';
import { createEmptyAggregatedResult, type HookExecutionResult } from '../../hooks/protocol/results.js';
import { hookEventNames, type HookEventName } from '../../hooks/protocol/events.js';
import { getHookName, type HookConfig } from '../../hooks/protocol/hookConfig.js';
import { createContentGenerator, createHookModel } from '../../adapters/models/createContentGenerator.js';
import type { Scenario } from '../../adapters/models/scenario.js';
import { ScriptedContentGenerator } from '../../adapters/models/scriptedModel.js';
import type { ContentGenerator } from '../../contentGenerator.js';
import { toError } from '../../errors.js';
import { createHookAgentRunner } from '../../machines/hookAgentRunner.js';
import { booleanOption, jsonOptionSpec, stringOption, type ParsedArgs } from '../args.js';
import type { CommandContext, CommandDefinition } from '../context.js';
import { CliError, CliUsageError, ExitCode, type ExitCodeValue } from '../errors.js';
import { decideFromAggregate } from '../fireDecision.js';
import { buildFirePayload, checkFireOptions, hooksFireCommandName, parseEventName, type FirePayload, type NamedEvent } from '../firePayload.js';
import { fireConversation, openFireTranscript } from '../fireTranscript.js';
import { fireReportJson, printFireReport, type FireReport } from '../fireReport.js';
import { safeJson } from '../render.js';
import { loadOptionSettings, settingsSelectionOptionSpecs } from '../settingsLoader.js';
import { describeFunctionHookProblems, functionHooksOptionSpec, loadFunctionHooksOption } from '../functionHooksModule.js';

const commandName = hooksFireCommandName;

/** The `hooks fire` command. */
export const hooksFireCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: "Fire one event with the configured hooks and show each hook's result and the decision",
    description: [
      'Runs the matching hooks for real, exactly as an agent run would, and prints for each hook its command, exit code, ' +
        'duration, stdout/stderr and parsed output, then the aggregated decision (blocked, stop, modified input, ' +
        'additionalContext, systemMessage, suppressOutput, toolConfig) and what the agent would do with it. ' +
        'Exit code 0 whatever the hooks decided.',
      `Events: ${hookEventNames.join(', ')}; or Claude Code's ${claudeEventNameList.join(', ')}.`,
      'Each hook receives the event in its own dialect (hookrail, Claude Code or Gemini CLI); --show-input prints exactly what each was sent.',
      'transcript_path is the --transcript FILE given (e.g. a transcript hookrail run wrote); without it, an empty JSONL file ' +
        'made for the fire in a private temp directory and removed afterwards, so a hook that reads the transcript reads no lines ' +
        "(AfterAgent/Stop: the file holds the --payload's prompt and prompt_response or last_assistant_message, as a session's would).",
    ],
    positionals: [{ name: 'EVENT', description: "The event to fire, e.g. BeforeTool or Claude Code's PreToolUse.", required: true }],
    options: {
      tool: { type: 'string', valueName: 'NAME', description: 'BeforeTool/AfterTool: the tool name matchers are tested against.' },
      input: { type: 'string', valueName: 'JSON', description: 'BeforeTool/AfterTool: the tool input object (default {}).' },
      response: {
        type: 'string',
        valueName: 'JSON',
        description: 'AfterTool: the tool result {"llmContent", ...}, Claude\'s tool_response (with --tool Bash etc.) or a string; PostToolUseFailure: the error.',
      },
      request: { type: 'string', valueName: 'FILE', description: 'Model events: a GenerateContentParameters JSON file.' },
      'response-file': { type: 'string', valueName: 'FILE', description: 'AfterModel: a GenerateContentResponse JSON file.' },
      payload: { type: 'string', valueName: 'JSON', description: 'Lifecycle events: event-specific fields, e.g. {"prompt": "hi"}.' },
      transcript: {
        type: 'string',
        valueName: 'FILE',
        description: 'An existing JSONL transcript, given to the hooks as transcript_path (default: one made for the fire, removed after it).',
      },
      ...settingsSelectionOptionSpecs("Include this scenario's settings.hooks; its hookModel section answers prompt and agent hooks."),
      model: { type: 'string', valueName: 'NAME', description: 'Prompt and agent hooks ask this real Gemini model, e.g. gemini-2.5-flash (needs GEMINI_API_KEY or GOOGLE_API_KEY).' },
      'function-hooks': functionHooksOptionSpec,
      json: jsonOptionSpec,
      'show-input': { type: 'boolean', description: "Print the exact stdin each matching hook receives, in its dialect." },
    },
    examples: [
      `hookrail hooks fire PreToolUse --tool Bash --input '{"command":"rm -rf build"}' --show-input`,
      `hookrail hooks fire BeforeTool --tool run_shell_command --input '{"command":"rm -rf build"}'`,
      `hookrail hooks fire AfterTool --tool run_shell_command --input '{"command":"ls"}' --response '{"llmContent":"a\\nb"}'`,
      'hookrail hooks fire BeforeToolSelection --request request.json',
      'hookrail hooks fire AfterModel --request request.json --response-file response.json',
      `hookrail hooks fire BeforeTool --tool run_shell_command --input '{"command":"rm -rf /"}' --scenario judged.json`,
      `hookrail hooks fire Stop --transcript /tmp/hookrail/transcripts/<session id>.jsonl`,
    ],
  },
  execute: async (context, args) => {
    const named = parseEventName(args.positionals[0]);
    const eventName = named.eventName;
    checkFireOptions(named, args);
    const { config, hint, switchedOffBy, workingDir } = await loadConfig(context, args, eventName);
    const fired = await buildFirePayload(context, args, named, workingDir);
    const transcript = await openFireTranscript({
      given: stringOption(args, 'transcript'),
      invocationDir: context.io.cwd,
      commandName,
      conversation: fireConversation(eventName, fired.payload),
      sessionId: config.getSessionId(),
      cwd: workingDir,
    });
    try {
      config.setTranscriptPath(transcript.path);
      return await fire({ context, args, config, hint, switchedOffBy, named, fired });
    } finally {
      await transcript.dispose();
    }
  },
};

/** What {@link fire} needs: the loaded Config and the payload built from the options. */
interface FireOptions {
  context: CommandContext;
  args: ParsedArgs;
  config: Config;
  hint: (toolName: string | undefined) => string[];
  switchedOffBy: string[];
  named: NamedEvent;
  fired: FirePayload;
}

/** Fires the event, waits for its async hooks and prints the report; exit 0 whatever the hooks decided. */
async function fire({ context, args, config, hint, switchedOffBy, named, fired }: FireOptions): Promise<ExitCodeValue> {
  const eventName = named.eventName;
  // The Config is built exactly as `run` builds it: hooks switched off there are switched off here.
  const hookSystem = config.getHookSystem();
  let details: HookFireDetails = { plan: null, results: [], aggregated: createEmptyAggregatedResult() };
  let background: HookExecutionResult[] = [];
  if (hookSystem) {
    await hookSystem.initialize();
    details = await hookSystem.getEventHandler().fireEventWithDetails(eventName, fired.payload, {
      signal: context.signal,
      context: fired.context,
      ...(fired.toolCallId !== undefined ? { toolCallId: fired.toolCallId } : {}),
      ...(fired.context.subagent ? { subagent: true } : {}),
      ...(fired.context.moment !== undefined ? { moment: fired.context.moment } : {}),
    });
    // Issue 13: async hooks ran in the background; show what they did once they are done (each is bounded by its timeout).
    background = await waitForBackground(hookSystem, context.signal);
  }
  const report: FireReport = {
    event: eventName,
    ...(named.claudeEvent !== undefined ? { firedAs: named.claudeEvent } : {}),
    ...(fired.toolName !== undefined ? { toolName: fired.toolName } : {}),
    enableHooks: hookSystem !== undefined,
    ...(hookSystem ? {} : { switchedOffBy }),
    plan: details.plan,
    results: details.results,
    background,
    asyncMessages: hookSystem?.takeAsyncHookMessages().map((message) => message.text) ?? [],
    success: details.aggregated.success,
    errors: details.aggregated.errors.map((error) => error.message),
    decision: decideFromAggregate(eventName, details.aggregated, fired.inputs),
  };
  const showInput = booleanOption(args, 'show-input');
  if (booleanOption(args, 'json')) context.render.line(safeJson(fireReportJson(report, { showInput }), 2));
  else printFireReport(context.render, report, { unmatchedHint: hint(fired.toolName), showInput });
  return ExitCode.success;
}

async function loadConfig(
  context: CommandContext,
  args: ParsedArgs,
  eventName: HookEventName,
): Promise<{ config: Config; hint: (toolName: string | undefined) => string[]; switchedOffBy: string[]; workingDir: string }> {
  const { workingDir, settings, scenario } = await loadOptionSettings(context.io, args, { commandName });
  const functionHooks = await loadFunctionHooksOption(context.io.cwd, args);
  const hookModel = await fireHookModel(context, args, scenario);
  for (const warning of [...settings.warnings, ...describeFunctionHookProblems(functionHooks)]) context.render.warn(warning);
  const configured = [
    ...(settings.hooks[eventName] ?? []).flatMap((group) =>
      group.hooks.map((hook) => `configured: matcher ${group.matcher ? JSON.stringify(group.matcher) : '(all)'} → ${describeConfigured(hook)}`),
    ),
    ...(functionHooks?.entries ?? [])
      .filter((entry) => entry.eventName === eventName)
      .map((entry) => `configured: matcher ${entry.matcher ? JSON.stringify(entry.matcher) : '(all)'} → ${describeConfigured(entry.config)}`),
  ];
  // An untrusted project's hooks are left out of `settings.hooks`; saying "none configured" would hide them.
  const untrustedCount = settings.files.filter((file) => !file.trusted).reduce((count, file) => count + countHooks(file.hooks, eventName), 0);
  const untrustedHint =
    untrustedCount > 0
      ? [`${untrustedCount} ${eventName} hook(s) in untrusted project settings are not run; "hookrail hooks trust" trusts this folder`]
      : [];
  const hint = (toolName: string | undefined): string[] =>
    configured.length > 0
      ? [
          ...configured,
          ...(toolName !== undefined ? [`none of these matchers matches "${toolName}", or they are disabled`] : ['they are disabled, or do not apply to this fire']),
          ...untrustedHint,
        ]
      : untrustedHint.length > 0
        ? untrustedHint
        : [`no ${eventName} hooks are configured; "hookrail hooks list" shows what is loaded`];
  // `run`'s Config. One difference that runs nothing more: with no hooks configured at all, `run` has no hook
  // system while fire keeps an empty one, so its report and --debug log show the fire that matched nothing.
  const parameters = toConfigParameters(settings, { functionHooks: functionHooks?.checkedDefinitions });
  const enableHooks = parameters.enableHooks || settings.switchedOffBy.length === 0;
  const config = new Config({
    ...parameters,
    // Issue 14: prompt and agent hooks are asked for real, as in a run.
    ...(hookModel ? { hookModel } : {}),
    hookAgentRunner: createHookAgentRunner(),
    enableHooks,
    workingDir,
    logger: context.logger,
  });
  return { config, hint, switchedOffBy: settings.switchedOffBy, workingDir };
}

/** Issue 14: the hook model of a fire: `--model` (real), else the scenario's scripted `hookModel` turns, else none. */
async function fireHookModel(context: CommandContext, args: ParsedArgs, scenario: Scenario | undefined): Promise<ContentGenerator | undefined> {
  const modelName = stringOption(args, 'model');
  if (modelName !== undefined) {
    if (modelName.trim() === '') throw new CliUsageError('--model needs a model name, e.g. gemini-2.5-flash', { commandName });
    try {
      return await createContentGenerator({ model: modelName, env: context.io.env });
    } catch (error) {
      throw new CliError(`--model ${modelName}: ${toError(error).message}`);
    }
  }
  return scenario ? createHookModel({ runGenerator: new ScriptedContentGenerator(scenario), scenario }) : undefined;
}

/** A configured hook in a hint: its command, `POST <url>`, function name; with its `if`, when it has one. */
function describeConfigured(hook: HookConfig): string {
  const what =
    hook.type === 'http'
      ? `POST ${hook.url}`
      : hook.type === 'function'
        ? `${hook.name} (function)`
        : hook.type === 'prompt' || hook.type === 'agent'
          ? getHookName({ ...hook, name: undefined })
          : (hook.command ?? hook.name ?? hook.type);
  return hook.if !== undefined ? `${what} (if ${hook.if})` : what;
}

/** The async hooks' results, waited for unless Ctrl-C comes first (then they are cancelled). */
async function waitForBackground(hookSystem: HookSystem, signal: AbortSignal): Promise<HookExecutionResult[]> {
  const onAbort = (): void => void hookSystem.cancelAsyncHooks();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await hookSystem.waitForAsyncHooks();
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
