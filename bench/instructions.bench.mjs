#!/usr/bin/env node
// The machine and hook targets counted in instructions, which the load of a shared machine cannot blur
// (see bench/README.md). Each variant runs under valgrind's callgrind with a small and a large number of
// calls; the difference divided by the difference in calls is its instructions per call, start-up and
// warm-up taken out. Node runs with --single-threaded, so garbage collection is counted on the one thread.
//   1. the toolCall machine (runToolCall, hooks disabled) vs a bare XState machine of the same path
//      (scheduler.bench.mjs 1b; target <= 1.2)
//   2. one command hook through fireBeforeToolHook vs a raw node:child_process spawn, both with the
//      kernel taken out (spawn.bench.mjs section 3): the host's own work per hook, in instructions
// Instructions are not time — cache misses and system calls are not in them — so the timed benches
// stay the measure of the targets; this one says whether a change made the host do less work.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { printMachineBanner } from './lib/measure.mjs';

const subject = fileURLToPath(new URL('./lib/instructionSubject.mjs', import.meta.url));
const fewCalls = 300;
const manyCalls = 1_300;

/** Instructions valgrind counted for one run of the subject, or undefined when it could not run. */
function countInstructions(variant, calls) {
  const run = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--smc-check=all-non-file',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded',
      subject,
      variant,
      String(calls),
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const collected = /Collected\s*:\s*(\d+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !collected) {
    console.error(
      `valgrind run of ${variant} × ${calls} failed (exit ${run.status}): ${(run.stderr ?? '').split('\n').slice(-5).join(' ')}`,
    );
    return undefined;
  }
  return Number(collected[1]);
}

const counted = new Map();

/** Instructions per call of `variant` (counted once per run, however many pairs name it). */
function perCall(variant) {
  if (!counted.has(variant)) counted.set(variant, countPerCall(variant));
  return counted.get(variant);
}

function countPerCall(variant) {
  const few = countInstructions(variant, fewCalls);
  const many = countInstructions(variant, manyCalls);
  return few === undefined || many === undefined ? undefined : (many - few) / (manyCalls - fewCalls);
}

const thousands = (instructions) => `${(instructions / 1000).toFixed(1)}k instructions`;

printMachineBanner();
const version = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
if (version.status !== 0) {
  console.log('skipped: valgrind is not installed (apt-get install valgrind); the timed benches are unaffected');
  process.exit(0);
}
console.log(`${version.stdout.trim()}; ${fewCalls} and ${manyCalls} calls per variant`);

const pairs = [
  {
    title: '1. toolCall machine vs a bare XState machine of the same path (hooks disabled)',
    a: 'machine',
    b: 'bareMachine',
    target: 1.2,
  },
  {
    title:
      "1c. the bare path carrying the call's data (input → context, one assign, an output) vs the bare machine — no target",
    a: 'bareMachineWithData',
    b: 'bareMachine',
  },
  {
    title: "2. one command hook vs a raw spawn, kernel taken out (the host's own work per hook)",
    a: 'hook',
    b: 'rawSpawn',
  },
];
let failed = false;
for (const pair of pairs) {
  const a = perCall(pair.a);
  const b = perCall(pair.b);
  console.log(`\n${pair.title}`);
  if (a === undefined || b === undefined) {
    failed = true;
    continue;
  }
  const ratio = a / b;
  const verdict =
    pair.target === undefined
      ? ''
      : ` — target <= ${pair.target}: ${ratio <= pair.target ? 'meets target' : 'MISSES target'}`;
  console.log(`  ${pair.a}: ${thousands(a)} per call`);
  console.log(`  ${pair.b}: ${thousands(b)} per call`);
  console.log(`  extra: ${thousands(a - b)} per call, ratio ${ratio.toFixed(3)}${verdict}`);
}
process.exit(failed ? 1 : 0);
