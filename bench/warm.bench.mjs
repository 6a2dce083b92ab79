#!/usr/bin/env node
// Warm interpreters (docs/warm-interpreters.md), measured side by side in one run:
//   1. a Node guard and a Python guard (the published-hook fixtures deny-destructive-bash.mjs and
//      bash_command_validator.py, Claude Code hooks on PreToolUse Bash), from fire to decision: cold
//      (`warmInterpreters: 0`) vs warm, goal <= 0.1x; next to the same decision made by a function
//      hook plus one pipe round trip to a running process (the floor: goal within 2x of it). Each row
//      gives wall time, the host's CPU, and the CPU of the hook's own process on the critical path: for
//      a warm hook, its process's CPU less what its interpreter spent starting in the background
//   2. that background start: CPU of one idle interpreter from spawn to waiting for its hook
//   3. the idle pool's memory (RSS of each idle process)
//   4. `hookrail run` of the demo scenario with warm interpreters (the default) vs `"warmInterpreters": 0`
//   5. a burst: three calls back to back on a pool of two, so the third finds none idle (runs cold)
// A hook in an agent fires once per tool call, with a model turn between two calls: each sample of 1
// is one call, taken once the idle processes wait for their hook (the pool has refilled and the
// machine is quiet), so a background start never lands in a measured call.
// Variants are interleaved, their order rotating each round; ratios are medians of per-round ratios.
// HOOKRAIL_BENCH_ROUNDS sets the rounds (default 40; a smoke run can use 2).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Config, DebugLogger, fireBeforeToolHook } from '../dist/index.js';
import { findExecutable } from '../dist/hooks/actions/warm/interpreterCommand.js';
import { closeWarmInterpreters, sharedWarmInterpreterPool } from '../dist/hooks/actions/warm/warmStart.js';
import { WarmInterpreterPool } from '../dist/hooks/actions/warm/warmPool.js';
import { startupIdentity } from '../dist/hooks/actions/warm/startupIdentity.js';
import { collectGarbage, format, loadAverage, median, printMachineBanner, verdict } from './lib/measure.mjs';

const repository = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hookrail-bench-warm-'));
const quietLogger = new DebugLogger('bench', { level: 'error', sink: () => {} });
const rounds = Number(process.env.HOOKRAIL_BENCH_ROUNDS ?? 40);
const burstSize = 3;
const clockTicksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** A `python3` that is a real interpreter: a version manager's shim (a script) always runs cold. */
function realPythonDirectory() {
  for (const directory of (process.env.PATH ?? '').split(':')) {
    const found = findExecutable({ name: 'python3', path: directory, cwd: '/' });
    if (found && readFileSync(found).subarray(0, 2).toString() !== '#!') return dirname(found);
  }
  return undefined;
}
const pythonDirectory = realPythonDirectory();
if (pythonDirectory) process.env.PATH = `${pythonDirectory}:${process.env.PATH}`;

/** CPU seconds of this process's reaped children (hook processes), from /proc/self/stat. */
function childrenCpuMicroseconds() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // After "pid (comm) ": state is field 0; cutime and cstime are fields 13 and 14.
  return ((Number(fields[13]) + Number(fields[14])) / clockTicksPerSecond) * 1e6;
}

/** CPU µs a live process has used (utime + stime). */
function processCpuMicroseconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond) * 1e6;
}

function residentKilobytes(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

const guards = {
  node: {
    command: `node ${join(repository, 'test/fixtures/hooks/published/claude/deny-destructive-bash.mjs')}`,
    kind: 'node',
    toolInput: { command: 'rm -rf build dist', description: 'Remove build output' },
  },
  python: {
    command: `python3 ${join(repository, 'test/fixtures/hooks/published/claude/bash_command_validator.py')}`,
    kind: 'python',
    toolInput: { command: 'grep -rn TODO src', description: 'find the TODOs' },
  },
};

function guardConfig(command, warmInterpreters) {
  return new Config({
    enableHooks: true,
    logger: quietLogger,
    workingDir: scratch,
    warmInterpreters,
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] },
  });
}

/** The floor: the same kind of decision as a function hook, plus one round trip through a pipe to a running process. */
function functionFloor() {
  const echo = spawn('cat', [], { stdio: ['pipe', 'pipe', 'ignore'] });
  echo.unref();
  const config = new Config({
    enableHooks: true,
    logger: quietLogger,
    workingDir: scratch,
    functionHooks: [
      {
        event: 'BeforeTool',
        matcher: 'run_shell_command',
        name: 'guard-function',
        run: async (input) => {
          const line = `${JSON.stringify(input)}\n`;
          await new Promise((resolve) => {
            let received = 0;
            const onData = (chunk) => {
              received += chunk.length;
              if (received >= Buffer.byteLength(line)) {
                echo.stdout.off('data', onData);
                resolve();
              }
            };
            echo.stdout.on('data', onData);
            echo.stdin.write(line);
          });
          const command = String(input.tool_input.command);
          return /^grep\b|\brm\s+-rf\b/.test(command) ? { decision: 'deny', reason: `refused: ${command}` } : undefined;
        },
      },
    ],
  });
  return { config, stop: () => echo.kill() };
}

/** Idle processes of `kind` all waiting in read(2) on descriptor 3 (Linux x86-64: syscall 0). */
function idleWaiting(kind, wanted) {
  const ids = sharedWarmInterpreterPool().idleProcessIds(kind);
  if (ids.length < wanted) return false;
  try {
    return ids.every((pid) => /^0 0x3 /.test(readFileSync(`/proc/${pid}/syscall`, 'utf8')));
  } catch {
    return false;
  }
}

/** Waits until the warm pool of `kind` is full and at rest (at most 5 s), then a little more. */
async function settle(kind) {
  for (let attempt = 0; attempt < 250 && !idleWaiting(kind, 2); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}

/** CPU µs of a live process, or undefined once it has been reaped. */
function liveProcessCpu(pid) {
  try {
    return processCpuMicroseconds(pid);
  } catch {
    return undefined;
  }
}

/**
 * `count` calls back to back: wall µs, host CPU µs and the hook processes' CPU µs per call, up to
 * each decision. A cold hook's process is reaped by then (its CPU is in this process's children's);
 * a warm one has announced its script's end and may still be tearing down, so its CPU is read
 * while it lives, less what it had spent idle (its background start).
 */
async function measureCalls(call, count, kind) {
  const pool = sharedWarmInterpreterPool();
  const idleBefore = new Map(pool.idleProcessIds(kind).map((pid) => [pid, liveProcessCpu(pid) ?? 0]));
  const hostBefore = process.cpuUsage();
  const childrenBefore = childrenCpuMicroseconds();
  const startedAt = process.hrtime.bigint();
  for (let index = 0; index < count; index += 1) await call();
  const wall = Number(process.hrtime.bigint() - startedAt) / 1_000 / count;
  const host = process.cpuUsage(hostBefore);
  let children = childrenCpuMicroseconds() - childrenBefore;
  const stillIdle = new Set(pool.idleProcessIds(kind));
  for (const [pid, idleCpu] of idleBefore) {
    if (stillIdle.has(pid)) continue;
    const cpu = liveProcessCpu(pid);
    // Reaped already: its whole CPU, background start included, is in the children's.
    children += cpu === undefined ? -idleCpu : cpu - idleCpu;
  }
  return { wall, host: (host.user + host.system) / count, children: Math.max(0, children) / count };
}

/**
 * Every variant once per round, order rotating, each sample `count` calls taken once the pool of
 * `kind` is at rest; per variant the medians and the median ratio to `base`.
 */
async function interleave(variants, base, { kind, count }) {
  const names = Object.keys(variants);
  for (const name of names) await measureCalls(variants[name], count, kind);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (let step = 0; step < names.length; step += 1) {
      const name = names[(round + step) % names.length];
      collectGarbage();
      await settle(kind);
      samples[name].push(await measureCalls(variants[name], count, kind));
    }
  }
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        wall: median(samples[name].map((sample) => sample.wall)),
        host: median(samples[name].map((sample) => sample.host)),
        children: median(samples[name].map((sample) => sample.children)),
        ratio: median(samples[name].map((sample, round) => sample.wall / samples[base][round].wall)),
      },
    ]),
  );
}

/** Background start: CPU of idle interpreters once they wait for their hook (settled: no CPU for 200 ms). */
async function idleStartCost(kind, command) {
  const executable = findExecutable({ name: kind === 'node' ? 'node' : 'python3', path: process.env.PATH, cwd: '/' });
  const pool = new WarmInterpreterPool();
  const environment = { ...process.env };
  pool.take({
    kind,
    executable,
    argv0: command.split(' ')[0],
    fingerprint: startupIdentity(kind, environment).fingerprint,
    environment,
    idle: 8,
  });
  const ids = pool.idleProcessIds(kind);
  // Ready once each waits in read(2) on descriptor 3 (Linux x86-64: syscall 0); elsewhere, once their CPU stops growing.
  const waiting = (pid) => /^0 0x3 /.test(readFileSync(`/proc/${pid}/syscall`, 'utf8'));
  let previous = -1;
  let total = 0;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    total = ids.reduce((sum, pid) => sum + processCpuMicroseconds(pid), 0);
    let ready;
    try {
      ready = ids.every(waiting);
    } catch {
      ready = total > 0 && total === previous;
    }
    if (ready) break;
    previous = total;
  }
  const memory = ids.map(residentKilobytes);
  await pool.close();
  return {
    cpuPerProcess: total / ids.length,
    rssPerProcess: memory.reduce((sum, value) => sum + value, 0) / memory.length,
  };
}

function timeDemo(home) {
  const project = mkdtempSync(join(scratch, 'demo-'));
  cpSync(join(repository, 'examples'), join(project, 'examples'), { recursive: true });
  const startedAt = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [join(repository, 'dist/cli/main.js'), 'run', '--scenario', 'examples/scenarios/demo.json'],
    {
      cwd: project,
      env: { ...process.env, HOME: home },
      encoding: 'utf8',
    },
  );
  const wall = Number(process.hrtime.bigint() - startedAt) / 1_000;
  rmSync(project, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`hookrail run of the demo exited ${run.status}: ${run.stderr}`);
  return wall;
}

printMachineBanner();
console.log(
  `python3: ${pythonDirectory ? join(pythonDirectory, 'python3') : 'none on PATH that is not a shim: the Python rows run cold'}; ${rounds} rounds of one call each (bursts: ${burstSize} calls)`,
);
try {
  const floor = functionFloor();
  for (const [name, guard] of Object.entries(guards)) {
    const cold = guardConfig(guard.command, 0);
    const warm = guardConfig(guard.command, 2);
    const start = await idleStartCost(guard.kind, guard.command);
    const variants = {
      cold: () => fireBeforeToolHook(cold, 'run_shell_command', guard.toolInput),
      warm: () => fireBeforeToolHook(warm, 'run_shell_command', guard.toolInput),
      floor: () => fireBeforeToolHook(floor.config, 'run_shell_command', guard.toolInput),
    };
    const results = await interleave(variants, 'cold', { kind: guard.kind, count: 1 });
    const burst = await interleave({ cold: variants.cold, warm: variants.warm }, 'cold', {
      kind: guard.kind,
      count: burstSize,
    });
    const decision = await fireBeforeToolHook(warm, 'run_shell_command', guard.toolInput);
    const warmCriticalCpu = results.warm.children;
    console.log(
      `\n1. ${name} guard \`${guard.command.split('/').pop()}\`, fire → decision (\`${guard.toolInput.command}\`: ${decision?.isBlockingDecision() ? 'blocked' : 'NOT BLOCKED'})`,
    );
    console.log(
      `  cold:  ${format(results.cold.wall)} per call; CPU: host ${format(results.cold.host)}, hook process ${format(results.cold.children)}`,
    );
    console.log(
      `  warm:  ${format(results.warm.wall)} per call; CPU: host ${format(results.warm.host)}, hook process on the critical path ${format(warmCriticalCpu)}` +
        ` — ratio to cold ${results.warm.ratio.toFixed(3)}, goal <= 0.1: ${verdict(results.warm.ratio <= 0.1)}`,
    );
    console.log(
      `  floor: ${format(results.floor.wall)} per call (function hook + one pipe round trip) — warm is ${(results.warm.wall / results.floor.wall).toFixed(1)}x of it, goal <= 2: ${verdict(results.warm.wall <= 2 * results.floor.wall)}`,
    );
    console.log(
      `  CPU on the critical path, warm vs cold: ${((results.warm.host + warmCriticalCpu) / (results.cold.host + results.cold.children)).toFixed(3)}` +
        ` (process CPU is counted in ${Math.round(1e6 / clockTicksPerSecond / 1000)} ms ticks)`,
    );
    console.log(
      `2. background start of one idle ${name} interpreter: ${format(start.cpuPerProcess)} CPU (mean of 8, counted in whole ticks per process), off the critical path`,
    );
    await settle(guard.kind);
    const idle = sharedWarmInterpreterPool().idleProcessIds(guard.kind).length;
    console.log(
      `3. idle pool (${guard.kind}): ${idle} processes × ${Math.round(start.rssPerProcess)} kB RSS at rest = ${Math.round(idle * start.rssPerProcess)} kB`,
    );
    console.log(
      `5. burst of ${burstSize} calls back to back (a pool of 2: the third runs cold): warm ${format(burst.warm.wall)} vs cold ${format(burst.cold.wall)} per call — ratio ${burst.warm.ratio.toFixed(3)}`,
    );
    await closeWarmInterpreters();
  }
  floor.stop();

  const coldHome = join(scratch, 'home-cold');
  const warmHome = join(scratch, 'home-warm');
  for (const [home, settings] of [
    [coldHome, '{ "warmInterpreters": 0 }'],
    [warmHome, '{}'],
  ]) {
    mkdirSync(join(home, '.hookrail'), { recursive: true });
    writeFileSync(join(home, '.hookrail', 'settings.json'), settings);
  }
  const demoRounds = Math.max(2, Math.round(rounds / 4));
  const ratios = [];
  const times = { cold: [], warm: [] };
  for (let round = 0; round < demoRounds; round += 1) {
    const order = round % 2 === 0 ? ['cold', 'warm'] : ['warm', 'cold'];
    const sample = {};
    for (const variant of order) sample[variant] = timeDemo(variant === 'cold' ? coldHome : warmHome);
    times.cold.push(sample.cold);
    times.warm.push(sample.warm);
    ratios.push(sample.warm / sample.cold);
  }
  console.log(`\n4. hookrail run of examples/scenarios/demo.json (${demoRounds} runs each)`);
  console.log(`  warmInterpreters 0: ${format(median(times.cold))} per run`);
  console.log(`  warm (default):     ${format(median(times.warm))} per run — ratio ${median(ratios).toFixed(3)}`);
} finally {
  await closeWarmInterpreters();
  rmSync(scratch, { recursive: true, force: true });
  console.log(`\nload average at end: ${loadAverage()}`);
}
