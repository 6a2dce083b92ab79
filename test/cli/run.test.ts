/**
 * `hookrail run` as a real process: progress through each call's states, --json event lines, exit
 * codes (0 completed or stopped by a hook, 1 failed, 2 usage), and every kind of bad input getting
 * one clear message — with real hook scripts from test/fixtures/hooks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  respondHook,
  runHookrail,
  settingsJson,
  startHookrail,
  useCliSandbox,
  writeScenario,
} from '../helpers/cliProcess.js';
import { waitFor } from '../helpers/waiting.js';
import { parseJsonLines } from '../helpers/jsonLines.js';

const sandbox = useCliSandbox();

const echoScenario = {
  prompt: 'Say hello in the shell.',
  tools: ['run_shell_command'],
  turns: [
    {
      text: 'Saying hello.',
      functionCalls: [{ name: 'run_shell_command', args: { command: 'echo hello-from-the-tool' } }],
    },
    { expect: { functionResponseContains: 'hello-from-the-tool' }, text: 'The shell said hello.' },
  ],
};

/** The echo scenario with one `eventName` hook that prints `stdout` and exits 0. */
function echoScenarioWithHook(eventName: string, stdout: string): Record<string, unknown> {
  return {
    ...echoScenario,
    settings: { hooks: { [eventName]: [{ hooks: [{ type: 'command', command: respondHook(0, stdout) }] }] } },
  };
}

describe('hookrail run', () => {
  it('shows each tool call moving through its states, its output, the final answer, and exits 0', async () => {
    const scenario = await writeScenario(sandbox, 'echo', echoScenarioWithHook('BeforeTool', '{"decision":"allow"}'));
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('> Say hello in the shell.');
    expect(result.stdout).toContain('▸ run_shell_command  beforeHook → executing → afterHook → published');
    expect(result.stdout).toContain('    $ echo hello-from-the-tool');
    expect(result.stdout).toContain('hello-from-the-tool');
    expect(result.stdout).toContain('The shell said hello.');
    expect(result.stdout).toContain('✔ completed (2 turns)');
    expect(result.stderr).toBe('');
  });

  it('HOOK-012: with no tool hook matching, a call skips the hook states (executing → published)', async () => {
    const scenario = await writeScenario(sandbox, 'echo', echoScenario);
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('▸ run_shell_command  executing → published');
    expect(result.stdout).not.toContain('beforeHook');
    expect(result.stdout).toContain('hello-from-the-tool');
    expect(result.stdout).toContain('✔ completed (2 turns)');
  });

  it("uses the prompt given on the command line instead of the scenario's", async () => {
    const scenario = await writeScenario(sandbox, 'echo', echoScenario);
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, 'greet', 'the', 'user']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('> greet the user');
  });

  it('--json prints one AgentEvent per line and nothing else on stdout', async () => {
    const scenario = await writeScenario(sandbox, 'echo', echoScenarioWithHook('AfterTool', '{}'));
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--json']);
    expect(result.exitCode).toBe(0);
    const events = parseJsonLines(result.stdout);
    expect(events.length).toBeGreaterThan(3);
    const states = events
      .filter((event) => event['type'] === 'tool_update')
      .map((event) => (event['update'] as { state: string }).state);
    expect(states).toEqual(expect.arrayContaining(['beforeHook', 'executing', 'afterHook', 'published']));
    expect(states.indexOf('beforeHook')).toBeLessThan(states.indexOf('published'));
    // The session's own events frame the prompt's: session_start first, session_end last.
    expect(events[0]).toMatchObject({ type: 'session_start', source: 'startup' });
    expect(events.at(-1)).toEqual({ type: 'session_end', reason: 'exit', timedOut: false });
    const done = events.at(-2)!;
    expect(done['type']).toBe('done');
    expect((done['result'] as { status: string; finalText: string }).status).toBe('completed');
    expect((done['result'] as { finalText: string }).finalText).toBe('The shell said hello.');
    expect(result.stdout).not.toContain('▸');
  });

  it('HOOK-020: a BeforeTool hook that stops the agent ends the run, prints the stopReason, and exits 0', async () => {
    const scenario = await writeScenario(
      sandbox,
      'stop',
      echoScenarioWithHook('BeforeTool', '{"continue":false,"stopReason":"maintenance window"}'),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('▸ run_shell_command  beforeHook → STOPPED → published');
    expect(result.stdout).toContain('■ stopped by hook: maintenance window');
    expect(result.stdout).not.toContain('The shell said hello.');
  });

  it('HOOK-028: an AfterTool hook that stops the agent ends the run after the call and surfaces the stopReason', async () => {
    const scenario = await writeScenario(
      sandbox,
      'stop-after',
      echoScenarioWithHook('AfterTool', '{"continue":false,"stopReason":"seen enough"}'),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--json']);
    expect(result.exitCode).toBe(0);
    const done = parseJsonLines(result.stdout).find((event) => event['type'] === 'done') as {
      result: { status: string; stopReason: string; turns: number };
    };
    expect(done.result.status).toBe('stopped');
    expect(done.result.stopReason).toBe('seen enough');
    expect(done.result.turns).toBe(1);
  });

  it('HOOK-159: a systemMessage reaches the model with the tool result but is never printed to the user', async () => {
    const scenario = await writeScenario(sandbox, 'system-message', {
      ...echoScenarioWithHook('AfterTool', '{"systemMessage":"note-only-for-the-model"}'),
      turns: [
        echoScenario.turns[0],
        { expect: { functionResponseContains: '[System] note-only-for-the-model' }, text: 'Noted.' },
      ],
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Noted.');
    expect(result.stdout).not.toContain('note-only-for-the-model');
    expect(result.stderr).not.toContain('note-only-for-the-model');
  });

  it("HOOK-049: an AfterModel hook with suppressOutput hides the model's text from the user; the run goes on", async () => {
    const scenario = await writeScenario(
      sandbox,
      'hidden-model-text',
      echoScenarioWithHook('AfterModel', '{"suppressOutput":true}'),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('(model response hidden by hook)');
    expect(result.stdout).not.toContain('The shell said hello.');
    expect(result.stdout).toContain('▸ run_shell_command  executing → published');
  });

  it('HOOK-037: a BeforeModel hook that blocks is shown with its reason; the model is not called', async () => {
    const scenario = await writeScenario(
      sandbox,
      'blocked-model',
      echoScenarioWithHook('BeforeModel', '{"decision":"block","reason":"model quota used up"}'),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('⛔ model call blocked by hook: model quota used up');
    expect(result.stdout).not.toContain('Saying hello.');
    expect(result.stdout).not.toContain('▸ run_shell_command');
  });

  it('a call to an unknown tool is an error result to the model and the loop goes on', async () => {
    const scenario = await writeScenario(sandbox, 'unknown-tool', {
      prompt: 'Delete everything.',
      tools: ['read_file'],
      turns: [
        { functionCalls: [{ name: 'delete_everything', args: {} }] },
        { expect: { functionResponseContains: ['delete_everything', 'not found'] }, text: 'That tool does not exist.' },
      ],
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/▸ delete_everything .*error/);
    expect(result.stdout).toContain('That tool does not exist.');
  });

  it('a tool that fails (missing file) is an error result to the model and the loop goes on', async () => {
    const scenario = await writeScenario(sandbox, 'tool-error', {
      prompt: 'Read a file.',
      tools: ['read_file'],
      turns: [
        { functionCalls: [{ name: 'read_file', args: { file_path: 'no-such-file.txt' } }] },
        { expect: { functionResponseContains: 'no-such-file.txt' }, text: 'The file is missing.' },
      ],
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('✗');
    expect(result.stdout).toContain('The file is missing.');
  });

  it('--settings adds a hook file (trusted, highest priority) whose hooks run', async () => {
    const scenario = await writeScenario(sandbox, 'echo', echoScenario);
    const settings = await sandbox.writeProjectFile(
      'extra-settings.json',
      settingsJson({
        BeforeTool: [
          { matcher: 'run_shell_command', hooks: [{ type: 'command', command: respondHook(2, '', 'no shell today') }] },
        ],
      }),
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--settings', settings]);
    // The scenario expects the echo output, which never comes: the model call fails and the run exits 1.
    expect(result.stdout).toContain('⛔ blocked by hook: no shell today');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('hello-from-the-tool');
  });

  it('--cwd runs tools in that project directory', async () => {
    const other = join(sandbox.project, 'other');
    await sandbox.writeProjectFile('other/.keep', '');
    const scenario = await writeScenario(sandbox, 'write', {
      prompt: 'Write a file.',
      tools: ['write_file'],
      turns: [
        { functionCalls: [{ name: 'write_file', args: { file_path: 'made-here.txt', content: 'hi\n' } }] },
        { text: 'Written.' },
      ],
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--cwd', 'other']);
    expect(result.exitCode).toBe(0);
    expect(readFileSync(join(other, 'made-here.txt'), 'utf8')).toBe('hi\n');
    expect(existsSync(join(sandbox.project, 'made-here.txt'))).toBe(false);
  });

  it('without a scenario or model plays the embedded offline demo and completes', async () => {
    const result = await runHookrail(sandbox, ['run']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('hello from hookrail');
    expect(result.stdout).toContain('✔ completed');
  });

  it('--max-turns stops a run that needs more model calls and exits 1', async () => {
    const scenario = await writeScenario(sandbox, 'echo', echoScenario);
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--max-turns', '1']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('gave up after 1 turn: the --max-turns limit (1) was reached');
  });

  it('an invalid --max-turns is a usage error (exit 2)', async () => {
    const result = await runHookrail(sandbox, ['run', '--max-turns', 'many']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--max-turns expects a whole number from 1 to 10000, got "many"');
  });

  it('a scenario expectation that does not match fails the run with a message naming the turn (exit 1)', async () => {
    const scenario = await writeScenario(sandbox, 'mismatch', {
      ...echoScenario,
      turns: [echoScenario.turns[0], { expect: { functionResponseContains: 'something else' }, text: 'never said' }],
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('something else');
    expect(result.stderr).toMatch(/turn 2/);
    expect(result.stdout).toContain('✗ the run failed');
  });

  it('a missing scenario file: one clear message, exit 1, no stack trace', async () => {
    const result = await runHookrail(sandbox, ['run', '--scenario', 'nope.json']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('nope.json');
    expect(result.stderr).toContain('scenario file not found');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toBe('');
  });

  it('a malformed scenario file names the line and column; an invalid one names the JSON path', async () => {
    await sandbox.writeProjectFile('broken.json', '{\n  "turns": [\n    { "text": "hi", }\n  ]\n}\n');
    const broken = await runHookrail(sandbox, ['run', '--scenario', 'broken.json']);
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toMatch(/broken\.json: invalid JSON at line 3, column /);
    const invalid = await writeScenario(sandbox, 'invalid', { turns: [{ functionCalls: [{ name: 42 }] }] });
    const result = await runHookrail(sandbox, ['run', '--scenario', invalid]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('turns[0].functionCalls[0].name');
  });

  it('a model name without an API key says which environment variable to set (exit 1)', async () => {
    const result = await runHookrail(sandbox, ['run', '--model', 'gemini-2.5-flash', 'hello'], {
      env: { GEMINI_API_KEY: undefined, GOOGLE_API_KEY: undefined },
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('GEMINI_API_KEY');
    expect(result.stderr).toContain('GOOGLE_API_KEY');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a missing or malformed --settings file stops the run with a message naming it (exit 1)', async () => {
    const missing = await runHookrail(sandbox, ['run', '--settings', 'absent.json']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('--settings absent.json: file not found');
    await sandbox.writeProjectFile('bad.json', '{"hooks": {');
    const malformed = await runHookrail(sandbox, ['run', '--settings', 'bad.json']);
    expect(malformed.exitCode).toBe(1);
    expect(malformed.stderr).toMatch(/--settings bad\.json: invalid JSON at line 1, column \d+/);
  });

  it('a malformed user settings file is a warning; the run goes on', async () => {
    await sandbox.writeHomeFile('.hookrail/settings.json', '{ not json');
    const result = await runHookrail(sandbox, ['run']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(/warning: ~\/\.hookrail\/settings\.json: invalid JSON at line 1/);
  });

  it('a --cwd that does not exist is one clear message (exit 1)', async () => {
    const result = await runHookrail(sandbox, ['run', '--cwd', 'no/such/dir']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('--cwd no/such/dir: no such directory');
  });
});

describe('hookrail run, interrupted', () => {
  it('Ctrl-C (SIGINT) cancels the run: the running tool process is killed and the exit code is 130', async () => {
    const pidFile = join(sandbox.project, 'tool.pid');
    const scenario = await writeScenario(sandbox, 'slow', {
      prompt: 'Wait a long time.',
      tools: ['run_shell_command'],
      turns: [
        { functionCalls: [{ name: 'run_shell_command', args: { command: `echo $$ > "${pidFile}"; exec sleep 60` } }] },
        { text: 'never' },
      ],
    });
    const running = startHookrail(sandbox, ['run', '--scenario', scenario, '--json']);
    let output = '';
    running.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // Wait until the tool's shell is running (it wrote its PID), then press Ctrl-C.
    await waitFor(
      () => {
        if (running.exitCode !== null) throw new Error(`hookrail exited before the tool started:\n${output}`);
        return (
          output.includes('"state":"executing"') && existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== ''
        );
      },
      `the tool's shell to write ${pidFile} while the call is executing`,
      { intervalMs: 50 },
    );
    running.kill('SIGINT');
    const result = await running;
    expect(result.exitCode).toBe(130);
    const toolPid = Number(readFileSync(pidFile, 'utf8').trim());
    expect(() => process.kill(toolPid, 0)).toThrow();
    const events = parseJsonLines(String(result.stdout));
    expect(events.at(-2)).toMatchObject({ type: 'done', result: { status: 'aborted' } });
    // SessionEnd still fires after Ctrl-C, from the run's shutdown path.
    expect(events.at(-1)).toEqual({ type: 'session_end', reason: 'exit', timedOut: false });
  });
});
