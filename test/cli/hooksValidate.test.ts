/**
 * `hookrail hooks validate [FILE]` as a real process: every problem with its file and JSON path,
 * exit 1 when there is any, for settings files, Claude Code settings files and scenarios.
 */
import { describe, expect, it } from 'vitest';
import { runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

describe('hookrail hooks validate', () => {
  it('HOOK-082, HOOK-083: a valid file passes with exit 0', async () => {
    const file = await sandbox.writeProjectFile(
      'good.json',
      settingsJson({ BeforeTool: [{ matcher: 'run_shell_command', sequential: true, hooks: [{ type: 'command', command: 'echo ok', timeout: 1000 }] }] }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', file]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('good.json: 1 valid hook, no problems');
    expect(result.stdout).toContain('No problems in 1 file.');
  });

  it('HOOK-191: reports every problem with the file and JSON path, and exits 1', async () => {
    await sandbox.writeProjectFile(
      'bad.json',
      settingsJson({
        BeforeTool: [{ hooks: [{ type: 'command', command: 'echo fine' }, { type: 'command' }, { type: 'script', command: 'x' }] }],
        AfterTool: [{ matcher: 7, hooks: [] }],
        NotAnEvent: [],
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'bad.json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('bad.json: 1 valid hook');
    expect(result.stdout).toMatch(/error bad\.json: hooks\.BeforeTool\[0\]\.hooks\[1\]: .*command/);
    expect(result.stdout).toMatch(/error bad\.json: hooks\.BeforeTool\[0\]\.hooks\[2\]\.type: unknown hook type "script"/);
    expect(result.stdout).toMatch(/bad\.json: hooks\.AfterTool\[0\]\.matcher: /);
    expect(result.stdout).toMatch(/warning bad\.json: hooks\.NotAnEvent: /);
    expect(result.stdout).toMatch(/4 problems in 1 file\./);
  });

  it('a malformed file is a problem with its line and column (exit 1); a missing file is an error (exit 1)', async () => {
    await sandbox.writeProjectFile('broken.json', '{\n  "hooks": {\n    "BeforeTool": [\n  }\n}\n');
    const broken = await runHookrail(sandbox, ['hooks', 'validate', 'broken.json']);
    expect(broken.exitCode).toBe(1);
    expect(broken.stdout).toMatch(/broken\.json: invalid JSON at line 4, column 3/);
    const missing = await runHookrail(sandbox, ['hooks', 'validate', 'absent.json']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('absent.json: file not found');
  });

  it('HOOK-084: without FILE validates every settings file hookrail loads, naming each problem\'s file', async () => {
    await sandbox.writeHomeFile('.hookrail/settings.json', settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: '' }] }] }));
    await sandbox.writeProjectFile('.hookrail/settings.json', settingsJson({ AfterTool: [{ hooks: [{ type: 'command', command: 'echo ok', timeout: -5 }] }] }));
    const result = await runHookrail(sandbox, ['hooks', 'validate']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/~\/\.hookrail\/settings\.json: hooks\.BeforeTool\[0\]\.hooks\[0\]/);
    expect(result.stdout).toMatch(/\.hookrail\/settings\.json: hooks\.AfterTool\[0\]\.hooks\[0\]\.timeout/);
    expect(result.stdout).toMatch(/- ~\/\.claude\/settings\.json: not found/);
    expect(result.stdout).toMatch(/2 problems in 2 files\./);
  });

  it('validates a scenario\'s settings.hooks and turns with their JSON paths', async () => {
    await sandbox.writeProjectFile(
      'scenario.json',
      JSON.stringify({
        turns: [{ functionCalls: [{ name: 5 }] }],
        settings: { hooks: { BeforeTool: [{ hooks: [{ type: 'command' }] }] } },
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'scenario.json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('scenario.json: turns[0].functionCalls[0].name');
    expect(result.stdout).toContain('scenario.json: settings.hooks.BeforeTool[0].hooks[0]');
  });

  it('validates a Claude Code settings file in its own format; a Claude event hookrail does not fire is named', async () => {
    await sandbox.writeProjectFile(
      '.claude/settings.json',
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ok' }] }], SubagentStop: [], PermissionRequest: [] } }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', '.claude/settings.json', '--json']);
    const report = JSON.parse(result.stdout) as { files: Array<{ hookCount: number; dialect: string; problems: Array<{ path: string; message: string }> }>; problemCount: number };
    expect(report.files[0]).toMatchObject({ hookCount: 1, dialect: 'claude' });
    expect(report.files[0].problems).toEqual([
      expect.objectContaining({ path: 'hooks.PermissionRequest', message: expect.stringContaining('Claude Code event "PermissionRequest" has no hookrail equivalent') }),
    ]);
    expect(result.exitCode).toBe(1);
  });

  it('issue 11: validates a --settings-style file written with Claude Code names anywhere, timeouts read as seconds', async () => {
    await sandbox.writeProjectFile(
      'claude-hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ok', timeout: 'soon' }] }], Stop: [{ hooks: [{ type: 'command', command: 'echo stop' }] }] } }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'claude-hooks.json']);
    expect(result.stdout).toContain('claude-hooks.json: 2 valid hooks, 1 problem');
    expect(result.stdout).toContain('read as Claude Code\'s dialect');
    expect(result.stdout).toContain('hooks.PreToolUse[0].hooks[0].timeout: expected a positive number of seconds, got "soon"; the hook is kept with the default timeout of 60 s');
    expect(result.stdout).not.toContain('unknown hook event');
    expect(result.exitCode).toBe(1);
  });
});
