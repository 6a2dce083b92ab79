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
 */
import { resolve } from 'node:path';
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import { createGenerateContentResponse, loadGenAI } from '../../genaiValues.js';
import { claudeEventNameList, isClaudeEventName, type ClaudeEventName } from '../../hooks/dialects/claudeEvents.js';
import { fromClaudeInput } from '../../hooks/dialects/claudePayload.js';
import { fromClaudeToolResponse, isFailedToolResponse } from '../../hooks/dialects/claudeToolResponse.js';
import { toNativeToolInput } from '../../hooks/dialects/toolArguments.js';
import { isClaudeToolName, toNativeToolName } from '../../hooks/dialects/toolNames.js';
import type { HookEventContext } from '../../hooks/protocol/hookConfig.js';
import { parseJsonText, readJsonFile } from '../../adapters/jsonFile.js';
import { HookrailError } from '../../errors.js';
import { toConfigParameters } from '../../adapters/settings/settings.js';
import { Config } from '../../hooks/engine/config.js';
import type { HookFireDetails } from '../../hooks/engine/hookEventHandler.js';
import { createEmptyAggregatedResult } from '../../hooks/protocol/results.js';
import { defaultHookTranslator } from '../../hooks/protocol/hookTranslator.js';
import { HookEventName, hookEventNames, isHookEventName, isToolEvent } from '../../hooks/protocol/events.js';
import { describeType, isPlainObject } from '../../values.js';
import {
  booleanOption,
  cwdOptionSpec,
  jsonOptionSpec,
  pluginOptionSpec,
  settingsOptionSpec,
  stringOption,
  suggestClosest,
  type ParsedArgs,
} from '../args.js';
import type { CommandContext, CommandDefinition } from '../context.js';
import { CliError, CliUsageError, ExitCode } from '../errors.js';
import { decideFromAggregate, type FiredInputs } from '../fireDecision.js';
import { fireReportJson, printFireReport, type FireReport } from '../fireReport.js';
import { safeJson } from '../render.js';
import { loadOptionSettings } from '../settingsLoader.js';
import { functionHooksOptionSpec, loadFunctionHooksOption } from '../functionHooksModule.js';
import type { HookSystem } from '../../hooks/engine/hookSystem.js';
import { getHookName, type HookConfig } from '../../hooks/protocol/hookConfig.js';
import type { HookExecutionResult } from '../../hooks/protocol/results.js';
import { createContentGenerator, createHookModel } from '../../adapters/models/createContentGenerator.js';
import type { Scenario } from '../../adapters/models/scenario.js';
import { ScriptedContentGenerator } from '../../adapters/models/scriptedModel.js';
import type { ContentGenerator } from '../../contentGenerator.js';
import { toError } from '../../errors.js';
import { createHookAgentRunner } from '../../machines/hookAgentRunner.js';

const commandName = 'hooks fire';

const modelEvents: readonly HookEventName[] = [HookEventName.BeforeModel, HookEventName.AfterModel, HookEventName.BeforeToolSelection];

/** Event-specific defaults of the lifecycle events (§37); `--payload` overrides them. */
const lifecycleDefaults: Partial<Record<HookEventName, Record<string, unknown>>> = {
  [HookEventName.BeforeAgent]: { prompt: '' },
  [HookEventName.AfterAgent]: { prompt: '', prompt_response: '', stop_hook_active: false },
  [HookEventName.SessionStart]: { source: 'startup' },
  [HookEventName.SessionEnd]: { reason: 'exit' },
  [HookEventName.PreCompress]: { trigger: 'manual' },
  [HookEventName.Notification]: { notification_type: 'ToolPermission', message: '', details: {} },
};

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
      cwd: cwdOptionSpec,
      settings: settingsOptionSpec,
      plugin: pluginOptionSpec,
      scenario: { type: 'string', valueName: 'FILE', description: "Include this scenario's settings.hooks; its hookModel section answers prompt and agent hooks." },
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
    ],
  },
  execute: async (context, args) => {
    const named = parseEventName(args.positionals[0]);
    const eventName = named.eventName;
    checkOptionsApply(named, args);
    const { config, hint, switchedOffBy, workingDir } = await loadConfig(context, args, eventName);
    const fired = await buildPayload(context, args, named, workingDir);
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
  },
};

/** An event as named on the command line: its hookrail event, and Claude Code's name when that was used. */
export interface NamedEvent {
  eventName: HookEventName;
  claudeEvent?: ClaudeEventName;
}

/** The event, by hookrail's name or Claude Code's, or a usage error listing the valid ones. */
export function parseEventName(value: string): NamedEvent {
  if (isClaudeEventName(value)) {
    const fire = fromClaudeInput({ hook_event_name: value });
    if (fire) return { eventName: fire.eventName, claudeEvent: value };
  }
  if (isHookEventName(value)) return { eventName: value };
  const candidates = [...hookEventNames, ...claudeEventNameList];
  const suggestion = suggestClosest(value, candidates);
  throw new CliUsageError(
    `unknown event "${value}"${suggestion ? ` (did you mean ${suggestion}?)` : ''}; valid events: ${hookEventNames.join(', ')}, ` +
      `or Claude Code's ${claudeEventNameList.join(', ')}`,
    { commandName },
  );
}

function checkOptionsApply(named: NamedEvent, args: ParsedArgs): void {
  const eventName = named.eventName;
  const shownAs = named.claudeEvent ?? eventName;
  const rules: Array<{ option: string; applies: boolean; to: string }> = [
    { option: 'tool', applies: isToolEvent(eventName), to: 'BeforeTool and AfterTool' },
    { option: 'input', applies: isToolEvent(eventName), to: 'BeforeTool and AfterTool' },
    { option: 'response', applies: eventName === HookEventName.AfterTool, to: 'AfterTool' },
    { option: 'request', applies: modelEvents.includes(eventName), to: modelEvents.join(', ') },
    { option: 'response-file', applies: eventName === HookEventName.AfterModel, to: 'AfterModel' },
    { option: 'payload', applies: eventName in lifecycleDefaults, to: Object.keys(lifecycleDefaults).join(', ') },
  ];
  for (const rule of rules) {
    if (!rule.applies && stringOption(args, rule.option) !== undefined) {
      throw new CliUsageError(`--${rule.option} does not apply to ${shownAs}; it is for ${rule.to}`, { commandName });
    }
  }
  const required: Array<{ option: string; when: boolean; what: string }> = [
    { option: 'tool', when: isToolEvent(eventName), what: 'the tool name (NAME)' },
    { option: 'request', when: modelEvents.includes(eventName), what: 'a GenerateContentParameters JSON file (FILE)' },
    { option: 'response-file', when: eventName === HookEventName.AfterModel, what: 'a GenerateContentResponse JSON file (FILE)' },
  ];
  for (const rule of required) {
    if (rule.when && stringOption(args, rule.option) === undefined) {
      throw new CliUsageError(`${shownAs} needs --${rule.option}: ${rule.what}`, { commandName });
    }
  }
}

interface BuiltPayload {
  payload: Record<string, unknown>;
  toolName?: string;
  toolCallId?: string;
  context: HookEventContext;
  inputs: FiredInputs;
}

async function buildPayload(context: CommandContext, args: ParsedArgs, named: NamedEvent, workingDir: string): Promise<BuiltPayload> {
  const { eventName, claudeEvent } = named;
  if (claudeEvent !== undefined && !modelEvents.includes(eventName)) return buildClaudePayload(args, claudeEvent, workingDir);
  if (isToolEvent(eventName)) {
    const givenName = stringOption(args, 'tool') ?? '';
    const toolName = toNativeToolName(givenName);
    const givenInput = parseJsonObjectOption(args, 'input') ?? {};
    // A tool named the Claude way comes with Claude's argument names and output shape.
    const toolInput = isClaudeToolName(givenName) ? toNativeToolInput(toolName, givenInput, { cwd: workingDir }) : givenInput;
    const payload: Record<string, unknown> = { tool_name: toolName, tool_input: toolInput };
    const fireContext: HookEventContext = { toolName };
    if (eventName === HookEventName.AfterTool) {
      const response = parseToolResponse(args);
      const toolResponse =
        isClaudeToolName(givenName) && typeof response['llmContent'] !== 'string' ? fromClaudeToolResponse(response, { toolName, toolInput, cwd: workingDir }) : withDefaults(response);
      payload['tool_response'] = toolResponse;
      fireContext.toolFailed = isFailedToolResponse(toolName, toolResponse);
    }
    return { payload, toolName, context: fireContext, inputs: { toolInput } };
  }
  if (modelEvents.includes(eventName)) {
    const request = await readRequestFile(context, stringOption(args, 'request') ?? '');
    const payload: Record<string, unknown> = { llm_request: defaultHookTranslator.toHookLLMRequest(request) };
    let response: GenerateContentResponse | undefined;
    if (eventName === HookEventName.AfterModel) {
      response = await readResponseFile(context, stringOption(args, 'response-file') ?? '');
      payload['llm_response'] = defaultHookTranslator.toHookLLMResponse(response);
    }
    return { payload, context: {}, inputs: { request, response } };
  }
  const payload = { ...(lifecycleDefaults[eventName] ?? {}), ...(parseJsonObjectOption(args, 'payload') ?? {}) };
  return { payload, context: {}, inputs: {} };
}

/** A Claude-named event: the payload Claude Code would send, built from the options, read back as hookrail's. */
function buildClaudePayload(args: ParsedArgs, claudeEvent: ClaudeEventName, workingDir: string): BuiltPayload {
  const claudePayload: Record<string, unknown> = { cwd: workingDir, hook_event_name: claudeEvent };
  const tool = claudeEvent === 'PreToolUse' || claudeEvent === 'PostToolUse' || claudeEvent === 'PostToolUseFailure';
  if (tool) {
    claudePayload['tool_name'] = stringOption(args, 'tool') ?? '';
    claudePayload['tool_input'] = parseJsonObjectOption(args, 'input') ?? {};
    if (claudeEvent === 'PostToolUse') claudePayload['tool_response'] = parseClaudeToolResponse(args);
    if (claudeEvent === 'PostToolUseFailure') claudePayload['error'] = parseClaudeError(args);
  } else {
    Object.assign(claudePayload, parseJsonObjectOption(args, 'payload') ?? {}, { hook_event_name: claudeEvent });
  }
  const fire = fromClaudeInput(claudePayload, { cwd: workingDir });
  if (!fire) throw new CliUsageError(`"${claudeEvent}" cannot be fired`, { commandName });
  // The base fields come from the fire itself (this run's session and project).
  const { session_id: _session, transcript_path: _transcript, cwd: _cwd, ...payload } = fire.fields;
  const fireContext: HookEventContext = {};
  if (typeof payload['tool_name'] === 'string') fireContext.toolName = payload['tool_name'];
  if (fire.toolFailed !== undefined) fireContext.toolFailed = fire.toolFailed;
  if (fire.subagent) fireContext.subagent = true;
  const toolInput = tool && isPlainObject(payload['tool_input']) ? payload['tool_input'] : undefined;
  return {
    payload,
    ...(fireContext.toolName !== undefined ? { toolName: fireContext.toolName } : {}),
    context: fireContext,
    inputs: toolInput ? { toolInput } : {},
  };
}

/** Parses a JSON-object option; a syntax error names the option, line and column. */
function parseJsonObjectOption(args: ParsedArgs, option: string): Record<string, unknown> | undefined {
  const text = stringOption(args, option);
  if (text === undefined) return undefined;
  const value = parseJsonOption(text, option);
  if (!isPlainObject(value)) {
    throw new CliUsageError(`--${option} must be a JSON object ({...}), got ${describeType(value)}`, { commandName });
  }
  return value;
}

/** `--response` as given: an object, or a string standing for `{"llmContent": string}`. */
function parseToolResponse(args: ParsedArgs): Record<string, unknown> {
  const text = stringOption(args, 'response');
  if (text === undefined) return { llmContent: '', returnDisplay: '', metadata: {} };
  const value = parseJsonOption(text, 'response');
  if (typeof value === 'string') return { llmContent: value, returnDisplay: value, metadata: {} };
  if (!isPlainObject(value)) {
    throw new CliUsageError(`--response must be a JSON object like {"llmContent": "..."} or a JSON string, got ${describeType(value)}`, {
      commandName,
    });
  }
  return value;
}

/** A native result with the fields a hook expects filled in. */
function withDefaults(value: Record<string, unknown>): Record<string, unknown> {
  const llmContent = typeof value['llmContent'] === 'string' ? value['llmContent'] : '';
  return { llmContent, returnDisplay: llmContent, metadata: {}, ...value };
}

/** PostToolUse `--response`: Claude's `tool_response` (any JSON), a string, or hookrail's result. */
function parseClaudeToolResponse(args: ParsedArgs): unknown {
  const text = stringOption(args, 'response');
  return text === undefined ? '' : parseJsonOption(text, 'response');
}

/** PostToolUseFailure `--response`: the error, as a string or `{"error": "..."}`. */
function parseClaudeError(args: ParsedArgs): string {
  const text = stringOption(args, 'response');
  if (text === undefined) return 'The tool failed';
  const value = parseJsonOption(text, 'response');
  if (typeof value === 'string') return value;
  if (isPlainObject(value) && typeof value['error'] === 'string') return value['error'];
  throw new CliUsageError(`--response for PostToolUseFailure must be the error as a JSON string or {"error": "..."}, got ${describeType(value)}`, { commandName });
}

function parseJsonOption(text: string, option: string): unknown {
  if (text.trim() === '') throw new CliUsageError(`--${option} is empty; pass a JSON value`, { commandName });
  try {
    return parseJsonText(text, `--${option}`);
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(`--${option}: `, '') : String(error);
    throw new CliUsageError(`--${option} is not valid JSON: ${message}`, { commandName });
  }
}

async function readJsonObjectFile(context: CommandContext, file: string, option: string): Promise<Record<string, unknown>> {
  const path = resolve(context.io.cwd, file);
  let content;
  try {
    content = await readJsonFile(path, { displayName: file });
  } catch (error) {
    throw new CliError(`--${option} ${error instanceof HookrailError ? error.message : String(error)}`);
  }
  if (!content.exists) throw new CliError(`--${option} ${file}: file not found`);
  if (!isPlainObject(content.value)) throw new CliError(`--${option} ${file}: expected a JSON object, got ${describeType(content.value)}`);
  return content.value;
}

async function readRequestFile(context: CommandContext, file: string): Promise<GenerateContentParameters> {
  const value = await readJsonObjectFile(context, file, 'request');
  if (value['contents'] === undefined) {
    throw new CliError(`--request ${file}: "contents" is missing; expected GenerateContentParameters like {"model": "...", "contents": [...]}`);
  }
  if (value['model'] !== undefined && typeof value['model'] !== 'string') {
    throw new CliError(`--request ${file}: "model" must be a string`);
  }
  return { model: 'unspecified', ...value } as unknown as GenerateContentParameters;
}

async function readResponseFile(context: CommandContext, file: string): Promise<GenerateContentResponse> {
  const value = await readJsonObjectFile(context, file, 'response-file');
  if (!Array.isArray(value['candidates'])) {
    throw new CliError(`--response-file ${file}: "candidates" must be an array; expected GenerateContentResponse like {"candidates": [...]}`);
  }
  await loadGenAI();
  return createGenerateContentResponse(value);
}

async function loadConfig(
  context: CommandContext,
  args: ParsedArgs,
  eventName: HookEventName,
): Promise<{ config: Config; hint: (toolName: string | undefined) => string[]; switchedOffBy: string[]; workingDir: string }> {
  const { workingDir, settings, scenario } = await loadOptionSettings(context.io, args, { commandName });
  const functionHooks = await loadFunctionHooksOption(context.io.cwd, args);
  const hookModel = await fireHookModel(context, args, scenario);
  for (const warning of settings.warnings) context.render.warn(warning);
  const configured = [
    ...(settings.hooks[eventName] ?? []).flatMap((group) =>
      group.hooks.map((hook) => `configured: matcher ${group.matcher ? JSON.stringify(group.matcher) : '(all)'} → ${describeConfigured(hook)}`),
    ),
    ...(functionHooks?.entries ?? [])
      .filter((entry) => entry.eventName === eventName)
      .map((entry) => `configured: matcher ${entry.matcher ? JSON.stringify(entry.matcher) : '(all)'} → ${describeConfigured(entry.config)}`),
  ];
  const hint = (toolName: string | undefined): string[] =>
    configured.length > 0
      ? [...configured, ...(toolName !== undefined ? [`none of these matchers matches "${toolName}", or they are disabled`] : ['they are disabled, or do not apply to this fire'])]
      : [`no ${eventName} hooks are configured; "hookrail hooks list" shows what is loaded`];
  // `run`'s Config. One difference that runs nothing more: with no hooks configured at all, `run` has no hook
  // system while fire keeps an empty one, so its report and --debug log show the fire that matched nothing.
  const parameters = toConfigParameters(settings);
  const enableHooks = parameters.enableHooks || settings.switchedOffBy.length === 0;
  const config = new Config({
    ...parameters,
    ...(functionHooks ? { functionHooks: functionHooks.definitions } : {}),
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
