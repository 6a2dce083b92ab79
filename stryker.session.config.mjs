// Mutation testing of the session machine (src/machines/session*.ts) alone, against the tests that
// drive a session (vitest.mutate.session.config.ts). Run it as stryker.config.mjs says (--inPlace in
// a clone of its own, `git checkout -- .` there afterwards), one or a few files at a time:
//   npm run mutate -- stryker.session.config.mjs --inPlace --concurrency 1 \
//     --mutate src/machines/session.turn.ts,src/machines/session.stopCheck.ts
import { roomConfig } from './stryker.config.mjs';

export default roomConfig({ room: 'session', mutate: ['src/machines/session*.ts'] });
