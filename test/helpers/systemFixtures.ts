/**
 * Helpers for the HookSystem / trigger tests: a scratch directory, commands that run the real hook
 * scripts in `test/fixtures/hooks/system/`, and enabled Configs whose logger records what it is told.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Config, type ConfigParameters, type HooksSettings, type LogRecord } from '../../src/index.js';
import { recordingLogger } from '../../src/testing.js';

/** Absolute path of `test/fixtures/hooks/system/`. */
export const systemFixturesDirectory = fileURLToPath(new URL('../fixtures/hooks/system/', import.meta.url));

/** Absolute path of one system fixture. */
export function systemFixture(name: string): string {
  return join(systemFixturesDirectory, name);
}

/** What `respond.mjs` does; see the fixtures README. */
export interface RespondSpec {
  stdout?: string | Record<string, unknown>;
  stderr?: string;
  exitCode?: number;
  /** File the hook appends its stdin to, one line per run. */
  capture?: string;
}

/** A temporary directory for spec and capture files, removed by `cleanup()`. */
export class Scratch {
  readonly directory: string;
  private counter = 0;

  constructor() {
    this.directory = mkdtempSync(join(tmpdir(), 'hookrail-system-'));
  }

  /** A fresh file path inside the scratch directory (not created). */
  file(name: string): string {
    this.counter += 1;
    return join(this.directory, `${this.counter}-${name}`);
  }

  /** Writes a spec file and returns the command that runs `respond.mjs` with it. */
  respond(spec: RespondSpec): string {
    const specFile = this.file('spec.json');
    writeFileSync(specFile, JSON.stringify(spec));
    return `node "${systemFixture('respond.mjs')}" "${specFile}"`;
  }

  /** The command that runs `log-event.sh`, and the file it appends to. */
  logEvent(): { command: string; logFile: string } {
    const logFile = this.file('events.log');
    return { command: `sh "${systemFixture('log-event.sh')}" "${logFile}"`, logFile };
  }

  cleanup(): void {
    rmSync(this.directory, { recursive: true, force: true });
  }
}

/** An enabled Config with a recording logger, `parameters` on top; `records` holds what it logged. */
export function recordingConfig(parameters: ConfigParameters = {}): { config: Config; records: LogRecord[] } {
  const { logger, records } = recordingLogger();
  return { config: new Config({ enableHooks: true, logger, ...parameters }), records };
}

/**
 * An enabled Config with the given hooks (native or Claude Code event names), session `session-test` and
 * a recording logger.
 */
export function hookConfig(
  hooks: HooksSettings | Record<string, unknown>,
  parameters: ConfigParameters = {},
): { config: Config; records: LogRecord[] } {
  return recordingConfig({ hooks: hooks as HooksSettings, sessionId: 'session-test', ...parameters });
}

/** A single-command hook group. */
export function commandGroup(
  command: string,
  extra: { matcher?: string; sequential?: boolean; timeout?: number } = {},
) {
  const { timeout, ...group } = extra;
  return { ...group, hooks: [{ type: 'command' as const, command, ...(timeout !== undefined ? { timeout } : {}) }] };
}
