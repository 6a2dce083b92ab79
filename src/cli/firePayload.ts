/**
 * What `hookrail hooks fire` sends: the event as named on the command line (hookrail's name or Claude
 * Code's), which options apply to it, and the payload built from them — tool events from `--tool`,
 * `--input` and `--response`, model events from `--request` and `--response-file`, lifecycle events
 * from `--payload` over each event's defaults. With a Claude Code event name the options are read as
 * Claude Code would send them, then translated. Every bad option is a usage error naming it.
 */
import { resolve } from 'node:path';
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import { createGenerateContentResponse, loadGenAI } from '../genaiValues.js';
import { claudeEventNameList, isClaudeEventName, type ClaudeEventName } from '../hooks/dialects/claudeEvents.js';
import { fromClaudeInput } from '../hooks/dialects/claudePayload.js';
import { fromClaudeToolResponse, isFailedToolResponse } from '../hooks/dialects/claudeToolResponse.js';
import { toNativeToolInput } from '../hooks/dialects/toolArguments.js';
import { isClaudeToolName, toNativeToolName } from '../hooks/dialects/toolNames.js';
import type { HookEventContext } from '../hooks/protocol/hookConfig.js';
import { defaultHookTranslator } from '../hooks/protocol/hookTranslator.js';
import { HookEventName, hookEventNames, isHookEventName, isToolEvent } from '../hooks/protocol/events.js';
import { parseJsonText, readJsonFile } from '../adapters/jsonFile.js';
import { HookrailError } from '../errors.js';
import { describeType, isPlainObject } from '../values.js';
import { suggestClosest } from '../suggestClosest.js';
import { stringOption, type ParsedArgs } from './args.js';
import type { CommandContext } from './context.js';
import { CliError, CliUsageError } from './errors.js';
import type { FiredInputs } from './fireDecision.js';

/** The command these options belong to, named in its usage errors. */
export const hooksFireCommandName = 'hooks fire';

const commandName = hooksFireCommandName;

/** The model events: they take `--request` (AfterModel also `--response-file`). */
const modelEvents: readonly HookEventName[] = [
  HookEventName.BeforeModel,
  HookEventName.AfterModel,
  HookEventName.BeforeToolSelection,
];

/** Event-specific defaults of the lifecycle events (HOOK-203); `--payload` overrides them. */
const lifecycleDefaults: Partial<Record<HookEventName, Record<string, unknown>>> = {
  [HookEventName.BeforeAgent]: { prompt: '' },
  [HookEventName.AfterAgent]: { prompt: '', prompt_response: '', stop_hook_active: false },
  [HookEventName.SessionStart]: { source: 'startup' },
  [HookEventName.SessionEnd]: { reason: 'exit' },
  [HookEventName.PreCompress]: { trigger: 'manual' },
  [HookEventName.Notification]: { notification_type: 'ToolPermission', message: '', details: {} },
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

/** Claude Code's PostToolBatch is about a whole batch, not one tool: its calls come in `--payload` (`tool_calls`). */
function isBatchEvent(named: NamedEvent): boolean {
  return named.claudeEvent === 'PostToolBatch';
}

/** Usage errors for an option the event does not take, and for one it needs but was not given. */
export function checkFireOptions(named: NamedEvent, args: ParsedArgs): void {
  const eventName = named.eventName;
  const shownAs = named.claudeEvent ?? eventName;
  const toolEvent = isToolEvent(eventName) && !isBatchEvent(named);
  const rules: Array<{ option: string; applies: boolean; to: string }> = [
    { option: 'tool', applies: toolEvent, to: 'BeforeTool and AfterTool' },
    { option: 'input', applies: toolEvent, to: 'BeforeTool and AfterTool' },
    { option: 'response', applies: toolEvent && eventName === HookEventName.AfterTool, to: 'AfterTool' },
    { option: 'request', applies: modelEvents.includes(eventName), to: modelEvents.join(', ') },
    { option: 'response-file', applies: eventName === HookEventName.AfterModel, to: 'AfterModel' },
    {
      option: 'payload',
      applies: eventName in lifecycleDefaults || isBatchEvent(named),
      to: `${Object.keys(lifecycleDefaults).join(', ')} and PostToolBatch`,
    },
  ];
  for (const rule of rules) {
    if (!rule.applies && stringOption(args, rule.option) !== undefined) {
      throw new CliUsageError(`--${rule.option} does not apply to ${shownAs}; it is for ${rule.to}`, { commandName });
    }
  }
  const required: Array<{ option: string; when: boolean; what: string }> = [
    { option: 'tool', when: toolEvent, what: 'the tool name (NAME)' },
    { option: 'request', when: modelEvents.includes(eventName), what: 'a GenerateContentParameters JSON file (FILE)' },
    {
      option: 'response-file',
      when: eventName === HookEventName.AfterModel,
      what: 'a GenerateContentResponse JSON file (FILE)',
    },
  ];
  for (const rule of required) {
    if (rule.when && stringOption(args, rule.option) === undefined) {
      throw new CliUsageError(`${shownAs} needs --${rule.option}: ${rule.what}`, { commandName });
    }
  }
}

/** A fire's payload, with what the report and the decision need to know about it. */
export interface FirePayload {
  payload: Record<string, unknown>;
  toolName?: string;
  toolCallId?: string;
  context: HookEventContext;
  inputs: FiredInputs;
}

/** The payload of a fire, from the options that apply to its event; a Claude-named event is built as Claude Code sends it. */
export async function buildFirePayload(
  context: CommandContext,
  args: ParsedArgs,
  named: NamedEvent,
  workingDir: string,
): Promise<FirePayload> {
  const { eventName, claudeEvent } = named;
  if (claudeEvent !== undefined && !modelEvents.includes(eventName))
    return buildClaudePayload(args, claudeEvent, workingDir);
  if (isToolEvent(eventName)) {
    const givenName = stringOption(args, 'tool') ?? '';
    const toolName = toNativeToolName(givenName);
    const givenInput = parseJsonObjectOption(args, 'input') ?? {};
    // A tool named the Claude way comes with Claude's argument names and output shape.
    const toolInput = isClaudeToolName(givenName)
      ? toNativeToolInput(toolName, givenInput, { cwd: workingDir })
      : givenInput;
    const payload: Record<string, unknown> = { tool_name: toolName, tool_input: toolInput };
    const fireContext: HookEventContext = { toolName };
    if (eventName === HookEventName.AfterTool) {
      const response = parseToolResponse(args);
      const toolResponse =
        isClaudeToolName(givenName) && typeof response['llmContent'] !== 'string'
          ? fromClaudeToolResponse(response, { toolName, toolInput, cwd: workingDir })
          : withDefaults(response);
      payload['tool_response'] = toolResponse;
      fireContext.toolFailed = isFailedToolResponse(toolName, toolResponse);
    }
    return { payload, toolName, context: fireContext, inputs: { toolInput } };
  }
  if (modelEvents.includes(eventName)) {
    const request = await readRequestFile(context, stringOption(args, 'request') ?? '');
    const response =
      eventName === HookEventName.AfterModel
        ? await readResponseFile(context, stringOption(args, 'response-file') ?? '')
        : undefined;
    return modelFirePayload(request, response);
  }
  const payload = { ...(lifecycleDefaults[eventName] ?? {}), ...(parseJsonObjectOption(args, 'payload') ?? {}) };
  return { payload, context: {}, inputs: {} };
}

/** A Claude-named event: the payload Claude Code would send, built from the options, read back as hookrail's. */
function buildClaudePayload(args: ParsedArgs, claudeEvent: ClaudeEventName, workingDir: string): FirePayload {
  const claudePayload: Record<string, unknown> = { cwd: workingDir, hook_event_name: claudeEvent };
  const tool =
    claudeEvent === 'PreToolUse' ||
    claudeEvent === 'PostToolUse' ||
    claudeEvent === 'PostToolUseFailure' ||
    claudeEvent === 'PermissionRequest';
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
  if (fire.moment !== undefined) {
    fireContext.moment = fire.moment;
    if (typeof payload['error_type'] === 'string') fireContext.matchValue = payload['error_type'];
  }
  const toolInput = tool && isPlainObject(payload['tool_input']) ? payload['tool_input'] : undefined;
  return {
    payload,
    ...(fireContext.toolName !== undefined ? { toolName: fireContext.toolName } : {}),
    context: fireContext,
    inputs: { ...(toolInput ? { toolInput } : {}), ...(fire.moment !== undefined ? { moment: fire.moment } : {}) },
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
    throw new CliUsageError(
      `--response must be a JSON object like {"llmContent": "..."} or a JSON string, got ${describeType(value)}`,
      {
        commandName,
      },
    );
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
  throw new CliUsageError(
    `--response for PostToolUseFailure must be the error as a JSON string or {"error": "..."}, got ${describeType(value)}`,
    { commandName },
  );
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

async function readJsonObjectFile(
  context: CommandContext,
  file: string,
  option: string,
): Promise<Record<string, unknown>> {
  const path = resolve(context.io.cwd, file);
  let content;
  try {
    content = await readJsonFile(path, { displayName: file });
  } catch (error) {
    throw new CliError(`--${option} ${error instanceof HookrailError ? error.message : String(error)}`);
  }
  if (!content.exists) throw new CliError(`--${option} ${file}: file not found`);
  if (!isPlainObject(content.value))
    throw new CliError(`--${option} ${file}: expected a JSON object, got ${describeType(content.value)}`);
  return content.value;
}

/** A model event's payload: the request (and AfterModel's response) in the stable hook format. */
export function modelFirePayload(
  request: GenerateContentParameters,
  response: GenerateContentResponse | undefined,
): FirePayload {
  const payload: Record<string, unknown> = { llm_request: defaultHookTranslator.toHookLLMRequest(request) };
  if (response) payload['llm_response'] = defaultHookTranslator.toHookLLMResponse(response);
  return { payload, context: {}, inputs: { request, response } };
}

async function readRequestFile(context: CommandContext, file: string): Promise<GenerateContentParameters> {
  return toModelRequest(await readJsonObjectFile(context, file, 'request'), `--request ${file}`);
}

async function readResponseFile(context: CommandContext, file: string): Promise<GenerateContentResponse> {
  return toModelResponse(await readJsonObjectFile(context, file, 'response-file'), `--response-file ${file}`);
}

/** A GenerateContentParameters object, checked; `label` names where it came from in the error. */
export function toModelRequest(value: Record<string, unknown>, label: string): GenerateContentParameters {
  if (value['contents'] === undefined) {
    throw new CliError(
      `${label}: "contents" is missing; expected GenerateContentParameters like {"model": "...", "contents": [...]}`,
    );
  }
  if (value['model'] !== undefined && typeof value['model'] !== 'string') {
    throw new CliError(`${label}: "model" must be a string`);
  }
  return { model: 'unspecified', ...value } as unknown as GenerateContentParameters;
}

/** A GenerateContentResponse, checked and built with the GenAI classes; `label` names where it came from. */
export async function toModelResponse(value: Record<string, unknown>, label: string): Promise<GenerateContentResponse> {
  if (!Array.isArray(value['candidates'])) {
    throw new CliError(
      `${label}: "candidates" must be an array; expected GenerateContentResponse like {"candidates": [...]}`,
    );
  }
  await loadGenAI();
  return createGenerateContentResponse(value);
}
