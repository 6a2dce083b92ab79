/**
 * The diagrams: committed files in visualizations/ must equal what the current machine definitions
 * generate; generation is deterministic, offline, and works for any machine (nested, parallel,
 * root-level, delayed and eventless transitions).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assign, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { schedulerMachine } from '../../src/machines/scheduler.machine.js';
import { toolCallMachine } from '../../src/machines/toolCall.machine.js';
import {
  generateVisualizations,
  machineToGraph,
  machineToMermaid,
  machineToStatelyJson,
  machineToSvg,
  projectMachines,
  writeVisualizations,
} from '../../src/diagrams/visualize.js';
import { graphToSvg } from '../../src/diagrams/visualizeSvg.js';
import { enumerateTransitions } from '../helpers/machineCoverage.js';

const visualizationsDirectory = fileURLToPath(new URL('../../visualizations/', import.meta.url));

/** A machine with every construct the renderers must handle. */
const nestedMachine = setup({
  types: {} as { context: { count: number }; events: { type: 'GO' } | { type: 'RESET' } | { type: 'TICK' } },
  guards: { isPositive: ({ context }) => context.count > 0 },
  actions: { increment: assign({ count: ({ context }) => context.count + 1 }) },
}).createMachine({
  id: 'nested',
  initial: 'outer',
  context: { count: 0 },
  on: { RESET: '.finished' },
  states: {
    outer: {
      initial: 'first',
      states: {
        first: { on: { GO: 'second', TICK: { actions: 'increment' } } },
        second: { after: { 500: 'first' }, always: { guard: 'isPositive', target: '#nested.both' } },
      },
    },
    both: {
      type: 'parallel',
      states: {
        left: { initial: 'waiting', states: { waiting: {} } },
        right: { initial: 'waiting', states: { waiting: { on: { GO: '#nested.finished' } } } },
      },
    },
    finished: { type: 'final' },
  },
});

describe('visualizations', () => {
  it('the committed visualizations/ files equal what the current machine definitions generate', () => {
    const generated = generateVisualizations({ ...projectMachines });
    const committed = readdirSync(visualizationsDirectory).sort();
    expect(committed).toEqual(generated.map((file) => file.path).sort());
    for (const file of generated) {
      expect(
        readFileSync(join(visualizationsDirectory, file.path), 'utf8'),
        `${file.path} is stale: run npm run visualize`,
      ).toBe(file.content);
    }
  });

  it('generation is deterministic and independent of the order machines are given in', () => {
    const first = generateVisualizations({ toolCall: toolCallMachine, scheduler: schedulerMachine });
    const second = generateVisualizations({ scheduler: schedulerMachine, toolCall: toolCallMachine });
    expect(second).toEqual(first);
  });

  it('the toolCall mermaid diagram holds the transition table in docs/architecture.md', () => {
    const mermaid = machineToMermaid(toolCallMachine);
    for (const line of [
      '[*] --> idle',
      'beforeHook --> buffered : done beforeHook [beforeHookBlocked]',
      'beforeHook --> buffered : done beforeHook [beforeHookStopped]',
      'beforeHook --> executing : done beforeHook',
      // BeforeHook ask → asking → executing or buffered (blocked).
      'beforeHook --> asking : done beforeHook [beforeHookAsked]',
      'asking --> executing : done askUser',
      'asking --> buffered : done askUser [askDenied]',
      'executing --> afterHook : done executeTool',
      'executing --> buffered : done executeTool [hooksSkipped]',
      'afterHook --> buffered : done afterHook [afterHookStopped]',
      'afterHook --> buffered : done afterHook',
      'buffered --> published : PUBLISH',
      'published --> [*]',
      'cancelled --> [*]',
    ]) {
      expect(mermaid).toContain(`  ${line}\n`);
    }
    for (const state of ['idle', 'beforeHook', 'asking', 'executing', 'afterHook', 'buffered']) {
      expect(mermaid).toContain(`  ${state} --> cancelled : CANCEL\n`);
    }
  });

  it('draws one edge per transition target of the definition', () => {
    for (const machine of [toolCallMachine, schedulerMachine]) {
      expect(machineToGraph(machine).edges).toHaveLength(enumerateTransitions(machine).length);
    }
  });

  it('renders any machine: nested, parallel, root-level, delayed, eventless and targetless transitions', () => {
    const mermaid = machineToMermaid(nestedMachine);
    expect(mermaid).toContain('  state outer {\n');
    expect(mermaid).toContain('    [*] --> outer_first\n');
    expect(mermaid).toContain('  state both {\n');
    expect(mermaid).toContain('  any_state --> finished : RESET\n');
    expect(mermaid).toContain('  outer_second --> outer_first : after 500ms\n');
    expect(mermaid).toContain('  outer_second --> both : always [isPositive]\n');
    expect(mermaid).toContain('  outer_first --> outer_first : TICK\n');
    const svg = machineToSvg(nestedMachine);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    for (const text of ['outer', 'both', 'any state', 'after 500ms', '[isPositive]', 'RESET'])
      expect(svg).toContain(`>${text}<`);
  });

  it('the SVG marks final states with a double border and labels every edge', () => {
    const svg = machineToSvg(toolCallMachine);
    const doubleBorders = svg.match(/stroke="#047857" stroke-width="1\.2"/g) ?? [];
    expect(doubleBorders).toHaveLength(2);
    expect(svg).toContain('>[beforeHookBlocked]<');
    expect(svg).toContain('>PUBLISH<');
    expect((svg.match(/marker-end="url\(#arrow\)"/g) ?? []).length).toBe(
      enumerateTransitions(toolCallMachine).length + 1,
    );
  });

  it('each edge keeps its raw event type and guard, so a recorded snapshot can be matched to the transition taken', () => {
    const edges = machineToGraph(toolCallMachine).edges;
    const blocked = edges.find((edge) => edge.guard === 'beforeHookBlocked');
    expect(blocked).toMatchObject({
      source: 'toolCall.beforeHook',
      target: 'toolCall.buffered',
      eventType: 'xstate.done.actor.beforeHook',
    });
    expect(edges.find((edge) => edge.label === 'PUBLISH')).toEqual({
      source: 'toolCall.buffered',
      target: 'toolCall.published',
      label: 'PUBLISH',
      eventType: 'PUBLISH',
    });
    expect(machineToGraph(nestedMachine).edges.find((edge) => edge.label === 'always [isPositive]')?.eventType).toBe(
      '',
    );
  });

  it('the interactive SVG marks every state and every transition for the report page, and is the plain SVG otherwise', () => {
    const graph = machineToGraph(toolCallMachine);
    const interactive = graphToSvg(graph, { interactive: true });
    for (const node of graph.nodes) expect(interactive).toContain(`data-state="${node.id}"`);
    graph.edges.forEach((edge, index) => {
      expect(interactive).toContain(
        `<path data-edge="${index}" data-source="${edge.source}" data-target="${edge.target}"`,
      );
      expect(interactive).toContain(`<g class="transition-label" data-edge="${index}"`);
    });
    expect(graphToSvg(graph)).toBe(machineToSvg(toolCallMachine));
    expect(machineToSvg(toolCallMachine)).not.toContain('data-');
    // Compound states (clusters) get their mark too, and every attribute stays well-formed.
    const nested = graphToSvg(machineToGraph(nestedMachine), { interactive: true });
    expect(nested).toContain('<rect data-state="nested.outer" x="');
    for (const svg of [nested, machineToSvg(nestedMachine)]) expect(svg).not.toMatch(/=""|"[^"\s=>/]+="[^"]*"[^\s/>]/);
  });

  it('the Stately JSON is the machine definition, without functions', () => {
    const json = JSON.parse(machineToStatelyJson(toolCallMachine)) as {
      id: string;
      states: Record<string, { on?: Record<string, unknown> }>;
    };
    expect(json.id).toBe('toolCall');
    expect(Object.keys(json.states)).toEqual([
      'idle',
      'beforeHook',
      'asking',
      'executing',
      'afterHook',
      'buffered',
      'published',
      'cancelled',
    ]);
    expect(Object.keys(json.states['buffered']!.on ?? {})).toEqual(['PUBLISH', 'CANCEL']);
  });

  it('the Stately JSON keeps every transition with its actions: shared action objects and eventless transitions too', () => {
    type JsonTransition = { eventType?: string; actions?: unknown[] };
    type JsonNode = { transitions?: JsonTransition[]; always?: JsonTransition[]; states?: Record<string, JsonNode> };
    type LiveNode = {
      transitions: Map<string, Array<{ actions: unknown[] }>>;
      always?: Array<{ actions: unknown[] }>;
      states: Record<string, LiveNode>;
    };
    const count = (json: JsonNode, live: LiveNode): { jsonActions: number; liveActions: number; always: number } => {
      let jsonActions = [...(json.transitions ?? []), ...(json.always ?? [])].reduce(
        (sum, transition) => sum + (transition.actions?.length ?? 0),
        0,
      );
      let liveActions = [...[...live.transitions.values()].flat(), ...(live.always ?? [])].reduce(
        (sum, transition) => sum + transition.actions.length,
        0,
      );
      let always = json.always?.length ?? 0;
      for (const [key, child] of Object.entries(live.states)) {
        const nested = count(json.states?.[key] ?? {}, child);
        jsonActions += nested.jsonActions;
        liveActions += nested.liveActions;
        always += nested.always;
      }
      return { jsonActions, liveActions, always };
    };
    for (const machine of [schedulerMachine, toolCallMachine]) {
      const json = JSON.parse(machineToStatelyJson(machine)) as JsonNode;
      const counted = count(json, machine.root as unknown as LiveNode);
      expect(counted.liveActions).toBeGreaterThan(0);
      expect(counted.jsonActions).toBe(counted.liveActions);
    }
    // The scheduler finishes a batch through eventless transitions, which XState's toJSON() leaves out.
    const schedulerJson = machineToStatelyJson(schedulerMachine);
    expect(count(JSON.parse(schedulerJson) as JsonNode, schedulerMachine.root as unknown as LiveNode).always).toBe(3);
    expect(schedulerJson).toContain('"finishBatch"');
  });

  it('writeVisualizations writes every generated file and reports the paths', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'hookrail-visualize-'));
    try {
      const written = await writeVisualizations({
        outDir: join(directory, 'out'),
        machines: { nested: nestedMachine },
      });
      expect(written.map((path) => path.slice(directory.length + 5)).sort()).toEqual([
        'README.md',
        'nested.json',
        'nested.mmd',
        'nested.svg',
      ]);
      expect(readFileSync(join(directory, 'out', 'nested.mmd'), 'utf8')).toBe(machineToMermaid(nestedMachine));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
