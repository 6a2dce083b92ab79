/**
 * A machine definition read as a diagram: its states (with nesting and initial children) and its
 * transitions (each target an edge, labelled with event and guard), in definition order. Input to
 * the mermaid and SVG renderers.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

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
  /** The raw event type (`xstate.done.actor.beforeHook`, `START`; `''` for an eventless transition). */
  eventType?: string;
  /** The guard's name, when the transition has one. */
  guard?: string;
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
      const guard = guardName(transition.guard);
      const targets = transition.target?.length ? transition.target : [node];
      for (const target of targets) {
        const edge: DiagramEdge = {
          source,
          target: target === root ? source : target.id,
          label,
          eventType: transition.eventType,
        };
        if (guard) edge.guard = guard;
        graph.edges.push(edge);
      }
    }
    for (const child of childrenOf(node)) addEdges(child);
  };
  addEdges(root);
  return graph;
}

/**
 * The label of a transition: the event (`START`; `done: beforeHook` / `error: beforeHook` for invoked
 * actors; `after 500ms` or `after <named delay>`; `always`), then the guard in brackets.
 */
export function transitionLabel(transition: AnyTransitionDefinition): string {
  const eventType = transition.eventType;
  let event: string;
  if (eventType === '') event = 'always';
  else if (eventType.startsWith('xstate.done.actor.')) event = `done: ${eventType.slice('xstate.done.actor.'.length)}`;
  else if (eventType.startsWith('xstate.error.actor.'))
    event = `error: ${eventType.slice('xstate.error.actor.'.length)}`;
  else if (eventType.startsWith('xstate.done.state.'))
    event = `done: ${eventType.slice('xstate.done.state.'.length).split('.').pop()}`;
  else if (eventType.startsWith('xstate.after.')) {
    // A number is milliseconds; a named delay (`sessionEndTimeout`) is shown by its name.
    const delay = eventType.slice('xstate.after.'.length).split('.')[0] ?? '';
    event = /^\d+$/.test(delay) ? `after ${delay}ms` : `after ${delay}`;
  } else event = eventType;
  const guard = guardName(transition.guard);
  return guard ? `${event} [${guard}]` : event;
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
