/**
 * The model-based test of the toolCall machine. The machine itself is the model: xstate/graph's
 * TestModel traverses it with synthetic events (START, CANCEL, PUBLISH and the invoked actors'
 * `xstate.done.actor.*` / `xstate.error.actor.*` events, each carrying the output a real hook or tool
 * produces). Each generated path is then replayed against a real toolCall actor: the path's events
 * decide what the real hook script (`scripted-hook.mjs`) and the test tool do, the real actor runs
 * them as real processes, and every step checks that the real actor entered the same state with the
 * same context (arguments, result, outcome, stop reason) as the model.
 */
import {
  createActor,
  fromPromise,
  initialTransition,
  transition,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import { expect } from 'vitest';
import { DefaultHookOutput, type ToolResult } from '../../src/index.js';
import { BeforeToolHookOutput } from '../../src/engine.js';
import type { Config } from '../../src/hooks/engine/config.js';
import { toolCallMachine, type ToolCallInput } from '../../src/machines/toolCall.machine.js';
import type { ExecuteToolActorInput } from '../../src/machines/toolCallActors.js';
import { createToolErrorResult } from '../../src/hooks/protocol/toolHookEffects.js';
import { decideAfterTool, type AfterToolDecision } from '../../src/hooks/protocol/afterToolDecision.js';
import { decideBeforeTool, type BeforeToolDecision } from '../../src/hooks/protocol/beforeToolDecision.js';
import {
  askUserFailure,
  decideAskAnswer,
  decidePermissionRequestAnswer,
  failedAnswer,
  type AskStepResult,
  type SettledAnswer,
} from '../../src/hooks/triggers/askUserStep.js';
import type {
  AfterToolActorInput,
  AskUserActorInput,
  BeforeToolActorInput,
} from '../../src/machines/toolCall.machine.js';
import { isProcessAlive } from './processes.js';
import {
  type MachineScratch,
  recordingTool,
  scriptedHookCommand,
  type AfterBehaviour,
  type AskAnswerBehaviour,
  type BeforeBehaviour,
  type HookScenario,
  type ToolBehaviour,
  type scriptedAskUser,
} from './machineScenario.js';
import { waitFor, waitForPid } from './waiting.js';

type ToolCallSnapshot = SnapshotFrom<typeof toolCallMachine>;

/** A synthetic event of the model; `variant` names the real behaviour that produces it. */
export type ModelEvent = { type: string; variant?: string; output?: unknown; error?: unknown; reason?: string };

const TOOL_NAME = 'write_file';
const REQUESTED_ARGS = { path: 'a.txt' };
const CANCEL_REASON = 'cancelled by the model-based test';

/** What the real tool returns for `succeed` / `fail-result` with these arguments (must match `recordingTool`). */
function toolResult(behaviour: 'succeed' | 'fail-result', args: Record<string, unknown>): ToolResult {
  if (behaviour === 'fail-result') {
    return {
      llmContent: `${TOOL_NAME} failed`,
      returnDisplay: `${TOOL_NAME} failed`,
      error: { message: `${TOOL_NAME} failed` },
    };
  }
  const path = String(args['path']);
  return { llmContent: `${TOOL_NAME} wrote ${path}`, returnDisplay: `wrote ${path}` };
}

/** The BeforeTool outputs the real pipeline produces for each scripted behaviour. */
const beforeOutputs: Record<Exclude<BeforeBehaviour, 'hang'>, DefaultHookOutput | undefined> = {
  none: undefined,
  // HOOK-209: a failed BeforeTool hook fails open, its stderr kept as a warning.
  fail: new BeforeToolHookOutput({ systemMessage: 'Warning: BeforeTool hook crashed on purpose' }),
  allow: new BeforeToolHookOutput({ decision: 'allow' }),
  modify: new BeforeToolHookOutput({
    hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { path: 'rewritten.txt', rewrittenBy: 'hook' } },
  }),
  block: new BeforeToolHookOutput({ decision: 'block', reason: `blocked by policy: ${TOOL_NAME}` }),
  exit2: new BeforeToolHookOutput({ decision: 'deny', reason: 'denied by exit code 2' }),
  stop: new BeforeToolHookOutput({ continue: false, stopReason: 'BeforeTool asked the agent to stop' }),
  ask: askingOutput({ decision: 'ask', reason: `confirm the call to ${TOOL_NAME}` }),
  'ask-claude': askingOutput({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'ask',
      permissionDecisionReason: `Claude-style hook asks about ${TOOL_NAME}`,
    },
  }),
};

/** A BeforeTool output that asks, as the aggregator returns it: naming the scripted hook as the one that asked. */
function askingOutput(data: ConstructorParameters<typeof BeforeToolHookOutput>[0]): BeforeToolHookOutput {
  const output = new BeforeToolHookOutput(data);
  output.setAskingHookNames([scriptedHookCommand]);
  return output;
}

/** The error the tests' `onAskUser` throws for `answer: 'throw'` (must match `scriptedAskUser`). */
const askCallbackError = new Error('the ask callback crashed on purpose');

/** How the real ask step settles each scripted answer. */
const askAnswers: Record<'allow' | 'deny' | 'fail', SettledAnswer> = {
  allow: { decision: 'allow', answeredBy: 'onAskUser' },
  deny: { decision: 'deny', answeredBy: 'onAskUser' },
  fail: failedAnswer(askUserFailure({ kind: 'threw', toolName: TOOL_NAME, error: askCallbackError })),
};

/** The scripted answer (`args.scenario.answer`) that produces each model variant of the ask step. */
const answerBehaviours: Record<keyof typeof askAnswers, AskAnswerBehaviour> = {
  allow: 'allow',
  deny: 'deny',
  fail: 'throw',
};

/** The AfterTool outputs the real pipeline produces for each scripted behaviour. */
const afterOutputs: Record<Exclude<AfterBehaviour, 'hang'>, DefaultHookOutput | undefined> = {
  none: undefined,
  fail: undefined,
  context: new DefaultHookOutput({
    hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'context added by the AfterTool hook' },
  }),
  systemMessage: new DefaultHookOutput({ systemMessage: 'note from the AfterTool hook' }),
  suppress: new DefaultHookOutput({ suppressOutput: true }),
  stop: new DefaultHookOutput({ continue: false, stopReason: 'AfterTool asked the agent to stop' }),
};

const hookActorFailure = new Error('the hook trigger itself failed');
const toolThrowError = new Error(`${TOOL_NAME} exploded`);

/** The synthetic events offered in each state. */
export function modelEvents(snapshot: ToolCallSnapshot): ModelEvent[] {
  const cancel: ModelEvent = { type: 'CANCEL', reason: CANCEL_REASON };
  switch (snapshot.value) {
    case 'idle':
      return [{ type: 'START' }, cancel];
    case 'beforeHook':
      return [
        ...Object.entries(beforeOutputs).map(([variant, output]) => ({
          type: 'xstate.done.actor.beforeHook',
          variant,
          output: decideBeforeTool(output, snapshot.context.args, {
            canAsk: snapshot.context.config.getOnAskUser() !== undefined,
          }),
        })),
        { type: 'xstate.error.actor.beforeHook', variant: 'trigger-failure', error: hookActorFailure },
        cancel,
      ];
    case 'asking':
      return [
        ...Object.entries(askAnswers).map(([variant, answer]) => ({
          type: 'xstate.done.actor.askUser',
          variant,
          output: askStepOutput(snapshot, answer),
        })),
        {
          type: 'xstate.done.actor.askUser',
          variant: 'permission-interrupt',
          output: permissionInterruptOutput(snapshot),
        },
        { type: 'xstate.error.actor.askUser', variant: 'actor-failure', error: hookActorFailure },
        cancel,
      ];
    case 'executing':
      return [
        {
          type: 'xstate.done.actor.executeTool',
          variant: 'succeed',
          output: toolResult('succeed', snapshot.context.args),
        },
        {
          type: 'xstate.done.actor.executeTool',
          variant: 'fail-result',
          output: toolResult('fail-result', snapshot.context.args),
        },
        { type: 'xstate.done.actor.executeTool', variant: 'throw', output: createToolErrorResult(toolThrowError) },
        { type: 'xstate.error.actor.executeTool', variant: 'actor-failure', error: hookActorFailure },
        cancel,
      ];
    case 'afterHook':
      return [
        ...Object.entries(afterOutputs).map(([variant, output]) => ({
          type: 'xstate.done.actor.afterHook',
          variant,
          output: decideAfterTool(
            snapshot.context.result ?? createToolErrorResult(undefined),
            snapshot.context.beforeOutput,
            output,
          ),
        })),
        { type: 'xstate.error.actor.afterHook', variant: 'trigger-failure', error: hookActorFailure },
        cancel,
      ];
    case 'buffered':
      return [{ type: 'PUBLISH' }, cancel];
    default:
      return [];
  }
}

function askStepOutput(snapshot: ToolCallSnapshot, answer: SettledAnswer): AskStepResult {
  const decision = snapshot.context.askDecision;
  if (!decision) throw new Error('the model is asking without an ask decision');
  return decideAskAnswer({ toolName: TOOL_NAME, decision, answer });
}

/** A PermissionRequest hook denied with `interrupt` (the scripted hook's `permission: "interrupt"`). */
function permissionInterruptOutput(snapshot: ToolCallSnapshot): AskStepResult {
  const decision = snapshot.context.askDecision;
  if (!decision) throw new Error('the model is asking without an ask decision');
  const message = 'PermissionRequest hook interrupted the agent';
  return decidePermissionRequestAnswer({
    toolName: TOOL_NAME,
    decision,
    hookAnswer: { kind: 'deny', reason: message, stopReason: message },
  });
}

function eventKey(event: ModelEvent | undefined): string {
  if (!event) return 'init';
  return event.variant ? `${event.type}<${event.variant}>` : event.type;
}

/** A vertex per (state, transition that led there): shortest paths to all vertices cover every transition. */
export function serializeModelState(snapshot: ToolCallSnapshot, event: unknown, previous?: ToolCallSnapshot): string {
  return `${JSON.stringify(snapshot.value)} via ${eventKey(event as ModelEvent | undefined)} from ${JSON.stringify(previous?.value ?? null)}`;
}

function modelInputFor(config: Config, toolKnown: boolean): ToolCallInput {
  return {
    config,
    request: { callId: 'model', name: TOOL_NAME, args: REQUESTED_ARGS },
    tool: toolKnown ? recordingTool(TOOL_NAME) : undefined,
    availableToolNames: toolKnown ? [TOOL_NAME] : ['read_file'],
  };
}

const requirementsByEvent: Record<string, string[]> = {
  'xstate.done.actor.beforeHook<block>': ['HOOK-017', 'HOOK-129', 'HOOK-130'],
  'xstate.done.actor.beforeHook<exit2>': ['HOOK-016a', 'HOOK-129', 'HOOK-130'],
  'xstate.done.actor.beforeHook<stop>': ['HOOK-020'],
  'xstate.done.actor.beforeHook<modify>': ['HOOK-019'],
  'xstate.done.actor.beforeHook<allow>': ['HOOK-018'],
  'xstate.done.actor.beforeHook<fail>': ['HOOK-023', 'HOOK-209'],
  'xstate.done.actor.beforeHook<ask-claude>': ['HOOK-169'],
  'xstate.done.actor.afterHook<stop>': ['HOOK-028'],
  'xstate.done.actor.afterHook<suppress>': ['HOOK-029', 'HOOK-132'],
  'xstate.done.actor.afterHook<context>': ['HOOK-027'],
  'xstate.done.actor.afterHook<systemMessage>': ['HOOK-030', 'HOOK-131'],
  'xstate.done.actor.afterHook<fail>': ['HOOK-031'],
  'xstate.done.actor.executeTool<throw>': ['HOOK-025'],
  'xstate.error.actor.beforeHook<trigger-failure>': ['HOOK-111'],
  'xstate.error.actor.afterHook<trigger-failure>': ['HOOK-111'],
};

/** The three models: a known tool with hooks, an unknown tool, a known tool with hooks disabled. */
export type ModelVariant = 'hooks' | 'unknown-tool' | 'hooks-disabled';

/** One generated path and the model it came from. */
export interface GeneratedPath {
  variant: ModelVariant;
  config: Config;
  path: TestPath<ToolCallSnapshot, ModelEvent>;
}

/** A test title: the requirement IDs the path exercises, then its events and final state. */
export function describePath({ variant, path }: GeneratedPath): string {
  const keys = path.steps.slice(1).map((step) => eventKey(step.event));
  const ids = new Set(['HOOK-134', ...keys.flatMap((key) => requirementsByEvent[key] ?? [])]);
  if (variant === 'hooks-disabled') ids.add('HOOK-010');
  const events = keys
    .map((key) => key.replace('xstate.done.actor.', 'done:').replace('xstate.error.actor.', 'error:'))
    .join(' → ');
  return `${[...ids].sort().join(', ')}: [${variant}] ${events} ⇒ ${String(path.state.value)}`;
}

/**
 * Shortest paths through the three models. `hooksConfig` runs the scripted hook on every tool;
 * `disabledConfig` has hooks disabled, so START skips the hook states.
 */
export function generateToolCallPaths(hooksConfig: Config, disabledConfig: Config): GeneratedPath[] {
  const variants: Array<{ variant: ModelVariant; config: Config; toolKnown: boolean }> = [
    { variant: 'hooks', config: hooksConfig, toolKnown: true },
    { variant: 'unknown-tool', config: hooksConfig, toolKnown: false },
    { variant: 'hooks-disabled', config: disabledConfig, toolKnown: true },
  ];
  const paths: GeneratedPath[] = [];
  for (const { variant, config, toolKnown } of variants) {
    const input = modelInputFor(config, toolKnown);
    const model = new TestModel(toolCallMachine, {
      input,
      events: (snapshot: ToolCallSnapshot) => modelEvents(snapshot),
      serializeState: serializeModelState,
      serializeEvent: (event: ModelEvent) => eventKey(event),
    } as never) as unknown as TestModel<ToolCallSnapshot, ModelEvent, ToolCallInput>;
    for (const path of model.getShortestPaths()) paths.push({ variant, config, path });
  }
  return paths;
}

/**
 * The model's snapshot after each step of a path, recomputed with the pure `transition()`: shortest
 * paths share vertices, so a step's stored snapshot may come from another route; each synthetic event
 * is rebuilt from the snapshot it is applied to (the tool's answer depends on the arguments).
 */
export function expectedSnapshots(
  input: ToolCallInput,
  path: TestPath<ToolCallSnapshot, ModelEvent>,
): ToolCallSnapshot[] {
  let [snapshot] = initialTransition(toolCallMachine, input);
  const snapshots: ToolCallSnapshot[] = [snapshot];
  for (const step of path.steps.slice(1)) {
    const event = modelEvents(snapshot).find((candidate) => eventKey(candidate) === eventKey(step.event));
    if (!event) throw new Error(`the model offers no ${eventKey(step.event)} in state ${String(snapshot.value)}`);
    [snapshot] = transition(toolCallMachine, snapshot, event as never);
    snapshots.push(snapshot);
  }
  return snapshots;
}

/** The scenario a path implies: what the real hooks and tool must do, and which actor fails. */
interface PathPlan {
  scenario: HookScenario;
  toolBehaviour: ToolBehaviour;
  failBeforeTrigger: boolean;
  failAfterTrigger: boolean;
  failToolActor: boolean;
  failAskActor: boolean;
}

function planFor(path: TestPath<ToolCallSnapshot, ModelEvent>, scratch: MachineScratch): PathPlan {
  const plan: PathPlan = {
    scenario: {},
    toolBehaviour: 'succeed',
    failBeforeTrigger: false,
    failAfterTrigger: false,
    failToolActor: false,
    failAskActor: false,
  };
  path.steps.forEach((step, index) => {
    const event = step.event;
    const stateBefore = index > 0 ? path.steps[index - 1]!.state.value : undefined;
    if (event.type === 'xstate.done.actor.beforeHook') plan.scenario.before = event.variant as BeforeBehaviour;
    if (event.type === 'xstate.error.actor.beforeHook') plan.failBeforeTrigger = true;
    if (event.type === 'xstate.done.actor.askUser' && event.variant === 'permission-interrupt')
      plan.scenario.permission = 'interrupt';
    else if (event.type === 'xstate.done.actor.askUser')
      plan.scenario.answer = answerBehaviours[event.variant as keyof typeof askAnswers];
    if (event.type === 'xstate.error.actor.askUser') plan.failAskActor = true;
    if (event.type === 'xstate.done.actor.executeTool') plan.toolBehaviour = event.variant as ToolBehaviour;
    if (event.type === 'xstate.error.actor.executeTool') plan.failToolActor = true;
    if (event.type === 'xstate.done.actor.afterHook') plan.scenario.after = event.variant as AfterBehaviour;
    if (event.type === 'xstate.error.actor.afterHook') plan.failAfterTrigger = true;
    if (event.type === 'CANCEL') {
      if (stateBefore === 'beforeHook') plan.scenario.before = 'hang';
      if (stateBefore === 'afterHook') plan.scenario.after = 'hang';
      if (stateBefore === 'executing') plan.toolBehaviour = 'wait-for-abort';
      if (stateBefore === 'asking') plan.scenario.answer = 'hang';
      if (stateBefore === 'beforeHook' || stateBefore === 'afterHook') plan.scenario.pidFile = scratch.file('hook.pid');
    }
  });
  // A path that ends while a hook or the tool is still running must not let it finish first.
  const last = path.steps[path.steps.length - 1]!.state.value;
  if (last === 'beforeHook' && !plan.failBeforeTrigger) plan.scenario.before ??= 'hang';
  if (last === 'executing') plan.toolBehaviour = 'wait-for-abort';
  if (last === 'afterHook' && !plan.failAfterTrigger) plan.scenario.after ??= 'hang';
  if (last === 'asking' && !plan.failAskActor) plan.scenario.answer ??= 'hang';
  return plan;
}

/** Result of replaying one path. */
export interface PathReplay {
  description: string;
  states: string[];
  killedHookPids: number[];
}

/**
 * Replays a path against a real toolCall actor with real hook processes; `inspect` receives the real
 * actor's inspection events (for transition coverage).
 */
export async function replayPath(options: {
  generated: GeneratedPath;
  scratch: MachineScratch;
  inspect: (event: InspectionEvent) => void;
}): Promise<PathReplay> {
  const { scratch } = options;
  const { path, config, variant } = options.generated;
  const toolKnown = variant !== 'unknown-tool';
  const plan = planFor(path, scratch);
  const tool = recordingTool(TOOL_NAME);
  const failingActor = async (): Promise<never> => {
    throw hookActorFailure;
  };
  let machine = toolCallMachine;
  if (plan.failBeforeTrigger) {
    machine = machine.provide({
      actors: { beforeToolHook: fromPromise<BeforeToolDecision, BeforeToolActorInput>(failingActor) },
    });
  }
  if (plan.failAfterTrigger) {
    machine = machine.provide({
      actors: { afterToolHook: fromPromise<AfterToolDecision, AfterToolActorInput>(failingActor) },
    });
  }
  if (plan.failToolActor) {
    machine = machine.provide({
      actors: { executeTool: fromPromise<ToolResult, ExecuteToolActorInput>(failingActor) },
    });
  }
  if (plan.failAskActor) {
    machine = machine.provide({ actors: { askUser: fromPromise<AskStepResult, AskUserActorInput>(failingActor) } });
  }
  const askUser = config.getOnAskUser() as ReturnType<typeof scriptedAskUser> | undefined;
  const askCallsBefore = askUser?.calls.length ?? 0;
  const args = { ...REQUESTED_ARGS, scenario: plan.scenario, tool: plan.toolBehaviour };
  const modelInput = modelInputFor(config, toolKnown);
  const expected = expectedSnapshots(modelInput, path);
  const actor = createActor(machine, {
    input: { ...modelInput, request: { callId: 'model', name: TOOL_NAME, args }, tool: toolKnown ? tool : undefined },
    inspect: options.inspect,
  });
  const observed: ToolCallSnapshot[] = [];
  actor.subscribe({
    next: (snapshot) => {
      if (observed.at(-1)?.value !== snapshot.value) observed.push(snapshot);
    },
    error: (error) => {
      throw error;
    },
  });
  const killedHookPids: number[] = [];
  let stepIndex = 0;
  actor.start();
  try {
    await path.test({
      events: {
        START: () => {
          actor.send({ type: 'START' });
        },
        PUBLISH: () => {
          actor.send({ type: 'PUBLISH' });
        },
        CANCEL: async () => {
          const current = actor.getSnapshot().value;
          if ((current === 'beforeHook' || current === 'afterHook') && plan.scenario.pidFile) {
            // Cancel while the hook process is really running, then prove it was killed.
            const pid = await waitForPid(plan.scenario.pidFile);
            actor.send({ type: 'CANCEL', reason: CANCEL_REASON });
            await waitFor(() => !isProcessAlive(pid), `hook process ${pid} to be killed`);
            killedHookPids.push(pid);
            return;
          }
          if (current === 'executing') await waitFor(() => tool.executions.length > 0, 'the tool to start');
          if (current === 'asking')
            await waitFor(() => (askUser?.calls.length ?? 0) > askCallsBefore, 'onAskUser to be asked');
          actor.send({ type: 'CANCEL', reason: CANCEL_REASON });
          if (current === 'executing') {
            await waitFor(() => tool.executions[0]?.aborted === true, "the tool's signal to abort");
          }
          if (current === 'asking') {
            // Cancelling while asking aborts the request's signal: a prompt can close.
            await waitFor(() => askUser?.calls[askCallsBefore]?.aborted === true, "the ask request's signal to abort");
          }
        },
      } as never,
      states: {
        '*': async (pathState: ToolCallSnapshot) => {
          const index = stepIndex;
          stepIndex += 1;
          const model = expected[index]!;
          expect(model.value, `model state at step ${index}`).toEqual(pathState.value);
          await waitFor(
            () => observed.length > index,
            `the real actor to enter "${String(model.value)}" (step ${index})`,
          );
          const real = observed[index]!;
          expect(real.value, `state at step ${index}`).toEqual(model.value);
          expect(real.context.args, `args at step ${index}`).toEqual({
            ...model.context.args,
            scenario: plan.scenario,
            tool: plan.toolBehaviour,
          });
          expect(real.context.outcome, `outcome at step ${index}`).toEqual(model.context.outcome);
          expect(real.context.stopReason, `stopReason at step ${index}`).toEqual(model.context.stopReason);
          expect(real.context.result, `result at step ${index}`).toEqual(model.context.result);
          if (model.status === 'done')
            expect(real.output).toEqual({ ...model.output, args: real.context.args, requestedArgs: args });
        },
      } as never,
    });
    assertToolRuns(path, tool.executions.length, plan.failToolActor);
  } finally {
    actor.stop();
  }
  return { description: path.description, states: observed.map((snapshot) => String(snapshot.value)), killedHookPids };
}

/** HOOK-130: the tool ran exactly once when the path executed it, and never when a hook blocked or stopped it. */
function assertToolRuns(
  path: TestPath<ToolCallSnapshot, ModelEvent>,
  executions: number,
  toolActorReplaced: boolean,
): void {
  const executed = path.steps.some((step) => step.state.value === 'executing') && !toolActorReplaced;
  expect(executions, `tool executions for ${path.description}`).toBe(executed ? 1 : 0);
}
