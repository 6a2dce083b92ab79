/**
 * The session transcript: one JSONL file in Claude Code's format, written as the session goes, so a
 * Stop hook reading `transcript_path` finds the final answer; and a session resumed from it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  Config,
  createAgentSession,
  DebugLogger,
  readTranscript,
  TranscriptError,
  type TranscriptEntry,
} from '../../src/index.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { FakeContentGenerator, callsTurn, textTurn } from '../helpers/modelFakeGenerator.js';
import {
  hookGroup,
  logEveryEvent,
  readEventLog,
  sessionFixtureCommand,
  useSessionScratch,
} from '../helpers/sessionHooks.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();

function entriesOf(path: string): TranscriptEntry[] {
  return readJsonLines<TranscriptEntry>(path);
}

describe('the session transcript', () => {
  it('exists, parses, and holds the final answer before the Stop hooks run (a hook reading transcript_path sees it)', async () => {
    const seen = scratch.file('seen.json');
    const config = new Config({
      enableHooks: true,
      hooks: { AfterAgent: hookGroup(sessionFixtureCommand('last-answer.mjs', seen)) },
      sessionId: 'transcript-session',
      workingDir: scratch.directory,
    });
    const generator = new FakeContentGenerator([
      callsTurn([{ name: 'read_file', args: { path: 'a.txt' }, id: 'call-7' }], 'Let me look.'),
      textTurn('The file says ', 'hello.'),
    ]);
    const session = createAgentSession({
      config,
      generator,
      tools: [recordingTool('read_file')],
      transcript: { directory: scratch.directory },
    });

    const result = await session.prompt('what does a.txt say?');
    await session.end();

    const hookSaw = JSON.parse(readFileSync(seen, 'utf8')) as {
      transcriptPath: string;
      lastAnswer: string;
      entryTypes: string[];
      promptResponse: string;
    };
    expect(hookSaw.transcriptPath).toBe(session.transcriptPath);
    expect(hookSaw.lastAnswer).toBe('The file says hello.');
    expect(hookSaw.lastAnswer).toBe(result.finalText);
    expect(hookSaw.promptResponse).toBe(result.finalText);
    expect(hookSaw.entryTypes).toEqual(['user', 'assistant', 'user', 'assistant']);

    const entries = entriesOf(session.transcriptPath);
    expect(session.transcriptPath).toBe(`${scratch.directory}/transcript-session.jsonl`);
    expect(entries.map((entry) => entry.message?.content)).toEqual([
      'what does a.txt say?',
      [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'call-7', name: 'read_file', input: { path: 'a.txt' } },
      ],
      [{ type: 'tool_result', tool_use_id: 'call-7', content: 'read_file({"path":"a.txt"}) done' }],
      [{ type: 'text', text: 'The file says hello.' }],
    ]);
    // Every entry names the session and the working directory, and links to the one before it.
    entries.forEach((entry, index) => {
      expect(entry).toMatchObject({
        sessionId: 'transcript-session',
        cwd: scratch.directory,
        isSidechain: false,
        parentUuid: index === 0 ? null : entries[index - 1]!.uuid,
      });
      expect(Number.isNaN(Date.parse(entry.timestamp))).toBe(false);
    });
    expect(entries[1]?.message).toMatchObject({ role: 'assistant', model: 'fake-model' });
  });

  it('by default the transcript is <os tmpdir>/hookrail/transcripts/<session id>.jsonl, and hooks are told so', async () => {
    const config = new Config({
      workingDir: scratch.directory,
      sessionId: `default-path-${process.pid}-${Date.now()}`,
    });
    const session = createAgentSession({ config, generator: new FakeContentGenerator([textTurn('hi')]), tools: [] });
    await session.prompt('hello');
    await session.end();
    try {
      expect(session.transcriptPath).toBe(join(tmpdir(), 'hookrail', 'transcripts', `${config.getSessionId()}.jsonl`));
      expect(config.getTranscriptPath()).toBe(session.transcriptPath);
      expect(entriesOf(session.transcriptPath)).toHaveLength(2);
    } finally {
      rmSync(session.transcriptPath, { force: true });
    }
  });

  it('tool calls without a model id still pair with their results, and errors are marked is_error', async () => {
    const broken = recordingTool('broken', () => ({
      llmContent: 'disk full',
      returnDisplay: 'disk full',
      error: { message: 'disk full' },
    }));
    const generator = new FakeContentGenerator([
      callsTurn([{ name: 'broken' }, { name: 'broken' }]),
      textTurn('failed twice'),
    ]);
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory }),
      generator,
      tools: [broken],
      transcript: { directory: scratch.directory },
    });
    await session.prompt('try');
    await session.end();
    const [, assistant, results] = entriesOf(session.transcriptPath);
    const ids = (assistant!.message!.content as Array<{ id: string }>).map((block) => block.id);
    expect(new Set(ids).size).toBe(2);
    expect(results?.message?.content).toEqual(
      ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: 'disk full', is_error: true })),
    );
  });

  it('resume: a new session on the same transcript starts with SessionStart source resume and the old conversation', async () => {
    const log = scratch.file('events.jsonl');
    const first = createAgentSession({
      config: new Config({ workingDir: scratch.directory, sessionId: 'resumable' }),
      generator: new FakeContentGenerator([
        callsTurn([{ name: 'read_file', id: 'r1' }], 'Reading.'),
        textTurn('It is empty.'),
      ]),
      tools: [recordingTool('read_file')],
      transcript: { directory: scratch.directory },
    });
    const firstResult = await first.prompt('check the file');
    await first.end();

    const generator = new FakeContentGenerator([textTurn('You asked about the file; it was empty.')]);
    const config = new Config({
      enableHooks: true,
      hooks: logEveryEvent(log),
      workingDir: scratch.directory,
      sessionId: 'resumable',
    });
    const resumed = createAgentSession({
      config,
      generator,
      tools: [recordingTool('read_file')],
      resume: first.transcriptPath,
    });
    expect(resumed.transcriptPath).toBe(first.transcriptPath);
    expect(resumed.history()).toEqual(firstResult.history);
    await resumed.prompt('what did I ask before?');
    await resumed.end();

    expect(readEventLog(log)[0]).toMatchObject({
      event: 'SessionStart',
      source: 'resume',
      transcript_path: first.transcriptPath,
    });
    expect((generator.requests[0]!.contents as Content[]).slice(0, 4)).toEqual(firstResult.history);
    // The resumed session appends to the same chain.
    const entries = entriesOf(first.transcriptPath);
    expect(entries).toHaveLength(6);
    expect(entries[4]?.parentUuid).toBe(entries[3]?.uuid);
    expect(readTranscript(first.transcriptPath).history).toHaveLength(6);
  });

  it('resume from a missing or malformed transcript is a TranscriptError naming the file and line', () => {
    const config = new Config({ workingDir: scratch.directory });
    const missing = scratch.file('missing.jsonl');
    expect(() =>
      createAgentSession({ config, generator: new FakeContentGenerator(), tools: [], resume: missing }),
    ).toThrow(TranscriptError);
    expect(() =>
      createAgentSession({ config, generator: new FakeContentGenerator(), tools: [], resume: missing }),
    ).toThrow(`${missing}: transcript file not found`);
    const malformed = scratch.file('bad.jsonl');
    writeFileSync(malformed, '{"type":"user","message":{"role":"user","content":"hi"}}\n{not json\n');
    expect(() => readTranscript(malformed)).toThrow(new RegExp(`^${malformed}: line 2: not valid JSON`));
  });

  it('a transcript that cannot be written is one warning naming the file; the session goes on', async () => {
    const blocker = scratch.file('not-a-directory');
    writeFileSync(blocker, 'a file where a directory should be');
    const warnings: string[] = [];
    const logger = new DebugLogger('test', {
      sink: (record) => (record.level === 'warn' ? warnings.push(record.message) : undefined),
    });
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory, logger }),
      generator: new FakeContentGenerator([textTurn('fine')]),
      tools: [],
      transcript: { path: `${blocker}/t.jsonl` },
    });
    const result = await session.prompt('hi');
    await session.end();
    expect(result.status).toBe('completed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${blocker}/t.jsonl: cannot write the session transcript`);
  });
});
