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
import { hookEventNames } from '../../hooks/protocol/events.js';
import { booleanOption, jsonOptionSpec, stringOption, type ParsedArgs } from '../args.js';
import type { CommandContext, CommandDefinition } from '../context.js';
import { ExitCode, type ExitCodeValue } from '../errors.js';
import { fireEvent } from '../fireEvent.js';
import { fireConfigOptionSpecs, loadFireConfig, type FireConfig } from '../fireConfig.js';
import {
  buildFirePayload,
  checkFireOptions,
  hooksFireCommandName,
  parseEventName,
  type FirePayload,
  type NamedEvent,
} from '../firePayload.js';
import { fireConversation, openFireTranscript } from '../fireTranscript.js';
import { fireReportJson, printFireReport, type FireReport } from '../fireReport.js';
import { safeJson } from '../render.js';

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
    positionals: [
      { name: 'EVENT', description: "The event to fire, e.g. BeforeTool or Claude Code's PreToolUse.", required: true },
    ],
    options: {
      tool: {
        type: 'string',
        valueName: 'NAME',
        description: 'BeforeTool/AfterTool: the tool name matchers are tested against.',
      },
      input: {
        type: 'string',
        valueName: 'JSON',
        description: 'BeforeTool/AfterTool: the tool input object (default {}).',
      },
      response: {
        type: 'string',
        valueName: 'JSON',
        description:
          'AfterTool: the tool result {"llmContent", ...}, Claude\'s tool_response (with --tool Bash etc.) or a string; PostToolUseFailure: the error.',
      },
      request: {
        type: 'string',
        valueName: 'FILE',
        description: 'Model events: a GenerateContentParameters JSON file.',
      },
      'response-file': {
        type: 'string',
        valueName: 'FILE',
        description: 'AfterModel: a GenerateContentResponse JSON file.',
      },
      payload: {
        type: 'string',
        valueName: 'JSON',
        description:
          'Lifecycle events: event-specific fields, e.g. {"prompt": "hi"}; PostToolBatch: {"tool_calls": [{"tool_name", "tool_input", "tool_use_id", "tool_response"}, ...]}.',
      },
      transcript: {
        type: 'string',
        valueName: 'FILE',
        description:
          'An existing JSONL transcript, given to the hooks as transcript_path (default: one made for the fire, removed after it).',
      },
      ...fireConfigOptionSpecs(
        "Include this scenario's settings.hooks; its hookModel section answers prompt and agent hooks.",
      ),
      json: jsonOptionSpec,
      'show-input': {
        type: 'boolean',
        description: 'Print the exact stdin each matching hook receives, in its dialect.',
      },
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
    const loaded = await loadFireConfig({ context, args, commandName });
    for (const warning of loaded.warnings) context.render.warn(warning);
    const { config, workingDir } = loaded;
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
      return await fire({ context, args, loaded, named, fired });
    } finally {
      await transcript.dispose();
    }
  },
};

/** What {@link fire} needs: the loaded Config and the payload built from the options. */
interface FireOptions {
  context: CommandContext;
  args: ParsedArgs;
  loaded: FireConfig;
  named: NamedEvent;
  fired: FirePayload;
}

/** Fires the event, waits for its async hooks and prints the report; exit 0 whatever the hooks decided. */
async function fire({ context, args, loaded, named, fired }: FireOptions): Promise<ExitCodeValue> {
  const eventName = named.eventName;
  // The Config is built exactly as `run` builds it: hooks switched off there are switched off here.
  const outcome = await fireEvent({ config: loaded.config, eventName, fired, signal: context.signal });
  const report: FireReport = {
    event: eventName,
    ...(named.claudeEvent !== undefined ? { firedAs: named.claudeEvent } : {}),
    ...(fired.toolName !== undefined ? { toolName: fired.toolName } : {}),
    enableHooks: outcome.enableHooks,
    ...(outcome.enableHooks ? {} : { switchedOffBy: loaded.switchedOffBy }),
    plan: outcome.details.plan,
    results: outcome.details.results,
    background: outcome.background,
    asyncMessages: outcome.asyncMessages,
    success: outcome.details.aggregated.success,
    errors: outcome.details.aggregated.errors.map((error) => error.message),
    decision: outcome.decision,
  };
  const showInput = booleanOption(args, 'show-input');
  if (booleanOption(args, 'json')) context.render.line(safeJson(fireReportJson(report, { showInput }), 2));
  else printFireReport(context.render, report, { unmatchedHint: loaded.hint(eventName, fired.toolName), showInput });
  return ExitCode.success;
}
