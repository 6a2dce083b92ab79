/// <reference lib="dom" />
/**
 * The report page: header, summary, timeline, the selected call's details and the session,
 * rendered from the embedded {@link ReportData}. New records (a live run) are added with
 * `addRecords`; the page redraws once per animation frame and keeps the selection and its step.
 * Nothing runs at import: the generated page calls {@link bootReportPage}.
 */
import type { InspectionLine } from '../records.js';
import { renderCallDetails, type CallDetails } from './callDetails.js';
import { element, formatDuration } from './dom.js';
import { connectLiveRecords, type EventSourceFactory } from './liveRecords.js';
import { readReportData, type ReportData } from './reportData.js';
import { buildRunModel, type RunModel } from './runModel.js';
import { summarizeRun } from './runSummary.js';
import { renderSession } from './sessionView.js';
import { renderSummary } from './summaryView.js';
import { renderTimeline } from './timeline.js';

/** What {@link startReportPage} needs. */
export interface ReportPageOptions {
  /** The element the page fills. */
  root: HTMLElement;
  data: ReportData;
  /** Redraw scheduling; default `requestAnimationFrame` (tests pass a synchronous one). */
  schedule?: (callback: () => void) => void;
}

/** A running report page. */
export interface ReportPage {
  readonly model: RunModel;
  readonly selectedKey: string | undefined;
  /** The selected call's details (its diagram view steps back and forward). */
  readonly details: CallDetails | undefined;
  select(key: string | undefined): void;
  addRecords(records: readonly InspectionLine[]): void;
  /** Shown in the header (`live`, `finished`, `disconnected`). */
  setStatus(status: string): void;
}

/** Renders the page into `root` and returns its handle. */
export function startReportPage(options: ReportPageOptions): ReportPage {
  const { root, data } = options;
  const doc = root.ownerDocument;
  const schedule =
    options.schedule ?? ((callback: () => void) => void doc.defaultView?.requestAnimationFrame(() => callback()));
  const records = [...data.records];
  let model = buildRunModel(records);
  let selectedKey: string | undefined =
    new URLSearchParams(doc.defaultView?.location.hash.slice(1) ?? '').get('call') ?? undefined;
  let details: CallDetails | undefined;
  let status = data.live ? 'live' : '';
  let redrawPending = false;

  const header = element(doc, 'header', { className: 'report-header' });
  const summarySlot = element(doc, 'div', { className: 'summary-slot' });
  const timelineSlot = element(doc, 'div', { className: 'timeline-slot' });
  const detailsSlot = element(doc, 'aside', { className: 'details', attributes: { 'aria-label': 'Selected call' } });
  const sessionSlot = element(doc, 'div', { className: 'session-slot' });
  root.replaceChildren(
    header,
    summarySlot,
    element(doc, 'main', { className: 'layout', children: [timelineSlot, detailsSlot] }),
    sessionSlot,
  );

  const drawHeader = (): void => {
    const summary = summarizeRun(model);
    const facts = [
      model.header?.model ? `model ${model.header.model}` : undefined,
      `${summary.toolCallCount} tool calls`,
      `${model.calls.length - summary.toolCallCount} model calls`,
      `${summary.hookCount} hook runs`,
      formatDuration(model.end - model.start),
      data.source,
    ].filter((fact): fact is string => fact !== undefined && fact !== '');
    header.replaceChildren(
      element(doc, 'h1', { text: data.title }),
      element(doc, 'p', { className: 'run-facts', text: facts.join(' · ') }),
      status ? element(doc, 'span', { className: `run-status status-${status}`, text: status }) : '',
      ...(data.warnings ?? []).map((warning) => element(doc, 'p', { className: 'warning', text: warning })),
    );
  };
  const drawDetails = (keepStep: boolean): void => {
    const call = model.calls.find((candidate) => candidate.key === selectedKey);
    if (!call) {
      details = undefined;
      detailsSlot.replaceChildren(
        element(doc, 'p', {
          className: 'muted placeholder',
          text: 'Select a call in the timeline to see its path through its machine and its hooks.',
        }),
      );
      return;
    }
    const previous = details;
    // Following a live call: stay on the last step unless the reader stepped back.
    const followsEnd = !previous || previous.diagram.stepIndex >= previous.diagram.path.length - 1;
    const initialStep = keepStep && previous && !followsEnd ? previous.diagram.stepIndex : undefined;
    details = renderCallDetails({ doc, call, diagrams: data.diagrams, initialStep });
    detailsSlot.replaceChildren(details.element);
  };
  const draw = (keepStep: boolean): void => {
    drawHeader();
    summarySlot.replaceChildren(renderSummary(doc, model));
    timelineSlot.replaceChildren(renderTimeline({ doc, model, selectedKey, onSelect: (key) => page.select(key) }));
    drawDetails(keepStep);
    sessionSlot.replaceChildren(renderSession(doc, model, data.diagrams));
  };

  const page: ReportPage = {
    get model() {
      return model;
    },
    get selectedKey() {
      return selectedKey;
    },
    get details() {
      return details;
    },
    select(key) {
      selectedKey = key;
      for (const row of Array.from(timelineSlot.querySelectorAll('.timeline-row')))
        row.classList.toggle('selected', row.getAttribute('data-key') === key);
      details = undefined;
      drawDetails(false);
      const view = doc.defaultView;
      if (view && key) view.history.replaceState(null, '', `#call=${encodeURIComponent(key)}`);
    },
    addRecords(added) {
      records.push(...added);
      if (redrawPending) return;
      redrawPending = true;
      schedule(() => {
        redrawPending = false;
        model = buildRunModel(records);
        if (model.finished && status === 'live') status = 'finished';
        draw(true);
      });
    },
    setStatus(next) {
      status = next;
      drawHeader();
    },
  };
  draw(false);
  return page;
}

/**
 * Starts the page of a generated report: reads the embedded data, renders into
 * `#hookrail-report`, and for a live page listens for new records.
 */
export function bootReportPage(doc: Document, eventSourceFactory?: EventSourceFactory): ReportPage {
  const root = doc.getElementById('hookrail-report') ?? doc.body;
  const data = readReportData(doc);
  const page = startReportPage({ root, data });
  if (data.live) connectLiveRecords({ page, url: data.live.eventsUrl, factory: eventSourceFactory });
  return page;
}
