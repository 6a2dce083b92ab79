/**
 * How the session applies a stop, a Stop hook's context, Gemini CLI's `clearContext` and a blocked
 * compaction, with hooks written the way Claude Code's and Gemini CLI's references document them:
 * a `continue: false` ends the prompt, not the session (Gemini CLI's client and UI, Claude Code),
 * unless the host asks for the old behaviour with `stopEndsSession`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  Config,
  createAgentSession,
  DebugLogger,
  type AgentEvent,
  type HooksSettings,
  type Tool,
} from '../../src/index.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { callsTurn, FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';
import {
  SESSION_END_WAIT_MS,
  hookGroup,
  readEventLog,
  sessionFixtureCommand,
  textsOf,
  useSessionScratch,
} from '../helpers/sessionHooks.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();

function sessionWith(
  hooks: HooksSettings | Record<string, unknown>,
  turns: ReturnType<typeof textTurn>[],
  options: {
    stopEndsSession?: boolean;
    compaction?: { tokenBudget: number; keepRecentTokens: number };
    tools?: Tool[];
  } = {},
) {
  const config = new Config({
    enableHooks: true,
    hooks,
    workingDir: scratch.directory,
    logger: new DebugLogger('test', { sink: () => {} }),
  });
  const generator = new FakeContentGenerator(turns);
  const events: AgentEvent[] = [];
  const session = createAgentSession({
    config,
    generator,
    tools: options.tools ?? [],
    transcript: { directory: scratch.directory },
    sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    onEvent: (event) => events.push(event),
    ...(options.stopEndsSession !== undefined ? { stopEndsSession: options.stopEndsSession } : {}),
    ...(options.compaction ? { compaction: { ...options.compaction, strategy: 'truncate' as const } } : {}),
  });
  return { session, generator, events };
}

describe('a stop ends the prompt, not the session', () => {
  it('a Claude UserPromptSubmit continue:false ends the prompt with its stop reason; the session takes the next prompt (Gemini CLI client and UI, Claude Code)', async () => {
    const log = scratch.file('events.jsonl');
    const { session, generator } = sessionWith(
      {
        UserPromptSubmit: hookGroup(sessionFixtureCommand('claude-prompt-stop.sh')),
        SessionEnd: hookGroup(sessionFixtureCommand('log-event.py', log)),
      },
      [textTurn('Here is the status.')],
    );
    const stopped = await session.prompt('deploy to production');
    expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'Deploys are frozen this week.' });
    expect(stopped.sessionEnded).toBeUndefined();
    expect(generator.streamsOpened).toBe(0);
    expect(session.ended).toBe(false);
    expect(existsSync(log)).toBe(false);
    const next = await session.prompt('what is the status?');
    expect(next).toMatchObject({ status: 'completed', finalText: 'Here is the status.' });
    // As Gemini CLI does, the stopped prompt stays in the conversation.
    expect(textsOf(generator.requests[0]?.contents)).toEqual(['deploy to production', 'what is the status?']);
    await session.end();
    // SessionEnd fires once, at end(); Claude Code's reasons have no "exit", so a Claude hook is told "other".
    expect(readEventLog(log).map((entry) => entry.event)).toEqual(['SessionEnd']);
  });

  it('a Gemini AfterAgent continue:false ends the prompt after the answer; the session goes on', async () => {
    const hook = hookGroup(sessionFixtureCommand('gemini-after-agent-clear.sh', 'stop'));
    const { session } = sessionWith({ AfterAgent: hook }, [textTurn('First answer.'), textTurn('Second answer.')]);
    const result = await session.prompt('q');
    expect(result).toMatchObject({
      status: 'stopped',
      stopReason: 'Context reset by policy',
      finalText: 'First answer.',
    });
    expect(session.ended).toBe(false);
    await session.end();
  });

  it('stopEndsSession: true keeps the session-ending stop for hosts that want it: SessionEnd fires with the prompt, later prompts are refused', async () => {
    const log = scratch.file('events.jsonl');
    const { session } = sessionWith(
      {
        UserPromptSubmit: hookGroup(sessionFixtureCommand('claude-prompt-stop.sh')),
        SessionEnd: hookGroup(sessionFixtureCommand('log-event.py', log)),
      },
      [textTurn('never')],
      { stopEndsSession: true },
    );
    expect(await session.prompt('deploy now')).toMatchObject({
      status: 'stopped',
      stopReason: 'Deploys are frozen this week.',
      sessionEnded: true,
    });
    expect(session.ended).toBe(true);
    expect(readEventLog(log).map((entry) => [entry.event, entry.reason])).toEqual([['SessionEnd', 'other']]);
    await expect(session.prompt('again')).rejects.toThrow(/has ended/);
  });
});

describe("Gemini CLI's AfterAgent clearContext", () => {
  it('with a deny: the conversation is wiped, then the agent retries on the reason alone; the transcript marks the clear', async () => {
    const { session, generator, events } = sessionWith(
      { AfterAgent: hookGroup(sessionFixtureCommand('gemini-after-agent-clear.sh', 'retry')) },
      [textTurn('A long rambling answer.'), textTurn('One sentence.')],
    );
    const result = await session.prompt('explain closures');
    expect(result).toMatchObject({ status: 'completed', finalText: 'One sentence.', continuations: 1 });
    expect(textsOf(generator.requests[1]?.contents)).toEqual(['Start over and answer in one sentence.']);
    expect(textsOf(session.history())).toEqual(['Start over and answer in one sentence.', 'One sentence.']);
    expect(events.filter((event) => event.type === 'context_cleared')).toEqual([{ type: 'context_cleared', turn: 1 }]);
    const entries = readJsonLines(session.transcriptPath);
    const boundary = entries.findIndex((entry) => entry['subtype'] === 'clear_boundary');
    expect(boundary).toBeGreaterThan(0);
    expect(entries.slice(0, boundary).some((entry) => JSON.stringify(entry).includes('A long rambling answer.'))).toBe(
      true,
    );
    expect(entries.slice(boundary).some((entry) => JSON.stringify(entry).includes('A long rambling answer.'))).toBe(
      false,
    );
    await session.end();
  });

  it('with continue:false: the prompt ends and the conversation is wiped (Gemini CLI honours both)', async () => {
    const { session, generator } = sessionWith(
      { AfterAgent: hookGroup(sessionFixtureCommand('gemini-after-agent-clear.sh', 'stop')) },
      [textTurn('One.'), textTurn('Two.')],
    );
    await session.prompt('first');
    expect(session.history()).toEqual([]);
    await session.prompt('second');
    expect(textsOf(generator.requests[1]?.contents)).toEqual(['second']);
    await session.end();
  });
});

describe("Claude Code's Stop additionalContext", () => {
  it('reaches the model on the continuation, after the block reason', async () => {
    const { session, generator, events } = sessionWith(
      { Stop: hookGroup(sessionFixtureCommand('claude-stop-context.py')) },
      [textTurn('Done.'), textTurn('Tests pass. Done.')],
    );
    const result = await session.prompt('fix the bug');
    expect(result).toMatchObject({ status: 'completed', continuations: 1, finalText: 'Tests pass. Done.' });
    const continuation = generator.requests[1]?.contents as Content[];
    expect(textsOf([continuation.at(-1)])).toEqual([
      'Run the tests before you finish.',
      'The test command is: npm test -- --run',
    ]);
    expect(events.some((event) => event.type === 'context_cleared')).toBe(false);
    // Without clearContext the conversation so far stays: the model reads its own answer before the reason.
    expect(textsOf(continuation)).toEqual([
      'fix the bug',
      'Done.',
      'Run the tests before you finish.',
      'The test command is: npm test -- --run',
    ]);
    await session.end();
  });

  it('from a Stop hook that lets the agent stop, reaches the model with the next prompt', async () => {
    const answers = scratch.file('stop-answers');
    mkdirSync(answers);
    writeFileSync(
      join(answers, '1.json'),
      JSON.stringify({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'The build on main is red.' } }),
    );
    const { session, generator } = sessionWith({ Stop: hookGroup(sessionFixtureCommand('sequence.sh', answers)) }, [
      textTurn('Done.'),
      textTurn('Fixing it.'),
    ]);
    expect(await session.prompt('rename the flag')).toMatchObject({ status: 'completed', continuations: 0 });
    await session.prompt('what next?');
    const next = textsOf(generator.requests[1]?.contents);
    expect(next[0]).toBe('rename the flag');
    expect(next[1]).toBe('Done.');
    expect(next[2]).toContain('The build on main is red.');
    expect(next.at(-1)).toBe('what next?');
    expect(next).toHaveLength(4);
    await session.end();
  });
});

describe("Claude Code's PreCompact block", () => {
  it('a manual compaction a PreCompact hook blocks does not happen: the history is kept and the user is told why', async () => {
    const marker = scratch.file('notes-saved');
    const { session, events } = sessionWith(
      { PreCompact: hookGroup(sessionFixtureCommand('claude-precompact-guard.py', marker)) },
      [textTurn('One.'), textTurn('Two.')],
    );
    await session.prompt('first');
    await session.prompt('second');
    const before = session.history();
    expect(await session.compact()).toBeUndefined();
    expect(session.history()).toEqual(before);
    expect(events.filter((event) => event.type === 'compaction_blocked')).toEqual([
      { type: 'compaction_blocked', trigger: 'manual', reason: 'Save your notes before compacting.' },
    ]);
    expect(readJsonLines(session.transcriptPath).some((entry) => entry['subtype'] === 'compact_boundary')).toBe(false);
    writeFileSync(marker, '');
    expect(await session.compact()).toMatchObject({ trigger: 'manual' });
    expect(readFileSync(`${marker}.triggers`, 'utf8').trim().split('\n')).toEqual(['manual', 'manual']);
    await session.end();
  });

  it('an automatic compaction a PreCompact hook blocks does not happen: the turn goes on with the whole history, and it is not retried within the prompt', async () => {
    const marker = scratch.file('notes-saved');
    const big = 'y'.repeat(8_000);
    const { session, generator, events } = sessionWith(
      { PreCompact: hookGroup(sessionFixtureCommand('claude-precompact-guard.py', marker)) },
      [textTurn(big), textTurn('Still here.')],
      { compaction: { tokenBudget: 1_000, keepRecentTokens: 100 } },
    );
    await session.prompt('write a lot');
    const result = await session.prompt('and now?');
    expect(result).toMatchObject({ status: 'completed', finalText: 'Still here.' });
    expect(textsOf(generator.requests[1]?.contents)).toEqual(['write a lot', big, 'and now?']);
    expect(
      events
        .filter((event) => event.type === 'compaction_blocked')
        .map((event) => (event as { trigger: string }).trigger),
    ).toEqual(['auto']);
    expect(events.some((event) => event.type === 'compacted')).toBe(false);
    await session.end();
  });

  it('an automatic compaction a PreCompact hook blocked is not tried again when the same prompt calls a tool; the next prompt tries it again', async () => {
    const marker = scratch.file('notes-saved');
    const big = 'y'.repeat(8_000);
    const reader = recordingTool('read_file');
    const { session, generator, events } = sessionWith(
      { PreCompact: hookGroup(sessionFixtureCommand('claude-precompact-guard.py', marker)) },
      [
        textTurn(big),
        callsTurn([{ name: 'read_file', args: { path: 'notes.md' } }]),
        textTurn('Read.'),
        textTurn('Bye.'),
      ],
      { compaction: { tokenBudget: 1_000, keepRecentTokens: 100 }, tools: [reader] },
    );
    await session.prompt('write a lot');
    expect(await session.prompt('read the notes')).toMatchObject({ status: 'completed', finalText: 'Read.', turns: 2 });
    expect(reader.calls).toEqual([{ path: 'notes.md' }]);
    // One PreCompact for the whole prompt: the model's second turn goes on with the whole history.
    expect(readFileSync(`${marker}.triggers`, 'utf8').trim().split('\n')).toEqual(['auto']);
    expect(textsOf(generator.requests[2]?.contents).slice(0, 3)).toEqual(['write a lot', big, 'read the notes']);
    expect(await session.prompt('bye')).toMatchObject({ status: 'completed', finalText: 'Bye.' });
    expect(readFileSync(`${marker}.triggers`, 'utf8').trim().split('\n')).toEqual(['auto', 'auto']);
    expect(
      events
        .filter((event) => event.type === 'compaction_blocked')
        .map((event) => (event as { trigger: string }).trigger),
    ).toEqual(['auto', 'auto']);
    await session.end();
  });
});
