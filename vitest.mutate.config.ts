import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The test files a narrowed mutation config runs: `HOOKRAIL_MUTATE_TESTS` (comma-separated paths)
 * when it is set, else the config's own list.
 */
export function mutationTestFiles(files: string[]): string[] {
  const chosen = process.env.HOOKRAIL_MUTATE_TESTS?.split(',').filter((file) => file.trim() !== '');
  return chosen && chosen.length > 0 ? chosen.map((file) => file.trim()) : files;
}

// The tests `npm run mutate` runs against each mutant: those that run src/ in process (the CLI and
// package tests run dist/, which Stryker does not rebuild per mutant, so they could not catch one),
// less the memory measurements, whose bounds Stryker's instrumented code does not keep. The lists
// replace the base config's (a merge would concatenate them).
export default defineConfig({
  test: {
    ...base.test,
    // One set of files, not the suite's projects (vitest.config.ts).
    projects: undefined,
    include: mutationTestFiles([
      'test/hooks/**/*.test.ts',
      'test/machines/**/*.test.ts',
      'test/integrations/ai-sdk/**/*.test.ts',
    ]),
    exclude: ['**/node_modules/**', 'test/**/*.memory.test.ts'],
  },
});
