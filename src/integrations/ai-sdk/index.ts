/**
 * `hookrail/ai-sdk`: hookrail inside a Vercel AI SDK agent. One `createHookrail` gives the three
 * pieces a builder adds to their own `generateText` / `streamText` loop: hooked tools, a language
 * model middleware for the model hooks, and a session for the lifecycle around each prompt — all
 * sharing one Config, one set of tool names and one recording.
 *
 * `ai` is an optional peer dependency: this entry refers to its types only and never loads it; the
 * main `hookrail` entry does not refer to it at all.
 */
import type { LanguageModelMiddleware, StopCondition, ToolSet } from 'ai';
import type { Config } from '../../hooks/engine/config.js';
import type { InspectOption } from '../../inspection/recorder.js';
import { hookToolSet } from './hookedTools.js';
import { HookedSession, type HookedSessionOptions } from './hookedSession.js';
import { createHookMiddleware } from './modelMiddleware.js';
import { createRunRecorder, type HookedRunState } from './runState.js';
import { ToolNames, type ToolNameMapping } from './toolNames.js';

/** Options of {@link createHookrail}. */
export interface HookrailOptions extends HookedSessionOptions {
  /** The hooks, their settings and policies (`new Config({ enableHooks: true, hooks })`). */
  config: Config;
  /**
   * Your tool names → hookrail's canonical names, so hooks written for Gemini CLI (`run_shell_command`)
   * and Claude Code (`Bash`) apply to your tools: `{ bash: 'run_shell_command' }`. Unmapped tools keep their name.
   */
  toolNames?: ToolNameMapping;
  /**
   * Record the run as `hookrail run --inspect` does: `{ file: 'run.jsonl' }` (then `hookrail inspect
   * run.jsonl`), a record sink, or a callback for the raw XState events.
   */
  inspect?: InspectOption;
  /** The report's title; default `AI SDK run`. */
  title?: string;
}

/** What {@link createHookrail} returns. */
export interface Hookrail {
  readonly config: Config;
  /** `tools` with each call run through hookrail's toolCall machine (BeforeTool, ask, AfterTool). */
  tools<TOOLS extends ToolSet>(tools: TOOLS): TOOLS;
  /** The model hooks (BeforeToolSelection, BeforeModel, AfterModel): `wrapLanguageModel({ model, middleware })`. */
  readonly middleware: LanguageModelMiddleware;
  /** True once a hook asked the run to stop (`continue: false`): add it to `stopWhen`. */
  readonly stopWhen: StopCondition<ToolSet>;
  /** The reason a hook gave to stop the current prompt, if one did. */
  readonly stopReason: string | undefined;
  /** SessionStart, prompts (BeforeAgent, AfterAgent), SessionEnd, and the transcript. */
  readonly session: HookedSession;
}

/**
 * Hooks for an AI SDK agent: hooked tools, the model middleware, `stopWhen`, and the session.
 *
 * ```ts
 * const hooks = createHookrail({ config, toolNames: { bash: 'run_shell_command' } });
 * const model = wrapLanguageModel({ model: baseModel, middleware: hooks.middleware });
 * const tools = hooks.tools({ bash });
 * const result = await hooks.session.prompt('Deploy the site', ({ messages }) =>
 *   generateText({ model, tools, messages, stopWhen: [stepCountIs(10), hooks.stopWhen] }));
 * await hooks.session.end();
 * ```
 */
export function createHookrail(options: HookrailOptions): Hookrail {
  const { config } = options;
  const recorder = options.inspect
    ? createRunRecorder({ inspect: options.inspect, config, title: options.title ?? 'AI SDK run' })
    : undefined;
  // Every hook of this Config is recorded beside the machines' records for as long as the process runs.
  recorder?.observeHooks(config);
  const state: HookedRunState = {
    config,
    toolNames: new ToolNames(options.toolNames),
    recorder,
    stopReason: undefined,
    modelCalls: 0,
  };
  return {
    config,
    tools: (tools) => hookToolSet(tools, state),
    middleware: createHookMiddleware(state),
    stopWhen: () => state.stopReason !== undefined,
    get stopReason() {
      return state.stopReason;
    },
    session: new HookedSession(state, options),
  };
}

export { HookedSession } from './hookedSession.js';
export type {
  GenerateResultLike,
  HookedGenerate,
  HookedPromptResult,
  HookedPromptStatus,
  HookedSessionOptions,
} from './hookedSession.js';
export type { ToolNameMapping } from './toolNames.js';
export { HookedToolCallError } from '../../errors.js';
export type { HookedToolCallOutcome } from '../../errors.js';
