#!/usr/bin/env node
// What the hook system costs a host, measured side by side in one run (see bench/README.md):
//   1. executeToolWithHooks with hooks disabled  vs  calling executeFn directly   (target < 1 µs extra per call)
//   2. hooks enabled, no hook matches the tool   vs  calling executeFn directly   (target < 5 µs extra, 0 processes)
//   3. one matching command hook (`true`)        vs  spawning `true` with execa the same way, then executeFn
//                                                                                 (target ratio <= 1.05)
// Variants are interleaved (A B, B A, ...) to cancel drift; medians of the rounds are reported.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { Config, DebugLogger, executeToolWithHooks } from '../dist/index.js';
import { HookRunner } from '../dist/engine.js';
import { compare, format, loadAverage, printComparison, printMachineBanner, verdict } from './lib/measure.mjs';

const logEventScript = fileURLToPath(new URL('../test/fixtures/hooks/system/log-event.sh', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hookrail-bench-'));
const quietLogger = new DebugLogger('bench', { level: 'error', sink: () => {} });

const toolInput = { path: 'src/index.ts', content: 'export const answer = 42;\n' };
const toolResult = { llmContent: 'wrote src/index.ts', returnDisplay: 'Wrote src/index.ts' };
const executeFn = async () => toolResult;

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
const formatFine = (microseconds) => format(microseconds, decimals);

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
      console.log(`  hook processes spawned over ${(35 * 20_000).toLocaleString("en")} hooked calls: ${processes} (target 0: ${verdict(processes === 0)})`);
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
    console.log(`  executeToolWithHooks ${formatFine(result.a)}/call, direct execa ${formatFine(result.b)}/call (medians of 60 rounds of 5 calls)`);
    console.log(`  fastest rounds: ${formatFine(result.fastestA)} vs ${formatFine(result.fastestB)}, ratio ${(result.fastestA / result.fastestB).toFixed(3)}`);
    console.log(`  ratio ${result.ratio.toFixed(3)} (target <= 1.05: ${verdict(result.ratio <= 1.05)}), extra ${formatFine(result.difference)}/call`);
  }
  console.log(`\nload average at end: ${loadAverage()}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
