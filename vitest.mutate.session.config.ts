import { defineConfig } from 'vitest/config';
import base from './vitest.config';
import { mutationTestFiles } from './vitest.mutate.config';

// The tests run against each mutant of src/machines/session*.ts (stryker.session.config.mjs): the
// session machine tests (turns, stops, compaction, lifecycle, transcript, concurrent sessions, leftover
// processes, Claude moments), the agent tests that drive a session for one prompt, the agent-hook
// runner (a sub-agent is a session) and the async-hook tests (their messages reach the next turn).
// With these alone a mutant costs seconds instead of the minute the full in-process set
// (vitest.mutate.config.ts) takes. A mutant only a test outside this list would catch counts as
// survived: the score is a lower bound. HOOKRAIL_MUTATE_TESTS narrows it further
// (vitest.mutate.dialects.config.ts).
export default defineConfig({
  test: {
    ...base.test,
    // One set of files, not the suite's projects (vitest.config.ts).
    projects: undefined,
    include: mutationTestFiles([
      'test/machines/session.*.test.ts',
      'test/machines/agent.test.ts',
      'test/machines/agent.hooks.test.ts',
      'test/machines/hookAgentRunner.test.ts',
      'test/machines/historyTokens.test.ts',
      'test/hooks/engine/asyncHooks.test.ts',
    ]),
    exclude: ['**/node_modules/**', 'test/**/*.memory.test.ts'],
  },
});
