/** Result shapes: a tool's result, one hook's execution, one event's aggregate (HOOK-070, 145, 149, 213). */
import type { HookEventName } from './events.js';
import type { HookConfig, HookOrigin } from './hookConfig.js';
import type { HookInput } from './inputs.js';
import type { DefaultHookOutput, HookOutput } from './outputs.js';

/** HOOK-149: a tool's result; `suppressDisplay` hides it from the user while the model still sees `llmContent`. */
export interface ToolResult {
  /** What the model receives. */
  llmContent: string;
  /** What the user is shown. */
  returnDisplay: string;
  metadata?: Record<string, unknown>;
  error?: { message: string; type?: string };
  suppressDisplay?: boolean;
  /**
   * The tool's own value when it returned something other than text (an AI SDK tool's object):
   * `llmContent` holds its JSON, and AfterTool hooks receive the value itself (`tool_response.output`;
   * a Claude Code hook gets it as `tool_response`, as Claude Code hands over an MCP tool's result).
   */
  output?: unknown;
  /** What the tool itself returned (`llmContent`), when an AfterTool hook put another result in its place. */
  replacedContent?: string;
}

/** How one hook process ended; the runner fills it and never throws (HOOK-070, 196). */
export interface HookExecutionResult {
  hookConfig: HookConfig;
  eventName: HookEventName;
  /** HOOK-070: true only for exit code 0. */
  success: boolean;
  output?: HookOutput;
  stdout?: string;
  stderr?: string;
  /** HOOK-196: a signal-killed hook reports 0 here with `success: false`; see `signal`. */
  exitCode?: number;
  /** The signal that ended the process, if any. */
  signal?: string;
  /** True when the hook exceeded its timeout and was killed (HOOK-117..119). */
  timedOut?: boolean;
  /** True when stdout or stderr (an http hook: the body) exceeded the capture cap and only its head was kept. */
  truncated?: boolean;
  /** http hooks: the response's status code, when one came. */
  httpStatus?: number;
  /** Prompt and agent hooks: the model that answered (or was asked, when it failed). */
  model?: string;
  /** Prompt and agent hooks: the model's answer as it came (the sub-agent's last text). */
  modelAnswer?: string;
  /** Agent hooks: the sub-agent's model calls. */
  modelTurns?: number;
  /**
   * The hook failed and has `onFailure: "block"`: `output` is the block it stands for
   * (a reason naming the hook and the failure), and the aggregator counts it like an exit-2 block.
   */
  failedClosed?: boolean;
  duration: number;
  error?: Error;
  /** The exact text written to the hook's stdin, in its dialect (`hooks fire --show-input`). */
  stdin?: string;
}

/**
 * One finished hook, as hook-execution observers see it (`Config.onHookExecuted`): the event, the
 * input that hook received (in a sequential chain, the chained input), its result, and the call the
 * fire was for.
 */
export interface HookExecutionEvent {
  eventName: HookEventName;
  input: HookInput;
  result: HookExecutionResult;
  origin?: HookOrigin;
}

/** Receives every finished hook; must not throw (a throw is caught and logged). */
export type HookExecutionObserver = (event: HookExecutionEvent) => void;

/** HOOK-145, HOOK-213: the aggregated result of one event fire; `success` is execution health. */
export interface AggregatedHookResult {
  success: boolean;
  finalOutput?: DefaultHookOutput;
  allOutputs: HookOutput[];
  errors: Error[];
  totalDuration: number;
}

/** HOOK-145: the empty success result (nothing matched, hooks off, or an infrastructure error). */
export function createEmptyAggregatedResult(): AggregatedHookResult {
  return { success: true, finalOutput: undefined, allOutputs: [], errors: [], totalDuration: 0 };
}
