/**
 * Helpers for the host policy tests: guard hooks that block a shell call with a reason (a real
 * `exit-2-stderr.sh` process) in Claude Code's and Gemini CLI's spelling, the commands merged for
 * BeforeTool, and one shell call through the merged hooks.
 */
import { toConfigParameters, type LoadedSettings } from '../../src/adapters/settings/settings.js';
import { Config } from '../../src/hooks/engine/config.js';
import { HookEventName } from '../../src/hooks/protocol/events.js';
import type { HookConfig } from '../../src/hooks/protocol/hookConfig.js';
import { recordingLogger } from '../../src/testing.js';
import { hookFixture, shellQuote } from './hookFixtures.js';
import { callThroughHooks } from './toolThroughHooks.js';

/** The command of a guard that blocks with `reason`. */
export const guard = (reason: string): string =>
  `sh ${shellQuote(hookFixture('exit-2-stderr.sh'))} ${shellQuote(reason)}`;

/** A Claude Code `hooks` object: a PreToolUse guard on Bash. */
export const claudeGuard = (reason: string) => ({
  PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard(reason) }] }],
});

/** A Gemini CLI `hooks` object: a BeforeTool guard on run_shell_command. */
export const geminiGuard = (reason: string) => ({
  BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: guard(reason) }] }],
});

/** The BeforeTool commands of the merged settings, in order. */
export function commandsOf(settings: LoadedSettings): string[] {
  return (settings.hooks[HookEventName.BeforeTool] ?? []).flatMap((group) =>
    group.hooks.map((hook: HookConfig) => String(hook.command)),
  );
}

/** Runs `git push --force` through the merged hooks, in `workingDir`. */
export function shellCall(settings: LoadedSettings, workingDir: string): Promise<{ ran: boolean; llmContent: string }> {
  const config = new Config({ ...toConfigParameters(settings), workingDir, logger: recordingLogger().logger });
  return callThroughHooks({ config, toolName: 'run_shell_command', args: { command: 'git push --force' } });
}
