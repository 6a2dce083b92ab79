/**
 * examples/hooks/audit-log.js with examples/scenarios/audit-log.json: BeforeTool and AfterTool hooks
 * append every call to a JSON Lines file under the project, run from a fresh copy of the repository.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useExampleProject } from '../helpers/exampleRun.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const example = useExampleProject();

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
    const result = await example.runScenario('audit-log');
    expect(result.exitCode).toBe(0);
    expect(readFileSync(example.projectPath('examples', 'output', 'hello.txt'), 'utf8')).toBe('hello\n');
    const entries = readJsonLines<AuditEntry>(example.projectPath('.hookrail', 'audit.jsonl'));
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
    const result = await example.runScenario('audit-log', { env: { HOOKRAIL_AUDIT_LOG: '/dev/null/audit.jsonl' } });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('audit-log.js: could not write the audit log');
    expect(readFileSync(example.projectPath('examples', 'output', 'hello.txt'), 'utf8')).toBe('hello\n');
  });
});
