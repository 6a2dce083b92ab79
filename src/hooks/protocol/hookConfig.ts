/**
 * How hooks are configured: the `hooks` key of settings.json, hook kinds, sources, timeouts, and the
 * registry entry a configured hook becomes (HOOK-080..087).
 */
import type { HookEventName } from './events.js';

/**
 * HOOK-083: hook kinds. `command` runs a process, `http` POSTs to a URL, `function` calls host code
 * in-process (a callable action), `prompt` asks the hook model and `agent` runs a read-only
 * sub-agent (a prompt-based LLM and subagent actions); `plugin` is accepted for
 * forward compatibility (HOOK-195).
 */
export enum HookType {
  Command = 'command',
  Plugin = 'plugin',
  Http = 'http',
  Function = 'function',
  Prompt = 'prompt',
  Agent = 'agent',
}

/**
 * Which agent's protocol a hook speaks: `native` (hookrail, Gemini CLI's names), `claude` (Claude
 * Code), `gemini` (Gemini CLI). See src/hooks/dialects/.
 */
export type HookDialect = 'native' | 'claude' | 'gemini';

/**
 * Where a hook came from, as far as speaking to it goes. The settings readers set these from the
 * file a hook is in (a `.claude` file makes every hook `claude`); a hookrail file may set them per hook.
 */
export interface HookDialectFields {
  /** Default `native`: the stdin the hook gets and how its answer is read. */
  dialect?: HookDialect;
  /**
   * The event as the hook's file named it, when that narrows the hookrail event: Claude Code's
   * `PostToolUse` (the tool succeeded) or `PostToolUseFailure` (it failed) on AfterTool, `Stop` or
   * `SubagentStop` on AfterAgent.
   */
  dialectEvent?: string;
  /** Extra environment variables for the hook (a Claude plugin's `CLAUDE_PLUGIN_ROOT`, ...). */
  env?: Record<string, string>;
}

/**
 * Seed 002's `continueOnFailure`: what a hook that fails (cannot start, times out, exits with a code
 * other than 0 or 2, throws, answers with an invalid body, is cut by the output cap) means for the
 * action it guards. `continue` (default) is fail-open; `block` blocks BeforeTool, BeforeModel,
 * BeforeToolSelection and BeforeAgent.
 */
export type HookFailurePolicy = 'continue' | 'block';

/** Fields every hook type takes. */
export interface HookCommonFields extends HookDialectFields {
  /** Optional display name, usable with enable/disable. */
  name?: string;
  description?: string;
  /** Milliseconds; default {@link DEFAULT_HOOK_TIMEOUT_MS} (HOOK-120). */
  timeout?: number;
  /** Default `continue` (fail-open). */
  onFailure?: HookFailurePolicy;
  /** Higher runs first (sequential) and merges first (parallel); default 0; ties keep source and configuration order. */
  priority?: number;
  /** Runs in the background: never blocks or modifies; its messages join the next model request. */
  async?: boolean;
  /** A tool condition such as `run_shell_command(git push*)`, checked before the hook runs. */
  if?: string;
  /** Set by the system settings file only: no `disabledHooks` entry or lower-scope `enableHooks: false` switches it off. */
  pinned?: boolean;
}

/** HOOK-083: a command hook as configured in settings.json. */
export interface CommandHookConfig extends HookCommonFields {
  type: HookType.Command | 'command';
  /**
   * Shell command; `$LLXPRT_PROJECT_DIR`, `$GEMINI_PROJECT_DIR`, `$CLAUDE_PROJECT_DIR` are expanded
   * (HOOK-188). With `args` it is the executable, spawned without a shell (exec form).
   */
  command: string;
  /** Exec form: the arguments, passed as they are (no shell, no quoting); project-dir variables expanded. */
  args?: string[];
}

/** HOOK-195: a plugin hook passes validation but has no execution path; the runner fails it. */
export interface PluginHookConfig extends HookCommonFields {
  type: HookType.Plugin | 'plugin';
  command?: string;
}

/** An http hook: the input JSON is POSTed to `url`; a 2xx JSON body is read like a command's stdout. */
export interface HttpHookConfig extends HookCommonFields {
  type: HookType.Http | 'http';
  /** An `http:` or `https:` URL. */
  url: string;
  /** Extra request headers; values may use `$VAR` / `${VAR}` for the variables in `allowedEnvVars`. */
  headers?: Record<string, string>;
  /** Environment variables header values may interpolate; any other `$VAR` becomes empty. */
  allowedEnvVars?: string[];
  command?: undefined;
}

/**
 * A prompt hook. The hook model (`Config.hookModel`) reads `prompt` with the input JSON in
 * place of `$ARGUMENTS` (appended when absent) and answers `{ "ok": boolean, "reason"?: string }`;
 * `ok: false` blocks (on AfterAgent: the agent goes on). Default timeout 30 s.
 */
export interface PromptHookConfig extends HookCommonFields {
  type: HookType.Prompt | 'prompt';
  prompt: string;
  /** Another model of the hook model's API (e.g. `gemini-2.5-flash-lite`); default: the hook model's own. */
  model?: string;
  command?: undefined;
}

/**
 * An agent hook. A sub-agent with read-only tools works on `prompt` (with `$ARGUMENTS` like a
 * prompt hook) for at most `maxTurns` model calls and ends with the same `{ ok, reason }`. Default timeout 60 s.
 */
export interface AgentHookConfig extends HookCommonFields {
  type: HookType.Agent | 'agent';
  prompt: string;
  /** Model calls the sub-agent may make; default 50. */
  maxTurns?: number;
  /** As for a prompt hook. */
  model?: string;
  command?: undefined;
}

/** What an in-process hook's `run` gets besides its input. */
export interface FunctionHookContext {
  /** Aborts at the hook's timeout, when the call is cancelled, and at session end (async hooks). */
  signal: AbortSignal;
}

/** The untyped form of a function hook's `run`; hosts write the per-event typed `FunctionHookDefinition`. */
export type FunctionHookRun = (input: never, context: FunctionHookContext) => unknown;

/** A function hook as the registry holds it (made from a `FunctionHookDefinition`). */
export interface FunctionHookConfig extends HookCommonFields {
  type: HookType.Function | 'function';
  name: string;
  run: FunctionHookRun;
  command?: undefined;
}

/** One hook as it can appear in settings (JSON): command, http, prompt, agent, or plugin. */
export type SettingsHookConfig =
  | CommandHookConfig
  | PluginHookConfig
  | HttpHookConfig
  | PromptHookConfig
  | AgentHookConfig;

/** One configured hook, of any type. */
export type HookConfig = SettingsHookConfig | FunctionHookConfig;

/** HOOK-082: a hook group in settings.json: optional matcher, optional sequential, required hooks. */
export interface HookDefinition {
  matcher?: string;
  sequential?: boolean;
  hooks: SettingsHookConfig[];
}

/** HOOK-080: the `hooks` key of settings.json. */
export type HooksSettings = { [Event in HookEventName]?: HookDefinition[] };

/** HOOK-086, HOOK-187: where a hook came from; lower priority number runs first. */
export enum ConfigSource {
  /** In-process function hooks the host registered (`Config.functionHooks`, `registerFunctionHook`). */
  Function = 'function',
  Project = 'project',
  User = 'user',
  System = 'system',
  Extensions = 'extensions',
}

/** HOOK-120: default hook timeout, 60 s. */
export const DEFAULT_HOOK_TIMEOUT_MS = 60_000;

/** HOOK-118: grace period between SIGTERM and SIGKILL. */
export const HOOK_KILL_GRACE_MS = 5_000;

/** What the planner decided to run for one event (HOOK-109). */
export interface HookExecutionPlan {
  eventName: HookEventName;
  hookConfigs: HookConfig[];
  sequential: boolean;
}

/** A registered hook with its source and group settings. */
export interface HookRegistryEntry {
  config: HookConfig;
  source: ConfigSource;
  eventName: HookEventName;
  matcher?: string;
  sequential?: boolean;
  enabled: boolean;
  /** Name of the extension that contributed the hook, for `ConfigSource.Extensions`. */
  extensionName?: string;
  /** The protocol the hook speaks, from the file it came from (docs/architecture.md, "Dialects"). */
  dialect: HookDialect;
  /** See {@link HookDialectFields.dialectEvent}. */
  dialectEvent?: string;
}

/** Context the planner filters on: tool events pass `{ toolName }`, model events nothing (HOOK-162, 163). */
export interface HookEventContext {
  toolName?: string;
  /** AfterTool: the tool failed; Claude `PostToolUse` hooks skip it, `PostToolUseFailure` hooks run only then. */
  toolFailed?: boolean;
  /** AfterAgent: a sub-agent stops; only Claude `SubagentStop` hooks run for it. */
  subagent?: boolean;
  /** A Claude Code event fired on its nearest hookrail event ({@link HookFireOptions.moment}): only its hooks run. */
  moment?: string;
  /**
   * Lifecycle events: the value Claude Code and Gemini CLI hooks match their `matcher` against
   * (SessionStart `source`, SessionEnd `reason`, PreCompress `trigger`, Notification `notification_type`).
   */
  matchValue?: string;
  /** The tool's arguments, for `if` conditions; without them only a condition's tool name is checked. */
  toolInput?: Record<string, unknown>;
}

/** Options that travel with one event fire. */
export interface HookFireOptions {
  /** Aborting kills every running hook process of this fire (and its process group). */
  signal?: AbortSignal;
  /** Tool events: the call's id, sent to Claude Code hooks as `tool_use_id` (the same for Before and After). */
  toolCallId?: string;
  /** AfterAgent: a sub-agent stops (Claude Code hooks are told `SubagentStop`). */
  subagent?: boolean;
  /**
   * A Claude Code event with no hookrail event of its own (`PostCompact` on PreCompress, `StopFailure`
   * on AfterAgent): only Claude hooks configured on that event run, and they are told its name.
   */
  moment?: string;
  /** The call this fire is for; handed to hook-execution observers (the run report links hooks to calls by it). */
  origin?: HookOrigin;
  /**
   * The session that fires: its hooks are told its `session_id` and `transcript_path` (and a Claude
   * SessionStart hook its `CLAUDE_ENV_FILE`), and async hooks' messages wait for its next model request.
   * Default: the Config's session id and transcript path.
   */
  session?: HookSession;
}

/**
 * One session as its hooks see it. Several sessions may share one Config; each fires with its own, so
 * no hook of one session is told the id, transcript or messages of another.
 */
export interface HookSession {
  sessionId: string;
  /** The session's JSON Lines transcript; '' when it writes none. */
  transcriptPath: string;
}

/** Which call a fire belongs to: a tool call's id and the machine actor's XState session ids. */
export interface HookOrigin {
  callId?: string;
  actorId?: string;
  rootId?: string;
}

/** The name shown for a hook in logs and listings: its `name`, else its `command`, else its `url`. */
export function getHookName(config: HookConfig): string {
  return (
    config.name ??
    config.command ??
    (config.type === 'http' ? config.url : undefined) ??
    judgedHookName(config) ??
    `unnamed ${config.type} hook`
  );
}

/** `prompt: Is this command safe? $ARGUMENTS`, cut at 60 characters. */
function judgedHookName(config: HookConfig): string | undefined {
  if ((config.type !== 'prompt' && config.type !== 'agent') || typeof config.prompt !== 'string') return undefined;
  const prompt = config.prompt.replace(/\s+/g, ' ').trim();
  return `${config.type}: ${prompt.length > 60 ? `${prompt.slice(0, 60)}…` : prompt}`;
}
