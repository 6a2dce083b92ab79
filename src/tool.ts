/**
 * The tool contract shared by the scheduler, the agent loop and the built-in tools. Names follow
 * Gemini CLI's (`run_shell_command`, `read_file`, ...) so existing hook matchers work unchanged.
 */
import type { FunctionDeclaration } from '@google/genai';
import type { ToolResult } from './hooks/protocol/results.js';

/** What a tool receives besides its arguments. */
export interface ToolExecutionContext {
  /** Aborted when the call is cancelled; tools must stop their work and child processes. */
  signal: AbortSignal;
}

/** A tool the model can call. `execute` may throw; the scheduler turns that into an error result. */
export interface Tool {
  name: string;
  description?: string;
  /** JSON schema of the arguments, sent to the model as the function declaration's parameters. */
  parametersJsonSchema?: Record<string, unknown>;
  execute(args: Record<string, unknown>, context: ToolExecutionContext): Promise<ToolResult>;
}

/** One function call the model asked for. */
export interface ToolCallRequest {
  callId: string;
  name: string;
  args: Record<string, unknown>;
}

/** The function declaration the model is offered for a tool. */
export function toFunctionDeclaration(tool: Tool): FunctionDeclaration {
  return {
    name: tool.name,
    description: tool.description ?? '',
    parametersJsonSchema: tool.parametersJsonSchema ?? { type: 'object', properties: {} },
  };
}
