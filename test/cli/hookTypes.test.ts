/**
 * The CLI and the hook types beyond command hooks, as real processes: `hooks list` shows each hook's type
 * (and a `--function-hooks` module's hooks as `function`), `hooks validate` reports the new fields
 * with their JSON paths, and `hooks fire` runs http hooks for real against a 127.0.0.1 server.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';
import { startHookServer, unusedLocalUrl, type HookServer } from '../helpers/httpHookServer.js';

const sandbox = useCliSandbox();
let server: HookServer;
beforeAll(async () => {
  server = await startHookServer({
    '/context': { status: 200, body: JSON.stringify({ systemMessage: 'checked by the server' }) },
  });
});
afterAll(() => server.close());

const reportProcess = fixturePath('hooks/types/report-process.js');

const functionHooksModule = `
export const functionHooks = [
  { event: 'BeforeTool', name: 'no-env', matcher: 'write_file', priority: 10, onFailure: 'block',
    run: (input) => String(input.tool_input.file_path).endsWith('.env') ? { decision: 'deny', reason: '.env is off limits' } : undefined },
  { event: 'AfterTool', name: 'audit', async: true, run: () => ({ systemMessage: 'audit noted the call' }) },
];
`;

interface ListedJson {
  event: string;
  name: string;
  type: string;
  command?: string;
  args?: string[];
  url?: string;
  priority?: number;
  onFailure?: string;
  async?: boolean;
  if?: string;
  scope: string;
  file: string;
}

describe('hookrail hooks list', () => {
  it("shows each hook's type, exec-form arguments, URL, if, priority, onFailure and async", async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            hooks: [
              { type: 'command', command: 'node', args: ['guard.js', '--strict'], if: 'Bash(git push*)', priority: 5 },
              { type: 'http', url: 'http://127.0.0.1:9/check', name: 'remote', onFailure: 'block' },
              { type: 'command', command: 'echo audit', async: true },
            ],
          },
        ],
      }),
    );
    const text = await runHookrail(sandbox, ['hooks', 'list']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(
      /enabled +node guard\.js --strict\n.*type: command \(exec form\) · dialect: native · matcher: run_shell_command · if: Bash\(git push\*\) · priority: 5/,
    );
    expect(text.stdout).toMatch(
      /enabled +POST http:\/\/127\.0\.0\.1:9\/check\n.*type: http · .*name: remote · onFailure: block \(fail-closed\)/,
    );
    expect(text.stdout).toMatch(/enabled +echo audit\n.*type: command · .*async/);

    const json = await runHookrail(sandbox, ['hooks', 'list', '--json']);
    const hooks = (JSON.parse(json.stdout) as { hooks: ListedJson[] }).hooks;
    expect(
      hooks.map((hook) => [
        hook.type,
        hook.command ?? hook.url,
        hook.args,
        hook.if,
        hook.priority,
        hook.onFailure,
        hook.async,
      ]),
    ).toEqual([
      ['command', 'node', ['guard.js', '--strict'], 'Bash(git push*)', 5, undefined, undefined],
      ['http', 'http://127.0.0.1:9/check', undefined, undefined, undefined, 'block', undefined],
      ['command', 'echo audit', undefined, undefined, undefined, undefined, true],
    ]);
  });

  it("a --function-hooks module's hooks are listed as type function", async () => {
    await sandbox.writeProjectFile('hooks.mjs', functionHooksModule);
    const json = await runHookrail(sandbox, ['hooks', 'list', '--function-hooks', 'hooks.mjs', '--json']);
    expect(json.exitCode).toBe(0);
    const hooks = (JSON.parse(json.stdout) as { hooks: ListedJson[] }).hooks;
    expect(hooks).toEqual([
      expect.objectContaining({
        event: 'BeforeTool',
        name: 'no-env',
        type: 'function',
        priority: 10,
        onFailure: 'block',
        scope: 'function',
        file: 'hooks.mjs',
      }),
      expect.objectContaining({ event: 'AfterTool', name: 'audit', type: 'function', async: true, scope: 'function' }),
    ]);
    const text = await runHookrail(sandbox, ['hooks', 'list', '--function-hooks', 'hooks.mjs']);
    expect(text.stdout).toMatch(
      /BeforeTool\n {2}enabled +no-env\n.*type: function · dialect: native · matcher: write_file · priority: 10 · onFailure: block \(fail-closed\) · timeout: 60\.0 s \(hookrail default\) · source: function hooks\.mjs/,
    );
  });

  it('a --function-hooks module that does not export an array is an error naming the file', async () => {
    await sandbox.writeProjectFile('wrong.mjs', 'export const hooks = [];\n');
    const result = await runHookrail(sandbox, ['hooks', 'list', '--function-hooks', 'wrong.mjs']);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain(
      '--function-hooks wrong.mjs: expected an exported array "functionHooks" (or a default export), got none',
    );
  });
});

describe('hookrail hooks validate', () => {
  it('reports unknown types, non-http URLs, bad args, unparsable if, bad priority / onFailure / async with JSON paths', async () => {
    await sandbox.writeProjectFile(
      'types.json',
      settingsJson({
        BeforeTool: [
          {
            hooks: [
              { type: 'webhook', url: 'http://x' },
              { type: 'http', url: 'ftp://example.com/hook' },
              { type: 'command', command: 'node', args: 'guard.js' },
              { type: 'command', command: 'echo a', if: 'Bash(rm -rf*' },
              { type: 'command', command: 'echo b', priority: 'high', onFailure: 'closed', async: 'yes' },
              {
                type: 'http',
                url: 'https://hooks.example.com/ok',
                headers: { Authorization: 'Bearer $TOKEN' },
                allowedEnvVars: ['TOKEN'],
              },
            ],
          },
        ],
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'types.json']);
    expect(result.exitCode).toBe(1);
    const lines = result.stdout.split('\n');
    const problem = (severity: string, path: string, fragment: string) =>
      expect(
        lines.some((line) => line.includes(`${severity} types.json: ${path}: `) && line.includes(fragment)),
        `${severity} ${path} ${fragment}\n${result.stdout}`,
      ).toBe(true);
    problem('error', 'hooks.BeforeTool[0].hooks[0].type', 'unknown hook type "webhook"');
    problem('error', 'hooks.BeforeTool[0].hooks[1].url', 'is not an http(s) URL');
    problem('error', 'hooks.BeforeTool[0].hooks[2].args', 'expected an array of strings');
    problem('error', 'hooks.BeforeTool[0].hooks[3].if', 'is not closed with ")"');
    problem('warning', 'hooks.BeforeTool[0].hooks[4].priority', 'expected a number');
    problem('warning', 'hooks.BeforeTool[0].hooks[4].onFailure', 'expected "continue" or "block"');
    problem('warning', 'hooks.BeforeTool[0].hooks[4].async', 'expected true or false');
    expect(result.stdout).toContain('types.json: 2 valid hooks, 7 problems');
  });

  it('--function-hooks definitions are checked too, with their paths', async () => {
    await sandbox.writeProjectFile(
      'bad-hooks.mjs',
      "export default [{ event: 'PreToolUse', name: 'x', run() {} }, { event: 'BeforeTool', name: 'y', if: 'Bash(', run() {} }, { event: 'BeforeTool', name: 'z', run() {} }];\n",
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', '--function-hooks', 'bad-hooks.mjs']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('bad-hooks.mjs: 1 valid hook, 2 problems');
    expect(result.stdout).toMatch(/error bad-hooks\.mjs: functionHooks\[0\]\.event: unknown hook event "PreToolUse"/);
    expect(result.stdout).toMatch(/error bad-hooks\.mjs: functionHooks\[1\]\.if: /);
  });
});

describe('hookrail hooks fire', () => {
  it('runs an http hook for real: the server gets the input, its answer is the decision', async () => {
    const before = server.requests.length;
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'http', url: server.url('/deny'), name: 'remote-guard' }] }] }),
    );
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"git push"}',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`● POST ${server.url('/deny')}  (remote-guard)  [http]`);
    expect(result.stdout).toMatch(/HTTP 200 — ok · \d+ ms/);
    expect(result.stdout).toMatch(/blocked +yes — denied by the http hook/);
    expect(server.requests.length).toBe(before + 1);
    expect(JSON.parse(server.requests[server.requests.length - 1].body)).toMatchObject({
      hook_event_name: 'BeforeTool',
      tool_name: 'run_shell_command',
      tool_input: { command: 'git push' },
    });
  });

  it('a fail-closed http hook whose server is down blocks, and --json says so', async () => {
    const url = await unusedLocalUrl();
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'http', url, onFailure: 'block' }] }] }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'x', '--json']);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as {
      hooks: Array<Record<string, unknown>>;
      decision: { blocked: boolean; reason: string };
    };
    expect(report.hooks[0]).toMatchObject({ type: 'http', url, httpStatus: null, success: false, failedClosed: true });
    expect(report.decision.blocked).toBe(true);
    expect(report.decision.reason).toContain('ECONNREFUSED');
  });

  it('exec form, if, function hooks and async hooks in one fire', async () => {
    await sandbox.writeProjectFile('hooks.mjs', functionHooksModule);
    const capture = `${sandbox.project}/exec.json`;
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({
        BeforeTool: [
          {
            hooks: [
              { type: 'command', command: 'node', args: [reportProcess, capture, 'two words'] },
              { type: 'command', command: 'echo never', if: 'Bash(rm*)' },
            ],
          },
        ],
        AfterTool: [{ hooks: [{ type: 'http', url: server.url('/context'), async: true }] }],
      }),
    );
    const before = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'write_file',
      '--input',
      '{"file_path":"prod.env"}',
      '--function-hooks',
      'hooks.mjs',
      '--json',
    ]);
    const beforeReport = JSON.parse(before.stdout) as {
      matched: number;
      hooks: Array<{ type: string }>;
      decision: { blocked: boolean; reason: string };
    };
    expect(beforeReport.hooks.map((hook) => hook.type)).toEqual(['function', 'command']);
    expect(beforeReport.decision).toMatchObject({ blocked: true, reason: '.env is off limits' });
    expect(JSON.parse(readFileSync(capture, 'utf8')).argv).toEqual(['two words']);

    const after = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'AfterTool',
      '--tool',
      'write_file',
      '--function-hooks',
      'hooks.mjs',
    ]);
    expect(after.exitCode).toBe(0);
    expect(after.stdout).toContain('Async hooks (2, in the background: they never change the decision)');
    expect(after.stdout).toContain('next model request gets: [System] ');
    expect(after.stdout).toContain('audit noted the call');
    expect(after.stdout).toContain('checked by the server');
  });
});
