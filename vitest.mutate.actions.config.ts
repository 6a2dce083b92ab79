import { defineConfig } from 'vitest/config';
import base from './vitest.config';
import { mutationTestFiles } from './vitest.mutate.config';

// The tests run against each mutant of src/hooks/actions (stryker.actions.config.mjs): the tests of
// each hook type and of how a hook process runs (shells, exec form, process groups, deadlines,
// watchdog, captured output, warm interpreters) and the hook-runner tests that run real scripts,
// http and function hooks through the engine. With these alone a mutant costs seconds instead of
// the minute the full in-process set (vitest.mutate.config.ts) takes. A mutant only a test outside
// this list would catch counts as survived: the score is a lower bound. HOOKRAIL_MUTATE_TESTS
// narrows it further (vitest.mutate.dialects.config.ts).
export default defineConfig({
  test: {
    ...base.test,
    // One set of files, not the suite's projects (vitest.config.ts).
    projects: undefined,
    include: mutationTestFiles([
      'test/hooks/actions/**/*.test.ts',
      'test/hooks/engine/hookRunner.test.ts',
      'test/hooks/engine/hookRunner.badInput.test.ts',
    ]),
    exclude: ['**/node_modules/**', 'test/**/*.memory.test.ts'],
  },
});
