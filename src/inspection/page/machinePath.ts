/**
 * A machine actor's path read onto its diagram: for each recorded snapshot, the states active
 * after it and the diagram transitions that led there (`beforeHook → buffered` on `done:
 * beforeHook [beforeHookBlocked]`). Snapshots do not name the guard that passed, so when several
 * transitions fit, hints from the call (its outcome, a rewritten input, a hook's decision) pick the
 * guarded one they name, else the unguarded default. Pure: no DOM.
 */
import type { MachineGraph, MachineGraphEdge } from '../records.js';
import type { MachineStep } from './runModel.js';

/** Source id of root-level transitions in a diagram (`ROOT_SOURCE` in diagramGraph.ts). */
const anySource = '*';

/** One step of the path. */
export interface PathStep {
  time: number;
  eventType: string;
  /** State ids active after the step, ancestors included (`toolCall.buffered`). */
  active: string[];
  /** State ids entered by the step; empty for an event that changed nothing. */
  entered: string[];
  /** Indexes into the graph's edges of the transitions taken. */
  edges: number[];
  /** `beforeHook → buffered`, or the state's name for the first step. */
  label: string;
}

/** The state ids a state value stands for: `"a"` → `m.a`; `{ a: "b" }` → `m.a`, `m.a.b`; parallel regions each. */
export function activeStateIds(machineId: string, value: unknown): string[] {
  const ids: string[] = [];
  const visit = (prefix: string, current: unknown): void => {
    if (typeof current === 'string') {
      ids.push(`${prefix}.${current}`);
      return;
    }
    if (typeof current !== 'object' || current === null) return;
    for (const [key, child] of Object.entries(current as Record<string, unknown>)) {
      ids.push(`${prefix}.${key}`);
      visit(`${prefix}.${key}`, child);
    }
  };
  visit(machineId, value);
  return ids;
}

/** The path of `steps` on `graph`; `hints` are words (outcome, `modifiedinput`, `addscontent`) naming guards. */
export function machinePath(
  graph: MachineGraph,
  steps: readonly MachineStep[],
  hints: readonly string[] = [],
): PathStep[] {
  const path: PathStep[] = [];
  let previous: string[] = [];
  for (const step of steps) {
    const active = activeStateIds(graph.machineId, step.value);
    const entered = active.filter((id) => !previous.includes(id));
    const edges = path.length === 0 ? [] : takenEdges(graph, previous, active, entered, step.eventType, hints);
    path.push({
      time: step.time,
      eventType: step.eventType,
      active,
      entered,
      edges,
      label: stepLabel(previous, active, path.length === 0),
    });
    previous = active;
  }
  return path;
}

function takenEdges(
  graph: MachineGraph,
  previous: readonly string[],
  active: readonly string[],
  entered: readonly string[],
  eventType: string,
  hints: readonly string[],
): number[] {
  const candidates: number[] = [];
  graph.edges.forEach((edge, index) => {
    const fromActive = edge.source === anySource || previous.includes(edge.source);
    const reaches =
      entered.length > 0 ? entered.includes(edge.target) : edge.source === edge.target && active.includes(edge.target);
    if (fromActive && reaches) candidates.push(index);
  });
  if (candidates.length <= 1) return candidates;
  const byEvent = candidates.filter((index) => edgeEventType(graph.edges[index]!) === eventType);
  const eventless = candidates.filter((index) => edgeEventType(graph.edges[index]!) === '');
  const matching = byEvent.length > 0 ? byEvent : eventless.length > 0 ? eventless : candidates;
  // Deepest targets first: entering `a.b` also enters `a`, but the transition drawn goes to `a.b`.
  const deepest = Math.max(...matching.map((index) => depth(graph.edges[index]!.target)));
  return pickByHints(
    graph,
    matching.filter((index) => depth(graph.edges[index]!.target) === deepest),
    hints,
  );
}

function pickByHints(graph: MachineGraph, candidates: number[], hints: readonly string[]): number[] {
  if (candidates.length <= 1) return candidates;
  for (const hint of hints) {
    const word = hint.toLowerCase();
    if (word === '') continue;
    const named = candidates.filter((index) => edgeGuard(graph.edges[index]!)?.toLowerCase().includes(word));
    if (named.length > 0) return [named[0]!];
  }
  const unguarded = candidates.filter((index) => edgeGuard(graph.edges[index]!) === undefined);
  return unguarded.length > 0 ? [unguarded[0]!] : [candidates[0]!];
}

/** The edge's raw event type; graphs written before it was recorded give it back from the label. */
export function edgeEventType(edge: MachineGraphEdge): string {
  if (edge.eventType !== undefined) return edge.eventType;
  const event = edge.label.replace(/ \[.*\]$/, '');
  if (event === 'always') return '';
  if (event.startsWith('done: ')) return `xstate.done.actor.${event.slice('done: '.length)}`;
  if (event.startsWith('error: ')) return `xstate.error.actor.${event.slice('error: '.length)}`;
  return event;
}

/** The edge's guard name, if any. */
export function edgeGuard(edge: MachineGraphEdge): string | undefined {
  if (edge.eventType !== undefined) return edge.guard;
  return /\[(.+)\]$/.exec(edge.label)?.[1];
}

function depth(id: string): number {
  return id.split('.').length;
}

function stepLabel(previous: readonly string[], active: readonly string[], first: boolean): string {
  const leaf = (ids: readonly string[]): string => {
    const leaves = ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`)));
    return leaves.map((id) => id.slice(id.indexOf('.') + 1)).join(' + ');
  };
  if (first || previous.length === 0) return leaf(active);
  const from = leaf(previous);
  const to = leaf(active);
  return from === to ? `${to} (stays)` : `${from} → ${to}`;
}
