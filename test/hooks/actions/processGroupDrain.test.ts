/**
 * No answer is lost: every byte a process wrote before it exited is read, however busy the event loop
 * is when its exit is seen. The drain window only bounds waiting for a pipe that another process holds
 * open, counted from its last read — never a deadline on reading what the main process left.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CappedCapture } from '../../../src/hooks/actions/cappedCapture.js';
import { PIPE_DRAIN_MS, runInProcessGroup } from '../../../src/hooks/actions/processGroup.js';
import { killLeftoverProcesses } from '../../../src/hooks/actions/processGroupRegistry.js';
import { scratchDirectory, shellQuote } from '../../helpers/hookFixtures.js';
import { killEscapedProcesses, processState, readPidFile } from '../../helpers/processes.js';

let scratch: ReturnType<typeof scratchDirectory>;
const escaped: number[] = [];
beforeEach(() => {
  scratch = scratchDirectory('hookrail-drain-');
});
afterEach(async () => {
  killEscapedProcesses(escaped);
  await killLeftoverProcesses({ graceMs: 0 });
  scratch.remove();
});

/** Blocks the event loop (and this thread) until `condition` holds; throws after `limitMs`. */
function blockUntil(condition: () => boolean, what: string, limitMs = 10_000): void {
  const deadline = performance.now() + limitMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`gave up waiting for ${what}`);
  }
}

function blockFor(milliseconds: number): void {
  const end = performance.now() + milliseconds;
  while (performance.now() < end) {
    // A busy loop: nothing else runs on this thread meanwhile.
  }
}

describe.runIf(process.platform === 'linux')(
  'runInProcessGroup: what the main process wrote before its exit is always read',
  () => {
    it('an answer printed just before the exit is read though the event loop is blocked 200 ms right after the exit is seen', async () => {
      const answer = '{"decision":"deny","reason":"odd"}';
      const ready = join(scratch.path, 'ready');
      const go = join(scratch.path, 'go');
      // The hook tells its PID on stderr, waits for "go", prints its answer on stdout and exits.
      const command = `printf '%s' $$ >&2; : > ${shellQuote(ready)}; while [ ! -e ${shellQuote(go)} ]; do sleep 0.01; done; echo '${answer}'`;
      let blockedAfterExit = false;
      const stdout = new CappedCapture({ limitBytes: 1024 });
      const stderr = {
        /**
         * Runs inside the event loop's poll phase, before that phase handles child exits. It lets the hook
         * answer and exit now, after the phase collected its ready pipes: the hook's stdout is not among
         * them, but its exit is reaped in this same phase (with the other child's, whose exit is pending).
         * Then the loop is blocked for 200 ms right after the exit was handled, before the next poll phase.
         */
        push(chunk: Buffer): void {
          const pid = Number(chunk.toString());
          writeFileSync(go, '');
          blockUntil(() => processState(pid) === 'Z', 'the hook to exit');
          setImmediate(() => {
            blockedAfterExit = true;
            blockFor(200);
          });
        },
      };
      const pending = runInProcessGroup({ command, cwd: scratch.path, stdout, stderr, timeoutMs: 30_000 });
      // Another child whose exit is pending when the loop next polls, so that poll phase reaps children.
      const other = spawn('sh', ['-c', 'exit 0'], { stdio: 'ignore' });
      blockUntil(
        () => processState(other.pid!) === 'Z' && existsSync(ready),
        'the other child to exit and the hook to be ready',
      );

      const outcome = await pending;

      expect(blockedAfterExit).toBe(true);
      expect(outcome).toMatchObject({ exitCode: 0, timedOut: false, pipesHeldOpen: false });
      expect(stdout.head().toString()).toBe(`${answer}\n`);
    });

    it('a command that exits while `setsid sleep 3600 &` holds its stdout still returns within a few drain windows', async () => {
      const pidFile = join(scratch.path, 'escaped.pid');
      const stdout = new CappedCapture({ limitBytes: 1024 });
      const stderr = new CappedCapture({ limitBytes: 1024 });
      const command = `setsid sh -c 'echo $$ > ${shellQuote(pidFile)}; exec sleep 3600' & echo {}`;
      const outcome = await runInProcessGroup({ command, cwd: scratch.path, stdout, stderr, timeoutMs: 60_000 });
      escaped.push(await readPidFile(pidFile));
      expect(outcome).toMatchObject({ exitCode: 0, timedOut: false, pipesHeldOpen: true });
      expect(stdout.head().toString()).toBe('{}\n');
      // Given up on well before the 60 s timeout: the window runs from the last read, not to the timeout.
      expect(outcome.durationMs).toBeLessThan(10_000);
      expect(PIPE_DRAIN_MS).toBeLessThan(100);
    });

    it("a pipe an escaped process writes to without end is given up at the call's timeout, with the main process's answer", async () => {
      const pidFile = join(scratch.path, 'escaped.pid');
      const stdout = new CappedCapture({ limitBytes: 1024 });
      const stderr = new CappedCapture({ limitBytes: 1024 });
      const command = `echo '{"decision":"deny","reason":"first"}'; setsid sh -c 'echo $$ > ${shellQuote(pidFile)}; exec yes' &`;
      const outcome = await runInProcessGroup({ command, cwd: scratch.path, stdout, stderr, timeoutMs: 1_000 });
      escaped.push(await readPidFile(pidFile));
      expect(outcome).toMatchObject({ exitCode: 0, timedOut: false, pipesHeldOpen: true });
      expect(stdout.head().toString()).toMatch(/^\{"decision":"deny","reason":"first"\}\ny\n/);
      expect(stdout.droppedBytes).toBeGreaterThan(0);
      // Bounded by the timeout (plus the grace the design allows), not by the stranger.
      expect(outcome.durationMs).toBeLessThan(1_000 + 5_000);
    });
  },
);

describe('one way to run a process', () => {
  it("only the process-group runner, its watchdog, the warm-interpreter pool (whose idle processes the runner then drains) and the MCP gateway's server process import node:child_process, so hooks fire, run, executeToolWithHooks and the scheduler share one drain", () => {
    const sourceRoot = fileURLToPath(new URL('../../../src/', import.meta.url));
    const importers: string[] = [];
    const walk = (directory: string): void => {
      for (const entry of readdirSync(directory, { withFileTypes: true })) {
        const path = join(directory, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (
          entry.name.endsWith('.ts') &&
          /^import (?!type )[^;]*['"](?:node:)?child_process['"]/m.test(readFileSync(path, 'utf8'))
        )
          importers.push(relative(sourceRoot, path));
      }
    };
    walk(sourceRoot);
    expect(importers.sort()).toEqual([
      'hooks/actions/processGroup.ts',
      'hooks/actions/processWatchdog.ts',
      'hooks/actions/warm/warmPool.ts',
      'integrations/mcp/mcpServerProcess.ts',
    ]);
  });
});
