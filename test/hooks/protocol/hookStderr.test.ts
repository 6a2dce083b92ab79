/**
 * What of a hook's stderr reaches the model: an exit-2 reason (HOOK-066), a failed hook's warning
 * (HOOK-209) and a Claude Code PostToolUse exit-2 feedback are the first 10,000 characters, with a
 * note saying how many were cut; the result keeps the whole capture. Real hook processes writing
 * 200 KB to stderr.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { MAX_STDERR_MESSAGE_CHARACTERS, boundedStderrMessage } from '../../../src/hooks/protocol/hookStderr.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { fixtureCommand } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { hookConfig } from '../../helpers/systemFixtures.js';

afterAll(() => assertNoHookProcessesAlive());

/** `flood-stderr.js 0.2 <code>`: about 200 KB of `error error …` lines on stderr, then that exit code. */
function floodStderr(exitCode: number): string {
  return fixtureCommand('flood-stderr.js', '0.2', String(exitCode));
}

/** Bytes the hook writes: whole 1021-byte lines up to 0.2 MiB; trimmed, the last line loses its ` \n`. */
const floodedBytes = Math.ceil((0.2 * 1024 * 1024) / 1021) * 1021;

describe('boundedStderrMessage', () => {
  it('HOOK-066: the bound is 10,000 characters; a text that fits is unchanged', () => {
    expect(MAX_STDERR_MESSAGE_CHARACTERS).toBe(10_000);
    const fits = 'x'.repeat(MAX_STDERR_MESSAGE_CHARACTERS);
    expect(boundedStderrMessage(fits)).toBe(fits);
    expect(boundedStderrMessage('')).toBe('');
  });

  it('HOOK-066: a longer text keeps its head and says how many characters were cut, and what the capture cap dropped', () => {
    const text = 'a'.repeat(MAX_STDERR_MESSAGE_CHARACTERS) + 'b'.repeat(2_345);
    expect(boundedStderrMessage(text)).toBe(`${'a'.repeat(MAX_STDERR_MESSAGE_CHARACTERS)}… [2345 more characters cut]`);
    expect(boundedStderrMessage(text, 77)).toBe(
      `${'a'.repeat(MAX_STDERR_MESSAGE_CHARACTERS)}… [2345 more characters and 77 bytes past the capture cap cut]`,
    );
    expect(boundedStderrMessage('short', 5)).toBe('short… [5 bytes past the capture cap cut]');
  });

  it('never splits a surrogate pair at the cut', () => {
    const text = `${'a'.repeat(MAX_STDERR_MESSAGE_CHARACTERS - 1)}😀tail`;
    const bounded = boundedStderrMessage(text);
    expect(bounded).toBe(`${'a'.repeat(MAX_STDERR_MESSAGE_CHARACTERS - 1)}… [6 more characters cut]`);
  });
});

describe('a hook writing 200 KB to stderr', () => {
  it('HOOK-066: exit 2 blocks with the first 10,000 characters of stderr as the reason and a note of how many were cut; the result keeps all of it', async () => {
    const { config } = hookConfig({
      BeforeTool: [{ hooks: [{ type: 'command', name: 'noisy-guard', command: floodStderr(2) }] }],
    });
    let executed = false;
    const result = await executeToolWithHooks(config, 'run_shell_command', { command: 'ls' }, async () => {
      executed = true;
      return { llmContent: 'ran', returnDisplay: 'ran' };
    });
    expect(executed).toBe(false);
    const text = String(result.llmContent);
    expect(text).toContain('error error');
    expect(text.length).toBeLessThan(MAX_STDERR_MESSAGE_CHARACTERS + 500);
    expect(text).toContain(`… [${floodedBytes - 2 - MAX_STDERR_MESSAGE_CHARACTERS} more characters cut]`);

    const details = await config
      .getHookSystem()!
      .getEventHandler()
      .fireEventWithDetails(HookEventName.BeforeTool, {
        tool_name: 'run_shell_command',
        tool_input: { command: 'ls' },
      });
    const [hook] = details.results;
    expect(hook!.stderr!.length).toBe(floodedBytes);
    expect(hook!.output!.reason!.length).toBeLessThan(MAX_STDERR_MESSAGE_CHARACTERS + 100);
    expect(details.aggregated.finalOutput?.isBlockingDecision()).toBe(true);
  });

  it('HOOK-209: exit 1 fails open with a "Warning: …" of at most 10,000 characters of stderr, noting the cut', async () => {
    const { config } = hookConfig({ BeforeTool: [{ hooks: [{ type: 'command', command: floodStderr(1) }] }] });
    const hookSystem = config.getHookSystem()!;
    await hookSystem.initialize();
    const details = await hookSystem.getEventHandler().fireEventWithDetails(HookEventName.BeforeTool, {
      tool_name: 'run_shell_command',
      tool_input: { command: 'ls' },
    });
    const warning = details.aggregated.finalOutput?.systemMessage ?? '';
    expect(warning.startsWith('Warning: error error')).toBe(true);
    expect(warning.length).toBeLessThan(MAX_STDERR_MESSAGE_CHARACTERS + 100);
    expect(warning).toMatch(/… \[\d+ more characters cut\]$/);
  });

  it('HOOK-066: a Claude Code PostToolUse hook exiting 2 gives the model the same bounded stderr next to the result', async () => {
    const { config } = hookConfig({
      PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: floodStderr(2) }] }],
    });
    const result = await executeToolWithHooks(config, 'run_shell_command', { command: 'ls' }, async () => ({
      llmContent: 'listing',
      returnDisplay: 'listing',
    }));
    const text = String(result.llmContent);
    expect(text.startsWith('listing')).toBe(true);
    expect(text).toContain('error error');
    expect(text.length).toBeLessThan(MAX_STDERR_MESSAGE_CHARACTERS + 500);
    expect(text).toContain(`… [${floodedBytes - 2 - MAX_STDERR_MESSAGE_CHARACTERS} more characters cut]`);
  });
});
