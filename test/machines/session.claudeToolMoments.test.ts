/**
 * Claude Code's PermissionRequest and PostToolBatch in an agent session, each with the payload the
 * hooks reference documents and its answer applied. PermissionRequest hooks answer a hook's `ask` for
 * the user (allow, allow with `updatedInput`, deny with `message`, deny with `interrupt`; no answer
 * leaves it to `onAskUser`); PostToolBatch hooks run once per batch of a turn's calls and their
 * `additionalContext` reaches the next model call, or `continue: false` ends the turn. The hooks are
 * real scripts written to the reference (test/fixtures/hooks/reference/), run as real processes.
 */
import type { Content } from '@google/genai';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  Config,
  createAgentSession,
  executeToolWithHooks,
  type AgentEvent,
  type AgentRunResult,
  type AskUserRequest,
  type Tool,
} from '../../src/index.js';
import { callsTurn, FakeContentGenerator, textTurn, type FakeTurn } from '../helpers/modelFakeGenerator.js';
import { fixtureCommand, hookFixture, shellQuote } from '../helpers/hookFixtures.js';
import { recordingTool } from '../helpers/modelAgentTools.js';
import { publishedHook } from '../helpers/publishedHooks.js';
import { SESSION_END_WAIT_MS, useSessionScratch } from '../helpers/sessionHooks.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const scratch = useSessionScratch();

/** A PreToolUse hook that asks the user about every Bash call, as Claude Code's reference writes it. */
const askEveryBash = {
  matcher: 'Bash',
  hooks: [
    {
      type: 'command',
      command: fixtureCommand(
        'respond.sh',
        '0',
        '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"shell commands need a yes"}}',
      ),
    },
  ],
};

function permissionPolicy(log: string, ...args: string[]): unknown[] {
  const command = ['python3', shellQuote(hookFixture('reference/claude-permission-policy.py')), shellQuote(log)];
  return [{ matcher: 'Bash', hooks: [{ type: 'command', command: [...command, ...args.map(shellQuote)].join(' ') }] }];
}

function batchDigest(log: string, ...args: string[]): unknown[] {
  return [{ hooks: [{ type: 'command', command: fixtureCommand('reference/claude-batch-digest.mjs', log, ...args) }] }];
}

function logger(log: string, matcher?: string): unknown[] {
  return [
    {
      ...(matcher !== undefined ? { matcher } : {}),
      hooks: [{ type: 'command', command: `python3 '${publishedHook('claude', 'log-hook-input.py')}' '${log}'` }],
    },
  ];
}

/** The text parts of the contents a request carries after its last model turn. */
function textsAfterLastModelTurn(contents: Content[]): string[] {
  const lastModel = contents.map((content) => content.role).lastIndexOf('model');
  return contents
    .slice(lastModel + 1)
    .flatMap((content) => content.parts ?? [])
    .flatMap((part) => (typeof part.text === 'string' ? [part.text] : []));
}

function functionResponsesOf(contents: Content[]): string {
  return JSON.stringify(
    contents.flatMap((content) => content.parts ?? []).flatMap((part) => (part.functionResponse ? [part] : [])),
  );
}

/** What one prompt in a fresh session left: its result, the model's requests, the session's ids and the asks put to the user. */
interface PromptRun {
  result: AgentRunResult;
  generator: FakeContentGenerator;
  config: Config;
  sessionId: string;
  transcriptPath: string;
  asked: AskUserRequest[];
  events: AgentEvent[];
}

/**
 * One prompt in a fresh session with `hooks` (Claude Code names), the scripted model `turns` and the
 * `tools`; with `askUser`, the user's answer to every ask that reaches them.
 */
async function runPrompt(options: {
  hooks: Record<string, unknown>;
  turns: FakeTurn[];
  tools: Tool[];
  askUser?: 'allow' | 'deny';
}): Promise<PromptRun> {
  const asked: AskUserRequest[] = [];
  const answer = options.askUser;
  const config = new Config({
    enableHooks: true,
    workingDir: scratch.directory,
    hooks: options.hooks as never,
    ...(answer !== undefined
      ? {
          onAskUser: (request: AskUserRequest) => {
            asked.push(request);
            return answer;
          },
        }
      : {}),
  });
  const generator = new FakeContentGenerator(options.turns);
  const events: AgentEvent[] = [];
  const session = createAgentSession({
    config,
    generator,
    tools: options.tools,
    transcript: { directory: scratch.directory },
    sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    onEvent: (event) => events.push(event),
  });
  const result = await session.prompt('go on');
  await session.end();
  return {
    result,
    generator,
    config,
    sessionId: session.sessionId,
    transcriptPath: session.transcriptPath,
    asked,
    events,
  };
}

describe('PermissionRequest: hooks answer an ask for the user', () => {
  it('allow runs the call without asking, allow with updatedInput runs the rewritten call, deny blocks it with its message, no decision asks the user', async () => {
    const permissionLog = scratch.file('permission.jsonl');
    const notificationLog = scratch.file('notification.jsonl');
    const shell = recordingTool('run_shell_command');
    const { result, generator, sessionId, transcriptPath, asked } = await runPrompt({
      hooks: {
        PreToolUse: [askEveryBash],
        PermissionRequest: permissionPolicy(permissionLog),
        Notification: logger(notificationLog),
      },
      turns: [
        callsTurn([
          { name: 'run_shell_command', args: { command: 'npm test' }, id: 'call-test' },
          { name: 'run_shell_command', args: { command: 'git push origin main' }, id: 'call-push' },
          { name: 'run_shell_command', args: { command: 'rm -rf build' }, id: 'call-rm' },
          { name: 'run_shell_command', args: { command: 'ls' }, id: 'call-ls' },
        ]),
        textTurn('Done.'),
      ],
      tools: [shell],
      askUser: 'allow',
    });

    expect(result.status).toBe('completed');
    // Only the call no PermissionRequest hook decided reached the user, and only it fired Notification.
    expect(asked.map((request) => request.toolInput)).toEqual([{ command: 'ls' }]);
    expect(readJsonLines(notificationLog).map((event) => event['notification_type'])).toEqual(['permission_prompt']);
    expect(shell.calls.map((args) => args['command']).sort()).toEqual([
      'git push origin main --dry-run',
      'ls',
      'npm test',
    ]);
    const byCall = Object.fromEntries(result.toolCalls.map((outcome) => [outcome.callId, outcome]));
    expect(byCall['call-test']?.asked).toMatchObject({ decision: 'allow', answeredBy: 'PermissionRequest' });
    expect(byCall['call-push']).toMatchObject({
      outcome: 'success',
      args: { command: 'git push origin main --dry-run' },
      asked: { decision: 'allow', answeredBy: 'PermissionRequest' },
    });
    expect(byCall['call-rm']).toMatchObject({
      outcome: 'blocked',
      asked: {
        decision: 'deny',
        answeredBy: 'PermissionRequest',
        decisionReason: 'rm -rf needs a person at the keyboard',
      },
    });
    expect(byCall['call-ls']?.asked).toMatchObject({ decision: 'allow', answeredBy: 'onAskUser' });
    // The model reads the hook's message for the denied call.
    expect(functionResponsesOf(generator.requests[1]?.contents as Content[])).toContain(
      'rm -rf needs a person at the keyboard',
    );

    // Each call's payload as Claude Code sends it: the call as PreToolUse saw it, no tool_use_id.
    const payloads = readJsonLines(permissionLog);
    expect(payloads.map((payload) => (payload['tool_input'] as { command: string }).command).sort()).toEqual([
      'git push origin main',
      'ls',
      'npm test',
      'rm -rf build',
    ]);
    for (const payload of payloads) {
      expect(Object.keys(payload).sort()).toEqual(
        [
          'cwd',
          'hook_event_name',
          'permission_mode',
          'permission_suggestions',
          'session_id',
          'tool_input',
          'tool_name',
          'transcript_path',
        ].sort(),
      );
      expect(payload).toMatchObject({
        hook_event_name: 'PermissionRequest',
        tool_name: 'Bash',
        permission_mode: 'default',
        permission_suggestions: [],
        session_id: sessionId,
        transcript_path: transcriptPath,
      });
    }
  });

  it('deny with interrupt blocks the call and stops the agent with the message; the user is not asked', async () => {
    const permissionLog = scratch.file('permission.jsonl');
    const shell = recordingTool('run_shell_command');
    const { result, generator, asked } = await runPrompt({
      hooks: { PreToolUse: [askEveryBash], PermissionRequest: permissionPolicy(permissionLog, 'interrupt') },
      turns: [
        callsTurn([{ name: 'run_shell_command', args: { command: 'rm -rf /tmp/cache' } }]),
        textTurn('never reached'),
      ],
      tools: [shell],
      askUser: 'allow',
    });

    expect(result).toMatchObject({ status: 'stopped', stopReason: 'rm -rf needs a person at the keyboard' });
    expect(result.toolCalls[0]).toMatchObject({
      outcome: 'stopped',
      asked: { decision: 'deny', answeredBy: 'PermissionRequest' },
    });
    expect(shell.calls).toEqual([]);
    expect(asked).toEqual([]);
    expect(generator.streamsOpened).toBe(1);
  });

  it('without onAskUser nobody would be asked, so PermissionRequest does not fire (the ask is allowed, HOOK-182)', async () => {
    const permissionLog = scratch.file('permission.jsonl');
    const shell = recordingTool('run_shell_command');
    await runPrompt({
      hooks: { PreToolUse: [askEveryBash], PermissionRequest: permissionPolicy(permissionLog) },
      turns: [callsTurn([{ name: 'run_shell_command', args: { command: 'rm -rf build' } }]), textTurn('Done.')],
      tools: [shell],
    });

    expect(shell.calls).toEqual([{ command: 'rm -rf build' }]);
    expect(existsSync(permissionLog)).toBe(false);
  });
});

describe('PostToolBatch: once per batch, before the next model call', () => {
  it("fires once for each turn's batch with every call's tool_name, tool_input, tool_use_id and tool_response; its additionalContext reaches the next model call", async () => {
    const batchLog = scratch.file('batch.jsonl');
    const preLog = scratch.file('pre.jsonl');
    const shell = recordingTool('run_shell_command');
    const reader = recordingTool('read_file');
    const { result, generator, sessionId, transcriptPath } = await runPrompt({
      hooks: { PostToolBatch: batchDigest(batchLog), PreToolUse: logger(preLog) },
      turns: [
        callsTurn([
          { name: 'run_shell_command', args: { command: 'git status' }, id: 'call-status' },
          { name: 'read_file', args: { file_path: `${scratch.directory}/NOTES.md` }, id: 'call-notes' },
        ]),
        callsTurn([{ name: 'run_shell_command', args: { command: 'git diff' }, id: 'call-diff' }]),
        textTurn('Reviewed.'),
      ],
      tools: [shell, reader],
    });

    expect(result.status).toBe('completed');
    const batches = readJsonLines(batchLog);
    expect(batches).toHaveLength(2);
    const statusText = `run_shell_command(${JSON.stringify({ command: 'git status' })}) done`;
    const notesText = `read_file(${JSON.stringify({ file_path: `${scratch.directory}/NOTES.md` })}) done`;
    expect(batches[0]).toEqual({
      session_id: sessionId,
      transcript_path: transcriptPath,
      cwd: scratch.directory,
      hook_event_name: 'PostToolBatch',
      tool_calls: [
        {
          tool_name: 'Bash',
          tool_input: { command: 'git status' },
          tool_use_id: 'call-status',
          tool_response: statusText,
        },
        {
          tool_name: 'Read',
          tool_input: { file_path: `${scratch.directory}/NOTES.md` },
          tool_use_id: 'call-notes',
          tool_response: notesText,
        },
      ],
    });
    expect(
      ((batches[1]?.['tool_calls'] ?? []) as Array<{ tool_use_id: string }>).map((call) => call.tool_use_id),
    ).toEqual(['call-diff']);
    // The ids are the ones the calls' PreToolUse hooks were told (the calls of a batch run at once).
    expect(
      readJsonLines(preLog)
        .map((event) => String(event['tool_use_id']))
        .sort(),
    ).toEqual(['call-diff', 'call-notes', 'call-status']);

    // Each next model call reads its batch's digest after the results.
    const digest = `Batch digest: 2 calls. Bash (call-status): ${statusText.length} characters; Read (call-notes): ${notesText.length} characters`;
    expect(textsAfterLastModelTurn(generator.requests[1]?.contents as Content[])).toEqual([digest]);
    expect(textsAfterLastModelTurn(generator.requests[2]?.contents as Content[])).toEqual([
      `Batch digest: 1 calls. Bash (call-diff): ${`run_shell_command(${JSON.stringify({ command: 'git diff' })}) done`.length} characters`,
    ]);
  });

  it('a decision "block" or an exit 2 changes nothing (Claude Code applies neither to PostToolBatch); outside a session it does not fire', async () => {
    const batchLog = scratch.file('batch.jsonl');
    const shell = recordingTool('run_shell_command');
    const { result, generator, config } = await runPrompt({
      hooks: {
        PostToolBatch: [
          {
            hooks: [
              {
                type: 'command',
                command: fixtureCommand('respond.sh', '0', '{"decision":"block","reason":"no more"}'),
              },
              { type: 'command', command: fixtureCommand('respond.sh', '2', '', 'stop the loop') },
              ...(batchDigest(batchLog)[0] as { hooks: unknown[] }).hooks,
            ],
          },
        ],
      },
      turns: [callsTurn([{ name: 'run_shell_command', args: { command: 'make' } }]), textTurn('Built.')],
      tools: [shell],
    });

    expect(result).toMatchObject({ status: 'completed', finalText: 'Built.' });
    expect(generator.streamsOpened).toBe(2);
    expect(readJsonLines(batchLog)).toHaveLength(1);

    // A tool call run outside a session has no next model call: no PostToolBatch.
    await executeToolWithHooks(config, 'run_shell_command', { command: 'make' }, async () => ({
      llmContent: 'ok',
      returnDisplay: 'ok',
    }));
    expect(readJsonLines(batchLog)).toHaveLength(1);
  });

  it('continue:false ends the turn before the next model call, with its stopReason', async () => {
    const batchLog = scratch.file('batch.jsonl');
    const shell = recordingTool('run_shell_command');
    const { result, generator } = await runPrompt({
      hooks: { PostToolBatch: batchDigest(batchLog, 'stop') },
      turns: [callsTurn([{ name: 'run_shell_command', args: { command: 'make' } }]), textTurn('never reached')],
      tools: [shell],
    });

    expect(result).toMatchObject({ status: 'stopped', stopReason: 'batch of 1 calls reviewed; stopping here' });
    expect(shell.calls).toEqual([{ command: 'make' }]);
    expect(generator.streamsOpened).toBe(1);
  });

  it('its systemMessage is shown to the user under PostToolBatch; a continue:false without a stopReason stops the turn with "No reason provided"', async () => {
    const shell = recordingTool('run_shell_command');
    const { result, generator, events } = await runPrompt({
      hooks: {
        PostToolBatch: [
          {
            hooks: [
              {
                type: 'command',
                command: fixtureCommand('respond.sh', '0', '{"continue":false,"systemMessage":"3 files changed"}'),
              },
            ],
          },
        ],
      },
      turns: [callsTurn([{ name: 'run_shell_command', args: { command: 'make' } }]), textTurn('never reached')],
      tools: [shell],
    });
    expect(result).toMatchObject({ status: 'stopped', stopReason: 'No reason provided' });
    expect(generator.streamsOpened).toBe(1);
    expect(events.filter((event) => event.type === 'hook_message')).toEqual([
      { type: 'hook_message', eventName: 'PostToolBatch', message: '3 files changed' },
    ]);
  });
});
