/**
 * Model-based tests of the modelCall machine. `xstate/graph`'s TestModel walks the machine with
 * synthetic `xstate.done.actor.*` / `xstate.error.actor.*` / CANCEL events (one per hook or stream
 * outcome, tagged with a `kind`) and yields shortest paths that together take every transition. Each
 * path is then turned into a real setup — hook scripts that answer as the path's events say, a fake
 * streaming model, an abort at the right moment — and run through `runModelCall`; the real run must
 * pass through exactly the path's states and end with the matching outcome. A last test measures the
 * transitions the real runs took against the machine definition and fails below 100%.
 */
import { existsSync, readFileSync } from 'node:fs';
import { FunctionCallingConfigMode, GenerateContentResponse, type GenerateContentParameters } from '@google/genai';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type InspectionEvent } from 'xstate';
import { TestModel } from 'xstate/graph';
import { Config, runModelCall, type HooksSettings, type ModelCallOutput } from '../../src/index.js';
import { modelCallMachine } from '../../src/engine.js';
import { FakeContentGenerator, textTurn, type FakeTurn } from '../helpers/modelFakeGenerator.js';
import {
  ModelHookSandbox,
  commandGroup,
  modelHookConfig,
  processExists,
  recordedInputs,
  type ModelHook,
} from '../helpers/modelHooks.js';
import { TransitionRecorder } from '../helpers/modelTransitionCoverage.js';
import { waitFor } from '../helpers/waiting.js';

type StateName = 'beforeToolSelection' | 'beforeModel' | 'generating' | 'afterModel';
type StepEvent = AnyEventObject & { kind: string };

const invokeIds: Record<StateName, string> = {
  beforeToolSelection: 'beforeToolSelection',
  beforeModel: 'beforeModel',
  generating: 'generate',
  afterModel: 'afterModel',
};

function done(state: StateName, kind: string, output: unknown): StepEvent {
  return { type: `xstate.done.actor.${invokeIds[state]}`, output, kind };
}

function actorError(state: StateName, kind: string): StepEvent {
  return { type: `xstate.error.actor.${invokeIds[state]}`, error: new Error(kind), kind };
}

const cancel: StepEvent = { type: 'CANCEL', kind: 'cancel' };

function responseWithText(text: string): GenerateContentResponse {
  const response = new GenerateContentResponse();
  response.candidates = [{ index: 0, content: { role: 'model', parts: [{ text }] } }];
  return response;
}

/** The outcomes the model offers in each state; the real setup for each `kind` is in `applyStep`. */
const stepEvents: Record<StateName, StepEvent[]> = {
  beforeToolSelection: [
    done('beforeToolSelection', 'proceed', {}),
    done('beforeToolSelection', 'restrict', {
      toolConfig: {
        functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: ['read_file'] },
      },
    }),
    done('beforeToolSelection', 'stop', { stopped: true, stopReason: 'selection stop' }),
    actorError('beforeToolSelection', 'actorFails'),
    cancel,
  ],
  beforeModel: [
    done('beforeModel', 'proceed', { blocked: false }),
    done('beforeModel', 'modify', { blocked: false, modifiedRequest: { model: 'm', contents: [] } }),
    done('beforeModel', 'blockWithResponse', {
      blocked: true,
      reason: 'cached',
      syntheticResponse: responseWithText('synthetic'),
    }),
    done('beforeModel', 'blockEmpty', { blocked: true, reason: 'denied' }),
    done('beforeModel', 'stop', { blocked: true, stopped: true, stopReason: 'model stop' }),
    actorError('beforeModel', 'actorFails'),
    cancel,
  ],
  generating: [
    done('generating', 'stream', responseWithText('streamed answer')),
    actorError('generating', 'streamBreaks'),
    cancel,
  ],
  afterModel: [
    done('afterModel', 'proceed', { response: responseWithText('streamed answer') }),
    done('afterModel', 'modify', { response: responseWithText('rewritten') }),
    done('afterModel', 'stop', { response: responseWithText('after stop'), stopped: true, stopReason: 'after stop' }),
    done('afterModel', 'suppress', { response: responseWithText('streamed answer'), suppressDisplay: true }),
    actorError('afterModel', 'actorFails'),
    cancel,
  ],
};

/** The requirements each kind of step demonstrates, for the test titles. */
const requirementsOfStep: Record<string, string[]> = {
  'beforeToolSelection:proceed': ['HOOK-053'],
  'beforeToolSelection:restrict': ['HOOK-055', 'HOOK-140'],
  'beforeToolSelection:stop': ['HOOK-058'],
  'beforeModel:proceed': ['HOOK-033'],
  'beforeModel:modify': ['HOOK-038', 'HOOK-039', 'HOOK-139'],
  'beforeModel:blockWithResponse': ['HOOK-036', 'HOOK-138', 'HOOK-174'],
  'beforeModel:blockEmpty': ['HOOK-037', 'HOOK-202', 'HOOK-174'],
  'beforeModel:stop': ['HOOK-040'],
  'generating:stream': ['HOOK-050'],
  'generating:streamBreaks': ['HOOK-207'],
  'generating:cancel': ['HOOK-207'],
  'afterModel:proceed': ['HOOK-043', 'HOOK-172'],
  'afterModel:modify': ['HOOK-046', 'HOOK-047', 'HOOK-173'],
  'afterModel:stop': ['HOOK-048'],
  'afterModel:suppress': ['HOOK-049'],
};

const baseRequest: GenerateContentParameters = {
  model: 'model-under-test',
  contents: [{ role: 'user', parts: [{ text: 'summarise the repository' }] }],
  config: { tools: [{ functionDeclarations: [{ name: 'read_file' }, { name: 'write_file' }] }] },
};

interface PathStep {
  state: StateName;
  kind: string;
}

interface PlannedPath {
  steps: PathStep[];
  finalState: string;
}

function stateNameOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Shortest paths to a vertex per (state, source, event kind), each completed to a final state. */
function planPaths(): PlannedPath[] {
  const model = new TestModel(modelCallMachine, {
    input: { config: new Config(), generator: new FakeContentGenerator(), request: baseRequest },
    events: (snapshot: { value: unknown; status: string }): StepEvent[] =>
      snapshot.status === 'active' ? stepEvents[snapshot.value as StateName] : [],
    serializeState: (snapshot: { value: unknown }, event: AnyEventObject | undefined, previous?: { value: unknown }) =>
      JSON.stringify({
        value: snapshot.value,
        from: previous?.value ?? null,
        kind: (event as StepEvent | undefined)?.kind ?? null,
      }),
  } as never);
  const isFinal = (snapshot: { status: string }): boolean => snapshot.status === 'done';
  // A TestModel path's steps are (state reached, event that reached it), the first being the initial
  // state under `xstate.init`; a transition is a pair of consecutive steps.
  return model.getShortestPaths().map((path) => {
    let steps = path.steps;
    if (!isFinal(path.state)) {
      const tails = model.getShortestPaths({
        fromState: path.state,
        toState: (snapshot: { value: unknown }) => snapshot.value === 'done',
      } as never);
      const tail = tails.reduce((best, candidate) => (candidate.steps.length < best.steps.length ? candidate : best));
      steps = steps.concat(tail.steps.slice(1));
    }
    return {
      steps: steps.slice(1).map((step, index) => ({
        state: steps[index].state.value as StateName,
        kind: (step.event as StepEvent).kind,
      })),
      finalState: stateNameOf(steps[steps.length - 1].state.value),
    };
  });
}

const plannedPaths = planPaths();
const recorder = new TransitionRecorder(modelCallMachine);

/** What one real run needs, built from the path's steps. */
interface RealSetup {
  hooks: Record<
    'BeforeToolSelection' | 'BeforeModel' | 'AfterModel',
    { command: string; hook?: ModelHook; pidFile?: string }
  >;
  turn: FakeTurn;
  failingActors: Set<string>;
  cancelOnHookPid?: string;
  cancelOnStreamOpen: boolean;
  checks: Array<(output: ModelCallOutput, generator: FakeContentGenerator, records: string[]) => void>;
}

const hookEventOf: Partial<Record<StateName, 'BeforeToolSelection' | 'BeforeModel' | 'AfterModel'>> = {
  beforeToolSelection: 'BeforeToolSelection',
  beforeModel: 'BeforeModel',
  afterModel: 'AfterModel',
};

const actorOf: Record<StateName, string> = {
  beforeToolSelection: 'fireBeforeToolSelection',
  beforeModel: 'fireBeforeModel',
  generating: 'generateContent',
  afterModel: 'fireAfterModel',
};

function textOf(response: GenerateContentResponse | undefined): string {
  return (response?.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? '').join('');
}

function respondHook(sandbox: ModelHookSandbox, stdout: Record<string, unknown>): { command: string; hook: ModelHook } {
  const hook = sandbox.respond({ stdout });
  return { command: hook.command, hook };
}

function applyStep(sandbox: ModelHookSandbox, setup: RealSetup, step: PathStep): void {
  const { state, kind } = step;
  if (kind === 'actorFails') {
    setup.failingActors.add(actorOf[state]);
    setup.checks.push((_output, _generator, records) =>
      expect(records.some((message) => message.includes(`${hookEventOf[state]} hook could not run`))).toBe(true),
    );
    return;
  }
  const eventName = hookEventOf[state];
  if (kind === 'cancel') {
    if (eventName) {
      const hang = sandbox.hang();
      setup.hooks[eventName] = { command: hang.command, pidFile: hang.pidFile };
      setup.cancelOnHookPid = hang.pidFile;
    } else {
      setup.turn = { chunks: [], hang: true };
      setup.cancelOnStreamOpen = true;
    }
    return;
  }
  const answers: Record<string, Record<string, unknown>> = {
    'beforeToolSelection:proceed': {},
    'beforeToolSelection:restrict': {
      hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } },
    },
    'beforeToolSelection:stop': { continue: false, stopReason: 'selection stop' },
    'beforeModel:proceed': {},
    'beforeModel:modify': {
      hookSpecificOutput: {
        llm_request: {
          messages: [
            { role: 'user', content: 'summarise the repository' },
            { role: 'user', content: 'injected context' },
          ],
        },
      },
    },
    'beforeModel:blockWithResponse': {
      decision: 'block',
      reason: 'cached',
      hookSpecificOutput: { llm_response: { candidates: [{ content: { role: 'model', parts: ['synthetic'] } }] } },
    },
    'beforeModel:blockEmpty': { decision: 'block', reason: 'denied' },
    'beforeModel:stop': { continue: false, stopReason: 'model stop' },
    'afterModel:proceed': {},
    'afterModel:modify': {
      hookSpecificOutput: { llm_response: { candidates: [{ content: { role: 'model', parts: ['rewritten'] } }] } },
    },
    'afterModel:stop': { continue: false, stopReason: 'after stop' },
    'afterModel:suppress': { suppressOutput: true },
  };
  const key = `${state}:${kind}`;
  if (eventName) setup.hooks[eventName] = respondHook(sandbox, answers[key]);
  if (kind === 'stream') setup.turn = textTurn('streamed ', 'answer');
  if (kind === 'streamBreaks') setup.turn = { chunks: [], failWith: new Error('stream broke') };

  const checks: Record<string, RealSetup['checks'][number]> = {
    'beforeToolSelection:restrict': (output) =>
      expect(output.request.config?.toolConfig?.functionCallingConfig?.allowedFunctionNames).toEqual(['read_file']),
    'beforeToolSelection:stop': (output) => expect(output.stopReason).toBe('selection stop'),
    'beforeModel:modify': (_output, generator) =>
      expect(JSON.stringify(generator.requests[0]?.contents)).toContain('injected context'),
    'beforeModel:blockWithResponse': (output) => expect(textOf(output.response)).toBe('synthetic'),
    'beforeModel:blockEmpty': (output) => expect(output.response?.candidates?.[0].content?.parts).toEqual([]),
    'beforeModel:stop': (output) => expect(output.stopReason).toBe('model stop'),
    'generating:streamBreaks': (output) => expect(output.error?.message).toContain('stream broke'),
    'afterModel:proceed': (output) => expect(textOf(output.response)).toBe('streamed answer'),
    'afterModel:modify': (output) => expect(textOf(output.response)).toBe('rewritten'),
    'afterModel:stop': (output) => expect(output.stopReason).toBe('after stop'),
    'afterModel:suppress': (output) => expect(output.suppressDisplay).toBe(true),
  };
  if (checks[key]) setup.checks.push(checks[key]);
}

const outcomeOfFinalState: Record<string, ModelCallOutput['outcome']> = {
  done: 'completed',
  blocked: 'blocked',
  stopped: 'stopped',
  failed: 'failed',
  aborted: 'aborted',
};

function titleOf(path: PlannedPath): string {
  const ids = [...new Set(path.steps.flatMap((step) => requirementsOfStep[`${step.state}:${step.kind}`] ?? []))].sort();
  const route = path.steps.map((step) => `${step.state}:${step.kind}`).join(' → ');
  return `${ids.join(', ')}${ids.length > 0 ? ': ' : ''}${route} → ${path.finalState}`;
}

async function runPath(path: PlannedPath): Promise<void> {
  const sandbox = new ModelHookSandbox();
  try {
    const setup: RealSetup = {
      hooks: {
        BeforeToolSelection: respondHook(sandbox, {}),
        BeforeModel: respondHook(sandbox, {}),
        AfterModel: respondHook(sandbox, {}),
      },
      turn: textTurn('streamed ', 'answer'),
      failingActors: new Set(),
      cancelOnStreamOpen: false,
      checks: [],
    };
    for (const step of path.steps) applyStep(sandbox, setup, step);

    const hooks: HooksSettings = {};
    for (const [eventName, hook] of Object.entries(setup.hooks))
      hooks[eventName as keyof typeof setup.hooks] = commandGroup(hook.command);
    const { config, records } = modelHookConfig(hooks);
    const controller = new AbortController();
    const generator = new FakeContentGenerator([setup.turn], {
      onOpen: () => {
        if (setup.cancelOnStreamOpen) setImmediate(() => controller.abort());
      },
    });
    const failing = Object.fromEntries(
      [...setup.failingActors].map((name) => [name, fromPromise(() => Promise.reject(new Error(`${name} failed`)))]),
    );
    const machine =
      setup.failingActors.size > 0 ? modelCallMachine.provide({ actors: failing as never }) : modelCallMachine;
    const visited: string[] = [];
    const inspect = (event: InspectionEvent): void => {
      recorder.inspect(event);
      const actor = event.actorRef as unknown as { logic?: { id?: string } };
      if (event.type !== '@xstate.snapshot' || actor.logic?.id !== 'modelCall') return;
      const value = stateNameOf((event.snapshot as unknown as { value: unknown }).value);
      if (visited[visited.length - 1] !== value) visited.push(value);
    };

    const pending = runModelCall({
      config,
      generator,
      request: baseRequest,
      signal: controller.signal,
      inspect,
      machine,
    });
    if (setup.cancelOnHookPid) {
      const pidFile = setup.cancelOnHookPid;
      await waitFor(() => existsSync(pidFile), 'the hanging hook to start');
      controller.abort();
    }
    const output = await pending;

    expect(visited).toEqual([...path.steps.map((step) => step.state), path.finalState]);
    expect(output.outcome).toBe(outcomeOfFinalState[path.finalState]);
    // HOOK-174: a stream is opened exactly when the path generates.
    expect(generator.streamsOpened).toBe(path.steps.some((step) => step.state === 'generating') ? 1 : 0);
    // A hook script runs exactly when the path passes its state with an outcome a script produced;
    // AfterModel at most once per call (HOOK-172) and never after a broken or aborted stream (HOOK-207).
    for (const [state, eventName] of Object.entries(hookEventOf) as Array<[StateName, keyof RealSetup['hooks']]>) {
      const step = path.steps.find((candidate) => candidate.state === state);
      const hook = setup.hooks[eventName].hook;
      if (hook) expect(recordedInputs(hook)).toHaveLength(step && step.kind !== 'actorFails' ? 1 : 0);
    }
    const messages = records.map((record) => record.message);
    for (const check of setup.checks) check(output, generator, messages);
    if (setup.cancelOnHookPid) {
      const pid = Number(readFileSync(setup.cancelOnHookPid, 'utf8'));
      await waitFor(() => !processExists(pid), `cancelled hook process ${pid} to be gone`);
    }
  } finally {
    sandbox.cleanup();
  }
}

describe('modelCall machine: model-based paths run against real hook scripts', () => {
  it('the planner yields paths that end in every final state', () => {
    const finals = new Set(plannedPaths.map((path) => path.finalState));
    expect([...finals].sort()).toEqual(['aborted', 'blocked', 'done', 'failed', 'stopped']);
  });

  for (const path of plannedPaths) {
    it(titleOf(path), async () => {
      await runPath(path);
    });
  }

  afterAll(() => {
    // Reported here too, so a coverage gap is visible even when the coverage test itself was filtered out.
    const missing = recorder.missing();
    if (missing.length > 0) process.stderr.write(`modelCall transitions never taken:\n${missing.join('\n')}\n`);
  });

  it('the real runs took 100% of the modelCall transitions declared in the machine definition', () => {
    expect(recorder.missing()).toEqual([]);
    expect(recorder.coverage()).toBe(1);
  });
});
