/**
 * The published package, as a user installs it: `npm pack`, then `npm install` of the tarball into an
 * empty project WITHOUT the optional peers (`@google/genai`), then the CLI and both entry points. Also the
 * tarball's contents: a LICENSE, no source maps. The suite never reaches the network: the package's
 * production dependencies (as `npm ls --omit=dev --omit=peer` lists them) are copied in from this
 * checkout first, so `npm install --offline` only has to add the tarball.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from './helpers/cliProcess.js';

let project: string;
let tarballFiles: string[];

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' } });
}

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'hookrail-package-'));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project], repositoryRoot)) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  tarballFiles = packed[0].files.map((file) => file.path);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const productionTree = run('npm', ['ls', '--omit=dev', '--omit=peer', '--parseable', '--all'], repositoryRoot)
    .split('\n')
    .filter((path) => path.startsWith(join(repositoryRoot, 'node_modules')));
  for (const path of productionTree) await cp(path, join(project, relative(repositoryRoot, path)), { recursive: true });
  run('npm', ['install', '--offline', '--omit=peer', '--no-audit', '--no-fund', '--ignore-scripts', `.//${packed[0].filename}`], project);
}, 180_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe('the package installed without its optional peers', () => {
  it('holds dist with declarations, a LICENSE and the README, and no source maps', () => {
    expect(tarballFiles).toContain('LICENSE');
    expect(tarballFiles).toContain('README.md');
    expect(tarballFiles).toContain('dist/index.d.ts');
    expect(tarballFiles).toContain('dist/engine.d.ts');
    expect(tarballFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(tarballFiles.filter((file) => file.startsWith('src/'))).toEqual([]);
  });

  it('installs without @google/genai and without @statelyai/inspect', async () => {
    expect(existsSync(join(project, 'node_modules', 'hookrail', 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(project, 'node_modules', '@google', 'genai'))).toBe(false);
    expect(existsSync(join(project, 'node_modules', '@statelyai'))).toBe(false);
    expect(await readdir(join(project, 'node_modules', '.bin'))).toContain('hookrail');
  });

  it('runs `hookrail --help`', () => {
    expect(run(join(project, 'node_modules', '.bin', 'hookrail'), ['--help'], project)).toMatch(/^  run  /m);
  });

  it('runs `hookrail run --scenario` on the scripted model, hooks included', () => {
    const output = run(
      join(project, 'node_modules', '.bin', 'hookrail'),
      ['run', '--scenario', join(repositoryRoot, 'examples', 'scenarios', 'block-destructive.json'), '--cwd', repositoryRoot],
      project,
    );
    expect(output).toContain('blocked by hook');
  });

  it('imports `hookrail` and `hookrail/engine` with no work at import time', () => {
    const script = [
      "const before = process.listenerCount('exit');",
      "const host = await import('hookrail');",
      "const engine = await import('hookrail/engine');",
      "console.log(JSON.stringify({ exitListenersAdded: process.listenerCount('exit') - before,",
      '  config: typeof host.Config, scheduler: typeof host.createToolScheduler, runner: typeof engine.HookRunner,',
      '  runnerOnHost: typeof host.HookRunner }));',
    ].join('\n');
    const result = JSON.parse(run(process.execPath, ['--input-type=module', '-e', script], project)) as Record<string, unknown>;
    expect(result).toEqual({ exitListenersAdded: 0, config: 'function', scheduler: 'function', runner: 'function', runnerOnHost: 'undefined' });
  });
});
