/**
 * Real hook scripts for the session tests (`test/fixtures/hooks/session/`): commands that run them,
 * the JSON lines they log, a scratch directory for their state and the session's transcript, and the
 * texts of the conversation the model was sent.
 */
import type { Content } from '@google/genai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { hookEventNames } from '../../src/engine.js';
import type { HookDefinition, HooksSettings } from '../../src/index.js';
import { shellQuote } from './hookFixtures.js';
import { readJsonLines } from './jsonLines.js';

/** Absolute path of `test/fixtures/hooks/session/`. */
export const sessionFixturesDirectory = fileURLToPath(new URL('../fixtures/hooks/session/', import.meta.url));

/** The command that runs a session fixture with its interpreter (`python3`, `node` or `sh`). */
export function sessionFixtureCommand(name: string, ...args: string[]): string {
  const interpreter = name.endsWith('.py') ? 'python3' : name.endsWith('.mjs') || name.endsWith('.js') ? 'node' : 'sh';
  return [interpreter, shellQuote(join(sessionFixturesDirectory, name)), ...args.map(shellQuote)].join(' ');
}

/**
 * The SessionEnd bound of tests that check what SessionEnd hooks did: room for a slow process start
 * on a loaded machine. The bound itself is tested with a small value of its own.
 */
export const SESSION_END_WAIT_MS = 30_000;

/** One hook group running `command`. */
export function hookGroup(command: string, timeout = 20_000): HookDefinition[] {
  return [{ hooks: [{ type: 'command', command, timeout }] }];
}

/** The logging hook (`log-event.py`) on every one of the eleven events, writing to `logFile`. */
export function logEveryEvent(logFile: string): HooksSettings {
  const command = sessionFixtureCommand('log-event.py', logFile);
  return Object.fromEntries(hookEventNames.map((event) => [event, hookGroup(command)])) as HooksSettings;
}

/** One line `log-event.py` wrote. */
export interface LoggedEvent {
  event: string;
  tool?: string | null;
  source?: string | null;
  reason?: string | null;
  trigger?: string | null;
  stop_hook_active?: boolean | null;
  transcript_path: string;
  input: Record<string, unknown>;
}

/** The events a log file holds, in the order they fired; [] when no hook ran. */
export function readEventLog(logFile: string): LoggedEvent[] {
  return readJsonLines<LoggedEvent>(logFile);
}

/** A scratch directory per test, removed after it. */
export function useSessionScratch(): { readonly directory: string; file(name: string): string } {
  let current: string | undefined;
  let counter = 0;
  afterEach(() => {
    if (current) rmSync(current, { recursive: true, force: true });
    current = undefined;
  });
  const directory = (): string => {
    current ??= mkdtempSync(join(tmpdir(), 'hookrail-session-'));
    return current;
  };
  return {
    get directory() {
      return directory();
    },
    file(name: string) {
      counter += 1;
      return join(directory(), `${counter}-${name}`);
    },
  };
}

/** The text parts of a conversation (a request's `contents`, a session's history), in order. */
export function textsOf(contents: unknown): string[] {
  return ((contents ?? []) as Content[]).flatMap((content) =>
    (content.parts ?? []).flatMap((part) => (part.text !== undefined ? [part.text] : [])),
  );
}
