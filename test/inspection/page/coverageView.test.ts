// @vitest-environment happy-dom
/**
 * The report's hook coverage panel on the recorded demo: with the configured hooks in the header,
 * each hook's runs, blocks, rewrites, asks, fail-open failures and timeouts, and the hooks that never
 * ran; a recording whose header lists no hooks gets a note; the generated page's linked script draws
 * the same panel.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectMachineGraphs } from '../../../src/diagrams/projectMachines.js';
import { graphToSvg } from '../../../src/diagrams/visualizeSvg.js';
import { startReportPage } from '../../../src/inspection/page/reportApp.js';
import { tallyHookCoverage } from '../../../src/inspection/page/hookCoverage.js';
import { buildReportData, parseInspectionFile, renderReportHtml } from '../../../src/inspection/report.js';
import type { ConfiguredHookRecord, HookRecord, InspectionLine, RunRecord } from '../../../src/inspection/records.js';

const demo = parseInspectionFile(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/inspection/demo-run.jsonl'), 'utf8'),
  'demo-run.jsonl',
);
const machines = projectMachineGraphs();
const renderSvg = (graph: Parameters<typeof graphToSvg>[0]): string => graphToSvg(graph, { interactive: true });

const configured: ConfiguredHookRecord[] = [
  {
    eventName: 'BeforeTool',
    hookName: 'block-destructive',
    hookType: 'command',
    matcher: 'run_shell_command',
    source: 'extra',
  },
  {
    eventName: 'BeforeTool',
    hookName: 'add-dry-run',
    hookType: 'command',
    matcher: 'run_shell_command',
    source: 'extra',
  },
  {
    eventName: 'AfterTool',
    hookName: 'stop-on-test-failure',
    hookType: 'command',
    matcher: 'run_shell_command',
    source: 'extra',
  },
  { eventName: 'BeforeTool', hookName: 'writes', hookType: 'command', matcher: 'write_file', source: 'project' },
];

/** The demo's records with the configured hooks in the header. */
function withConfiguredHooks(hooks: ConfiguredHookRecord[] | undefined): InspectionLine[] {
  return demo.records.map((record) =>
    record.type === 'hookrail.run' ? ({ ...record, ...(hooks ? { hooks } : {}) } as RunRecord) : record,
  );
}

function render(records: readonly InspectionLine[]): HTMLElement {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  startReportPage({
    root,
    data: buildReportData({ records, machines, renderSvg, source: 'demo-run.jsonl' }),
    schedule: (callback) => callback(),
  });
  return root;
}

describe('the hook coverage panel', () => {
  it('lists every configured hook with its runs and decisions, and the hooks that never ran', () => {
    const root = render(withConfiguredHooks(configured));
    const rows = Array.from(root.querySelectorAll('.hook-coverage tbody tr')).map((row) =>
      Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['block-destructive', 'BeforeTool', 'run_shell_command', '3', '1', '0', '0', '0', '0'],
      ['add-dry-run', 'BeforeTool', 'run_shell_command', '3', '0', '1', '0', '0', '0'],
      ['stop-on-test-failure', 'AfterTool', 'run_shell_command', '2', '1', '0', '0', '0', '0'],
      ['writes', 'BeforeTool', 'write_file', '0', '0', '0', '0', '0', '0'],
    ]);
    expect(root.querySelector('.hook-coverage tr[data-hook="writes"]')?.classList.contains('coverage-unused')).toBe(
      true,
    );
    expect(root.querySelector('.coverage-unused-list')?.textContent).toBe('Never ran: writes (BeforeTool)');
  });

  it('counts fail-open failures, timeouts and asks from the records, in every order of the records', () => {
    const base: Omit<HookRecord, 'decision'> = {
      type: 'hookrail.hook',
      time: 1,
      durationMs: 5,
      eventName: 'BeforeTool',
      hookName: 'guard',
      hookType: 'command',
      dialect: 'native',
      source: 'project',
      input: {},
      success: false,
    };
    const records: HookRecord[] = [
      { ...base, decision: 'error' },
      { ...base, decision: 'error', timedOut: true },
      { ...base, decision: 'deny', timedOut: true, failedClosed: true },
      { ...base, decision: 'ask', success: true },
      { ...base, eventName: 'AfterTool', decision: 'block' },
    ];
    const hooks: ConfiguredHookRecord[] = [{ eventName: 'BeforeTool', hookName: 'guard', hookType: 'command' }];
    for (const order of [records, [...records].reverse()]) {
      expect(tallyHookCoverage(hooks, order)).toEqual([
        {
          eventName: 'BeforeTool',
          hookName: 'guard',
          hookType: 'command',
          ran: 4,
          blocked: 1,
          modified: 0,
          asked: 1,
          failedOpen: 2,
          timedOut: 2,
        },
      ]);
    }
  });

  it('a recording that does not list its configured hooks says so', () => {
    const root = render(withConfiguredHooks(undefined));
    expect(root.querySelector('.hook-coverage')).toBeNull();
    expect(root.querySelector('.coverage')?.textContent).toContain(
      'This recording does not list the configured hooks.',
    );
  });

  it("the generated page's linked script draws the same panel", () => {
    const html = renderReportHtml(
      buildReportData({ records: withConfiguredHooks(configured), machines, renderSvg, source: 'demo-run.jsonl' }),
    );
    document.open();
    document.write(html.replace(/<script>[\s\S]*<\/script>/, ''));
    document.close();
    new Function('document', /<script>\n([\s\S]*)\n<\/script>/.exec(html)![1]!)(document);
    const root = document.getElementById('hookrail-report')!;
    expect(root.querySelectorAll('.hook-coverage tbody tr')).toHaveLength(4);
    expect(root.querySelector('.coverage-unused-list')?.textContent).toBe('Never ran: writes (BeforeTool)');
  });
});
