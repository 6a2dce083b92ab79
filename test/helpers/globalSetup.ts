/**
 * vitest globalSetup: rebuilds `dist/` if any source is newer than it (the CLI tests run the build),
 * marks this test run in the environment (every worker and every hook process inherits it) and, at teardown, fails the run if any process started from `test/fixtures/hooks/`
 * by this run is still alive — no hook process may outlive the suite.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { ensureFreshBuild } from './freshBuild.js';
import { assertNoHookProcessesAlive, findHookFixtureProcesses, TEST_RUN_MARKER_VARIABLE } from './processes.js';

export default function setup(): () => Promise<void> {
  ensureFreshBuild(fileURLToPath(new URL('../..', import.meta.url)));
  // Each project of vitest.config.ts runs this setup; the run keeps one marker for all of them.
  const run = globalThis as { hookrailTestRunMarker?: string };
  run.hookrailTestRunMarker ??= randomUUID();
  const marker = run.hookrailTestRunMarker;
  process.env[TEST_RUN_MARKER_VARIABLE] = marker;
  return async function teardown(): Promise<void> {
    try {
      await assertNoHookProcessesAlive({ marker });
    } catch (error) {
      // vitest 4 only logs a teardown error ("error during close"); the exit code is what fails CI.
      process.exitCode = 1;
      // Fail the run, but do not leave the leaked processes running either.
      for (const leaked of findHookFixtureProcesses(marker)) {
        try {
          process.kill(leaked.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      throw error;
    }
  };
}
