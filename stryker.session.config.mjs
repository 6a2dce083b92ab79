// Mutation testing of the session machine (src/machines/session*.ts) alone, against the tests that
// drive a session (vitest.mutate.session.config.ts). Run it as stryker.config.mjs says (--inPlace in
// a clone of its own, `git checkout -- .` there afterwards), one or a few files at a time:
//   npm run mutate -- stryker.session.config.mjs --inPlace --concurrency 1 \
//     --mutate src/machines/session.turn.ts,src/machines/session.stopCheck.ts
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['src/machines/session*.ts'],
  vitest: { configFile: 'vitest.mutate.session.config.ts' },
  // On top of the time the covering tests took unmutated: a mutant that leaves a session waiting
  // forever is caught as a timeout 15 s later rather than a minute.
  timeoutMS: 15_000,
  htmlReporter: { fileName: 'reports/mutation/session.html' },
};
