/**
 * Context a hook adds is written to the transcript the way Claude Code writes hook context: an
 * `attachment` entry of type `hook_additional_context`, not a user message. A hook that counts the
 * user's prompts in `transcript_path` counts one per prompt, and a resumed session reads the
 * context back.
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { Config, createAgentSession, DebugLogger } from '../../src/index.js';
import { fixtureCommand } from '../helpers/hookFixtures.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { callsTurn, FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';
import { SESSION_END_WAIT_MS, hookGroup, sessionFixtureCommand, useSessionScratch } from '../helpers/sessionHooks.js';
import { textsOf } from '../helpers/sessionHooks.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();

describe('hook context in the transcript', () => {
  it('SessionStart context is an attachment entry (hook_additional_context), so a Claude hook counting prompts in transcript_path counts one per prompt', async () => {
    const counts = scratch.file('counts.jsonl');
    const config = new Config({
      enableHooks: true,
      hooks: {
        SessionStart: hookGroup(sessionFixtureCommand('session-context.sh', 'Branch: main; 2 failing tests')),
        UserPromptSubmit: hookGroup(sessionFixtureCommand('count-user-prompts.py', counts)),
      },
      workingDir: scratch.directory,
      logger: new DebugLogger('test', { sink: () => {} }),
    });
    const generator = new FakeContentGenerator([textTurn('One.'), textTurn('Two.')]);
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    await session.prompt('first prompt');
    await session.prompt('second prompt');
    await session.end();

    expect(readJsonLines(counts)).toEqual([
      { prompt: 'first prompt', count: 0 },
      { prompt: 'second prompt', count: 1 },
    ]);
    const attachments = readJsonLines(session.transcriptPath).filter((entry) => entry['type'] === 'attachment');
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      sessionId: session.sessionId,
      attachment: {
        type: 'hook_additional_context',
        content: ['Branch: main; 2 failing tests'],
        hookName: 'SessionStart',
        hookEvent: 'SessionStart',
      },
    });
    // The model still reads the context, before the first prompt.
    expect(textsOf(generator.requests[0]?.contents as Content[])).toEqual([
      'Branch: main; 2 failing tests',
      'first prompt',
    ]);
  });

  it('a resumed session reads the hook context back from its attachment entry', async () => {
    const hooks = { SessionStart: hookGroup(sessionFixtureCommand('session-context.sh', 'Remember the style guide')) };
    const logger = new DebugLogger('test', { sink: () => {} });
    const first = createAgentSession({
      config: new Config({
        enableHooks: true,
        hooks,
        workingDir: scratch.directory,
        sessionId: 'with-context',
        logger,
      }),
      generator: new FakeContentGenerator([textTurn('Done.')]),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    await first.prompt('tidy up');
    await first.end();
    const resumed = createAgentSession({
      config: new Config({ workingDir: scratch.directory, sessionId: 'with-context', logger }),
      generator: new FakeContentGenerator([textTurn('Again.')]),
      tools: [],
      resume: first.transcriptPath,
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    expect(textsOf(resumed.history())).toEqual(['Remember the style guide', 'tidy up', 'Done.']);
    await resumed.end();
  });

  it('the context of a PostToolBatch hook and of a Stop hook that lets the agent stop are attachments named for their event', async () => {
    const answer = (event: string, context: string) =>
      hookGroup(
        fixtureCommand(
          'respond.sh',
          '0',
          JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: context } }),
        ),
      );
    const config = new Config({
      enableHooks: true,
      hooks: { PostToolBatch: answer('PostToolBatch', 'batch digest'), Stop: answer('Stop', 'build is red') },
      workingDir: scratch.directory,
      logger: new DebugLogger('test', { sink: () => {} }),
    });
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator([callsTurn([{ name: 'read_file', args: { path: 'a' } }]), textTurn('Done.')]),
      tools: [recordingTool('read_file')],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    await session.prompt('read a');
    await session.end();
    const attachments = readJsonLines(session.transcriptPath).filter((entry) => entry['type'] === 'attachment');
    expect(
      attachments.map((entry) => {
        const attachment = entry['attachment'] as { content: string[]; hookEvent: string };
        return [attachment.hookEvent, attachment.content];
      }),
    ).toEqual([
      ['PostToolBatch', ['batch digest']],
      ['Stop', ['build is red']],
    ]);
  });
});
