#!/usr/bin/env node
// The hook types (function, http, exec form), measured side by side in one run (see bench/README.md):
//   1. a function hook through fireBeforeToolHook  vs  the same decision by a spawned command hook
//                                                  (target: ≤ 20 µs per call, ≥ 250× cheaper)
//   2. an http hook to a local server (another process, keep-alive)  vs  the same spawned command hook
//                                                  (target ratio ≤ 0.25)
//   3. a hook whose `if` condition fails: executeToolWithHooks  vs  executeFn directly
//                                                  (target: 0 processes, ≤ 5 µs extra per call)
//   4. exec form  vs  shell form of the same command hook (no target: the figure is the point)
// Variants alternate round by round (A B, B A, ...) after a warm-up; medians of the rounds are printed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Config, DebugLogger, executeToolWithHooks, fireBeforeToolHook } from '../dist/index.js';
import { HookRunner } from '../dist/engine.js';
import {
  collectGarbage,
  compare,
  format,
  loadAverage,
  median,
  printComparison,
  printMachineBanner,
  timeBatch,
  verdict,
} from './lib/measure.mjs';

const denyEnvScript = fileURLToPath(new URL('../test/fixtures/hooks/types/deny-env.sh', import.meta.url));
const logEventScript = fileURLToPath(new URL('../test/fixtures/hooks/system/log-event.sh', import.meta.url));
const hookServerScript = fileURLToPath(new URL('./lib/hookServer.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hookrail-bench-types-'));
const quietLogger = new DebugLogger('bench', { level: 'error', sink: () => {} });

// Half the calls are denied, half allowed: the same decisions for every variant.
const inputs = [
  { file_path: 'config/prod.env', content: 'SECRET=1' },
  { file_path: 'src/index.ts', content: 'export {};' },
];
const denyEnv = (input) =>
  String(input.tool_input.file_path).endsWith('.env') ? { decision: 'deny', reason: '.env is off limits' } : undefined;

function configWith(parameters) {
  return new Config({ enableHooks: true, logger: quietLogger, workingDir: scratch, ...parameters });
}

/** Checks that a variant decides like the others before it is timed. */
async function expectDecisions(label, config) {
  const denied = await fireBeforeToolHook(config, 'write_file', inputs[0]);
  const allowed = await fireBeforeToolHook(config, 'write_file', inputs[1]);
  if (!denied?.isBlockingDecision() || allowed?.isBlockingDecision())
    throw new Error(`${label} does not decide like the others`);
}

/**
 * Like `compare`, for variants whose costs differ by orders of magnitude: each round times one batch
 * of each with its own batch size, alternating which goes first.
 */
async function compareBatches({ variantA, batchA, variantB, batchB, rounds, warmupRounds }) {
  for (let round = 0; round < warmupRounds; round += 1) {
    await timeBatch(variantA, batchA);
    await timeBatch(variantB, batchB);
  }
  const timesA = [];
  const timesB = [];
  for (let round = 0; round < rounds; round += 1) {
    collectGarbage();
    if (round % 2 === 0) {
      timesA.push(await timeBatch(variantA, batchA));
      timesB.push(await timeBatch(variantB, batchB));
    } else {
      timesB.push(await timeBatch(variantB, batchB));
      timesA.push(await timeBatch(variantA, batchA));
    }
  }
  const a = median(timesA);
  const b = median(timesB);
  return { a, b, difference: a - b, ratio: a / b, fastestA: Math.min(...timesA), fastestB: Math.min(...timesB) };
}

/** Starts bench/lib/hookServer.mjs as its own process; resolves with its port and a stop function. */
async function startHookServer() {
  const child = spawn(process.execPath, [hookServerScript], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`hook server exited with code ${code}`)));
  });
  return { port, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.stdin.end())) };
}

function countLines(file) {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '').length
    : 0;
}

printMachineBanner();
const server = await startHookServer();
try {
  const commandConfig = configWith({
    hooks: {
      BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'sh', args: [denyEnvScript] }] }],
    },
  });
  const fireCommand = (index) => fireBeforeToolHook(commandConfig, 'write_file', inputs[index % 2]);
  await expectDecisions('the command hook', commandConfig);

  // 1. Function hook vs spawned command hook.
  {
    const config = configWith({
      functionHooks: [{ event: 'BeforeTool', matcher: 'write_file', name: 'no-env', run: denyEnv }],
    });
    await expectDecisions('the function hook', config);
    const result = await compareBatches({
      variantA: (index) => fireBeforeToolHook(config, 'write_file', inputs[index % 2]),
      batchA: 5_000,
      variantB: fireCommand,
      batchB: 4,
      rounds: 20,
      warmupRounds: 2,
    });
    const cheaper = result.b / result.a;
    console.log(
      '\n1. function hook vs spawned command hook (exec form `sh deny-env.sh`), same decisions, via fireBeforeToolHook',
    );
    console.log(
      `  function hook: ${format(result.a)} per call (fastest round ${format(result.fastestA)}) — target ≤ 20 µs: ${verdict(result.a <= 20)}`,
    );
    console.log(`  command hook:  ${format(result.b)} per call (fastest round ${format(result.fastestB)})`);
    console.log(
      `  the function hook is ${cheaper.toFixed(0)}× cheaper (fastest rounds: ${(result.fastestB / result.fastestA).toFixed(0)}×) — target ≥ 250×: ${verdict(cheaper >= 250)}`,
    );
  }

  // 2. http hook to a local server (another process) vs spawned command hook.
  {
    const config = configWith({
      hooks: {
        BeforeTool: [
          { matcher: 'write_file', hooks: [{ type: 'http', url: `http://127.0.0.1:${server.port}/check` }] },
        ],
      },
    });
    await expectDecisions('the http hook', config);
    const result = await compareBatches({
      variantA: (index) => fireBeforeToolHook(config, 'write_file', inputs[index % 2]),
      batchA: 200,
      variantB: fireCommand,
      batchB: 4,
      rounds: 20,
      warmupRounds: 2,
    });
    console.log('\n2. http hook (keep-alive, server in its own process) vs spawned command hook, same decisions');
    console.log(`  http hook:    ${format(result.a)} per call (fastest round ${format(result.fastestA)})`);
    console.log(`  command hook: ${format(result.b)} per call (fastest round ${format(result.fastestB)})`);
    console.log(
      `  ratio ${result.ratio.toFixed(3)} (fastest rounds ${(result.fastestA / result.fastestB).toFixed(3)}) — target ≤ 0.25: ${verdict(result.ratio <= 0.25)}`,
    );
  }

  // 3. A hook whose `if` condition fails.
  {
    const logFile = join(scratch, 'if-witness.log');
    const witness = {
      type: 'command',
      command: `sh "${logEventScript}" "${logFile}"`,
      if: 'run_shell_command(git push*)',
    };
    const config = configWith({ hooks: { BeforeTool: [{ hooks: [witness] }], AfterTool: [{ hooks: [witness] }] } });
    const original = HookRunner.prototype.executeHook;
    let runnerCalls = 0;
    HookRunner.prototype.executeHook = function countedExecuteHook(...args) {
      runnerCalls += 1;
      return original.apply(this, args);
    };
    try {
      const toolResult = { llmContent: 'ok', returnDisplay: 'ok' };
      const executeFn = async () => toolResult;
      const toolInput = { command: 'git status' };
      const result = await compare({
        variantA: () => executeToolWithHooks(config, 'run_shell_command', toolInput, executeFn),
        variantB: () => executeFn(toolInput),
        rounds: 30,
        batchSize: 10_000,
        warmupBatches: 3,
      });
      printComparison({
        title:
          '3. a BeforeTool and an AfterTool hook with `if: run_shell_command(git push*)` on `git status`: executeToolWithHooks vs executeFn',
        labelA: 'executeToolWithHooks',
        labelB: 'executeFn',
        result,
        targetMicroseconds: 5,
        decimals: 3,
      });
      const processes = runnerCalls + countLines(logFile);
      console.log(
        `  hook processes over ${(33 * 10_000).toLocaleString('en')} calls: ${processes} (target 0: ${verdict(processes === 0)})`,
      );
    } finally {
      HookRunner.prototype.executeHook = original;
    }
  }

  // 4. Exec form vs shell form of the same command.
  {
    const shellConfig = configWith({
      hooks: {
        BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: `sh "${denyEnvScript}"` }] }],
      },
    });
    await expectDecisions('the shell-form hook', shellConfig);
    const result = await compare({
      variantA: fireCommand,
      variantB: (index) => fireBeforeToolHook(shellConfig, 'write_file', inputs[index % 2]),
      rounds: 30,
      batchSize: 4,
      warmupBatches: 2,
    });
    printComparison({
      title: '4. exec form {"command": "sh", "args": [deny-env.sh]} vs shell form "sh deny-env.sh" (via bash -c)',
      labelA: 'exec form',
      labelB: 'shell form',
      result,
    });
  }
  console.log(`\nload average at end: ${loadAverage()}`);
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
