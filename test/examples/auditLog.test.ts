/**
 * examples/hooks/audit-log.js with examples/scenarios/audit-log.json: BeforeTool and AfterTool hooks
 * append every call to a JSON Lines file under the project, run from a fresh copy of the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyExamples, createCliSandbox, runHookrail, type CliSandbox } from '../helpers/cliProcess.js';

let sandbox: CliSandbox;
beforeEach(async () => {
  sandbox = await createCliSandbox();
  await copyExamples(sandbox);
});
afterEach(async () => {
  await sandbox.cleanup();
});

interface AuditEntry {
  session: string;
  event: string;
  tool: string;
  input: Record<string, unknown>;
  error?: string | null;
  outputChars?: number;
}

describe('example: an audit log of every call', () => {
  it('HOOK-014, HOOK-025: every call is logged before and after it runs, with one session id; calls are unchanged', async () => {
    const result = await runHookrail(sandbox, ['run', '--scenario', 'examples/scenarios/audit-log.json']);
    expect(result.exitCode).toBe(0);
    expect(readFileSync(join(sandbox.project, 'examples', 'output', 'hello.txt'), 'utf8')).toBe('hello\n');
    const entries = readFileSync(join(sandbox.project, '.hookrail', 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditEntry);
    expect(entries.map((entry) => `${entry.event} ${entry.tool}`)).toEqual([
      'BeforeTool write_file',
      'AfterTool write_file',
      'BeforeTool list_directory',
      'AfterTool list_directory',
    ]);
    expect(new Set(entries.map((entry) => entry.session)).size).toBe(1);
    expect(entries[0].input).toEqual({ file_path: 'examples/output/hello.txt', content: 'hello\n' });
    expect(entries[1]).toMatchObject({ error: null });
    expect(entries[1].outputChars).toBeGreaterThan(0);
  });

  it('HOOK-023: when the log cannot be written the hook fails open with a warning and the call still runs', async () => {
    const result = await runHookrail(sandbox, ['run', '--scenario', 'examples/scenarios/audit-log.json'], {
      env: { HOOKRAIL_AUDIT_LOG: '/dev/null/audit.jsonl' },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('audit-log.js: could not write the audit log');
    expect(readFileSync(join(sandbox.project, 'examples', 'output', 'hello.txt'), 'utf8')).toBe('hello\n');
  });
});
