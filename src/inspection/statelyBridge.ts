/**
 * The live bridge to Stately's inspector: XState inspection events of a run sent over a WebSocket
 * to a `@statelyai/inspect` inspector server (which shows them in Stately's hosted inspector UI).
 * `@statelyai/inspect` is an optional peer dependency, loaded only here and only when a bridge is
 * asked for; without it the offline report (`hookrail inspect`, `--inspect-serve`) covers the same.
 */
import { HookrailError } from '../errors.js';

/**
 * What {@link connectStatelyInspector} needs.
 * @experimental Follows `@statelyai/inspect`, itself before 1.0: may change in a minor release.
 */
export interface StatelyBridgeOptions {
  /** The inspector server's WebSocket URL; default `ws://localhost:8080` (Stately's default). */
  url?: string;
}

/**
 * A connected bridge: pass `inspect` as a scheduler's or agent's `inspect` option.
 * @experimental Follows `@statelyai/inspect`, itself before 1.0: may change in a minor release.
 */
export interface StatelyBridge {
  inspect: (event: unknown) => void;
  stop(): void;
}

/** The part of `@statelyai/inspect` the bridge uses. */
interface StatelyInspectModule {
  createWebSocketInspector(options: { url: string }): { inspect: { next?: (event: never) => void }; stop(): void };
}

/**
 * Loads `@statelyai/inspect` and connects to its inspector server. Throws a {@link HookrailError}
 * saying how to install it when the optional package is missing.
 * @experimental Follows `@statelyai/inspect`, itself before 1.0: may change in a minor release.
 */
export async function connectStatelyInspector(options: StatelyBridgeOptions = {}): Promise<StatelyBridge> {
  const specifier = '@statelyai/inspect';
  let module: StatelyInspectModule;
  try {
    module = (await import(specifier)) as StatelyInspectModule;
  } catch (error) {
    throw new HookrailError(
      `the live Stately bridge needs the optional package ${specifier} (npm install ${specifier}); ` +
        `without it use \`hookrail run --inspect-serve\` or \`hookrail inspect\`: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const inspector = module.createWebSocketInspector({ url: options.url ?? 'ws://localhost:8080' });
  return { inspect: (event) => inspector.inspect.next?.(event as never), stop: () => inspector.stop() };
}
