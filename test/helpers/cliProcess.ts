/**
 * Runs the BUILT `hookrail` CLI (`node dist/cli/main.js`) as a real process, the way users run it,
 * inside a sandbox: a temporary project directory and a temporary HOME, no system settings, no API
 * keys, no colour unless a test asks for it. `npm test` builds first; for a single file run
 * `npm run build` before `npx vitest run test/cli/...`.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterEach, beforeEach } from 'vitest';

/** The repository root. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/** The built CLI entry point. */
export const cliEntry = join(repositoryRoot, 'dist', 'cli', 'main.js');

/** What a CLI process produced. */
export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** True when the CLI was killed because it outlived `timeoutMs`. */
  timedOut: boolean;
}

/** A temporary project directory and HOME, removed by `cleanup()`. */
export interface CliSandbox {
  project: string;
  home: string;
  /** Writes a file under the project (creating directories); returns its absolute path. */
  writeProjectFile(relativePath: string, content: string): Promise<string>;
  /** Writes a file under HOME (creating directories); returns its absolute path. */
  writeHomeFile(relativePath: string, content: string): Promise<string>;
  cleanup(): Promise<void>;
}

/** Options for {@link runHookrail}. */
export interface RunHookrailOptions {
  /** The process's working directory (default: the sandbox project). */
  cwd?: string;
  /** Extra environment variables; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  /** Text for stdin (default: empty, closed). */
  input?: string;
  /** Kill the CLI after this many milliseconds (default 60 s); the result then has `timedOut: true`. */
  timeoutMs?: number;
}

/** Creates a sandbox; its paths are real paths (no symlinks), as the CLI reports them. */
export async function createCliSandbox(): Promise<CliSandbox> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'hookrail-cli-')));
  const project = join(root, 'project');
  const home = join(root, 'home');
  await mkdir(project, { recursive: true });
  await mkdir(home, { recursive: true });
  const write = async (base: string, relativePath: string, content: string): Promise<string> => {
    const path = join(base, relativePath);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
    return path;
  };
  return {
    project,
    home,
    writeProjectFile: (relativePath, content) => write(project, relativePath, content),
    writeHomeFile: (relativePath, content) => write(home, relativePath, content),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/**
 * Registers a fresh sandbox for each test of the file (or enclosing `describe`), prepared by `prepare`,
 * and removes it after the test. The returned sandbox stands for the running test's one.
 */
export function useCliSandbox(prepare?: (sandbox: CliSandbox) => Promise<void>): CliSandbox {
  let current: CliSandbox | undefined;
  beforeEach(async () => {
    current = await createCliSandbox();
    await prepare?.(current);
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  const sandbox = (): CliSandbox => {
    if (!current) throw new Error('the CLI sandbox exists only while a test runs');
    return current;
  };
  return {
    get project() {
      return sandbox().project;
    },
    get home() {
      return sandbox().home;
    },
    writeProjectFile: (relativePath, content) => sandbox().writeProjectFile(relativePath, content),
    writeHomeFile: (relativePath, content) => sandbox().writeHomeFile(relativePath, content),
    cleanup: () => sandbox().cleanup(),
  };
}

/** Copies the repository's `examples/` into the sandbox project, as a fresh clone would have them. */
export async function copyExamples(sandbox: CliSandbox): Promise<void> {
  await cp(join(repositoryRoot, 'examples'), join(sandbox.project, 'examples'), { recursive: true });
}

/** Runs `hookrail <args>` in the sandbox and resolves with its exit code and output (never rejects on exit codes). */
export async function runHookrail(
  sandbox: CliSandbox,
  args: readonly string[],
  options: RunHookrailOptions = {},
): Promise<CliResult> {
  const result = await startHookrail(sandbox, args, options);
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    timedOut: result.timedOut,
  };
}

/** Starts `hookrail <args>` in the sandbox and returns the running process (for tests that signal it). */
export function startHookrail(sandbox: CliSandbox, args: readonly string[], options: RunHookrailOptions = {}) {
  if (!existsSync(cliEntry)) throw new Error(`${cliEntry} does not exist: run "npm run build" before the CLI tests`);
  return execa(process.execPath, [cliEntry, ...args], {
    cwd: options.cwd ?? sandbox.project,
    env: sandboxEnvironment(sandbox, options.env),
    extendEnv: false,
    input: options.input ?? '',
    reject: false,
    timeout: options.timeoutMs ?? 60_000,
    stripFinalNewline: false,
  });
}

/**
 * The environment of a CLI process in the sandbox: PATH, the sandbox HOME, no colour, no system
 * settings (hookrail's, Claude Code's managed policy, Gemini CLI's system and system defaults files), the test run's marker, then `extra` (`undefined` removes a variable).
 */
export function sandboxEnvironment(
  sandbox: CliSandbox,
  extra: Record<string, string | undefined> = {},
): Record<string, string> {
  const env: Record<string, string | undefined> = {
    PATH: process.env['PATH'],
    HOME: sandbox.home,
    NO_COLOR: '1',
    HOOKRAIL_SYSTEM_SETTINGS: join(sandbox.home, 'no-system-settings.json'),
    HOOKRAIL_CLAUDE_MANAGED_SETTINGS: join(sandbox.home, 'no-claude-managed-settings.json'),
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(sandbox.home, 'no-gemini-system-settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: join(sandbox.home, 'no-gemini-system-defaults.json'),
    HOOKRAIL_TEST_RUN_MARKER: process.env['HOOKRAIL_TEST_RUN_MARKER'],
    ...extra,
  };
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Writes a `run` scenario as `<name>.json` in the sandbox project; returns the relative path to pass to `--scenario`. */
export async function writeScenario(
  sandbox: CliSandbox,
  name: string,
  scenario: Record<string, unknown>,
): Promise<string> {
  await sandbox.writeProjectFile(`${name}.json`, JSON.stringify(scenario, null, 2));
  return `${name}.json`;
}

/** A settings.json text with the given `hooks` object (and any other top-level keys). */
export function settingsJson(hooks: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ ...extra, hooks }, null, 2)}\n`;
}

/** Absolute path of a hook fixture under `test/fixtures/`. */
export function fixturePath(relativePath: string): string {
  return join(repositoryRoot, 'test', 'fixtures', relativePath);
}

/** A hook command that prints `stdout` and `stderr` verbatim and exits with `exitCode` (test/fixtures/hooks/respond.sh). */
export function respondHook(exitCode: number, stdout = '', stderr = ''): string {
  const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
  return `sh "${fixturePath('hooks/respond.sh')}" ${exitCode} ${quote(stdout)} ${quote(stderr)}`;
}
