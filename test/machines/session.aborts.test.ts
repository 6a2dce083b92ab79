/**
 * A prompt aborted by its signal ends with status `aborted` wherever it is — in a BeforeAgent hook,
 * in the model's stream, while a tool runs, in a Stop hook — and nothing of the prompt goes on after
 * the abort: no model answer is reported, no further model call is made.
 */
import { describe, expect, it } from 'vitest';
import { Config, createAgentSession, type AgentEvent, type FunctionHookDefinition } from '../../src/index.js';
import { waitingTool } from '../helpers/modelAgentTools.js';
import { callsTurn, FakeContentGenerator, textTurn, type FakeTurn } from '../helpers/modelFakeGenerator.js';
import { SESSION_END_WAIT_MS, useSessionScratch } from '../helpers/sessionHooks.js';

const scratch = useSessionScratch();

/** A function hook on `event` that aborts the prompt, then waits for its own cancellation. */
function abortingHook(event: 'BeforeAgent' | 'AfterAgent', abort: () => void): FunctionHookDefinition {
  return {
    event,
    name: `abort-in-${event}`,
    timeout: 60_000,
    run: (_input: unknown, { signal }: { signal: AbortSignal }) =>
      new Promise<undefined>((resolve) => {
        signal.addEventListener('abort', () => resolve(undefined));
        setImmediate(abort);
      }),
  } as FunctionHookDefinition;
}

function abortableSession(turns: FakeTurn[], hook?: (abort: () => void) => FunctionHookDefinition) {
  const controller = new AbortController();
  const events: AgentEvent[] = [];
  const generator = new FakeContentGenerator(turns, {
    onOpen: () => {
      if (turns[0] && 'hang' in turns[0]) setImmediate(() => controller.abort());
    },
  });
  const tool = waitingTool('slow_tool', () => setImmediate(() => controller.abort()));
  const session = createAgentSession({
    config: new Config({
      enableHooks: true,
      workingDir: scratch.directory,
      functionHooks: hook ? [hook(() => controller.abort())] : [],
    }),
    generator,
    tools: [tool],
    transcript: { directory: scratch.directory },
    sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    onEvent: (event) => events.push(event),
  });
  const prompt = () => session.prompt('do it', { signal: controller.signal });
  return { session, generator, events, prompt, tool };
}

describe('an aborted prompt', () => {
  it('in a BeforeAgent hook: status aborted, the model is never called', async () => {
    const { session, generator, prompt } = abortableSession([textTurn('never')], (abort) =>
      abortingHook('BeforeAgent', abort),
    );
    expect(await prompt()).toMatchObject({ status: 'aborted', turns: 0 });
    expect(generator.requests).toHaveLength(0);
    await session.end();
  });

  it('in a Stop hook: status aborted with the answer so far, no continuation', async () => {
    const { session, generator, prompt } = abortableSession([textTurn('the answer'), textTurn('never')], (abort) =>
      abortingHook('AfterAgent', abort),
    );
    expect(await prompt()).toMatchObject({ status: 'aborted', finalText: 'the answer', continuations: 0 });
    expect(generator.requests).toHaveLength(1);
    await session.end();
  });

  it("in the model's stream: status aborted, and no model answer is reported", async () => {
    const { session, events, prompt } = abortableSession([{ chunks: [], hang: true }]);
    expect(await prompt()).toMatchObject({ status: 'aborted' });
    expect(events.filter((event) => event.type === 'model_response')).toEqual([]);
    await session.end();
  });

  it('while a tool runs: status aborted, and no further model call is made', async () => {
    const { session, generator, events, prompt, tool } = abortableSession([
      callsTurn([{ name: 'slow_tool' }]),
      textTurn('never'),
    ]);
    expect(await prompt()).toMatchObject({ status: 'aborted', turns: 1 });
    expect(tool.aborted).toBe(1);
    expect(generator.requests).toHaveLength(1);
    expect(events.filter((event) => event.type === 'turn_start')).toEqual([{ type: 'turn_start', turn: 1 }]);
    await session.end();
  });
});
