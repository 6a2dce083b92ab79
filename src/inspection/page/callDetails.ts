/// <reference lib="dom" />
/**
 * The details of one selected call: what it was asked and what it produced, its path through its
 * machine on the machine's diagram, and every hook that ran for it — event, name, type, dialect,
 * input, stdout / stderr (or HTTP status, or the model's answer), exit code, duration, decision.
 */
import type { HookRecord } from '../records.js';
import { createDiagramView, type DiagramView } from './diagramView.js';
import { badge, element, formatDuration, formatValue, textBlock } from './dom.js';
import type { ReportDiagram } from './reportData.js';
import type { CallView } from './runModel.js';

/** What {@link renderCallDetails} needs. */
export interface CallDetailsOptions {
  doc: Document;
  call: CallView;
  diagrams: Readonly<Record<string, ReportDiagram>>;
  /** Step to show first; default the last. */
  initialStep?: number;
}

/** The details element and its diagram view (for stepping). */
export interface CallDetails {
  element: HTMLElement;
  diagram: DiagramView;
}

/** Renders the call's header, input and result, machine path and hook cards. */
export function renderCallDetails(options: CallDetailsOptions): CallDetails {
  const { doc, call } = options;
  const heading = element(doc, 'h2', {
    children: [
      element(doc, 'span', { className: 'details-kind', text: call.kind === 'tool' ? 'Tool call' : 'Model call' }),
      ` ${call.name} `,
      badge(doc, call.outcome),
    ],
  });
  const facts = factList(doc, [
    ['call id', call.callId],
    ['turn', call.turn === undefined ? undefined : String(call.turn)],
    ['duration', call.end === undefined ? 'running' : formatDuration(call.end - call.start)],
    ['actor', call.actorId],
  ]);
  const rewritten =
    call.args !== undefined &&
    call.requestedArgs !== undefined &&
    JSON.stringify(call.args) !== JSON.stringify(call.requestedArgs);
  const io = element(doc, 'div', {
    className: 'call-io',
    children: [
      rewritten
        ? textBlock(doc, 'Input asked for by the model', formatValue(call.requestedArgs), 'requested-args')
        : undefined,
      textBlock(
        doc,
        rewritten ? 'Input as executed (rewritten by a hook)' : 'Input',
        formatValue(call.args ?? call.requestedArgs ?? undefined),
        'args',
      ),
      textBlock(doc, 'Stop reason', call.stopReason, 'stop-reason'),
      call.ask
        ? textBlock(
            doc,
            `Asked by ${call.ask.hookNames.join(', ')}: ${call.ask.decision} (answered by ${call.ask.answeredBy})`,
            [call.ask.reason, call.ask.decisionReason].filter(Boolean).join('\n'),
            'ask',
          )
        : undefined,
      textBlock(
        doc,
        call.kind === 'tool' ? 'Result (what the model sees)' : 'Answer',
        call.result ?? call.text,
        'result',
      ),
      textBlock(doc, 'Tool output (replaced by an AfterTool hook)', call.originalResult, 'original-result'),
      call.error !== call.result ? textBlock(doc, 'Error', call.error, 'error') : undefined,
      textBlock(doc, 'Reason', call.reason, 'reason'),
      call.functionCalls && call.functionCalls.length > 0
        ? textBlock(doc, 'Asks for', call.functionCalls.join(', '), 'function-calls')
        : undefined,
    ],
  });
  const diagramData = options.diagrams[call.machineId];
  const diagram = createDiagramView({
    doc,
    machineId: call.machineId,
    svg: diagramData?.svg,
    graph: diagramData?.graph,
    steps: call.steps,
    hints: pathHints(call),
    initialStep: options.initialStep,
  });
  const hooks = element(doc, 'div', {
    className: 'hook-list',
    children:
      call.hooks.length > 0
        ? call.hooks.map((hook) => renderHookCard(doc, hook))
        : [element(doc, 'p', { className: 'muted', text: 'No hook ran for this call.' })],
  });
  const root = element(doc, 'article', {
    className: `call-details outcome-border-${call.outcome}`,
    attributes: { 'data-key': call.key },
    children: [
      heading,
      facts,
      io,
      element(doc, 'h3', { text: `Path through the ${call.machineId} machine` }),
      diagram.element,
      element(doc, 'h3', { text: `Hooks (${call.hooks.length})` }),
      hooks,
    ],
  });
  return { element: root, diagram };
}

/** One hook invocation as a card; stderr and stdout are shown open, the input folded. */
export function renderHookCard(doc: Document, hook: HookRecord): HTMLElement {
  const title = element(doc, 'div', {
    className: 'hook-title',
    children: [
      element(doc, 'strong', { className: 'hook-name', text: hook.hookName }),
      element(doc, 'span', {
        className: 'hook-event',
        text: hook.dialectEventName ? `${hook.eventName} (${hook.dialectEventName})` : hook.eventName,
      }),
      element(doc, 'span', { className: 'hook-type', text: hook.hookType }),
      element(doc, 'span', { className: 'hook-dialect', text: hook.dialect }),
      element(doc, 'span', { className: 'hook-duration', text: formatDuration(hook.durationMs) }),
      badge(doc, hook.decision),
    ],
  });
  const facts = factList(doc, [
    ['exit code', hook.exitCode === undefined ? undefined : String(hook.exitCode)],
    ['signal', hook.signal],
    ['timed out', hook.timedOut ? 'yes' : undefined],
    ['HTTP status', hook.httpStatus === undefined ? undefined : String(hook.httpStatus)],
    ['model', hook.model],
    ['source', hook.source],
    ['command', hook.command],
    ['url', hook.url],
  ]);
  const input = element(doc, 'details', {
    className: 'hook-input',
    children: [
      element(doc, 'summary', { text: 'Input the hook received' }),
      element(doc, 'pre', { text: formatValue(hook.input) }),
    ],
  });
  return element(doc, 'div', {
    className: `hook-card decision-${hook.decision}`,
    attributes: { 'data-hook': hook.hookName, 'data-event': hook.eventName },
    children: [
      title,
      hook.reason ? element(doc, 'p', { className: 'hook-reason', text: hook.reason }) : undefined,
      facts,
      textBlock(doc, 'stderr', hook.stderr, 'hook-stderr'),
      textBlock(doc, 'stdout', hook.stdout, 'hook-stdout'),
      textBlock(doc, 'Model answer', hook.modelAnswer, 'hook-model-answer'),
      hook.output !== undefined ? textBlock(doc, 'Read as', formatValue(hook.output), 'hook-output') : undefined,
      textBlock(doc, 'Error', hook.error, 'hook-error'),
      input,
    ],
  });
}

/** Words naming the guards this call's path passed: its outcome, a rewrite, its hooks' decisions. */
export function pathHints(call: CallView): string[] {
  const hints = [call.outcome];
  if (
    call.args !== undefined &&
    call.requestedArgs !== undefined &&
    JSON.stringify(call.args) !== JSON.stringify(call.requestedArgs)
  )
    hints.push('modified');
  const decisionWords: Record<string, string> = {
    stop: 'stopped',
    block: 'blocked',
    deny: 'blocked',
    suppress: 'suppressed',
    context: 'addscontent',
    modify: 'modified',
  };
  for (const hook of call.hooks) {
    const word = decisionWords[hook.decision];
    if (word && !hints.includes(word)) hints.push(word);
  }
  return hints;
}

function factList(doc: Document, facts: ReadonlyArray<readonly [string, string | undefined]>): HTMLElement {
  const list = element(doc, 'dl', { className: 'facts' });
  for (const [name, value] of facts) {
    if (value === undefined || value === '') continue;
    list.append(element(doc, 'dt', { text: name }), element(doc, 'dd', { text: value }));
  }
  return list;
}
