/**
 * `hookrail chat` as a real process under a pseudo-terminal (util-linux `script`): prompts typed on
 * the terminal are answered in one session, Ctrl-C cancels the prompt in progress, Ctrl-D ends the
 * session and SessionEnd fires with reason prompt_input_exit. A `--function-hooks` module's hooks run
 * in the session as in `hookrail run`. With a piped stdin it refuses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { cliEntry, type CliSandbox, runHookrail, useCliSandbox, writeScenario } from '../helpers/cliProcess.js';
import { shellQuote } from '../helpers/hookFixtures.js';
import { SESSION_END_WAIT_MS, readEventLog, sessionFixtureCommand } from '../helpers/sessionHooks.js';
import { waitFor as waitUntil } from '../helpers/waiting.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const sandbox = useCliSandbox();

/** `hookrail chat <args>` inside `script`, which gives it a pseudo-terminal; its output is collected as it comes. */
function startChat(box: CliSandbox, args: readonly string[]) {
  const command = [process.execPath, cliEntry, 'chat', ...args].map(shellQuote).join(' ');
  const child = execa('script', ['-qfec', command, '/dev/null'], {
    cwd: box.project,
    env: {
      PATH: process.env['PATH'],
      HOME: box.home,
      NO_COLOR: '1',
      TERM: 'dumb',
      HOOKRAIL_SYSTEM_SETTINGS: `${box.home}/none.json`,
      HOOKRAIL_TEST_RUN_MARKER: process.env['HOOKRAIL_TEST_RUN_MARKER'],
    },
    extendEnv: false,
    stdin: 'pipe',
    reject: false,
    timeout: 60_000,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  /** Waits (bounded) until the output has `count` occurrences of `text`. */
  const waitFor = async (text: string, count = 1): Promise<void> => {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      if (output.split(text).length - 1 >= count) return;
      if (child.exitCode !== null) break;
      await sleep(50);
    }
    throw new Error(`chat output never showed ${count} × ${JSON.stringify(text)}; it was:\n${output}`);
  };
  const type = (text: string): void => {
    child.stdin?.write(text);
  };
  return { child, waitFor, type, output: () => output };
}

describe('hookrail chat (under a pseudo-terminal)', () => {
  it('answers each typed prompt in one session; /compact and /clear act on it; Ctrl-D ends it and SessionEnd fires with reason prompt_input_exit', async () => {
    const log = `${sandbox.project}/events.jsonl`;
    const logHook = [{ hooks: [{ type: 'command', command: sessionFixtureCommand('log-event.py', log) }] }];
    const scenario = await writeScenario(sandbox, 'chat', {
      tools: ['list_directory'],
      turns: [{ text: 'First answer.' }, { expect: { textContains: 'and another' }, text: 'Second answer.' }],
      settings: {
        hooks: {
          SessionStart: logHook,
          BeforeAgent: logHook,
          AfterAgent: logHook,
          PreCompress: logHook,
          SessionEnd: logHook,
        },
      },
    });
    const chat = startChat(sandbox, [
      '--scenario',
      scenario,
      '--transcript',
      'chat.jsonl',
      '--session-end-timeout',
      String(SESSION_END_WAIT_MS),
    ]);
    await chat.waitFor('> ');
    chat.type('hello there\r');
    await chat.waitFor('✔ completed (1 turn)');
    await chat.waitFor('> ', 2);
    chat.type('and another\r');
    await chat.waitFor('✔ completed (1 turn)', 2);
    await chat.waitFor('> ', 3);
    chat.type('/compact\r');
    await chat.waitFor('⇣ history compacted (manual, truncate)');
    await chat.waitFor('> ', 4);
    chat.type('/clear\r');
    await chat.waitFor('Conversation cleared.');
    await chat.waitFor('> ', 5);
    chat.type('\u0004');
    const result = await chat.child;

    expect(result.exitCode).toBe(0);
    expect(chat.output()).toContain('First answer.');
    expect(chat.output()).toContain('Second answer.');
    expect(chat.output()).toContain('Session ended.');
    expect(
      readEventLog(log).map((entry) => [
        entry.event,
        entry.source ?? entry.reason ?? entry.trigger ?? entry.input['prompt'] ?? null,
      ]),
    ).toEqual([
      ['SessionStart', 'startup'],
      ['BeforeAgent', 'hello there'],
      ['AfterAgent', 'hello there'],
      ['BeforeAgent', 'and another'],
      ['AfterAgent', 'and another'],
      ['PreCompress', 'manual'],
      ['SessionStart', 'compact'],
      ['SessionEnd', 'clear'],
      ['SessionStart', 'clear'],
      ['SessionEnd', 'prompt_input_exit'],
    ]);
    const transcript = readJsonLines(`${sandbox.project}/chat.jsonl`);
    expect(transcript.slice(0, 4).map((entry) => (entry['message'] as { content: unknown }).content)).toEqual([
      'hello there',
      [{ type: 'text', text: 'First answer.' }],
      'and another',
      [{ type: 'text', text: 'Second answer.' }],
    ]);
    expect(transcript.flatMap((entry) => (entry['subtype'] ? [entry['subtype']] : []))).toEqual([
      'compact_boundary',
      'clear_boundary',
    ]);
  });

  it('Ctrl-C cancels the prompt in progress (its tool process is stopped); the session goes on until Ctrl-D', async () => {
    const pidFile = `${sandbox.project}/tool.pid`;
    const scenario = await writeScenario(sandbox, 'chat', {
      tools: ['run_shell_command'],
      turns: [
        { functionCalls: [{ name: 'run_shell_command', args: { command: `echo $$ > tool.pid; exec sleep 60` } }] },
        { text: 'Still here.' },
      ],
    });
    const chat = startChat(sandbox, ['--scenario', scenario]);
    await chat.waitFor('> ');
    chat.type('wait a long time\r');
    await chat.waitFor('executing');
    await waitUntil(
      () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '',
      `the tool's shell to write ${pidFile}`,
      { intervalMs: 50 },
    );
    chat.type('\u0003');
    await chat.waitFor('✗ cancelled');
    await chat.waitFor('> ', 2);
    chat.type('are you there?\r');
    await chat.waitFor('Still here.');
    await chat.waitFor('> ', 3);
    chat.type('\u0004');
    const result = await chat.child;
    expect(result.exitCode).toBe(0);
    const toolPid = Number(readFileSync(pidFile, 'utf8').trim());
    expect(() => process.kill(toolPid, 0)).toThrow();
  });

  it("a hook's ask is answered by the next line typed: y lets the call run", async () => {
    const scenario = await writeScenario(sandbox, 'chat', {
      tools: ['write_file'],
      turns: [
        { functionCalls: [{ name: 'write_file', args: { file_path: 'notes.txt', content: 'hello' } }] },
        { expect: { functionResponseContains: 'notes.txt' }, text: 'Wrote it.' },
      ],
      settings: {
        hooks: {
          BeforeTool: [
            {
              hooks: [
                {
                  type: 'command',
                  command: `sh -c 'cat > /dev/null; echo "{\\"decision\\":\\"ask\\",\\"reason\\":\\"writes a file\\"}"'`,
                },
              ],
            },
          ],
        },
      },
    });
    const chat = startChat(sandbox, ['--scenario', scenario]);
    await chat.waitFor('> ');
    chat.type('write the notes\r');
    await chat.waitFor('Allow it?');
    expect(chat.output()).toContain('A hook asks before write_file runs');
    expect(chat.output()).toContain('reason: writes a file');
    chat.type('y\r');
    await chat.waitFor('Wrote it.');
    await chat.waitFor('> ', 2);
    chat.type('\u0004');
    const result = await chat.child;
    expect(result.exitCode).toBe(0);
    expect(readFileSync(`${sandbox.project}/notes.txt`, 'utf8')).toBe('hello');
  });

  it("a hook's ask answered with Enter alone is a no: the call is denied and nothing is written", async () => {
    const scenario = await writeScenario(sandbox, 'chat', {
      tools: ['write_file'],
      turns: [
        { functionCalls: [{ name: 'write_file', args: { file_path: 'notes.txt', content: 'hello' } }] },
        { expect: { functionResponseContains: 'the user denied it at the terminal' }, text: 'Not written.' },
      ],
      settings: {
        hooks: {
          BeforeTool: [
            {
              hooks: [
                {
                  type: 'command',
                  command: `sh -c 'cat > /dev/null; echo "{\\"decision\\":\\"ask\\",\\"reason\\":\\"writes a file\\"}"'`,
                },
              ],
            },
          ],
        },
      },
    });
    const chat = startChat(sandbox, ['--scenario', scenario]);
    await chat.waitFor('> ');
    chat.type('write the notes\r');
    await chat.waitFor('Allow it?');
    chat.type('\r');
    await chat.waitFor('Not written.');
    await chat.waitFor('> ', 2);
    chat.type('\u0004');
    const result = await chat.child;
    expect(result.exitCode).toBe(0);
    expect(chat.output()).toContain('denied: the user denied it at the terminal');
    expect(existsSync(`${sandbox.project}/notes.txt`)).toBe(false);
  });

  it('--function-hooks: a function hook that denies a tool call keeps the tool from running in the chat session', async () => {
    await sandbox.writeProjectFile(
      'hooks.mjs',
      "export const functionHooks = [{ event: 'BeforeTool', name: 'no-writes', matcher: 'write_file', run: (input) => ({ decision: 'deny', reason: 'no writing ' + input.tool_input.file_path }) }];\n",
    );
    const scenario = await writeScenario(sandbox, 'chat', {
      tools: ['write_file'],
      turns: [
        { functionCalls: [{ name: 'write_file', args: { file_path: 'notes.txt', content: 'hello' } }] },
        { expect: { functionResponseContains: 'no writing notes.txt' }, text: 'Not allowed to write.' },
      ],
    });
    const chat = startChat(sandbox, ['--scenario', scenario, '--function-hooks', 'hooks.mjs']);
    await chat.waitFor('> ');
    expect(chat.output()).toContain('· 1 hook ·');
    chat.type('write the notes\r');
    await chat.waitFor('Not allowed to write.');
    await chat.waitFor('> ', 2);
    chat.type('\u0004');
    const result = await chat.child;
    expect(result.exitCode).toBe(0);
    expect(chat.output()).toContain('⛔ blocked by hook: no writing notes.txt');
    expect(existsSync(`${sandbox.project}/notes.txt`)).toBe(false);
  });

  it("--function-hooks naming a missing module ends chat with the run command's error, before the session opens", async () => {
    const scenario = await writeScenario(sandbox, 'chat', { turns: [{ text: 'never asked' }] });
    const chat = startChat(sandbox, ['--scenario', scenario, '--function-hooks', 'missing.mjs']);
    const result = await chat.child;
    expect(result.exitCode).toBe(1);
    expect(chat.output()).toContain(
      `hookrail: error: --function-hooks missing.mjs: file not found (${sandbox.project}/missing.mjs)`,
    );
    expect(chat.output()).not.toContain('> ');
  });

  it('with a piped stdin it refuses with a usage error that points to hookrail run (exit 2)', async () => {
    const result = await runHookrail(sandbox, ['chat'], { input: 'hello\n' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('hookrail chat needs an interactive terminal, but stdin is not one');
    expect(result.stderr).toContain('hookrail run');
  });
});
