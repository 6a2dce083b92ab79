/**
 * The report as a person sees it, in headless Chromium: the demo scenario recorded with
 * `hookrail run --inspect` and turned into a report with `hookrail inspect`, opened from disk with
 * no network; the blocked delete clicked: its hook's stderr shown, `beforeHook → buffered`
 * highlighted on the toolCall diagram, stepping back through the events; screenshots of the
 * timeline and of the call saved as test artifacts. Then the live page of a run in progress.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { projectMachineGraphs } from '../../src/diagrams/projectMachines.js';
import { graphToSvg } from '../../src/diagrams/visualizeSvg.js';
import { startLiveReportServer, type LiveReportServer } from '../../src/inspection/liveServer.js';
import { parseInspectionFile } from '../../src/inspection/report.js';
import { copyExamples, runHookrail, useCliSandbox } from '../helpers/cliProcess.js';
import { artifactPath, openBrowserPage, type BrowserPage } from './browser.js';

const sandbox = useCliSandbox(copyExamples);
const opened: BrowserPage[] = [];
const servers: LiveReportServer[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((browser) => browser.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function browserPage(): Promise<BrowserPage> {
  // Tall enough for the selected call's details, hooks included, to fit one screenshot.
  const browser = await openBrowserPage({ width: 1440, height: 1500 });
  opened.push(browser);
  return browser;
}

describe('the report in a real browser', () => {
  it("the demo's report opens from disk offline; clicking the blocked delete shows the hook's stderr and beforeHook → buffered", async () => {
    const run = await runHookrail(sandbox, [
      'run',
      '--scenario',
      'examples/scenarios/demo.json',
      '--inspect',
      'run.jsonl',
    ]);
    expect(run.exitCode).toBe(0);
    const inspect = await runHookrail(sandbox, ['inspect', 'run.jsonl', '--out', 'report.html']);
    expect(inspect.exitCode).toBe(0);

    const { page, requests, errors } = await browserPage();
    const reportUrl = pathToFileURL(join(sandbox.project, 'report.html')).href;
    await page.goto(reportUrl);
    const rows = page.locator('.timeline-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(6);
    expect(
      await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-outcome'))),
    ).toEqual(['completed', 'blocked', 'completed', 'success', 'completed', 'stopped']);
    await page.locator('.timeline').screenshot({ path: artifactPath('report-timeline.png') });

    await page.locator('.timeline-row[data-outcome="blocked"]').click();
    const stderr = page.locator('.details .hook-card[data-hook="block-destructive"] .hook-stderr-text');
    await stderr.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await stderr.textContent()).toContain('Blocked by block-destructive.sh: recursive delete');
    const edge = page.locator(
      '.details path[data-source="toolCall.beforeHook"][data-target="toolCall.buffered"].taken',
    );
    expect(await edge.count()).toBe(1);
    expect(await edge.evaluate((element) => getComputedStyle(element).stroke)).toBe('rgb(234, 88, 12)');
    expect(await edge.isVisible()).toBe(true);
    const step = page.locator('.details .path-step.taken .path-transition', { hasText: 'beforeHook → buffered' });
    expect(await step.count()).toBe(1);
    await page.locator('.details').screenshot({ path: artifactPath('report-blocked-call.png') });

    await page.locator('.details [data-step="back"]').click();
    expect(await page.locator('.details .step-position').textContent()).toBe('step 3 of 4: beforeHook → buffered');
    expect(await page.locator('.details path.latest[data-target="toolCall.buffered"]').count()).toBe(1);
    await page.locator('.details [data-step="back"]').click();
    expect(await edge.count()).toBe(0);

    await page.locator('.timeline-row[data-outcome="success"]').click();
    expect(await page.locator('.details .requested-args-text').textContent()).toContain('"sh examples/bin/deploy.sh"');
    await page.locator('.timeline-row[data-outcome="stopped"]').click();
    expect(await page.locator('.details .stop-reason-text').textContent()).toContain('Tests failed (1)');
    await page.screenshot({ path: artifactPath('report-full.png'), fullPage: true });

    // Every machine's diagram (the session's compound states included) was drawn.
    expect(await page.locator('.diagram svg').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.diagram parsererror, .diagram .warning').count()).toBe(0);
    expect(requests.filter((url) => !url.startsWith('file:') && !url.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the live page of a run in progress shows records as they arrive, then the end', async () => {
    const demo = parseInspectionFile(
      readFileSync(new URL('../fixtures/inspection/demo-run.jsonl', import.meta.url), 'utf8'),
      'demo-run.jsonl',
    ).records;
    const server = await startLiveReportServer({
      machines: projectMachineGraphs(),
      renderSvg: (graph) => graphToSvg(graph, { interactive: true }),
      title: 'live demo',
    });
    servers.push(server);
    const firstToolCallEnd = demo.findIndex((record) => record.type === 'hookrail.call' && record.phase === 'end');
    demo.slice(0, firstToolCallEnd + 1).forEach((record) => server.write(record));
    await new Promise((resolve) => setImmediate(resolve));

    const { page, requests, errors } = await browserPage();
    await page.goto(server.url);
    await expect.poll(() => page.locator('.timeline-row').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.locator('.run-status').textContent()).toBe('live');
    demo.slice(firstToolCallEnd + 1).forEach((record) => server.write(record));
    server.finish();
    await expect.poll(() => page.locator('.timeline-row').count(), { timeout: 10_000 }).toBe(6);
    await expect.poll(() => page.locator('.run-status').textContent(), { timeout: 10_000 }).toBe('finished');
    expect(requests.every((url) => url.startsWith(server.url))).toBe(true);
    expect(errors).toEqual([]);
  });
});
