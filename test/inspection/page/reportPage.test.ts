// @vitest-environment happy-dom
/**
 * The report page's logic in a DOM (happy-dom), on the recorded demo: the timeline's rows and
 * colours, selecting the blocked call (the hook's stderr shown, `beforeHook → buffered`
 * highlighted on the diagram), stepping back and forward, the summary, live records arriving,
 * text never parsed as markup — and the linked script of the generated HTML booting the same page.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { projectMachineGraphs } from '../../../src/diagrams/projectMachines.js';
import { graphToSvg } from '../../../src/diagrams/visualizeSvg.js';
import { connectLiveRecords, type EventSourceLike } from '../../../src/inspection/page/liveRecords.js';
import { startReportPage, type ReportPage } from '../../../src/inspection/page/reportApp.js';
import { readReportData } from '../../../src/inspection/page/reportData.js';
import { buildReportData, parseInspectionFile, renderReportHtml } from '../../../src/inspection/report.js';
import type { HookRecord, InspectionLine } from '../../../src/inspection/records.js';

const demo = parseInspectionFile(
  readFileSync(
    `${fileURLToPath(import.meta.url).replace(/page\/reportPage\.test\.ts$/, '')}../fixtures/inspection/demo-run.jsonl`,
    'utf8',
  ),
  'demo-run.jsonl',
);
const machines = projectMachineGraphs();
const renderSvg = (graph: Parameters<typeof graphToSvg>[0]): string => graphToSvg(graph, { interactive: true });

function start(records: readonly InspectionLine[] = demo.records): { page: ReportPage; root: HTMLElement } {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const data = buildReportData({ records, machines, renderSvg, source: 'demo-run.jsonl' });
  return { page: startReportPage({ root, data, schedule: (callback) => callback() }), root };
}

function blockedEdge(root: HTMLElement): Element[] {
  // The line and the label of each toolCall transition from beforeHook to buffered.
  return Array.from(
    root.querySelectorAll('.details [data-source="toolCall.beforeHook"][data-target="toolCall.buffered"]'),
  );
}

beforeEach(() => {
  window.location.hash = '';
});

describe('the report page (DOM)', () => {
  it('draws the timeline: the prompt, three turns, and each call with its outcome colour and duration', () => {
    const { root } = start();
    expect(root.querySelector('.timeline-prompt')?.textContent).toContain('Clean the build directory');
    expect(Array.from(root.querySelectorAll('.timeline-turn')).map((turn) => turn.textContent)).toEqual([
      'Turn 1',
      'Turn 2',
      'Turn 3',
    ]);
    const rows = Array.from(root.querySelectorAll('.timeline-row'));
    expect(rows.map((row) => row.getAttribute('data-outcome'))).toEqual([
      'completed',
      'blocked',
      'completed',
      'success',
      'completed',
      'stopped',
    ]);
    const blocked = rows[1]!;
    expect(blocked.querySelector('.row-detail')?.textContent).toBe('rm -rf build');
    expect(blocked.querySelector('.bar')?.classList.contains('outcome-blocked')).toBe(true);
    expect(blocked.querySelector('.row-duration')?.textContent).toMatch(/^\d+ ms$/);
    expect(root.querySelector('.timeline-end.session-stop')?.textContent).toContain('Tests failed');
  });

  it("clicking the blocked call shows its hook's stderr and exit code and highlights beforeHook → buffered", () => {
    const { page, root } = start();
    (root.querySelector('.timeline-row[data-outcome="blocked"]') as HTMLElement).click();
    expect(page.selectedKey).toMatch(/^tool:/);
    const card = root.querySelector('.details .hook-card[data-hook="block-destructive"]')!;
    expect(card.querySelector('.hook-stderr-text')?.textContent).toContain(
      'Blocked by block-destructive.sh: recursive delete',
    );
    expect(card.querySelector('.badge')?.textContent).toBe('deny');
    expect(card.textContent).toContain('exit code2');
    const taken = blockedEdge(root).filter((element) => element.classList.contains('taken'));
    expect(taken.map((element) => element.tagName.toLowerCase()).sort()).toEqual(['g', 'path']);
    expect(taken[0]!.getAttribute('data-edge')).toBe(taken[1]!.getAttribute('data-edge'));
    expect(blockedEdge(root).length).toBe(4);
    const steps = Array.from(root.querySelectorAll('.details .path-step.taken .path-transition')).map(
      (step) => step.textContent,
    );
    expect(steps).toEqual(['idle', 'idle → beforeHook', 'beforeHook → buffered', 'buffered → published']);
    expect(root.querySelector('.details [data-state="toolCall.published"]')?.classList.contains('current')).toBe(true);
  });

  it('steps back and forward through the events: the highlight follows the step', () => {
    const { page, root } = start();
    (root.querySelector('.timeline-row[data-outcome="blocked"]') as HTMLElement).click();
    const button = (step: string): HTMLButtonElement => root.querySelector(`.details [data-step="${step}"]`)!;
    expect(button('forward').disabled).toBe(true);
    button('back').click();
    expect(page.details?.diagram.stepIndex).toBe(2);
    expect(root.querySelector('.details .step-position')?.textContent).toBe('step 3 of 4: beforeHook → buffered');
    expect(blockedEdge(root).filter((element) => element.classList.contains('latest'))).toHaveLength(2);
    expect(root.querySelector('.details [data-target="toolCall.published"]')?.classList.contains('taken')).toBe(false);
    button('back').click();
    expect(blockedEdge(root).filter((element) => element.classList.contains('taken'))).toHaveLength(0);
    expect(root.querySelector('.details [data-state="toolCall.beforeHook"]')?.classList.contains('current')).toBe(true);
    button('first').click();
    expect(button('back').disabled).toBe(true);
    button('last').click();
    expect(page.details?.diagram.stepIndex).toBe(3);
  });

  it('the rewritten deploy shows the input the model asked for and the one executed; the summary counts outcomes and hook time', () => {
    const { root } = start();
    (root.querySelector('.timeline-row[data-outcome="success"]') as HTMLElement).click();
    expect(root.querySelector('.details .requested-args-text')?.textContent).toContain('"sh examples/bin/deploy.sh"');
    expect(root.querySelector('.details .args')?.textContent).toContain('rewritten by a hook');
    expect(root.querySelector('.details .args-text')?.textContent).toContain('--dry-run');
    const counts = Array.from(root.querySelectorAll('.tool-outcomes .outcome-count')).map((count) => count.textContent);
    expect(counts).toEqual(['blocked 1', 'stopped 1', 'success 1']);
    expect(root.querySelectorAll('.hook-totals tbody tr')).toHaveLength(3);
    expect(root.querySelector('.session .machine-run[data-machine="scheduler"]')).not.toBeNull();
  });

  it('records arriving live extend the timeline and keep the selected call', () => {
    const modelActors = demo.records.filter(
      (record) => record.type === '@xstate.actor' && record.machineId === 'modelCall',
    );
    const half = demo.records.indexOf(modelActors[1]!);
    const { page, root } = start(demo.records.slice(0, half));
    expect(root.querySelectorAll('.timeline-row')).toHaveLength(2);
    (root.querySelector('.timeline-row[data-outcome="blocked"]') as HTMLElement).click();
    page.addRecords(demo.records.slice(half));
    expect(root.querySelectorAll('.timeline-row')).toHaveLength(6);
    expect(root.querySelector('.timeline-row.selected')?.getAttribute('data-outcome')).toBe('blocked');
    expect(root.querySelector('.details .hook-card[data-hook="block-destructive"]')).not.toBeNull();
  });

  it('the live feed adds each message, shows a reconnect, and closes at the end event', () => {
    const added: InspectionLine[][] = [];
    const statuses: string[] = [];
    const listeners = new Map<string, (event: { data: string }) => void>();
    let closed = false;
    const source: EventSourceLike = {
      onmessage: null,
      onerror: null,
      addEventListener: (type, listener) => listeners.set(type, listener),
      close: () => (closed = true),
    };
    connectLiveRecords({
      page: { addRecords: (records) => added.push([...records]), setStatus: (status) => statuses.push(status) },
      url: '/events',
      factory: () => source,
    });
    source.onmessage!({ data: JSON.stringify(demo.records.slice(0, 2)) });
    source.onerror!({});
    source.onmessage!({ data: JSON.stringify(demo.records[2]) });
    listeners.get('end')!({ data: '' });
    expect(added.map((batch) => batch.length)).toEqual([2, 1]);
    expect(statuses).toEqual(['reconnecting', 'live', 'finished']);
    expect(closed).toBe(true);
  });

  it("a hook's output is shown as text, never parsed as markup", () => {
    const hostile: HookRecord = {
      ...(demo.records.find((record) => record.type === 'hookrail.hook') as HookRecord),
      stderr: '<img src=x onerror="window.injected=1"></script>',
      hookName: '<b>bold</b>',
    };
    const { root } = start([...demo.records.filter((record) => record.type !== 'hookrail.hook'), hostile]);
    (root.querySelector('.timeline-row[data-outcome="blocked"]') as HTMLElement).click();
    expect(root.querySelector('.details img')).toBeNull();
    expect(root.querySelector('.details .hook-stderr-text')?.textContent).toBe(
      '<img src=x onerror="window.injected=1"></script>',
    );
    expect(root.querySelector('.details .hook-name')?.textContent).toBe('<b>bold</b>');
  });

  it('the generated HTML embeds the data safely (</script>, U+2028) and its linked script boots the same page', () => {
    const tricky = {
      ...demo.records[0]!,
      title: 'end </script><script>window.injected=1</script> \u2028 line',
    } as InspectionLine;
    const data = buildReportData({
      records: [tricky, ...demo.records.slice(1)],
      machines,
      renderSvg,
      source: 'demo-run.jsonl',
    });
    const html = renderReportHtml(data);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual(['<script type="application/json" id="hookrail-report-data">', '<script>']);
    document.open();
    document.write(html.replace(/<script>[\s\S]*<\/script>/, ''));
    document.close();
    const parsed = readReportData(document);
    expect(parsed.title).toBe('end </script><script>window.injected=1</script> \u2028 line');
    const script = /<script>\n([\s\S]*)\n<\/script>/.exec(html)![1]!;
    new Function('document', script)(document);
    const root = document.getElementById('hookrail-report')!;
    expect(root.querySelectorAll('.timeline-row')).toHaveLength(6);
    expect(root.querySelector('h1')?.textContent).toBe('end </script><script>window.injected=1</script> \u2028 line');
  });
});
