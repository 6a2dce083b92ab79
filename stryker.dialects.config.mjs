// Mutation testing of src/hooks/dialects alone, against the tests that reach the dialects
// (vitest.mutate.dialects.config.ts): 1 to 4 s per mutant on two busy cores, after a first run of
// 30 to 70 s, where the full in-process set takes about a minute per mutant. Run it as
// stryker.config.mjs says (--inPlace in a clone of its own), one or a few files at a time:
//   npm run mutate -- stryker.dialects.config.mjs --inPlace --concurrency 1 \
//     --mutate src/hooks/dialects/matching.ts,src/hooks/dialects/toolNames.ts
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['src/hooks/dialects/**/*.ts'],
  vitest: { configFile: 'vitest.mutate.dialects.config.ts' },
  // On top of the time the covering tests took unmutated: a mutant that makes a hook wait forever
  // is caught as a timeout 15 s later rather than a minute.
  timeoutMS: 15_000,
  htmlReporter: { fileName: 'reports/mutation/dialects.html' },
};
