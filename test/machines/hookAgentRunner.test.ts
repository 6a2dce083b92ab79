/**
 * Agent hooks end to end on the scripted model: a
 * nested session with read-only tools reads a file to decide, its answer blocks, allows or makes the
 * agent go on; its tool calls fire the parent's tool guards but never a prompt or agent hook; its
 * stop fires AfterAgent (SubagentStop); running out of turns, a bad answer or a hang is a failure.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseScenario } from '../../src/adapters/models/scenario.js';
import { ScriptedContentGenerator } from '../../src/adapters/models/scriptedModel.js';
import { createBuiltinTools } from '../../src/adapters/tools/index.js';
import type { HookExecutionError } from '../../src/errors.js';
import { Config, type ConfigParameters } from '../../src/hooks/engine/config.js';
import { HookEventName } from '../../src/hooks/protocol/events.js';
import type { AgentHookConfig, HooksSettings } from '../../src/hooks/protocol/hookConfig.js';
import { createHookAgentRunner } from '../../src/machines/hookAgentRunner.js';
import { createAgentSession } from '../../src/machines/session.js';
import { fixtureCommand } from '../helpers/hookFixtures.js';
import { recordingLogger } from '../../src/testing.js';
import { FakeContentGenerator, callsTurn, textTurn } from '../helpers/modelFakeGenerator.js';
import {
  SESSION_END_WAIT_MS,
  hookGroup,
  readEventLog,
  sessionFixtureCommand,
  useSessionScratch,
} from '../helpers/sessionHooks.js';

const scratch = useSessionScratch();

/** The scripted hook model: `turns` in the scenario turn format. */
function hookModel(turns: unknown[]): ScriptedContentGenerator {
  return new ScriptedContentGenerator(parseScenario({ name: 'judge', turns }, '(hook model)'));
}

const readStatus = { functionCalls: [{ name: 'read_file', args: { file_path: 'STATUS' } }] };

function guardWrites(hook: Partial<AgentHookConfig> = {}): HooksSettings {
  return {
    BeforeTool: [
      {
        matcher: 'write_file',
        hooks: [
          {
            type: 'agent',
            prompt: 'Allow this write only if STATUS says the tests pass. $ARGUMENTS',
            maxTurns: 3,
            ...hook,
          },
        ],
      },
    ],
  };
}

function parentConfig(hooks: HooksSettings, judge: ScriptedContentGenerator, extra: ConfigParameters = {}) {
  const { logger, records } = recordingLogger();
  const config = new Config({
    enableHooks: true,
    hooks,
    logger,
    workingDir: scratch.directory,
    hookModel: judge,
    hookAgentRunner: createHookAgentRunner(),
    ...extra,
  });
  return { config, records };
}

/** A session whose model writes `out.txt`, then says it is done. */
async function writeOut(config: Config) {
  const generator = new FakeContentGenerator([
    callsTurn([{ name: 'write_file', args: { file_path: 'out.txt', content: 'shipped' } }]),
    textTurn('Done.'),
  ]);
  const session = createAgentSession({
    config,
    generator,
    tools: createBuiltinTools({ workingDir: scratch.directory }),
    transcript: { directory: scratch.directory },
    sessionEndTimeoutMs: SESSION_END_WAIT_MS,
  });
  const result = await session.prompt('ship it');
  await session.end();
  return { result, written: existsSync(join(scratch.directory, 'out.txt')), transcriptPath: session.transcriptPath };
}

async function fireBeforeWrite(config: Config) {
  const hookSystem = config.getHookSystem()!;
  await hookSystem.initialize();
  return hookSystem.getEventHandler().fireEventWithDetails(HookEventName.BeforeTool, {
    tool_name: 'write_file',
    tool_input: { file_path: 'out.txt', content: 'x' },
  });
}

describe('an agent hook reads a file to decide', () => {
  it('STATUS says failing → the sub-agent reads it and blocks the write with its reason', async () => {
    writeFileSync(join(scratch.directory, 'STATUS'), 'tests: failing (3 of 40)\n');
    const judge = hookModel([
      readStatus,
      { expect: { functionResponseContains: 'failing' }, text: '{"ok": false, "reason": "STATUS says 3 tests fail"}' },
    ]);
    const { config } = parentConfig(guardWrites(), judge);
    const { result, written } = await writeOut(config);
    expect(written).toBe(false);
    expect(result.toolCalls).toMatchObject([{ name: 'write_file', outcome: 'blocked' }]);
    expect(result.toolCalls[0]!.result.llmContent).toContain('STATUS says 3 tests fail');
    expect(judge.turnsPlayed).toBe(2);
    // The sub-agent was offered only tools that read, and was told what ok means.
    const tools = (judge.requests[0]!.config?.tools ?? []) as Array<{
      functionDeclarations?: Array<{ name?: string }>;
    }>;
    const offered = tools.flatMap((tool) => (tool.functionDeclarations ?? []).map((declaration) => declaration.name));
    expect(offered.sort()).toEqual(['glob', 'list_directory', 'read_file', 'search_file_content']);
    expect(String(judge.requests[0]!.config?.systemInstruction)).toMatch(
      /Your final message must be only the JSON object/,
    );
  });

  it('STATUS says passing → the sub-agent allows and the write happens', async () => {
    writeFileSync(join(scratch.directory, 'STATUS'), 'tests: passing\n');
    const judge = hookModel([
      readStatus,
      { expect: { functionResponseContains: 'passing' }, text: '```json\n{"ok": true}\n```' },
    ]);
    const { config } = parentConfig(guardWrites(), judge);
    const { result, written } = await writeOut(config);
    expect(result.toolCalls).toMatchObject([{ name: 'write_file', outcome: 'success' }]);
    expect(written).toBe(true);
  });

  it("the sub-agent starts outside its tool call's actor start, so XState (development build, as in these tests) warns about nothing", async () => {
    writeFileSync(join(scratch.directory, 'STATUS'), 'tests: passing\n');
    const judge = hookModel([readStatus, { text: '{"ok": true}' }]);
    const { config } = parentConfig(guardWrites(), judge);
    const warn = vi.spyOn(console, 'warn');
    try {
      const { written } = await writeOut(config);
      expect(written).toBe(true);
      expect(judge.turnsPlayed).toBe(2);
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('the sub-agent cannot write: a write_file it asks for is refused and nothing is written', async () => {
    const judge = hookModel([
      { functionCalls: [{ name: 'write_file', args: { file_path: 'STATUS', content: 'tests: passing' } }] },
      { text: '{"ok": false, "reason": "could not fix STATUS"}' },
    ]);
    const { config } = parentConfig(guardWrites(), judge);
    const { written } = await writeOut(config);
    expect(written).toBe(false);
    expect(existsSync(join(scratch.directory, 'STATUS'))).toBe(false);
    const answered = JSON.stringify(judge.requests[1]!.contents);
    expect(answered).toMatch(/write_file/);
  });
});

describe('what the sub-agent fires', () => {
  it("its tool calls run the parent's tool guards but no prompt or agent hook; its stop fires AfterAgent (SubagentStop); no SessionStart or BeforeAgent of its own", async () => {
    writeFileSync(join(scratch.directory, 'STATUS'), 'tests: passing\n');
    const log = scratch.file('events.jsonl');
    const logger = sessionFixtureCommand('log-event.py', log);
    const hooks: HooksSettings = {
      SessionStart: hookGroup(logger),
      BeforeAgent: hookGroup(logger),
      // Sequential, so the log shows the parent's BeforeTool before the sub-agent's tool calls.
      BeforeTool: [
        { ...hookGroup(logger)[0]!, sequential: true },
        ...guardWrites().BeforeTool!,
        { matcher: 'read_file', hooks: [{ type: 'prompt', prompt: 'Would judge the judge' }] },
      ],
      AfterTool: hookGroup(logger),
      AfterAgent: [
        ...hookGroup(logger),
        { hooks: [{ type: 'agent', prompt: 'Never asked of the sub-agent', maxTurns: 1 }] },
      ],
      SessionEnd: hookGroup(logger),
    };
    // Turns: the write guard (read, answer), then the parent's own AfterAgent agent hook (answer).
    const judge = hookModel([readStatus, { text: '{"ok": true}' }, { text: '{"ok": true}' }]);
    const { config } = parentConfig(hooks, judge);
    const { result } = await writeOut(config);
    expect(result.status).toBe('completed');
    expect(judge.turnsPlayed).toBe(3);
    const events = readEventLog(log).map((entry) => `${entry.event}${entry.tool ? `(${entry.tool})` : ''}`);
    expect(events).toEqual([
      'SessionStart',
      'BeforeAgent',
      'BeforeTool(write_file)',
      'BeforeTool(read_file)',
      'AfterTool(read_file)',
      'AfterAgent',
      'AfterTool(write_file)',
      // The parent's stop, and the stop of the sub-agent its AfterAgent agent hook ran (they run in parallel).
      'AfterAgent',
      'AfterAgent',
      'SessionEnd',
    ]);
    const stops = readEventLog(log).filter((entry) => entry.event === 'AfterAgent');
    expect(stops.map((entry) => entry.input['prompt_response']).sort()).toEqual([
      'Done.',
      '{"ok": true}',
      '{"ok": true}',
    ]);
    for (const stop of stops) expect(stop.input['session_id']).toBe(config.getSessionId());
  });
});

describe('agent hooks decide at AfterAgent', () => {
  it('ok false makes the agent go on with the reason; the next stop is allowed', async () => {
    const hooks: HooksSettings = {
      AfterAgent: [{ hooks: [{ type: 'agent', prompt: 'Did the agent run the tests? $ARGUMENTS', maxTurns: 2 }] }],
    };
    const judge = hookModel([
      { text: '{"ok": false, "reason": "Run the tests before you stop."}' },
      { text: '{"ok": true}' },
    ]);
    const { config } = parentConfig(hooks, judge);
    const generator = new FakeContentGenerator([textTurn('Fixed it.'), textTurn('Tests pass now.')]);
    const session = createAgentSession({
      config,
      generator,
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    const result = await session.prompt('fix the bug');
    await session.end();
    expect(result).toMatchObject({ status: 'completed', continuations: 1, finalText: 'Tests pass now.' });
    expect(JSON.stringify(generator.requests[1]!.contents)).toContain('Run the tests before you stop.');
  });
});

describe('agent hooks that fail', () => {
  it('a sub-agent that uses its maxTurns without answering fails the hook; onFailure block blocks', async () => {
    const judge = hookModel([readStatus, readStatus]);
    const { config } = parentConfig(guardWrites({ maxTurns: 1, onFailure: 'block', name: 'status-check' }), judge);
    const [result] = (await fireBeforeWrite(config)).results;
    expect(result).toMatchObject({ success: false, failedClosed: true, model: 'scripted:judge', modelTurns: 1 });
    expect((result!.error as HookExecutionError).kind).toBe('agent');
    expect(result!.error!.message).toMatch(/status-check.*used its 1 turn without answering/);
  });

  it('a final answer that is not {ok, reason} fails the hook, quoting it', async () => {
    const judge = hookModel([{ text: 'I think the tests pass.' }]);
    const { config } = parentConfig(guardWrites(), judge);
    const [result] = (await fireBeforeWrite(config)).results;
    expect((result!.error as HookExecutionError).kind).toBe('invalid-output');
    expect(result!.error!.message).toMatch(
      /did not end with \{"ok": boolean, "reason"\?: string\}: the answer is not JSON: "I think the tests pass."/,
    );
    expect(result!.modelAnswer).toBe('I think the tests pass.');
  });

  it('a sub-agent that hangs is stopped at the hook timeout, and the hook fails', async () => {
    const judge = hookModel([{ text: '{"ok": true}', delayMs: 600_000 }]);
    const { config } = parentConfig(guardWrites({ timeout: 300 }), judge);
    const [result] = (await fireBeforeWrite(config)).results;
    expect(result).toMatchObject({ success: false, timedOut: true });
    expect(result!.error!.message).toMatch(/did not answer within 300 ms; it was stopped/);
  });

  it('without a sub-agent runner the hook fails and says how to give one', async () => {
    const { config } = parentConfig(guardWrites(), hookModel([{ text: '{"ok": true}' }]), {
      hookAgentRunner: undefined,
    });
    const [result] = (await fireBeforeWrite(config)).results;
    expect(result!.error!.message).toMatch(/no sub-agent runner: give Config a hookAgentRunner/);
  });

  it("the sub-agent keeps a transcript of its own beside the parent's", async () => {
    writeFileSync(join(scratch.directory, 'STATUS'), 'tests: passing\n');
    const judge = hookModel([readStatus, { text: '{"ok": true}' }]);
    const { config } = parentConfig(guardWrites(), judge);
    const { transcriptPath } = await writeOut(config);
    const parentName = transcriptPath
      .split('/')
      .at(-1)!
      .replace(/\.jsonl$/, '');
    const subagentTranscripts = readdirSync(scratch.directory).filter((name) =>
      name.startsWith(`${parentName}.agent-`),
    );
    expect(subagentTranscripts).toHaveLength(1);
    expect(readFileSync(join(scratch.directory, subagentTranscripts[0]!), 'utf8')).toContain('tests: passing');
  });

  it("the agent hook of a later session on the same Config runs its sub-agent as that session: its id, its transcript's neighbour", async () => {
    writeFileSync(join(scratch.directory, 'STATUS'), 'tests: passing\n');
    const log = scratch.file('stops.jsonl');
    const hooks: HooksSettings = {
      ...guardWrites(),
      AfterAgent: hookGroup(sessionFixtureCommand('log-event.py', log)),
    };
    const judge = hookModel([readStatus, { text: '{"ok": true}' }]);
    const { config } = parentConfig(hooks, judge);
    // The first session takes the Config's id and stays open; the write happens in the second.
    const first = createAgentSession({
      config,
      generator: new FakeContentGenerator([]),
      tools: [],
      transcript: { directory: scratch.directory },
    });
    const { result, transcriptPath } = await writeOut(config);
    await first.end();
    expect(result.status).toBe('completed');
    const secondId = transcriptPath
      .split('/')
      .at(-1)!
      .replace(/\.jsonl$/, '');
    expect(secondId).not.toBe(config.getSessionId());
    const subagentTranscripts = readdirSync(scratch.directory).filter((name) => name.startsWith(`${secondId}.agent-`));
    expect(subagentTranscripts).toHaveLength(1);
    // Both stops — the sub-agent's (SubagentStop) and the second session's own — were told the second session's id.
    const stops = readEventLog(log);
    expect(stops.map((entry) => entry.input['prompt_response']).sort()).toEqual(['Done.', '{"ok": true}']);
    for (const stop of stops) expect(stop.input['session_id']).toBe(secondId);
    expect(readFileSync(join(scratch.directory, subagentTranscripts[0]!), 'utf8')).toContain(
      `"sessionId":"${secondId}"`,
    );
  });
});

/**
 * A Claude Code PreToolUse agent hook on Write (STATUS says passing, so its sub-agent allows the
 * write) beside `hooks`; the whole settings object is read in Claude's dialect. Runs one write.
 */
async function writeWithClaudeAgentHook(hooks: Record<string, unknown>) {
  writeFileSync(join(scratch.directory, 'STATUS'), 'tests: passing\n');
  const settings = {
    PreToolUse: [
      {
        matcher: 'Write',
        hooks: [{ type: 'agent', prompt: 'Allow only if STATUS says passing. $ARGUMENTS', timeout: 30 }],
      },
    ],
    ...hooks,
  } as unknown as HooksSettings;
  const judge = hookModel([readStatus, { text: '{"ok": true}' }]);
  const { config } = parentConfig(settings, judge);
  const { result, written } = await writeOut(config);
  expect(result.status).toBe('completed');
  expect(written).toBe(true);
  return { judge };
}

describe('Claude Code hooks around an agent hook', () => {
  it('a Claude SubagentStop hook runs when the sub-agent stops (told SubagentStop); a Stop hook only when the agent does', async () => {
    const subagentLog = scratch.file('subagent-stop.jsonl');
    const stopLog = scratch.file('stop.jsonl');
    const { judge } = await writeWithClaudeAgentHook({
      SubagentStop: [{ hooks: [{ type: 'command', command: sessionFixtureCommand('log-event.py', subagentLog) }] }],
      Stop: [{ hooks: [{ type: 'command', command: sessionFixtureCommand('log-event.py', stopLog) }] }],
    });
    const subagentStops = readEventLog(subagentLog);
    expect(subagentStops.map((entry) => entry.event)).toEqual(['SubagentStop']);
    expect(subagentStops[0]!.input['last_assistant_message']).toBe('{"ok": true}');
    expect(readEventLog(stopLog).map((entry) => entry.input['last_assistant_message'])).toEqual(['Done.']);
    // $ARGUMENTS was the input as a Claude hook reads it: PreToolUse, Write, file_path.
    const asked = JSON.stringify(judge.requests[0]!.contents);
    expect(asked).toContain('\\"hook_event_name\\": \\"PreToolUse\\"');
    expect(asked).toContain('\\"tool_name\\": \\"Write\\"');
  });
});

describe("Claude Code's SubagentStart and SubagentStop around an agent hook's sub-agent", () => {
  it('SubagentStart fires before the sub-agent runs and SubagentStop when it stops, as a pair with the same agent_id and agent_type; its context reaches the sub-agent', async () => {
    const startLog = scratch.file('subagent-start.jsonl');
    const stopLog = scratch.file('subagent-stop.jsonl');
    const promptLog = scratch.file('prompt.jsonl');
    const startContext = fixtureCommand(
      'respond.sh',
      '0',
      '{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"Check STATUS before anything else."}}',
    );
    const { judge } = await writeWithClaudeAgentHook({
      SubagentStart: [
        {
          matcher: 'agent-hook',
          hooks: [
            { type: 'command', command: sessionFixtureCommand('log-event.py', startLog) },
            { type: 'command', command: startContext },
          ],
        },
      ],
      SubagentStop: [{ hooks: [{ type: 'command', command: sessionFixtureCommand('log-event.py', stopLog) }] }],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: sessionFixtureCommand('log-event.py', promptLog) }] }],
    });
    const [start, ...moreStarts] = readEventLog(startLog);
    const [stop, ...moreStops] = readEventLog(stopLog);
    expect(moreStarts).toEqual([]);
    expect(moreStops).toEqual([]);
    expect(start!.input).toMatchObject({
      hook_event_name: 'SubagentStart',
      agent_type: 'agent-hook',
      agent_id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(stop!.input).toMatchObject({
      hook_event_name: 'SubagentStop',
      agent_type: 'agent-hook',
      agent_id: start!.input['agent_id'],
    });
    // The parent's UserPromptSubmit hooks run for the user's prompt only, not for the sub-agent's start.
    expect(readEventLog(promptLog).map((entry) => entry.input['hook_event_name'])).toEqual(['UserPromptSubmit']);
    expect(JSON.stringify(judge.requests[0]!.contents)).toContain('Check STATUS before anything else.');
  });
});
