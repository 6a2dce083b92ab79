/**
 * `if` conditions in the planner: checked in-process before anything runs, so a
 * hook whose condition fails costs no process; a tool name in either dialect; tool events only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireBeforeModelHook } from '../../../src/hooks/triggers/modelHookTriggers.js';
import { fireBeforeToolHook, toolHooksMayApply } from '../../../src/hooks/triggers/toolHookTriggers.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { fileURLToPath } from 'node:url';
import { scratchDirectory, shellQuote } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { recordingConfig } from '../../helpers/systemFixtures.js';

const appendName = fileURLToPath(new URL('../../fixtures/settings/hooks/append-name.sh', import.meta.url));

let scratch: ReturnType<typeof scratchDirectory>;
let logFile: string;
beforeEach(() => {
  scratch = scratchDirectory('hookrail-if-');
  logFile = join(scratch.path, 'ran.log');
});
afterEach(() => scratch.remove());
afterAll(() => assertNoHookProcessesAlive());

/** A command hook that appends `name` to the log file each time it runs (a process witness). */
function witness(name: string, condition: string) {
  return {
    type: 'command' as const,
    name,
    if: condition,
    command: `sh ${shellQuote(appendName)} ${shellQuote(logFile)} ${shellQuote(name)}`,
  };
}

function ran(): string[] {
  return existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];
}

const toolResult = { llmContent: 'ok', returnDisplay: 'ok' };

describe('if conditions before anything runs', () => {
  it('a hook whose condition fails spawns no process; when it holds, the hook runs', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: { BeforeTool: [{ hooks: [witness('push-guard', 'run_shell_command(git push*)')] }] },
    });
    await executeToolWithHooks(config, 'run_shell_command', { command: 'git status' }, async () => toolResult);
    await executeToolWithHooks(config, 'run_shell_command', { command: 'ls && git pull' }, async () => toolResult);
    expect(ran()).toEqual([]);
    await executeToolWithHooks(
      config,
      'run_shell_command',
      { command: 'git push origin main' },
      async () => toolResult,
    );
    await executeToolWithHooks(config, 'run_shell_command', { command: 'make && git push' }, async () => toolResult);
    expect(ran()).toEqual(['push-guard', 'push-guard']);
  });

  it("a condition in Claude Code's tool names applies to the native tool, and the reverse", async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: {
        BeforeTool: [
          { hooks: [witness('claude-style', 'Bash(rm -rf*)'), witness('native-style', 'write_file(src/**)')] },
        ],
      },
    });
    await fireBeforeToolHook(config, 'run_shell_command', { command: 'rm -rf build' });
    await fireBeforeToolHook(config, 'Write', { file_path: 'src/a.ts', content: '' });
    await fireBeforeToolHook(config, 'Write', { file_path: 'docs/a.md', content: '' });
    expect(ran()).toEqual(['claude-style', 'native-style']);
  });

  it('HOOK-012: when the tool name cannot match, the tool runs on the no-hook fast path', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: { BeforeTool: [{ hooks: [witness('push-guard', 'run_shell_command(git push*)')] }] },
    });
    await config.getHookSystem()!.initialize();
    expect(toolHooksMayApply(config, 'read_file')).toBe(false);
    expect(toolHooksMayApply(config, 'run_shell_command')).toBe(true);
    expect(toolHooksMayApply(config, 'Bash')).toBe(true);
    // Given the arguments, a failing condition rules the hook out too: executeToolWithHooks then runs the tool directly.
    expect(toolHooksMayApply(config, 'run_shell_command', { command: 'git status' })).toBe(false);
    expect(toolHooksMayApply(config, 'run_shell_command', { command: 'git push' })).toBe(true);
  });

  it('function hooks take `if` too', async () => {
    const calls: string[] = [];
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'env-guard',
          if: 'write_file(*.env)',
          run: (input) => void calls.push(String(input.tool_input['file_path'])),
        },
      ],
    });
    await fireBeforeToolHook(config, 'write_file', { file_path: 'config/prod.env' });
    await fireBeforeToolHook(config, 'write_file', { file_path: 'README.md' });
    expect(calls).toEqual(['config/prod.env']);
  });

  it('`if` and the group matcher must both hold', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: { BeforeTool: [{ matcher: '^replace$', hooks: [witness('both', 'Bash')] }] },
    });
    await fireBeforeToolHook(config, 'run_shell_command', { command: 'ls' });
    await fireBeforeToolHook(config, 'replace', { file_path: 'a' });
    expect(ran()).toEqual([]);
  });

  it('on an event that is not a tool event a hook with `if` never runs (as in Claude Code)', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: { BeforeModel: [{ hooks: [witness('model-guard', 'Bash')] }] },
    });
    await fireBeforeModelHook(config, { model: 'm', contents: 'hi' });
    expect(ran()).toEqual([]);
  });

  it('relative path globs are taken from the working directory for absolute file paths', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: { AfterTool: [{ hooks: [witness('src-audit', 'write_file(src/**)')] }] },
    });
    await executeToolWithHooks(
      config,
      'write_file',
      { file_path: join(scratch.path, 'src', 'main.ts') },
      async () => toolResult,
    );
    await executeToolWithHooks(
      config,
      'write_file',
      { file_path: join(scratch.path, 'test', 'main.ts') },
      async () => toolResult,
    );
    expect(ran()).toEqual(['src-audit']);
  });
});
