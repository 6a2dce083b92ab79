/**
 * Model-based test of the session machine (xstate/graph, see test/helpers/sessionModel.ts). Each
 * selected path is replayed on a real session: real hook scripts (`sequence.sh`) answer SessionStart,
 * BeforeAgent, BeforeModel, BeforeTool, AfterAgent and SessionEnd as the path's steps say, a fake
 * streaming model and a test tool play the model and tool outcomes, prompts are aborted while a hook
 * hangs, and an actor that cannot run is swapped in with `.provide()`. The real session must pass
 * through exactly the path's states and end each prompt as the model says; together the real runs
 * must take 100% of the machine's transitions.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise, type InspectionEvent } from 'xstate';
import {
  Config,
  createAgentSession,
  DebugLogger,
  type AgentRunResult,
  type HooksSettings,
  type Tool,
} from '../../src/index.js';
import { sessionMachine } from '../../src/engine.js';
import {
  callModel,
  checkAnswer,
  checkPrompt,
  endSession,
  runToolBatch,
  startSession,
} from '../../src/machines/sessionActors.js';
import { compactHistory } from '../../src/machines/sessionCompaction.js';
import { enumerateTransitions, TransitionCoverage } from '../helpers/machineCoverage.js';
import { FakeContentGenerator, callsTurn, textTurn, type FakeTurn } from '../helpers/modelFakeGenerator.js';
import { waitFor } from '../helpers/waiting.js';
import { assertNoHookProcessesAlive } from '../helpers/processes.js';
import { hookGroup, sessionFixtureCommand, useSessionScratch } from '../helpers/sessionHooks.js';
import {
  BIG_OUTPUT,
  generateSessionPaths,
  MODEL_COMPACTION,
  MODEL_LIMITS,
  stopsEndSession,
  type SessionModelPath,
} from '../helpers/sessionModel.js';

const scratch = useSessionScratch();
const coverage = new TransitionCoverage();
const { all, selected } = generateSessionPaths();

type HookEvent =
  | 'SessionStart'
  | 'BeforeAgent'
  | 'BeforeModel'
  | 'BeforeTool'
  | 'AfterAgent'
  | 'PreCompress'
  | 'SessionEnd';

/** What each hook answers on its n-th run: a JSON object, or `hang` (abort the prompt once it runs). */
const hookAnswers: Record<string, [HookEvent, Record<string, unknown> | 'hang'] | undefined> = {
  'starting:plain': ['SessionStart', {}],
  'beforeAgent:proceed': ['BeforeAgent', {}],
  'beforeAgent:block': ['BeforeAgent', { decision: 'block', reason: 'blocked prompt' }],
  'beforeAgent:stop': ['BeforeAgent', { continue: false, stopReason: 'stop prompt' }],
  'beforeAgent:stopSession': ['BeforeAgent', { continue: false, stopReason: 'stop session' }],
  'beforeAgent:aborted': ['BeforeAgent', 'hang'],
  'turn.callingModel:answer': ['BeforeModel', {}],
  'turn.callingModel:calls': ['BeforeModel', {}],
  'turn.callingModel:failed': ['BeforeModel', {}],
  'turn.callingModel:aborted': ['BeforeModel', {}],
  'turn.callingModel:stopped': ['BeforeModel', { continue: false, stopReason: 'model stop' }],
  'turn.runningTools:ok': ['BeforeTool', {}],
  'turn.runningTools:big': ['BeforeTool', {}],
  'turn.runningTools:aborted': ['BeforeTool', {}],
  'turn.runningTools:stopped': ['BeforeTool', { continue: false, stopReason: 'tool stop' }],
  'stopCheck:allow': ['AfterAgent', {}],
  'stopCheck:continue': ['AfterAgent', { decision: 'block', reason: 'keep going' }],
  'stopCheck:stop': ['AfterAgent', { continue: false, stopReason: 'stop after' }],
  'stopCheck:stopSession': ['AfterAgent', { continue: false, stopReason: 'stop session after' }],
  'compacting:done': ['PreCompress', {}],
  'compacting:blocked': ['PreCompress', { decision: 'block', reason: 'keep history' }],
  'stopCheck:aborted': ['AfterAgent', 'hang'],
  'clearing:done': ['SessionEnd', {}],
  'clearing:timeout': ['SessionEnd', 'hang'],
  'ending:done': ['SessionEnd', {}],
  'ending:timeout': ['SessionEnd', 'hang'],
};

/** The actor each state invokes, for the `actorFails` steps. */
const actorOfState: Record<string, string> = {
  starting: 'fireSessionStart',
  beforeAgent: 'fireBeforeAgent',
  'turn.callingModel': 'callModel',
  'turn.runningTools': 'runToolBatch',
  stopCheck: 'fireAfterAgent',
  compacting: 'compactHistory',
  clearing: 'fireSessionEnd',
  ending: 'fireSessionEnd',
};

/** The real implementation behind each actor. */
const realActors: Record<string, (input: never, signal: AbortSignal) => Promise<unknown>> = {
  fireSessionStart: startSession,
  fireBeforeAgent: checkPrompt,
  callModel,
  runToolBatch,
  fireAfterAgent: checkAnswer,
  compactHistory,
  fireSessionEnd: endSession,
};

/** Real sessions, hooks, model turns, tool behaviours and failing invocations for one path. */
function realSetup(path: SessionModelPath) {
  const directories = new Map<HookEvent, { directory: string; runs: number }>();
  const hangs: Array<{ pidFile: string; abortsPrompt: boolean }> = [];
  const turns: FakeTurn[] = [];
  const abortOnOpen = new Set<number>();
  const toolBehaviours: Array<'ok' | 'big' | 'aborted'> = [];
  const invocations = new Map<string, number>();
  const failing = new Map<string, Set<number>>();
  const endDelays: number[] = [];

  for (const step of path.steps) {
    const key = `${step.state}:${step.kind}`;
    const actor = actorOfState[step.state];
    if (actor) {
      const count = (invocations.get(actor) ?? 0) + 1;
      invocations.set(actor, count);
      if (step.kind === 'actorFails') failing.set(actor, (failing.get(actor) ?? new Set()).add(count));
    }
    if (step.state === 'clearing' || step.state === 'ending') endDelays.push(step.kind === 'timeout' ? 300 : 20_000);
    const answer = hookAnswers[key];
    if (answer) {
      const [event, output] = answer;
      const entry = directories.get(event) ?? { directory: join(scratch.directory, event), runs: 0 };
      if (!directories.has(event)) mkdirSync(entry.directory, { recursive: true });
      directories.set(event, entry);
      entry.runs += 1;
      if (output === 'hang') {
        writeFileSync(join(entry.directory, `${entry.runs}.hang`), '');
        hangs.push({ pidFile: join(entry.directory, `${entry.runs}.pid`), abortsPrompt: event !== 'SessionEnd' });
      } else {
        writeFileSync(join(entry.directory, `${entry.runs}.json`), JSON.stringify(output));
      }
    }
    if (step.state === 'turn.callingModel') {
      if (step.kind === 'answer') turns.push(textTurn('answer'));
      if (step.kind === 'calls') turns.push(callsTurn([{ name: 'tool' }]));
      if (step.kind === 'failed') turns.push({ failOnOpen: new Error('model failed') });
      if (step.kind === 'aborted') {
        abortOnOpen.add(turns.length);
        turns.push({ chunks: [], hang: true });
      }
    }
    if (step.state === 'turn.runningTools' && (step.kind === 'ok' || step.kind === 'big' || step.kind === 'aborted'))
      toolBehaviours.push(step.kind);
  }
  const hooks: HooksSettings = {};
  for (const [event, { directory }] of directories)
    hooks[event] = hookGroup(sessionFixtureCommand('sequence.sh', directory));
  return { hooks, hangs, turns, abortOnOpen, toolBehaviours, failing, endDelays };
}

function providedMachine(failing: Map<string, Set<number>>, endDelays: number[], delaysUsed: { count: number }) {
  const counts = new Map<string, number>();
  const actors = Object.fromEntries(
    Object.entries(realActors).map(([name, run]) => [
      name,
      fromPromise(({ input, signal }: { input: never; signal: AbortSignal }) => {
        const count = (counts.get(name) ?? 0) + 1;
        counts.set(name, count);
        return failing.get(name)?.has(count) ? Promise.reject(new Error(`${name} could not run`)) : run(input, signal);
      }),
    ]),
  );
  return sessionMachine.provide({
    actors: actors as never,
    delays: {
      sessionEndTimeout: () => {
        delaysUsed.count += 1;
        return endDelays.shift() ?? 20_000;
      },
    },
  });
}

async function replay(path: SessionModelPath): Promise<void> {
  const setup = realSetup(path);
  let current = new AbortController();
  const delaysUsed = { count: 0 };
  const expectedDelays = setup.endDelays.length;
  let opened = 0;
  const generator = new FakeContentGenerator(setup.turns, {
    onOpen: () => {
      if (setup.abortOnOpen.has(opened)) setImmediate(() => current.abort());
      opened += 1;
    },
  });
  const tool: Tool = {
    name: 'tool',
    description: 'answers as the path says',
    async execute(_args, context) {
      const behaviour = setup.toolBehaviours.shift() ?? 'ok';
      if (behaviour === 'big') return { llmContent: BIG_OUTPUT, returnDisplay: 'big' };
      if (behaviour === 'ok') return { llmContent: 'small', returnDisplay: 'small' };
      setImmediate(() => current.abort());
      await new Promise<void>((resolve) =>
        context.signal.aborted ? resolve() : context.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      return { llmContent: 'aborted', returnDisplay: 'aborted', error: { message: 'aborted' } };
    },
  };
  const visited: string[] = [];
  const inspect = (event: unknown): void => {
    const inspection = event as InspectionEvent;
    coverage.listener(inspection);
    const logicId = (inspection.actorRef as { logic?: { id?: string } }).logic?.id;
    if (inspection.type !== '@xstate.snapshot' || logicId !== 'session') return;
    const value = (inspection.snapshot as unknown as { value: unknown }).value;
    const name =
      typeof value === 'string'
        ? value
        : Object.entries(value as Record<string, string>).map(([parent, child]) => `${parent}.${child}`)[0]!;
    if (visited.at(-1) !== name) visited.push(name);
  };
  const config = new Config({
    enableHooks: true,
    hooks: setup.hooks,
    workingDir: scratch.directory,
    logger: new DebugLogger('model', { sink: () => {} }),
  });
  const watchers = setup.hangs
    .filter((hang) => hang.abortsPrompt)
    .map((hang) =>
      waitFor(() => existsSync(hang.pidFile), `hook ${hang.pidFile} to start`, { timeoutMs: 60_000, intervalMs: 25 })
        .then(() => current.abort())
        .catch(() => undefined),
    );
  const session = createAgentSession({
    config,
    generator,
    tools: [tool],
    maxTurns: MODEL_LIMITS.maxTurns,
    maxContinuations: MODEL_LIMITS.maxContinuations,
    compaction: MODEL_COMPACTION,
    stopEndsSession: stopsEndSession(path),
    machine: providedMachine(setup.failing, setup.endDelays, delaysUsed),
    inspect,
    transcript: { directory: scratch.directory },
  });

  const results: AgentRunResult[] = [];
  for (const [index, step] of path.steps.entries()) {
    if (step.state !== 'idle') continue;
    if (step.kind === 'PROMPT') {
      current = new AbortController();
      results.push(await session.prompt('p', { signal: current.signal }));
    } else if (step.kind === 'COMPACT') {
      const report = await session.compact();
      if (path.steps[index + 1]?.kind === 'done')
        expect(report).toMatchObject({ trigger: 'manual', strategy: 'truncate' });
      else expect(report).toBeUndefined();
    } else if (step.kind === 'CLEAR') {
      await session.clear();
    } else {
      await session.end();
    }
  }
  await session.end();
  current.abort();
  await Promise.all(watchers);

  expect(visited).toEqual(path.states);
  expect(results.map((result) => result.status)).toEqual(path.statuses);
  expect(delaysUsed.count).toBe(expectedDelays);
}

describe('session machine: model-based paths replayed on real sessions with real hook scripts', () => {
  it('generates shortest paths to every vertex and a subset that takes the same transitions', () => {
    expect(all.length).toBeGreaterThan(selected.length);
    expect(new Set(selected.map((path) => path.states.at(-1)))).toEqual(new Set(['done']));
  });

  for (const path of selected) {
    it(`HOOK-203: ${path.description} (${path.statuses.join(', ') || 'no prompt'})`, async () => {
      await replay(path);
    });
  }

  afterAll(() => {
    const missing = coverage.missing(sessionMachine);
    if (missing.length > 0) process.stderr.write(`session transitions never taken:\n${missing.join('\n')}\n`);
  });

  it("the real runs took 100% of the session machine's transitions (guards, always and delayed ones included)", async () => {
    expect(enumerateTransitions(sessionMachine).length).toBeGreaterThanOrEqual(40);
    expect(coverage.missing(sessionMachine)).toEqual([]);
    expect(coverage.ratio(sessionMachine)).toBe(1);
    await assertNoHookProcessesAlive();
  });
});
