/**
 * The published-hook fixtures (test/fixtures/hooks/published/) run unchanged through the
 * CLI as their authors configure them — `.claude/settings.json`, `.gemini/settings.json`, a Claude
 * Code plugin — with their decisions taking effect: `hooks fire` (Claude Code's event names, each hook
 * shown the stdin of its dialect with --show-input) and `hookrail run` (scenario files in
 * test/fixtures/scenarios). Real processes throughout.
 */
import { chmodSync, copyFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, runHookrail, useCliSandbox, type CliSandbox } from '../helpers/cliProcess.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const sandbox = useCliSandbox();

/** Copies the published fixtures of one agent to `<base>/<folder>`, executable, as a user installs hook scripts. */
function installScripts(base: string, folder: string, dialect: 'claude' | 'gemini'): string {
  const source = fixturePath(`hooks/published/${dialect}`);
  const target = join(base, folder);
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(source)) {
    copyFileSync(join(source, name), join(target, name));
    chmodSync(join(target, name), 0o755);
  }
  return target;
}

/** The scenario's hooks (Claude Code's names), written as the user's ~/.claude/settings.json. */
async function claudeSettingsFromScenario(box: CliSandbox): Promise<void> {
  const scenario = JSON.parse(readFileSync(fixturePath('scenarios/claude-hooks.json'), 'utf8')) as {
    settings: { hooks: unknown };
  };
  await box.writeHomeFile('.claude/settings.json', JSON.stringify({ hooks: scenario.settings.hooks }, null, 2));
}

interface FireJson {
  event: string;
  firedAs?: string;
  matched: number;
  hooks: Array<{
    command: string;
    dialect: string;
    exitCode: number;
    stdin?: string;
    stdout: string;
    stderr: string;
    output: unknown;
  }>;
  decision: Record<string, unknown> & { verdict: string };
}

async function fireJson(args: string[]): Promise<FireJson> {
  const result = await runHookrail(sandbox, ['hooks', 'fire', ...args, '--json']);
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as FireJson;
}

describe('hookrail hooks fire with Claude Code hooks from ~/.claude/settings.json', () => {
  it("PreToolUse on Bash: the guard reads Claude's stdin (--show-input prints it) and its deny blocks the call", async () => {
    installScripts(sandbox.project, '.claude/hooks', 'claude');
    await claudeSettingsFromScenario(sandbox);
    const result = await runHookrail(sandbox, [
      'hooks',
      'fire',
      'PreToolUse',
      '--tool',
      'Bash',
      '--input',
      '{"command":"rm -rf build dist"}',
      '--show-input',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('PreToolUse (BeforeTool) for tool "run_shell_command": 3 hooks ran in parallel');
    expect(result.stdout).toContain(
      '● "$CLAUDE_PROJECT_DIR"/.claude/hooks/deny-destructive-bash.mjs  [command]  [Claude Code dialect]\n    stdin:  {',
    );
    // The stdin line comes before the hook's answer and the decision.
    const lines = result.stdout.split('\n');
    const stdinIndex = lines.findIndex((line) => line.trim().startsWith('stdin:'));
    expect(stdinIndex).toBeLessThan(lines.findIndex((line) => line.includes('permissionDecision')));
    const stdin = JSON.parse(lines[stdinIndex].replace(/^\s*stdin:\s*/, '')) as Record<string, unknown>;
    expect(stdin).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build dist' },
      permission_mode: 'default',
      cwd: sandbox.project,
    });
    expect(typeof stdin['tool_use_id']).toBe('string');
    expect(result.stdout).toMatch(
      /blocked +yes — Blocked by deny-destructive-bash: recursive forced delete \(rm -rf\)/,
    );
  });

  it('the same guard blocks when the event and tool are named the hookrail way', async () => {
    installScripts(sandbox.project, '.claude/hooks', 'claude');
    await claudeSettingsFromScenario(sandbox);
    const fired = await fireJson([
      'BeforeTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"rm -rf build"}',
    ]);
    expect(fired.decision['blocked']).toBe(true);
    expect(fired.hooks.every((hook) => hook.dialect === 'claude')).toBe(true);
  });

  it("a Claude updatedInput comes back as the tool's own arguments (dry-run-publish.mjs)", async () => {
    installScripts(sandbox.project, '.claude/hooks', 'claude');
    await claudeSettingsFromScenario(sandbox);
    const fired = await fireJson([
      'PreToolUse',
      '--tool',
      'Bash',
      '--input',
      '{"command":"npm publish","description":"Publish"}',
    ]);
    expect(fired.decision['blocked']).toBe(false);
    expect(fired.decision['modifiedInput']).toEqual({ command: 'npm publish --dry-run', description: 'Publish' });
  });

  it('Write of .env is blocked by protect-env-files.sh (exit 2), named either way', async () => {
    installScripts(sandbox.project, '.claude/hooks', 'claude');
    await claudeSettingsFromScenario(sandbox);
    const claudeNamed = await fireJson([
      'PreToolUse',
      '--tool',
      'Write',
      '--input',
      '{"file_path":".env","content":"A=1"}',
    ]);
    const nativeNamed = await fireJson([
      'BeforeTool',
      '--tool',
      'write_file',
      '--input',
      '{"file_path":".env","content":"A=1"}',
    ]);
    for (const fired of [claudeNamed, nativeNamed]) {
      expect(fired.decision['blocked']).toBe(true);
      expect(String(fired.decision['reason'])).toContain(
        `Blocked: ${join(sandbox.project, '.env')} is an environment file`,
      );
    }
  });

  it("PostToolUse with Claude's tool_response formats the written file; PostToolUseFailure reaches the failure logger only", async () => {
    installScripts(sandbox.project, '.claude/hooks', 'claude');
    await claudeSettingsFromScenario(sandbox);
    const file = await sandbox.writeProjectFile('src/cart.ts', 'export const total = 0;   \n');
    await fireJson([
      'PostToolUse',
      '--tool',
      'Write',
      '--input',
      JSON.stringify({ file_path: file, content: 'x' }),
      '--response',
      JSON.stringify({ type: 'create', filePath: file }),
    ]);
    expect(readFileSync(file, 'utf8')).toBe('export const total = 0;\n');
    const failed = await fireJson([
      'PostToolUseFailure',
      '--tool',
      'Bash',
      '--input',
      '{"command":"npm run lint"}',
      '--response',
      '"Exit code 1\\nlint failed"',
      '--show-input',
    ]);
    expect(failed.matched).toBe(1);
    expect(JSON.parse(failed.hooks[0].stdin ?? '{}')).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      error: 'Exit code 1\nlint failed',
      is_interrupt: false,
    });
    const logged = readJsonLines<Record<string, unknown>>(join(sandbox.project, 'logs', 'hooks.jsonl'));
    expect(logged.map((entry) => entry['hook_event_name'])).toEqual(['PostToolUse', 'PostToolUseFailure']);
  });

  it("UserPromptSubmit, Stop and SessionStart hooks from .claude/settings.json decide by Claude Code's rules", async () => {
    const hooksDir = installScripts(sandbox.project, '.claude/hooks', 'claude');
    await sandbox.writeProjectFile('package.json', '{"name":"shop"}\n');
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [{ hooks: [{ type: 'command', command: `${hooksDir}/prompt-context.py` }] }],
          Stop: [{ hooks: [{ type: 'command', command: `${hooksDir}/stop-until-marker.sh` }] }],
          SessionStart: [
            { matcher: 'startup', hooks: [{ type: 'command', command: `${hooksDir}/session-start-env.sh` }] },
          ],
        },
      }),
    );
    const secret = await fireJson(['UserPromptSubmit', '--payload', '{"prompt":"deploy with password: hunter22"}']);
    expect(secret.decision['blocked']).toBe(true);
    const context = await fireJson(['UserPromptSubmit', '--payload', '{"prompt":"add a discount field"}']);
    expect(context.decision['additionalContext']).toContain('Project conventions');
    const unfinished = await fireJson(['Stop', '--payload', '{"last_assistant_message":"I am halfway."}']);
    expect(unfinished.decision).toMatchObject({
      blocked: true,
      reason: expect.stringContaining('The task is not finished'),
    });
    const finished = await fireJson([
      'Stop',
      '--payload',
      '{"last_assistant_message":"All done <promise>DONE</promise>"}',
    ]);
    expect(finished.decision['blocked']).toBe(false);
    const start = await fireJson(['SessionStart', '--payload', '{"source":"startup"}', '--show-input']);
    expect(start.decision['additionalContext']).toBe(
      'Session context: project type is nodejs. FOO and PROJECT_TYPE are set for shell commands.',
    );
    expect(JSON.parse(start.hooks[0].stdin ?? '{}')).toMatchObject({
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    const compactOnly = await fireJson(['SessionStart', '--payload', '{"source":"compact"}']);
    expect(compactOnly.matched).toBe(0);
  });
});

describe('hookrail hooks fire with Gemini CLI hooks and a Claude Code plugin', () => {
  it("~/.gemini/settings.json hooks read Gemini CLI's stdin and block; a Claude hook on the same fire reads Claude's", async () => {
    const geminiHooks = installScripts(sandbox.project, '.gemini/hooks', 'gemini');
    const claudeHooks = installScripts(sandbox.project, '.claude/hooks', 'claude');
    await sandbox.writeHomeFile(
      '.gemini/settings.json',
      JSON.stringify({
        hooksConfig: { enabled: true },
        hooks: {
          BeforeTool: [
            {
              matcher: 'run_shell_command',
              hooks: [
                {
                  name: 'shell-guard',
                  type: 'command',
                  command: `${geminiHooks}/block-dangerous-shell.sh`,
                  timeout: 5000,
                },
              ],
            },
          ],
        },
      }),
    );
    await sandbox.writeHomeFile(
      '.claude/settings.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: `${claudeHooks}/log-hook-input.py ${sandbox.project}/log.jsonl` }],
            },
          ],
        },
      }),
    );
    const fired = await fireJson([
      'BeforeTool',
      '--tool',
      'run_shell_command',
      '--input',
      '{"command":"rm -rf node_modules"}',
      '--show-input',
    ]);
    expect(fired.decision['blocked']).toBe(true);
    const byDialect = Object.fromEntries(
      fired.hooks.map((hook) => [hook.dialect, JSON.parse(hook.stdin ?? '{}') as Record<string, unknown>]),
    );
    expect(byDialect['gemini']).toMatchObject({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command' });
    expect(byDialect['gemini']).not.toHaveProperty('permission_mode');
    expect(byDialect['claude']).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      permission_mode: 'default',
    });
  });

  it("--plugin DIR runs a plugin's ${CLAUDE_PLUGIN_ROOT} script in Claude Code's dialect; hooks list shows each hook's dialect", async () => {
    const plugin = join(sandbox.project, 'plugins', 'bash-rules');
    installScripts(plugin, 'scripts', 'claude');
    await sandbox.writeProjectFile(
      'plugins/bash-rules/.claude-plugin/plugin.json',
      JSON.stringify({ name: 'bash-rules', version: '1.0.0' }),
    );
    await sandbox.writeProjectFile(
      'plugins/bash-rules/hooks/hooks.json',
      JSON.stringify({
        description: 'Bash rules',
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                { type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/scripts/bash_command_validator.py', timeout: 5 },
              ],
            },
          ],
        },
      }),
    );
    const fired = await fireJson([
      'PreToolUse',
      '--tool',
      'Bash',
      '--input',
      '{"command":"grep -rn TODO src"}',
      '--plugin',
      'plugins/bash-rules',
    ]);
    expect(fired.decision).toMatchObject({
      blocked: true,
      reason: expect.stringContaining("Use 'rg' (ripgrep) instead of 'grep'"),
    });
    const listed = await runHookrail(sandbox, ['hooks', 'list', '--plugin', 'plugins/bash-rules']);
    expect(listed.stdout).toMatch(
      /\$\{CLAUDE_PLUGIN_ROOT\}\/scripts\/bash_command_validator\.py\n.*dialect: claude · matcher: Bash · timeout: 5\.0 s · source: plugin bash-rules plugins\/bash-rules\/hooks\/hooks\.json/,
    );
  });
});

describe('hookrail run with the published hooks (scenarios in test/fixtures/scenarios)', () => {
  /** npm stays off the network: a registry on 127.0.0.1 that nothing listens on, offline mode. */
  const offlineNpm = {
    npm_config_offline: 'true',
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
  };

  it('claude-hooks.json: guards block, the publish is rewritten to --dry-run, the formatter formats, the logger logs with paired tool_use_ids', async () => {
    installScripts(sandbox.project, '.claude/hooks', 'claude');
    await sandbox.writeProjectFile(
      'package.json',
      '{"name":"hookrail-shop-fixture","version":"1.0.0","private":true}\n',
    );
    const result = await runHookrail(sandbox, ['run', '--scenario', fixturePath('scenarios/claude-hooks.json')], {
      env: offlineNpm,
    });
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(readFileSync(join(sandbox.project, 'src', 'cart.ts'), 'utf8')).toBe(
      'export const total = 0;\nexport const discount = 0;\n',
    );
    const logged = readJsonLines<Record<string, unknown>>(join(sandbox.project, 'logs', 'hooks.jsonl'));
    const events = logged.map(
      (entry) => `${String(entry['hook_event_name'])} ${String(entry['tool_name'])} ${String(entry['tool_use_id'])}`,
    );
    expect(events).toEqual([
      'PreToolUse Bash toolu_clean',
      'PreToolUse Write toolu_env',
      'PreToolUse Write toolu_cart',
      'PostToolUse Write toolu_cart',
      'PreToolUse Bash toolu_publish',
      'PostToolUse Bash toolu_publish',
      'PreToolUse Bash toolu_ls',
      'PostToolUseFailure Bash toolu_ls',
    ]);
    const publishLogged = logged.find(
      (entry) => entry['hook_event_name'] === 'PostToolUse' && entry['tool_name'] === 'Bash',
    );
    expect(publishLogged?.['tool_input']).toEqual({
      command: 'npm publish --dry-run',
      description: 'Publish the package',
    });
  });

  it("gemini-hooks.json with the project's .gemini/settings.json (trusted): the shell guard and secret scanner block, the reviewer adds context, the logger logs", async () => {
    installScripts(sandbox.project, '.gemini/hooks', 'gemini');
    const hook = (script: string) => ({ type: 'command', command: `$GEMINI_PROJECT_DIR/.gemini/hooks/${script}` });
    await sandbox.writeProjectFile(
      '.gemini/settings.json',
      JSON.stringify({
        hooksConfig: { enabled: true },
        hooks: {
          BeforeTool: [
            { matcher: 'run_shell_command', hooks: [hook('block-dangerous-shell.sh')] },
            { matcher: 'write_file|replace', hooks: [hook('secret-scanner.cjs')] },
            { matcher: '*', hooks: [hook('log-tools.sh')] },
          ],
          AfterTool: [
            { matcher: 'write_file|replace', hooks: [hook('after-tool-review.cjs')] },
            { hooks: [hook('log-tools.sh')] },
          ],
        },
      }),
    );
    const untrusted = await runHookrail(sandbox, ['run', '--scenario', fixturePath('scenarios/gemini-hooks.json')]);
    expect(untrusted.exitCode).toBe(1);
    expect(untrusted.stderr).toContain(
      'Project settings in .gemini/settings.json were not applied: this folder is not trusted',
    );
    // Gemini CLI's guides write "*" for every tool: that is no regular-expression warning (HOOK-087).
    expect(untrusted.stderr).not.toContain('is not a valid regular expression');
    const trust = await runHookrail(sandbox, ['hooks', 'trust']);
    expect(trust.exitCode, trust.stderr).toBe(0);
    const result = await runHookrail(sandbox, ['run', '--scenario', fixturePath('scenarios/gemini-hooks.json')]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    const log = readFileSync(join(sandbox.project, '.gemini', 'tool-log.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.replace(/^\[[^\]]*\] /, ''));
    expect(log).toEqual([
      'BeforeTool run_shell_command',
      'BeforeTool write_file',
      'BeforeTool write_file',
      'AfterTool write_file',
    ]);
  });

  it("claude-session.json: the SessionStart hook's context reaches the model and its CLAUDE_ENV_FILE exports reach the shell tool; the prompt hook adds context", async () => {
    installScripts(sandbox.project, '.claude/hooks', 'claude');
    await sandbox.writeProjectFile('package.json', '{"name":"shop"}\n');
    const result = await runHookrail(sandbox, ['run', '--scenario', fixturePath('scenarios/claude-session.json')]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
  });

  it("claude-plugin.json with --plugin: the plugin's Bash rules block grep", async () => {
    const plugin = join(sandbox.project, 'bash-rules');
    installScripts(plugin, 'scripts', 'claude');
    await sandbox.writeProjectFile(
      'bash-rules/hooks/hooks.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/scripts/bash_command_validator.py' }],
            },
          ],
        },
      }),
    );
    const result = await runHookrail(sandbox, [
      'run',
      '--scenario',
      fixturePath('scenarios/claude-plugin.json'),
      '--plugin',
      'bash-rules',
    ]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
  });

  it('the scenario files validate, read in the dialect their names say; a script the project lacks is a warning at its hook', async () => {
    const before = await runHookrail(sandbox, [
      'hooks',
      'validate',
      fixturePath('scenarios/claude-hooks.json'),
      '--json',
    ]);
    const missing = JSON.parse(before.stdout) as {
      files: Array<{ hookCount: number; problems: Array<{ path: string; message: string; severity: string }> }>;
    };
    expect(missing.files[0].hookCount).toBe(7);
    // The hooks name $CLAUDE_PROJECT_DIR/.claude/hooks/...: in a project without the scripts every hook would only fail.
    expect(missing.files[0].problems).toHaveLength(7);
    expect(missing.files[0].problems[0]).toEqual({
      path: 'settings.hooks.PreToolUse[0].hooks[0].command',
      message: `${JSON.stringify(join(sandbox.project, '.claude/hooks/deny-destructive-bash.mjs'))} does not exist (looked for from the project directory ${sandbox.project}); the hook fails when it runs`,
      severity: 'warning',
    });
    expect(before.exitCode).toBe(1);
    installScripts(sandbox.project, '.claude/hooks', 'claude');
    const result = await runHookrail(sandbox, [
      'hooks',
      'validate',
      fixturePath('scenarios/claude-hooks.json'),
      '--json',
    ]);
    expect(result.exitCode, result.stdout).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      files: [{ dialect: 'claude', hookCount: 7, problems: [] }],
      problemCount: 0,
    });
  });
});
