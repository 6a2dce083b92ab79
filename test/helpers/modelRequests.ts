/**
 * The model request the modelCall machine tests send: a three-message conversation offering
 * read_file and write_file with function calling on AUTO, and reading the text of a response.
 */
import { FunctionCallingConfigMode, type GenerateContentParameters, type GenerateContentResponse } from '@google/genai';

/** The tools of {@link baseModelRequest}. */
export const modelRequestTools = [
  {
    functionDeclarations: [
      { name: 'read_file', description: 'reads' },
      { name: 'write_file', description: 'writes' },
    ],
  },
];

/** A fresh copy of the request, so a test that changes it cannot leak into the next. */
export function baseModelRequest(): GenerateContentParameters {
  return {
    model: 'test-model',
    contents: [
      { role: 'user', parts: [{ text: 'list the files' }] },
      { role: 'model', parts: [{ text: 'Which directory?' }] },
      { role: 'user', parts: [{ text: 'the current one' }] },
    ],
    config: {
      tools: modelRequestTools,
      toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } },
    },
  };
}

/** The text of candidate 0 of a response ('' when there is none). */
export function candidateText(response: GenerateContentResponse | undefined): string {
  return (response?.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? '').join('');
}
