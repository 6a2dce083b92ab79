/**
 * `hookrail hooks fire` cannot be made to hang or to flood: a catastrophic matcher against a
 * model-chosen tool name answers at once (linear-time matching), and a hook's output is printed once,
 * capped. Real processes, bounded waits (the CLI is killed if it outlives the bound), no timed assertions.
 */
import { describe, expect, it } from 'vitest';
import { respondHook, runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

/** A bound far above what these commands need, far below what a backtracking matcher would take. */
const boundedWaitMs = 20_000;

describe('hookrail hooks fire: linear-time matchers', () => {
  it('HOOK-087: matcher ^(a+)+$ against a tool name of 34 a\'s and "!" does not freeze the CLI', async () => {
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ matcher: '^(a+)+$', hooks: [{ type: 'command', command: respondHook(2, '', 'matched') }] }] }),
    );
    const toolName = `${'a'.repeat(34)}!`;
    const result = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', toolName], { timeoutMs: boundedWaitMs });
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`No hook matched BeforeTool for tool "${toolName}"`);

    const matching = await runHookrail(sandbox, ['hooks', 'fire', 'BeforeTool', '--tool', 'a'.repeat(34)], { timeoutMs: boundedWaitMs });
    expect(matching.stdout).toMatch(/blocked +yes — matched/);
  });

  it('HOOK-191: hooks validate names the JSON path of a matcher RE2 cannot express', async () => {
    await sandbox.writeProjectFile(
      'lookahead.json',
      settingsJson({ BeforeTool: [{ matcher: '(?!read_)\\w+', hooks: [{ type: 'command', command: 'echo x' }] }] }),
    );
    const result = await runHookrail(sandbox, ['hooks', 'validate', 'lookahead.json'], { timeoutMs: boundedWaitMs });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/error lookahead\.json: hooks\.BeforeTool\[0\]\.matcher: "\(\?!read_\)\\\\w\+" cannot run in linear time: it uses lookahead/);
  });
});

