import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that get a fresh process each: they check what the host process holds — the registry of
 * process groups, the watchdog, the pool of warm interpreters — or its memory, so another file's
 * leftovers in the same process would change what they see.
 */
const isolatedFiles = [
  'test/hooks/actions/processGroup*.test.ts',
  'test/hooks/actions/processWatchdog.test.ts',
  'test/hooks/actions/directScript.test.ts',
  'test/hooks/actions/scriptEnd.test.ts',
  'test/hooks/actions/warm/**/*.test.ts',
  'test/**/*.memory.test.ts',
  'test/machines/load.test.ts',
  'test/machines/session.warmInterpreters.test.ts',
  'test/debugLogger.test.ts',
  // In a DOM environment, where the shared files' cleanup (src/ on Node) cannot load.
  'test/inspection/page/**/*.test.ts',
];

export default defineConfig({
  test: {
    // Hook tests spawn real processes; the SIGTERM → SIGKILL escalation alone takes 5 s.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most of the suite waits on hook processes, CLI processes and servers rather than computing, so
    // three test files at a time keep two cores busy; vitest's default (cores - 1) ran one at a time
    // on a 2-core machine and took twice as long.
    maxWorkers: 3,
    globalSetup: ['test/helpers/globalSetup.ts'],
    setupFiles: ['test/helpers/fileMarker.ts'],
    // Each project lists its own files: a project's lists are added to the root's, not put in their place.
    projects: [
      { extends: true, test: { name: 'isolated', include: isolatedFiles } },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...isolatedFiles],
          // The rest share their worker processes, one file after another: loading vitest and the
          // modules under test once per worker instead of once per file saves about a fifth of the
          // suite's CPU. Each file still gets its own run marker, and what it left running is
          // stopped when it ends (fileMarker.ts), as a fresh process's exit would.
          isolate: false,
          setupFiles: ['test/helpers/fileCleanup.ts'],
        },
      },
    ],
  },
});
