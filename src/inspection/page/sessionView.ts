/// <reference lib="dom" />
/**
 * The session as a whole: its moments (prompt, turns, stop, end), the hooks that belong to no call
 * (SessionStart, BeforeAgent, AfterAgent...), and the path of every machine that is not a call —
 * the session machine, the scheduler — on its diagram.
 */
import { renderHookCard } from './callDetails.js';
import { createDiagramView } from './diagramView.js';
import { element, formatDuration, oneLine } from './dom.js';
import type { ReportDiagram } from './reportData.js';
import type { RunModel } from './runModel.js';

/** The session section. */
export function renderSession(
  doc: Document,
  model: RunModel,
  diagrams: Readonly<Record<string, ReportDiagram>>,
): HTMLElement {
  const moments = model.session.map((record) => {
    const detail =
      record.prompt ?? record.reason ?? record.status ?? (record.turn !== undefined ? `turn ${record.turn}` : '');
    return element(doc, 'li', {
      className: `session-moment session-${record.event}`,
      children: [
        element(doc, 'span', { className: 'moment-time', text: `+${formatDuration(record.time - model.start)}` }),
        element(doc, 'span', { className: 'moment-event', text: record.event }),
        ` ${oneLine(detail, 300)}`,
      ],
    });
  });
  // The session's moments name the guards its path passed (a stop → `…Stopped`, a blocked prompt → `…Blocked`).
  const hintWords: Record<string, string> = {
    stop: 'stopped',
    prompt_blocked: 'blocked',
    continue: 'continuation',
    error: 'failed',
  };
  const hints = [
    ...new Set(
      model.session.map((record) => hintWords[record.event]).filter((word): word is string => word !== undefined),
    ),
  ];
  // Session machines first: they tell the story; the scheduler's batches come after.
  const runs = [...model.machineRuns].sort(
    (a, b) => Number(b.machineId === 'session') - Number(a.machineId === 'session') || a.start - b.start,
  );
  const machines = runs.map((run) =>
    element(doc, 'div', {
      className: 'machine-run',
      attributes: { 'data-machine': run.machineId },
      children: [
        element(doc, 'h3', { text: `${run.machineId} machine (${run.actorId})` }),
        createDiagramView({
          doc,
          machineId: run.machineId,
          svg: diagrams[run.machineId]?.svg,
          graph: diagrams[run.machineId]?.graph,
          steps: run.steps,
          hints,
        }).element,
      ],
    }),
  );
  return element(doc, 'section', {
    className: 'session',
    attributes: { 'aria-label': 'Session' },
    children: [
      element(doc, 'h2', { text: 'Session' }),
      moments.length > 0
        ? element(doc, 'ol', { className: 'session-moments', children: moments })
        : element(doc, 'p', { className: 'muted', text: 'No session records in this file.' }),
      element(doc, 'h3', { text: `Session hooks (${model.sessionHooks.length})` }),
      model.sessionHooks.length > 0
        ? element(doc, 'div', {
            className: 'hook-list',
            children: model.sessionHooks.map((hook) => renderHookCard(doc, hook)),
          })
        : element(doc, 'p', { className: 'muted', text: 'No hook outside a call.' }),
      ...machines,
    ],
  });
}
