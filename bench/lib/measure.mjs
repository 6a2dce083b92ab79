// Timing, statistics and printing shared by the bench/*.bench.mjs files (see bench/README.md, "How to read
// the numbers"). Not a benchmark itself: bench/run.mjs only runs files named *.bench.mjs in bench/.
import { cpus, loadavg } from 'node:os';

/** Runs a full collection (twice, so objects freed by finalisers go too) when node runs with --expose-gc. */
export function collectGarbage() {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc();
    globalThis.gc();
  }
}

/** The median of a non-empty list of numbers. */
export function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** µs per call of `batchSize` sequential awaited calls of `call(index)`. */
export async function timeBatch(call, batchSize) {
  const startedAt = process.hrtime.bigint();
  for (let index = 0; index < batchSize; index += 1) await call(index);
  return Number(process.hrtime.bigint() - startedAt) / 1_000 / batchSize;
}

/**
 * Runs `rounds` rounds of one batch of A and one of B, alternating which goes first, after a warm-up.
 * Returns the per-call µs medians of A and B over the rounds, their difference and ratio, and each
 * variant's fastest round (the least disturbed by other load on the machine).
 */
export async function compare({ variantA, variantB, rounds, batchSize, warmupBatches }) {
  for (let index = 0; index < warmupBatches; index += 1) {
    await timeBatch(variantA, batchSize);
    await timeBatch(variantB, batchSize);
  }
  const timesA = [];
  const timesB = [];
  for (let round = 0; round < rounds; round += 1) {
    collectGarbage();
    if (round % 2 === 0) {
      timesA.push(await timeBatch(variantA, batchSize));
      timesB.push(await timeBatch(variantB, batchSize));
    } else {
      timesB.push(await timeBatch(variantB, batchSize));
      timesA.push(await timeBatch(variantA, batchSize));
    }
  }
  const a = median(timesA);
  const b = median(timesB);
  return { a, b, difference: a - b, ratio: a / b, fastestA: Math.min(...timesA), fastestB: Math.min(...timesB) };
}

/** A duration in µs, as ms from 1,000 µs up; `decimals` for µs figures (sub-µs costs want 3). */
export function format(microseconds, decimals = 2) {
  return microseconds >= 1000 ? `${(microseconds / 1000).toFixed(2)} ms` : `${microseconds.toFixed(decimals)} µs`;
}

/** The word printed after a figure's target. */
export function verdict(met) {
  return met ? 'meets target' : 'MISSES target';
}

/** The 1, 5 and 15 minute load averages, as printed at the start and end of a run. */
export function loadAverage() {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

/** Prints the machine and the load, because the same code measures differently on a busy machine. */
export function printMachineBanner() {
  const cpuList = cpus();
  console.log(
    `machine: ${cpuList.length} × ${cpuList[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${process.platform}/${process.arch}`,
  );
  console.log(`load average at start: ${loadAverage()}`);
  if (typeof globalThis.gc !== 'function')
    console.log('note: run with --expose-gc (bench/run.mjs does) for steadier numbers and heap figures');
}

/**
 * Prints one `compare` result: both medians with their fastest rounds, the extra cost and ratio, and,
 * when `targetMicroseconds` is given, whether the extra cost per call stays under it.
 */
export function printComparison({ title, labelA, labelB, result, targetMicroseconds, decimals = 2 }) {
  const width = Math.max(labelA.length, labelB.length) + 1;
  const show = (microseconds) => format(microseconds, decimals);
  const target =
    targetMicroseconds === undefined
      ? ''
      : ` — target < ${targetMicroseconds} µs: ${verdict(result.difference < targetMicroseconds)}`;
  console.log(`\n${title}`);
  console.log(`  ${`${labelA}:`.padEnd(width)} ${show(result.a)} per call (fastest round ${show(result.fastestA)})`);
  console.log(`  ${`${labelB}:`.padEnd(width)} ${show(result.b)} per call (fastest round ${show(result.fastestB)})`);
  console.log(
    `  extra: ${show(result.difference)} per call, ratio ${result.ratio.toFixed(2)} ` +
      `(fastest rounds: ${show(result.fastestA - result.fastestB)})${target}`,
  );
}

/** µs of wall time and of host CPU time (user + system, this process only) per call of a batch. */
async function timeBatchWithCpu(call, batchSize) {
  const cpuBefore = process.cpuUsage();
  const wall = await timeBatch(call, batchSize);
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / batchSize };
}

/**
 * Like {@link compare} for any number of variants: each round runs one batch of every variant, in an
 * order that rotates and reverses from round to round, after a warm-up. Returns, per variant, the
 * per-call µs median and fastest round, the median over the rounds of its ratio to the first
 * variant's batch in the same round (a ratio of neighbours, which a drifting load disturbs least),
 * and the same for the host's CPU time per call (`cpu`, `cpuRatio`), which waiting for a busy
 * machine's cores does not inflate.
 */
export async function compareAll({ variants, rounds, batchSize, warmupBatches }) {
  const entries = Object.entries(variants);
  for (let index = 0; index < warmupBatches; index += 1) {
    for (const [, call] of entries) await timeBatch(call, batchSize);
  }
  const samples = entries.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (let step = 0; step < entries.length; step += 1) {
      const rotated = (round + step) % entries.length;
      const index = round % 2 === 0 ? rotated : entries.length - 1 - rotated;
      // Every batch starts from a collected heap: with one collection per round, the batch that came
      // first after it measured 5–13% slower than its twin, and the rotation puts some variants first
      // more often than others.
      collectGarbage();
      samples[index].push(await timeBatchWithCpu(entries[index][1], batchSize));
    }
  }
  const ratioToFirst = (index, field) =>
    median(samples[index].map((sample, round) => sample[field] / samples[0][round][field]));
  return Object.fromEntries(
    entries.map(([name], index) => [
      name,
      {
        median: median(samples[index].map((sample) => sample.wall)),
        fastest: Math.min(...samples[index].map((sample) => sample.wall)),
        ratio: ratioToFirst(index, 'wall'),
        cpu: median(samples[index].map((sample) => sample.cpu)),
        cpuRatio: ratioToFirst(index, 'cpu'),
      },
    ]),
  );
}
