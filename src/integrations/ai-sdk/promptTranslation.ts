/**
 * AI SDK prompts in hookrail's GenAI-shaped request, and back. Model hooks see the request through
 * hookrail's one translator (`LLMRequest`: text messages, sampling settings, tool config), so a
 * BeforeModel or BeforeToolSelection hook reads an AI SDK call exactly as it reads a Gemini call.
 *
 * The way back keeps everything a hook cannot see: system messages, files, provider options, tool
 * calls and results travel as the original AI SDK parts; a message the hook left alone comes back as
 * the very same message object, and a request no hook changed comes back as the very same options.
 */
import { randomUUID } from 'node:crypto';
import type {
  Content,
  FunctionCallingConfigMode,
  GenerateContentConfig,
  GenerateContentParameters,
  Part,
  ToolConfig,
} from '@google/genai';
import { functionCallingMode } from '../../genaiValues.js';
import { isPlainObject } from '../../values.js';
import type { ToolNames } from './toolNames.js';
import type { LanguageModelCallOptions, LanguageModelPromptMessage } from './types.js';

/** A message part as this module reads it: any AI SDK part, by its `type`. */
type LoosePart = { type: string } & Record<string, unknown>;

/** A message as this module reads it: a model prompt's, or a `ModelMessage` of a result (content may be a string). */
export interface LooseMessage {
  role: string;
  content: string | readonly unknown[];
}

const samplingKeys = [
  'temperature',
  'maxOutputTokens',
  'topP',
  'topK',
  'stopSequences',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
] as const;

/** One model call's options as a GenAI request, with the way back to AI SDK options. */
export class PromptTranslation {
  /** The request hooks see (through the translator) and may change. */
  readonly request: GenerateContentParameters;
  private readonly systemMessages: LanguageModelPromptMessage[] = [];
  private readonly messageOfContent = new WeakMap<Content, LanguageModelPromptMessage>();
  private readonly originalParts = new WeakMap<Part, LoosePart>();
  private readonly toolConfig: ToolConfig | undefined;

  constructor(
    readonly params: LanguageModelCallOptions,
    private readonly options: { modelId: string; toolNames: ToolNames },
  ) {
    const contents: Content[] = [];
    const systemTexts: string[] = [];
    for (const message of params.prompt) {
      if (message.role === 'system') {
        this.systemMessages.push(message);
        systemTexts.push(message.content);
        continue;
      }
      const content = messageToContent(message, options.toolNames, this.originalParts);
      this.messageOfContent.set(content, message);
      contents.push(content);
    }
    const config: GenerateContentConfig = {};
    for (const key of samplingKeys)
      if (params[key] !== undefined) (config as Record<string, unknown>)[key] = params[key];
    if (params.responseFormat?.type === 'json') config.responseMimeType = 'application/json';
    if (systemTexts.length > 0) config.systemInstruction = systemTexts.join('\n\n');
    const declarations = (params.tools ?? []).map((tool) => ({
      name: options.toolNames.canonical(tool.name),
      ...(tool.type === 'function'
        ? { description: tool.description ?? '', parametersJsonSchema: tool.inputSchema }
        : {}),
    }));
    if (declarations.length > 0) config.tools = [{ functionDeclarations: declarations }];
    this.toolConfig = toToolConfig(params.toolChoice, options.toolNames);
    if (this.toolConfig) config.toolConfig = this.toolConfig;
    this.request = { model: options.modelId, contents, config };
  }

  /** The AI SDK options for `request`: the original options when no hook changed it. */
  toCallOptions(request: GenerateContentParameters): LanguageModelCallOptions {
    if (request === this.request) return this.params;
    const contents = Array.isArray(request.contents) ? (request.contents as Content[]) : [];
    const prompt = [...this.systemMessages, ...contents.flatMap((content) => this.toMessages(content))];
    const params: LanguageModelCallOptions = { ...this.params, prompt };
    for (const key of samplingKeys) {
      const value = (request.config as Record<string, unknown> | undefined)?.[key];
      if (value !== (this.request.config as Record<string, unknown>)[key])
        (params as Record<string, unknown>)[key] = value;
    }
    const toolConfig = request.config?.toolConfig;
    if (toolConfig !== this.toolConfig && toolConfig) Object.assign(params, this.selectTools(toolConfig));
    return params;
  }

  /**
   * A hook's tool selection the AI SDK way: tools outside `allowedFunctionNames` are not offered to
   * the model (as `activeTools` does), and the mode becomes the tool choice (NONE → `none`, ANY →
   * `required`, or that one tool when only one is allowed, AUTO → `auto`).
   */
  private selectTools(toolConfig: ToolConfig): Pick<LanguageModelCallOptions, 'tools' | 'toolChoice'> {
    const calling = toolConfig.functionCallingConfig ?? {};
    const allowed = calling.allowedFunctionNames;
    const isAllowed = (builderName: string): boolean =>
      allowed === undefined || allowed.includes(this.options.toolNames.canonical(builderName));
    const tools = allowed === undefined ? this.params.tools : this.params.tools?.filter((tool) => isAllowed(tool.name));
    let toolChoice = this.params.toolChoice;
    if (calling.mode === functionCallingMode.NONE) toolChoice = { type: 'none' };
    else if (calling.mode === functionCallingMode.ANY)
      toolChoice =
        allowed !== undefined && tools?.length === 1
          ? { type: 'tool', toolName: tools[0]!.name }
          : { type: 'required' };
    else if (calling.mode === functionCallingMode.AUTO) toolChoice = { type: 'auto' };
    else if (toolChoice?.type === 'tool' && !isAllowed(toolChoice.toolName)) toolChoice = { type: 'auto' };
    return { tools, toolChoice };
  }

  private toMessages(content: Content): LanguageModelPromptMessage[] {
    const original = this.messageOfContent.get(content);
    if (original) return [original];
    const parts = content.parts ?? [];
    if (content.role === 'model') {
      return [
        promptMessage(
          'assistant',
          parts.flatMap((part) => this.assistantPart(part)),
        ),
      ];
    }
    const userParts: LoosePart[] = [];
    const toolParts: LoosePart[] = [];
    for (const part of parts) {
      const kept = this.originalParts.get(part);
      if (kept)
        (kept.type === 'tool-result' || kept.type === 'tool-approval-response' ? toolParts : userParts).push(kept);
      else if (typeof part.text === 'string') userParts.push({ type: 'text', text: part.text });
      else if (part.functionResponse) toolParts.push(this.toolResultPart(part.functionResponse));
    }
    const messages: LanguageModelPromptMessage[] = [];
    if (userParts.length > 0) messages.push(promptMessage('user', userParts));
    if (toolParts.length > 0) messages.push(promptMessage('tool', toolParts));
    return messages;
  }

  private assistantPart(part: Part): LoosePart[] {
    const kept = this.originalParts.get(part);
    if (kept) return [kept];
    if (typeof part.text === 'string') return [{ type: part.thought === true ? 'reasoning' : 'text', text: part.text }];
    if (part.functionCall) {
      return [
        {
          type: 'tool-call',
          toolCallId: part.functionCall.id ?? randomUUID(),
          toolName: this.options.toolNames.builder(part.functionCall.name ?? ''),
          input: part.functionCall.args ?? {},
        },
      ];
    }
    return [];
  }

  private toolResultPart(response: NonNullable<Part['functionResponse']>): LoosePart {
    const value = response.response ?? {};
    const output =
      'error' in value
        ? { type: 'error-json', value: value['error'] }
        : { type: 'json', value: 'output' in value ? value['output'] : value };
    return {
      type: 'tool-result',
      toolCallId: response.id ?? randomUUID(),
      toolName: this.options.toolNames.builder(response.name ?? ''),
      output,
    };
  }
}

/** A prompt message of parts this module built or kept (each an AI SDK part of that role). */
function promptMessage(role: 'user' | 'assistant' | 'tool', content: LoosePart[]): LanguageModelPromptMessage {
  return { role, content } as unknown as LanguageModelPromptMessage;
}

/**
 * One AI SDK message as a GenAI `Content`: text as text, reasoning as thought text, tool calls as
 * function calls, tool results as function responses (in a user turn, as GenAI has them), under
 * hookrail's tool names; other parts travel as opaque parts. `originalParts` remembers each non-text
 * part's AI SDK original.
 */
export function messageToContent(
  message: LooseMessage,
  toolNames: ToolNames,
  originalParts?: WeakMap<Part, LoosePart>,
): Content {
  const role = message.role === 'assistant' ? 'model' : 'user';
  if (typeof message.content === 'string') return { role, parts: [{ text: message.content }] };
  const parts: Part[] = [];
  for (const item of message.content) {
    if (!isPlainObject(item) || typeof item['type'] !== 'string') continue;
    const source = item as LoosePart;
    const part = toPart(source, toolNames);
    if (typeof part.text !== 'string' || source.type !== 'text') originalParts?.set(part, source);
    parts.push(part);
  }
  return { role, parts };
}

/** The GenAI contents of AI SDK messages (system messages left out), for the transcript. */
export function messagesToContents(messages: readonly LooseMessage[], toolNames: ToolNames): Content[] {
  return messages.filter((message) => message.role !== 'system').map((message) => messageToContent(message, toolNames));
}

function toPart(source: LoosePart, toolNames: ToolNames): Part {
  switch (source.type) {
    case 'text':
      return { text: String(source['text'] ?? '') };
    case 'reasoning':
      return { text: String(source['text'] ?? ''), thought: true };
    case 'tool-call': {
      const input = source['input'];
      return {
        functionCall: {
          id: String(source['toolCallId'] ?? ''),
          name: toolNames.canonical(String(source['toolName'] ?? '')),
          args: isPlainObject(input) ? input : { input },
        },
      };
    }
    case 'tool-result':
      return {
        functionResponse: {
          id: String(source['toolCallId'] ?? ''),
          name: toolNames.canonical(String(source['toolName'] ?? '')),
          response: toolResponseValue(source['output']),
        },
      };
    default:
      return {};
  }
}

/** An AI SDK tool result's output as a GenAI function response: `{ output }`, or `{ error }` for a failure or a denial. */
function toolResponseValue(output: unknown): Record<string, unknown> {
  if (!isPlainObject(output)) return { output };
  switch (output['type']) {
    case 'error-text':
    case 'error-json':
      return { error: output['value'] };
    case 'execution-denied':
      return { error: output['reason'] ?? 'The tool call was denied' };
    case 'text':
    case 'json':
    case 'content':
      return { output: output['value'] };
    default:
      return { output };
  }
}

/** The AI SDK tool choice as GenAI's function-calling config (`tool` → ANY with that one name). */
function toToolConfig(
  toolChoice: LanguageModelCallOptions['toolChoice'],
  toolNames: ToolNames,
): ToolConfig | undefined {
  if (!toolChoice) return undefined;
  const modes: Record<string, FunctionCallingConfigMode> = {
    auto: functionCallingMode.AUTO,
    none: functionCallingMode.NONE,
    required: functionCallingMode.ANY,
    tool: functionCallingMode.ANY,
  };
  const functionCallingConfig: NonNullable<ToolConfig['functionCallingConfig']> = { mode: modes[toolChoice.type] };
  if (toolChoice.type === 'tool')
    functionCallingConfig.allowedFunctionNames = [toolNames.canonical(toolChoice.toolName)];
  return { functionCallingConfig };
}
