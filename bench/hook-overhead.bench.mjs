#!/usr/bin/env node
// What the hook system costs a host, measured side by side in one run (see bench/README.md):
//   1. executeToolWithHooks with hooks disabled  vs  calling executeFn directly   (target < 1 µs extra per call)
//   2. hooks enabled, no hook matches the tool   vs  calling executeFn directly   (target < 5 µs extra, 0 processes)
// One matching command hook against a raw spawn of its command is bench/spawn.bench.mjs.
// Variants are interleaved (A B, B A, ...) to cancel drift; medians of the rounds are reported.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Config, DebugLogger, executeToolWithHooks } from '../dist/index.js';
import { HookRunner } from '../dist/engine.js';
import { compare, loadAverage, printComparison, printMachineBanner, verdict } from './lib/measure.mjs';

const logEventScript = fileURLToPath(new URL('../test/fixtures/hooks/system/log-event.sh', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hookrail-bench-'));
const quietLogger = new DebugLogger('bench', { level: 'error', sink: () => {} });

const toolInput = { path: 'src/index.ts', content: 'export const answer = 42;\n' };
const toolResult = { llmContent: 'wrote src/index.ts', returnDisplay: 'Wrote src/index.ts' };
const executeFn = async () => toolResult;

function countLines(file) {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '').length
    : 0;
}

/** Counts hook processes the runner starts, by wrapping its one spawning method. */
function countRunnerSpawns() {
  const original = HookRunner.prototype.executeHook;
  const counter = { count: 0 };
  HookRunner.prototype.executeHook = function countedExecuteHook(...args) {
    counter.count += 1;
    return original.apply(this, args);
  };
  return { counter, restore: () => (HookRunner.prototype.executeHook = original) };
}

/** Benchmarks 1 and 2: executeToolWithHooks under `config` vs executeFn directly, 35 batches of 20,000 calls each. */
function hookedVersusDirect(config) {
  return compare({
    variantA: () => executeToolWithHooks(config, 'write_file', toolInput, executeFn),
    variantB: () => executeFn(toolInput),
    rounds: 30,
    batchSize: 20_000,
    warmupBatches: 5,
  });
}

// Sub-µs costs: print µs figures to three decimals.
const decimals = 3;

printMachineBanner();

try {
  // 1. Hooks disabled.
  {
    const config = new Config({ enableHooks: false, logger: quietLogger });
    const result = await hookedVersusDirect(config);
    printComparison({
      title: '1. hooks disabled: executeToolWithHooks vs executeFn directly (medians of 30 rounds)',
      labelA: 'executeToolWithHooks',
      labelB: 'executeFn',
      result,
      targetMicroseconds: 1,
      decimals,
    });
  }

  // 2. Hooks enabled, nothing matches the tool.
  {
    const logFile = join(scratch, 'no-match.log');
    const command = `sh "${logEventScript}" "${logFile}"`;
    const config = new Config({
      enableHooks: true,
      logger: quietLogger,
      hooks: {
        BeforeTool: [{ matcher: '^run_shell_command$', hooks: [{ type: 'command', command }] }],
        AfterTool: [{ matcher: '^run_shell_command$', hooks: [{ type: 'command', command }] }],
      },
    });
    const spawns = countRunnerSpawns();
    try {
      const result = await hookedVersusDirect(config);
      const processes = spawns.counter.count + countLines(logFile);
      printComparison({
        title: '2. hooks enabled, no hook matches: executeToolWithHooks vs executeFn directly (medians of 30 rounds)',
        labelA: 'executeToolWithHooks',
        labelB: 'executeFn',
        result,
        targetMicroseconds: 5,
        decimals,
      });
      console.log(
        `  hook processes spawned over ${(35 * 20_000).toLocaleString('en')} hooked calls: ${processes} (target 0: ${verdict(processes === 0)})`,
      );
    } finally {
      spawns.restore();
    }
  }

  console.log(`\nload average at end: ${loadAverage()}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
