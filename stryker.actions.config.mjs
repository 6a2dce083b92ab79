// Mutation testing of how one hook runs (src/hooks/actions) alone, against the tests of the hook
// types and hook processes (vitest.mutate.actions.config.ts). Run it as stryker.config.mjs says
// (--inPlace in a clone of its own, `git checkout -- .` there afterwards), one or a few files at a time:
//   npm run mutate -- stryker.actions.config.mjs --inPlace --concurrency 1 \
//     --mutate src/hooks/actions/httpHook.ts,src/hooks/actions/deadline.ts
import { roomConfig } from './stryker.config.mjs';

export default roomConfig({ room: 'actions', mutate: ['src/hooks/actions/**/*.ts'] });
