/**
 * Scripted answers for the AI SDK's own mock model (`MockLanguageModelV4` from `ai/test`): a tool
 * call, a text answer, a stream of parts; and the usage every answer carries.
 */
import { jsonSchema, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;
type StreamResult = Awaited<ReturnType<MockLanguageModelV4['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;

/** The usage the scripted answers report. */
export const scriptedUsage: GenerateResult['usage'] = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** An answer calling one tool. */
export function toolCallAnswer(toolName: string, input: unknown, toolCallId = `call-${toolName}`): GenerateResult {
  return {
    content: [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: scriptedUsage,
    warnings: [],
  };
}

/** A text answer. */
export function textAnswer(text: string): GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: scriptedUsage,
    warnings: [],
  };
}

/** The stream parts of a text answer sent in `chunks`. */
export function textStreamParts(chunks: readonly string[]): StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...chunks.map((delta): StreamPart => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: scriptedUsage },
  ];
}

/** A stream answer of `parts`. */
export function streamAnswer(parts: readonly StreamPart[]): StreamResult {
  return { stream: convertArrayToReadableStream([...parts]) };
}

/** A mock model answering each call with the next of `answers`. */
export function scriptedModel(answers: { generate?: GenerateResult[]; stream?: StreamResult[] }): MockLanguageModelV4 {
  return new MockLanguageModelV4({ doGenerate: answers.generate ?? [], doStream: answers.stream ?? [] });
}

/** A `bash` tool that records the commands it ran and answers `output(command)`. */
export function recordingBashTool(output: (command: string) => unknown = (command) => `ran: ${command}`) {
  const commands: string[] = [];
  const bash = tool({
    description: 'Run a shell command',
    inputSchema: jsonSchema<{ command: string }>({
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
    }),
    execute: async ({ command }) => {
      commands.push(command);
      return output(command);
    },
  });
  return { bash, commands };
}
