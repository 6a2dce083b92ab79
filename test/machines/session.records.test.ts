/**
 * The `hookrail.session` records a session writes when it is inspected (`inspect: { sink }` or
 * `{ file }`): the report's timeline between the calls — SessionStart and its source, each prompt
 * and turn, a refused prompt, a Stop continuation, a stop, a model error, a compaction, a hook's
 * message, each prompt's result, SessionEnd and its reason.
 */
import { describe, expect, it } from 'vitest';
import type { InspectionLine, SessionRecord } from '../../src/engine.js';
import { Config, createAgentSession, DebugLogger, type FunctionHookDefinition } from '../../src/index.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { callsTurn, FakeContentGenerator, textTurn, type FakeTurn } from '../helpers/modelFakeGenerator.js';
import { SESSION_END_WAIT_MS, useSessionScratch } from '../helpers/sessionHooks.js';

const scratch = useSessionScratch();

function inspectedSession(options: {
  functionHooks: FunctionHookDefinition[];
  turns: FakeTurn[];
  sessionEndTimeoutMs?: number;
  model?: string;
}) {
  const lines: InspectionLine[] = [];
  const session = createAgentSession({
    config: new Config({
      enableHooks: true,
      sessionId: 'recorded-session',
      functionHooks: options.functionHooks,
      workingDir: scratch.directory,
      logger: new DebugLogger('test', { sink: () => {} }),
    }),
    generator: new FakeContentGenerator(options.turns),
    tools: [recordingTool('read_file')],
    ...(options.model ? { model: options.model } : {}),
    transcript: { directory: scratch.directory },
    compaction: { tokenBudget: 1_000_000, keepRecentTokens: 1, strategy: 'truncate' },
    sessionEndTimeoutMs: options.sessionEndTimeoutMs ?? SESSION_END_WAIT_MS,
    inspect: { sink: { write: (line) => lines.push(line) } },
  });
  /** The session records so far, each checked to name the session, without their type, session and time. */
  const sessionRecords = () =>
    lines
      .filter((line): line is SessionRecord => line.type === 'hookrail.session')
      .map(({ time: _time, type: _type, sessionId, ...record }) => {
        expect(sessionId).toBe('recorded-session');
        return record;
      });
  return { session, lines, sessionRecords };
}

describe('the session records of an inspected session', () => {
  it('record SessionStart, each prompt, its turns, a block, a Stop continuation, a model stop, a model error, a compaction, hook messages, each result and SessionEnd, in order', async () => {
    const started = Date.now();
    let stopAsked = false;
    let haltNextModelCall = false;
    const { session, lines, sessionRecords } = inspectedSession({
      functionHooks: [
        {
          event: 'BeforeAgent',
          name: 'refuse-secrets',
          run: (input) => {
            haltNextModelCall = input.prompt.includes('halt');
            return input.prompt.includes('secret')
              ? { decision: 'block', reason: 'no secrets here', systemMessage: 'prompt refused' }
              : undefined;
          },
        },
        {
          event: 'AfterAgent',
          name: 'ask-once-more',
          run: (input) => {
            if (!input.prompt.includes('twice') || stopAsked) return undefined;
            stopAsked = true;
            return { decision: 'block', reason: 'say it again' };
          },
        },
        {
          event: 'BeforeModel',
          name: 'halt',
          run: () => (haltNextModelCall ? { continue: false, stopReason: 'halted by policy' } : undefined),
        },
      ],
      turns: [textTurn('first answer'), textTurn('second answer'), { failOnOpen: new Error('the model is down') }],
    });
    // Nothing to compact yet: no record. Waiting for it also lets SessionStart finish before the first prompt.
    expect(await session.compact()).toBeUndefined();
    await session.prompt('tell me a secret');
    await session.prompt('answer twice');
    await session.prompt('halt now');
    const failed = await session.prompt('and now?');
    expect(failed.status).toBe('error');
    await session.compact();
    await session.end();

    expect(sessionRecords()).toEqual([
      { event: 'start', reason: 'startup' },
      { event: 'prompt', prompt: 'tell me a secret' },
      {
        event: 'notification',
        reason: 'BeforeAgent: prompt refused',
      },
      { event: 'prompt_blocked', reason: 'no secrets here' },
      {
        event: 'done',
        status: 'blocked',
        text: '',
        reason: 'no secrets here',
      },
      { event: 'prompt', prompt: 'answer twice' },
      { event: 'turn', turn: 1 },
      { event: 'continue', turn: 1, reason: 'say it again' },
      { event: 'turn', turn: 2 },
      { event: 'done', status: 'completed', text: 'second answer' },
      { event: 'prompt', prompt: 'halt now' },
      { event: 'turn', turn: 1 },
      { event: 'stop', turn: 1, reason: 'halted by policy' },
      {
        event: 'done',
        status: 'stopped',
        text: '',
        reason: 'halted by policy',
      },
      { event: 'prompt', prompt: 'and now?' },
      { event: 'turn', turn: 1 },
      {
        event: 'error',
        turn: 1,
        reason: failed.errorMessage,
      },
      {
        event: 'done',
        status: 'error',
        text: '',
        reason: failed.errorMessage,
      },
      { event: 'compact' },
      { event: 'start', reason: 'compact' },
      { event: 'end', reason: 'exit' },
    ]);
    expect(failed.errorMessage).toContain('the model is down');
    const times = lines.flatMap((line) => (line.type === 'hookrail.session' ? [line.time] : []));
    for (const time of times) {
      expect(time).toBeGreaterThanOrEqual(started);
      expect(time).toBeLessThanOrEqual(Date.now());
    }
  });

  it("cut a long answer to 2,000 characters and a long reason to the records' limit, saying how much was left out", async () => {
    const longReason = 'r'.repeat(8_010);
    const { session, sessionRecords } = inspectedSession({
      functionHooks: [
        {
          event: 'AfterAgent',
          name: 'long-stop',
          run: () => ({ continue: false, stopReason: longReason }),
        },
      ],
      turns: [textTurn('a'.repeat(2_500))],
    });
    await session.prompt('write a lot');
    await session.end();
    const done = sessionRecords().find((record) => record.event === 'done');
    expect(done).toEqual({
      event: 'done',
      status: 'stopped',
      text: `${'a'.repeat(2_000)}… [500 more characters]`,
      reason: `${'r'.repeat(8_000)}… [10 more characters]`,
    });
  });

  it('record a SessionEnd whose hooks outran their bound with the reason and that they timed out', async () => {
    const { session, sessionRecords } = inspectedSession({
      functionHooks: [
        {
          event: 'SessionEnd',
          name: 'slow-goodbye',
          timeout: 60_000,
          run: (_input, { signal }) =>
            new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined))),
        },
      ],
      turns: [],
      sessionEndTimeoutMs: 50,
    });
    await session.end('logout');
    expect(sessionRecords().filter((record) => record.event === 'end')).toEqual([
      {
        event: 'end',
        reason: 'logout (SessionEnd hooks timed out)',
      },
    ]);
  });

  it('record each model call of a turn: its start and its end with the turn, the model, the text and the tools it asked for', async () => {
    const { session, lines } = inspectedSession({
      functionHooks: [],
      turns: [callsTurn([{ name: 'read_file', args: { path: 'a.md' } }], 'Reading.'), textTurn('It says hi.')],
      model: 'gemini-2.5-pro',
    });
    await session.prompt('what does a.md say?');
    await session.end();
    const modelRecords = lines.flatMap((line) => (line.type === 'hookrail.model' ? [line] : []));
    expect(
      modelRecords.map(({ phase, turn, model, outcome, text, functionCalls }) => ({
        phase,
        turn,
        model,
        outcome,
        text,
        functionCalls,
      })),
    ).toEqual([
      {
        phase: 'start',
        turn: 1,
        model: 'gemini-2.5-pro',
        outcome: undefined,
        text: undefined,
        functionCalls: undefined,
      },
      {
        phase: 'end',
        turn: 1,
        model: 'gemini-2.5-pro',
        outcome: 'completed',
        text: 'Reading.',
        functionCalls: ['read_file'],
      },
      {
        phase: 'start',
        turn: 2,
        model: 'gemini-2.5-pro',
        outcome: undefined,
        text: undefined,
        functionCalls: undefined,
      },
      { phase: 'end', turn: 2, model: 'gemini-2.5-pro', outcome: 'completed', text: 'It says hi.', functionCalls: [] },
    ]);
    // Each call's end names the actor its start named.
    expect(modelRecords[1]?.actorId).toBe(modelRecords[0]?.actorId);
    expect(modelRecords[3]?.actorId).toBe(modelRecords[2]?.actorId);
    expect(modelRecords[0]?.actorId).not.toBe(modelRecords[2]?.actorId);
    expect(modelRecords[0]?.actorId).toEqual(expect.any(String));
    for (const record of modelRecords.filter((record) => record.phase === 'start'))
      expect(record.rootId).toBe(record.actorId);
  });
});
