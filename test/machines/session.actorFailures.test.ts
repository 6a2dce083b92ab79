/**
 * Fail-open: when a step of the session cannot run at all (a host's swapped implementation that
 * rejects, given with `machine: sessionMachine.provide(...)`), the session goes on and a warning
 * names the step; a step of a turn that cannot run ends the prompt with status `error` and the
 * failure's message, reported on its turn. A swapped model call that fails or stops without saying
 * why still ends the prompt with a message of its own.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../src/engine.js';
import { Config, createAgentSession, type AgentEvent, type AgentSession } from '../../src/index.js';
import { recordingLogger } from '../../src/testing.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { callsTurn, FakeContentGenerator, textTurn, type FakeTurn } from '../helpers/modelFakeGenerator.js';
import { SESSION_END_WAIT_MS, useSessionScratch } from '../helpers/sessionHooks.js';

const scratch = useSessionScratch();

type SwappableActor =
  | 'fireSessionStart'
  | 'fireBeforeAgent'
  | 'callModel'
  | 'runToolBatch'
  | 'fireAfterAgent'
  | 'compactHistory'
  | 'fireSessionEnd';

/** A session whose `actor` rejects with `message`. */
function sessionWithFailing(actor: SwappableActor, message: string, turns: FakeTurn[] = [], tokenBudget?: number) {
  const { logger, records } = recordingLogger({ level: 'warn' });
  const events: AgentEvent[] = [];
  const generator = new FakeContentGenerator(turns);
  const session = createAgentSession({
    config: new Config({ workingDir: scratch.directory, logger }),
    generator,
    tools: [recordingTool('read_file')],
    transcript: { directory: scratch.directory },
    compaction: { keepRecentTokens: 10, strategy: 'truncate', ...(tokenBudget !== undefined ? { tokenBudget } : {}) },
    sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    onEvent: (event) => events.push(event),
    machine: sessionMachine.provide({
      actors: { [actor]: fromPromise(() => Promise.reject(new Error(message))) } as never,
    }),
  });
  const warnings = () =>
    records.filter((record) => record.level === 'warn').map((record) => `${record.namespace}: ${record.message}`);
  return { session, events, generator, warnings };
}

describe('a lifecycle step that cannot run leaves the session going, with a warning naming it', () => {
  it('SessionStart: the first prompt is answered', async () => {
    const { session, warnings } = sessionWithFailing('fireSessionStart', 'no start', [textTurn('hi')]);
    expect(await session.prompt('hello')).toMatchObject({ status: 'completed', finalText: 'hi' });
    await session.end();
    expect(warnings()).toEqual(['test:session: SessionStart hook could not run; continuing without it: no start']);
  });

  it('SessionStart after an automatic compaction: the turn the compaction interrupted goes on', async () => {
    const { session, generator, warnings } = sessionWithFailing(
      'fireSessionStart',
      'no start',
      [textTurn('z'.repeat(4_000)), textTurn('done')],
      500,
    );
    await session.prompt('first');
    expect(await session.prompt('second')).toMatchObject({ status: 'completed', finalText: 'done', turns: 1 });
    // The model reads the compacted history.
    expect(JSON.stringify(generator.requests[1]?.contents)).toContain('Earlier conversation compacted');
    await session.end();
    expect(warnings()).toEqual([
      'test:session: SessionStart hook could not run; continuing without it: no start',
      'test:session: SessionStart hook could not run; continuing without it: no start',
    ]);
  });

  it('BeforeAgent: the prompt goes to the model as typed', async () => {
    const { session, generator, warnings } = sessionWithFailing('fireBeforeAgent', 'no check', [textTurn('hi')]);
    expect(await session.prompt('hello')).toMatchObject({ status: 'completed', finalText: 'hi' });
    expect(generator.requests[0]?.contents).toEqual([{ role: 'user', parts: [{ text: 'hello' }] }]);
    await session.end();
    expect(warnings()).toEqual(['test:session: BeforeAgent hook could not run; continuing without it: no check']);
  });

  it('AfterAgent: the prompt completes with the answer', async () => {
    const { session, warnings } = sessionWithFailing('fireAfterAgent', 'no stop check', [textTurn('hi')]);
    expect(await session.prompt('hello')).toMatchObject({ status: 'completed', finalText: 'hi', turns: 1 });
    await session.end();
    expect(warnings()).toEqual(['test:session: AfterAgent hook could not run; continuing without it: no stop check']);
  });

  it('compaction on request: nothing is compacted and the session takes the next prompt', async () => {
    const { session, warnings } = sessionWithFailing('compactHistory', 'no compaction', [
      textTurn('one '.repeat(200)),
      textTurn('two'),
    ]);
    await session.prompt('first');
    const before = session.history();
    expect(await session.compact()).toBeUndefined();
    expect(session.history()).toEqual(before);
    expect(await session.prompt('second')).toMatchObject({ status: 'completed', finalText: 'two' });
    await session.end();
    expect(warnings()).toEqual(['test:session: Compaction could not run; continuing without it: no compaction']);
  });

  it('automatic compaction: each model call it would have preceded goes on with the whole history', async () => {
    const big = 'z'.repeat(4_000);
    const { session, generator, warnings } = sessionWithFailing(
      'compactHistory',
      'no compaction',
      [textTurn(big), callsTurn([{ name: 'read_file', args: { path: 'a' } }]), textTurn('done')],
      500,
    );
    await session.prompt('first');
    expect(await session.prompt('second')).toMatchObject({ status: 'completed', finalText: 'done', turns: 2 });
    expect(generator.requests[1]?.contents as unknown[]).toHaveLength(3);
    await session.end();
    // Tried before each model call of the prompt over budget; each failure lets the turn go on.
    expect(warnings()).toEqual([
      'test:session: Compaction could not run; continuing without it: no compaction',
      'test:session: Compaction could not run; continuing without it: no compaction',
    ]);
  });

  it('SessionEnd: the session still ends and says so, not as a timeout', async () => {
    const { session, events, warnings } = sessionWithFailing('fireSessionEnd', 'no goodbye');
    await session.end('logout');
    expect(session.ended).toBe(true);
    expect(events.filter((event) => event.type === 'session_end')).toEqual([
      { type: 'session_end', reason: 'logout', timedOut: false },
    ]);
    expect(warnings()).toEqual(['test:session: SessionEnd hook could not run; continuing without it: no goodbye']);
  });
});

/** After a prompt, clear() empties the history and SessionStart (clear) follows the first one. */
async function expectClearedAndStartedAgain(session: AgentSession, events: AgentEvent[]): Promise<void> {
  await session.prompt('hello');
  await session.clear();
  expect(session.history()).toEqual([]);
  expect(events.filter((event) => event.type === 'session_start').map((event) => event.source)).toEqual([
    'startup',
    'clear',
  ]);
  // The session started again takes the next prompt.
  expect(await session.prompt('again')).toMatchObject({ status: 'completed', finalText: 'hi again' });
}

describe('clear() whose SessionEnd cannot run or does not finish', () => {
  it('still clears the history and starts the session again (source clear)', async () => {
    const { session, events, warnings } = sessionWithFailing('fireSessionEnd', 'no goodbye', [
      textTurn('hi'),
      textTurn('hi again'),
    ]);
    await expectClearedAndStartedAgain(session, events);
    expect(warnings()).toEqual(['test:session: SessionEnd hook could not run; continuing without it: no goodbye']);
    await session.end();
  });

  it('a SessionEnd hook past its bound is cancelled with a warning naming the reason clear; the history is cleared', async () => {
    const { logger, records } = recordingLogger({ level: 'warn' });
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config: new Config({
        enableHooks: true,
        workingDir: scratch.directory,
        logger,
        functionHooks: [
          {
            event: 'SessionEnd',
            name: 'slow-goodbye',
            timeout: 60_000,
            run: (input, { signal }) =>
              input.reason === 'clear'
                ? new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined)))
                : undefined,
          },
        ],
      }),
      generator: new FakeContentGenerator([textTurn('hi'), textTurn('hi again')]),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: 50,
      onEvent: (event) => events.push(event),
    });
    await expectClearedAndStartedAgain(session, events);
    await session.end();
    expect(
      records.filter((record) => record.level === 'warn').map((record) => `${record.namespace}: ${record.message}`),
    ).toEqual(['test:session: SessionEnd hooks (reason "clear") did not finish within 50 ms and were cancelled']);
  });
});

describe('a step of a turn that cannot run ends the prompt with the error, on its turn', () => {
  it('the model call', async () => {
    const { session, events } = sessionWithFailing('callModel', 'model step broke');
    const result = await session.prompt('hello');
    expect(result).toMatchObject({ status: 'error', errorMessage: 'model step broke', turns: 1 });
    expect(events.filter((event) => event.type === 'error')).toEqual([
      { type: 'error', turn: 1, message: 'model step broke' },
    ]);
    // The session takes the next prompt.
    expect(session.ended).toBe(false);
    await session.end();
  });

  it('the tool batch', async () => {
    const { session, events } = sessionWithFailing('runToolBatch', 'tool step broke', [
      callsTurn([{ name: 'read_file', args: { path: 'a' } }], 'Reading.'),
    ]);
    const result = await session.prompt('read a');
    expect(result).toMatchObject({ status: 'error', errorMessage: 'tool step broke', finalText: 'Reading.' });
    expect(events.filter((event) => event.type === 'error')).toEqual([
      { type: 'error', turn: 1, message: 'tool step broke' },
    ]);
    await session.end();
  });
});

describe('a swapped model call that answers without the details', () => {
  function sessionWithModelCall(call: Record<string, unknown>) {
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory }),
      generator: new FakeContentGenerator([]),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      onEvent: (event) => events.push(event),
      machine: sessionMachine.provide({
        actors: {
          callModel: fromPromise(async () => ({ call: { request: { model: 'm', contents: [] }, ...call } })),
        } as never,
      }),
    });
    return { session, events };
  }

  it('a failure without an error ends the prompt with "the model call failed"', async () => {
    const { session, events } = sessionWithModelCall({ outcome: 'failed' });
    expect(await session.prompt('hello')).toMatchObject({ status: 'error', errorMessage: 'the model call failed' });
    expect(events.filter((event) => event.type === 'error')).toEqual([
      { type: 'error', turn: 1, message: 'the model call failed' },
    ]);
    await session.end();
  });

  it('a stop without a reason ends the prompt stopped with an empty reason', async () => {
    const { session, events } = sessionWithModelCall({ outcome: 'stopped' });
    expect(await session.prompt('hello')).toMatchObject({ status: 'stopped', stopReason: '' });
    expect(events.filter((event) => event.type === 'stopped')).toEqual([{ type: 'stopped', turn: 1, reason: '' }]);
    await session.end();
  });
});
