/** Runs one tool call through a Config's BeforeTool and AfterTool hooks with a stand-in tool, and says whether the tool ran. */
import type { Config } from '../../src/hooks/engine/config.js';
import type { ToolResult } from '../../src/hooks/protocol/results.js';
import { executeToolWithHooks } from '../../src/hooks/triggers/executeToolWithHooks.js';

/** What {@link callThroughHooks} runs. */
export interface CallThroughHooksOptions {
  config: Config;
  toolName: string;
  args: Record<string, unknown>;
  /** What the stand-in tool returns; default `ran`. */
  result?: ToolResult;
}

/** The result the model gets and whether the tool itself ran. */
export async function callThroughHooks(
  options: CallThroughHooksOptions,
): Promise<{ ran: boolean; llmContent: string; result: ToolResult }> {
  let ran = false;
  const result = await executeToolWithHooks(options.config, options.toolName, options.args, async () => {
    ran = true;
    return options.result ?? { llmContent: 'ran', returnDisplay: 'ran' };
  });
  return { ran, llmContent: result.llmContent, result };
}
