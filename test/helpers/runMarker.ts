/** Environment variable holding this test run's marker (set by `globalSetup.ts`, narrowed per test file by `fileMarker.ts`). */
export const TEST_RUN_MARKER_VARIABLE = 'HOOKRAIL_TEST_RUN_MARKER';
