/**
 * Typed errors. Every failure hookrail reports has its own class with a stable `name`, all deriving
 * from {@link HookrailError} so a host can catch the library's errors with one `instanceof` check.
 */

/** Base class of every error hookrail throws or reports. */
export class HookrailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

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

/** A tool call named a tool the scheduler does not know. */
export class ToolNotFoundError extends HookrailError {
  readonly toolName: string;
  constructor(toolName: string, available: readonly string[] = []) {
    super(
      `Tool "${toolName}" not found` +
        (available.length > 0 ? `; available tools: ${available.join(', ')}` : ''),
    );
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
