/**
 * Claude Code events with no hookrail event of their own fire at their moment in a session, with the
 * payload Claude Code's hooks reference documents, and only Claude hooks configured on them run:
 * PostCompact once the history is compacted, StopFailure when a model error ended the turn. The hook
 * is the published logger contract (log-hook-input.py), run as a real process.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Config, createAgentSession, type AgentEvent, type LogRecord } from '../../src/index.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { callsTurn, FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';
import { fixtureCommand, recordsAt } from '../helpers/hookFixtures.js';
import { hookConfig } from '../helpers/systemFixtures.js';
import { publishedHook } from '../helpers/publishedHooks.js';
import { SESSION_END_WAIT_MS, useSessionScratch } from '../helpers/sessionHooks.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();

function logger(log: string, matcher?: string): unknown[] {
  return [
    {
      ...(matcher !== undefined ? { matcher } : {}),
      hooks: [{ type: 'command', command: `python3 '${publishedHook('claude', 'log-hook-input.py')}' '${log}'` }],
    },
  ];
}

/** A Config with these hooks (Claude Code's event names), run in the scratch directory, logging into `records`. */
function claudeHooksConfig(hooks: Record<string, unknown>): { config: Config; records: LogRecord[] } {
  return hookConfig(hooks, { workingDir: scratch.directory });
}

describe('Claude Code events fired at their moment', () => {
  it('PostCompact fires once the history is compacted, with trigger and compact_summary; PreCompact hooks do not run again for it', async () => {
    const preLog = scratch.file('pre.jsonl');
    const postLog = scratch.file('post.jsonl');
    const notice = {
      hooks: [
        {
          type: 'command',
          command: fixtureCommand('respond.sh', '0', '{"systemMessage":"Context was compacted; re-read NOTES.md"}'),
        },
      ],
    };
    const { config, records } = claudeHooksConfig({
      PreCompact: logger(preLog),
      PostCompact: [...logger(postLog, 'manual'), notice],
    });
    const events: AgentEvent[] = [];
    const session = createAgentSession({
      onEvent: (event) => events.push(event),
      config,
      generator: new FakeContentGenerator([textTurn('One.'), textTurn('Two.')]),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      compaction: { strategy: 'truncate', keepRecentTokens: 1 },
    });
    await session.prompt('first');
    await session.prompt('second');
    const report = await session.compact();
    await session.end();

    expect(report).toMatchObject({ trigger: 'manual', strategy: 'truncate' });
    expect(readJsonLines(preLog).map((event) => event['hook_event_name'])).toEqual(['PreCompact']);
    const [post, ...more] = readJsonLines(postLog);
    expect(more).toEqual([]);
    expect(post).toMatchObject({
      hook_event_name: 'PostCompact',
      trigger: 'manual',
      session_id: session.sessionId,
      transcript_path: session.transcriptPath,
    });
    expect(String(post?.['compact_summary'])).toMatch(/earlier/i);
    expect(
      recordsAt(records, 'warn')
        .map((record) => record.message)
        .join('\n'),
    ).not.toMatch(/PostCompact/);
    // Its systemMessage is shown to the user.
    expect(events.filter((event) => event.type === 'hook_message')).toEqual([
      { type: 'hook_message', eventName: 'PostCompact', message: 'Context was compacted; re-read NOTES.md' },
    ]);
  });

  it("StopFailure fires when a model error ends the turn, with the reference's error (its type) and error_details; its matcher is the error type; Stop hooks do not run", async () => {
    const failureLog = scratch.file('failure.jsonl');
    const serverLog = scratch.file('server.jsonl');
    const stopLog = scratch.file('stop.jsonl');
    const { config } = claudeHooksConfig({
      StopFailure: [...logger(failureLog, 'rate_limit'), ...logger(serverLog, 'server_error')],
      Stop: logger(stopLog),
    });
    const rateLimited = Object.assign(new Error('Resource has been exhausted (e.g. check quota).'), { status: 429 });
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator([{ failOnOpen: rateLimited }]),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    const result = await session.prompt('summarise the repo');
    await session.end();

    expect(result).toMatchObject({ status: 'error' });
    expect(readJsonLines(failureLog)).toEqual([
      expect.objectContaining({
        hook_event_name: 'StopFailure',
        error: 'rate_limit',
        error_details: '429 Resource has been exhausted (e.g. check quota).',
        session_id: session.sessionId,
      }),
    ]);
    expect(existsSync(serverLog)).toBe(false);
    expect(existsSync(stopLog)).toBe(false);
  });

  it('StopFailure is told the answer so far (last_assistant_message) when a later turn of the prompt fails', async () => {
    const failureLog = scratch.file('failure.jsonl');
    const { config } = claudeHooksConfig({ StopFailure: logger(failureLog) });
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator([
        callsTurn([{ name: 'read_file', args: { path: 'README.md' } }], 'Let me read the README first.'),
        { failOnOpen: new Error('connection reset') },
      ]),
      tools: [recordingTool('read_file')],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    const result = await session.prompt('summarise the repo');
    await session.end();
    expect(result).toMatchObject({ status: 'error', turns: 2 });
    expect(readJsonLines(failureLog)).toEqual([
      expect.objectContaining({
        hook_event_name: 'StopFailure',
        last_assistant_message: 'Let me read the README first.',
        error_details: expect.stringContaining('connection reset'),
      }),
    ]);
  });
});
