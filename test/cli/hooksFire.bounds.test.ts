/**
 * `hookrail hooks fire` cannot be made to hang or to flood: a catastrophic matcher against a
 * model-chosen tool name answers at once (linear-time matching), and a hook's output is printed once,
 * capped. Real processes, bounded waits (the CLI is killed if it outlives the bound), no timed assertions.
 */
import { describe, expect, it } from 'vitest';
import { fixturePath, respondHook, runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

/** A bound far above what these commands need, far below what a backtracking matcher would take. */
const boundedWaitMs = 20_000;

describe('hookrail hooks fire: linear-time matchers', () => {
  it('HOOK-087: matcher ^(a+)+$ against a tool name of 34 a\'s and "!" does not freeze the CLI', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({
        BeforeTool: [{ matcher: '^(a+)+$', hooks: [{ type: 'command', command: respondHook(2, '', 'matched') }] }],
      }),
    );
    const toolName = `${'a'.repeat(34)}!`;
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', toolName], {
      timeoutMs: boundedWaitMs,
    });
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`No hook matched BeforeTool for tool "${toolName}"`);

    const matching = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'a'.repeat(34)], {
      timeoutMs: boundedWaitMs,
    });
    expect(matching.stdout).toMatch(/blocked +yes — matched/);
  });

  it('HOOK-191: hooks validate names the JSON path of a matcher RE2 cannot express', async () => {
    await sandbox.writeProjectFile(
      'lookahead.json',
      settingsJson({ BeforeTool: [{ matcher: '(?!read_)\\w+', hooks: [{ type: 'command', command: 'echo x' }] }] }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'lookahead.json'], { timeoutMs: boundedWaitMs });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(
      /error lookahead\.json: hooks\.BeforeTool\[0\]\.matcher: "\(\?!read_\)\\\\w\+" cannot run in linear time: it uses lookahead/,
    );
  });
});

/** A hook that writes half a MiB of `error error …` lines to stderr, then exits with `exitCode`. */
function floodStderrHooks(exitCode: number): Record<string, unknown> {
  return {
    BeforeTool: [
      { hooks: [{ type: 'command', command: `node "${fixturePath('hooks/flood-stderr.js')}" 0.5 ${exitCode}` }] },
    ],
  };
}

const halfMebibyte = 512 * 1024;

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe("hookrail hooks fire: each hook's output once", () => {
  for (const exitCode of [2, 1]) {
    it(`--json prints a 0.5 MiB stderr of an exit-${exitCode} hook once; every other field quotes at most an excerpt`, async () => {
      await sandbox.writeHomeFile('.hookrail/settings.json', settingsJson(floodStderrHooks(exitCode)));
      const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'x', '--json'], {
        timeoutMs: boundedWaitMs,
      });
      expect(result.exitCode).toBe(0);
      const report = JSON.parse(result.stdout) as { hooks: Array<{ stderr: string; truncated: boolean }> };
      expect(report.hooks[0].stderr.length).toBeGreaterThanOrEqual(halfMebibyte - 1024);
      expect(report.hooks[0].truncated).toBe(false);
      // Once in full (the hook's stderr), never again: the reason, error, errors and verdict quote an excerpt.
      expect(result.stdout.length).toBeLessThan(report.hooks[0].stderr.length + 64 * 1024);
      expect(occurrences(result.stdout, 'more characters')).toBeGreaterThan(0);
      expect(result.stderr.length).toBeLessThan(16 * 1024);
    });
  }

  it('the text report shows an excerpt of a 0.5 MiB stderr, not all of it, and not several times', async () => {
    await sandbox.writeHomeFile('.hookrail/settings.json', settingsJson(floodStderrHooks(2)));
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'x'], {
      timeoutMs: boundedWaitMs,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/exit 2 — block/);
    expect(result.stdout).toMatch(/blocked +yes — error error/);
    expect(result.stdout.length).toBeLessThan(32 * 1024);
  });
});

describe('hookrail hooks fire: a hook flooding stdout', () => {
  it('--json prints a capped excerpt of a 50 MB stdout, not megabytes, and says it was cut', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({
        BeforeTool: [{ hooks: [{ type: 'command', command: `node "${fixturePath('hooks/flood-stdout.js')}" 50` }] }],
      }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'x', '--json'], {
      timeoutMs: 60_000,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBeLessThan(64 * 1024);
    const report = JSON.parse(result.stdout) as {
      hooks: Array<{ stdout: string; truncated: boolean; error?: string }>;
    };
    expect(report.hooks[0].stdout.startsWith('flood flood')).toBe(true);
    expect(report.hooks[0].stdout.length).toBeLessThanOrEqual(4 * 1024);
    expect(report.hooks[0].truncated).toBe(true);
    expect(JSON.stringify(report.hooks[0])).toMatch(
      /over the cap of 16777216 bytes; only its first 4096 bytes are kept/,
    );
  }, 90_000);
});
