/**
 * The session's own lifecycle with real hooks: SessionEnd gets a short bounded time, clear() ends
 * and restarts the conversation, notify() fires Notification, end() during a prompt aborts it, and
 * the session machine's transitions are recorded as JSONL inspection records.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  Config,
  createAgentSession,
  type AgentEvent,
  type HooksSettings,
  type LogRecord,
  type TranscriptEntry,
} from '../../src/index.js';
import { DEFAULT_SESSION_END_TIMEOUT_MS } from '../../src/engine.js';
import { waitingTool } from '../helpers/modelAgentTools.js';
import { FakeContentGenerator, callsTurn, textTurn } from '../helpers/modelFakeGenerator.js';
import { processExists } from '../helpers/modelHooks.js';
import { waitFor } from '../helpers/waiting.js';
import {
  SESSION_END_WAIT_MS,
  hookGroup,
  readEventLog,
  sessionFixtureCommand,
  useSessionScratch,
} from '../helpers/sessionHooks.js';
import { recordingConfig } from '../helpers/systemFixtures.js';
import { recordsAt } from '../helpers/hookFixtures.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();

/** An enabled Config with these hooks, run in the scratch directory; `records` holds what it logged. */
function sessionConfig(hooks: HooksSettings): { config: Config; records: LogRecord[] } {
  return recordingConfig({ hooks, workingDir: scratch.directory });
}

describe('SessionEnd', () => {
  it('a SessionEnd hook that hangs is cancelled after the bounded time: end() resolves, the hook process is killed, a warning says so', async () => {
    const pidFile = scratch.file('end.pid');
    const { config, records } = sessionConfig({
      SessionEnd: hookGroup(`sh -c 'echo $$ > "${pidFile}"; exec sleep 120'`, 60_000),
    });
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator(),
      tools: [],
      sessionEndTimeoutMs: 300,
      transcript: { directory: scratch.directory },
      onEvent: (event) => events.push(event),
    });
    // The bound starts when ending starts; make sure the hook has really started before it runs out.
    await session.end('other');
    expect(events.at(-1)).toEqual({ type: 'session_end', reason: 'other', timedOut: true });
    expect(recordsAt(records, 'warn').map((record) => record.message)).toContain(
      'SessionEnd hooks (reason "other") did not finish within 300 ms and were cancelled',
    );
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8'));
      await waitFor(() => !processExists(pid), `SessionEnd hook ${pid} to be gone`);
    }
  });

  it('without sessionEndTimeoutMs, SessionEnd hooks get the default 1.5 s (DEFAULT_SESSION_END_TIMEOUT_MS), then are cancelled', async () => {
    expect(DEFAULT_SESSION_END_TIMEOUT_MS).toBe(1_500);
    const { config, records } = sessionConfig({ SessionEnd: hookGroup(`sh -c 'exec sleep 120'`, 60_000) });
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator(),
      tools: [],
      transcript: { directory: scratch.directory },
      onEvent: (event) => events.push(event),
    });
    await session.end('other');
    expect(events.at(-1)).toEqual({ type: 'session_end', reason: 'other', timedOut: true });
    expect(recordsAt(records, 'warn').map((record) => record.message)).toContain(
      'SessionEnd hooks (reason "other") did not finish within 1500 ms and were cancelled',
    );
  });

  it('end() during a prompt aborts the prompt (its tool sees the abort), then SessionEnd fires', async () => {
    const log = scratch.file('events.jsonl');
    const { config } = sessionConfig({ SessionEnd: hookGroup(sessionFixtureCommand('log-event.py', log)) });
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => (release = resolve));
    const slow = waitingTool('slow', () => release());
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator([callsTurn([{ name: 'slow' }])]),
      tools: [slow],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    const pending = session.prompt('take your time');
    await started;
    await session.end();
    const result = await pending;
    expect(result.status).toBe('aborted');
    expect(slow.aborted).toBe(1);
    expect(readEventLog(log).map((entry) => [entry.event, entry.reason])).toEqual([['SessionEnd', 'exit']]);
  });
});

describe('clear and notify', () => {
  it('clear(): SessionEnd (clear), the history is emptied and the transcript gets a clear boundary, SessionStart (clear)', async () => {
    const log = scratch.file('events.jsonl');
    const command = sessionFixtureCommand('log-event.py', log);
    const { config } = sessionConfig({ SessionStart: hookGroup(command), SessionEnd: hookGroup(command) });
    const generator = new FakeContentGenerator([textTurn('first answer'), textTurn('second answer')]);
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    await session.prompt('first');
    await session.clear();
    expect(session.history()).toEqual([]);
    await session.prompt('second');
    await session.end();
    expect(readEventLog(log).map((entry) => [entry.event, entry.source ?? entry.reason])).toEqual([
      ['SessionStart', 'startup'],
      ['SessionEnd', 'clear'],
      ['SessionStart', 'clear'],
      ['SessionEnd', 'exit'],
    ]);
    expect(generator.requests[1]?.contents).toEqual([{ role: 'user', parts: [{ text: 'second' }] }]);
    const entries = readJsonLines(session.transcriptPath) as unknown as TranscriptEntry[];
    expect(entries.map((entry) => entry.subtype ?? entry.type)).toEqual([
      'user',
      'assistant',
      'clear_boundary',
      'user',
      'assistant',
    ]);
  });

  it('notify(type, message, details) fires Notification; its systemMessage is shown to the user', async () => {
    const log = scratch.file('events.jsonl');
    const { config } = sessionConfig({
      Notification: [
        {
          hooks: [
            { type: 'command', command: sessionFixtureCommand('log-event.py', log) },
            {
              type: 'command',
              command: `sh -c 'cat >/dev/null; echo "{\\"systemMessage\\":\\"desktop alert sent\\"}"'`,
            },
          ],
        },
      ],
    });
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator(),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      onEvent: (event) => events.push(event),
    });
    await session.notify('ToolPermission', 'write_file needs your approval', { tool_name: 'write_file' });
    await session.end();
    expect(readEventLog(log)[0]?.input).toMatchObject({
      hook_event_name: 'Notification',
      notification_type: 'ToolPermission',
      message: 'write_file needs your approval',
      details: { tool_name: 'write_file' },
      transcript_path: session.transcriptPath,
    });
    expect(events).toContainEqual({ type: 'hook_message', eventName: 'Notification', message: 'desktop alert sent' });
  });
});

describe('inspection', () => {
  it("with inspect { file } the session machine's transitions are recorded as JSONL next to the model-call and tool-call machines", async () => {
    const file = scratch.file('inspect.jsonl');
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory }),
      generator: new FakeContentGenerator([callsTurn([{ name: 'slow' }]), textTurn('ok')]),
      tools: [
        {
          name: 'slow',
          description: 'answers at once',
          async execute() {
            return { llmContent: 'done', returnDisplay: 'done' };
          },
        },
      ],
      inspect: { file },
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    await session.prompt('go');
    await session.end();
    await new Promise((resolve) => setImmediate(resolve));
    const records = readJsonLines(file) as Array<{ machineId?: string; type: string; value?: unknown }>;
    const sessionStates = records
      .filter((record) => record.machineId === 'session' && record.type === '@xstate.snapshot')
      .map((record) => JSON.stringify(record.value));
    expect(sessionStates).toEqual(
      expect.arrayContaining([
        '"idle"',
        '"beforeAgent"',
        '{"turn":"callingModel"}',
        '{"turn":"runningTools"}',
        '"stopCheck"',
        '"ending"',
        '"done"',
      ]),
    );
    const machines = new Set(records.flatMap((record) => (record.machineId ? [record.machineId] : [])));
    expect(machines).toEqual(new Set(['session', 'modelCall', 'scheduler', 'toolCall']));
  });
});
