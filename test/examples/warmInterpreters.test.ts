/**
 * Every example scenario gives the same run — stdout, stderr, exit code — with warm interpreters off
 * (`"warmInterpreters": 0` in the user's settings) and on (the default); in the demo, the Node hooks
 * fired again run on warm interpreters (the debug log says so).
 */
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExamples, repositoryRoot, type CliResult } from '../helpers/cliProcess.js';
import { useExampleProject } from '../helpers/exampleRun.js';
import { pathWithRealPython } from '../helpers/warmInterpreters.js';

const scenarios = readdirSync(join(repositoryRoot, 'examples', 'scenarios'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

const example = useExampleProject();
const env = { PATH: pathWithRealPython() };

/**
 * A run's output less what differs between any two runs: the session's ID (in the transcript's name)
 * and how long a judged hook's model took.
 */
function comparable(result: CliResult): { exitCode: number | null; stdout: string; stderr: string } {
  const normalise = (text: string): string =>
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<session>')
      .replace(/, \d+ ms\b/g, ', <duration>');
  return { exitCode: result.exitCode, stdout: normalise(result.stdout), stderr: normalise(result.stderr) };
}

/** A fresh copy of `examples/`, as the first run found it. */
async function resetExamples(): Promise<void> {
  await rm(example.projectPath('examples'), { recursive: true, force: true });
  await copyExamples(example.sandbox);
}

describe('examples run the same with warm interpreters off and on', () => {
  it.each(scenarios)('%s: the same stdout, stderr and exit code', async (name) => {
    await example.sandbox.writeHomeFile('.hookrail/settings.json', '{ "warmInterpreters": 0 }\n');
    const cold = await example.runScenario(name, { env });
    await example.sandbox.writeHomeFile('.hookrail/settings.json', '{}\n');
    await resetExamples();
    const warm = await example.runScenario(name, { env });
    expect(comparable(warm)).toEqual(comparable(cold));
  });

  it('demo: the Node hooks fired a second time run on warm interpreters; with "warmInterpreters": 0 none does', async () => {
    const warm = await example.runScenario('demo', { env: { ...env, HOOKRAIL_DEBUG: '1' } });
    expect(warm.stderr).toMatch(
      /Hook "add-dry-run \(node [^)]*add-dry-run.js\\?"\)" for BeforeTool ran on a warm interpreter/,
    );
    await example.sandbox.writeHomeFile('.hookrail/settings.json', '{ "warmInterpreters": 0 }\n');
    const cold = await example.runScenario('demo', { env: { ...env, HOOKRAIL_DEBUG: '1' } });
    expect(cold.stderr).not.toContain('ran on a warm interpreter');
  });
});
