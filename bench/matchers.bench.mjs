#!/usr/bin/env node
// What linear-time matchers (RE2 semantics via re2js, hooks/matching/matchers.ts) cost, side by side in one run:
//   1. matchesToolName on a tool name seen for the first time (RE2 test)  vs  a V8 RegExp test of the same pattern
//   2. matchesToolName on a tool name seen before (cached result)          vs  the same V8 RegExp test
//   3. `^(a+)+$` against 34 a's + "!"  vs  against 340 a's + "!": the cost ratio of a 10× longer name
//      (linear time: about 10; V8's backtracking engine would need 2^306 times longer for the second)
// Variants are interleaved (A B, B A, ...) to cancel drift; medians of the rounds are reported.
import { matchesToolName } from '../dist/engine.js';
import { compare, loadAverage, printComparison, printMachineBanner } from './lib/measure.mjs';

printMachineBanner();

const pattern = '^(write_file|replace|run_shell_command)$';
const nativePattern = new RegExp(pattern);
let fresh = 0;

{
  // Unique names defeat the result cache, so every call runs RE2 (the compiled pattern itself is cached).
  const result = await compare({
    variantA: () => matchesToolName(pattern, `tool_${(fresh += 1)}`),
    variantB: () => nativePattern.test(`tool_${(fresh += 1)}`),
    rounds: 20,
    batchSize: 5_000,
    warmupBatches: 3,
  });
  printComparison({
    title: '1. first sight of a tool name: RE2 matchesToolName vs V8 RegExp.test',
    labelA: 'matchesToolName',
    labelB: 'RegExp.test',
    result,
    decimals: 3,
  });
}

{
  const result = await compare({
    variantA: () => matchesToolName(pattern, 'run_shell_command'),
    variantB: () => nativePattern.test('run_shell_command'),
    rounds: 20,
    batchSize: 50_000,
    warmupBatches: 3,
  });
  printComparison({
    title: '2. a tool name seen before: cached matchesToolName vs V8 RegExp.test',
    labelA: 'matchesToolName',
    labelB: 'RegExp.test',
    result,
    decimals: 3,
  });
}

{
  // A counter after the "!" keeps every name new (no cached result) without changing the match.
  const result = await compare({
    variantA: () => matchesToolName('^(a+)+$', `${'a'.repeat(340)}!${(fresh += 1)}`),
    variantB: () => matchesToolName('^(a+)+$', `${'a'.repeat(34)}!${(fresh += 1)}`),
    rounds: 20,
    batchSize: 500,
    warmupBatches: 3,
  });
  printComparison({
    title: '3. ^(a+)+$ against 340 a\'s + "!" vs 34 a\'s + "!" (linear time: ratio about 10)',
    labelA: "340 a's",
    labelB: "34 a's",
    result,
    decimals: 2,
  });
}

console.log(`\nload average at end: ${loadAverage()}`);
