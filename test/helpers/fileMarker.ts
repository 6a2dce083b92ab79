/**
 * vitest setupFiles: gives each test file its own run marker (`<run marker>.<worker pid>-<file number>`),
 * inherited by every hook and CLI process the file starts. Test files run side by side, and several
 * run one after another in a shared worker, so a check that no hook process outlived a test must count
 * its own file's processes only; the run-wide check at teardown still matches them all by the run
 * marker they start with.
 */
// Its own small module: this file also runs before DOM-environment test files, where processes.ts cannot load.
import { TEST_RUN_MARKER_VARIABLE } from './runMarker.js';

const counter = globalThis as { hookrailTestFilesInWorker?: number };
counter.hookrailTestFilesInWorker = (counter.hookrailTestFilesInWorker ?? 0) + 1;
const runMarker = process.env[TEST_RUN_MARKER_VARIABLE]?.split('.')[0];
if (runMarker) {
  process.env[TEST_RUN_MARKER_VARIABLE] = `${runMarker}.${process.pid}-${counter.hookrailTestFilesInWorker}`;
}
