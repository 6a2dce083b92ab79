#!/usr/bin/env node
// The run report at scale: a 1,000-tool-call run recorded with `inspect: { file }` (real
// BeforeTool hook processes, one call in ten blocked), turned into the HTML report, opened from disk
// in headless Chromium (Debian's chromium, as the e2e tests drive it). Printed, each as a ratio to
// its budget: the report's size (budget 5 MB) and the first paint, and the time until the 1,000
// timeline rows are drawn (budget 2 s), as the browser's own clocks measure them.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { Config, DebugLogger, createToolScheduler, flushInspectionFiles } from '../dist/index.js';
import { projectMachineGraphs } from '../dist/diagrams/projectMachines.js';
import { graphToSvg } from '../dist/diagrams/visualizeSvg.js';
import { buildReportData, parseInspectionFile, renderReportHtml } from '../dist/inspection/report.js';
import { printMachineBanner } from './lib/measure.mjs';

const callCount = 1_000;
const batchSize = 100;
const sizeBudgetBytes = 5 * 1024 * 1024;
const paintBudgetMs = 2_000;
const chromiumPath = process.env.HOOKRAIL_CHROMIUM ?? '/usr/bin/chromium';

printMachineBanner();
const directory = mkdtempSync(join(tmpdir(), 'hookrail-report-bench-'));
try {
  const hook = join(directory, 'guard.sh');
  // Reads its input; refuses calls whose command mentions "rm", allows the rest.
  writeFileSync(
    hook,
    'input=$(cat)\ncase "$input" in *"rm -rf"*) echo "refused: recursive delete" >&2; exit 2;; esac\necho \'{"decision":"allow"}\'\n',
  );
  const config = new Config({
    enableHooks: true,
    hooks: {
      BeforeTool: [
        { matcher: 'run_shell_command', hooks: [{ type: 'command', command: `sh '${hook}'`, name: 'guard' }] },
      ],
    },
    logger: new DebugLogger('bench', { level: 'error', sink: () => {} }),
  });
  const tool = {
    name: 'run_shell_command',
    execute: async (args) => ({ llmContent: `ran ${args.command}`, returnDisplay: `ran ${args.command}` }),
  };
  const file = join(directory, 'run.jsonl');
  const scheduler = createToolScheduler({ config, tools: [tool], inspect: { file } });
  const recordStart = performance.now();
  for (let batch = 0; batch < callCount / batchSize; batch += 1) {
    const requests = Array.from({ length: batchSize }, (_, index) => {
      const number = batch * batchSize + index;
      return {
        callId: `call-${number}`,
        name: 'run_shell_command',
        args: { command: number % 10 === 0 ? `rm -rf build-${number}` : `echo step ${number}` },
      };
    });
    await scheduler.schedule(requests);
  }
  flushInspectionFiles();
  const recordMs = performance.now() - recordStart;

  const { records } = parseInspectionFile(readFileSync(file, 'utf8'), file);
  const html = renderReportHtml(
    buildReportData({
      records,
      machines: projectMachineGraphs(),
      renderSvg: (graph) => graphToSvg(graph, { interactive: true }),
      source: 'run.jsonl',
    }),
  );
  const reportFile = join(directory, 'report.html');
  writeFileSync(reportFile, html);
  const size = statSync(reportFile).size;
  console.log(
    `\nrecorded ${callCount} tool calls (${records.length} records, ${(statSync(file).size / 1024 / 1024).toFixed(2)} MB of JSONL) in ${(recordMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `report size: ${(size / 1024 / 1024).toFixed(2)} MB = ${(size / sizeBudgetBytes).toFixed(2)}× the 5 MB budget ${size < sizeBudgetBytes ? '(within)' : '(OVER)'}`,
  );

  const profile = mkdtempSync(join(directory, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const rounds = [];
    for (let round = 0; round < 3; round += 1) {
      await page.goto(pathToFileURL(reportFile).href, { waitUntil: 'load' });
      await page.waitForFunction(
        (count) => document.querySelectorAll('.timeline-row[data-key^="tool:"]').length === count,
        callCount,
        { timeout: 30_000 },
      );
      rounds.push(
        await page.evaluate(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          return { firstPaintMs: paint ? paint.startTime : Number.NaN, rowsDrawnMs: performance.now() };
        }),
      );
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const firstPaint = median(rounds.map((round) => round.firstPaintMs));
    const rowsDrawn = median(rounds.map((round) => round.rowsDrawnMs));
    console.log(
      `first contentful paint (median of ${rounds.length} loads): ${Math.round(firstPaint)} ms = ${(firstPaint / paintBudgetMs).toFixed(2)}× the 2 s budget ${firstPaint < paintBudgetMs ? '(within)' : '(OVER)'}`,
    );
    console.log(
      `1,000 timeline rows drawn after: ${Math.round(rowsDrawn)} ms = ${(rowsDrawn / paintBudgetMs).toFixed(2)}× the 2 s budget ${rowsDrawn < paintBudgetMs ? '(within)' : '(OVER)'}`,
    );
  } finally {
    await context.close();
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
