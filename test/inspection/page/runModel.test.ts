/**
 * The report's view of a run, from the recorded demo (test/fixtures/inspection): calls with their
 * outcomes, paths and hooks; the blocked call's path read onto the toolCall diagram; a file of
 * XState records only (an old file) still giving every call; the summary.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectMachineGraphs } from '../../../src/diagrams/projectMachines.js';
import { pathHints } from '../../../src/inspection/page/callDetails.js';
import { activeStateIds, machinePath } from '../../../src/inspection/page/machinePath.js';
import { buildRunModel } from '../../../src/inspection/page/runModel.js';
import { summarizeRun } from '../../../src/inspection/page/runSummary.js';
import { parseInspectionFile } from '../../../src/inspection/report.js';

function fixture(name: string): ReturnType<typeof parseInspectionFile> {
  const file = new URL(`../../fixtures/inspection/${name}`, import.meta.url);
  return parseInspectionFile(readFileSync(file, 'utf8'), name);
}

const graphs = projectMachineGraphs();

describe('the run model', () => {
  it('the demo gives three turns: each model call, then its tool call, with outcomes blocked, success (rewritten), stopped', () => {
    const model = buildRunModel(fixture('demo-run.jsonl').records);
    expect(model.calls.map((call) => `${call.turn}:${call.kind}:${call.outcome}`)).toEqual([
      '1:model:completed',
      '1:tool:blocked',
      '2:model:completed',
      '2:tool:success',
      '3:model:completed',
      '3:tool:stopped',
    ]);
    const [blocked, deploy, tests] = model.calls.filter((call) => call.kind === 'tool');
    expect(blocked!.hooks.map((hook) => `${hook.hookName}:${hook.decision}`)).toEqual([
      'block-destructive:deny',
      'add-dry-run:none',
    ]);
    expect(blocked!.steps.map((step) => step.value)).toEqual(['idle', 'beforeHook', 'buffered', 'published']);
    expect(deploy!.requestedArgs).toMatchObject({ command: 'sh examples/bin/deploy.sh' });
    expect(deploy!.args).toMatchObject({ command: 'sh examples/bin/deploy.sh --dry-run' });
    expect(tests!.stopReason).toContain('Tests failed');
    expect(model.machineRuns.map((run) => run.machineId).sort()).toEqual(['scheduler', 'session']);
    expect(model.session.map((record) => record.event)).toEqual([
      'prompt',
      'start',
      'turn',
      'turn',
      'turn',
      'stop',
      'done',
      'end',
    ]);
    expect(model.finished).toBe(true);
    expect(model.header?.machines['toolCall']).toBeDefined();
  });

  it('the blocked call took beforeHook → buffered on its blocked guard, not the stop guard; the rewritten call went on to executing', () => {
    const model = buildRunModel(fixture('demo-run.jsonl').records);
    const [blocked, deploy] = model.calls.filter((call) => call.kind === 'tool');
    const graph = graphs['toolCall']!;
    const blockedPath = machinePath(graph, blocked!.steps, pathHints(blocked!));
    expect(blockedPath.map((step) => step.label)).toEqual([
      'idle',
      'idle → beforeHook',
      'beforeHook → buffered',
      'buffered → published',
    ]);
    const taken = graph.edges[blockedPath[2]!.edges[0]!]!;
    expect(taken).toMatchObject({
      source: 'toolCall.beforeHook',
      target: 'toolCall.buffered',
      guard: 'beforeHookBlocked',
    });
    const deployPath = machinePath(graph, deploy!.steps, pathHints(deploy!));
    const rewrite = graph.edges[deployPath[2]!.edges[0]!]!;
    expect(rewrite).toMatchObject({
      source: 'toolCall.beforeHook',
      target: 'toolCall.executing',
      eventType: 'xstate.done.actor.beforeHook',
    });
  });

  it('a file of XState records only (written before hookrail records) still gives every call with its path', () => {
    const model = buildRunModel(fixture('xstate-only-run.jsonl').records);
    expect(model.calls.filter((call) => call.kind === 'tool')).toHaveLength(3);
    expect(model.calls.filter((call) => call.kind === 'model').map((call) => call.outcome)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    const first = model.calls.find((call) => call.kind === 'tool')!;
    expect(first.name).toMatch(/^toolCall x:\d+$/);
    expect(first.outcome).toBe('unknown');
    expect(first.steps.map((step) => step.value)).toEqual(['idle', 'beforeHook', 'buffered', 'published']);
    expect(model.hooks).toEqual([]);
  });

  it('the summary counts calls by outcome and hooks by time spent, most first', () => {
    const summary = summarizeRun(buildRunModel(fixture('demo-run.jsonl').records));
    expect(summary.toolOutcomes).toEqual({ blocked: 1, success: 1, stopped: 1 });
    expect(summary.modelOutcomes).toEqual({ completed: 3 });
    expect(summary.hookCount).toBe(8);
    const totals = summary.hookTotals.map((total) => total.totalMs);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(summary.hookTotals.find((total) => total.hookName === 'stop-on-test-failure')?.decisions).toEqual({
      none: 1,
      stop: 1,
    });
  });

  it('state values map to the diagram state ids they activate, nested and parallel', () => {
    expect(activeStateIds('toolCall', 'beforeHook')).toEqual(['toolCall.beforeHook']);
    expect(activeStateIds('session', { turn: 'modelCall' })).toEqual(['session.turn', 'session.turn.modelCall']);
    expect(activeStateIds('m', { a: 'x', b: { c: 'y' } })).toEqual(['m.a', 'm.a.x', 'm.b', 'm.b.c', 'm.b.c.y']);
  });
});
