/**
 * `hookrail hooks coverage RUN.jsonl...` as a real process on recorded demo runs: per configured hook
 * how often it matched, ran, blocked, modified, asked, failed open and timed out; hooks whose matcher
 * or `if` never selected a recorded fire are listed, and `--fail-unused` turns them into exit 1.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExamples, fixturePath, runHookrail, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox(copyExamples);
const demo = ['--scenario', 'examples/scenarios/demo.json'];

interface CoverageJson {
  hooks: Array<{
    hookName: string;
    eventName: string;
    matched: number;
    ran: number;
    blocked: number;
    modified: number;
    asked: number;
    failedOpen: number;
    timedOut: number;
  }>;
  unused: Array<{ hookName: string; eventName: string }>;
}

/** Extra hooks: one that fails, one that hangs past its timeout, and three that never match a demo fire. */
const extraHooks = {
  hooks: {
    BeforeTool: [
      {
        matcher: 'run_shell_command',
        hooks: [
          { name: 'crashes', type: 'command', command: `sh "${fixturePath('hooks/crash.sh')}"` },
          { name: 'hangs', type: 'command', command: `node "${fixturePath('hooks/hang.js')}"`, timeout: 300 },
          { name: 'only-pushes', type: 'command', command: 'true', if: 'run_shell_command(git push*)' },
        ],
      },
      { matcher: 'write_file', hooks: [{ name: 'writes', type: 'command', command: 'true' }] },
    ],
    PreCompress: [{ hooks: [{ name: 'compacts', type: 'command', command: 'true' }] }],
  },
};

describe('hookrail hooks coverage', () => {
  it('counts per configured hook what it matched, ran and decided; fail-open failures and timeouts; dead matchers listed', async () => {
    await sandbox.writeProjectFile('extra.json', JSON.stringify(extraHooks));
    const run = await runHookrail(sandbox, ['run', ...demo, '--settings', 'extra.json', '--inspect', 'run.jsonl']);
    expect(run.exitCode).toBe(0);
    const result = await runHookrail(sandbox, [
      'hooks',
      'coverage',
      'run.jsonl',
      ...demo,
      '--settings',
      'extra.json',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const coverage = JSON.parse(result.stdout) as CoverageJson;
    const row = (name: string): Record<string, unknown> | undefined =>
      coverage.hooks.find((hook) => hook.hookName === name);
    // Three shell calls; the first is blocked, so AfterTool fires for two.
    expect(row('block-destructive')).toMatchObject({
      eventName: 'BeforeTool',
      matched: 3,
      ran: 3,
      blocked: 1,
      modified: 0,
      asked: 0,
      failedOpen: 0,
      timedOut: 0,
    });
    expect(row('add-dry-run')).toMatchObject({ matched: 3, ran: 3, blocked: 0, modified: 1 });
    expect(row('stop-on-test-failure')).toMatchObject({ eventName: 'AfterTool', matched: 2, ran: 2, blocked: 1 });
    expect(row('crashes')).toMatchObject({ matched: 3, ran: 3, failedOpen: 3, timedOut: 0 });
    expect(row('hangs')).toMatchObject({ matched: 3, ran: 3, failedOpen: 3, timedOut: 3 });
    expect(row('only-pushes')).toMatchObject({ matched: 0, ran: 0 });
    expect(coverage.unused).toEqual([
      { eventName: 'BeforeTool', hookName: 'only-pushes' },
      { eventName: 'BeforeTool', hookName: 'writes' },
      { eventName: 'PreCompress', hookName: 'compacts' },
    ]);

    const text = await runHookrail(sandbox, [
      'hooks',
      'coverage',
      'run.jsonl',
      ...demo,
      '--settings',
      'extra.json',
      '--fail-unused',
    ]);
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toMatch(/^block-destructive\s+BeforeTool\s+run_shell_command\s+3\s+3\s+1\s+0\s+0\s+0\s+0$/m);
    expect(text.stdout).toContain(
      'Never matched: only-pushes (BeforeTool, matcher "run_shell_command"), writes (BeforeTool, matcher "write_file"), compacts (PreCompress)',
    );
  });

  it('two recordings add up; with every hook used, --fail-unused exits 0', async () => {
    for (const file of ['one.jsonl', 'two.jsonl'])
      expect((await runHookrail(sandbox, ['run', ...demo, '--inspect', file])).exitCode).toBe(0);
    const result = await runHookrail(sandbox, [
      'hooks',
      'coverage',
      'one.jsonl',
      'two.jsonl',
      ...demo,
      '--fail-unused',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const coverage = JSON.parse(result.stdout) as CoverageJson;
    expect(coverage.hooks.map((hook) => [hook.hookName, hook.matched, hook.ran])).toEqual([
      ['block-destructive', 6, 6],
      ['add-dry-run', 6, 6],
      ['stop-on-test-failure', 4, 4],
    ]);
    expect(coverage.unused).toEqual([]);
    // The recording's header lists the configured hooks (the report's coverage panel reads them).
    const header = JSON.parse((await readFile(join(sandbox.project, 'one.jsonl'), 'utf8')).split('\n')[0]!) as {
      type: string;
      hooks: unknown[];
    };
    expect(header.type).toBe('hookrail.run');
    expect(header.hooks).toEqual([
      {
        eventName: 'BeforeTool',
        hookName: 'block-destructive',
        hookType: 'command',
        matcher: 'run_shell_command',
        source: 'project',
      },
      {
        eventName: 'BeforeTool',
        hookName: 'add-dry-run',
        hookType: 'command',
        matcher: 'run_shell_command',
        source: 'project',
      },
      {
        eventName: 'AfterTool',
        hookName: 'stop-on-test-failure',
        hookType: 'command',
        matcher: 'run_shell_command',
        source: 'project',
      },
    ]);
  });

  it('--help says what each column counts and what --fail-unused does', async () => {
    const help = await runHookrail(sandbox, ['hooks', 'coverage', '--help']);
    expect(help.exitCode).toBe(0);
    for (const text of [
      'Usage: hookrail hooks coverage RUN...',
      '--fail-unused',
      'failed open',
      'timed out',
      '"matched" counts',
    ])
      expect(help.stdout).toContain(text);
  });
});
