/**
 * Several sessions at once on one Config: every hook a session fires is told that session's own id and
 * transcript (and a Claude SessionStart hook its own CLAUDE_ENV_FILE), every decision and context a hook
 * gives reaches the session it was given for, and async hooks' messages reach only the model of the
 * session that started them. The hooks are one real Claude Code hook script (`per-session.py`) that
 * logs what it receives and answers from that alone, naming the session it was told.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AgentSessionError,
  claudeEnvFilePath,
  Config,
  createAgentSession,
  executeToolWithHooks,
  flushInspectionFiles,
  removeClaudeEnvFile,
  type AgentRunResult,
  type AgentSession,
  type HooksSettings,
} from '../../src/index.js';
import { parseScenario, ScriptedContentGenerator } from '../../src/testing.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { SESSION_END_WAIT_MS, sessionFixtureCommand, useSessionScratch } from '../helpers/sessionHooks.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();
const SESSIONS = 4;

/** One line `per-session.py` logged. */
interface LoggedHook {
  event: string;
  async: boolean;
  session_id: string;
  transcript_path: string;
  env_file: string | null;
  transcript_sessions: string[];
  transcript_texts: string[];
  input: Record<string, unknown>;
}

/** The script on every event it answers; PostToolUse also as an async hook. */
function perSessionHooks(log: string): HooksSettings {
  const hook = { type: 'command' as const, command: sessionFixtureCommand('per-session.py', log), timeout: 60 };
  const asyncHook = { ...hook, command: sessionFixtureCommand('per-session.py', log, '--async'), async: true };
  return {
    SessionStart: [{ hooks: [hook] }],
    UserPromptSubmit: [{ hooks: [hook] }],
    PreToolUse: [{ matcher: 'Read', hooks: [hook] }],
    PostToolUse: [{ matcher: 'Read', hooks: [hook, asyncHook] }],
    Stop: [{ hooks: [hook] }],
    SessionEnd: [{ hooks: [hook] }],
  } as unknown as HooksSettings;
}

/** Session `index`'s model: reads its file, answers, answers again after the Stop hook's block; the same for the second prompt. */
function sessionModel(index: number): ScriptedContentGenerator {
  return new ScriptedContentGenerator(
    parseScenario(
      {
        name: `session-${index}`,
        turns: [
          {
            text: `Reading for task ${index}.`,
            functionCalls: [{ name: 'read_file', args: { file_path: filePathOf(index) } }],
          },
          { text: `Task ${index} read.` },
          { text: `Task ${index} checked again.` },
          { text: `Second answer ${index}.` },
          { text: `Second answer ${index} checked again.` },
        ],
      },
      `session-${index}.json`,
    ),
  );
}

/** Odd sessions ask for a file the PreToolUse hook denies. */
function filePathOf(index: number): string {
  return index % 2 === 1 ? `secret-${index}.txt` : `notes-${index}.txt`;
}

/** Every text the model was sent in one request. */
function requestTexts(generator: ScriptedContentGenerator, request: number): string {
  return JSON.stringify(generator.requests[request]?.contents ?? []);
}

let environmentFiles: string[] = [];
afterEach(async () => {
  await Promise.all(environmentFiles.map((file) => removeClaudeEnvFile(file)));
  environmentFiles = [];
});

describe('sessions on one Config', () => {
  it('HOOK-062: four sessions prompting at once each get their own session_id, transcript_path, CLAUDE_ENV_FILE, decisions, context and async messages', async () => {
    const log = scratch.file('hooks.jsonl');
    const config = new Config({
      enableHooks: true,
      hooks: perSessionHooks(log),
      sessionId: 'host-session',
      workingDir: scratch.directory,
    });
    const generators = Array.from({ length: SESSIONS }, (_, index) => sessionModel(index));
    const sessions: AgentSession[] = generators.map((generator) =>
      createAgentSession({
        config,
        generator,
        tools: [
          recordingTool('read_file', (args) => ({
            llmContent: `contents of ${String(args['file_path'])}`,
            returnDisplay: 'read',
          })),
        ],
        transcript: { directory: scratch.directory },
        sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      }),
    );
    const ids = sessions.map((session) => session.sessionId);
    environmentFiles = ids;
    // The first session takes the Config's id; each later one a fresh id of its own.
    expect(ids[0]).toBe('host-session');
    expect(new Set(ids).size).toBe(SESSIONS);
    expect(new Set(sessions.map((session) => session.transcriptPath)).size).toBe(SESSIONS);

    const first: AgentRunResult[] = await Promise.all(
      sessions.map((session, index) => session.prompt(`first task of session ${index}`)),
    );
    // Every async hook has answered before the second prompts: their messages go to their own session's next request.
    await config.getHookSystem()!.waitForAsyncHooks();
    const second: AgentRunResult[] = await Promise.all(
      sessions.map((session, index) => session.prompt(`second task of session ${index}`)),
    );
    await Promise.all(sessions.map((session) => session.end()));

    const logged = readJsonLines(log) as unknown as LoggedHook[];
    const transcriptOf = new Map(sessions.map((session) => [session.sessionId, session.transcriptPath]));
    // No hook was told an id that is not one of the sessions', nor another session's transcript.
    for (const line of logged) {
      expect(transcriptOf.has(line.session_id), `${line.event} told ${line.session_id}`).toBe(true);
      expect(line.transcript_path).toBe(transcriptOf.get(line.session_id));
      expect(line.input['session_id']).toBe(line.session_id);
      // The transcript it was pointed at holds its session's entries only.
      expect(line.transcript_sessions.every((id) => id === line.session_id)).toBe(true);
    }

    sessions.forEach((session, index) => {
      const id = session.sessionId;
      const others = ids.filter((other) => other !== id);
      const own = logged.filter((line) => line.session_id === id);
      const events = own.filter((line) => !line.async).map((line) => line.event);
      const denied = index % 2 === 1;
      expect(events.filter((event) => event === 'SessionStart')).toHaveLength(1);
      expect(events.filter((event) => event === 'UserPromptSubmit')).toHaveLength(2);
      expect(events.filter((event) => event === 'PreToolUse')).toHaveLength(1);
      expect(events.filter((event) => event === 'PostToolUse')).toHaveLength(denied ? 0 : 1);
      expect(events.filter((event) => event === 'Stop')).toHaveLength(4);
      expect(events.filter((event) => event === 'SessionEnd')).toHaveLength(1);
      expect(own.filter((line) => line.async).map((line) => line.event)).toEqual(denied ? [] : ['PostToolUse']);

      // What the hooks were given is this session's: its prompts in UserPromptSubmit, its file in PreToolUse,
      // and the transcript a Stop hook reads holds this session's prompts and the context given to it.
      expect(own.filter((line) => line.event === 'UserPromptSubmit').map((line) => line.input['prompt'])).toEqual([
        `first task of session ${index}`,
        `second task of session ${index}`,
      ]);
      expect(own.find((line) => line.event === 'PreToolUse')!.input['tool_input']).toMatchObject({
        file_path: expect.stringContaining(filePathOf(index)),
      });
      const lastStop = own.filter((line) => line.event === 'Stop').at(-1)!;
      expect(lastStop.transcript_texts).toEqual(
        expect.arrayContaining([
          `start ${id}`,
          `first task of session ${index}`,
          `context for ${id}`,
          `keep going ${id}`,
          `second task of session ${index}`,
        ]),
      );
      for (const line of own)
        for (const other of others) expect(JSON.stringify(line.transcript_texts)).not.toContain(other);

      // The Claude env file is the session's own, and holds what its SessionStart hook wrote.
      const start = own.find((line) => line.event === 'SessionStart')!;
      expect(start.env_file).toBe(claudeEnvFilePath(id));
      expect(readFileSync(claudeEnvFilePath(id), 'utf8')).toBe(`export SESSION_MARK=${id}\n`);

      // Decisions: odd sessions' reads were denied with their own session's reason; even sessions' ran
      // and carry their own PostToolUse context.
      const call = first[index]!.toolCalls[0]!;
      if (denied) {
        expect(call.outcome).toBe('blocked');
        expect(call.result.llmContent).toContain(`no secrets for ${id}`);
      } else {
        expect(call.outcome).toBe('success');
        expect(call.result.llmContent).toContain(`contents of notes-${index}.txt`);
        expect(call.result.llmContent).toContain(`after ${id}`);
      }
      for (const result of [first[index]!, second[index]!]) {
        expect(result.status).toBe('completed');
        expect(result.continuations).toBe(1);
      }

      // The model of this session saw its own context, its own Stop reasons, its own async message (once,
      // in a request after the tool ran and at the latest in the second prompt's first), and nothing of
      // any other session.
      const generator = generators[index]!;
      expect(generator.requests).toHaveLength(5);
      expect(requestTexts(generator, 0)).toContain(`start ${id}`);
      expect(requestTexts(generator, 0)).toContain(`context for ${id}`);
      expect(requestTexts(generator, 2)).toContain(`keep going ${id}`);
      const asyncMessage = JSON.stringify(`[System] async ${id}`);
      const carrying = [1, 2, 3].filter((request) => requestTexts(generator, request).includes(asyncMessage));
      expect(carrying).toHaveLength(denied ? 0 : 1);
      for (let request = 0; request < 5; request += 1)
        for (const other of others) expect(requestTexts(generator, request)).not.toContain(other);

      // Its transcript file is its own.
      const entries = readJsonLines(session.transcriptPath);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((entry) => entry['sessionId'] === id)).toBe(true);
    });
  }, 180_000);

  it("HOOK-062, HOOK-215: a fire outside any session is told the Config's id and the transcript of the session that took that id", async () => {
    const log = scratch.file('outside.jsonl');
    const config = new Config({
      enableHooks: true,
      hooks: perSessionHooks(log),
      sessionId: 'host-session',
      workingDir: scratch.directory,
    });
    const session = createAgentSession({
      config,
      generator: sessionModel(0),
      tools: [],
      transcript: { directory: scratch.directory },
    });
    const later = createAgentSession({
      config,
      generator: sessionModel(1),
      tools: [],
      transcript: { directory: scratch.directory },
    });
    environmentFiles = [session.sessionId, later.sessionId];
    const result = await executeToolWithHooks(config, 'read_file', { file_path: 'secret.txt' }, async () => ({
      llmContent: 'ran',
      returnDisplay: 'ran',
    }));
    await Promise.all([session.end(), later.end()]);
    expect(result.llmContent).toContain('no secrets for host-session');
    const preToolUse = (readJsonLines(log) as unknown as LoggedHook[]).filter((line) => line.event === 'PreToolUse');
    expect(preToolUse).toHaveLength(1);
    expect(preToolUse[0]!.session_id).toBe('host-session');
    expect(preToolUse[0]!.transcript_path).toBe(session.transcriptPath);
    expect(config.getTranscriptPath()).toBe(session.transcriptPath);
  });

  it('a session takes the sessionId it is given; an id an open session has is refused until that session ends, and an empty one always', async () => {
    const config = new Config({ sessionId: 'host-session', workingDir: scratch.directory });
    const options = { config, generator: sessionModel(0), tools: [], transcript: { directory: scratch.directory } };
    const named = createAgentSession({ ...options, sessionId: 'user-42' });
    expect(named.sessionId).toBe('user-42');
    expect(() => createAgentSession({ ...options, sessionId: 'user-42' })).toThrow(AgentSessionError);
    expect(() => createAgentSession({ ...options, sessionId: 'user-42' })).toThrow(
      'a session with id "user-42" is still open on this Config',
    );
    expect(() => createAgentSession({ ...options, sessionId: '' })).toThrow(
      'createAgentSession sessionId must be a non-empty string, got ""',
    );
    // A named session leaves the Config's id to the first session created without one.
    const unnamed = createAgentSession(options);
    expect(unnamed.sessionId).toBe('host-session');
    expect(() => createAgentSession({ ...options, sessionId: 'host-session' })).toThrow(AgentSessionError);
    const fresh = createAgentSession(options);
    expect(fresh.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await named.end();
    const again = createAgentSession({ ...options, sessionId: 'user-42' });
    expect(again.sessionId).toBe('user-42');
    await Promise.all([again.end(), unnamed.end(), fresh.end()]);
  });

  it("onAskUser is told the sessionId of the session whose call asks, and each session's answer applies to its own call", async () => {
    const asked: Array<{ sessionId: string; path: unknown }> = [];
    const config = new Config({
      enableHooks: true,
      workingDir: scratch.directory,
      functionHooks: [
        { event: 'BeforeTool', name: 'confirm-reads', run: () => ({ decision: 'ask', reason: 'reading needs a yes' }) },
      ],
      // Each session's user answers for their own files: allow only a path naming the session that asks.
      onAskUser: async (request) => {
        asked.push({ sessionId: request.sessionId, path: request.toolInput['file_path'] });
        return String(request.toolInput['file_path']).startsWith(request.sessionId) ? 'allow' : 'deny';
      },
    });
    const reader = recordingTool('read_file', (args) => ({
      llmContent: `read ${String(args['file_path'])}`,
      returnDisplay: 'read',
    }));
    const sessionWith = (sessionId: string, path: string) =>
      createAgentSession({
        config,
        sessionId,
        generator: new ScriptedContentGenerator(
          parseScenario(
            { turns: [{ functionCalls: [{ name: 'read_file', args: { file_path: path } }] }, { text: 'done' }] },
            `${sessionId}.json`,
          ),
        ),
        tools: [reader],
        transcript: { directory: scratch.directory },
      });
    // Alice asks for her own file; Bob for Alice's.
    const alice = sessionWith('alice', 'alice-notes.txt');
    const bob = sessionWith('bob', 'alice-notes.txt');
    const [aliceResult, bobResult] = await Promise.all([alice.prompt('read my notes'), bob.prompt('read the notes')]);
    await Promise.all([alice.end(), bob.end()]);
    expect(asked.sort((left, right) => left.sessionId.localeCompare(right.sessionId))).toEqual([
      { sessionId: 'alice', path: 'alice-notes.txt' },
      { sessionId: 'bob', path: 'alice-notes.txt' },
    ]);
    expect(aliceResult.toolCalls[0]!.outcome).toBe('success');
    expect(bobResult.toolCalls[0]!.outcome).toBe('blocked');
    expect(bobResult.toolCalls[0]!.asked?.decision).toBe('deny');
  });

  it("each session's inspect file records its own hooks only", async () => {
    const config = new Config({
      enableHooks: true,
      workingDir: scratch.directory,
      functionHooks: [
        {
          event: 'BeforeAgent',
          name: 'note',
          run: (input) => ({ hookSpecificOutput: { additionalContext: `note for ${input.session_id}` } }),
        },
      ],
    });
    const files = { alice: scratch.file('alice.inspect.jsonl'), bob: scratch.file('bob.inspect.jsonl') };
    const sessions = (['alice', 'bob'] as const).map((sessionId) =>
      createAgentSession({
        config,
        sessionId,
        generator: new ScriptedContentGenerator(parseScenario({ turns: [{ text: 'ok' }] }, `${sessionId}.json`)),
        tools: [],
        transcript: { directory: scratch.directory },
        inspect: { file: files[sessionId] },
      }),
    );
    await Promise.all(sessions.map((session) => session.prompt('hello')));
    await Promise.all(sessions.map((session) => session.end()));
    flushInspectionFiles();
    for (const sessionId of ['alice', 'bob'] as const) {
      const hookRecords = readJsonLines(files[sessionId]).filter((record) => record['type'] === 'hookrail.hook');
      expect(hookRecords).toHaveLength(1);
      expect((hookRecords[0]!['input'] as Record<string, unknown>)['session_id']).toBe(sessionId);
    }
  });
});
