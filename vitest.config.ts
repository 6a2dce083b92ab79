import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
  },
});
