/**
 * Typed errors. Every failure hookrail reports has its own class with a stable `name`, all deriving
 * from {@link HookrailError}. `SomeError.isInstance(value)` recognises an error from another installed
 * copy of hookrail too (two versions in one dependency tree), where `instanceof` would not.
 */

/** Registered globally so that every loaded copy of this module agrees on it. */
const errorKinds = Symbol.for('hookrail.errorKinds');

/** Base class of every error hookrail throws or reports. */
export class HookrailError extends Error {
  /** The class names from this error's class up to `HookrailError`, read by {@link HookrailError.isInstance}. */
  declare readonly [errorKinds]: readonly string[];

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    // The same for every instance of a class: kept once on its prototype, where isInstance finds it.
    const prototype: object = new.target.prototype;
    if (!Object.hasOwn(prototype, errorKinds)) {
      const kinds: string[] = [];
      for (
        let type: unknown = new.target;
        typeof type === 'function' && type !== Error;
        type = Object.getPrototypeOf(type)
      ) {
        kinds.push((type as { name: string }).name);
      }
      Object.defineProperty(prototype, errorKinds, { value: kinds, enumerable: false });
    }
  }

  /** True when `value` is an error of this class (or a subclass), from this copy of hookrail or another. */
  static isInstance<T extends abstract new (...parameters: never[]) => HookrailError>(
    this: T,
    value: unknown,
  ): value is InstanceType<T> {
    if (value instanceof this) return true;
    if (typeof value !== 'object' || value === null) return false;
    const kinds = (value as { [errorKinds]?: unknown })[errorKinds];
    return Array.isArray(kinds) && kinds.includes(this.name);
  }
}

/** A message-bus hook request was malformed; the reason goes back in the response. */
export class InvalidHookRequestError extends HookrailError {}

/** HOOK-005, HOOK-148: `HookSystem.getEventHandler()` / `getRegistry()` called before `initialize()`. */
export class HookSystemNotInitializedError extends HookrailError {
  constructor(message = 'HookSystem is not initialized: call and await initialize() first') {
    super(message);
  }
}

/** The registry was used before `HookRegistry.initialize()` completed. */
export class HookRegistryNotInitializedError extends HookrailError {
  constructor(message = 'HookRegistry is not initialized: call and await initialize() first') {
    super(message);
  }
}

/** A hook configuration problem, with the JSON path of the offending value (`hooks.BeforeTool[0].hooks[1]`). */
export class HookConfigError extends HookrailError {
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.path = path;
  }
}

/**
 * A `Config` parameter of the wrong type or shape: thrown by the constructor, so a mistake fails at
 * once and loudly instead of switching hooks off later. Names the parameter and what it expects.
 */
export class ConfigParameterError extends HookrailError {
  readonly parameter: string;
  constructor(parameter: string, expected: string, received: unknown) {
    super(`Config parameter "${parameter}" must be ${expected}; got ${describeValue(received)}`);
    this.parameter = parameter;
  }
}

/** A short description of a value for an error message: its type, and its text when it is short. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string')
    return value.length <= 40 ? JSON.stringify(value) : `a string of ${value.length} characters`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return `${typeof value} ${String(value)}`;
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object') {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' && name !== 'Object' ? `an instance of ${name}` : 'an object';
  }
  return String(value);
}

/** A tool call named a tool the scheduler does not know. */
export class ToolNotFoundError extends HookrailError {
  readonly toolName: string;
  constructor(toolName: string, available: readonly string[] = []) {
    super(`Tool "${toolName}" not found${available.length > 0 ? `; available tools: ${available.join(', ')}` : ''}`);
    this.toolName = toolName;
  }
}

/** A settings, scenario or trust file could not be read or is malformed. */
export class HookrailFileError extends HookrailError {
  readonly file: string;
  constructor(file: string, message: string, options?: { cause?: unknown }) {
    super(`${file}: ${message}`, options);
    this.file = file;
  }
}

/** Turns anything thrown into an Error, so logs and results always carry a message. */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  return new Error(typeof value === 'string' ? value : safeStringify(value));
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** One problem found in a scenario file, with the JSON path of the offending value (`turns[2].functionCalls[0].name`). */
export interface ScenarioProblem {
  path: string;
  message: string;
}

/**
 * A scenario file is unreadable or malformed (`problems` lists every JSON path at fault), or a
 * scripted turn's `expect` did not match what the model was sent (`turn` is its 1-based number).
 */
export class ScenarioError extends HookrailFileError {
  readonly problems: readonly ScenarioProblem[];
  readonly turn?: number;
  constructor(
    file: string,
    message: string,
    options: { problems?: readonly ScenarioProblem[]; turn?: number; cause?: unknown } = {},
  ) {
    super(file, message, { cause: options.cause });
    this.problems = options.problems ?? [];
    this.turn = options.turn;
  }
}

/** A model could not be used: no API key for the named model, or the model API rejected the call. */
export class ModelError extends HookrailError {
  readonly model: string;
  /** The HTTP status the API answered with, when there was one. */
  readonly status?: number;
  constructor(model: string, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.model = model;
    this.status = options.status;
  }
}

/** A built-in tool was called with a missing or ill-typed argument; reported to the model as an error result. */
export class ToolArgumentError extends HookrailError {
  readonly parameter: string;
  constructor(parameter: string, message: string) {
    super(`Invalid argument "${parameter}": ${message}`);
    this.parameter = parameter;
  }
}

/** A built-in tool was asked for a path outside its working directory; reported to the model as an error result. */
export class PathOutsideWorkspaceError extends HookrailError {
  readonly requestedPath: string;
  readonly resolvedPath: string;
  readonly workspace: string;
  constructor(requestedPath: string, resolvedPath: string, workspace: string) {
    super(
      `Path "${requestedPath}" resolves to ${resolvedPath}, which is outside the workspace ${workspace}; ` +
        'tools may only use files inside the working directory',
    );
    this.requestedPath = requestedPath;
    this.resolvedPath = resolvedPath;
    this.workspace = workspace;
  }
}

/** Why a hook did not produce a usable answer (HOOK-023, 068, 119, 195, 196; and the failures of function and http hooks). */
export type HookFailureKind =
  | 'exit-code'
  | 'signal'
  | 'timeout'
  | 'cancelled'
  | 'spawn'
  | 'output-too-large'
  | 'plugin'
  | 'invalid-config'
  | 'invalid-input'
  /** A function hook threw or rejected. */
  | 'threw'
  /** A function hook returned, or an http hook answered with, something that is not an output object. */
  | 'invalid-output'
  /** An http hook answered with a status other than 2xx. */
  | 'http-status'
  /** An http hook's server could not be reached, or the connection broke. */
  | 'connection'
  /** A prompt hook's model failed (refused the call, broke off the stream). */
  | 'model'
  /** An agent hook's sub-agent failed, was stopped, or ran out of turns before answering. */
  | 'agent';

/** A hook failed to run or answer; carried on `HookExecutionResult.error`, never thrown to the caller. */
export class HookExecutionError extends HookrailError {
  readonly kind: HookFailureKind;
  /** The command; for an http hook its URL, for a function hook `function <name>`. */
  readonly command: string;
  readonly eventName: string;
  constructor(options: {
    kind: HookFailureKind;
    command: string;
    eventName: string;
    message: string;
    cause?: unknown;
  }) {
    // Never thrown, only carried in a hook's result: the frames of hookrail's own reader would tell a
    // user nothing, and capturing them cost each blocking or failing hook about 10 µs.
    const stackTraceLimit = Error.stackTraceLimit;
    if (stackTraceIsSettable) Error.stackTraceLimit = 0;
    super(options.message, { cause: options.cause });
    if (stackTraceIsSettable) Error.stackTraceLimit = stackTraceLimit;
    this.kind = options.kind;
    this.command = options.command;
    this.eventName = options.eventName;
  }
}

/** False where the host froze `Error` (a hardened realm): its stack trace limit is then left alone. */
const stackTraceIsSettable = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit')?.writable === true;

/** How a host's `onAskUser` failed to answer: each one denies the call. */
export type AskUserFailureKind = 'threw' | 'timeout' | 'invalid-answer';

/**
 * `Config.onAskUser` threw, did not answer within `askUserTimeout`, or answered something
 * other than allow / deny. Never thrown to the caller: the call is denied with this message as the reason.
 */
export class AskUserError extends HookrailError {
  readonly kind: AskUserFailureKind;
  readonly toolName: string;
  constructor(options: { kind: AskUserFailureKind; toolName: string; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
    this.toolName = options.toolName;
  }
}

/** A session transcript (JSON Lines) could not be read for a resume: missing, unreadable, or a line that is not a JSON entry (`line` is 1-based). */
export class TranscriptError extends HookrailFileError {
  readonly line?: number;
  constructor(file: string, message: string, options: { line?: number; cause?: unknown } = {}) {
    super(file, options.line !== undefined ? `line ${options.line}: ${message}` : message, { cause: options.cause });
    this.line = options.line;
  }
}

/**
 * An agent session was used after it ended (`prompt`, `compact` or `clear` after `end()`), or was
 * created with a session id that is not a non-empty string or that an open session of its Config has.
 */
export class AgentSessionError extends HookrailError {}

/** The MCP server `hookrail mcp` wraps could not be started (no such command, not executable). */
export class McpServerStartError extends HookrailError {}

/** How a hooked AI SDK tool call ended without the tool's own value: what the error reports. */
export type HookedToolCallOutcome = 'blocked' | 'stopped' | 'failed';

/**
 * Thrown from a hooked AI SDK tool's `execute` when hooks blocked or stopped the call, or changed
 * the result of a tool that threw: the AI SDK turns it into a `tool-error`, so the model reads the
 * message — exactly what hookrail's own agent would hand it (the hook's reason, for a block).
 */
export class HookedToolCallError extends HookrailError {
  /** The tool's name as the builder named it. */
  readonly toolName: string;
  readonly outcome: HookedToolCallOutcome;
  /** The reason a hook gave to stop the run (outcome `stopped`). */
  readonly stopReason?: string;
  constructor(options: {
    toolName: string;
    outcome: HookedToolCallOutcome;
    message: string;
    stopReason?: string;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.toolName = options.toolName;
    this.outcome = options.outcome;
    if (options.stopReason !== undefined) this.stopReason = options.stopReason;
  }

  /** The message alone: the AI SDK hands the model `String(error)`, and the model reads the hook's words, not a class name. */
  override toString(): string {
    return this.message;
  }
}
