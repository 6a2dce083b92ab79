import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hook tests spawn real processes; the SIGTERM → SIGKILL escalation alone takes 5 s.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/helpers/globalSetup.ts'],
  },
});
