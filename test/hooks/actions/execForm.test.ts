/**
 * Exec form: `{ "command": "node", "args": [...] }` spawns the executable with its
 * arguments and no shell — nothing is quoted, expanded or interpreted, one process fewer — while its
 * stdin, answer and exit code are read exactly as for the shell form.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookExecutionError } from '../../../src/errors.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { expandExecForm } from '../../../src/hooks/actions/execForm.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { CommandHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { fireBeforeToolHook } from '../../../src/hooks/triggers/toolHookTriggers.js';
import { beforeToolInput, hookFixture, scratchDirectory } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

let scratch: ReturnType<typeof scratchDirectory>;
beforeEach(() => {
  scratch = scratchDirectory('hookrail-exec-');
});
afterEach(() => scratch.remove());
afterAll(() => assertNoHookProcessesAlive());

const reportProcess = hookFixture('types/report-process.js');

function execHook(args: string[], extra: Partial<CommandHookConfig> = {}): CommandHookConfig {
  return { type: 'command', command: 'node', args: [reportProcess, ...args], ...extra };
}

function newRunner() {
  return new HookRunner({ logger: recordingLogger().logger, killGraceMs: 200 });
}

describe('exec form', () => {
  it('arguments arrive exactly as written: no word splitting, no substitution, no quoting', async () => {
    const out = join(scratch.path, 'report.json');
    const tricky = ['two words', '$(touch pwned)', "it's", '`id`', '*', '--strict', ''];
    const result = await newRunner().executeHook(
      execHook([out, ...tricky]),
      HookEventName.BeforeTool,
      beforeToolInput({ command: 'ls' }, 'run_shell_command', scratch.path),
    );
    expect(result.success).toBe(true);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.argv).toEqual(tricky);
    expect(existsSync(join(scratch.path, 'pwned'))).toBe(false);
  });

  it('the hook process is the executable itself, started by the host (no shell in between)', async () => {
    const out = join(scratch.path, 'report.json');
    await newRunner().executeHook(execHook([out]), HookEventName.BeforeTool, beforeToolInput({}, 'x', scratch.path));
    expect(JSON.parse(readFileSync(out, 'utf8')).ppid).toBe(process.pid);
  });

  it('HOOK-061: stdin carries the input JSON and exit-0 JSON stdout is the answer, as in shell form', async () => {
    const out = join(scratch.path, 'report.json');
    const input = beforeToolInput({ file_path: 'a.txt' }, 'write_file', scratch.path);
    const result = await newRunner().executeHook(execHook([out]), HookEventName.BeforeTool, input);
    expect(JSON.parse(readFileSync(out, 'utf8')).input).toEqual(input);
    expect(result.output).toEqual({ decision: 'allow', systemMessage: 'report-process ran' });
  });

  it('HOOK-188: project-dir variables are replaced as plain text in the command and each argument', async () => {
    const projectDir = join(scratch.path, 'my project; touch x');
    mkdirSync(projectDir);
    const out = join(projectDir, 'report.json');
    const hook: CommandHookConfig = {
      type: 'command',
      command: 'node',
      args: [reportProcess, '${CLAUDE_PROJECT_DIR}/report.json', '$GEMINI_PROJECT_DIR', '$LLXPRT_PROJECT_DIRX'],
    };
    await newRunner().executeHook(hook, HookEventName.BeforeTool, beforeToolInput({}, 'x', projectDir));
    expect(JSON.parse(readFileSync(out, 'utf8')).argv).toEqual([projectDir, '$LLXPRT_PROJECT_DIRX']);
    expect(existsSync(join(scratch.path, 'x'))).toBe(false);
    expect(expandExecForm({ command: '$CLAUDE_PROJECT_DIR/bin/guard', args: [], projectDir: '/p q' })).toEqual({
      command: '/p q/bin/guard',
      args: [],
    });
  });

  it("HOOK-188: a plugin hook's CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA are expanded when the hook has them; other $ text stays", () => {
    const expanded = expandExecForm({
      command: '${CLAUDE_PLUGIN_ROOT}/bin/guard',
      args: ['$CLAUDE_PLUGIN_DATA/cache', '$CLAUDE_PLUGIN_ROOTS', '$HOME', 'price: $5', '${CLAUDE_PROJECT_DIR}'],
      projectDir: '/work/shop',
      variables: { CLAUDE_PLUGIN_ROOT: '/plugins/lint', CLAUDE_PLUGIN_DATA: '/data/lint', HOME: '/root' },
    });
    expect(expanded).toEqual({
      command: '/plugins/lint/bin/guard',
      args: ['/data/lint/cache', '$CLAUDE_PLUGIN_ROOTS', '$HOME', 'price: $5', '/work/shop'],
    });
    // A hook that is no plugin's has no plugin variables: the reference stays as written.
    expect(expandExecForm({ command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/x.js'], projectDir: '/p' })).toEqual({
      command: 'node',
      args: ['${CLAUDE_PLUGIN_ROOT}/x.js'],
    });
  });

  it('an executable that does not exist cannot start: a spawn failure naming the command', async () => {
    const result = await newRunner().executeHook(
      { type: 'command', command: 'hookrail-no-such-program', args: ['--x'] },
      HookEventName.BeforeTool,
      beforeToolInput({}, 'x', scratch.path),
    );
    expect(result.success).toBe(false);
    expect(result.error instanceof HookExecutionError && result.error.kind).toBe('spawn');
    expect(result.error?.message).toContain('hookrail-no-such-program --x');
    expect(result.error?.message).toContain('could not start');
  });

  it('an exec-form hook from settings runs through the hook system and its answer applies', async () => {
    const out = join(scratch.path, 'report.json');
    const config = new Config({
      enableHooks: true,
      logger: recordingLogger().logger,
      workingDir: scratch.path,
      hooks: { BeforeTool: [{ matcher: 'write_file', hooks: [execHook([out])] }] },
    });
    const output = await fireBeforeToolHook(config, 'write_file', { file_path: 'a' });
    expect(output?.systemMessage).toBe('report-process ran');
    expect(existsSync(out)).toBe(true);
  });

  it('HOOK-091: the same exec form twice runs once; the same executable with other arguments is another hook', async () => {
    const out = join(scratch.path, 'count.json');
    const config = new Config({
      enableHooks: true,
      logger: recordingLogger().logger,
      workingDir: scratch.path,
      hooks: { BeforeTool: [{ hooks: [execHook([out]), execHook([out]), execHook([out, 'other'])] }] },
    });
    const hookSystem = config.getHookSystem()!;
    await hookSystem.initialize();
    const details = await hookSystem
      .getEventHandler()
      .fireEventWithDetails(HookEventName.BeforeTool, { tool_name: 'x', tool_input: {} });
    expect(details.plan?.hookConfigs.map((hook) => (hook as CommandHookConfig).args?.slice(1))).toEqual([
      [out],
      [out, 'other'],
    ]);
  });
});
