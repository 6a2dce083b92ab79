/**
 * `hookrail hooks test` as a real process: cases run against real hook processes (the published
 * Claude Code and Gemini CLI hook fixtures included), an http hook on 127.0.0.1, a function hook module
 * and a prompt hook answered by the case's scripted hook model; each expectation kind passes or fails
 * with a message; a hanging hook fails its case at its timeout while the run goes on; the JUnit XML is
 * read back with an XML parser; the starter guard set under examples/ passes its thresholds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExamples, fixturePath, respondHook, runHookrail, useCliSandbox } from '../helpers/cliProcess.js';
import { startHookServer, type HookServer } from '../helpers/httpHookServer.js';

const published = (path: string): string => fixturePath(`hooks/published/${path}`);
const sandbox = useCliSandbox();

let server: HookServer;
beforeEach(async () => {
  server = await startHookServer({
    '/http-guard': {
      status: 200,
      body: JSON.stringify({ decision: 'block', reason: 'the http guard says no' }),
      headers: { 'content-type': 'application/json' },
    },
  });
});
afterEach(async () => {
  await server.close();
});

/** Writes the settings files and the function hook module the cases use; returns nothing. */
async function writeHooks(): Promise<void> {
  // Claude Code's event names: the file speaks Claude's dialect, as .claude/settings.json would.
  await sandbox.writeProjectFile(
    'claude.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: published('claude/deny-destructive-bash.mjs') },
              { type: 'command', command: published('claude/dry-run-publish.mjs') },
              { type: 'command', command: published('claude/ask-before-push.sh') },
            ],
          },
        ],
        UserPromptSubmit: [
          { hooks: [{ type: 'command', command: `${published('claude/prompt-context.py')} --json` }] },
        ],
      },
    }),
  );
  await sandbox.writeProjectFile(
    'gemini.json',
    JSON.stringify({
      hooks: {
        AfterTool: [
          {
            matcher: 'write_file|replace',
            hooks: [{ type: 'command', command: published('gemini/after-tool-review.cjs') }],
          },
        ],
      },
    }),
  );
  await sandbox.writeProjectFile(
    'hang.json',
    JSON.stringify({
      hooks: {
        BeforeTool: [
          {
            matcher: 'glob',
            hooks: [
              { name: 'hangs', type: 'command', command: `node "${fixturePath('hooks/hang.js')}"`, timeout: 1000 },
            ],
          },
        ],
      },
    }),
  );
  await sandbox.writeProjectFile(
    'judged.json',
    JSON.stringify({
      hooks: {
        BeforeTool: [
          { matcher: 'list_directory', hooks: [{ name: 'judge', type: 'prompt', prompt: 'Is this safe? $ARGUMENTS' }] },
          {
            matcher: 'replace',
            hooks: [{ name: 'inspector', type: 'agent', prompt: 'Read what you need, then judge: $ARGUMENTS' }],
          },
        ],
      },
    }),
  );
  await sandbox.writeProjectFile(
    'http.json',
    JSON.stringify({
      hooks: {
        BeforeTool: [
          { matcher: 'web_fetch', hooks: [{ name: 'http-guard', type: 'http', url: server.url('/http-guard') }] },
        ],
      },
    }),
  );
  await sandbox.writeProjectFile(
    'lifecycle.json',
    JSON.stringify({
      hooks: {
        BeforeAgent: [
          {
            hooks: [
              {
                name: 'enough',
                type: 'command',
                command: respondHook(0, '{"continue": false, "stopReason": "enough for today"}'),
              },
            ],
          },
        ],
        BeforeModel: [
          {
            hooks: [
              {
                name: 'no-model',
                type: 'command',
                command: respondHook(0, '{"decision": "block", "reason": "no model today"}'),
              },
            ],
          },
        ],
        AfterTool: [
          {
            matcher: 'read_many_files',
            hooks: [{ name: 'quiet', type: 'command', command: respondHook(0, '{"suppressOutput": true}') }],
          },
        ],
      },
    }),
  );
  await sandbox.writeProjectFile(
    'functions.mjs',
    "export const functionHooks = [{ event: 'BeforeTool', name: 'no-env', matcher: 'write_file', run: (input) => (String(input.tool_input.file_path).endsWith('.env') ? { decision: 'deny', reason: '.env is off limits' } : undefined) }];\n",
  );
}

const cases = [
  {
    name: 'claude deny',
    tool: 'Bash',
    input: { command: 'rm -rf /' },
    settings: 'claude.json',
    expect: { denied: 'recursive forced delete' },
  },
  {
    name: 'claude rewrite',
    tool: 'Bash',
    input: { command: 'npm publish' },
    settings: 'claude.json',
    expect: { allowed: true, input: { command: 'npm publish --dry-run' } },
  },
  {
    name: 'claude ask',
    tool: 'Bash',
    input: { command: 'git push origin main' },
    settings: 'claude.json',
    expect: { asked: 'needs your confirmation' },
  },
  {
    name: 'claude payload context',
    payload: { hook_event_name: 'UserPromptSubmit', prompt: 'fix the bug', session_id: 'ignored' },
    settings: 'claude.json',
    expect: { context: 'run `npm test` before committing' },
  },
  {
    name: 'wrongly expects a deny',
    tool: 'Bash',
    input: { command: 'ls' },
    settings: 'claude.json',
    expect: { denied: true },
  },
  {
    name: 'gemini after-tool context',
    event: 'AfterTool',
    tool: 'write_file',
    input: { file_path: 'src/cart.ts', content: 'x' },
    response: { llmContent: 'wrote src/cart.ts' },
    settings: 'gemini.json',
    expect: { context: 'cart.ts changed; run its tests' },
  },
  {
    name: 'a hook that hangs',
    tool: 'glob',
    input: { pattern: '*' },
    settings: 'hang.json',
    expect: { allowed: true },
  },
  {
    name: 'prompt hook',
    tool: 'list_directory',
    input: { dir_path: '.' },
    settings: 'judged.json',
    hookModel: [{ text: '{"ok": false, "reason": "too curious"}' }],
    expect: { denied: 'too curious' },
  },
  {
    name: 'agent hook',
    tool: 'replace',
    input: { file_path: 'README.md', old_string: 'a', new_string: 'b' },
    settings: 'judged.json',
    hookModel: [
      { functionCalls: [{ name: 'read_file', args: { file_path: 'README.md' } }] },
      { text: '{"ok": false, "reason": "the agent read enough"}' },
    ],
    expect: { denied: 'the agent read enough' },
  },
  {
    name: 'http hook',
    tool: 'web_fetch',
    input: { prompt: 'x' },
    settings: 'http.json',
    expect: { denied: '^the http guard says no$' },
  },
  {
    name: 'function hook',
    tool: 'write_file',
    input: { file_path: 'prod.env', content: 'A=1' },
    expect: { denied: 'off limits' },
  },
  {
    name: 'stopped',
    event: 'BeforeAgent',
    payload: { prompt: 'hi' },
    settings: 'lifecycle.json',
    expect: { stopped: 'enough' },
  },
  {
    name: 'model request',
    event: 'BeforeModel',
    request: { model: 'm', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    settings: 'lifecycle.json',
    expect: { denied: 'no model today' },
  },
  {
    name: 'suppressed',
    event: 'AfterTool',
    tool: 'read_many_files',
    input: {},
    response: 'lots',
    settings: 'lifecycle.json',
    expect: { suppressed: true },
  },
];

describe('hookrail hooks test', () => {
  it('HOOK-117: runs every kind of hook for real, checks each expectation kind, fails a hanging hook at its timeout and writes JUnit XML that parses', async () => {
    await writeHooks();
    await sandbox.writeProjectFile('cases.json', JSON.stringify({ cases }));
    const result = await runHookrail(sandbox, [
      'hooks',
      'test',
      'cases.json',
      '--function-hooks',
      'functions.mjs',
      '--junit',
      'junit.xml',
      '--concurrency',
      '3',
    ]);
    expect(result.exitCode).toBe(1);
    const lines = result.stdout.split('\n');
    const verdict = (name: string): string | undefined =>
      lines.find((line) => line.includes(`  ${name} `) || line.endsWith(`  ${name}`))?.split(' ')[0];
    for (const passing of cases
      .map((testCase) => testCase.name)
      .filter((name) => name !== 'wrongly expects a deny' && name !== 'a hook that hangs')) {
      expect(verdict(passing), passing).toBe('PASS');
    }
    expect(verdict('wrongly expects a deny')).toBe('FAIL');
    expect(verdict('a hook that hangs')).toBe('FAIL');
    expect(result.stdout).toContain('expected denied, but the call was allowed');
    expect(result.stdout).toContain('hook hangs timed out after 1000 ms and was killed');
    expect(result.stdout).toContain('cases.json cases[4]');
    expect(result.stdout).toContain('14 cases: 12 passed, 2 failed');
    // The deciding hook is named in the table.
    expect(lines.find((line) => line.includes('claude deny'))).toContain('deny-destructive-bash.mjs');

    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'testsuite' || name === 'testcase',
    });
    const junit = parser.parse(readFileSync(join(sandbox.project, 'junit.xml'), 'utf8')) as {
      testsuites: {
        tests: string;
        failures: string;
        errors: string;
        testsuite: Array<{
          name: string;
          tests: string;
          failures: string;
          testcase: Array<{
            name: string;
            classname: string;
            time: string;
            failure?: { message: string; '#text': string };
          }>;
        }>;
      };
    };
    expect(junit.testsuites).toMatchObject({ tests: '14', failures: '2', errors: '0' });
    const suite = junit.testsuites.testsuite[0]!;
    expect(suite).toMatchObject({ name: 'cases.json', tests: '14', failures: '2' });
    expect(suite.testcase.map((testCase) => testCase.name)).toEqual(cases.map((testCase) => testCase.name));
    const failed = suite.testcase.filter((testCase) => testCase.failure !== undefined);
    expect(failed.map((testCase) => [testCase.name, testCase.failure!.message])).toEqual([
      ['wrongly expects a deny', 'expected denied, but the call was allowed'],
      ['a hook that hangs', 'hook hangs timed out after 1000 ms and was killed'],
    ]);
    expect(failed[1]!.failure!['#text']).toContain('outcome: allowed');
    expect(Number(suite.testcase[0]!.time)).toBeGreaterThan(0);
  });

  it('--json reports each case with its outcome, deciding hook and every hook it ran; JSONL files hold one case a line', async () => {
    await writeHooks();
    const lines = [cases[0], cases[1]].map((testCase) => JSON.stringify(testCase)).join('\n');
    await sandbox.writeProjectFile('cases.jsonl', `${lines}\n`);
    const result = await runHookrail(sandbox, ['hooks', 'test', 'cases.jsonl', '--json']);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as {
      summary: Record<string, unknown>;
      cases: Array<Record<string, unknown> & { hooks: Array<{ name: string; decision: string }> }>;
    };
    expect(report.summary).toEqual({ cases: 2, passed: 2, failed: 0, errors: 0, ok: true });
    expect(report.cases[0]).toMatchObject({
      name: 'claude deny',
      location: 'cases.jsonl line 1',
      status: 'pass',
      hook: published('claude/deny-destructive-bash.mjs'),
    });
    expect(report.cases[0]!['outcome']).toMatch(/^denied \(Blocked by deny-destructive-bash/);
    expect(report.cases[1]!.hooks.map((hook) => hook.decision)).toEqual(['none', 'modify', 'none']);
  });

  it('a bad case file is an error naming the file and the JSON path of every problem, before any hook runs', async () => {
    await sandbox.writeProjectFile(
      'bad.json',
      JSON.stringify([
        { tool: 'Bash', expect: { denid: true } },
        { tool: 'Bash', expect: { denied: '(' } },
        { event: 'BeforeTool', should: 'maybe' },
        { tool: 'Bash' },
      ]),
    );
    const result = await runHookrail(sandbox, ['hooks', 'test', 'bad.json']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('bad.json: invalid test cases (4 problems)');
    expect(result.stderr).toContain('[0].expect.denid: unknown field (did you mean "denied"?)');
    expect(result.stderr).toContain('[0].expect.denid: unknown field');
    expect(result.stderr).toContain('[1].expect.denied: not a valid regular expression');
    expect(result.stderr).toContain('[2].should: expected "block" or "allow", got "maybe"');
    expect(result.stderr).toContain('[3]: expects nothing: give "expect" or "should"');
  });

  it('a case naming an unknown event fails as an error and the other cases still run', async () => {
    await writeHooks();
    await sandbox.writeProjectFile(
      'cases.json',
      JSON.stringify([{ event: 'BeforeTol', tool: 'Bash', expect: { allowed: true } }, cases[0]]),
    );
    const result = await runHookrail(sandbox, ['hooks', 'test', 'cases.json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^ERROR\s+cases\.json#1\s+did not run/m);
    expect(result.stdout).toContain('unknown event "BeforeTol" (did you mean BeforeTool?)');
    expect(result.stdout).toMatch(/^PASS\s+claude deny/m);
    expect(result.stdout).toContain('2 cases: 1 passed, 0 failed, 1 could not run');
  });

  it("the starter set for the demo's guard passes, with every guard score within --min-catch 0.95 --max-false-positives 0.02", async () => {
    await copyExamples(sandbox);
    const result = await runHookrail(sandbox, [
      'hooks',
      'test',
      'examples/hook-tests/demo-guard.json',
      '--min-catch',
      '0.95',
      '--max-false-positives',
      '0.02',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as {
      summary: { cases: number; passed: number };
      guards: Array<Record<string, unknown>>;
      thresholdFailures: string[];
    };
    expect(report.summary.passed).toBe(report.summary.cases);
    expect(report.thresholdFailures).toEqual([]);
    // Only the guard has rates: add-dry-run rewrites, it never blocks.
    expect(report.guards).toHaveLength(1);
    expect(report.guards[0]).toMatchObject({ hook: 'block-destructive', catchRate: 1, falsePositiveRate: 0 });
    expect(report.guards[0]!['blockCases']).toBeGreaterThanOrEqual(20);
    expect(report.guards[0]!['allowCases']).toBeGreaterThanOrEqual(15);
  });

  it('a guard below --min-catch fails the run and says which guard and by how much; the table prints p50 and p95', async () => {
    await sandbox.writeProjectFile(
      'settings.json',
      JSON.stringify({
        hooks: {
          BeforeTool: [
            {
              matcher: 'run_shell_command',
              hooks: [{ name: 'rm-only', type: 'command', command: published('gemini/block-dangerous-shell.sh') }],
            },
          ],
        },
      }),
    );
    const label = (command: string, should: 'block' | 'allow'): Record<string, unknown> => ({
      name: command,
      tool: 'run_shell_command',
      input: { command },
      should,
      allowHookErrors: false,
    });
    await sandbox.writeProjectFile(
      'guard.json',
      JSON.stringify({
        settings: 'settings.json',
        cases: [label('rm -rf build', 'block'), label('git reset --hard', 'block'), label('ls', 'allow')],
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'test', 'guard.json', '--min-catch', '0.95']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/rm-only\s+50\.0% \(1\/2\)\s+0\.0% \(0\/1\)\s+\d+ ms\s+\d+ ms/);
    expect(result.stdout).toContain('rm-only: catch rate 50.0% (1/2) is below --min-catch 0.95');
    expect(result.stdout).toContain('should block, but the call was allowed');
  });

  it('--case-timeout fails a case that runs too long and kills its hooks; the other cases pass', async () => {
    await writeHooks();
    await sandbox.writeProjectFile(
      'slow.json',
      JSON.stringify({
        hooks: {
          BeforeTool: [
            {
              matcher: 'glob',
              hooks: [
                { name: 'slow', type: 'command', command: `node "${fixturePath('hooks/hang.js')}"`, timeout: 60_000 },
              ],
            },
          ],
        },
      }),
    );
    await sandbox.writeProjectFile(
      'cases.json',
      JSON.stringify([
        { name: 'slow', tool: 'glob', input: { pattern: '*' }, settings: 'slow.json', expect: { allowed: true } },
        cases[0],
      ]),
    );
    const result = await runHookrail(sandbox, ['hooks', 'test', 'cases.json', '--case-timeout', '700'], {
      timeoutMs: 30_000,
    });
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^FAIL\s+slow\s/m);
    expect(result.stdout).toContain('the case took longer than 700 ms (--case-timeout): its hooks were cancelled');
    expect(result.stdout).toMatch(/^PASS\s+claude deny/m);
  });

  it('without FILES, reads every .json and .jsonl file of .hookrail/tests in the project; with none there, a usage error', async () => {
    const none = await runHookrail(sandbox, ['hooks', 'test']);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain(`no case files given, and none in ${join(sandbox.project, '.hookrail', 'tests')}`);
    await writeHooks();
    await sandbox.writeProjectFile(
      '.hookrail/tests/a.json',
      JSON.stringify([{ ...cases[0], settings: '../../claude.json' }]),
    );
    await sandbox.writeProjectFile(
      '.hookrail/tests/b.jsonl',
      `${JSON.stringify({ ...cases[2], settings: '../../claude.json' })}\n`,
    );
    await sandbox.writeProjectFile('.hookrail/tests/notes.txt', 'not a case file');
    const result = await runHookrail(sandbox, ['hooks', 'test']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^PASS\s+claude deny/m);
    expect(result.stdout).toMatch(/^PASS\s+claude ask/m);
    expect(result.stdout).toContain('2 cases: 2 passed, 0 failed');
  });

  it('--help explains the case files, the expectations, the scores and the exit codes', async () => {
    const result = await runHookrail(sandbox, ['hooks', 'test', '--help']);
    expect(result.exitCode).toBe(0);
    for (const text of [
      'Usage: hookrail hooks test [FILES...]',
      'docs/hook-tests.md',
      '--junit FILE',
      '--min-catch RATE',
      '--max-false-positives RATE',
      '--concurrency N',
      'A hook that times out fails its case',
    ]) {
      expect(result.stdout).toContain(text);
    }
  });
});
