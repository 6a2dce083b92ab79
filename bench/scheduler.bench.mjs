#!/usr/bin/env node
// What the XState machines cost a host, measured side by side in one run (see bench/README.md):
//   1. one toolCall machine per call (runToolCall)   vs  executeToolWithHooks, hooks disabled
//   2. the same with hooks enabled but none matching the tool
//                                                     (no target: a machine against a plain function call;
//                                                     round 1's "< 50 µs" is below XState's own floor here)
//   1b. the toolCall machine vs a bare XState machine of the same shape (idle → executing (one invoked
//       promise) → buffered → published, no context): target <= 1.2
//   1c. the toolCall machine vs that bare path carrying the call's data (input → context, one assign, an
//       output): not a target — how much of 1b is XState's data handling, which any machine with a result pays
//   1d. that data-carrying path vs the bare machine: not a target — XState's own price for a machine that takes
//       a request and answers with a result, the part of 1b's distance that no such machine avoids
//   3. 10,000 sequential calls through one scheduler: calls/s, heap growth after GC (target < 5 MB)
//      and the per-call cost of the first vs the last thousand calls (target: no drift)
// Variants are interleaved (A B, B A, ...) to cancel drift; medians of the rounds are reported.
import { Config, DebugLogger, createToolScheduler, executeToolWithHooks, runToolCall } from '../dist/index.js';
import { bareToolCallMachine, bareToolCallMachineWithData } from './lib/floors.mjs';
import {
  collectGarbage,
  compare,
  compareAll,
  format,
  loadAverage,
  printComparison,
  printMachineBanner,
  timeBatch,
  verdict,
} from './lib/measure.mjs';

const quietLogger = new DebugLogger('bench', { level: 'error', sink: () => {} });
const toolInput = { path: 'src/index.ts', content: 'export const answer = 42;\n' };
const toolResult = { llmContent: 'wrote src/index.ts', returnDisplay: 'Wrote src/index.ts' };
const tool = { name: 'write_file', execute: async () => toolResult };
const signal = new AbortController().signal;

function machineVersusWrapper(config) {
  const request = { callId: 'bench', name: 'write_file', args: toolInput };
  return {
    variantA: () => runToolCall({ config, tool, request }),
    variantB: () => executeToolWithHooks(config, 'write_file', toolInput, (input) => tool.execute(input, { signal })),
  };
}

printMachineBanner();

// 1. Hooks disabled.
const disabled = new Config({ enableHooks: false, logger: quietLogger });
printComparison({
  title: '1. toolCall machine per call vs executeToolWithHooks, hooks disabled',
  labelA: 'runToolCall (machine)',
  labelB: 'executeToolWithHooks',
  result: await compare({ ...machineVersusWrapper(disabled), rounds: 15, batchSize: 2_000, warmupBatches: 3 }),
});

/**
 * One subject (default the toolCall machine, hooks disabled) against one floor, in pairs of their own:
 * ratios of neighbouring batches (compareAll), 41 rounds of 500; prints both lines, the subject's with
 * `verdictText(cpuRatio)`.
 */
async function timeAgainstFloor({
  title,
  floorLabel,
  runFloor,
  subjectLabel = 'runToolCall (machine):',
  runSubject = machineVersusWrapper(disabled).variantA,
  verdictText,
}) {
  const timed = await compareAll({
    variants: { floor: runFloor, subject: runSubject },
    rounds: 41,
    batchSize: 500,
    warmupBatches: 4,
  });
  console.log(`\n${title} (medians of 41 rounds of 500)`);
  console.log(
    `  ${floorLabel.padEnd(22)} ${format(timed.floor.median)} per call (fastest round ${format(timed.floor.fastest)}; host CPU ${format(timed.floor.cpu)})`,
  );
  console.log(
    `  ${subjectLabel.padEnd(22)} ${format(timed.subject.median)} per call (fastest round ${format(timed.subject.fastest)}; host CPU ${format(timed.subject.cpu)}) ` +
      `CPU ratio ${timed.subject.cpuRatio.toFixed(3)} (wall ${timed.subject.ratio.toFixed(3)}) — ${verdictText(timed.subject.cpuRatio)}`,
  );
}

// 1b. XState's floor: the same shape with nothing of ours in it. The secondary target: the toolCall
// machine <= 1.2x this floor. The verdict is on host CPU time: both variants are single-threaded
// JavaScript, so on an idle machine CPU time and wall time agree, and on a busy one wall time also counts
// the time spent waiting for a core (it moved by ±30% between runs at load 5; the CPU ratio by ±5%).
await timeAgainstFloor({
  title: '1b. toolCall machine vs a bare XState machine of the same shape, hooks disabled',
  floorLabel: 'bare XState machine:',
  runFloor: bareToolCallMachine(() => tool.execute(toolInput, { signal })),
  verdictText: (cpuRatio) => `target <= 1.2: ${verdict(cpuRatio <= 1.2)} (1.33 before the machine was trimmed)`,
});

// 1c. The bare path with the call's data, in pairs of its own (a third variant in 1b's rotation would
// change what 1b measures): the request as input and context, the result assigned, an output.
await timeAgainstFloor({
  title: "1c. toolCall machine vs the bare path carrying the call's data, hooks disabled",
  floorLabel: 'bare path with data:',
  runFloor: bareToolCallMachineWithData((args) => tool.execute(args, { signal }), {
    callId: 'bench',
    name: 'write_file',
    args: toolInput,
  }),
  verdictText: () => "not a target: what is hookrail's own beyond XState's data handling",
});

// 1d. The two floors against each other, in pairs of their own: what XState alone charges for carrying a
// call's data (input into context, one assign, an output), the part of 1b no machine that answers with a
// result can avoid. Run after 1b and 1c, so XState's code has seen all three machines, as in 1c.
const bareWithData = bareToolCallMachineWithData((args) => tool.execute(args, { signal }), {
  callId: 'bench',
  name: 'write_file',
  args: toolInput,
});
await timeAgainstFloor({
  title: "1d. the bare path carrying the call's data vs the bare XState machine",
  floorLabel: 'bare XState machine:',
  runFloor: bareToolCallMachine(() => tool.execute(toolInput, { signal })),
  subjectLabel: 'bare path with data:',
  runSubject: bareWithData,
  verdictText: () => "not a target: XState's own cost of carrying the call's data, nothing of hookrail's",
});

// 2. Hooks enabled, configured for another tool only: no process is spawned.
const enabled = new Config({
  enableHooks: true,
  hooks: { BeforeTool: [{ matcher: '^run_shell_command$', hooks: [{ type: 'command', command: 'true' }] }] },
  logger: quietLogger,
});
printComparison({
  title: '2. toolCall machine per call vs executeToolWithHooks, hooks enabled, none matching',
  labelA: 'runToolCall (machine)',
  labelB: 'executeToolWithHooks',
  result: await compare({ ...machineVersusWrapper(enabled), rounds: 15, batchSize: 2_000, warmupBatches: 3 }),
});

// 3. 10,000 sequential calls through one scheduler.
const TOTAL = 10_000;
const SLICE = 1_000;
const scheduler = createToolScheduler({ config: disabled, tools: [tool] });
for (let index = 0; index < 500; index += 1)
  await scheduler.schedule([{ callId: `warm-${index}`, name: 'write_file', args: toolInput }]);
collectGarbage();
const heapBefore = process.memoryUsage().heapUsed;
const sliceMicroseconds = [];
const startedAt = process.hrtime.bigint();
for (let slice = 0; slice < TOTAL / SLICE; slice += 1) {
  sliceMicroseconds.push(
    await timeBatch(
      (index) => scheduler.schedule([{ callId: `call-${slice * SLICE + index}`, name: 'write_file', args: toolInput }]),
      SLICE,
    ),
  );
}
const elapsedSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
collectGarbage();
const heapGrowthMegabytes = (process.memoryUsage().heapUsed - heapBefore) / (1024 * 1024);
const first = sliceMicroseconds[0];
const last = sliceMicroseconds[sliceMicroseconds.length - 1];
const fastestOfFirstHalf = Math.min(...sliceMicroseconds.slice(0, sliceMicroseconds.length / 2));
const fastestOfSecondHalf = Math.min(...sliceMicroseconds.slice(sliceMicroseconds.length / 2));
console.log(
  `\n3. ${TOTAL.toLocaleString('en')} sequential calls through one scheduler (one call per batch, hooks disabled)`,
);
console.log(`  throughput: ${Math.round(TOTAL / elapsedSeconds).toLocaleString('en')} calls/s`);
console.log(
  `  heap growth after GC: ${heapGrowthMegabytes.toFixed(2)} MB — target < 5 MB: ${verdict(heapGrowthMegabytes < 5)}`,
);
console.log(`  per call, each thousand in order: ${sliceMicroseconds.map((value) => value.toFixed(1)).join(', ')} µs`);
console.log(
  `  first vs last thousand: ${format(first)} vs ${format(last)} (ratio ${(last / first).toFixed(2)}); ` +
    `fastest thousand of each half: ${format(fastestOfFirstHalf)} vs ${format(fastestOfSecondHalf)} ` +
    `(ratio ${(fastestOfSecondHalf / fastestOfFirstHalf).toFixed(2)}) — target: no drift (ratio ≈ 1): ${verdict(fastestOfSecondHalf / fastestOfFirstHalf < 1.25)}`,
);
console.log(`  live toolCall actors after the run: ${scheduler.activeCount}, scheduler status: ${scheduler.status}`);
console.log(`\nload average at end: ${loadAverage()}`);
