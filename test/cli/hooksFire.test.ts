/**
 * `hookrail hooks fire` — the hook author's test bench — as a real process: real hook processes,
 * each hook's exit code, duration, output, and the aggregated decision for every event kind; bad
 * input is a usage error that says what is wrong.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, respondHook, runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const echoStdin = fixturePath('hooks/echo-stdin.js');
const requestFile = fixturePath('cli/request.json');
const responseFile = fixturePath('cli/response.json');

const sandbox = useCliSandbox();

async function withUserHooks(hooks: Record<string, unknown>): Promise<void> {
  await sandbox.writeHomeFile('.hookrail/settings.json', settingsJson(hooks));
}

interface FireJson {
  event: string;
  matched: number;
  hooks: Array<{
    command: string;
    exitCode: number;
    success: boolean;
    durationMs: number;
    stdout: string;
    stderr: string;
    output: unknown;
  }>;
  decision: Record<string, unknown> & { verdict: string };
}

describe('hookrail hooks fire', () => {
  it("HOOK-016a, HOOK-066: shows an exit-2 hook's command, exit code, duration, stderr and the block decision", async () => {
    await withUserHooks({
      BeforeTool: [
        {
          matcher: 'run_shell_command',
          hooks: [{ type: 'command', command: respondHook(2, '', 'no deletes please') }],
        },
      ],
    });
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"rm -rf /"}',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('BeforeTool for tool "run_shell_command": 1 hook ran in parallel');
    expect(result.stdout).toContain(`● ${respondHook(2, '', 'no deletes please')}`);
    expect(result.stdout).toMatch(/exit 2 — block · \d+ ms/);
    expect(result.stdout).toContain('stderr: no deletes please');
    expect(result.stdout).toMatch(/blocked +yes — no deletes please/);
    expect(result.stdout).toContain(
      '→ the tool call is blocked and does not run; the model receives: no deletes please',
    );
  });

  it('HOOK-015, HOOK-188: the hook receives the real stdin JSON and project directory', async () => {
    const capture = join(sandbox.project, 'stdin.json');
    await withUserHooks({
      BeforeTool: [{ hooks: [{ type: 'command', command: `node "${echoStdin}" "${capture}"` }] }],
    });
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'write_file',
      '--input',
      '{"file_path":"a.txt"}',
    ]);
    expect(result.exitCode).toBe(0);
    const received = JSON.parse(readFileSync(capture, 'utf8')) as {
      input: Record<string, unknown>;
      env: Record<string, string>;
    };
    expect(received.input).toMatchObject({
      hook_event_name: 'BeforeTool',
      tool_name: 'write_file',
      tool_input: { file_path: 'a.txt' },
      cwd: sandbox.project,
      // No session: an empty transcript made for the fire (hooksFire.transcript.test.ts).
      transcript_path: expect.stringMatching(/hookrail-fire-[^/]+\/transcript\.jsonl$/),
    });
    expect(typeof received.input['session_id']).toBe('string');
    expect(received.env['CLAUDE_PROJECT_DIR']).toBe(sandbox.project);
  });

  it('HOOK-019: shows the modified input a BeforeTool hook returns, merged over the original', async () => {
    await withUserHooks({
      BeforeTool: [
        {
          hooks: [
            {
              type: 'command',
              command: respondHook(0, '{"hookSpecificOutput":{"tool_input":{"command":"ls --dry-run"}}}'),
            },
          ],
        },
      ],
    });
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"ls","description":"list"}',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/exit 0 — ok/);
    expect(result.stdout).toContain('modified input      {"command":"ls --dry-run","description":"list"}');
    expect(result.stdout).toContain('→ the tool runs with the modified input');
  });

  it('HOOK-068, HOOK-209: a failing hook (exit 1) is shown as failed and fail-open: not blocked', async () => {
    await withUserHooks({
      BeforeTool: [{ hooks: [{ type: 'command', command: respondHook(1, '{"decision":"block"}', 'crashed') }] }],
    });
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'x', '--json']);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as FireJson;
    expect(report.hooks[0]).toMatchObject({ exitCode: 1, success: false, stderr: 'crashed' });
    expect(report.decision).toMatchObject({ blocked: false, stop: false });
    expect(report.decision.verdict).toBe('the tool runs with its input unchanged');
    expect(result.stderr).toContain('crashed');
  });

  it('HOOK-027, HOOK-029, HOOK-208: shows AfterTool additionalContext, systemMessage and suppressOutput together', async () => {
    await withUserHooks({
      AfterTool: [
        {
          hooks: [
            {
              type: 'command',
              command: respondHook(
                0,
                '{"suppressOutput":true,"hookSpecificOutput":{"additionalContext":"summarise it"}}',
              ),
            },
            { type: 'command', command: respondHook(0, '{"systemMessage":"logged"}') },
          ],
        },
      ],
    });
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'AfterTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"seq 100"}',
      '--response',
      '{"llmContent":"1\\n2"}',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('2 hooks ran in parallel');
    expect(result.stdout).toMatch(/additionalContext +summarise it/);
    expect(result.stdout).toMatch(/systemMessage +logged/);
    expect(result.stdout).toMatch(/suppressOutput +yes/);
    expect(result.stdout).toContain('and the user does not see the output');
  });

  it('HOOK-055, HOOK-099: BeforeToolSelection with --request shows the resulting toolConfig', async () => {
    await withUserHooks({
      BeforeToolSelection: [
        {
          hooks: [
            {
              type: 'command',
              command: respondHook(
                0,
                '{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["read_file"]}}}',
              ),
            },
            {
              type: 'command',
              command: respondHook(
                0,
                '{"hookSpecificOutput":{"toolConfig":{"mode":"AUTO","allowedFunctionNames":["glob"]}}}',
              ),
            },
          ],
        },
      ],
    });
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeToolSelection',
      '--request',
      requestFile,
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as FireJson;
    expect(report.decision['toolConfig']).toEqual({ mode: 'ANY', allowedFunctionNames: ['glob', 'read_file'] });
    expect(report.decision.verdict).toBe('the model may call only: glob, read_file (mode ANY)');
  });

  it('HOOK-034, HOOK-036: BeforeModel receives the request in the hook format; a block with llm_response is a synthetic answer', async () => {
    const capture = join(sandbox.project, 'stdin.json');
    await withUserHooks({
      BeforeModel: [
        {
          hooks: [
            { type: 'command', command: `node "${echoStdin}" "${capture}"` },
            {
              type: 'command',
              command: respondHook(
                0,
                '{"decision":"block","hookSpecificOutput":{"llm_response":{"candidates":[{"content":{"role":"model","parts":["cached answer"]}}]}}}',
              ),
            },
          ],
        },
      ],
    });
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeModel', '--request', requestFile]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/synthetic response +cached answer/);
    expect(result.stdout).toContain('→ the model is not called; the synthetic response is used as its answer');
    const received = JSON.parse(readFileSync(capture, 'utf8')) as {
      input: { llm_request: { model: string; messages: unknown[] } };
    };
    expect(received.input.llm_request.model).toBe('gemini-2.5-flash');
    expect(received.input.llm_request.messages).toEqual([
      { role: 'user', content: 'Review src/index.ts and fix the typos.' },
    ]);
  });

  it('HOOK-046: AfterModel with --request and --response-file shows the replaced response', async () => {
    await withUserHooks({
      AfterModel: [
        {
          hooks: [
            {
              type: 'command',
              command: respondHook(
                0,
                '{"hookSpecificOutput":{"llm_response":{"candidates":[{"content":{"role":"model","parts":["[redacted]"]}}]}}}',
              ),
            },
          ],
        },
      ],
    });
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'AfterModel',
      '--request',
      requestFile,
      '--response-file',
      responseFile,
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/modified response +\[redacted\]/);
    expect(result.stdout).toContain('→ the agent uses the modified response');
  });

  it('HOOK-203 and beyond: a lifecycle event runs its hooks and says what the session does with their answer', async () => {
    await withUserHooks({
      SessionStart: [
        {
          hooks: [
            {
              type: 'command',
              command: respondHook(0, '{"hookSpecificOutput":{"additionalContext":"hello session"}}'),
            },
          ],
        },
      ],
    });
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'SessionStart', '--payload', '{"source":"resume"}']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("→ the additional context joins the model's history before the next prompt");
    expect(result.stdout).not.toContain('fire-and-forget');
    expect(result.stdout).not.toContain('no caller applies');
  });

  it("a Claude PreCompact hook's block: the compaction does not happen, as hookrail run and chat apply it", async () => {
    const guard = `python3 "${fixturePath('hooks/session/claude-precompact-guard.py')}" "${join(sandbox.project, 'notes-saved')}"`;
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      JSON.stringify({ hooks: { PreCompact: [{ hooks: [{ type: 'command', command: guard }] }] } }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'PreCompact', '--payload', '{"trigger":"manual"}']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(
      '→ the compaction does not happen and the history is kept: Save your notes before compacting.',
    );
  });

  it("a Claude Stop hook's block with additionalContext: the agent goes on with the reason, the context after it", async () => {
    const stop = `python3 "${fixturePath('hooks/session/claude-stop-context.py')}"`;
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: stop }] }] } }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'Stop', '--payload', '{"stop_hook_active":false}']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(
      '→ the agent goes on with the reason as the next user message, the additional context after it: Run the tests before you finish.',
    );
  });

  it('HOOK-021: says when no hook matched and shows the configured matchers', async () => {
    await withUserHooks({
      BeforeTool: [{ matcher: '^write_file$', hooks: [{ type: 'command', command: 'echo guard' }] }],
    });
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'read_file']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('No hook matched BeforeTool for tool "read_file".');
    expect(result.stdout).toContain('configured: matcher "^write_file$" → echo guard');
    expect(result.stdout).toMatch(/blocked +no/);
  });

  it('an invalid --input JSON is a usage error that says where it fails (exit 2)', async () => {
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'x',
      '--input',
      '{"command": rm}',
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--input is not valid JSON: invalid JSON at line 1, column 13/);
    const notObject = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'x', '--input', '[1,2]']);
    expect(notObject.exitCode).toBe(2);
    expect(notObject.stderr).toContain('--input must be a JSON object ({...}), got an array');
  });

  it("an unknown event lists the valid ones, Claude Code's included; a Claude Code event name is accepted and named in usage errors (exit 2)", async () => {
    const unknown = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTol']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain(
      'unknown event "BeforeTol" (did you mean BeforeTool?); valid events: BeforeTool, AfterTool',
    );
    expect(unknown.stderr).toContain(
      "or Claude Code's PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop, SubagentStop",
    );
    const claude = await runHookrail(sandbox, ['hooks', 'fire', 'PreToolUse']);
    expect(claude.exitCode).toBe(2);
    expect(claude.stderr).toContain('PreToolUse needs --tool');
  });

  it('missing or misplaced options are usage errors naming them (exit 2); a missing --request file exits 1', async () => {
    const noTool = await runHookrail(sandbox, ['hooks', 'fire', 'AfterTool']);
    expect(noTool.exitCode).toBe(2);
    expect(noTool.stderr).toContain('AfterTool needs --tool');
    const misplaced = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeModel',
      '--tool',
      'x',
      '--request',
      requestFile,
    ]);
    expect(misplaced.exitCode).toBe(2);
    expect(misplaced.stderr).toContain('--tool does not apply to BeforeModel; it is for BeforeTool and AfterTool');
    const missingFile = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeModel', '--request', 'nope.json']);
    expect(missingFile.exitCode).toBe(1);
    expect(missingFile.stderr).toContain('--request nope.json: file not found');
  });
});
