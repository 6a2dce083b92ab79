/**
 * Helpers for the fixtures that reproduce published Claude Code and Gemini CLI hooks
 * (`test/fixtures/hooks/published/`) and the stdin each agent itself sends them
 * (`test/fixtures/payloads/`): payloads with their path placeholders filled in, and a real process
 * run of a fixture with a payload on stdin, and the same payload fired through hookrail's hook system.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromClaudeInput } from '../../src/hooks/dialects/claudePayload.js';
import { Config } from '../../src/hooks/engine/config.js';
import type { HookFireDetails } from '../../src/hooks/engine/hookEventHandler.js';
import type { HookEventName } from '../../src/hooks/protocol/events.js';
import { recordingLogger } from '../../src/testing.js';

/** Absolute path of `test/fixtures/hooks/published/`. */
/**
 * The Claude Code events with a recorded payload under `test/fixtures/payloads/claude/events/`, which
 * the published loggers (log-hook-input.py) are fed one by one.
 */
export const recordedClaudeEvents: readonly string[] = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
  'SessionStart',
  'SessionEnd',
  'PreCompact',
  'Notification',
  'PermissionRequest',
  'PostToolBatch',
  'PostCompact',
  'StopFailure',
  'SubagentStart',
];

export const publishedHooksDirectory = fileURLToPath(new URL('../fixtures/hooks/published/', import.meta.url));

/** Absolute path of `test/fixtures/payloads/`. */
export const payloadsDirectory = fileURLToPath(new URL('../fixtures/payloads/', import.meta.url));

/**
 * Throws, naming what is missing, unless the interpreters the published hooks are written for (bash+jq,
 * python3, node, as their authors wrote them) are on PATH; `.ci/run` installs them.
 */
export function requirePublishedHookTools(): void {
  const missing = ['bash', 'jq', 'python3', 'node'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  if (missing.length > 0)
    throw new Error(`published hook fixtures need ${missing.join(', ')} on PATH (.ci/run installs them)`);
}

/** The agent a fixture or payload belongs to. */
export type PublishedDialect = 'claude' | 'gemini';

/** Absolute path of one published-hook fixture, e.g. `publishedHook('claude', 'protect-env-files.sh')`. */
export function publishedHook(dialect: PublishedDialect, name: string): string {
  return join(publishedHooksDirectory, dialect, name);
}

/** The real paths that replace a payload's placeholders (see `test/fixtures/payloads/README.md`). */
export interface PayloadPlaces {
  /** Replaces `__PROJECT_DIR__`: the project root, also the hook's working directory. */
  projectDir: string;
  /** Replaces `__TRANSCRIPT_PATH__`: the session transcript file. */
  transcriptPath: string;
}

/** A payload ready to be written to a hook's stdin. */
export interface LoadedPayload {
  /** The parsed JSON with every placeholder replaced. */
  value: Record<string, unknown>;
  /** `value` serialized, exactly as an agent writes it to stdin. */
  text: string;
}

/**
 * Reads `test/fixtures/payloads/<relativePath>` and replaces the placeholders inside its string values
 * (`__PROJECT_DIR__`, `__TRANSCRIPT_PATH__`, and `__SESSION_DIR__` = the transcript path without its
 * extension), so paths with quotes or backslashes stay valid JSON.
 */
export function loadPayload(options: { relativePath: string; places: PayloadPlaces }): LoadedPayload {
  const raw = JSON.parse(readFileSync(join(payloadsDirectory, options.relativePath), 'utf8')) as Record<
    string,
    unknown
  >;
  const sessionDirectory = options.places.transcriptPath.replace(/\.jsonl$/, '');
  const fill = (text: string): string =>
    text
      .split('__PROJECT_DIR__')
      .join(options.places.projectDir)
      .split('__TRANSCRIPT_PATH__')
      .join(options.places.transcriptPath)
      .split('__SESSION_DIR__')
      .join(sessionDirectory);
  const value = replaceStrings(raw, fill) as Record<string, unknown>;
  return { value, text: JSON.stringify(value) };
}

function replaceStrings(value: unknown, fill: (text: string) => string): unknown {
  if (typeof value === 'string') return fill(value);
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, fill));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, fill)]));
  }
  return value;
}

/** How a published hook run ended. */
export interface PublishedHookOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when the run passed `maximumMs` and was killed (never expected of these fixtures). */
  killed: boolean;
}

/** Options for {@link runPublishedHook}. */
export interface RunPublishedHookOptions {
  /** Absolute path of the script; it is executed directly (its shebang and exec bit, as agents do). */
  script: string;
  stdin: string;
  /** Working directory of the hook (the agent's cwd). */
  cwd: string;
  /** Variables added to a clean copy of this process's environment. */
  env?: Record<string, string>;
  args?: string[];
  /** Upper bound on the wait; the process is SIGKILLed past it. Default 15000 ms. */
  maximumMs?: number;
}

/** Variables the published hooks read; removed from the inherited environment so only a test sets them. */
const hookVariables = [
  'CLAUDE_PROJECT_DIR',
  'CLAUDE_ENV_FILE',
  'CLAUDE_PLUGIN_ROOT',
  'GEMINI_PROJECT_DIR',
  'HOOK_LOG_FILE',
  'STOP_MARKER',
];

/** Spawns a published hook fixture with `stdin`, waits (bounded) for it to end, and captures both streams. */
export function runPublishedHook(options: RunPublishedHookOptions): Promise<PublishedHookOutcome> {
  const environment: NodeJS.ProcessEnv = { ...process.env };
  for (const name of hookVariables) delete environment[name];
  Object.assign(environment, options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(options.script, options.args ?? [], {
      cwd: options.cwd,
      env: environment,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, options.maximumMs ?? 15_000);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A hook that exits before reading all of stdin closes the pipe; that is its business, not a test error.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        killed,
      });
    });
    child.stdin.end(options.stdin);
  });
}

/** Parses a hook's stdout as one JSON object (throws with the text when it is not one). */
export function stdoutJson(outcome: PublishedHookOutcome): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(outcome.stdout);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Reported below with the text.
  }
  throw new Error(
    `expected one JSON object on stdout, got ${JSON.stringify(outcome.stdout)} (stderr ${JSON.stringify(outcome.stderr)})`,
  );
}

/** Options of {@link firePublishedPayload}. */
export interface FirePublishedPayloadOptions {
  dialect: PublishedDialect;
  /** An agent's payload (placeholders filled in), with the session ID to use. */
  payload: Record<string, unknown>;
  /** The hook's command, configured in the payload's dialect under the agent's event name. */
  command: string;
  sessionId: string;
  workingDir: string;
  /** `Config.warmInterpreters`; default: Config's. */
  warmInterpreters?: number;
}

/**
 * The situation an agent's payload describes, fired through hookrail: the payload's meaning as a
 * hookrail event (Claude Code's payloads through `fromClaudeInput`), one command hook configured as the
 * agent's settings file would configure it, in its dialect.
 */
export async function firePublishedPayload(options: FirePublishedPayloadOptions): Promise<HookFireDetails> {
  const { dialect, payload, command, sessionId } = options;
  let eventName: HookEventName;
  let fields: Record<string, unknown>;
  let fireOptions: { context?: Record<string, unknown>; toolCallId?: string; subagent?: boolean; moment?: string } = {};
  let hooks: Record<string, unknown>;
  if (dialect === 'claude') {
    const fire = fromClaudeInput(payload);
    if (!fire) throw new Error(`not a Claude Code payload: ${JSON.stringify(payload).slice(0, 200)}`);
    eventName = fire.eventName;
    fields = fire.fields;
    fireOptions = {
      context: {
        ...(fire.toolFailed !== undefined ? { toolFailed: fire.toolFailed } : {}),
        ...(fire.subagent ? { subagent: true } : {}),
        ...(fire.moment !== undefined ? { moment: fire.moment } : {}),
      },
      ...(fire.toolUseId !== undefined ? { toolCallId: fire.toolUseId } : {}),
      ...(fire.subagent ? { subagent: true } : {}),
      // A Claude-only event (PermissionRequest, PostToolBatch, ...) fires as a moment of its hookrail event.
      ...(fire.moment !== undefined ? { moment: fire.moment } : {}),
    };
    // Written as a Claude Code settings file would be: Claude's event name; the shared names say their dialect.
    hooks = { [fire.claudeEvent]: [{ hooks: [{ type: 'command', command, dialect: 'claude' }] }] };
  } else {
    eventName = payload['hook_event_name'] as HookEventName;
    const { hook_event_name: _event, ...rest } = payload;
    fields = rest;
    hooks = { [eventName]: [{ hooks: [{ type: 'command', command, dialect: 'gemini' }] }] };
  }
  const config = new Config({
    enableHooks: true,
    sessionId,
    workingDir: options.workingDir,
    logger: recordingLogger().logger,
    hooks,
    ...(options.warmInterpreters === undefined ? {} : { warmInterpreters: options.warmInterpreters }),
  });
  const hookSystem = config.getHookSystem();
  if (!hookSystem) throw new Error('hooks are enabled');
  await hookSystem.initialize();
  return hookSystem
    .getEventHandler()
    .fireEventWithDetails(eventName, { ...fields, session_id: sessionId }, fireOptions);
}
