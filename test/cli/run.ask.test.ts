/**
 * The ask policy of `hookrail run`, as a real process: on a pseudo-terminal the person is
 * shown the tool, its arguments and the hook's reason and answers y or n; with stdin not a terminal
 * no one can answer and `--ask` decides (deny by default, telling the model so). The progress output
 * shows the asked decision; a Notification hook hears about the ask.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, respondHook, runHookrail, useCliSandbox, writeScenario } from '../helpers/cliProcess.js';
import { startHookrailInTerminal } from '../helpers/cliTerminal.js';
import { parseJsonLines } from '../helpers/jsonLines.js';

const sandbox = useCliSandbox();

const askingHook = respondHook(0, '{"decision":"ask","reason":"writing ran.txt needs a yes"}');
const claudeAskingHook = respondHook(
  0,
  '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"Claude-style: confirm the write"}}',
);

/** A scenario whose one shell call writes ran.txt, and whose second turn checks what the model was told. */
async function writeAskScenario(options: {
  hook: string;
  modelSees: string;
  notificationLog?: string;
}): Promise<string> {
  const hooks: Record<string, unknown> = { BeforeTool: [{ hooks: [{ type: 'command', command: options.hook }] }] };
  if (options.notificationLog) {
    hooks['Notification'] = [
      {
        hooks: [
          { type: 'command', command: `sh '${fixturePath('hooks/system/log-event.sh')}' '${options.notificationLog}'` },
        ],
      },
    ];
  }
  const scenario = {
    prompt: 'Leave a marker file.',
    tools: ['run_shell_command'],
    settings: { hooks },
    turns: [
      {
        text: 'Writing the marker.',
        functionCalls: [{ name: 'run_shell_command', args: { command: 'echo marker > ran.txt' } }],
      },
      { expect: { functionResponseContains: options.modelSees }, text: 'Finished.' },
    ],
  };
  return writeScenario(sandbox, 'ask', scenario);
}

const ranMarker = (): boolean => existsSync(join(sandbox.project, 'ran.txt'));

describe('hookrail run: a hook asks, stdin is not a terminal', () => {
  it('denies by default: the model reads that no one could answer, the tool never runs, the progress shows DENIED', async () => {
    const scenario = await writeAskScenario({ hook: askingHook, modelSees: 'no one could answer' });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('▸ run_shell_command  beforeHook → asking → DENIED → published');
    expect(result.stdout).toContain(
      '    ? a hook asked: writing ran.txt needs a yes → denied: no one could answer: hookrail run is not interactive (stdin is not a terminal) and --ask is deny',
    );
    expect(result.stdout).toContain('Finished.');
    expect(result.stdout).toContain('✔ completed (2 turns)');
    expect(ranMarker()).toBe(false);
    expect(result.stderr).toBe('');
  });

  it('--ask allow lets the asked call run, and says it was allowed by --ask', async () => {
    const scenario = await writeAskScenario({ hook: claudeAskingHook, modelSees: 'Exit Code: 0' });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--ask', 'allow']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('▸ run_shell_command  beforeHook → asking → executing → afterHook → published');
    expect(result.stdout).toContain(
      '    ? a hook asked: Claude-style: confirm the write → allowed (allowed by --ask allow (stdin is not a terminal))',
    );
    expect(ranMarker()).toBe(true);
  });

  it('--ask deny given explicitly denies too', async () => {
    const scenario = await writeAskScenario({
      hook: askingHook,
      modelSees: 'Permission to run run_shell_command was denied',
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--ask', 'deny']);
    expect(result.exitCode).toBe(0);
    expect(ranMarker()).toBe(false);
  });

  it('--json: the tool_result carries how the ask was answered; stdout stays JSON lines', async () => {
    const scenario = await writeAskScenario({ hook: askingHook, modelSees: 'no one could answer' });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--json']);
    expect(result.exitCode).toBe(0);
    const events = parseJsonLines(result.stdout);
    const states = events
      .filter((event) => event['type'] === 'tool_update')
      .map((event) => (event['update'] as { state: string }).state);
    expect(states).toEqual(['idle', 'beforeHook', 'asking', 'buffered', 'published']);
    const toolResult = events.find((event) => event['type'] === 'tool_result')!['outcome'] as Record<string, unknown>;
    expect(toolResult['outcome']).toBe('blocked');
    expect(toolResult['asked']).toMatchObject({
      reason: 'writing ran.txt needs a yes',
      decision: 'deny',
      answeredBy: 'onAskUser',
    });
    expect((toolResult['result'] as { error: { type: string } }).error.type).toBe('ask_denied');
  });

  it('a Notification hook hears about the ask (ToolPermission, the tool and its arguments)', async () => {
    const notificationLog = join(sandbox.project, 'notifications.jsonl');
    const scenario = await writeAskScenario({ hook: askingHook, modelSees: 'no one could answer', notificationLog });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario]);
    expect(result.exitCode).toBe(0);
    const notifications = readFileSync(notificationLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      hook_event_name: 'Notification',
      notification_type: 'ToolPermission',
      message: 'Tool run_shell_command needs your permission: writing ran.txt needs a yes',
      details: {
        tool_name: 'run_shell_command',
        tool_input: { command: 'echo marker > ran.txt' },
        reason: 'writing ran.txt needs a yes',
      },
    });
  });

  it('--ask with anything but deny or allow is a usage error naming the value', async () => {
    const scenario = await writeAskScenario({ hook: askingHook, modelSees: 'Exit Code: 0' });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--ask', 'maybe']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--ask expects deny or allow, got "maybe"');
    expect(ranMarker()).toBe(false);
  });
});

describe('hookrail run: a hook asks, on a terminal (pseudo-terminal)', () => {
  it('shows the tool, its arguments, the reason and the hook, and answering y runs the call', async () => {
    const scenario = await writeAskScenario({ hook: askingHook, modelSees: 'Exit Code: 0' });
    const terminal = startHookrailInTerminal({ sandbox, args: ['run', '--scenario', scenario, '--ask', 'deny'] });
    await terminal.waitForOutput('Allow it? [y/N] ');
    const question = terminal.output();
    expect(question).toContain('▸ run_shell_command  beforeHook → asking\n');
    expect(question).toContain(
      '? A hook asks before run_shell_command runs\n  $ echo marker > ran.txt\n  reason: writing ran.txt needs a yes\n  hook: sh ',
    );
    expect(ranMarker()).toBe(false);
    terminal.type('y\n');
    const { exitCode, output } = await terminal.finished;
    expect(exitCode).toBe(0);
    expect(output).toContain('▸ run_shell_command  … → executing → afterHook → published');
    expect(output).toContain('    ? a hook asked: writing ran.txt needs a yes → allowed (allowed at the terminal)');
    expect(output).toContain('✔ completed (2 turns)');
    expect(ranMarker()).toBe(true);
  });

  it('answering n denies the call; the model reads that the user denied it', async () => {
    const scenario = await writeAskScenario({
      hook: claudeAskingHook,
      modelSees: 'the user denied it at the terminal',
    });
    const terminal = startHookrailInTerminal({ sandbox, args: ['run', '--scenario', scenario] });
    await terminal.waitForOutput('Allow it? [y/N] ');
    expect(terminal.output()).toContain('  reason: Claude-style: confirm the write\n');
    terminal.type('n\n');
    const { exitCode, output } = await terminal.finished;
    expect(exitCode).toBe(0);
    expect(output).toContain('▸ run_shell_command  … → DENIED → published');
    expect(output).toContain(
      '    ? a hook asked: Claude-style: confirm the write → denied: the user denied it at the terminal',
    );
    expect(output).toContain('Finished.');
    expect(ranMarker()).toBe(false);
  });

  it('Enter alone means no: the call is denied and never runs, even with --ask allow', async () => {
    const scenario = await writeAskScenario({ hook: askingHook, modelSees: 'the user denied it at the terminal' });
    const terminal = startHookrailInTerminal({ sandbox, args: ['run', '--scenario', scenario, '--ask', 'allow'] });
    await terminal.waitForOutput('Allow it? [y/N] ');
    terminal.type('\n');
    const { exitCode, output } = await terminal.finished;
    expect(exitCode).toBe(0);
    expect(output).toContain('▸ run_shell_command  … → DENIED → published');
    expect(output).toContain(
      '    ? a hook asked: writing ran.txt needs a yes → denied: the user denied it at the terminal',
    );
    expect(ranMarker()).toBe(false);
  });

  it('an answer that is neither y nor n is asked again', async () => {
    const scenario = await writeAskScenario({ hook: askingHook, modelSees: 'Exit Code: 0' });
    const terminal = startHookrailInTerminal({ sandbox, args: ['run', '--scenario', scenario] });
    await terminal.waitForOutput('Allow it? [y/N] ');
    terminal.type('perhaps\n');
    await terminal.waitForOutput('Please answer y or n.\nAllow it? [y/N] ');
    terminal.type('yes\n');
    const { exitCode } = await terminal.finished;
    expect(exitCode).toBe(0);
    expect(ranMarker()).toBe(true);
  });
});
