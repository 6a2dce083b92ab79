import { defineConfig } from 'vitest/config';
import base from './vitest.config';
import { mutationTestFiles } from './vitest.mutate.config';

// The tests run against each mutant of src/hooks/dialects (stryker.dialects.config.mjs): the dialect
// tests, the planner and event-handler tests (matchers, fire contexts), the tool-result replacement
// tests (a Gemini CLI AfterTool deny or exit 2) and the few in-process tests that reach the dialects
// through the engine, the session machine or a tool adapter, and the table of every Claude Code and
// Gemini CLI event (readmeHookEvents.test.ts: which Claude events are skipped with a warning). With
// these, a mutant costs seconds instead of the minute the full in-process set (vitest.mutate.config.ts)
// takes, so the whole folder scores in one sitting. A mutant only a test outside this list would catch counts as survived: the
// score is a lower bound.
//
// HOOKRAIL_MUTATE_TESTS (comma-separated test files) replaces the list: on a loaded machine a
// mutant of a file most hooks pass through (claudeAnswer.ts) costs a minute with the whole list,
// and a second or two with that file's own tests, e.g.
//   HOOKRAIL_MUTATE_TESTS=test/hooks/dialects/claudeAnswer.test.ts,test/hooks/dialects/claudeExitCodes.test.ts
export default defineConfig({
  test: {
    ...base.test,
    // One set of files, not the suite's projects (vitest.config.ts).
    projects: undefined,
    include: mutationTestFiles([
      'test/hooks/dialects/**/*.test.ts',
      'test/hooks/engine/dialectHooks.test.ts',
      'test/hooks/engine/dialectPlanning.test.ts',
      'test/hooks/engine/hookPlanner.test.ts',
      'test/hooks/engine/hookEventHandler.test.ts',
      'test/hooks/engine/hookRunner.dialects.test.ts',
      'test/hooks/actions/warm/publishedWarm.test.ts',
      'test/hooks/triggers/toolResultReplacement.test.ts',
      'test/machines/session.claudeMoments.test.ts',
      'test/machines/session.claudeToolMoments.test.ts',
      'test/adapters/tools/shellEnvironmentFile.test.ts',
      'test/readmeHookEvents.test.ts',
    ]),
    exclude: ['**/node_modules/**', 'test/**/*.memory.test.ts'],
  },
});
