/**
 * Compaction: when the history passes its token budget the session fires PreCompress, replaces the
 * older turns with a summary (or a truncation note) without splitting a function call from its
 * response, fires SessionStart with source compact, and goes on. Also `compact()` on request.
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { Config, createAgentSession, DebugLogger, type AgentEvent, type TranscriptEntry } from '../../src/index.js';
import { parseScenario, ScriptedContentGenerator } from '../../src/testing.js';
import { estimateTokens, findCompactionCut, truncateHistory } from '../../src/engine.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';
import { hookGroup, readEventLog, sessionFixtureCommand, useSessionScratch } from '../helpers/sessionHooks.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();

/** A tool whose every answer is long, so a few turns pass a small budget. */
const bigReader = recordingTool('read_file', (args) => {
  const text = `contents of ${String(args['path'])}: ${'lorem ipsum '.repeat(150)}`;
  return { llmContent: text, returnDisplay: text };
});

/** A scripted session: eight reads, then an answer. */
function longScenario() {
  return parseScenario(
    {
      name: 'long',
      turns: [
        ...Array.from({ length: 8 }, (_, index) => ({
          text: `Reading part ${index + 1}.`,
          functionCalls: [{ name: 'read_file', args: { path: `part-${index + 1}.txt` } }],
        })),
        { text: 'I read all eight parts.' },
      ],
    },
    '(long scenario)',
  );
}

/** Every function response answers the function calls of the model turn right before it. */
function expectCallsPaired(contents: readonly Content[]): void {
  contents.forEach((content, index) => {
    const responses = (content.parts ?? [])
      .filter((part) => part.functionResponse)
      .map((part) => part.functionResponse!.name);
    if (responses.length === 0) return;
    const previous = contents[index - 1];
    expect(previous?.role).toBe('model');
    expect((previous?.parts ?? []).filter((part) => part.functionCall).map((part) => part.functionCall!.name)).toEqual(
      responses,
    );
  });
}

function hooksLoggingTo(log: string) {
  const command = sessionFixtureCommand('log-event.py', log);
  return { PreCompress: hookGroup(command), SessionStart: hookGroup(command), AfterAgent: hookGroup(command) };
}

describe('automatic compaction', () => {
  it('a long scripted session passes its budget, fires PreCompress (auto), truncates without splitting calls, restarts with source compact and completes', async () => {
    const log = scratch.file('events.jsonl');
    const config = new Config({ enableHooks: true, hooks: hooksLoggingTo(log), workingDir: scratch.directory });
    const generator = new ScriptedContentGenerator(longScenario());
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config,
      generator,
      tools: [bigReader],
      compaction: { tokenBudget: 1_500, keepRecentTokens: 600, strategy: 'truncate' },
      transcript: { directory: scratch.directory },
      onEvent: (event) => events.push(event),
    });

    const result = await session.prompt('read every part');
    await session.end();

    expect(result.status).toBe('completed');
    expect(result.finalText).toBe('I read all eight parts.');
    expect(result.toolCalls).toHaveLength(8);
    const compactions = events.filter(
      (event): event is Extract<AgentEvent, { type: 'compacted' }> => event.type === 'compacted',
    );
    expect(compactions.length).toBeGreaterThan(0);
    for (const compaction of compactions) {
      expect(compaction).toMatchObject({ trigger: 'auto', strategy: 'truncate' });
      expect(compaction.tokensAfter).toBeLessThan(compaction.tokensBefore);
    }
    const logged = readEventLog(log);
    expect(logged.filter((entry) => entry.event === 'PreCompress').map((entry) => entry.trigger)).toEqual(
      compactions.map(() => 'auto'),
    );
    expect(logged.filter((entry) => entry.event === 'SessionStart').map((entry) => entry.source)).toEqual([
      'startup',
      ...compactions.map(() => 'compact'),
    ]);
    // Every request the model got stayed paired and, after the first compaction, starts with the note.
    for (const request of generator.requests) expectCallsPaired(request.contents as Content[]);
    const compactedRequest = generator.requests.find((request) =>
      JSON.stringify(request.contents).includes('Earlier conversation compacted'),
    );
    expect((compactedRequest!.contents as Content[])[0]?.role).toBe('user');
    // The transcript marks each compaction and the resumed history would start from the note.
    const entries = readJsonLines(session.transcriptPath) as unknown as TranscriptEntry[];
    expect(entries.filter((entry) => entry.subtype === 'compact_boundary')).toHaveLength(compactions.length);
    expect(entries.find((entry) => entry.isCompactSummary)?.type).toBe('user');
  });

  it('summarize: the model writes the summary of the older turns (no tools offered); the session goes on with it', async () => {
    const summaries = new FakeContentGenerator([textTurn('Summary: parts 1-3 were read; all lorem ipsum.')]);
    const generator = new ScriptedContentGenerator(longScenario());
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory }),
      generator,
      tools: [bigReader],
      compaction: { tokenBudget: 1_500, keepRecentTokens: 600, strategy: 'summarize', generator: summaries },
      transcript: { directory: scratch.directory },
    });
    const result = await session.prompt('read every part');
    await session.end();
    expect(result.status).toBe('completed');
    expect(summaries.streamsOpened).toBeGreaterThan(0);
    expect(summaries.requests[0]?.config?.tools).toBeUndefined();
    expect(JSON.stringify(summaries.requests[0]?.contents)).toContain('Write a concise summary');
    const texts = generator.requests.map((request) => JSON.stringify(request.contents));
    expect(texts.some((text) => text.includes('Summary: parts 1-3 were read; all lorem ipsum.'))).toBe(true);
    for (const request of generator.requests) expectCallsPaired(request.contents as Content[]);
  });

  it('a summary that fails falls back to truncation with a warning', async () => {
    const warnings: string[] = [];
    const logger = new DebugLogger('test', {
      sink: (record) => (record.level === 'warn' ? warnings.push(record.message) : undefined),
    });
    const failing = new FakeContentGenerator([{ failOnOpen: new Error('quota exceeded') }]);
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory, logger }),
      generator: new ScriptedContentGenerator(longScenario()),
      tools: [bigReader],
      compaction: { tokenBudget: 1_500, keepRecentTokens: 600, generator: failing },
      transcript: { directory: scratch.directory },
      onEvent: (event) => events.push(event),
    });
    expect((await session.prompt('read every part')).status).toBe('completed');
    await session.end();
    expect(events.find((event) => event.type === 'compacted')).toMatchObject({ strategy: 'truncate' });
    expect(
      warnings.some(
        (message) =>
          message.includes('could not be summarised, truncated instead') && message.includes('quota exceeded'),
      ),
    ).toBe(true);
  });
});

describe('compaction on request and the cut rule', () => {
  it('compact() fires PreCompress with trigger manual and SessionStart (compact), whose context joins the history', async () => {
    const log = scratch.file('events.jsonl');
    const config = new Config({
      enableHooks: true,
      hooks: {
        ...hooksLoggingTo(log),
        SessionStart: [
          {
            hooks: [
              { type: 'command', command: sessionFixtureCommand('log-event.py', log) },
              { type: 'command', command: sessionFixtureCommand('session-context.sh', 'Reminder: use pnpm.') },
            ],
          },
        ],
      },
      workingDir: scratch.directory,
    });
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator([textTurn('one'), textTurn('two')]),
      tools: [],
      transcript: { directory: scratch.directory },
    });
    await session.prompt('first');
    await session.prompt('second');
    const report = await session.compact();
    const history = session.history();
    await session.end();
    expect(report).toMatchObject({ trigger: 'manual', strategy: 'summarize' });
    expect(
      readEventLog(log)
        .filter((entry) => entry.event !== 'AfterAgent')
        .map((entry) => [entry.event, entry.source ?? entry.trigger]),
    ).toEqual([
      ['SessionStart', 'startup'],
      ['PreCompress', 'manual'],
      ['SessionStart', 'compact'],
    ]);
    expect(history.at(-1)).toEqual({ role: 'user', parts: [{ text: 'Reminder: use pnpm.' }] });
  });

  it('compact() with nothing to remove does nothing and fires no hook', async () => {
    const log = scratch.file('events.jsonl');
    const config = new Config({
      enableHooks: true,
      hooks: { PreCompress: hookGroup(sessionFixtureCommand('log-event.py', log)) },
      workingDir: scratch.directory,
    });
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator(),
      tools: [],
      transcript: { directory: scratch.directory },
    });
    expect(await session.compact()).toBeUndefined();
    await session.end();
    expect(readEventLog(log)).toEqual([]);
  });

  it('the cut never starts the kept history at a function response', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'x'.repeat(400) }] },
      { role: 'model', parts: [{ functionCall: { name: 'a', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'a', response: { output: 'y'.repeat(400) } } }] },
      { role: 'model', parts: [{ text: 'short' }] },
    ];
    // Keeping only ~30 tokens would start at the response; the cut moves to the model turn after it.
    expect(findCompactionCut(history, 30)).toBe(3);
    expect(findCompactionCut(history, estimateTokens(history.slice(1)))).toBe(1);
    const truncated = truncateHistory(history, 1);
    expect(truncated.history[0]).toEqual({
      role: 'user',
      parts: [
        { text: '[Earlier conversation compacted: 1 older message was removed to stay within the token budget.]' },
      ],
    });
    expect(truncated.history.slice(1)).toEqual(history.slice(1));
    expect(findCompactionCut(history.slice(0, 1), 1)).toBe(0);
  });
});

describe('what a compaction reports', () => {
  it("compact() returns the trigger, the strategy, the contents removed and the tokens before and after; the transcript's boundary carries the trigger and the tokens before", async () => {
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory }),
      generator: new FakeContentGenerator([textTurn('one '.repeat(200)), textTurn('two')]),
      tools: [],
      compaction: { keepRecentTokens: 10, strategy: 'truncate' },
      transcript: { directory: scratch.directory },
    });
    await session.prompt('first');
    await session.prompt('second');
    const before = session.history();
    const report = await session.compact();
    const after = session.history();
    await session.end();
    expect(after.length).toBeLessThan(before.length);
    expect(report).toEqual({
      trigger: 'manual',
      strategy: 'truncate',
      removedContents: before.length - after.length + 1,
      tokensBefore: estimateTokens(before),
      tokensAfter: estimateTokens(after),
    });
    expect(report!.tokensAfter).toBeLessThan(report!.tokensBefore);
    const boundaries = (readJsonLines(session.transcriptPath) as unknown as TranscriptEntry[]).filter(
      (entry) => entry.subtype === 'compact_boundary',
    );
    expect(boundaries.map((entry) => entry.compactMetadata)).toEqual([
      { trigger: 'manual', preTokens: estimateTokens(before) },
    ]);
  });

  it('a summary model that answers with no text: the history is truncated instead, with a warning under the session logger saying so', async () => {
    const warnings: Array<{ namespace: string; message: string }> = [];
    const logger = new DebugLogger('test', {
      sink: (record) =>
        record.level === 'warn' ? warnings.push({ namespace: record.namespace, message: record.message }) : undefined,
    });
    const session = createAgentSession({
      config: new Config({ workingDir: scratch.directory, logger }),
      generator: new FakeContentGenerator([textTurn('one '.repeat(200)), textTurn('two')]),
      tools: [],
      compaction: {
        keepRecentTokens: 10,
        strategy: 'summarize',
        generator: new FakeContentGenerator([textTurn('  ')]),
      },
      transcript: { directory: scratch.directory },
    });
    await session.prompt('first');
    await session.prompt('second');
    expect(await session.compact()).toMatchObject({ trigger: 'manual', strategy: 'truncate' });
    expect(session.history()[0]?.parts?.[0]?.text).toMatch(/^\[Earlier conversation compacted: /);
    await session.end();
    expect(warnings).toEqual([
      {
        namespace: 'test:session',
        message: 'the history could not be summarised, truncated instead: the model answered with no text',
      },
    ]);
  });

  it('the summary model is sent only the older contents it replaces, and PreCompress and PostCompact are told the session they belong to', async () => {
    const summaries = new FakeContentGenerator([textTurn('They said hello twice.')]);
    const payloads: Array<{ event: string; sessionId: string; transcriptPath: string }> = [];
    const record = (input: { hook_event_name: string; session_id: string; transcript_path: string }) => {
      payloads.push({
        event: input.hook_event_name,
        sessionId: input.session_id,
        transcriptPath: input.transcript_path,
      });
      return undefined;
    };
    const log = scratch.file('post-compact.jsonl');
    const config = new Config({
      enableHooks: true,
      sessionId: 'the-config-session',
      workingDir: scratch.directory,
      functionHooks: [{ event: 'PreCompress', name: 'record', run: record }],
      hooks: {
        PostCompact: [{ hooks: [{ type: 'command', command: sessionFixtureCommand('log-event.py', log) }] }],
      },
    });
    const session = createAgentSession({
      config,
      sessionId: 'compacted-session',
      generator: new FakeContentGenerator([textTurn(`OLDER-ANSWER ${'one '.repeat(200)}`), textTurn('RECENT-ANSWER')]),
      tools: [],
      compaction: { keepRecentTokens: 10, strategy: 'summarize', generator: summaries },
      transcript: { directory: scratch.directory },
    });
    await session.prompt('first');
    await session.prompt('second');
    expect(await session.compact()).toMatchObject({ trigger: 'manual', strategy: 'summarize' });
    const kept = session.history();
    await session.end();
    const summarised = JSON.stringify(summaries.requests[0]?.contents);
    expect(summarised).toContain('OLDER-ANSWER');
    expect(summarised).not.toContain('RECENT-ANSWER');
    expect(JSON.stringify(kept)).toContain('RECENT-ANSWER');
    expect(payloads).toEqual([
      { event: 'PreCompress', sessionId: 'compacted-session', transcriptPath: session.transcriptPath },
    ]);
    expect(readEventLog(log).map((entry) => [entry.event, entry.input['session_id'], entry.transcript_path])).toEqual([
      ['PostCompact', 'compacted-session', session.transcriptPath],
    ]);
  });

  it("PreCompress and PostCompact hooks' messages reach the user; a block without a reason is reported as having none", async () => {
    let blockNext = true;
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      config: new Config({
        enableHooks: true,
        workingDir: scratch.directory,
        functionHooks: [
          {
            event: 'PreCompress',
            name: 'guard',
            run: () =>
              blockNext
                ? { decision: 'block', systemMessage: 'compaction put off' }
                : { systemMessage: 'compacting now' },
          },
        ],
        hooks: {
          PostCompact: [{ hooks: [{ type: 'command', command: `echo '{"systemMessage":"summary saved"}'` }] }],
        },
      }),
      generator: new FakeContentGenerator([textTurn('one '.repeat(200)), textTurn('two')]),
      tools: [],
      compaction: { keepRecentTokens: 10, strategy: 'truncate' },
      transcript: { directory: scratch.directory },
      onEvent: (event) => events.push(event),
    });
    await session.prompt('first');
    await session.prompt('second');
    expect(await session.compact()).toBeUndefined();
    blockNext = false;
    expect(await session.compact()).toMatchObject({ trigger: 'manual' });
    await session.end();
    expect(events.filter((event) => ['hook_message', 'compaction_blocked', 'compacted'].includes(event.type))).toEqual([
      { type: 'hook_message', eventName: 'PreCompress', message: 'compaction put off' },
      { type: 'compaction_blocked', trigger: 'manual', reason: 'No reason provided' },
      { type: 'hook_message', eventName: 'PostCompact', message: 'summary saved' },
      { type: 'hook_message', eventName: 'PreCompress', message: 'compacting now' },
      expect.objectContaining({ type: 'compacted', trigger: 'manual', strategy: 'truncate' }),
    ]);
  });
});
