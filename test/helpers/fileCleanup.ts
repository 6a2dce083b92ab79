/**
 * vitest setupFiles of the test files that share worker processes (vitest.config.ts, project
 * `shared`): when a file ends, the idle warm interpreters and the leftover process groups it started
 * are stopped, as the exit of a worker of its own would stop them, so the next file in the same
 * worker starts from nothing of it.
 */
import { afterAll } from 'vitest';
import { killLeftoverProcesses } from '../../src/hooks/actions/processGroupRegistry.js';
import { closeWarmInterpreters } from '../../src/hooks/actions/warm/warmStart.js';

afterAll(async () => {
  await closeWarmInterpreters();
  await killLeftoverProcesses({ graceMs: 0 });
});
