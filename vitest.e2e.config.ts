import { defineConfig } from 'vitest/config';

/**
 * `npm run test:e2e`: the report opened in a real headless Chromium (Debian's `chromium` package,
 * driven by playwright-core). Kept out of `npm test`; `.ci/run` installs the browser and runs both.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    globalSetup: ['test/helpers/globalSetup.ts'],
  },
});
