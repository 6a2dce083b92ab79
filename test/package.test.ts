/**
 * The published package, as a user installs it: `npm pack`, then `npm install` of the tarball into an
 * empty project WITHOUT the optional peers (`@google/genai`, `ai`), then the CLI and the entry points
 * (`hookrail`, `hookrail/engine`, `hookrail/testing`), their declarations compiled as a user's TypeScript reads them;
 * then with `ai` added, the `hookrail/ai-sdk` entry around a real AI SDK run. Also the tarball's
 * contents: a LICENSE, no source maps. The suite never reaches the network: the package's
 * production dependencies (as `npm ls --omit=dev --omit=peer` lists them) are copied in from this
 * checkout first, so `npm install --offline` only has to add the tarball.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from './helpers/cliProcess.js';

let project: string;
let tarballFiles: string[];

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' },
  });
}

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'hookrail-package-'));
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project], repositoryRoot),
  ) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  tarballFiles = packed[0].files.map((file) => file.path);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const productionTree = run('npm', ['ls', '--omit=dev', '--omit=peer', '--parseable', '--all'], repositoryRoot)
    .split('\n')
    .filter((path) => path.startsWith(join(repositoryRoot, 'node_modules')));
  for (const path of productionTree) await cp(path, join(project, relative(repositoryRoot, path)), { recursive: true });
  run(
    'npm',
    ['install', '--offline', '--omit=peer', '--no-audit', '--no-fund', '--ignore-scripts', `.//${packed[0].filename}`],
    project,
  );
}, 180_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe('the package installed without its optional peers', () => {
  it('holds dist with declarations, a LICENSE, the README and the docs pages it links, and no source maps', () => {
    expect(tarballFiles).toContain('LICENSE');
    expect(tarballFiles).toContain('README.md');
    // The README's links into docs/ resolve in the installed package too.
    expect(tarballFiles).toContain('docs/cli.md');
    expect(tarballFiles.filter((file) => file.startsWith('docs/') && !file.endsWith('.md'))).toEqual([]);
    expect(tarballFiles).toContain('dist/index.d.ts');
    expect(tarballFiles).toContain('dist/engine.d.ts');
    expect(tarballFiles).toContain('dist/testing.d.ts');
    expect(tarballFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(tarballFiles.filter((file) => file.startsWith('src/'))).toEqual([]);
  });

  it('installs without @google/genai and without @statelyai/inspect', async () => {
    expect(existsSync(join(project, 'node_modules', 'hookrail', 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(project, 'node_modules', '@google', 'genai'))).toBe(false);
    expect(existsSync(join(project, 'node_modules', '@statelyai'))).toBe(false);
    expect(existsSync(join(project, 'node_modules', 'ai'))).toBe(false);
    expect(await readdir(join(project, 'node_modules', '.bin'))).toContain('hookrail');
  });

  it('runs `hookrail --help`', () => {
    expect(run(join(project, 'node_modules', '.bin', 'hookrail'), ['--help'], project)).toMatch(/^ {2}run {2}/m);
  });

  it('runs `hookrail run --scenario` on the scripted model, hooks included', () => {
    const output = run(
      join(project, 'node_modules', '.bin', 'hookrail'),
      [
        'run',
        '--scenario',
        join(repositoryRoot, 'examples', 'scenarios', 'block-destructive.json'),
        '--cwd',
        repositoryRoot,
      ],
      project,
    );
    expect(output).toContain('blocked by hook');
  });

  it('imports `hookrail`, `hookrail/engine` and `hookrail/testing` with no work at import time', () => {
    const script = [
      "const before = process.listenerCount('exit');",
      "const host = await import('hookrail');",
      "const engine = await import('hookrail/engine');",
      "const testing = await import('hookrail/testing');",
      "console.log(JSON.stringify({ exitListenersAdded: process.listenerCount('exit') - before,",
      '  config: typeof host.Config, scheduler: typeof host.createToolScheduler, runner: typeof engine.HookRunner,',
      '  runnerOnHost: typeof host.HookRunner, scripted: typeof testing.ScriptedContentGenerator,',
      '  scriptedOnHost: typeof host.ScriptedContentGenerator }));',
    ].join('\n');
    const result = JSON.parse(run(process.execPath, ['--input-type=module', '-e', script], project)) as Record<
      string,
      unknown
    >;
    expect(result).toEqual({
      exitListenersAdded: 0,
      config: 'function',
      scheduler: 'function',
      runner: 'function',
      runnerOnHost: 'undefined',
      scripted: 'function',
      scriptedOnHost: 'undefined',
    });
  });

  it('runs a scripted prompt from `hookrail/testing` through a real hook, and type-checks a consumer of all three entries', () => {
    const consumer = [
      "import { Config, runAgent, type Tool } from 'hookrail';",
      "import { HookRunner } from 'hookrail/engine';",
      "import { ScriptedContentGenerator, parseScenario, recordingLogger } from 'hookrail/testing';",
      "const { logger, records } = recordingLogger({ level: 'warn' });",
      'const config = new Config({ enableHooks: true, logger, hooks: { BeforeTool: [{ matcher: "run_shell_command",',
      '  hooks: [{ type: "command", command: "echo \'not from the package\' >&2; exit 2" }] }] } });',
      "const scenario = parseScenario({ name: 'packaged', turns: [",
      "  { functionCalls: [{ name: 'run_shell_command', args: { command: 'ls' } }] }, { text: 'done' }] }, 'packaged.json');",
      "const shell: Tool = { name: 'run_shell_command', execute: async () => ({ llmContent: 'ran', returnDisplay: 'ran' }) };",
      'const generator = new ScriptedContentGenerator(scenario);',
      "const result = await runAgent('go', { config, generator, tools: [shell] });",
      'const sent = JSON.stringify(generator.requests.at(-1)?.contents);',
      'console.log(JSON.stringify({ status: result.status, text: result.finalText,',
      "  modelSawReason: sent.includes('not from the package'), warnings: records.length, runner: typeof HookRunner }));",
      '',
    ].join('\n');
    writeFileSync(join(project, 'consumer.ts'), consumer);
    // The repository's own compiler, resolving `hookrail/*` through the installed package's `exports` and `types`.
    const compiler = join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    run(
      process.execPath,
      [compiler, '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--skipLibCheck', 'consumer.ts'],
      project,
    );
    const script = consumer.replace(': Tool', '').replace(', type Tool', '');
    const result = JSON.parse(run(process.execPath, ['--input-type=module', '-e', script], project)) as Record<
      string,
      unknown
    >;
    expect(result).toEqual({
      status: 'completed',
      text: 'done',
      modelSawReason: true,
      warnings: 0,
      runner: 'function',
    });
  });
});

/**
 * `ai` and every package it needs (its dependencies and installed peers, recursively), copied from
 * this checkout's node_modules into the project's, as `npm install ai` would lay them out.
 */
async function copyInstalledPackage(name: string, copied: Set<string> = new Set()): Promise<void> {
  if (copied.has(name)) return;
  copied.add(name);
  const source = join(repositoryRoot, 'node_modules', name);
  if (!existsSync(source)) return;
  await cp(source, join(project, 'node_modules', name), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }))
    await copyInstalledPackage(dependency, copied);
}

describe('the package with the AI SDK installed', () => {
  beforeAll(async () => {
    await copyInstalledPackage('ai');
  }, 120_000);

  it('imports `hookrail/ai-sdk` and runs an AI SDK tool call through a real hook, the main entry unchanged', () => {
    const script = [
      "import { generateText, jsonSchema, stepCountIs, tool } from 'ai';",
      "import { MockLanguageModelV4 } from 'ai/test';",
      "import { Config } from 'hookrail';",
      "import { createHookrail } from 'hookrail/ai-sdk';",
      'const config = new Config({ enableHooks: true, hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo \'not here\' >&2; exit 2" }] }] } });',
      "const hooks = createHookrail({ config, toolNames: { bash: 'run_shell_command' } });",
      'const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };',
      'const model = new MockLanguageModelV4({ doGenerate: [',
      "  { content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'bash', input: JSON.stringify({ command: 'rm -rf /' }) }], finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] },",
      "  { content: [{ type: 'text', text: 'fine' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },",
      ']});',
      "const bash = tool({ inputSchema: jsonSchema({ type: 'object' }), execute: async () => 'ran' });",
      "const result = await generateText({ model, tools: hooks.tools({ bash }), prompt: 'go', stopWhen: stepCountIs(3) });",
      "const error = result.steps[0].content.find((part) => part.type === 'tool-error');",
      'console.log(JSON.stringify({ outcome: error.error.outcome, seen: String(error.error), text: result.text, createHookrail: typeof createHookrail }));',
    ].join('\n');
    const result = JSON.parse(run(process.execPath, ['--input-type=module', '-e', script], project)) as Record<
      string,
      unknown
    >;
    expect(result).toEqual({ outcome: 'blocked', seen: 'not here', text: 'fine', createHookrail: 'function' });
  });
});
