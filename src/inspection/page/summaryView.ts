/// <reference lib="dom" />
/**
 * The run in numbers: tool calls and model calls by outcome (in the timeline's colours) and the
 * hooks by time spent, most first, with how often each decided what; then the hook coverage panel.
 */
import { renderCoverage } from './coverageView.js';
import { badge, element, formatDuration } from './dom.js';
import type { RunModel } from './runModel.js';
import { summarizeRun } from './runSummary.js';

/** Outcomes in the order a reader scans for trouble. */
const outcomeOrder = [
  'blocked',
  'stopped',
  'asked',
  'cancelled',
  'error',
  'failed',
  'aborted',
  'suppressed',
  'success',
  'completed',
  'running',
  'unknown',
];

/** The summary section. */
export function renderSummary(doc: Document, model: RunModel): HTMLElement {
  const summary = summarizeRun(model);
  const rows = summary.hookTotals.map((total) =>
    element(doc, 'tr', {
      children: [
        element(doc, 'td', { text: total.hookName }),
        element(doc, 'td', { text: total.eventName }),
        element(doc, 'td', { className: 'number', text: String(total.count) }),
        element(doc, 'td', { className: 'number', text: formatDuration(total.totalMs) }),
        element(doc, 'td', { className: 'number', text: formatDuration(total.maxMs) }),
        element(doc, 'td', {
          children: Object.entries(total.decisions).flatMap(([decision, count]) => [
            badge(doc, decision),
            ` ×${count} `,
          ]),
        }),
      ],
    }),
  );
  const header = element(doc, 'tr', {
    children: ['hook', 'event', 'runs', 'total', 'longest', 'decisions'].map((name) =>
      element(doc, 'th', { text: name }),
    ),
  });
  const table =
    summary.hookTotals.length > 0
      ? element(doc, 'table', {
          className: 'hook-totals',
          children: [element(doc, 'thead', { children: [header] }), element(doc, 'tbody', { children: rows })],
        })
      : element(doc, 'p', { className: 'muted', text: 'No hook ran.' });
  return element(doc, 'section', {
    className: 'summary',
    attributes: { 'aria-label': 'Summary' },
    children: [
      element(doc, 'h2', { text: 'Summary' }),
      outcomeLine(doc, `Tool calls (${summary.toolCallCount})`, summary.toolOutcomes, 'tool-outcomes'),
      outcomeLine(
        doc,
        `Model calls (${model.calls.length - summary.toolCallCount})`,
        summary.modelOutcomes,
        'model-outcomes',
      ),
      element(doc, 'h3', {
        text: `Hooks by time spent (${summary.hookCount} runs, ${formatDuration(summary.hookTimeMs)})`,
      }),
      table,
      renderCoverage(doc, model),
    ],
  });
}

function outcomeLine(doc: Document, label: string, counts: Record<string, number>, className: string): HTMLElement {
  const outcomes = Object.keys(counts).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return element(doc, 'div', {
    className: `outcome-line ${className}`,
    children: [
      element(doc, 'span', { className: 'outcome-label', text: label }),
      ...outcomes.map((outcome) =>
        element(doc, 'span', {
          className: 'outcome-count',
          attributes: { 'data-outcome': outcome },
          children: [badge(doc, outcome), ` ${counts[outcome]}`],
        }),
      ),
    ],
  });
}

function rank(outcome: string): number {
  const index = outcomeOrder.indexOf(outcome);
  return index === -1 ? outcomeOrder.length : index;
}
