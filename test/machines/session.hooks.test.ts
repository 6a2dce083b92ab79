import { describe, expect, it } from 'vitest';
import {
  type Config,
  createAgentSession,
  type AgentEvent,
  type HooksSettings,
  type LogRecord,
} from '../../src/index.js';
import { fixtureCommand } from '../helpers/hookFixtures.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { FakeContentGenerator, callsTurn, textTurn } from '../helpers/modelFakeGenerator.js';
import {
  SESSION_END_WAIT_MS,
  hookGroup,
  logEveryEvent,
  readEventLog,
  sessionFixtureCommand,
  textsOf,
  useSessionScratch,
} from '../helpers/sessionHooks.js';
import { recordingConfig } from '../helpers/systemFixtures.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();

function sessionConfig(hooks: HooksSettings): { config: Config; records: LogRecord[] } {
  return recordingConfig({ hooks, workingDir: scratch.directory });
}

describe('the session fires every lifecycle event, in order', () => {
  it('HOOK-203: SessionStart, BeforeAgent, per turn the model and tool events, AfterAgent, SessionEnd — each with the transcript path', async () => {
    const log = scratch.file('events.jsonl');
    const { config } = sessionConfig(logEveryEvent(log));
    const generator = new FakeContentGenerator([
      callsTurn([{ name: 'read_file', args: { path: 'a.txt' } }], 'Reading.'),
      textTurn('It says hi.'),
    ]);
    const session = createAgentSession({
      config,
      generator,
      tools: [recordingTool('read_file')],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });

    const result = await session.prompt('what is in a.txt?');
    await session.end();

    expect(result.status).toBe('completed');
    const events = readEventLog(log);
    expect(events.map((entry) => entry.event)).toEqual([
      'SessionStart',
      'BeforeAgent',
      'BeforeToolSelection',
      'BeforeModel',
      'AfterModel',
      'BeforeTool',
      'AfterTool',
      'BeforeToolSelection',
      'BeforeModel',
      'AfterModel',
      'AfterAgent',
      'SessionEnd',
    ]);
    expect(events[0]).toMatchObject({ source: 'startup' });
    expect(events.at(-2)).toMatchObject({ stop_hook_active: false });
    expect(events.at(-1)).toMatchObject({ reason: 'exit' });
    expect(new Set(events.map((entry) => entry.transcript_path))).toEqual(new Set([session.transcriptPath]));
    expect(session.transcriptPath.startsWith(scratch.directory)).toBe(true);
  });

  it('SessionEnd fires once however often end() is called, and a prompt after it is refused with a clear error', async () => {
    const log = scratch.file('events.jsonl');
    const { config } = sessionConfig({ SessionEnd: hookGroup(sessionFixtureCommand('log-event.py', log)) });
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator(),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    await Promise.all([session.end('logout'), session.end('other')]);
    await session.end();
    expect(readEventLog(log).map((entry) => [entry.event, entry.reason])).toEqual([['SessionEnd', 'logout']]);
    expect(session.ended).toBe(true);
    await expect(session.prompt('anyone there?')).rejects.toThrow(/has ended/);
  });
});

describe('SessionStart and BeforeAgent outputs', () => {
  it('a SessionStart additionalContext joins the context the model sees; a systemMessage is shown to the user', async () => {
    const { config } = sessionConfig({
      SessionStart: [
        {
          hooks: [
            { type: 'command', command: sessionFixtureCommand('session-context.sh', 'Project uses pnpm, not npm.') },
            { type: 'command', command: fixtureCommand('respond.sh', '0', '{"systemMessage":"loaded project notes"}') },
          ],
        },
      ],
      SessionEnd: hookGroup(fixtureCommand('respond.sh', '0', '{"systemMessage":"bye from SessionEnd"}')),
    });
    const generator = new FakeContentGenerator([textTurn('Noted.')]);
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      onEvent: (event) => events.push(event),
    });
    await session.prompt('install the deps');
    await session.end();
    expect(textsOf(generator.requests[0]?.contents)).toEqual(['Project uses pnpm, not npm.', 'install the deps']);
    expect(events).toContainEqual({ type: 'hook_message', eventName: 'SessionStart', message: 'loaded project notes' });
    expect(events).toContainEqual({ type: 'hook_message', eventName: 'SessionEnd', message: 'bye from SessionEnd' });
    expect(events.find((event) => event.type === 'session_start')).toEqual({
      type: 'session_start',
      source: 'startup',
      transcriptPath: session.transcriptPath,
    });
    expect(events.at(-1)).toEqual({ type: 'session_end', reason: 'exit', timedOut: false });
  });

  it("HOOK-211: BeforeAgent context hooks (sequential, chained) put their text into the model's request with the prompt", async () => {
    const { config } = sessionConfig({
      BeforeAgent: [
        {
          sequential: true,
          hooks: [
            { type: 'command', command: fixtureCommand('add-context.js', 'git status: 2 files modified') },
            { type: 'command', command: fixtureCommand('add-context.js', 'branch: feature/x') },
          ],
        },
      ],
    });
    const generator = new FakeContentGenerator([textTurn('ok')]);
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    const result = await session.prompt('commit my work');
    await session.end();
    expect(result.status).toBe('completed');
    expect(textsOf(generator.requests[0]?.contents)).toEqual([
      'commit my work',
      'git status: 2 files modified\nbranch: feature/x',
    ]);
  });

  it('a blocking BeforeAgent hook keeps the prompt from the model: status blocked with the reason, nothing in the history', async () => {
    const log = scratch.file('events.jsonl');
    const { config } = sessionConfig({
      ...logEveryEvent(log),
      BeforeAgent: hookGroup(sessionFixtureCommand('prompt-guard.sh')),
    });
    const generator = new FakeContentGenerator([textTurn('never')]);
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      onEvent: (event) => events.push(event),
    });
    const result = await session.prompt('my key is sk-123');
    expect(result).toMatchObject({ status: 'blocked', blockReason: 'Prompt contains a secret; not sent.', turns: 0 });
    expect(generator.streamsOpened).toBe(0);
    expect(session.history()).toEqual([]);
    expect(events).toContainEqual({ type: 'prompt_blocked', reason: 'Prompt contains a secret; not sent.' });
    // The session goes on: the next prompt is answered.
    expect((await session.prompt('hello')).status).toBe('completed');
    await session.end();
    // Only the second prompt reached the model.
    expect(readEventLog(log).map((entry) => entry.event)).toEqual([
      'SessionStart',
      'BeforeToolSelection',
      'BeforeModel',
      'AfterModel',
      'AfterAgent',
      'SessionEnd',
    ]);
  });

  it('with stopEndsSession, a BeforeAgent continue:false ends the session: status stopped, SessionEnd with reason other, later prompts refused', async () => {
    const log = scratch.file('events.jsonl');
    const { config } = sessionConfig({
      BeforeAgent: hookGroup(
        fixtureCommand('respond.sh', '0', '{"continue":false,"stopReason":"outside working hours"}'),
      ),
      SessionEnd: hookGroup(sessionFixtureCommand('log-event.py', log)),
    });
    const generator = new FakeContentGenerator([textTurn('never')]);
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      stopEndsSession: true,
    });
    const result = await session.prompt('deploy');
    expect(result).toMatchObject({ status: 'stopped', stopReason: 'outside working hours', sessionEnded: true });
    expect(generator.streamsOpened).toBe(0);
    expect(session.ended).toBe(true);
    expect(readEventLog(log).map((entry) => [entry.event, entry.reason])).toEqual([['SessionEnd', 'other']]);
    await expect(session.prompt('again')).rejects.toThrow(/has ended/);
  });
});

describe('lifecycle systemMessages', () => {
  it('a systemMessage from BeforeAgent, AfterAgent and PreCompress hooks is shown to the user, naming the event', async () => {
    const say = (message: string) =>
      hookGroup(fixtureCommand('respond.sh', '0', JSON.stringify({ systemMessage: message })));
    const { config } = sessionConfig({
      BeforeAgent: say('prompt checked'),
      AfterAgent: say('answer checked'),
      PreCompress: say('saving notes first'),
    });
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator([textTurn('one'), textTurn('summary of one')]),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      onEvent: (event) => events.push(event),
    });
    await session.prompt('first');
    expect(await session.compact()).toMatchObject({ trigger: 'manual', strategy: 'summarize' });
    await session.end();
    expect(events.filter((event) => event.type === 'hook_message')).toEqual([
      { type: 'hook_message', eventName: 'BeforeAgent', message: 'prompt checked' },
      { type: 'hook_message', eventName: 'AfterAgent', message: 'answer checked' },
      { type: 'hook_message', eventName: 'PreCompress', message: 'saving notes first' },
    ]);
  });
});

describe('AfterAgent / Stop hooks that make the agent go on', () => {
  it('a Stop hook that blocks twice: two more turns with its reasons as user messages, stop_hook_active on re-entry, then the agent stops', async () => {
    const state = scratch.file('stop-state');
    const { config } = sessionConfig({ AfterAgent: hookGroup(sessionFixtureCommand('stop-until.sh', state, '2')) });
    const generator = new FakeContentGenerator([textTurn('Done.'), textTurn('Ran the tests.'), textTurn('All green.')]);
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      onEvent: (event) => events.push(event),
    });

    const result = await session.prompt('fix the bug');
    await session.end();

    expect(result).toMatchObject({ status: 'completed', finalText: 'All green.', turns: 3, continuations: 2 });
    expect(generator.streamsOpened).toBe(3);
    expect(textsOf(generator.requests[1]?.contents).at(-1)).toBe('Keep going: round 1');
    expect(textsOf(generator.requests[2]?.contents).at(-1)).toBe('Keep going: round 2');
    const inputs = readJsonLines(`${state}.inputs`);
    expect(inputs.map((input) => [input['stop_hook_active'], input['prompt_response']])).toEqual([
      [false, 'Done.'],
      [true, 'Ran the tests.'],
      [true, 'All green.'],
    ]);
    expect(events.filter((event) => event.type === 'continued')).toEqual([
      { type: 'continued', turn: 1, reason: 'Keep going: round 1', continuation: 1 },
      { type: 'continued', turn: 2, reason: 'Keep going: round 2', continuation: 2 },
    ]);
  });

  it('a Stop hook that always blocks is stopped by the default bound of 8 continuations, with a clear message', async () => {
    const { config } = sessionConfig({ AfterAgent: hookGroup(sessionFixtureCommand('always-block.sh')) });
    const generator = new FakeContentGenerator();
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    const result = await session.prompt('finish it');
    await session.end();
    expect(result.status).toBe('continuation_limit');
    expect(result.continuations).toBe(8);
    expect(generator.streamsOpened).toBe(9);
    expect(result.stopReason).toBe(
      'an AfterAgent (Stop) hook asked the agent to go on again after 8 continuations; stopped by the limit of 8 per prompt (maxContinuations)',
    );
  });

  it('maxContinuations is configurable, counts per prompt, and the next prompt starts with stop_hook_active false', async () => {
    const log = scratch.file('events.jsonl');
    const { config } = sessionConfig({
      AfterAgent: [
        {
          hooks: [
            { type: 'command', command: sessionFixtureCommand('always-block.sh') },
            { type: 'command', command: sessionFixtureCommand('log-event.py', log) },
          ],
        },
      ],
    });
    const generator = new FakeContentGenerator();
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      maxContinuations: 1,
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    const first = await session.prompt('one');
    const second = await session.prompt('two');
    await session.end();
    expect([first.status, first.continuations, second.status, second.continuations]).toEqual([
      'continuation_limit',
      1,
      'continuation_limit',
      1,
    ]);
    expect(readEventLog(log).map((entry) => entry.stop_hook_active)).toEqual([false, true, false, true]);
    expect(first.stopReason).toBe(
      'an AfterAgent (Stop) hook asked the agent to go on again after 1 continuation; stopped by the limit of 1 per prompt (maxContinuations)',
    );
  });

  it('with stopEndsSession, an AfterAgent continue:false ends the session after the answer', async () => {
    const { config } = sessionConfig({
      AfterAgent: hookGroup(fixtureCommand('respond.sh', '0', '{"continue":false,"stopReason":"budget spent"}')),
    });
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator([textTurn('Answer.')]),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      stopEndsSession: true,
    });
    const result = await session.prompt('q');
    expect(result).toMatchObject({
      status: 'stopped',
      stopReason: 'budget spent',
      finalText: 'Answer.',
      sessionEnded: true,
    });
    expect(session.ended).toBe(true);
  });
});
