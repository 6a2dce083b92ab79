/**
 * examples/ai-sdk/demo-agent.mjs — the demo scenario as a Vercel AI SDK agent (the AI SDK's mock
 * model, `generateText`, `hookrail/ai-sdk`) with the demo's three hook scripts: run as the example
 * says, in a fresh project holding a copy of `examples/`, then its recorded run opened with
 * `hookrail inspect`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { projectMachineGraphs } from '../../src/diagrams/projectMachines.js';
import { pathHints } from '../../src/inspection/page/callDetails.js';
import { machinePath } from '../../src/inspection/page/machinePath.js';
import { buildRunModel } from '../../src/inspection/page/runModel.js';
import { parseInspectionFile } from '../../src/inspection/report.js';
import { repositoryRoot, runHookrail } from '../helpers/cliProcess.js';
import { useExampleProject } from '../helpers/exampleRun.js';

const example = useExampleProject({ files: { 'build/output.txt': 'keep me\n' } });

/** Runs the example script (from the repository, where `hookrail` and `ai` resolve) in the sandbox project. */
async function runExample(args: readonly string[] = []) {
  return execa(process.execPath, [join(repositoryRoot, 'examples', 'ai-sdk', 'demo-agent.mjs'), ...args], {
    cwd: example.sandbox.project,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: example.sandbox.home,
      HOOKRAIL_SYSTEM_SETTINGS: join(example.sandbox.home, 'no-system-settings.json'),
    },
    extendEnv: false,
    reject: false,
    timeout: 60_000,
  });
}

describe('example: the demo as an AI SDK agent', () => {
  it('HOOK-017, HOOK-019, HOOK-020: the demo hooks block rm -rf, rewrite the deploy into a dry run and stop the run when the tests fail', async () => {
    const result = await runExample();
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const stdout = String(result.stdout);
    const blocked = stdout.indexOf('⛔ blocked by hook: Blocked by block-destructive.sh');
    const rewritten = stdout.indexOf('✎ input rewritten by hook: $ sh examples/bin/deploy.sh --dry-run');
    const dryRun = stdout.indexOf('DRY RUN: would upload 3 files');
    const stopped = stdout.indexOf('■ stopped by hook: Tests failed (1)');
    expect(blocked).toBeGreaterThan(-1);
    expect(rewritten).toBeGreaterThan(blocked);
    expect(dryRun).toBeGreaterThan(rewritten);
    expect(stopped).toBeGreaterThan(dryRun);
    expect(stdout).not.toContain('▸ edit');
    expect(existsSync(example.projectPath('build', 'output.txt'))).toBe(true);
    expect(existsSync(example.projectPath('deployed.txt'))).toBe(false);
  });

  it('--inspect records the run as hookrail run --inspect does: hookrail inspect draws each call on its machine', async () => {
    const result = await runExample(['--inspect', 'run.jsonl']);
    expect(result.exitCode).toBe(0);
    const text = readFileSync(example.projectPath('run.jsonl'), 'utf8');
    const { records } = parseInspectionFile(text, 'run.jsonl');
    expect(records[0]).toMatchObject({ type: 'hookrail.run', version: 1, title: 'AI SDK demo' });
    const model = buildRunModel(records);
    expect(model.calls.map((call) => `${call.kind}:${call.name}:${call.outcome}`)).toEqual([
      'model:mock-provider:scripted-demo:completed',
      'tool:run_shell_command:blocked',
      'model:mock-provider:scripted-demo:completed',
      'tool:run_shell_command:success',
      'model:mock-provider:scripted-demo:completed',
      'tool:run_shell_command:stopped',
    ]);
    const tools = model.calls.filter((call) => call.kind === 'tool');
    expect(tools[0]!.hooks.map((hook) => `${hook.hookName}:${hook.decision}`)).toEqual([
      'block-destructive:deny',
      'add-dry-run:none',
    ]);
    const graph = projectMachineGraphs()['toolCall']!;
    expect(machinePath(graph, tools[0]!.steps, pathHints(tools[0]!)).map((step) => step.label)).toEqual([
      'idle',
      'idle → beforeHook',
      'beforeHook → buffered',
      'buffered → published',
    ]);
    expect(model.session.map((record) => record.event)).toEqual(['start', 'prompt', 'stop', 'done', 'end']);

    const inspect = await runHookrail(example.sandbox, ['inspect', 'run.jsonl', '--out', 'report.html']);
    expect(inspect.exitCode).toBe(0);
    expect(inspect.stderr).toBe('');
    const html = readFileSync(example.projectPath('report.html'), 'utf8');
    expect(html).toContain('block-destructive');
    expect(html).toContain('"machineId":"modelCall"');
  });
});
