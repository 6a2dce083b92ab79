/**
 * `hookrail run` as one agent session, as a real process with real hook scripts: every lifecycle
 * event fires in order, Stop hooks make the agent go on (bounded), BeforeAgent context reaches the
 * model and a blocking one keeps the prompt from it, a long session compacts, the transcript holds
 * the final answer before the Stop hooks run, and SessionEnd fires on every way out.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookEventNames } from '../../src/engine.js';
import {
  type CliSandbox,
  runHookrail,
  settingsJson,
  startHookrail,
  useCliSandbox,
  writeScenario,
} from '../helpers/cliProcess.js';
import { fixtureCommand } from '../helpers/hookFixtures.js';
import { SESSION_END_WAIT_MS, readEventLog, sessionFixtureCommand } from '../helpers/sessionHooks.js';
import { waitFor } from '../helpers/waiting.js';
import { readJsonLines, parseJsonLines } from '../helpers/jsonLines.js';

const sandbox = useCliSandbox();

/** Where a test checks what SessionEnd hooks did, they get room for a slow start (the bound is tested on its own). */
const roomForSessionEnd = ['--session-end-timeout', String(SESSION_END_WAIT_MS)];

function group(command: string): unknown[] {
  return [{ hooks: [{ type: 'command', command, timeout: 30_000 }] }];
}

/** A scenario whose model reads one file, then answers. */
const readThenAnswer = {
  prompt: 'What is in notes.txt?',
  tools: ['read_file'],
  turns: [
    { text: 'Reading it.', functionCalls: [{ name: 'read_file', args: { file_path: 'notes.txt' } }] },
    { expect: { functionResponseContains: 'remember the milk' }, text: 'It says: remember the milk.' },
  ],
};

/**
 * One way of installing a logging hook on every event, and the event names those hooks see, in the
 * order they must fire for `readThenAnswer`. The dialects work adds a Claude Code case here.
 */
interface EventOrderCase {
  name: string;
  install(box: CliSandbox, logFile: string): Promise<string[]>;
  expected: string[];
}

const eventOrderCases: EventOrderCase[] = [
  {
    name: 'native (Gemini CLI) event names in a --settings file',
    install: async (box, logFile) => {
      const command = sessionFixtureCommand('log-event.py', logFile);
      await box.writeProjectFile(
        'all-events.json',
        settingsJson(Object.fromEntries(hookEventNames.map((event) => [event, group(command)]))),
      );
      return ['--settings', 'all-events.json'];
    },
    expected: [
      'SessionStart',
      'BeforeAgent',
      'BeforeToolSelection',
      'BeforeModel',
      'AfterModel',
      'BeforeTool',
      'AfterTool',
      'BeforeToolSelection',
      'BeforeModel',
      'AfterModel',
      'AfterAgent',
      'SessionEnd',
    ],
  },
];

describe('hookrail run: one session, every lifecycle event', () => {
  it.each(eventOrderCases)(
    'HOOK-203: a logging hook on every event sees them in order in one run — $name',
    async ({ install, expected }) => {
      await sandbox.writeProjectFile('notes.txt', 'remember the milk\n');
      const log = join(sandbox.project, 'events.jsonl');
      const settingsArgs = await install(sandbox, log);
      const scenario = await writeScenario(sandbox, 'read', readThenAnswer);
      const result = await runHookrail(sandbox, [
        'run',
        '--scenario',
        scenario,
        ...settingsArgs,
        '--transcript',
        'session.jsonl',
        ...roomForSessionEnd,
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain('✔ completed (2 turns)');
      const events = readEventLog(log);
      expect(events.map((entry) => entry.event)).toEqual(expected);
      expect(new Set(events.map((entry) => entry.transcript_path))).toEqual(
        new Set([join(sandbox.project, 'session.jsonl')]),
      );
      expect(events.find((entry) => entry.event === 'BeforeTool')?.tool).toBeTruthy();
    },
  );

  it('a scenario with several prompts runs them in one session: SessionStart once, BeforeAgent and AfterAgent per prompt, SessionEnd once', async () => {
    const log = join(sandbox.project, 'events.jsonl');
    const logHook = group(sessionFixtureCommand('log-event.py', log));
    const scenario = await writeScenario(sandbox, 'two', {
      prompts: ['first question', 'second question'],
      tools: ['read_file'],
      turns: [{ text: 'First answer.' }, { expect: { textContains: 'second question' }, text: 'Second answer.' }],
      settings: {
        hooks: {
          SessionStart: [
            {
              hooks: [
                { type: 'command', command: sessionFixtureCommand('log-event.py', log) },
                { type: 'command', command: fixtureCommand('respond.sh', '0', '{"systemMessage":"welcome back"}') },
              ],
            },
          ],
          BeforeAgent: logHook,
          AfterAgent: logHook,
          SessionEnd: logHook,
        },
      },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, ...roomForSessionEnd]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('ℹ SessionStart hook: welcome back');
    expect(result.stdout).toContain('> first question');
    expect(result.stdout).toContain('> second question');
    expect(result.stdout).toContain('Second answer.');
    expect(readEventLog(log).map((entry) => entry.event)).toEqual([
      'SessionStart',
      'BeforeAgent',
      'AfterAgent',
      'BeforeAgent',
      'AfterAgent',
      'SessionEnd',
    ]);
  });
});

describe('hookrail run: Stop hooks', () => {
  const threeAnswers = {
    prompt: 'Fix the bug.',
    tools: ['read_file'],
    turns: [{ text: 'Fixed it.' }, { text: 'Ran the tests.' }, { text: 'All tests pass.' }],
  };

  it('a Stop hook that blocks twice makes the agent take two more turns, then stop (exit 0)', async () => {
    const state = join(sandbox.project, 'stop-state');
    const scenario = await writeScenario(sandbox, 'stop-twice', {
      ...threeAnswers,
      settings: { hooks: { AfterAgent: group(sessionFixtureCommand('stop-until.sh', state, '2')) } },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('↻ a Stop hook asked the agent to go on (continuation 1): Keep going: round 1');
    expect(result.stdout).toContain('↻ a Stop hook asked the agent to go on (continuation 2): Keep going: round 2');
    expect(result.stdout).toContain('All tests pass.');
    expect(result.stdout).toContain('✔ completed (3 turns)');
    expect(readJsonLines(`${state}.inputs`).map((input) => input['stop_hook_active'])).toEqual([false, true, true]);
  });

  it('a Stop hook that always blocks is stopped by --max-continuations with a clear message (exit 1)', async () => {
    const scenario = await writeScenario(sandbox, 'stop-always', {
      ...threeAnswers,
      settings: { hooks: { AfterAgent: group(sessionFixtureCommand('always-block.sh')) } },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--max-continuations', '2']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      '✗ stopped after 3 turns: an AfterAgent (Stop) hook asked the agent to go on again after 2 continuations; stopped by the limit of 2 per prompt (maxContinuations)',
    );
  });

  it('the transcript exists, parses, and holds the final answer before the Stop hooks run', async () => {
    await sandbox.writeProjectFile('notes.txt', 'remember the milk\n');
    const seen = join(sandbox.project, 'seen.json');
    const scenario = await writeScenario(sandbox, 'transcript', {
      ...readThenAnswer,
      settings: { hooks: { AfterAgent: group(sessionFixtureCommand('last-answer.mjs', seen)) } },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--transcript', 'run.jsonl']);
    expect(result.exitCode).toBe(0);
    const hookSaw = JSON.parse(readFileSync(seen, 'utf8')) as {
      transcriptPath: string;
      lastAnswer: string;
      entryTypes: string[];
    };
    expect(hookSaw).toEqual({
      transcriptPath: join(sandbox.project, 'run.jsonl'),
      lastAnswer: 'It says: remember the milk.',
      entryTypes: ['user', 'assistant', 'user', 'assistant'],
      promptResponse: 'It says: remember the milk.',
    });
    const entries = readJsonLines(join(sandbox.project, 'run.jsonl'));
    expect(entries.map((entry) => entry['type'])).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(result.stdout).toContain(`transcript ${join(sandbox.project, 'run.jsonl')}`);
  });
});

describe('hookrail run: BeforeAgent hooks', () => {
  it("a BeforeAgent context hook's text is in the model's request (the scripted model checks it)", async () => {
    const scenario = await writeScenario(sandbox, 'context', {
      prompt: 'Commit my work.',
      tools: ['read_file'],
      turns: [{ expect: { textContains: ['Commit my work.', 'git status: 2 files modified'] }, text: 'Committing.' }],
      settings: { hooks: { BeforeAgent: group(fixtureCommand('add-context.js', 'git status: 2 files modified')) } },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Committing.');
  });

  it('a blocking BeforeAgent hook keeps the prompt from the model: the reason is printed, no turn is played', async () => {
    const scenario = await writeScenario(sandbox, 'guard', {
      prompt: 'deploy with key sk-live123',
      tools: ['read_file'],
      turns: [{ text: 'Deploying now.' }],
      settings: { hooks: { BeforeAgent: group(sessionFixtureCommand('prompt-guard.sh')) } },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--json']);
    expect(result.exitCode).toBe(0);
    const events = parseJsonLines(result.stdout);
    expect(events).toContainEqual({ type: 'prompt_blocked', reason: 'Prompt contains a secret; not sent.' });
    expect(events.some((event) => event['type'] === 'turn_start')).toBe(false);
    expect(result.stdout).not.toContain('Deploying now.');
  });
});

describe('hookrail run: compaction and SessionEnd', () => {
  it('a long scripted session compacts when it passes its budget, fires PreCompress (auto), and completes', async () => {
    const log = join(sandbox.project, 'events.jsonl');
    for (let part = 1; part <= 6; part += 1)
      await sandbox.writeProjectFile(`part-${part}.txt`, `part ${part}: ${'lorem ipsum dolor '.repeat(120)}\n`);
    const logHook = group(sessionFixtureCommand('log-event.py', log));
    const scenario = await writeScenario(sandbox, 'long', {
      prompt: 'Read all six parts.',
      tools: ['read_file'],
      compaction: { tokenBudget: 1500, keepRecentTokens: 700 },
      turns: [
        ...Array.from({ length: 6 }, (_, index) => ({
          text: `Part ${index + 1}.`,
          functionCalls: [{ name: 'read_file', args: { file_path: `part-${index + 1}.txt` } }],
        })),
        { text: 'I have read all six parts.' },
      ],
      settings: { hooks: { PreCompress: logHook, SessionStart: logHook } },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--transcript', 'long.jsonl']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('⇣ history compacted (auto, truncate)');
    expect(result.stdout).toContain('I have read all six parts.');
    expect(result.stdout).toContain('✔ completed (7 turns)');
    const events = readEventLog(log);
    expect(events.filter((entry) => entry.event === 'PreCompress').length).toBeGreaterThan(0);
    expect(events.filter((entry) => entry.event === 'PreCompress').every((entry) => entry.trigger === 'auto')).toBe(
      true,
    );
    expect(events.filter((entry) => entry.event === 'SessionStart').map((entry) => entry.source)).toContain('compact');
    expect(
      readJsonLines(join(sandbox.project, 'long.jsonl')).some((entry) => entry['subtype'] === 'compact_boundary'),
    ).toBe(true);
  });

  it('--resume continues a session from its transcript: SessionStart source resume, the old conversation in the request', async () => {
    const first = await writeScenario(sandbox, 'first', {
      prompt: 'My name is Ada.',
      tools: ['read_file'],
      turns: [{ text: 'Hello Ada.' }],
    });
    expect((await runHookrail(sandbox, ['run', '--scenario', first, '--transcript', 'ada.jsonl'])).exitCode).toBe(0);
    const log = join(sandbox.project, 'events.jsonl');
    const second = await writeScenario(sandbox, 'second', {
      prompt: 'What is my name?',
      tools: ['read_file'],
      turns: [{ text: 'Your name is Ada.' }],
      settings: { hooks: { SessionStart: group(sessionFixtureCommand('log-event.py', log)) } },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', second, '--resume', 'ada.jsonl', '--json']);
    expect(result.exitCode).toBe(0);
    expect(readEventLog(log)[0]).toMatchObject({
      event: 'SessionStart',
      source: 'resume',
      transcript_path: join(sandbox.project, 'ada.jsonl'),
    });
    const done = parseJsonLines(result.stdout).find((event) => event['type'] === 'done') as {
      result: { history: Array<{ parts: Array<{ text?: string }> }> };
    };
    expect(done.result.history.map((content) => content.parts[0]?.text)).toEqual([
      'My name is Ada.',
      'Hello Ada.',
      'What is my name?',
      'Your name is Ada.',
    ]);
    expect(readJsonLines(join(sandbox.project, 'ada.jsonl'))).toHaveLength(4);
  });

  it('--resume with a missing transcript is one clear message naming the file (exit 1); with --transcript it is a usage error (exit 2)', async () => {
    const scenario = await writeScenario(sandbox, 'plain', {
      prompt: 'Hi.',
      tools: ['read_file'],
      turns: [{ text: 'Hello.' }],
    });
    const missing = await runHookrail(sandbox, ['run', '--scenario', scenario, '--resume', 'gone.jsonl']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain(`${join(sandbox.project, 'gone.jsonl')}: transcript file not found`);
    const both = await runHookrail(sandbox, [
      'run',
      '--scenario',
      scenario,
      '--resume',
      'gone.jsonl',
      '--transcript',
      'new.jsonl',
    ]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('--resume FILE goes on writing that transcript; leave out --transcript');
  });

  it('--max-turns reached: SessionEnd fires, then the run exits 1; a usage error exits 2 before any session, so neither SessionStart nor SessionEnd runs', async () => {
    const log = join(sandbox.project, 'events.jsonl');
    const logging = group(sessionFixtureCommand('log-event.py', log));
    const scenario = await writeScenario(sandbox, 'endless', {
      prompt: 'Keep listing.',
      tools: ['list_directory'],
      turns: [
        { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }] },
        { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }] },
        { text: 'never reached' },
      ],
      settings: { hooks: { SessionStart: logging, SessionEnd: logging } },
    });
    const limited = await runHookrail(sandbox, [
      'run',
      '--scenario',
      scenario,
      '--max-turns',
      '1',
      ...roomForSessionEnd,
    ]);
    expect(limited.exitCode).toBe(1);
    expect(readEventLog(log).map((entry) => [entry.event, entry.reason ?? entry.source])).toEqual([
      ['SessionStart', 'startup'],
      ['SessionEnd', 'exit'],
    ]);
    rmSync(log);
    const usage = await runHookrail(sandbox, ['run', '--scenario', scenario, '--max-turns', 'many']);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain('--max-turns expects a whole number');
    expect(readEventLog(log)).toEqual([]);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)(
    "SessionEnd fires after %s too, from the run's shutdown path; the exit code is %i",
    async (signal, exitCode) => {
      const log = join(sandbox.project, 'events.jsonl');
      const pidFile = join(sandbox.project, 'tool.pid');
      const scenario = await writeScenario(sandbox, 'interrupt', {
        prompt: 'Wait.',
        tools: ['run_shell_command'],
        turns: [
          {
            functionCalls: [{ name: 'run_shell_command', args: { command: `echo $$ > "${pidFile}"; exec sleep 60` } }],
          },
        ],
        settings: { hooks: { SessionEnd: group(sessionFixtureCommand('log-event.py', log)) } },
      });
      const running = startHookrail(sandbox, ['run', '--scenario', scenario, ...roomForSessionEnd]);
      await waitFor(
        () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '',
        `the tool's shell to write ${pidFile}`,
        { timeoutMs: 25_000, intervalMs: 50 },
      );
      running.kill(signal);
      const result = await running;
      expect(result.exitCode).toBe(exitCode);
      expect(readEventLog(log).map((entry) => [entry.event, entry.reason])).toEqual([['SessionEnd', 'exit']]);
    },
  );

  it('a SessionEnd hook that hangs gets --session-end-timeout, then the run exits with a warning naming the limit', async () => {
    const scenario = await writeScenario(sandbox, 'slow-end', {
      prompt: 'Hi.',
      tools: ['read_file'],
      turns: [{ text: 'Hello.' }],
      settings: { hooks: { SessionEnd: group(`sh -c 'cat > /dev/null; exec sleep 60'`) } },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--session-end-timeout', '500']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('SessionEnd hooks (reason "exit") did not finish within 500 ms and were cancelled');
  });
});
