/**
 * Transition coverage of an XState machine, measured on real runs: every transition the machine
 * definition declares (each guarded branch of an invoke's onDone/onError, each `on` handler; a
 * transition declared on an ancestor counts once per atomic state it can leave from), against the
 * transitions the running actors actually took, read from `@xstate.microstep` inspection events.
 */
import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';

interface StateNodeView {
  id: string;
  key: string;
  type: string;
  parent?: StateNodeView;
  states: Record<string, StateNodeView>;
  transitions: Map<string, AnyTransitionDefinition[]>;
}

/** A transition's stable key: `<atomic source> --<event>[<declaring node>#<branch>]--> <targets>`. */
export function transitionKey(sourceId: string, definition: AnyTransitionDefinition): string {
  const declaringNode = definition.source as unknown as StateNodeView;
  const branches = declaringNode.transitions.get(definition.eventType) ?? [];
  const branch = branches.indexOf(definition);
  const targets =
    (definition.target ?? []).map((target) => (target as unknown as StateNodeView).id).join(',') || '(none)';
  return `${sourceId} --${definition.eventType}[${declaringNode.id}#${branch}]--> ${targets}`;
}

function atomicStates(node: StateNodeView): StateNodeView[] {
  const children = Object.values(node.states);
  if (children.length === 0) return [node];
  return children.flatMap(atomicStates);
}

/** Every transition key of the machine's definition. */
export function declaredTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const state of atomicStates(machine.root as unknown as StateNodeView)) {
    if (state.type === 'final') continue;
    const handledBelow = new Set<string>();
    for (let node: StateNodeView | undefined = state; node; node = node.parent) {
      for (const [eventType, definitions] of node.transitions) {
        // A handler on an ancestor is shadowed for this state when a nearer node handles the event.
        if (handledBelow.has(eventType)) continue;
        for (const definition of definitions) keys.push(transitionKey(state.id, definition));
      }
      for (const eventType of node.transitions.keys()) handledBelow.add(eventType);
    }
  }
  return keys.sort();
}

/** Collects the transitions taken by the actors of one machine (by machine id) across many runs. */
export class TransitionRecorder {
  readonly taken = new Set<string>();
  private readonly currentState = new Map<string, string>();

  constructor(private readonly machine: AnyStateMachine) {}

  /** An `inspect` callback; pass it to every actor whose transitions count. */
  readonly inspect = (event: InspectionEvent): void => {
    const actorRef = event.actorRef as unknown as { sessionId: string; logic?: { id?: string } };
    if (actorRef.logic?.id !== this.machine.id) return;
    if (event.type === '@xstate.actor') {
      this.currentState.set(actorRef.sessionId, this.initialStateId());
      return;
    }
    if (event.type !== '@xstate.microstep') return;
    const source = this.currentState.get(actorRef.sessionId);
    for (const definition of event._transitions) {
      if (source !== undefined) this.taken.add(transitionKey(source, definition));
    }
    this.currentState.set(actorRef.sessionId, this.stateIdOf(event.snapshot));
  };

  /** Declared transitions no run has taken, sorted. */
  missing(): string[] {
    return declaredTransitions(this.machine).filter((key) => !this.taken.has(key));
  }

  /** Covered share of the declared transitions, 0..1. */
  coverage(): number {
    const declared = declaredTransitions(this.machine);
    return declared.filter((key) => this.taken.has(key)).length / declared.length;
  }

  private initialStateId(): string {
    const root = this.machine.root as unknown as { initial?: { target?: StateNodeView[] } };
    return root.initial?.target?.[0]?.id ?? this.machine.id;
  }

  private stateIdOf(snapshot: unknown): string {
    const nodes = (snapshot as { _nodes: StateNodeView[] })._nodes;
    const atomic = nodes.filter((node) => Object.keys(node.states).length === 0);
    return atomic.map((node) => node.id).join(',');
  }
}
