/**
 * Small tools for the agent-loop tests: each records the arguments it ran with; one waits until its
 * call is cancelled.
 */
import type { Tool, ToolResult } from '../../src/index.js';

/** A tool that records its calls. */
export interface RecordingTool extends Tool {
  readonly calls: Array<Record<string, unknown>>;
}

/** A tool answering `respond(args)`; default: `<name>(<args JSON>) done`. */
export function recordingTool(
  name: string,
  respond: (args: Record<string, unknown>) => ToolResult = (args) => {
    const text = `${name}(${JSON.stringify(args)}) done`;
    return { llmContent: text, returnDisplay: text };
  },
): RecordingTool {
  const calls: Array<Record<string, unknown>> = [];
  return {
    name,
    description: `test tool ${name}`,
    parametersJsonSchema: { type: 'object', properties: { path: { type: 'string' } } },
    calls,
    async execute(args) {
      calls.push(args);
      return respond(args);
    },
  };
}

/** A tool that never finishes on its own: it resolves once its signal aborts, counting the aborts. */
export function waitingTool(name: string, onStart: () => void): Tool & { aborted: number } {
  const tool = {
    name,
    aborted: 0,
    async execute(_args: Record<string, unknown>, context: { signal: AbortSignal }): Promise<ToolResult> {
      onStart();
      await new Promise<void>((resolve) => {
        if (context.signal.aborted) resolve();
        context.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      tool.aborted += 1;
      return { llmContent: 'aborted', returnDisplay: 'aborted', error: { message: 'aborted' } };
    },
  };
  return tool;
}
