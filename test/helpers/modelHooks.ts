/**
 * Real hook scripts for the model-call and agent tests: a scratch directory holding the JSON each
 * hook prints and the JSONL of the inputs it received, commands that run the scripts in
 * `test/fixtures/hooks/model/`, and an enabled Config with a recording logger.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { Config, HookDefinition, HooksSettings, LogRecord } from '../../src/index.js';
import { recordingConfig } from './systemFixtures.js';
import { readJsonLines } from './jsonLines.js';

const modelFixturesDirectory = fileURLToPath(new URL('../fixtures/hooks/model/', import.meta.url));

/** How a respond.sh hook answers. */
export interface ModelHookAnswer {
  /** Printed on stdout (JSON-encoded unless a string). Default `{}`. */
  stdout?: Record<string, unknown> | string;
  exitCode?: number;
  stderr?: string;
}

/** A hook command and the file its inputs are recorded in. */
export interface ModelHook {
  command: string;
  recordFile: string;
}

/** A scratch directory of hook answers and records; `cleanup()` removes it, the next use makes a new one. */
export class ModelHookSandbox {
  private current: string | undefined;
  private counter = 0;

  /** The scratch directory, created on first use. */
  get directory(): string {
    this.current ??= mkdtempSync(join(tmpdir(), 'hookrail-model-'));
    return this.current;
  }

  /** A fresh path inside the sandbox. */
  file(name: string): string {
    this.counter += 1;
    return join(this.directory, `${this.counter}-${name}`);
  }

  /** A respond.sh hook that records its input and answers as told. */
  respond(answer: ModelHookAnswer = {}): ModelHook {
    const outputFile = this.file('output.json');
    const recordFile = this.file('inputs.jsonl');
    const stdout = answer.stdout ?? {};
    writeFileSync(outputFile, typeof stdout === 'string' ? stdout : JSON.stringify(stdout));
    const argumentsList = [outputFile, recordFile, String(answer.exitCode ?? 0)];
    if (answer.stderr !== undefined) argumentsList.push(answer.stderr);
    const quoted = argumentsList.map((argument) => `'${argument.replaceAll("'", `'\\''`)}'`).join(' ');
    return { command: `sh '${join(modelFixturesDirectory, 'respond.sh')}' ${quoted}`, recordFile };
  }

  /** A hang.sh hook; its PID appears in `pidFile` once it runs. */
  hang(): { command: string; pidFile: string } {
    const pidFile = this.file('hook.pid');
    return { command: `sh '${join(modelFixturesDirectory, 'hang.sh')}' '${pidFile}'`, pidFile };
  }

  cleanup(): void {
    if (this.current !== undefined) rmSync(this.current, { recursive: true, force: true });
    this.current = undefined;
  }
}

/** A sandbox for the tests of the enclosing `describe` (or file): each test gets a fresh directory. */
export function useModelHookSandbox(): ModelHookSandbox {
  const sandbox = new ModelHookSandbox();
  afterEach(() => sandbox.cleanup());
  return sandbox;
}

/** The inputs a hook recorded, one object per run; [] when it never ran. */
export function recordedInputs(hook: ModelHook): Array<Record<string, unknown>> {
  return readJsonLines(hook.recordFile);
}

/** One hook group running `command`. */
export function commandGroup(command: string, timeout = 20_000): HookDefinition[] {
  return [{ hooks: [{ type: 'command', command, timeout }] }];
}

/** An enabled Config with the given hooks whose log records land in `records`. */
export function modelHookConfig(hooks: HooksSettings, workingDir?: string): { config: Config; records: LogRecord[] } {
  return recordingConfig({ hooks, workingDir });
}

/**
 * True while a process with this PID is alive. A zombie counts as gone: a killed hook's children are
 * reparented to PID 1, which in a container may reap them only much later.
 */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch (error) {
    // ENOENT: it vanished since the signal check; anything else: no /proc here, trust the signal check.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
