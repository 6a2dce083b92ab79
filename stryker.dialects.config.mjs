// Mutation testing of src/hooks/dialects alone, against the tests that reach the dialects
// (vitest.mutate.dialects.config.ts): 1 to 4 s per mutant on two busy cores, after a first run of
// 30 to 70 s, where the full in-process set takes about a minute per mutant. Run it as
// stryker.config.mjs says (--inPlace in a clone of its own), one or a few files at a time:
//   npm run mutate -- stryker.dialects.config.mjs --inPlace --concurrency 1 \
//     --mutate src/hooks/dialects/matching.ts,src/hooks/dialects/toolNames.ts
import { roomConfig } from './stryker.config.mjs';

export default roomConfig({ room: 'dialects', mutate: ['src/hooks/dialects/**/*.ts'] });
