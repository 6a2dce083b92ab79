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
      settingsJson({
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            sequential: true,
            hooks: [{ type: 'command', command: 'echo ok', timeout: 1000 }],
          },
        ],
      }),
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
        BeforeTool: [
          { hooks: [{ type: 'command', command: 'echo fine' }, { type: 'command' }, { type: 'script', command: 'x' }] },
        ],
        AfterTool: [{ matcher: 7, hooks: [] }],
        NotAnEvent: [],
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'bad.json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('bad.json: 1 valid hook');
    expect(result.stdout).toMatch(/error bad\.json: hooks\.BeforeTool\[0\]\.hooks\[1\]: .*command/);
    expect(result.stdout).toMatch(
      /error bad\.json: hooks\.BeforeTool\[0\]\.hooks\[2\]\.type: unknown hook type "script"/,
    );
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

  it("HOOK-084: without FILE validates every settings file hookrail loads, naming each problem's file", async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: '' }] }] }),
    );
    await sandbox.writeProjectFile(
      '.hookrail/settings.json',
      settingsJson({ AfterTool: [{ hooks: [{ type: 'command', command: 'echo ok', timeout: -5 }] }] }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/~\/\.hookrail\/settings\.json: hooks\.BeforeTool\[0\]\.hooks\[0\]/);
    expect(result.stdout).toMatch(/\.hookrail\/settings\.json: hooks\.AfterTool\[0\]\.hooks\[0\]\.timeout/);
    expect(result.stdout).toMatch(/- ~\/\.claude\/settings\.json: not found/);
    expect(result.stdout).toMatch(/2 problems in 2 files\./);
  });

  it("HOOK-082, HOOK-191: a definition skipped for its matcher still has its hooks' own errors listed, each with its JSON path", async () => {
    await sandbox.writeProjectFile(
      'matchers.json',
      settingsJson({
        BeforeTool: [
          { matcher: '(?=run)', hooks: [{ type: 'command' }, { type: 'script', command: 'x' }] },
          { matcher: 7, hooks: [{ type: 'http', url: 'ftp://127.0.0.1/x' }] },
        ],
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'matchers.json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(
      /error matchers\.json: hooks\.BeforeTool\[0\]\.matcher: .*lookahead.*definition skipped/,
    );
    expect(result.stdout).toContain(
      'error matchers.json: hooks.BeforeTool[0].hooks[0]: "command" is missing; hook skipped',
    );
    expect(result.stdout).toMatch(
      /error matchers\.json: hooks\.BeforeTool\[0\]\.hooks\[1\]\.type: unknown hook type "script"/,
    );
    expect(result.stdout).toMatch(
      /error matchers\.json: hooks\.BeforeTool\[1\]\.matcher: expected a string .*got a number; definition skipped/,
    );
    expect(result.stdout).toMatch(
      /error matchers\.json: hooks\.BeforeTool\[1\]\.hooks\[0\]\.url: "ftp:\/\/127\.0\.0\.1\/x" is not an http\(s\) URL/,
    );
    expect(result.stdout).toContain('matchers.json: 0 valid hooks, 5 problems');
  });

  it("validates a scenario's settings.hooks and turns with their JSON paths", async () => {
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
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ok' }] }],
          SubagentStop: [],
          PermissionDenied: [],
        },
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', '.claude/settings.json', '--json']);
    const report = JSON.parse(result.stdout) as {
      files: Array<{ hookCount: number; dialect: string; problems: Array<{ path: string; message: string }> }>;
      problemCount: number;
    };
    expect(report.files[0]).toMatchObject({ hookCount: 1, dialect: 'claude' });
    expect(report.files[0].problems).toEqual([
      expect.objectContaining({
        path: 'hooks.PermissionDenied',
        message: expect.stringContaining('Claude Code event "PermissionDenied" has no hookrail equivalent'),
      }),
    ]);
    expect(result.exitCode).toBe(1);
  });

  it('a misspelt field in a group or a hook is a warning with its file, JSON path and the field it was likely meant to be', async () => {
    await sandbox.writeProjectFile(
      'typos.json',
      JSON.stringify({
        hooks: {
          BeforeTool: [{ matchr: 'write_file', hooks: [{ type: 'command', command: 'echo ok', timout: 5000 }] }],
        },
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'typos.json']);
    expect(result.stdout).toContain('typos.json: 1 valid hook, 2 problems');
    expect(result.stdout).toContain(
      'warning typos.json: hooks.BeforeTool[0].matchr: unknown field "matchr"; ignored (did you mean "matcher"?)',
    );
    expect(result.stdout).toContain(
      'warning typos.json: hooks.BeforeTool[0].hooks[0].timout: unknown field "timout"; ignored (did you mean "timeout"?)',
    );
  });

  it('validates a --settings-style file written with Claude Code names anywhere, timeouts read as seconds', async () => {
    await sandbox.writeProjectFile(
      'claude-hooks.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ok', timeout: 'soon' }] }],
          Stop: [{ hooks: [{ type: 'command', command: 'echo stop' }] }],
        },
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'claude-hooks.json']);
    expect(result.stdout).toContain('claude-hooks.json: 2 valid hooks, 1 problem');
    expect(result.stdout).toContain("read as Claude Code's dialect");
    expect(result.stdout).toContain(
      'hooks.PreToolUse[0].hooks[0].timeout: expected a positive number of seconds, got "soon"; the hook is kept with the default timeout of 600 s',
    );
    expect(result.stdout).not.toContain('unknown hook event');
    expect(result.exitCode).toBe(1);
  });
});

describe('hookrail hooks validate: allowedEnvVars against hookEnvironment.withhold', () => {
  /** An http hook (never called: validate runs nothing) whose header uses $API_TOKEN. */
  const tokenHook = {
    type: 'http',
    name: 'token-gate',
    url: 'http://127.0.0.1:9/hook',
    headers: { Authorization: 'Bearer $API_TOKEN', 'X-Region': '${AWS_REGION}' },
    allowedEnvVars: ['CLAUDE_PROJECT_DIR', 'API_TOKEN', 'AWS_REGION'],
  };

  it('HOOK-188: FILE form warns, before any hook runs, about each allowed variable a withhold pattern (glob, case-insensitive) keeps from every hook', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      `${JSON.stringify({ hookEnvironment: { withhold: ['*_token', 'AWS_REGION'] } })}\n`,
    );
    await sandbox.writeProjectFile(
      'http-hooks.json',
      settingsJson({ BeforeTool: [{ matcher: 'run_shell_command', hooks: [tokenHook] }] }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'http-hooks.json']);
    expect(result.stdout).toContain(
      'warning http-hooks.json: hooks.BeforeTool[0].hooks[0].allowedEnvVars[1]: http hook "token-gate" lists $API_TOKEN in allowedEnvVars, ' +
        'but hookEnvironment.withhold ("*_token") keeps it from every hook, so header Authorization is sent with it empty',
    );
    expect(result.stdout).toContain(
      'warning http-hooks.json: hooks.BeforeTool[0].hooks[0].allowedEnvVars[2]: http hook "token-gate" lists $AWS_REGION in allowedEnvVars, ' +
        'but hookEnvironment.withhold ("AWS_REGION") keeps it from every hook, so header X-Region is sent with it empty',
    );
    // The project-dir variables are never withheld, so listing them is no problem.
    expect(result.stdout).not.toContain('allowedEnvVars[0]');
    expect(result.stdout).toContain('http-hooks.json: 1 valid hook, 2 problems');
    // Like every other warning of validate, it counts as a problem: exit 1.
    expect(result.exitCode).toBe(1);
  });

  it("HOOK-188: the file's own hookEnvironment.withhold counts in the FILE form; without any withhold there is no warning", async () => {
    await sandbox.writeProjectFile(
      'own.json',
      settingsJson({ BeforeTool: [{ hooks: [tokenHook] }] }, { hookEnvironment: { withhold: ['API_TOKEN'] } }),
    );
    const own = await runHookrail(sandbox, ['hooks', 'validate', 'own.json', '--json']);
    const report = JSON.parse(own.stdout) as {
      files: Array<{ problems: Array<{ path: string; message: string; severity: string }> }>;
    };
    expect(report.files[0].problems).toEqual([
      {
        path: 'hooks.BeforeTool[0].hooks[0].allowedEnvVars[1]',
        message: expect.stringContaining('lists $API_TOKEN in allowedEnvVars'),
        severity: 'warning',
      },
    ]);
    await sandbox.writeProjectFile('plain.json', settingsJson({ BeforeTool: [{ hooks: [tokenHook] }] }));
    const plain = await runHookrail(sandbox, ['hooks', 'validate', 'plain.json']);
    expect(plain.stdout).toContain('plain.json: 1 valid hook, no problems');
    expect(plain.exitCode).toBe(0);
  });

  it("HOOK-188: without FILE the merged withhold is checked against every file's http hooks, in each file's own JSON paths (Claude Code dialect too)", async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      `${JSON.stringify({ hookEnvironment: { withhold: ['GITHUB_TOKEN'] }, hooks: { AfterTool: [{ hooks: [{ type: 'command', command: 'echo ok' }] }] } })}\n`,
    );
    await sandbox.writeProjectFile(
      '.claude/settings.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo first' }] },
            {
              matcher: 'Write',
              hooks: [
                { type: 'command' },
                { type: 'http', url: 'http://127.0.0.1:9/audit', allowedEnvVars: ['GITHUB_TOKEN'] },
              ],
            },
          ],
        },
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate']);
    expect(result.stdout).toContain(
      'warning .claude/settings.json: hooks.PreToolUse[1].hooks[1].allowedEnvVars[0]: http hook "http://127.0.0.1:9/audit" lists $GITHUB_TOKEN in allowedEnvVars, ' +
        'but hookEnvironment.withhold ("GITHUB_TOKEN") keeps it from every hook, so no header can send it',
    );
    expect(result.stdout).toMatch(/~\/\.hookrail\/settings\.json: 1 valid hook, no problems/);
    expect(result.exitCode).toBe(1);
  });

  it("HOOK-188: without FILE, a --scenario's settings.hooks are checked too, at their settings.hooks paths", async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      `${JSON.stringify({ hookEnvironment: { withhold: ['API_*'] } })}\n`,
    );
    await sandbox.writeProjectFile(
      'scenario.json',
      JSON.stringify({ turns: [{ text: 'done' }], settings: { hooks: { BeforeTool: [{ hooks: [tokenHook] }] } } }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', '--scenario', 'scenario.json']);
    expect(result.stdout).toContain(
      'warning scenario.json: settings.hooks.BeforeTool[0].hooks[0].allowedEnvVars[1]: http hook "token-gate" lists $API_TOKEN',
    );
    expect(result.exitCode).toBe(1);
  });
});
