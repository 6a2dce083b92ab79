/// <reference lib="dom" />
/**
 * The report's hook coverage panel: every hook configured for the run (the header's list) with how
 * often it ran, blocked, modified, asked, failed open and timed out, and the hooks that never ran.
 * Recordings made before the header listed the configured hooks get a note instead.
 */
import { element } from './dom.js';
import { tallyHookCoverage, unusedHooks } from './hookCoverage.js';
import type { RunModel } from './runModel.js';

const columns = ['hook', 'event', 'matcher', 'ran', 'blocked', 'modified', 'asked', 'failed open', 'timed out'];

/** The coverage section. */
export function renderCoverage(doc: Document, model: RunModel): HTMLElement {
  const configured = model.header?.hooks;
  const heading = element(doc, 'h3', { text: 'Hook coverage' });
  if (!configured) {
    return element(doc, 'section', {
      className: 'coverage',
      children: [
        heading,
        element(doc, 'p', { className: 'muted', text: 'This recording does not list the configured hooks.' }),
      ],
    });
  }
  const rows = tallyHookCoverage(configured, model.hooks);
  const unused = unusedHooks(rows);
  const body = rows.map((row) =>
    element(doc, 'tr', {
      className: row.ran === 0 ? 'coverage-unused' : '',
      attributes: { 'data-hook': row.hookName },
      children: [
        element(doc, 'td', { text: row.hookName }),
        element(doc, 'td', { text: row.eventName }),
        element(doc, 'td', { text: row.matcher ?? '(all)' }),
        ...[row.ran, row.blocked, row.modified, row.asked, row.failedOpen, row.timedOut].map((count) =>
          element(doc, 'td', { className: 'number', text: String(count) }),
        ),
      ],
    }),
  );
  const table = element(doc, 'table', {
    className: 'hook-coverage',
    children: [
      element(doc, 'thead', {
        children: [element(doc, 'tr', { children: columns.map((name) => element(doc, 'th', { text: name })) })],
      }),
      element(doc, 'tbody', { children: body }),
    ],
  });
  const note =
    unused.length > 0
      ? element(doc, 'p', {
          className: 'coverage-unused-list',
          text: `Never ran: ${unused.map((row) => `${row.hookName} (${row.eventName})`).join(', ')}`,
        })
      : element(doc, 'p', { className: 'muted', text: `Every configured hook ran (${rows.length}).` });
  return element(doc, 'section', {
    className: 'coverage',
    attributes: { 'aria-label': 'Hook coverage' },
    children: [heading, table, note],
  });
}
