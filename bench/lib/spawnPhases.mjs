// Where the time of one spawned process goes, for spawn.bench.mjs section 4: node:child_process.spawn is
// wrapped with timestamps (entered, returned, the child's 'exit'), so each call splits into the work before
// the spawn, spawn() itself (it returns after the child's exec), the child's run, and the work after its exit.
// Not a benchmark itself: bench/run.mjs runs only files named *.bench.mjs.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { performance } from 'node:perf_hooks';
import { median } from './measure.mjs';

/**
 * Calls each variant `rounds` times, alternating their order, with `spawn` timed; returns per variant the
 * median µs of each phase. `spawn` is restored afterwards. A variant must spawn exactly one process per call.
 */
export async function measureSpawnPhases({ variants, rounds, warmupRounds = 50 }) {
  const childProcess = createRequire(import.meta.url)('node:child_process');
  const realSpawn = childProcess.spawn;
  let entered = 0;
  let returned = 0;
  let exited = 0;
  childProcess.spawn = function timedSpawn(...args) {
    entered = performance.now();
    const child = realSpawn.apply(this, args);
    returned = performance.now();
    child.once('exit', () => {
      exited = performance.now();
    });
    return child;
  };
  // ES module importers of node:child_process (the bench and dist/) see the wrapper too.
  syncBuiltinESMExports();
  const names = Object.keys(variants);
  const samples = Object.fromEntries(names.map((name) => [name, { before: [], spawn: [], run: [], after: [] }]));
  try {
    for (let round = 0; round < warmupRounds + rounds; round += 1) {
      for (let index = 0; index < names.length; index += 1) {
        const name = names[(round + index) % names.length];
        const startedAt = performance.now();
        await variants[name]();
        const endedAt = performance.now();
        if (round < warmupRounds) continue;
        const phases = samples[name];
        phases.before.push((entered - startedAt) * 1000);
        phases.spawn.push((returned - entered) * 1000);
        phases.run.push((exited - returned) * 1000);
        phases.after.push((endedAt - exited) * 1000);
      }
    }
  } finally {
    childProcess.spawn = realSpawn;
    syncBuiltinESMExports();
  }
  return Object.fromEntries(
    names.map((name) => [
      name,
      Object.fromEntries(Object.entries(samples[name]).map(([phase, values]) => [phase, median(values)])),
    ]),
  );
}
