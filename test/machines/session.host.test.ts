/**
 * What a host sees of `createAgentSession`'s handle: the errors of a finished session, its defaults
 * (turn bound, model name), the progress events' turns, a listener that throws, a history it cannot
 * change by accident, and a prompt that still gets a result when the session machine itself fails.
 */
import { describe, expect, it } from 'vitest';
import {
  AgentSessionError,
  Config,
  createAgentSession,
  executeToolWithHooks,
  type AgentEvent,
  type AgentSessionOptions,
} from '../../src/index.js';
import { DEFAULT_MAX_TURNS, sessionMachine } from '../../src/engine.js';
import { recordingLogger } from '../../src/testing.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { callsTurn, FakeContentGenerator, textTurn, type FakeTurn } from '../helpers/modelFakeGenerator.js';
import { SESSION_END_WAIT_MS, useSessionScratch } from '../helpers/sessionHooks.js';

const scratch = useSessionScratch();

function hostSession(turns: FakeTurn[], options: Partial<AgentSessionOptions> = {}) {
  const { logger, records } = recordingLogger({ level: 'warn' });
  const generator = new FakeContentGenerator(turns);
  const events: AgentEvent[] = [];
  const session = createAgentSession({
    config: new Config({ workingDir: scratch.directory, logger }),
    generator,
    tools: [],
    transcript: { directory: scratch.directory },
    sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { session, generator, events, records };
}

describe('a session that has ended', () => {
  it('refuses prompt, compact and clear with an AgentSessionError naming the session (and the first 40 characters of the prompt)', async () => {
    const { session } = hostSession([], { sessionId: 'finished-session' });
    const ending = session.end();
    // Ended from the moment end() is called, before SessionEnd has run.
    expect(session.ended).toBe(true);
    await ending;
    const prompt = 'please summarise the release notes of the last three versions';
    const refused = session.prompt(prompt);
    await expect(refused).rejects.toBeInstanceOf(AgentSessionError);
    await expect(refused).rejects.toThrow(
      `the session finished-session has ended; start a new one to send "${prompt.slice(0, 40)}"`,
    );
    await expect(session.prompt(prompt)).rejects.not.toThrow(prompt.slice(0, 41));
    await expect(session.compact()).rejects.toThrow(
      new AgentSessionError('the session finished-session has ended; there is nothing to compact'),
    );
    await expect(session.clear()).rejects.toThrow(
      new AgentSessionError('the session finished-session has ended; there is nothing to clear'),
    );
  });
});

describe('defaults and progress', () => {
  it(`a model that keeps calling tools is stopped after DEFAULT_MAX_TURNS (${DEFAULT_MAX_TURNS}) model calls`, async () => {
    expect(DEFAULT_MAX_TURNS).toBe(25);
    const tool = recordingTool('list_directory');
    const { session, generator } = hostSession(
      Array.from({ length: 30 }, () => callsTurn([{ name: 'list_directory', args: { path: '.' } }])),
      { tools: [tool] },
    );
    const result = await session.prompt('look around');
    expect(result).toMatchObject({ status: 'max_turns', turns: 25 });
    expect(generator.requests).toHaveLength(25);
    expect(tool.calls).toHaveLength(25);
    await session.end();
  });

  it("each request names the model option, else the generator's name", async () => {
    const named = hostSession([textTurn('a')], { model: 'gemini-2.5-flash' });
    await named.session.prompt('q');
    expect(named.generator.requests[0]?.model).toBe('gemini-2.5-flash');
    await named.session.end();
    const unnamed = hostSession([textTurn('a')]);
    await unnamed.session.prompt('q');
    expect(unnamed.generator.requests[0]?.model).toBe('fake-model');
    await unnamed.session.end();
  });

  it('tool progress events carry the turn of the model call that asked for the tool', async () => {
    const { session, events } = hostSession(
      [
        callsTurn([{ name: 'read_file', args: { path: 'a' } }]),
        callsTurn([{ name: 'read_file', args: { path: 'b' } }]),
        textTurn('done'),
      ],
      { tools: [recordingTool('read_file')] },
    );
    await session.prompt('read a then b');
    const updates = events.flatMap((event) =>
      event.type === 'tool_update' ? [[event.turn, event.update.args['path'], event.update.state] as const] : [],
    );
    expect(updates.length).toBeGreaterThan(2);
    expect(new Set(updates.filter(([, path]) => path === 'a').map(([turn]) => turn))).toEqual(new Set([1]));
    expect(new Set(updates.filter(([, path]) => path === 'b').map(([turn]) => turn))).toEqual(new Set([2]));
    await session.end();
  });

  it('an onEvent listener that throws is warned about with the event type, and the session goes on', async () => {
    const { logger, records } = recordingLogger({ level: 'warn' });
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory, logger }),
      generator: new FakeContentGenerator([textTurn('hello')]),
      tools: [],
      transcript: { directory: scratch.directory },
      onEvent: (event) => {
        if (event.type === 'done') throw new Error('renderer crashed');
      },
    });
    expect(await session.prompt('hi')).toMatchObject({ status: 'completed', finalText: 'hello' });
    await session.end();
    expect(records.filter((record) => record.level === 'warn').map((record) => record.message)).toEqual([
      'onEvent listener threw on a "done" event; ignored: renderer crashed',
    ]);
  });

  it('a completed result carries no stop, error or block reason at all', async () => {
    const { session } = hostSession([textTurn('fine')]);
    const result = await session.prompt('all good?');
    expect(Object.keys(result).sort()).toEqual([
      'continuations',
      'finalText',
      'history',
      'status',
      'toolCalls',
      'turns',
    ]);
    await session.end();
  });

  it('history() is a copy: changing it does not change what the model is sent next', async () => {
    const { session, generator } = hostSession([textTurn('one'), textTurn('two')]);
    await session.prompt('first');
    session.history().push({ role: 'user', parts: [{ text: 'injected' }] });
    await session.prompt('second');
    expect(generator.requests[1]?.contents).toHaveLength(3);
    await session.end();
  });
});

describe('a session machine that fails', () => {
  it('still answers the prompt: status error with the failure, an error logged, and the session ended', async () => {
    const { session, events, records } = hostSession([textTurn('never')], {
      machine: sessionMachine.provide({
        actions: {
          reportModelResponse: () => {
            throw new Error('the progress report broke');
          },
        },
      }),
    });
    const result = await session.prompt('hello');
    expect(result).toEqual({
      status: 'error',
      errorMessage: expect.stringMatching(/^the session machine failed: .*the progress report broke/),
      finalText: '',
      turns: 0,
      history: [{ role: 'user', parts: [{ text: 'hello' }] }],
      toolCalls: [],
      continuations: 0,
    });
    expect(events.filter((event) => event.type === 'done')).toEqual([{ type: 'done', result }]);
    expect(records.filter((record) => record.level === 'error').map((record) => record.message)).toEqual([
      expect.stringMatching(/^the session machine failed: .*the progress report broke/),
    ]);
    expect(session.ended).toBe(true);
    await expect(session.prompt('again')).rejects.toThrow(/has ended/);
    await session.end();
  });
});

describe("the Config's own session", () => {
  it("hooks fired outside any session are told the transcript of the session that has the Config's id, not a later session's", async () => {
    const told: string[] = [];
    const config = new Config({
      enableHooks: true,
      sessionId: 'main-session',
      workingDir: scratch.directory,
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'record',
          run: (input) => {
            told.push(`${input.session_id} ${input.transcript_path}`);
            return undefined;
          },
        },
      ],
    });
    const options = {
      config,
      generator: new FakeContentGenerator([]),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    };
    const main = createAgentSession(options);
    const later = createAgentSession({ ...options, sessionId: 'later-session' });
    expect(main.sessionId).toBe('main-session');
    expect(later.transcriptPath).not.toBe(main.transcriptPath);
    await executeToolWithHooks(config, 'read_file', { file_path: 'a' }, async () => ({
      llmContent: 'a',
      returnDisplay: 'a',
    }));
    expect(told).toEqual([`main-session ${main.transcriptPath}`]);
    await later.end();
    await main.end();
  });
});
