/**
 * Config: the host application's view of hookrail. It owns at most one {@link HookSystem}, created
 * lazily on first use, and nothing at all while hooks are disabled (HOOK-001, 002, 010, 013).
 */
import { randomUUID } from 'node:crypto';
import type { ConsoleLikeLogger, DebugLogger } from '../../debugLogger.js';
import { AgentSessionError, toError } from '../../errors.js';
import {
  checkConfigParameters,
  mcpServersByToolName,
  resolveConfigLogger,
  validAskUserTimeout,
  validWarmInterpreters,
} from './configParameters.js';
import { HookSystem } from './hookSystem.js';
import type { HookSession, HooksSettings } from '../protocol/hookConfig.js';
import type { ExtensionConfig, HookSystemHost, SubagentIdentity } from './engineHost.js';

export type { ExtensionConfig, SubagentIdentity } from './engineHost.js';
import type { AskUserCallback } from '../protocol/askUser.js';
import type { HookExecutionEvent, HookExecutionObserver } from '../protocol/results.js';
import type { FunctionHookDefinition } from '../protocol/functionHooks.js';
import type { ContentGenerator } from '../../contentGenerator.js';
import type { McpServerTransport } from '../dialects/mcpToolNames.js';
import type { HookAgentOutcome, HookAgentTask, HookAgentTaskRunner, JudgedHookEvent } from '../protocol/judgedHooks.js';

/** What hook processes inherit from the host (HOOK-188 keeps inheritance by default). */
export interface HookEnvironmentOptions {
  /**
   * Variables no hook process receives: names or globs (`*`, `?`, `[...]`), case-insensitive, e.g.
   * `["*_API_KEY", "AWS_*", "GITHUB_TOKEN"]`. The project-directory variables are always set.
   */
  withhold?: readonly string[];
}

/** What {@link HookAgentRunner} is asked: one agent hook's task, the Config whose hook it is, and the session that fired it. */
export interface HookAgentRunRequest {
  /** The Config of the hook's session; the runner gives the sub-agent `config.createSubagentConfig()`. */
  config: Config;
  task: HookAgentTask;
  /** The session whose hook this is (the sub-agent takes its id, its transcript sits beside that session's); default the Config's. */
  session?: HookSession;
}

/**
 * Runs an agent hook's sub-agent (the session machine, nested: `createHookAgentRunner()`).
 * It should resolve even on failure; a rejection is read as one.
 */
export type HookAgentRunner = (request: HookAgentRunRequest) => Promise<HookAgentOutcome>;

/** Options for {@link Config}; every field is optional. */
export interface ConfigParameters {
  /** Default `false`: hooks cost nothing until enabled (HOOK-010). */
  enableHooks?: boolean;
  /**
   * The settings.json `hooks` object; validated by the registry, bad entries skipped with a warning.
   * Written with Claude Code's event names (PreToolUse, ...) it is read as Claude Code's: its hooks get
   * Claude's stdin and answer rules, and `timeout` counts seconds (docs/architecture.md, "Dialects").
   */
  hooks?: HooksSettings | Record<string, unknown>;
  /**
   * In-process hooks (a callable action), run through the same planner,
   * aggregator and machines as command hooks. Invalid entries are skipped with a warning naming
   * `functionHooks[i]`. More can be added later with `getHookSystem().registerFunctionHook()`.
   */
  functionHooks?: readonly FunctionHookDefinition[];
  /** Extensions with hooks; inactive ones are ignored. */
  extensions?: ExtensionConfig[];
  /** Hooks disabled by name or command. */
  disabledHooks?: string[];
  /** Variables to keep from every hook process; default: none (every hook inherits the host's environment). */
  hookEnvironment?: HookEnvironmentOptions;
  /**
   * Idle warm interpreters kept per interpreter that command hooks name (`node x.js`, `python3 x.py`,
   * a script whose shebang names one), so such a hook skips the interpreter's start; default
   * {@link DEFAULT_WARM_INTERPRETERS}, 0 switches warm starts off. A hook runs cold whenever a warm
   * process could differ (docs/warm-interpreters.md).
   */
  warmInterpreters?: number;
  /**
   * The MCP servers whose tools this Config's calls may name (`mcp__NAME__TOOL`), by `NAME`, with how
   * each is reached; Gemini CLI hooks get it in `mcp_context` (`command`, `args`, `cwd` or `url`), as
   * Gemini CLI gives it. `hookrail mcp` describes the server it fronts. Default: none.
   */
  mcpServers?: Readonly<Record<string, McpServerTransport>>;
  /**
   * Default: a random UUID. The `session_id` of hooks fired outside a session (`executeToolWithHooks`,
   * a scheduler or trigger used alone, `hooks fire`) and of the first session created on this Config
   * without a `sessionId` of its own; every later session gets a fresh UUID (see {@link Config.openSession}).
   */
  sessionId?: string;
  /** Default: `process.cwd()`. Sent to hooks as `cwd` and the `*_PROJECT_DIR` variables. */
  workingDir?: string;
  /**
   * Where warnings and debug lines go: a {@link DebugLogger}, or a console-like logger (`console`,
   * pino, winston: an object with `warn` and optionally `error`, `info`, `debug`), whose methods then
   * receive the records of their level. Default: warnings on stderr.
   */
  logger?: DebugLogger | ConsoleLikeLogger;
  /**
   * Resolves a BeforeTool hook's `ask` (the call waits in the `asking` state). Without it
   * the library keeps HOOK-182: `ask` is not a block and the call proceeds.
   */
  onAskUser?: AskUserCallback;
  /** Milliseconds `onAskUser` may take before the call is denied; default 300000 (5 minutes). */
  askUserTimeout?: number;
  /**
   * The transcript file (JSON Lines) hooks fired outside a session are told as `transcript_path`;
   * default '' (no transcript). The session that takes this Config's id sets it to its own; every
   * session tells its own hooks its own transcript.
   */
  transcriptPath?: string;
  /**
   * The model prompt hooks ask and agent hooks' sub-agents talk to. Without one, prompt
   * and agent hooks fail (and `onFailure` applies). A hook's `model` is sent as the request's model.
   */
  hookModel?: ContentGenerator;
  /** Runs agent hooks' sub-agents (`createHookAgentRunner()`); without one, agent hooks fail. */
  hookAgentRunner?: HookAgentRunner;
  /** Told of every prompt or agent hook that finishes (to show the user a judged decision); must not throw. */
  onJudgedHook?: (event: JudgedHookEvent) => void;
  /**
   * This Config belongs to a sub-agent (an agent hook's, made by `createSubagentConfig()`):
   * only the parent's BeforeTool, AfterTool and AfterAgent hooks run — AfterAgent fired as
   * SubagentStop — and no prompt or agent hook, so a judge is never judged.
   */
  subagent?: boolean;
  /** A sub-agent's identity, told to Claude Code hooks as `agent_id` and `agent_type` on every event it fires. */
  subagentIdentity?: SubagentIdentity;
}

/**
 * The host's configuration; `getHookSystem()` is the one entry point to the hook system. The
 * constructor checks its parameters and throws a `ConfigParameterError` naming a parameter of the
 * wrong type, so a configuration mistake fails at once, never by switching hooks off later.
 */
export class Config implements HookSystemHost {
  private readonly enableHooks: boolean;
  private readonly hooks: HooksSettings | Record<string, unknown>;
  private readonly functionHooks: readonly FunctionHookDefinition[];
  private readonly extensions: readonly ExtensionConfig[];
  private readonly disabledHooks: readonly string[];
  private readonly hookEnvironment: Readonly<Required<HookEnvironmentOptions>>;
  private readonly warmInterpreters: number;
  private readonly mcpServers: Readonly<Record<string, McpServerTransport>>;
  private readonly sessionId: string;
  private readonly workingDir: string;
  private readonly logger: DebugLogger;
  private readonly onAskUser: AskUserCallback | undefined;
  private readonly askUserTimeout: number;
  private transcriptPath: string;
  private readonly hookModel: ContentGenerator | undefined;
  private readonly hookAgentRunner: HookAgentRunner | undefined;
  private readonly subagent: boolean;
  private readonly onJudgedHook: ((event: JudgedHookEvent) => void) | undefined;
  /** True once a session has taken this Config's id. */
  private sessionIdTaken = false;
  /** The ids of the sessions open on this Config. */
  private readonly openSessionIds = new Set<string>();
  /** As given, for {@link createSubagentConfig}. */
  private readonly parameters: ConfigParameters;
  private hookSystem?: HookSystem;
  private readonly hookObservers = new Set<HookExecutionObserver>();

  constructor(parameters: ConfigParameters = {}) {
    checkConfigParameters(parameters);
    this.parameters = parameters;
    this.hookModel = parameters.hookModel;
    this.hookAgentRunner = parameters.hookAgentRunner;
    this.subagent = parameters.subagent === true;
    this.onJudgedHook = parameters.onJudgedHook;
    this.enableHooks = parameters.enableHooks ?? false;
    this.hooks = parameters.hooks ?? {};
    this.functionHooks = parameters.functionHooks ?? [];
    this.extensions = parameters.extensions ?? [];
    this.disabledHooks = parameters.disabledHooks ?? [];
    this.hookEnvironment = { withhold: [...(parameters.hookEnvironment?.withhold ?? [])] };
    this.sessionId = parameters.sessionId ?? randomUUID();
    this.workingDir = parameters.workingDir ?? process.cwd();
    this.logger = resolveConfigLogger(parameters.logger);
    this.onAskUser = parameters.onAskUser;
    this.askUserTimeout = validAskUserTimeout(parameters.askUserTimeout, this.logger);
    this.warmInterpreters = validWarmInterpreters(parameters.warmInterpreters, this.logger);
    this.mcpServers = mcpServersByToolName(parameters.mcpServers);
    this.transcriptPath = parameters.transcriptPath ?? '';
  }

  getEnableHooks(): boolean {
    return this.enableHooks;
  }

  getHooks(): HooksSettings | Record<string, unknown> {
    return this.hooks;
  }

  /** The function hooks given to the constructor. */
  getFunctionHooks(): readonly FunctionHookDefinition[] {
    return this.functionHooks;
  }

  getExtensions(): readonly ExtensionConfig[] {
    return this.extensions;
  }

  getDisabledHooks(): readonly string[] {
    return this.disabledHooks;
  }

  /** What hook processes inherit: the `withhold` list (empty by default). */
  getHookEnvironment(): Readonly<Required<HookEnvironmentOptions>> {
    return this.hookEnvironment;
  }

  /** Idle warm interpreters per interpreter command hooks name; 0: every hook starts cold. */
  getWarmInterpreters(): number {
    return this.warmInterpreters;
  }

  /** The MCP servers this Config's calls may name, keyed as their names appear in `mcp__NAME__TOOL`. */
  getMcpServers(): Readonly<Record<string, McpServerTransport>> {
    return this.mcpServers;
  }

  /** The session id of hooks fired outside a session, and of the first session created on this Config. */
  getSessionId(): string {
    return this.sessionId;
  }

  /**
   * The id of a new session on this Config (`createAgentSession` asks): `requested` when given;
   * otherwise this Config's id for the first session that asks, and a fresh random UUID for every
   * later one. Each session's hooks are told its own id, transcript and async messages, so no two
   * open sessions may share an id: throws an {@link AgentSessionError} when `requested` is not a
   * non-empty string or belongs to a session still open here. {@link closeSession} frees the id.
   */
  openSession(requested?: string): string {
    if (requested !== undefined && (typeof requested !== 'string' || requested === '')) {
      throw new AgentSessionError(
        `createAgentSession sessionId must be a non-empty string, got ${JSON.stringify(requested)}`,
      );
    }
    let sessionId: string;
    if (requested !== undefined) sessionId = requested;
    else if (!this.sessionIdTaken) sessionId = this.sessionId;
    else sessionId = randomUUID();
    if (this.openSessionIds.has(sessionId)) {
      throw new AgentSessionError(
        `a session with id "${sessionId}" is still open on this Config; end it first or give the new session another sessionId`,
      );
    }
    if (sessionId === this.sessionId) this.sessionIdTaken = true;
    this.openSessionIds.add(sessionId);
    return sessionId;
  }

  /** The session `sessionId` has ended: its id may be given to a new session again. */
  closeSession(sessionId: string): void {
    this.openSessionIds.delete(sessionId);
  }

  getWorkingDir(): string {
    return this.workingDir;
  }

  getDebugLogger(): DebugLogger {
    return this.logger;
  }

  /** The host's answer to a hook's `ask`; `undefined` keeps HOOK-182 (ask proceeds). */
  getOnAskUser(): AskUserCallback | undefined {
    return this.onAskUser;
  }

  /** The bound on `onAskUser`, in milliseconds. */
  getAskUserTimeout(): number {
    return this.askUserTimeout;
  }

  /** The transcript hooks are told about (`transcript_path`); '' while there is none. */
  getTranscriptPath(): string {
    return this.transcriptPath;
  }

  /** Sets the transcript of fires outside a session; the session that takes this Config's id sets its own. */
  setTranscriptPath(path: string): void {
    this.transcriptPath = path;
  }

  /** The model of prompt hooks and agent hooks' sub-agents; `undefined` when none was given. */
  getHookModel(): ContentGenerator | undefined {
    return this.hookModel;
  }

  /** The runner of agent hooks' sub-agents; `undefined` when none was given. */
  getHookAgentRunner(): HookAgentRunner | undefined {
    return this.hookAgentRunner;
  }

  /** The runner of an agent hook fired in `session`, with this Config and that session bound in; a runner that throws synchronously rejects instead. */
  getHookAgentTaskRunner(session: HookSession): HookAgentTaskRunner | undefined {
    const runner = this.hookAgentRunner;
    if (!runner) return undefined;
    return async (task) => {
      try {
        return await runner({ config: this, task, session });
      } catch (error) {
        throw toError(error);
      }
    };
  }

  /** Hands a finished judged hook to `onJudgedHook`; a listener that throws is logged and ignored. */
  notifyJudgedHook(event: JudgedHookEvent): void {
    if (!this.onJudgedHook) return;
    try {
      this.onJudgedHook(event);
    } catch (error) {
      this.logger.warn(
        `Config onJudgedHook threw on ${event.hookType} hook "${event.hookName}"; ignored: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** True for a sub-agent's Config (see {@link ConfigParameters.subagent}). */
  isSubagent(): boolean {
    return this.subagent;
  }

  /**
   * The Config of an agent hook's sub-agent: this one's settings, session id, working
   * directory and hook model, marked `subagent` (its own hook system keeps only the tool guards and
   * AfterAgent hooks, never a prompt or agent hook) and without a runner or transcript of its own.
   */
  createSubagentConfig(identity?: SubagentIdentity): Config {
    const { hookAgentRunner: _runner, ...parameters } = this.parameters;
    return new Config({
      ...parameters,
      sessionId: this.sessionId,
      workingDir: this.workingDir,
      logger: this.logger,
      subagent: true,
      ...(identity ? { subagentIdentity: identity } : {}),
    });
  }

  /** The sub-agent this Config belongs to, when it was made with one ({@link createSubagentConfig}). */
  getSubagentIdentity(): SubagentIdentity | undefined {
    return this.parameters.subagentIdentity;
  }

  /**
   * HOOK-001, 002, 013, 206: `undefined`, synchronously, when hooks are disabled; otherwise the one
   * HookSystem, created on first call and not initialised until the first event fires.
   */
  getHookSystem(): HookSystem | undefined {
    if (!this.enableHooks) return undefined;
    if (!this.hookSystem) this.hookSystem = new HookSystem(this);
    return this.hookSystem;
  }

  /**
   * Calls `observer` with every hook that finishes (the run recorder's source of hook records).
   * Returns the function that unsubscribes it. Costs nothing while no observer is subscribed.
   */
  onHookExecuted(observer: HookExecutionObserver): () => void {
    this.hookObservers.add(observer);
    return () => {
      this.hookObservers.delete(observer);
    };
  }

  /** True while at least one hook-execution observer is subscribed. */
  hasHookExecutionObservers(): boolean {
    return this.hookObservers.size > 0;
  }

  /** Hands a finished hook to every observer; an observer that throws is logged and skipped. */
  notifyHookExecuted(event: HookExecutionEvent): void {
    for (const observer of this.hookObservers) {
      try {
        observer(event);
      } catch (error) {
        this.logger.warn(
          `a hook-execution observer threw on ${event.eventName}; ignored: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
