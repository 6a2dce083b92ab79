// Mutation testing of how one hook runs (src/hooks/actions) alone, against the tests of the hook
// types and hook processes (vitest.mutate.actions.config.ts). Run it as stryker.config.mjs says
// (--inPlace in a clone of its own, `git checkout -- .` there afterwards), one or a few files at a time:
//   npm run mutate -- stryker.actions.config.mjs --inPlace --concurrency 1 \
//     --mutate src/hooks/actions/httpHook.ts,src/hooks/actions/deadline.ts
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['src/hooks/actions/**/*.ts'],
  vitest: { configFile: 'vitest.mutate.actions.config.ts' },
  // On top of the time the covering tests took unmutated: a mutant that makes a hook wait forever is
  // caught as a timeout 15 s later rather than a minute.
  timeoutMS: 15_000,
  htmlReporter: { fileName: 'reports/mutation/actions.html' },
};
