/**
 * The project's machines by name: what `npm run visualize` draws, and the graphs a recorded run's
 * header carries so its report can draw every machine's path. No layout library here: reading a
 * machine into a graph needs only XState.
 */
import type { AnyStateMachine } from 'xstate';
import { modelCallMachine } from '../machines/modelCall.machine.js';
import { schedulerMachine } from '../machines/scheduler.machine.js';
import { sessionMachine } from '../machines/session.machine.js';
import { toolCallMachine } from '../machines/toolCall.machine.js';
import { machineToGraph, type DiagramGraph } from './diagramGraph.js';

/** The project's machines, by the file name their diagrams get. */
export const projectMachines: Readonly<Record<string, AnyStateMachine>> = {
  toolCall: toolCallMachine,
  scheduler: schedulerMachine,
  modelCall: modelCallMachine,
  session: sessionMachine,
};

/** The graph of every project machine, keyed by machine id (what XState records name as `machineId`). */
export function projectMachineGraphs(): Record<string, DiagramGraph> {
  const graphs: Record<string, DiagramGraph> = {};
  for (const machine of Object.values(projectMachines)) {
    const graph = machineToGraph(machine);
    graphs[graph.machineId] = graph;
  }
  return graphs;
}
