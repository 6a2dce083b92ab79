/**
 * The README's command lines do what their comments say, run as written in a fresh project holding the
 * repository's examples: "Your hooks in `hookrail run`" (its hook script and settings file, validated,
 * trusted, run, and the script blocking a force push) and "Under test" (test, record, replay, coverage,
 * report), each exiting 0.
 */
import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExamples, repositoryRoot, runHookrail, useCliSandbox, type CliResult } from './helpers/cliProcess.js';

const readme = await readFile(join(repositoryRoot, 'README.md'), 'utf8');
const sandbox = useCliSandbox(copyExamples);

/** The fenced blocks of `language` in the README section under `## heading`. */
function sectionBlocks(heading: string, language: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, `README has a "## ${heading}" section`).toBeGreaterThan(0);
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1]!);
}

/** The hookrail arguments of each command line of a block: `npx` and `hookrail` dropped, comments cut, quotes honoured. */
function commandLines(block: string): string[][] {
  return block
    .split('\n')
    .filter((line) => /^(npx )?hookrail /.test(line))
    .map((line) => [...line.replace(/\s+#.*$/, '').matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!))
    .map((words) => words.slice(words.indexOf('hookrail') + 1));
}

/** Runs every command line in the sandbox project, each of which must exit 0; resolves with each result by line. */
async function runAll(lines: string[][]): Promise<Map<string, CliResult>> {
  const results = new Map<string, CliResult>();
  for (const args of lines) {
    const result = await runHookrail(sandbox, args);
    expect(result.exitCode, `hookrail ${args.join(' ')}\n${result.stdout}${result.stderr}`).toBe(0);
    results.set(args.slice(0, 2).join(' '), result);
  }
  return results;
}

describe('README: the command lines run as written', () => {
  it('your hooks in run: the hook script and settings shown validate, trust and run, and the script blocks a force push', async () => {
    const [script, commands] = sectionBlocks('Your hooks in `hookrail run`', 'sh');
    const [settings] = sectionBlocks('Your hooks in `hookrail run`', 'json');
    const scriptPath = await sandbox.writeProjectFile('hooks/no-force-push.sh', script!);
    await chmod(scriptPath, 0o755);
    await sandbox.writeProjectFile('.hookrail/settings.json', settings!);
    const lines = commandLines(commands!);
    expect(lines.map((args) => args[0])).toEqual(['hooks', 'hooks', 'run']);
    const results = await runAll(lines);
    const run = results.get('run find the TODOs in src')?.stdout;
    expect(run).toContain(' · 1 hook · ');
    expect(run).toContain('completed');
    const fired = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'BeforeTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"git push --force origin main"}',
    ]);
    expect(fired.stdout).toContain('Force pushes are not allowed; push normally or ask the user.');
    expect(fired.stdout).toMatch(/no-force-push/);
  });

  it('under test: the guard passes its thresholds, the recorded demo replays unchanged, and every demo hook matched', async () => {
    const [commands] = sectionBlocks('Under test', 'sh');
    const lines = commandLines(commands!);
    expect(lines.map((args) => args.slice(0, 2).join(' '))).toEqual([
      'hooks test',
      'run --scenario',
      'replay run.jsonl',
      'hooks coverage',
      'inspect run.jsonl',
    ]);
    const results = await runAll(lines);
    expect(results.get('replay run.jsonl')?.stdout).toMatch(/: 0 changed/);
    expect(results.get('hooks coverage')?.stdout).toContain('Every configured hook matched at least once (3).');
    expect(results.get('inspect run.jsonl')?.stdout).toContain(`wrote ${join(sandbox.project, 'report.html')}`);
    expect(await readFile(join(sandbox.project, 'report.html'), 'utf8')).toContain('block-destructive');
  });
});
