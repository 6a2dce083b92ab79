#!/usr/bin/env node
// What the hook system costs a host, measured side by side in one run (see bench/README.md):
//   1. executeToolWithHooks with hooks disabled  vs  calling executeFn directly   (target < 1 µs extra per call)
//   2. hooks enabled, no hook matches the tool   vs  calling executeFn directly   (target < 5 µs extra, 0 processes)
//   3. one matching command hook (`true`)        vs  spawning `true` with execa the same way, then executeFn
//                                                                                 (target ratio <= 1.05)
// Variants are interleaved (A B, B A, ...) to cancel drift; medians of the rounds are reported.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { Config, DebugLogger, executeToolWithHooks, HookRunner } from '../dist/index.js';

const logEventScript = fileURLToPath(new URL('../test/fixtures/hooks/system/log-event.sh', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hookrail-bench-'));
const quietLogger = new DebugLogger('bench', { level: 'error', sink: () => {} });

const toolInput = { path: 'src/index.ts', content: 'export const answer = 42;\n' };
const toolResult = { llmContent: 'wrote src/index.ts', returnDisplay: 'Wrote src/index.ts' };
const executeFn = async () => toolResult;

function collectGarbage() {
  if (typeof globalThis.gc === 'function') globalThis.gc();
}

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** µs per call of `batchSize` sequential awaited calls of `call`. */
async function timeBatch(call, batchSize) {
  const startedAt = process.hrtime.bigint();
  for (let index = 0; index < batchSize; index += 1) await call();
  return Number(process.hrtime.bigint() - startedAt) / 1_000 / batchSize;
}

/**
 * Runs `rounds` rounds of one batch of A and one of B, alternating which goes first, after a warm-up.
 * Returns the per-call µs medians of A and B over the rounds, their difference and ratio, and each
 * variant's fastest round (the least disturbed by other load on the machine).
 */
async function compare({ variantA, variantB, rounds, batchSize, warmupBatches }) {
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

function format(microseconds) {
  return microseconds >= 1000 ? `${(microseconds / 1000).toFixed(2)} ms` : `${microseconds.toFixed(3)} µs`;
}

function verdict(met) {
  return met ? 'meets target' : 'MISSES target';
}

function countLines(file) {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').length : 0;
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

const cpuList = cpus();
console.log(`machine: ${cpuList.length} × ${cpuList[0]?.model ?? 'unknown cpu'}, node ${process.version}, ${process.platform}/${process.arch}`);
console.log(`load average at start: ${loadavg().map((load) => load.toFixed(2)).join(' ')}${typeof globalThis.gc === 'function' ? '' : ' (run with --expose-gc for steadier numbers)'}`);

try {
  // 1. Hooks disabled.
  {
    const config = new Config({ enableHooks: false, logger: quietLogger });
    const result = await compare({
      variantA: () => executeToolWithHooks(config, 'write_file', toolInput, executeFn),
      variantB: () => executeFn(toolInput),
      rounds: 30,
      batchSize: 20_000,
      warmupBatches: 5,
    });
    console.log('\n1. hooks disabled: executeToolWithHooks vs executeFn directly');
    console.log(`   executeToolWithHooks ${format(result.a)}/call, executeFn ${format(result.b)}/call (medians of 30 rounds)`);
    console.log(`   fastest rounds: ${format(result.fastestA)} vs ${format(result.fastestB)}, extra ${format(result.fastestA - result.fastestB)}/call`);
    console.log(`   extra cost ${format(result.difference)}/call (target < 1 µs: ${verdict(result.difference < 1)}), ratio ${result.ratio.toFixed(2)}`);
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
      const result = await compare({
        variantA: () => executeToolWithHooks(config, 'write_file', toolInput, executeFn),
        variantB: () => executeFn(toolInput),
        rounds: 30,
        batchSize: 20_000,
        warmupBatches: 5,
      });
      const processes = spawns.counter.count + countLines(logFile);
      console.log('\n2. hooks enabled, no hook matches: executeToolWithHooks vs executeFn directly');
      console.log(`   executeToolWithHooks ${format(result.a)}/call, executeFn ${format(result.b)}/call (medians of 30 rounds)`);
      console.log(`   fastest rounds: ${format(result.fastestA)} vs ${format(result.fastestB)}, extra ${format(result.fastestA - result.fastestB)}/call`);
      console.log(`   extra cost ${format(result.difference)}/call (target < 5 µs: ${verdict(result.difference < 5)}), ratio ${result.ratio.toFixed(2)}`);
      console.log(`   hook processes spawned over ${(35 * 20_000).toLocaleString("en")} hooked calls: ${processes} (target 0: ${verdict(processes === 0)})`);
    } finally {
      spawns.restore();
    }
  }

  // 3. One matching `true` hook vs spawning `true` directly with execa the same way.
  {
    const config = new Config({
      enableHooks: true,
      logger: quietLogger,
      workingDir: scratch,
      hooks: { BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'true' }] }] },
    });
    const stdin = JSON.stringify({
      session_id: config.getSessionId(),
      transcript_path: '',
      cwd: scratch,
      hook_event_name: 'BeforeTool',
      timestamp: new Date().toISOString(),
      tool_name: 'write_file',
      tool_input: toolInput,
    });
    const spawnDirectly = async () => {
      const subprocess = execa('true', {
        shell: true,
        cwd: scratch,
        env: { LLXPRT_PROJECT_DIR: scratch, GEMINI_PROJECT_DIR: scratch, CLAUDE_PROJECT_DIR: scratch },
        extendEnv: true,
        detached: true,
        input: stdin,
        buffer: false,
        reject: false,
        stripFinalNewline: false,
        windowsHide: true,
      });
      // Read the output the way the runner does: keep the chunks, then decode them.
      const chunks = [];
      subprocess.stdout.on('data', (chunk) => chunks.push(chunk));
      subprocess.stderr.on('data', (chunk) => chunks.push(chunk));
      const timeout = setTimeout(() => subprocess.kill('SIGTERM'), 60_000);
      await subprocess;
      clearTimeout(timeout);
      Buffer.concat(chunks).toString('utf8');
      return executeFn(toolInput);
    };
    const result = await compare({
      variantA: () => executeToolWithHooks(config, 'write_file', toolInput, executeFn),
      variantB: spawnDirectly,
      rounds: 60,
      batchSize: 5,
      warmupBatches: 2,
    });
    console.log('\n3. one matching command hook `true`: executeToolWithHooks vs execa(`true`) + executeFn');
    console.log(`   executeToolWithHooks ${format(result.a)}/call, direct execa ${format(result.b)}/call (medians of 60 rounds of 5 calls)`);
    console.log(`   fastest rounds: ${format(result.fastestA)} vs ${format(result.fastestB)}, ratio ${(result.fastestA / result.fastestB).toFixed(3)}`);
    console.log(`   ratio ${result.ratio.toFixed(3)} (target <= 1.05: ${verdict(result.ratio <= 1.05)}), extra ${format(result.difference)}/call`);
  }
  console.log(`\nload average at end: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
