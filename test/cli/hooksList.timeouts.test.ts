/**
 * `hookrail hooks list` shows how long each hook may run: its own timeout or its dialect's default
 * (Claude Code command hooks 10 minutes, Gemini CLI and native 60 s), in milliseconds under --json.
 */
import { describe, expect, it } from 'vitest';
import { runHookrail, settingsJson, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

interface ListedTimeout {
  command?: string;
  dialect: string;
  timeout: number;
  defaultTimeout: boolean;
}

describe('hookrail hooks list: timeouts', () => {
  it("every entry has a millisecond timeout: a Claude test runner without one gets Claude Code's 10 minutes, its 90 s one stays 90 s", async () => {
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      settingsJson({
        PostToolUse: [
          {
            matcher: 'Edit|Write',
            hooks: [
              { type: 'command', command: 'npm test' },
              { type: 'command', command: 'npm run lint', timeout: 90 },
            ],
          },
        ],
        UserPromptSubmit: [{ hooks: [{ type: 'prompt', prompt: 'Is this prompt on topic? $ARGUMENTS' }] }],
      }),
    );
    await sandbox.writeHomeFile(
      '.gemini/settings.json',
      settingsJson({ BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'gemini-guard' }] }] }),
    );
    await sandbox.writeHomeFile(
      '.hookrail/settings.json',
      settingsJson({ BeforeTool: [{ hooks: [{ type: 'command', command: 'native-guard' }] }] }),
    );

    const result = await runHookrail(sandbox, ['hooks', 'list', '--json']);
    expect(result.exitCode).toBe(0);
    const hooks = (JSON.parse(result.stdout) as { hooks: ListedTimeout[] }).hooks;
    const byCommand = Object.fromEntries(
      hooks.map((hook) => [hook.command ?? hook.dialect, [hook.dialect, hook.timeout, hook.defaultTimeout]]),
    );
    expect(byCommand).toEqual({
      'npm test': ['claude', 600_000, true],
      'npm run lint': ['claude', 90_000, false],
      claude: ['claude', 30_000, true],
      'gemini-guard': ['gemini', 60_000, true],
      'native-guard': ['native', 60_000, true],
    });

    const text = await runHookrail(sandbox, ['hooks', 'list']);
    expect(text.stdout).toMatch(/enabled +npm test\n.*timeout: 600\.0 s \(Claude Code default\)/);
    expect(text.stdout).toMatch(/enabled +npm run lint\n.*timeout: 90\.0 s · /);
    expect(text.stdout).toMatch(/enabled +gemini-guard\n.*timeout: 60\.0 s \(Gemini CLI default\)/);
    expect(text.stdout).toMatch(/enabled +native-guard\n.*timeout: 60\.0 s \(hookrail default\)/);
  });
});
