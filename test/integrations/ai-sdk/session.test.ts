/**
 * `hookrail/ai-sdk` session: SessionStart, BeforeAgent, AfterAgent and SessionEnd around the real
 * `generateText` loop with the AI SDK's mock model, the session hook fixtures as real processes, and
 * the Claude Code-format transcript they read.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { Config, defaultTranscriptPath, type HooksSettings } from '../../../src/index.js';
import { DEFAULT_MAX_CONTINUATIONS } from '../../../src/engine.js';
import { createHookrail, type Hookrail } from '../../../src/integrations/ai-sdk/index.js';
import { recordingBashTool, scriptedModel, textAnswer, toolCallAnswer } from '../../helpers/aiSdkModel.js';
import {
  hookGroup,
  readEventLog,
  SESSION_END_WAIT_MS,
  sessionFixtureCommand,
  useSessionScratch,
} from '../../helpers/sessionHooks.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

const scratch = useSessionScratch();

/** A hooked agent on `hooks`, its transcript in the scratch directory. */
function hookedAgent(
  hooks: HooksSettings | Record<string, unknown>,
  options: { maxContinuations?: number } = {},
): Hookrail {
  const config = new Config({ enableHooks: true, hooks, workingDir: scratch.directory, sessionId: 'ai-sdk-session' });
  return createHookrail({
    config,
    toolNames: { bash: 'run_shell_command' },
    transcript: { path: join(scratch.directory, 'transcript.jsonl') },
    sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    ...options,
  });
}

describe('hookrail/ai-sdk session', () => {
  it('SessionStart context joins the conversation, BeforeAgent context joins the prompt, SessionEnd fires on end() (reason "other": Claude Code has no "exit") — each hook told the transcript path', async () => {
    const log = scratch.file('events.jsonl');
    const logged = sessionFixtureCommand('log-event.py', log);
    const hooks = hookedAgent({
      SessionStart: [
        ...hookGroup(sessionFixtureCommand('session-context.sh', 'The repository uses pnpm.')),
        ...hookGroup(logged),
      ],
      UserPromptSubmit: [
        {
          hooks: [
            {
              type: 'command',
              command: `printf '%s' '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"Today is Friday."}}'`,
            },
          ],
        },
      ],
      SessionEnd: hookGroup(logged),
    });
    const model = scriptedModel({ generate: [textAnswer('Use pnpm install.')] });
    const wrapped = wrapLanguageModel({ model, middleware: hooks.middleware });
    const result = await hooks.session.prompt('How do I install?', ({ messages }) =>
      generateText({ model: wrapped, messages }),
    );
    await hooks.session.end('exit');
    expect(result.status).toBe('completed');
    expect(result.text).toBe('Use pnpm install.');
    expect(model.doGenerateCalls[0]!.prompt).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'The repository uses pnpm.' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'How do I install?' },
          { type: 'text', text: 'Today is Friday.' },
        ],
      },
    ]);
    const events = readEventLog(log);
    expect(events.map((event) => [event.event, event.source ?? event.reason])).toEqual([
      ['SessionStart', 'startup'],
      ['SessionEnd', 'other'],
    ]);
    expect(events.every((event) => event.transcript_path === hooks.session.transcriptPath)).toBe(true);
  });

  it('the transcript defaults to <os tmpdir>/hookrail/transcripts/<sessionId>.jsonl', () => {
    const hooks = createHookrail({ config: new Config({ enableHooks: true, sessionId: 'ai-sdk-default' }) });
    expect(hooks.session.transcriptPath).toBe(defaultTranscriptPath('ai-sdk-default'));
    expect(hooks.session.transcriptPath).toBe(join(tmpdir(), 'hookrail', 'transcripts', 'ai-sdk-default.jsonl'));
  });

  it('a BeforeAgent (UserPromptSubmit) block refuses the prompt: the model is never called and the reason comes back', async () => {
    const hooks = hookedAgent({ UserPromptSubmit: hookGroup(sessionFixtureCommand('prompt-guard.sh')) });
    const model = scriptedModel({ generate: [textAnswer('never')] });
    let generated = 0;
    const result = await hooks.session.prompt('Use the key sk-abc123 to deploy', ({ messages }) => {
      generated += 1;
      return generateText({ model, messages });
    });
    expect(result).toMatchObject({
      status: 'blocked',
      blockReason: 'Prompt contains a secret; not sent.',
      text: '',
      continuations: 0,
    });
    expect(generated).toBe(0);
  });

  it('an AfterAgent (Stop) "keep going" runs again with the reason as the next user message and stop_hook_active, until the hook lets it stop', async () => {
    const state = scratch.file('stop-state');
    const hooks = hookedAgent({ Stop: hookGroup(sessionFixtureCommand('stop-until.sh', state, '2')) });
    const model = scriptedModel({ generate: [textAnswer('first'), textAnswer('second'), textAnswer('third')] });
    const result = await hooks.session.prompt('Write the report', ({ messages }) => generateText({ model, messages }));
    expect(result).toMatchObject({ status: 'completed', text: 'third', continuations: 2 });
    expect(result.results.map((run) => run.text)).toEqual(['first', 'second', 'third']);
    expect(model.doGenerateCalls[1]!.prompt.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Keep going: round 1' }],
    });
    const inputs = readJsonLines(`${state}.inputs`);
    expect(
      inputs.map((input) => [
        input['hook_event_name'],
        input['stop_hook_active'],
        input['last_assistant_message'] ?? null,
      ]),
    ).toEqual([
      ['Stop', false, 'first'],
      ['Stop', true, 'second'],
      ['Stop', true, 'third'],
    ]);
  });

  it(`a Stop hook that always blocks is bounded by maxContinuations (default ${DEFAULT_MAX_CONTINUATIONS}): status continuation_limit`, async () => {
    const hooks = hookedAgent({ Stop: hookGroup(sessionFixtureCommand('always-block.sh')) }, { maxContinuations: 2 });
    const model = scriptedModel({ generate: [textAnswer('a'), textAnswer('b'), textAnswer('c'), textAnswer('d')] });
    const result = await hooks.session.prompt('Go', ({ messages }) => generateText({ model, messages }));
    expect(result.status).toBe('continuation_limit');
    expect(result.continuations).toBe(2);
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(result.stopReason).toBe(
      'an AfterAgent (Stop) hook asked the agent to go on again after 2 continuations; stopped by the limit of 2 per prompt (maxContinuations)',
    );
  });

  it('an AfterAgent hook reads the Claude Code-format transcript at transcript_path: the tool call, its result and the last answer are there', async () => {
    const out = scratch.file('last-answer.json');
    const hooks = hookedAgent({ AfterAgent: hookGroup(sessionFixtureCommand('last-answer.mjs', out)) });
    const model = scriptedModel({ generate: [toolCallAnswer('bash', { command: 'ls' }), textAnswer('Two files.')] });
    const { bash } = recordingBashTool(() => 'a.txt\nb.txt');
    const result = await hooks.session.prompt('What is here?', ({ messages }) =>
      generateText({
        model: wrapLanguageModel({ model, middleware: hooks.middleware }),
        tools: hooks.tools({ bash }),
        messages,
        stopWhen: [stepCountIs(5), hooks.stopWhen],
      }),
    );
    expect(result.status).toBe('completed');
    const seen = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
    expect(seen).toEqual({
      transcriptPath: hooks.session.transcriptPath,
      lastAnswer: 'Two files.',
      entryTypes: ['user', 'assistant', 'user', 'assistant'],
      promptResponse: 'Two files.',
    });
    const entries = readJsonLines(hooks.session.transcriptPath);
    expect(entries[1]!['message']).toMatchObject({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call-bash', name: 'run_shell_command', input: { command: 'ls' } }],
    });
    expect(entries[2]!['message']).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'call-bash', content: 'a.txt\nb.txt' }],
    });
  });

  it('a tool hook that stops the run ends the prompt with status stopped; AfterAgent does not run', async () => {
    const log = scratch.file('events.jsonl');
    const hooks = hookedAgent({
      PostToolUse: [
        {
          matcher: 'Bash',
          hooks: [{ type: 'command', command: `printf '%s' '{"continue":false,"stopReason":"Tests failed"}'` }],
        },
      ],
      Stop: hookGroup(sessionFixtureCommand('log-event.py', log)),
    });
    const model = scriptedModel({ generate: [toolCallAnswer('bash', { command: 'npm test' }), textAnswer('never')] });
    const { bash } = recordingBashTool();
    const result = await hooks.session.prompt('Run the tests', ({ messages }) =>
      generateText({ model, tools: hooks.tools({ bash }), messages, stopWhen: [stepCountIs(5), hooks.stopWhen] }),
    );
    expect(result).toMatchObject({ status: 'stopped', stopReason: 'Tests failed' });
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(readEventLog(log)).toEqual([]);
  });
});
