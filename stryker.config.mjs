// npm run mutate: mutation testing of the code whose slips a user notices first — the dialects, the
// session machine and how one hook runs. Not part of npm test or CI (it takes long); the score is
// reported in reports/mutation/. Narrow it with --mutate, e.g.
//   npm run mutate -- --inPlace --mutate src/hooks/dialects/claudeAnswer.ts,src/hooks/actions/scriptCommand.ts
// Stryker's sandbox copy (and its restore of in-place files) drops the executable bits of the hook
// fixture scripts, which the tests run as programs: run it with --inPlace in a clone of its own, and
// `git checkout -- .` there afterwards.
// The full in-process test set costs about a minute per mutant. Each room has a narrowed config that
// runs only the tests reaching it, a few seconds per mutant — name it first:
//   npm run mutate -- stryker.dialects.config.mjs --inPlace --concurrency 1 --mutate src/hooks/dialects/gemini.ts
// (stryker.session.config.mjs for src/machines/session*.ts, stryker.actions.config.mjs for
// src/hooks/actions); HOOKRAIL_MUTATE_TESTS=test/a.test.ts,test/b.test.ts narrows the tests further.
// docs/architecture.md ("Mutation testing") says how to read the report.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const base = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  coverageAnalysis: 'perTest',
  mutate: ['src/hooks/dialects/**/*.ts', 'src/machines/session*.ts', 'src/hooks/actions/**/*.ts'],
  // The CLI tests run dist/, which Stryker does not rebuild per mutant, so they are left out
  // (vitest.mutate.config.ts): a mutant they alone would catch counts as survived, and the score
  // is a lower bound.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 60_000,
  // The first run, which maps each mutant to the tests that reach it, runs every test once.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
};

export default base;

/**
 * The config of one room (`dialects`, `session`, `actions`): its sources, against the tests of
 * vitest.mutate.<room>.config.ts. On top of the time the covering tests took unmutated, a mutant
 * that makes a hook or a session wait forever is caught as a timeout 15 s later rather than a minute.
 * @param {{ room: string, mutate: string[] }} options
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function roomConfig(options) {
  return {
    ...base,
    mutate: options.mutate,
    vitest: { configFile: `vitest.mutate.${options.room}.config.ts` },
    timeoutMS: 15_000,
    htmlReporter: { fileName: `reports/mutation/${options.room}.html` },
  };
}
