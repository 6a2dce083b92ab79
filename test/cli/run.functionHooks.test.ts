/**
 * `hookrail run --function-hooks MODULE` as a real process: the ES module `hooks fire` takes runs in an
 * agent session next to the settings' hooks — a function hook that denies a tool call keeps the tool
 * from running, one that adds context reaches the model — and a module that cannot be used stops the
 * command with the loader's message before the session starts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHookrail, settingsJson, useCliSandbox, writeScenario } from '../helpers/cliProcess.js';
import { sessionFixtureCommand } from '../helpers/sessionHooks.js';
import { parseJsonLines, readJsonLines } from '../helpers/jsonLines.js';

const sandbox = useCliSandbox();

/** The model asks the shell to create `ran.txt`; its second turn checks the function response. */
function shellScenario(functionResponseContains: string): Record<string, unknown> {
  return {
    prompt: 'Make a marker file.',
    tools: ['run_shell_command'],
    turns: [
      { text: 'Making it.', functionCalls: [{ name: 'run_shell_command', args: { command: 'echo ran > ran.txt' } }] },
      { expect: { functionResponseContains }, text: 'Done with the marker.' },
    ],
  };
}

/** Denies shell commands that write files; records every input it saw (the native input object) in `seen.json`. */
const denyingModule = `
import { appendFileSync } from 'node:fs';
export const functionHooks = [
  {
    event: 'BeforeTool', name: 'no-shell-writes', matcher: 'run_shell_command',
    run: (input) => {
      appendFileSync('seen.json', JSON.stringify({ event: input.hook_event_name, tool: input.tool_name, command: input.tool_input.command }) + '\\n');
      return input.tool_input.command.includes('>') ? { decision: 'deny', reason: 'no shell redirections in this project' } : undefined;
    },
  },
];
`;

const contextModule = `
export default [
  { event: 'AfterTool', name: 'context', run: (input) => ({ hookSpecificOutput: { additionalContext: 'function context for ' + input.tool_name } }) },
];
`;

describe('hookrail run --function-hooks', () => {
  it('a function hook that denies a tool call: the tool never runs, the reason is shown and reaches the model', async () => {
    await sandbox.writeProjectFile('hooks.mjs', denyingModule);
    const scenario = await writeScenario(sandbox, 'scenario', shellScenario('no shell redirections in this project'));
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--function-hooks', 'hooks.mjs']);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('· 1 hook ·');
    expect(result.stdout).toContain('▸ run_shell_command  beforeHook → BLOCKED → published');
    expect(result.stdout).toContain('⛔ blocked by hook: no shell redirections in this project');
    expect(result.stdout).toContain('Done with the marker.');
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(false);
    const seen = readJsonLines<unknown>(join(sandbox.project, 'seen.json'));
    expect(seen).toEqual([{ event: 'BeforeTool', tool: 'run_shell_command', command: 'echo ran > ran.txt' }]);
  });

  it('a function hook that adds context: the tool runs and the model gets the context with its result (--json)', async () => {
    await sandbox.writeProjectFile('context.mjs', contextModule);
    const scenario = await writeScenario(sandbox, 'scenario', shellScenario('function context for run_shell_command'));
    const result = await runHookrail(sandbox, [
      'run',
      '--scenario',
      scenario,
      '--function-hooks',
      'context.mjs',
      '--json',
    ]);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(readFileSync(join(sandbox.project, 'ran.txt'), 'utf8')).toBe('ran\n');
    const done = parseJsonLines(result.stdout).find((event) => event['type'] === 'done') as {
      result: { status: string; finalText: string };
    };
    expect(done.result).toMatchObject({ status: 'completed', finalText: 'Done with the marker.' });
  });

  it("function hooks run next to the settings' hooks of the same event; the header counts both", async () => {
    await sandbox.writeProjectFile('hooks.mjs', denyingModule);
    const log = join(sandbox.project, 'events.jsonl');
    const scenario = await writeScenario(sandbox, 'scenario', {
      ...shellScenario('no shell redirections in this project'),
      settings: {
        hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: sessionFixtureCommand('log-event.py', log) }] }] },
      },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--function-hooks', 'hooks.mjs']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('· 2 hooks ·');
    expect(result.stdout).toContain('⛔ blocked by hook: no shell redirections in this project');
    const logged = readJsonLines<Record<string, unknown>>(log);
    expect(logged.map((entry) => [entry['event'], entry['tool']])).toEqual([['BeforeTool', 'run_shell_command']]);
    expect(existsSync(join(sandbox.project, 'seen.json'))).toBe(true);
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(false);
  });

  it('"enableHooks": false in the settings switches the module\'s hooks off too, as in hooks fire', async () => {
    await sandbox.writeProjectFile('hooks.mjs', denyingModule);
    await sandbox.writeHomeFile('.hookrail/settings.json', settingsJson({}, { enableHooks: false }));
    const scenario = await writeScenario(sandbox, 'scenario', shellScenario('ran'));
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--function-hooks', 'hooks.mjs']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('· hooks off (enableHooks: false) ·');
    expect(result.stdout).toContain('▸ run_shell_command  executing → published');
    expect(readFileSync(join(sandbox.project, 'ran.txt'), 'utf8')).toBe('ran\n');
    expect(existsSync(join(sandbox.project, 'seen.json'))).toBe(false);
  });

  it('a module path that does not exist stops the run with the file named, before SessionStart', async () => {
    const log = join(sandbox.project, 'events.jsonl');
    const scenario = await writeScenario(sandbox, 'scenario', {
      ...shellScenario('ran'),
      settings: {
        hooks: {
          SessionStart: [{ hooks: [{ type: 'command', command: sessionFixtureCommand('log-event.py', log) }] }],
        },
      },
    });
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--function-hooks', 'missing.mjs']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `hookrail: error: --function-hooks missing.mjs: file not found (${join(sandbox.project, 'missing.mjs')})`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toBe('');
    expect(existsSync(log)).toBe(false);
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(false);
  });

  it('a module without a functionHooks array, or one that throws while loading, is an error naming the module', async () => {
    const scenario = await writeScenario(sandbox, 'scenario', shellScenario('ran'));
    await sandbox.writeProjectFile('wrong.mjs', 'export const hooks = [];\n');
    const wrongExport = await runHookrail(sandbox, ['run', '--scenario', scenario, '--function-hooks', 'wrong.mjs']);
    expect(wrongExport.exitCode).toBe(1);
    expect(wrongExport.stderr).toContain(
      '--function-hooks wrong.mjs: expected an exported array "functionHooks" (or a default export), got none',
    );
    await sandbox.writeProjectFile('throws.mjs', "throw new Error('cannot start the hooks');\n");
    const throwing = await runHookrail(sandbox, ['run', '--scenario', scenario, '--function-hooks', 'throws.mjs']);
    expect(throwing.exitCode).toBe(1);
    expect(throwing.stderr).toContain(
      '--function-hooks throws.mjs: the module could not be loaded: cannot start the hooks',
    );
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(false);
  });

  it('an invalid definition in the module is skipped with a warning naming the module and functionHooks[i]; the valid ones run; each problem is told once', async () => {
    await sandbox.writeProjectFile(
      'mixed.mjs',
      "import { functionHooks as valid } from './hooks.mjs';\n" +
        "export const functionHooks = [{ event: 'PreToolUse', name: 'claude-name', run() {} }, { ...valid[0], onfailure: 'block', matcher: valid[0].matcher }];\n",
    );
    await sandbox.writeProjectFile('hooks.mjs', denyingModule);
    const scenario = await writeScenario(sandbox, 'scenario', shellScenario('no shell redirections in this project'));
    const result = await runHookrail(sandbox, ['run', '--scenario', scenario, '--function-hooks', 'mixed.mjs']);
    expect(result.exitCode).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('warning: '));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: mixed\.mjs: functionHooks\[0\]\.event: unknown hook event "PreToolUse" \(known events: .*\); hook skipped$/,
      ),
      'warning: mixed.mjs: functionHooks[1].onfailure: unknown field "onfailure"; ignored (did you mean "onFailure"?)',
    ]);
    expect(result.stdout).toContain('· 1 hook ·');
    expect(result.stdout).toContain('⛔ blocked by hook: no shell redirections in this project');
    expect(existsSync(join(sandbox.project, 'ran.txt'))).toBe(false);
  });

  it('--function-hooks without a module is a usage error (exit 2)', async () => {
    const result = await runHookrail(sandbox, ['run', '--function-hooks']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('option --function-hooks needs a value (MODULE)');
  });

  it.each([['run'], ['chat']])(
    '%s --help lists --cwd, --settings, --plugin and --scenario as the hooks commands do, then --function-hooks',
    async (command) => {
      const result = await runHookrail(sandbox, [command, '--help']);
      expect(result.exitCode).toBe(0);
      const options = [...result.stdout.matchAll(/^ {2}(--[a-z-]+)/gm)].map((match) => match[1]);
      expect(options.slice(0, 6)).toEqual([
        '--cwd',
        '--settings',
        '--plugin',
        '--scenario',
        '--model',
        '--function-hooks',
      ]);
      const fireHelp = await runHookrail(sandbox, ['hooks', 'fire', '--help']);
      const functionHooksLine = (text: string) =>
        text
          .split('\n')
          .find((line) => line.trimStart().startsWith('--function-hooks MODULE'))
          ?.trim();
      expect(functionHooksLine(result.stdout)).toBe(functionHooksLine(fireHelp.stdout));
    },
  );
});
