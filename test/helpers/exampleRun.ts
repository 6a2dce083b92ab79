/**
 * The setup every test/examples/ file shares: before each test a fresh sandbox project holding a copy
 * of the repository's `examples/` (as a fresh clone has them), removed after the test; and the
 * commands a user runs there, `hookrail run --scenario examples/scenarios/<name>.json` first.
 */
import { join } from 'node:path';
import {
  copyExamples,
  runHookrail,
  useCliSandbox,
  type CliResult,
  type CliSandbox,
  type RunHookrailOptions,
} from './cliProcess.js';

/** Options of {@link useExampleProject}. */
export interface ExampleProjectOptions {
  /** Files written under the project before each test, by path relative to it. */
  files?: Record<string, string>;
}

/** Options of {@link ExampleProject.runScenario}: `hookrail run` options after `--scenario`, and the process options. */
export interface RunScenarioOptions extends RunHookrailOptions {
  /** Further `hookrail run` arguments, e.g. `['--json']`. */
  args?: readonly string[];
}

/** The current test's example project. */
export interface ExampleProject {
  /** The sandbox of the running test (a new one for each test). */
  readonly sandbox: CliSandbox;
  /** The absolute path of a file under the project. */
  projectPath(...segments: string[]): string;
  /** Runs `hookrail run --scenario examples/scenarios/<name>.json ...args` in the project. */
  runScenario(name: string, options?: RunScenarioOptions): Promise<CliResult>;
  /** Runs `hookrail <args>` in the project. */
  run(args: readonly string[], options?: RunHookrailOptions): Promise<CliResult>;
}

/** Registers the per-test sandbox with `examples/` copied in; call at the top of a test file. */
export function useExampleProject(options: ExampleProjectOptions = {}): ExampleProject {
  const sandbox = useCliSandbox(async (newSandbox) => {
    await copyExamples(newSandbox);
    for (const [path, content] of Object.entries(options.files ?? {})) await newSandbox.writeProjectFile(path, content);
  });
  return {
    sandbox,
    projectPath: (...segments) => join(sandbox.project, ...segments),
    runScenario: (name, { args = [], ...runOptions } = {}) =>
      runHookrail(sandbox, ['run', '--scenario', `examples/scenarios/${name}.json`, ...args], runOptions),
    run: (args, runOptions) => runHookrail(sandbox, args, runOptions),
  };
}
