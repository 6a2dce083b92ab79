/**
 * Diagrams of any XState machine, generated offline and deterministically (same definition, same
 * bytes): a mermaid `stateDiagram-v2`, an SVG laid out with dagre (see visualizeSvg.ts), and the
 * machine definition as JSON for import into Stately. Shared by `npm run visualize` and the CLI.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { graphToSvg } from './visualizeSvg.js';

/** A state of the diagram; `parent` is the compound state containing it. */
export interface DiagramNode {
  /** The state node's id (`toolCall.beforeHook`), unique within the machine. */
  id: string;
  /** The state's key (`beforeHook`). */
  label: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  parent?: string;
  /** The compound state's initial child, for its start marker. */
  initial?: string;
}

/** One transition of the diagram. A targetless transition is drawn as a loop on its source. */
export interface DiagramEdge {
  source: string;
  target: string;
  label: string;
}

/** The machine as nodes and edges, in definition order. Transitions of the root start at `ROOT_SOURCE`. */
export interface DiagramGraph {
  machineId: string;
  /** The root's initial child. */
  initial?: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

/** Pseudo-node id standing for "any state": the source of root-level transitions. */
export const ROOT_SOURCE = '*';

/** A generated file, relative to the output directory. */
export interface VisualizationFile {
  path: string;
  content: string;
}

/** Reads a machine's state nodes and transitions into a {@link DiagramGraph}. */
export function machineToGraph(machine: AnyStateMachine): DiagramGraph {
  const root = machine.root;
  const graph: DiagramGraph = { machineId: root.id, nodes: [], edges: [] };
  graph.initial = initialChildId(root);
  const visit = (node: AnyStateNode, parent: string | undefined): void => {
    for (const child of childrenOf(node)) {
      const diagramNode: DiagramNode = { id: child.id, label: child.key, kind: kindOf(child) };
      if (parent) diagramNode.parent = parent;
      const initial = initialChildId(child);
      if (initial) diagramNode.initial = initial;
      graph.nodes.push(diagramNode);
      visit(child, child.id);
    }
  };
  visit(root, undefined);
  const addEdges = (node: AnyStateNode): void => {
    const source = node === root ? ROOT_SOURCE : node.id;
    const transitions: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of transitions) {
      const label = transitionLabel(transition);
      const targets = transition.target?.length ? transition.target : [node];
      for (const target of targets) graph.edges.push({ source, target: target === root ? source : target.id, label });
    }
    for (const child of childrenOf(node)) addEdges(child);
  };
  addEdges(root);
  return graph;
}

/**
 * The label of a transition: the event (`START`; `done: beforeHook` / `error: beforeHook` for invoked
 * actors; `after 500ms`; `always`), then the guard in brackets.
 */
export function transitionLabel(transition: AnyTransitionDefinition): string {
  const eventType = transition.eventType;
  let event: string;
  if (eventType === '') event = 'always';
  else if (eventType.startsWith('xstate.done.actor.')) event = `done: ${eventType.slice('xstate.done.actor.'.length)}`;
  else if (eventType.startsWith('xstate.error.actor.')) event = `error: ${eventType.slice('xstate.error.actor.'.length)}`;
  else if (eventType.startsWith('xstate.done.state.')) event = `done: ${eventType.slice('xstate.done.state.'.length).split('.').pop()}`;
  else if (eventType.startsWith('xstate.after.')) event = `after ${eventType.slice('xstate.after.'.length).split('.')[0]}ms`;
  else event = eventType;
  const guard = guardName(transition.guard);
  return guard ? `${event} [${guard}]` : event;
}

/** A mermaid `stateDiagram-v2` of the machine. */
export function machineToMermaid(machine: AnyStateMachine): string {
  const graph = machineToGraph(machine);
  const ids = new Map(graph.nodes.map((node) => [node.id, mermaidId(graph.machineId, node.id)]));
  const lines = ['stateDiagram-v2'];
  const render = (parent: string | undefined, indent: string): void => {
    const initial = parent === undefined ? graph.initial : graph.nodes.find((node) => node.id === parent)?.initial;
    if (initial) lines.push(`${indent}[*] --> ${ids.get(initial)}`);
    for (const node of graph.nodes.filter((candidate) => candidate.parent === parent)) {
      const id = ids.get(node.id)!;
      if (id !== node.label) lines.push(`${indent}state "${node.label}" as ${id}`);
      if (node.kind === 'compound' || node.kind === 'parallel') {
        lines.push(`${indent}state ${id} {`);
        render(node.id, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (node.kind === 'final') lines.push(`${indent}${id} --> [*]`);
    }
  };
  render(undefined, '  ');
  if (graph.edges.some((edge) => edge.source === ROOT_SOURCE)) {
    lines.push('  state "any state" as any_state', '  class any_state anyState');
  }
  for (const edge of graph.edges) {
    const source = edge.source === ROOT_SOURCE ? 'any_state' : ids.get(edge.source);
    const target = edge.target === ROOT_SOURCE ? 'any_state' : ids.get(edge.target);
    // Mermaid ends a transition label at ";" and reads "#" as an entity; ":" is spelled as a space.
    lines.push(`  ${source} --> ${target} : ${edge.label.replace(/:\s*/g, ' ').replace(/[;#]/g, '')}`);
  }
  if (graph.edges.some((edge) => edge.source === ROOT_SOURCE)) lines.push('  classDef anyState stroke-dasharray:5 5');
  return `${lines.join('\n')}\n`;
}

/** The machine definition (`machine.toJSON()`) as stable, pretty-printed JSON for Stately's import. */
export function machineToStatelyJson(machine: AnyStateMachine): string {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(
    machine.toJSON(),
    (_key, value: unknown) => {
      if (typeof value === 'function') return undefined;
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return undefined;
        seen.add(value);
      }
      return value;
    },
    2,
  );
  return `${text}\n`;
}

/** An SVG of the machine: rounded states, labelled arrows, final states double-bordered. */
export function machineToSvg(machine: AnyStateMachine): string {
  return graphToSvg(machineToGraph(machine));
}

/**
 * Every file `npm run visualize` writes: `<name>.mmd`, `<name>.svg`, `<name>.json` per machine, and a
 * README.md embedding the SVGs. Names are sorted, so the output does not depend on argument order.
 */
export function generateVisualizations(machines: Record<string, AnyStateMachine>): VisualizationFile[] {
  const names = Object.keys(machines).sort();
  const files: VisualizationFile[] = [];
  for (const name of names) {
    const machine = machines[name]!;
    files.push({ path: `${name}.mmd`, content: machineToMermaid(machine) });
    files.push({ path: `${name}.svg`, content: machineToSvg(machine) });
    files.push({ path: `${name}.json`, content: machineToStatelyJson(machine) });
  }
  files.push({ path: 'README.md', content: visualizationsReadme(names, machines) });
  return files;
}

function visualizationsReadme(names: readonly string[], machines: Record<string, AnyStateMachine>): string {
  const sections = names.map((name) => {
    const graph = machineToGraph(machines[name]!);
    const states = graph.nodes.map((node) => `\`${node.label}\``).join(', ');
    return [
      `## ${name}`,
      '',
      `![${name} state machine](./${name}.svg)`,
      '',
      `States: ${states}. Transitions: ${graph.edges.length}.`,
      `Files: [\`${name}.mmd\`](./${name}.mmd) (mermaid), [\`${name}.svg\`](./${name}.svg), [\`${name}.json\`](./${name}.json) (Stately import).`,
      '',
    ].join('\n');
  });
  return [
    '# Machine diagrams',
    '',
    'Generated by `npm run visualize` from the machine definitions in `src/machines/`; do not edit by hand.',
    'A test fails when these files differ from what the current definitions generate.',
    'Edge labels: the event (`done: <actor>` / `error: <actor>` for an invoked actor finishing or failing),',
    'then the guard in brackets. Double-bordered states are final; "any state" stands for a root-level transition.',
    'To explore a machine interactively, import its `.json` (or the source file) into Stately (stately.ai).',
    '',
    ...sections,
  ].join('\n');
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function kindOf(node: AnyStateNode): DiagramNode['kind'] {
  if (node.type === 'final' || node.type === 'parallel' || node.type === 'history') return node.type;
  return node.type === 'compound' ? 'compound' : 'atomic';
}

function initialChildId(node: AnyStateNode): string | undefined {
  if (node.type !== 'compound') return undefined;
  return node.initial?.target?.[0]?.id;
}

function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guarded';
}

function mermaidId(machineId: string, nodeId: string): string {
  const relative = nodeId.startsWith(`${machineId}.`) ? nodeId.slice(machineId.length + 1) : nodeId;
  return relative.replace(/[^A-Za-z0-9_]/g, '_');
}
