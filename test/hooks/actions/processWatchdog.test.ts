/**
 * Hook and shell-tool processes die with a library host, however it ends: at a
 * normal exit or a crash the exit handler SIGKILLs every group at once (shown with processes that
 * ignore SIGTERM); after SIGKILL, which runs no handler, the watchdog kills them. Each host is a real
 * process using the built library (test/fixtures/hosts/library-host.mjs; run `npm run build` first).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProcessWatchdog, REMOVAL_FLUSH_MS } from '../../../src/hooks/actions/processWatchdog.js';
import { hookFixture, scratchDirectory } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive, processesAliveAfter } from '../../helpers/processes.js';

const distIndex = fileURLToPath(new URL('../../../dist/index.js', import.meta.url));
const libraryHost = fileURLToPath(new URL('../../fixtures/hosts/library-host.mjs', import.meta.url));

let scratch: ReturnType<typeof scratchDirectory>;
beforeEach(() => {
  scratch = scratchDirectory('hookrail-host-');
});
afterEach(async () => {
  await assertNoHookProcessesAlive();
  scratch.remove();
});

/** Runs the host to its end; resolves with how it ended and the PIDs of its hook and tool processes. */
async function runHost(fixture: string, ending: 'exit' | 'crash' | 'sigkill' | 'idle') {
  if (!existsSync(distIndex)) throw new Error(`${distIndex} does not exist: run "npm run build" first`);
  const host = spawn(process.execPath, [libraryHost, distIndex, scratch.path, hookFixture(fixture), ending], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  host.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  host.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A host that does not end by itself fails the test here, not by hanging it.
  const limit = setTimeout(() => host.kill('SIGKILL'), 30_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    host.once('close', (...ended) => resolve(ended)),
  );
  clearTimeout(limit);
  const pidOf = (name: string): number => {
    const marker = join(scratch.path, `${name}.marker`);
    return existsSync(marker) ? Number(/ready (\d+)/.exec(readFileSync(marker, 'utf8'))?.[1]) : 0;
  };
  return { code, signal, stdout, stderr, processes: [pidOf('hook'), pidOf('tool')] };
}

describe.runIf(process.platform === 'linux')('processes die with a library host', () => {
  it('at a normal exit, hook and shell-tool groups get SIGKILL at once (even processes ignoring SIGTERM)', async () => {
    const ended = await runHost('ignore-sigterm.js', 'exit');
    expect(ended.code).toBe(0);
    expect(ended.processes.every((pid) => pid > 1)).toBe(true);
    expect(await processesAliveAfter(ended.processes, 2_000)).toEqual([]);
  });

  it('a host that crashes takes its hook and shell-tool processes with it', async () => {
    const ended = await runHost('ignore-sigterm.js', 'crash');
    expect(ended.code).toBe(1);
    expect(ended.stderr).toContain('library host crashed on purpose');
    expect(await processesAliveAfter(ended.processes, 2_000)).toEqual([]);
  });

  it('a host killed by SIGKILL: the watchdog kills its hook and shell-tool groups (none alive 2 s later)', async () => {
    const ended = await runHost('ready-and-wait.js', 'sigkill');
    expect(ended.signal).toBe('SIGKILL');
    expect(await processesAliveAfter(ended.processes, 2_000)).toEqual([]);
  });

  it('the watchdog never keeps its host alive, and ends once its host has', async () => {
    const ended = await runHost('ready-and-wait.js', 'idle');
    expect(ended.code).toBe(0);
    const report = JSON.parse(ended.stdout) as { hook: number; tool: number; watchdog: number };
    expect(report).toMatchObject({ hook: 0, tool: 0 });
    expect(report.watchdog).toBeGreaterThan(1);
    expect(await processesAliveAfter([report.watchdog], 2_000)).toEqual([]);
  });
});

describe.runIf(process.platform === 'linux')('ProcessWatchdog', () => {
  it('appends one line per group to its file, and rewrites the file with only the live groups once it has grown', () => {
    // IDs above the kernel's PID limit: no real group could ever be signalled by mistake.
    const firstId = 2 ** 30;
    const live = new Set<number>();
    const watchdog = new ProcessWatchdog({ graceMs: 5_000, trackedGroups: () => [...live] });
    live.add(firstId);
    watchdog.add(firstId);
    const file = watchdog.groupsFile!;
    expect(readFileSync(file, 'utf8')).toBe(`+${firstId}\n`);
    for (let offset = 1; offset <= 3_000; offset += 1) {
      live.add(firstId + offset);
      watchdog.add(firstId + offset);
      live.delete(firstId + offset);
      watchdog.remove(firstId + offset);
    }
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean).length).toBeLessThan(4_096);
    expect(readFileSync(file, 'utf8').startsWith(`+${firstId}\n`)).toBe(true);
    live.delete(firstId);
    watchdog.remove(firstId);
    expect(watchdog.pid).toBeGreaterThan(1);
  });
  it('a removal is written with the next added group, within REMOVAL_FLUSH_MS, or by flush — never lost', async () => {
    const firstId = 2 ** 30 + 10_000;
    const live = new Set<number>([firstId]);
    const watchdog = new ProcessWatchdog({ graceMs: 5_000, trackedGroups: () => [...live] });
    watchdog.add(firstId);
    const file = watchdog.groupsFile!;
    live.delete(firstId);
    watchdog.remove(firstId);
    // Not on the hook's way back: nothing written yet.
    expect(readFileSync(file, 'utf8')).toBe(`+${firstId}\n`);
    live.add(firstId + 1);
    watchdog.add(firstId + 1);
    // The removal goes first, in the same append, so a reused ID would be listed again after it.
    expect(readFileSync(file, 'utf8')).toBe(`+${firstId}\n-${firstId}\n+${firstId + 1}\n`);
    live.delete(firstId + 1);
    watchdog.remove(firstId + 1);
    expect(REMOVAL_FLUSH_MS).toBe(100);
    await vi.waitFor(
      () => expect(readFileSync(file, 'utf8')).toBe(`+${firstId}\n-${firstId}\n+${firstId + 1}\n-${firstId + 1}\n`),
      { timeout: 5_000, interval: 10 },
    );
    live.add(firstId + 2);
    watchdog.add(firstId + 2);
    live.delete(firstId + 2);
    watchdog.remove(firstId + 2);
    watchdog.flush();
    expect(readFileSync(file, 'utf8').endsWith(`+${firstId + 2}\n-${firstId + 2}\n`)).toBe(true);
  });
});
