/**
 * Transition coverage of XState machines: every transition of a machine definition (each candidate of
 * each event of each state node, root-level `on`, invoke onDone/onError branches, `always`) gets a
 * stable key, and a recorder collects the keys of the transitions real actors took, from the
 * `@xstate.microstep` inspection events.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/** `<state node id> | <event type or "always"> | <candidate index> -> <targets>` */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const isAlways = transition.eventType === '';
  const candidates: readonly AnyTransitionDefinition[] = isAlways
    ? (source.always ?? [])
    : (source.transitions.get(transition.eventType) ?? []);
  const index = candidates.indexOf(transition);
  const targets = (transition.target ?? []).map((target) => target.id).join(',') || '(internal)';
  const guard = describeGuard(transition.guard);
  return `${source.id} | ${isAlways ? 'always' : transition.eventType} | ${index}${guard ? ` [${guard}]` : ''} -> ${targets}`;
}

/** Every transition of the machine's definition, as {@link transitionKey}s, sorted. */
export function enumerateTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateNode): void => {
    for (const candidates of node.transitions.values()) {
      for (const transition of candidates) keys.push(transitionKey(transition));
    }
    for (const transition of node.always ?? []) keys.push(transitionKey(transition));
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return keys.sort();
}

/** Collects the transitions real actors take; pass `listener` as (part of) an actor's `inspect`. */
export class TransitionCoverage {
  readonly covered = new Set<string>();

  readonly listener = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions) this.covered.add(transitionKey(transition));
  };

  /** The machine's transitions no recorded actor took. */
  missing(machine: AnyStateMachine): string[] {
    return enumerateTransitions(machine).filter((key) => !this.covered.has(key));
  }

  /** Covered share of the machine's transitions, 0..1. */
  ratio(machine: AnyStateMachine): number {
    const all = enumerateTransitions(machine);
    return all.length === 0 ? 1 : all.filter((key) => this.covered.has(key)).length / all.length;
  }
}

function describeGuard(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}
