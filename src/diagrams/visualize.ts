/**
 * Diagrams of any XState machine, generated offline and deterministically (same definition, same
 * bytes): a mermaid `stateDiagram-v2`, an SVG laid out with dagre (see visualizeSvg.ts), and the
 * machine definition as JSON for import into Stately. Shared by `npm run visualize` and the CLI.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { machineToGraph, ROOT_SOURCE } from './diagramGraph.js';
import { projectMachines } from './projectMachines.js';
import { graphToSvg } from './visualizeSvg.js';

export { machineToGraph, transitionLabel, ROOT_SOURCE } from './diagramGraph.js';
export type { DiagramGraph, DiagramNode, DiagramEdge } from './diagramGraph.js';

export { projectMachines, projectMachineGraphs } from './projectMachines.js';

/** Options of {@link writeVisualizations}. */
export interface WriteVisualizationsOptions {
  /** Directory to write into; created when missing. */
  outDir: string;
  /** Default: {@link projectMachines}. */
  machines?: Record<string, AnyStateMachine>;
}

/** Writes {@link generateVisualizations}' files into `outDir`; returns the paths written. */
export async function writeVisualizations(options: WriteVisualizationsOptions): Promise<string[]> {
  const files = generateVisualizations(options.machines ?? { ...projectMachines });
  await mkdir(options.outDir, { recursive: true });
  const written: string[] = [];
  for (const file of files) {
    const path = join(options.outDir, file.path);
    await writeFile(path, file.content);
    written.push(path);
  }
  return written;
}

/** A generated file, relative to the output directory. */
export interface VisualizationFile {
  path: string;
  content: string;
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
  const definition = toPlainJson(machine.toJSON(), []) as JsonStateNode;
  addEventlessTransitions(definition, machine.root);
  return `${JSON.stringify(definition, undefined, 2)}\n`;
}

type JsonStateNode = { states?: Record<string, JsonStateNode>; always?: unknown[] };
type EventlessSource = { always?: unknown[]; states: Record<string, EventlessSource> };

/** XState's `toJSON()` leaves out eventless (`always`) transitions; Stately's import needs them. */
function addEventlessTransitions(json: JsonStateNode, stateNode: EventlessSource): void {
  if (stateNode.always && stateNode.always.length > 0) json.always = toPlainJson(stateNode.always, []) as unknown[];
  for (const [key, child] of Object.entries(stateNode.states)) {
    const childJson = json.states?.[key];
    if (childJson) addEventlessTransitions(childJson, child);
  }
}

/**
 * A JSON-safe copy: functions dropped, and a reference back to an enclosing object (a cycle) dropped.
 * Only the ancestors count, so an object shared by several transitions (one action used by three
 * states) is written at every place it is used.
 */
function toPlainJson(input: unknown, ancestors: object[]): unknown {
  // As JSON.stringify does: a transition's toJSON() names its source by id instead of embedding the state node.
  const value =
    typeof (input as { toJSON?: unknown } | null)?.toJSON === 'function'
      ? (input as { toJSON(): unknown }).toJSON()
      : input;
  if (typeof value === 'function') return undefined;
  if (typeof value !== 'object' || value === null) return value;
  if (ancestors.includes(value)) return undefined;
  const path = [...ancestors, value];
  if (Array.isArray(value)) return value.map((item) => toPlainJson(item, path) ?? null);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const converted = toPlainJson(item, path);
    if (converted !== undefined) copy[key] = converted;
  }
  return copy;
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
      '<details><summary>Mermaid source</summary>',
      '',
      '```mermaid',
      machineToMermaid(machines[name]!).trimEnd(),
      '```',
      '',
      '</details>',
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

function mermaidId(machineId: string, nodeId: string): string {
  const relative = nodeId.startsWith(`${machineId}.`) ? nodeId.slice(machineId.length + 1) : nodeId;
  return relative.replace(/[^A-Za-z0-9_]/g, '_');
}
