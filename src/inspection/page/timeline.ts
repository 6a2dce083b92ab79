/// <reference lib="dom" />
/**
 * The session as a timeline: the prompt, then per turn its model call and the tool calls it asked
 * for, each a row with a bar placed on the run's time axis, its duration and its outcome colour.
 * One click listener on the list selects a row (a thousand rows, one listener).
 */
import { badge, describeArgs, element, formatDuration, oneLine } from './dom.js';
import type { SessionRecord } from '../records.js';
import type { CallView, RunModel } from './runModel.js';

/** What {@link renderTimeline} needs. */
export interface TimelineOptions {
  doc: Document;
  model: RunModel;
  selectedKey?: string;
  onSelect: (key: string) => void;
}

/** The timeline element; rows carry `data-key` and `data-outcome`. */
export function renderTimeline(options: TimelineOptions): HTMLElement {
  const { doc, model } = options;
  const span = Math.max(1, model.end - model.start);
  const list = element(doc, 'div', { className: 'timeline-rows', attributes: { role: 'list' } });
  // Prompts and the session's moments sit between the calls, in time order.
  const moments = model.session.filter((record) => momentEvents.has(record.event));
  let next = 0;
  const momentsUntil = (time: number): void => {
    while (next < moments.length && moments[next]!.time <= time) list.append(renderMoment(doc, moments[next++]!));
  };
  let turn: number | undefined = -1;
  for (const call of model.calls) {
    momentsUntil(call.start);
    // A new prompt starts its turns again, so its first turn gets a header even when the number repeats.
    if (call.turn !== turn || list.lastElementChild?.classList.contains('timeline-prompt')) {
      turn = call.turn;
      list.append(
        element(doc, 'div', { className: 'timeline-turn', text: turn === undefined ? 'Calls' : `Turn ${turn}` }),
      );
    }
    list.append(renderRow(doc, call, model, span, call.key === options.selectedKey));
  }
  momentsUntil(Number.POSITIVE_INFINITY);
  if (model.calls.length === 0)
    list.append(element(doc, 'p', { className: 'muted', text: 'No tool or model calls recorded yet.' }));
  list.addEventListener('click', (event) => {
    const row = (event.target as Element | null)?.closest?.('[data-key]');
    const key = row?.getAttribute('data-key');
    if (key) options.onSelect(key);
  });
  return element(doc, 'section', {
    className: 'timeline',
    attributes: { 'aria-label': 'Timeline' },
    children: [element(doc, 'h2', { text: 'Timeline' }), list],
  });
}

function renderRow(doc: Document, call: CallView, model: RunModel, span: number, selected: boolean): HTMLElement {
  const end = call.end ?? model.end;
  const left = ((call.start - model.start) / span) * 100;
  const width = Math.max(0.5, ((end - call.start) / span) * 100);
  const bar = element(doc, 'span', {
    className: `bar outcome-${call.outcome}`,
    attributes: { style: `left:${left.toFixed(2)}%;width:${Math.min(width, 100 - left).toFixed(2)}%` },
  });
  const detail = call.kind === 'tool' ? describeArgs(call.args ?? call.requestedArgs) : modelSummary(call);
  const hookCount = call.hooks.length;
  return element(doc, 'button', {
    className: `timeline-row kind-${call.kind}${selected ? ' selected' : ''}`,
    attributes: { type: 'button', role: 'listitem', 'data-key': call.key, 'data-outcome': call.outcome },
    children: [
      element(doc, 'span', { className: 'row-kind', text: call.kind === 'tool' ? 'tool' : 'model' }),
      element(doc, 'span', { className: 'row-name', text: call.name }),
      element(doc, 'span', { className: 'row-detail', text: detail, title: detail }),
      element(doc, 'span', { className: 'row-track', children: [bar] }),
      element(doc, 'span', {
        className: 'row-hooks',
        text: hookCount === 0 ? '' : `${hookCount} ${hookCount === 1 ? 'hook' : 'hooks'}`,
      }),
      element(doc, 'span', {
        className: 'row-duration',
        text: call.end === undefined ? '…' : formatDuration(call.end - call.start),
      }),
      badge(doc, call.outcome),
    ],
  });
}

/** The session moments the timeline shows between the calls. */
const momentEvents: ReadonlySet<string> = new Set(['prompt', 'prompt_blocked', 'continue', 'stop', 'error', 'done']);

function renderMoment(doc: Document, record: SessionRecord): HTMLElement {
  if (record.event === 'prompt') {
    return element(doc, 'div', {
      className: 'timeline-prompt',
      children: [element(doc, 'span', { className: 'prompt-mark', text: '>' }), ` ${record.prompt ?? ''}`],
    });
  }
  const labels: Record<string, string> = {
    prompt_blocked: 'Prompt blocked',
    continue: 'A hook made the agent go on',
    stop: 'Stopped',
    error: 'Error',
    done: `Answered: ${record.status ?? 'done'}`,
  };
  const text =
    record.event === 'done' ? labels['done']! : `${labels[record.event] ?? record.event}: ${record.reason ?? ''}`;
  return element(doc, 'div', { className: `timeline-end session-${record.event}`, text: oneLine(text, 300) });
}

function modelSummary(call: CallView): string {
  if (call.functionCalls && call.functionCalls.length > 0) return `asks for ${call.functionCalls.join(', ')}`;
  if (call.reason) return oneLine(call.reason, 80);
  return call.text ? oneLine(call.text, 80) : '';
}
