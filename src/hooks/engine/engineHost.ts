/**
 * What each part of the hook engine asks of its host, and nothing more: the registry its hook
 * sources, the event handler the session it fires for and the observers it tells, the judged-hook
 * dispatcher the model and sub-agent runner, the hook system all of them. `Config` is such a host; a
 * test or another host may hand any object with these methods. This module imports no part of the
 * engine, so the parts depend on it and never on `Config`.
 */
import type { McpServerTransport } from '../dialects/mcpToolNames.js';
import type { DebugLogger } from '../../debugLogger.js';
import type { ContentGenerator } from '../../contentGenerator.js';
import type { HookDialect, HookSession, HooksSettings } from '../protocol/hookConfig.js';
import type { FunctionHookDefinition } from '../protocol/functionHooks.js';
import type { HookExecutionEvent } from '../protocol/results.js';
import type { HookAgentTaskRunner, JudgedHookEvent } from '../protocol/judgedHooks.js';

/**
 * An extension contributing hooks; its hooks are tagged `ConfigSource.Extensions` (HOOK-085). A Gemini
 * CLI extension or a Claude Code plugin is one (adapters/settings/extensions.ts loads them from disk).
 */
export interface ExtensionConfig {
  name: string;
  isActive: boolean;
  /** In either dialect's event names; a Claude plugin's hooks keep Claude's names and seconds. */
  hooks?: HooksSettings | Record<string, unknown>;
  /** The dialect its hooks speak; default: detected from the event names (Claude's → `claude`). */
  dialect?: HookDialect;
  /** Variables added to each of its hooks' environment (`CLAUDE_PLUGIN_ROOT`, ...). */
  env?: Record<string, string>;
}

/** Which sub-agent a Config belongs to (Claude Code's `agent_id` and `agent_type`). */
export interface SubagentIdentity {
  agentId: string;
  agentType: string;
}

/** Where the registry reads its hooks from: the settings, extensions and function hooks, the disabled list, and whether it serves a sub-agent. */
export interface HookRegistryHost {
  getHooks(): HooksSettings | Record<string, unknown>;
  getFunctionHooks(): readonly FunctionHookDefinition[];
  getExtensions(): readonly ExtensionConfig[];
  getDisabledHooks(): readonly string[];
  /** True for a sub-agent's host: only the hooks that guard a sub-agent are kept. */
  isSubagent(): boolean;
  getDebugLogger(): DebugLogger;
}

/** What the event handler tells hooks about the session fired outside one, and whom it tells of every finished hook. */
export interface HookEventHandlerHost {
  getSessionId(): string;
  getWorkingDir(): string;
  getTranscriptPath(): string;
  getSubagentIdentity(): SubagentIdentity | undefined;
  /** True while someone listens to finished hooks; the handler builds no event otherwise. */
  hasHookExecutionObservers(): boolean;
  notifyHookExecuted(event: HookExecutionEvent): void;
  getDebugLogger(): DebugLogger;
}

/** What prompt and agent hooks need: the model, the sub-agent runner, and whom to tell of each judged decision. */
export interface JudgedHookHost {
  getHookModel(): ContentGenerator | undefined;
  /**
   * The sub-agent runner of an agent hook fired in `session`, with this host and that session bound
   * in (a runner that throws synchronously rejects instead); `undefined` when there is none.
   */
  getHookAgentTaskRunner(session: HookSession): HookAgentTaskRunner | undefined;
  notifyJudgedHook(event: JudgedHookEvent): void;
}

/** Everything the hook system hands its parts, plus what hook processes inherit and the warm-start pool size. */
export interface HookSystemHost extends HookRegistryHost, HookEventHandlerHost, JudgedHookHost {
  /** The variables no hook process receives. */
  getHookEnvironment(): { readonly withhold: readonly string[] };
  /** Idle warm interpreters per interpreter command hooks name; 0: every hook starts cold. */
  getWarmInterpreters(): number;
  /** The MCP servers tool calls may name, by the server part of their tool names. */
  getMcpServers(): Readonly<Record<string, McpServerTransport>>;
}
