#!/usr/bin/env node
// Long sessions stay cheap (see bench/README.md): one scripted session of 1,000 prompts against one of
// 2,000, each in a fresh `node --expose-gc` process of its own, alternated over the rounds (1,000 then
// 2,000, then 2,000 then 1,000, ...). Each prompt is a model turn that calls a tool, the tool's answer, and
// the model's closing answer: four contents of history. Compaction is off (an unreachable token budget),
// so the history grows the whole time; hooks are off, so what is measured is the session's own work.
//   time ratio = median time of 2,000 prompts / median time of 1,000 prompts (wall and host CPU)
//     target <= 2.2; 2.0 is a cost per prompt that does not grow with the history
//   RSS growth = RSS after the session (after a full GC) minus RSS before it, for each size, next to the
//     size of the history's JSON: memory that stays proportional to the history grows about 2x too
// Usage: node --expose-gc bench/long-session.bench.mjs   (needs a built dist/; bench/run.mjs does both)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Config, DebugLogger, createAgentSession } from '../dist/index.js';
import { ScriptedContentGenerator } from '../dist/testing.js';
import { collectGarbage, loadAverage, median, printMachineBanner, verdict } from './lib/measure.mjs';

const SIZES = [1_000, 2_000];
const ROUNDS = 3;
const TARGET_RATIO = 2.2;

/** One session of `prompts` prompts in this process; prints its figures as one JSON line. */
async function runSession(prompts) {
  const turns = [];
  for (let index = 0; index < prompts; index += 1) {
    turns.push({ text: `Reading note ${index}.`, functionCalls: [{ name: 'read_note', args: { id: index } }] });
    turns.push({ text: `Note ${index} says the build is green; nothing else to do.`, functionCalls: [] });
  }
  const note = 'x'.repeat(200);
  const tool = {
    name: 'read_note',
    description: 'Reads a note by its id.',
    parametersJsonSchema: { type: 'object', properties: { id: { type: 'number' } } },
    execute: async (args) => ({ llmContent: `note ${args.id}: ${note}`, returnDisplay: `note ${args.id}` }),
  };
  // The scripted model keeps no request: each holds the whole history of its call.
  const generator = new ScriptedContentGenerator({ name: 'long-session', turns }, { recordRequests: false });
  const config = new Config({ logger: new DebugLogger('bench', { level: 'error', sink: () => {} }) });
  const directory = mkdtempSync(join(tmpdir(), 'hookrail-long-session-'));
  try {
    const session = createAgentSession({
      config,
      generator,
      tools: [tool],
      transcript: { directory },
      compaction: { tokenBudget: Number.MAX_SAFE_INTEGER },
    });
    collectGarbage();
    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    const cpuStart = process.cpuUsage();
    const startedAt = process.hrtime.bigint();
    for (let index = 0; index < prompts; index += 1) {
      const result = await session.prompt(`Prompt ${index}: read the next note.`);
      if (result.status !== 'completed')
        throw new Error(`prompt ${index} ended ${result.status}: ${result.errorMessage ?? ''}`);
    }
    const wallMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
    const cpu = process.cpuUsage(cpuStart);
    collectGarbage();
    const rssAfter = process.memoryUsage().rss;
    const heapAfter = process.memoryUsage().heapUsed;
    const history = session.history();
    const historyBytes = Buffer.byteLength(JSON.stringify(history));
    await session.end();
    console.log(
      JSON.stringify({
        prompts,
        contents: history.length,
        wallMs,
        cpuMs: (cpu.user + cpu.system) / 1000,
        rssGrowth: rssAfter - rssBefore,
        heapGrowth: heapAfter - heapBefore,
        historyBytes,
      }),
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Runs one session in a fresh process and returns its figures. */
function runChild(prompts) {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', fileURLToPath(import.meta.url), '--session', String(prompts)],
    { encoding: 'utf8' },
  );
  if (run.status !== 0)
    throw new Error(
      `the ${prompts}-prompt session failed (${run.signal ?? `exit code ${run.status}`}):\n${run.stderr}`,
    );
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const seconds = (milliseconds) => `${(milliseconds / 1000).toFixed(2)} s`;

async function main() {
  printMachineBanner();
  const runs = Object.fromEntries(SIZES.map((size) => [size, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? SIZES : [...SIZES].reverse();
    for (const size of order) runs[size].push(runChild(size));
  }
  console.log(
    `\nlong session: ${SIZES.join(' vs ')} prompts, each in a fresh process, medians of ${ROUNDS} alternated rounds`,
  );
  const medians = {};
  for (const size of SIZES) {
    const figures = runs[size];
    medians[size] = {
      wallMs: median(figures.map((figure) => figure.wallMs)),
      cpuMs: median(figures.map((figure) => figure.cpuMs)),
      rssGrowth: median(figures.map((figure) => figure.rssGrowth)),
      heapGrowth: median(figures.map((figure) => figure.heapGrowth)),
    };
    const first = figures[0];
    console.log(
      `  ${String(size).padStart(5)} prompts: ${seconds(medians[size].wallMs)} wall, ${seconds(medians[size].cpuMs)} host CPU ` +
        `(${((medians[size].wallMs * 1000) / size).toFixed(0)} µs a prompt); history ${first.contents} contents, ${megabytes(first.historyBytes)} of JSON; ` +
        `RSS growth ${megabytes(medians[size].rssGrowth)}, heap growth ${megabytes(medians[size].heapGrowth)}`,
    );
  }
  const [small, large] = SIZES;
  const wallRatio = medians[large].wallMs / medians[small].wallMs;
  const cpuRatio = medians[large].cpuMs / medians[small].cpuMs;
  console.log(
    `  time ratio ${large}/${small}: wall ${wallRatio.toFixed(2)}, host CPU ${cpuRatio.toFixed(2)} — target <= ${TARGET_RATIO} (2.0 is linear): ${verdict(wallRatio <= TARGET_RATIO)}`,
  );
  console.log(
    `  RSS growth ratio ${large}/${small}: ${(medians[large].rssGrowth / medians[small].rssGrowth).toFixed(2)}, ` +
      `heap growth ratio ${(medians[large].heapGrowth / medians[small].heapGrowth).toFixed(2)} (history ratio ${(runs[large][0].historyBytes / runs[small][0].historyBytes).toFixed(2)})`,
  );
  console.log(`  load average at the end: ${loadAverage()}`);
}

if (process.argv[2] === '--session') await runSession(Number(process.argv[3]));
else await main();
