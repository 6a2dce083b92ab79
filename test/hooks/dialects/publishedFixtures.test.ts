/**
 * The fixtures in test/fixtures/hooks/published/ reproduce the contracts of published Claude Code and
 * Gemini CLI hooks. Each is run here as a real process with the stdin the original agent itself sends
 * (test/fixtures/payloads/, per the agents' documented contracts) and must give the documented
 * decision: exit code, stdout JSON or text, stderr, side effects. The dialect engine's tests feed the
 * same fixtures hookrail's payloads and compare.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scratchDirectory } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import {
  loadPayload,
  payloadsDirectory,
  publishedHook,
  runPublishedHook,
  stdoutJson,
  requirePublishedHookTools,
  type LoadedPayload,
  type PublishedDialect,
  type PublishedHookOutcome,
  recordedClaudeEvents,
} from '../../helpers/publishedHooks.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

beforeAll(requirePublishedHookTools);

afterAll(() => assertNoHookProcessesAlive());

let project: { path: string; remove: () => void };
let transcriptPath: string;

beforeEach(() => {
  project = scratchDirectory('hookrail-published-');
  transcriptPath = join(project.path, '.agent-home', 'projects', '-shop', '8f0c2a9e-4b7d-4c1e-9a52-0d6f3b1e7c44.jsonl');
});

afterEach(() => project.remove());

interface FireOptions {
  dialect: PublishedDialect;
  script: string;
  /** Path under test/fixtures/payloads/<dialect>/. */
  payload: string;
  /** Copies test/fixtures/payloads/claude/transcripts/<name> to the payload's transcript_path first. */
  transcript?: string;
  /** Changes applied to the payload after loading (e.g. another tool name). */
  edit?: (value: Record<string, unknown>) => void;
  env?: Record<string, string>;
  args?: string[];
}

/** Runs a fixture the way its agent does: in the project directory, with the agent's variables, payload on stdin. */
async function fire(options: FireOptions): Promise<{ outcome: PublishedHookOutcome; payload: LoadedPayload }> {
  if (options.transcript) {
    mkdirSync(dirname(transcriptPath), { recursive: true });
    copyFileSync(join(payloadsDirectory, 'claude', 'transcripts', options.transcript), transcriptPath);
  }
  let payload = loadPayload({
    relativePath: `${options.dialect}/${options.payload}`,
    places: { projectDir: project.path, transcriptPath },
  });
  if (options.edit) {
    options.edit(payload.value);
    payload = { value: payload.value, text: JSON.stringify(payload.value) };
  }
  const agentVariables: Record<string, string> =
    options.dialect === 'claude'
      ? { CLAUDE_PROJECT_DIR: project.path }
      : { GEMINI_PROJECT_DIR: project.path, CLAUDE_PROJECT_DIR: project.path };
  const outcome = await runPublishedHook({
    script: publishedHook(options.dialect, options.script),
    stdin: payload.text,
    cwd: project.path,
    env: { ...agentVariables, ...options.env },
    args: options.args,
  });
  expect(outcome.killed).toBe(false);
  return { outcome, payload };
}

function renameTool(name: string): (value: Record<string, unknown>) => void {
  return (value) => {
    value.tool_name = name;
  };
}

function writeProjectFile(relativePath: string, content: string): string {
  const path = join(project.path, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content, 'utf8');
  return path;
}

describe('Claude Code: bash_command_validator.py (anthropics/claude-code examples/hooks)', () => {
  it('blocks a grep command on Bash with exit 2 and the rule on stderr', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'bash_command_validator.py',
      payload: 'bash_command_validator.block.json',
    });
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toContain("Use 'rg' (ripgrep) instead of 'grep'");
  });

  it('stays silent with exit 0 for an allowed Bash command', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'bash_command_validator.py',
      payload: 'bash_command_validator.allow.json',
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('ignores the same command under Gemini’s tool name run_shell_command (it checks tool_name == "Bash")', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'bash_command_validator.py',
      payload: 'bash_command_validator.block.json',
      edit: renameTool('run_shell_command'),
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });
});

describe('Claude Code: deny-destructive-bash.mjs (hooks reference block-rm, in Node)', () => {
  it('denies rm -rf with hookSpecificOutput.permissionDecision "deny" and a reason, exit 0', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'deny-destructive-bash.mjs',
      payload: 'deny-destructive-bash.deny.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason:
          'Blocked by deny-destructive-bash: recursive forced delete (rm -rf). Command: rm -rf build dist',
      },
    });
  });

  it('gives no decision for a harmless command', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'deny-destructive-bash.mjs',
      payload: 'deny-destructive-bash.allow.json',
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('gives no decision when the tool is not named Bash', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'deny-destructive-bash.mjs',
      payload: 'deny-destructive-bash.deny.json',
      edit: renameTool('run_shell_command'),
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '' });
  });
});

describe('Claude Code: protect-env-files.sh (hooks guide protect-files.sh, bash+jq)', () => {
  it('blocks a Write to .env with exit 2 and "Blocked:" on stderr', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'protect-env-files.sh',
      payload: 'protect-env-files.block.json',
    });
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toContain(`Blocked: ${join(project.path, '.env')} is an environment file`);
  });

  it('blocks an Edit of .env.local the same way', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'protect-env-files.sh',
      payload: 'protect-env-files.edit-block.json',
    });
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain('(Edit refused)');
  });

  it('lets an Edit of a source file through silently', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'protect-env-files.sh',
      payload: 'protect-env-files.allow.json',
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('does not recognise write_file: only Write, Edit and MultiEdit are checked', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'protect-env-files.sh',
      payload: 'protect-env-files.block.json',
      edit: renameTool('write_file'),
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '' });
  });
});

describe('Claude Code: legacy-decision-guard.sh (top-level decision approve/block, no name checks)', () => {
  it('answers {"decision":"block","reason":...} for a command that skips safety checks', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'legacy-decision-guard.sh',
      payload: 'legacy-decision-guard.block.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      decision: 'block',
      reason: 'This command bypasses a safety check and is not allowed: git commit --no-verify -m "wip"',
    });
  });

  it('answers {"decision":"approve"} for a read-only git command', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'legacy-decision-guard.sh',
      payload: 'legacy-decision-guard.approve.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({ decision: 'approve', reason: 'read-only git command' });
  });

  it('gives no decision for any other command', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'legacy-decision-guard.sh',
      payload: 'legacy-decision-guard.none.json',
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('blocks whatever the tool is called, since it reads only tool_input.command', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'legacy-decision-guard.sh',
      payload: 'legacy-decision-guard.block.json',
      edit: renameTool('run_shell_command'),
    });
    expect(stdoutJson(outcome)).toMatchObject({ decision: 'block' });
  });
});

describe('Claude Code: format-after-edit.mjs (hooks guide PostToolUse formatter)', () => {
  it('rewrites the file named by tool_response.filePath after an Edit', async () => {
    const file = writeProjectFile('src/cart.ts', 'export const total = 0;   \nexport const discount = 0;\t\n');
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'format-after-edit.mjs',
      payload: 'format-after-edit.edit.json',
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    expect(readFileSync(file, 'utf8')).toBe('export const total = 0;\nexport const discount = 0;\n');
  });

  it('rewrites a file created by Write, leaving one final newline', async () => {
    const file = writeProjectFile('docs/notes.md', '# Notes  \n\nFirst line \n\n\n');
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'format-after-edit.mjs',
      payload: 'format-after-edit.write.json',
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '' });
    expect(readFileSync(file, 'utf8')).toBe('# Notes\n\nFirst line\n');
  });

  it('falls back to tool_input.file_path when tool_response has no filePath', async () => {
    const file = writeProjectFile('src/cart.ts', 'export const total = 0;   \n');
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'format-after-edit.mjs',
      payload: 'format-after-edit.edit.json',
      edit: (value) => {
        delete value.tool_response;
      },
    });
    expect(outcome.exitCode).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('export const total = 0;\n');
  });

  it('leaves the file alone after a Read, and after a tool named replace', async () => {
    const original = 'export const total = 0;   \nexport const discount = 0;\t\n';
    const file = writeProjectFile('src/cart.ts', original);
    const read = await fire({
      dialect: 'claude',
      script: 'format-after-edit.mjs',
      payload: 'format-after-edit.read.json',
    });
    const renamed = await fire({
      dialect: 'claude',
      script: 'format-after-edit.mjs',
      payload: 'format-after-edit.edit.json',
      edit: renameTool('replace'),
    });
    expect(read.outcome).toMatchObject({ exitCode: 0, stdout: '' });
    expect(renamed.outcome).toMatchObject({ exitCode: 0, stdout: '' });
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('reports a missing file on stderr with exit 1 (a non-blocking error)', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'format-after-edit.mjs',
      payload: 'format-after-edit.edit.json',
    });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toContain('cannot read');
  });
});

describe('Claude Code: log-hook-input.py (disler/claude-code-hooks-mastery loggers)', () => {
  const events = recordedClaudeEvents;

  it('appends every event’s whole stdin as one JSON line to $HOOK_LOG_FILE and prints nothing', async () => {
    const logFile = join(project.path, 'logs', 'hooks.jsonl');
    const sent: unknown[] = [];
    for (const event of events) {
      const { outcome, payload } = await fire({
        dialect: 'claude',
        script: 'log-hook-input.py',
        payload: `events/${event}.json`,
        env: { HOOK_LOG_FILE: logFile },
      });
      expect(outcome).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
      expect(payload.value.hook_event_name).toBe(event);
      sent.push(payload.value);
    }
    const logged = readJsonLines<unknown>(logFile);
    expect(logged).toEqual(sent);
  });

  it('takes the log file from its first argument', async () => {
    const logFile = join(project.path, 'audit.jsonl');
    const { outcome, payload } = await fire({
      dialect: 'claude',
      script: 'log-hook-input.py',
      payload: 'events/PostToolUse.json',
      args: [logFile],
    });
    expect(outcome.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(logFile, 'utf8'))).toEqual(payload.value);
  });
});

describe('Claude Code: prompt-context.py (hooks reference UserPromptSubmit example)', () => {
  const context = 'Project conventions: run `npm test` before committing; TypeScript strict mode is on.';

  it('blocks a prompt carrying a secret with {"decision":"block","reason":...}, exit 0', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'prompt-context.py',
      payload: 'prompt-context.block.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      decision: 'block',
      reason: 'Security policy: the prompt contains what looks like a secret. Rephrase it without the value.',
    });
  });

  it('adds context as plain stdout', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'prompt-context.py',
      payload: 'prompt-context.context.json',
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: `${context}\n`, stderr: '' });
  });

  it('adds context as hookSpecificOutput.additionalContext with --json', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'prompt-context.py',
      payload: 'prompt-context.context.json',
      args: ['--json'],
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: context },
    });
  });
});

describe('Claude Code: stop-until-marker.sh (ralph-wiggum stop hook + stop_hook_active)', () => {
  const reason =
    'The task is not finished: keep working, then end your final message with <promise>DONE</promise> once every step is done and verified.';

  it('blocks the stop with {"decision":"block","reason":...} while the last assistant message lacks the marker', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'stop-until-marker.sh',
      payload: 'stop-until-marker.block.json',
      transcript: 'no-marker.jsonl',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({ decision: 'block', reason });
  });

  it('lets Claude stop once the last assistant message carries the marker (the user line mentioning it does not count)', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'stop-until-marker.sh',
      payload: 'stop-until-marker.allow.json',
      transcript: 'with-marker.jsonl',
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('lets Claude stop when stop_hook_active is true, marker or not', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'stop-until-marker.sh',
      payload: 'stop-until-marker.active.json',
      transcript: 'no-marker.jsonl',
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('falls back to last_assistant_message when the transcript cannot be read', async () => {
    const blocked = await fire({
      dialect: 'claude',
      script: 'stop-until-marker.sh',
      payload: 'stop-until-marker.block.json',
    });
    const allowed = await fire({
      dialect: 'claude',
      script: 'stop-until-marker.sh',
      payload: 'stop-until-marker.allow.json',
    });
    expect(existsSync(transcriptPath)).toBe(false);
    expect(stdoutJson(blocked.outcome)).toEqual({ decision: 'block', reason });
    expect(allowed.outcome).toMatchObject({ exitCode: 0, stdout: '' });
  });
});

describe('Claude Code: dry-run-publish.mjs (PreToolUse updatedInput)', () => {
  it('allows a publish rewritten with --dry-run, echoing every other tool_input field in updatedInput', async () => {
    const { outcome, payload } = await fire({
      dialect: 'claude',
      script: 'dry-run-publish.mjs',
      payload: 'dry-run-publish.rewrite.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: 'Publishing is rehearsed with --dry-run in this project',
        updatedInput: {
          ...(payload.value.tool_input as Record<string, unknown>),
          command: 'npm publish --access public --dry-run',
        },
      },
    });
  });

  it('gives no decision for other commands or another tool name', async () => {
    const other = await fire({
      dialect: 'claude',
      script: 'dry-run-publish.mjs',
      payload: 'dry-run-publish.allow.json',
    });
    const renamed = await fire({
      dialect: 'claude',
      script: 'dry-run-publish.mjs',
      payload: 'dry-run-publish.rewrite.json',
      edit: renameTool('run_shell_command'),
    });
    expect(other.outcome).toMatchObject({ exitCode: 0, stdout: '' });
    expect(renamed.outcome).toMatchObject({ exitCode: 0, stdout: '' });
  });
});

describe('Claude Code: session-start-env.sh (plugin-dev load-context.sh + CLAUDE_ENV_FILE)', () => {
  it('prints context and appends export lines to $CLAUDE_ENV_FILE that a later shell picks up', async () => {
    writeProjectFile('package.json', '{"name":"shop"}\n');
    const environmentFile = join(project.path, '.agent-home', 'session-env.sh');
    mkdirSync(dirname(environmentFile), { recursive: true });
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'session-start-env.sh',
      payload: 'session-start-env.startup.json',
      env: { CLAUDE_ENV_FILE: environmentFile },
    });
    expect(outcome).toMatchObject({
      exitCode: 0,
      stdout: 'Session context: project type is nodejs. FOO and PROJECT_TYPE are set for shell commands.\n',
      stderr: '',
    });
    expect(readFileSync(environmentFile, 'utf8')).toBe('export FOO=bar\nexport PROJECT_TYPE=nodejs\n');
    const later = await runLaterShell(environmentFile);
    expect(later).toBe('bar nodejs');
  });

  it('prints the post-compaction reminder for source "compact" and writes nothing without CLAUDE_ENV_FILE', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'session-start-env.sh',
      payload: 'session-start-env.compact.json',
    });
    expect(outcome).toMatchObject({
      exitCode: 0,
      stdout: 'Reminder after compaction: project type is unknown; run the tests before committing.\n',
    });
  });
});

/** What a later Bash tool call sees after Claude Code sources the env file. */
async function runLaterShell(environmentFile: string): Promise<string> {
  const script = writeProjectFile(
    '.agent-home/later.sh',
    `#!/bin/sh\n. '${environmentFile}'\nprintf '%s %s' "$FOO" "$PROJECT_TYPE"\n`,
  );
  chmodSync(script, 0o755);
  const outcome = await runPublishedHook({ script, stdin: '', cwd: project.path });
  return outcome.stdout;
}

describe('Claude Code: ask-before-push.sh (iteks/claude-init guard-git-push.sh)', () => {
  it('answers permissionDecision "ask" with a reason for git push', async () => {
    const { outcome } = await fire({
      dialect: 'claude',
      script: 'ask-before-push.sh',
      payload: 'ask-before-push.ask.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'ask',
        permissionDecisionReason:
          'Pushing changes to a remote needs your confirmation: git push origin feature/cart-discount',
      },
    });
  });

  it('gives no decision for other commands or another tool name', async () => {
    const other = await fire({
      dialect: 'claude',
      script: 'ask-before-push.sh',
      payload: 'ask-before-push.allow.json',
    });
    const renamed = await fire({
      dialect: 'claude',
      script: 'ask-before-push.sh',
      payload: 'ask-before-push.ask.json',
      edit: renameTool('run_shell_command'),
    });
    expect(other.outcome).toMatchObject({ exitCode: 0, stdout: '' });
    expect(renamed.outcome).toMatchObject({ exitCode: 0, stdout: '' });
  });
});

describe('Gemini CLI: block-dangerous-shell.sh (hooks guide, structured deny)', () => {
  it('denies rm -rf on run_shell_command with {"decision":"deny","reason":...}, exit 0', async () => {
    const { outcome } = await fire({
      dialect: 'gemini',
      script: 'block-dangerous-shell.sh',
      payload: 'block-dangerous-shell.deny.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      decision: 'deny',
      reason: 'Security policy: destructive shell command blocked: rm -rf node_modules dist',
      systemMessage: 'Blocked a destructive shell command',
    });
  });

  it('allows a harmless command, another tool, and the same command under Claude’s name Bash', async () => {
    const harmless = await fire({
      dialect: 'gemini',
      script: 'block-dangerous-shell.sh',
      payload: 'block-dangerous-shell.allow.json',
    });
    const otherTool = await fire({
      dialect: 'gemini',
      script: 'block-dangerous-shell.sh',
      payload: 'block-dangerous-shell.other-tool.json',
    });
    const claudeName = await fire({
      dialect: 'gemini',
      script: 'block-dangerous-shell.sh',
      payload: 'block-dangerous-shell.deny.json',
      edit: renameTool('Bash'),
    });
    for (const { outcome } of [harmless, otherTool, claudeName]) {
      expect(outcome.exitCode).toBe(0);
      expect(stdoutJson(outcome)).toEqual({ decision: 'allow' });
    }
  });
});

describe('Gemini CLI: secret-scanner.cjs (hooks guide secret scanner, exit 2)', () => {
  it('blocks a write_file carrying a key with exit 2 and the reason on stderr', async () => {
    const { outcome } = await fire({
      dialect: 'gemini',
      script: 'secret-scanner.cjs',
      payload: 'secret-scanner.block.json',
    });
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toContain(`Potential secret detected in ${join(project.path, 'src', 'config.ts')}`);
  });

  it('allows a clean replace, and ignores a tool named Write', async () => {
    const clean = await fire({ dialect: 'gemini', script: 'secret-scanner.cjs', payload: 'secret-scanner.allow.json' });
    const claudeName = await fire({
      dialect: 'gemini',
      script: 'secret-scanner.cjs',
      payload: 'secret-scanner.block.json',
      edit: renameTool('Write'),
    });
    for (const { outcome } of [clean, claudeName]) {
      expect(outcome.exitCode).toBe(0);
      expect(stdoutJson(outcome)).toEqual({ decision: 'allow' });
    }
  });
});

describe('Gemini CLI: inject-context.sh (hooks guide BeforeAgent context)', () => {
  it('adds hookSpecificOutput.additionalContext for a prompt', async () => {
    const { outcome } = await fire({
      dialect: 'gemini',
      script: 'inject-context.sh',
      payload: 'inject-context.context.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'BeforeAgent',
        additionalContext: '\n## Relevant Memories\n- [Memory] Always use TypeScript for this project.',
      },
    });
  });

  it('denies a production deploy prompt with {"decision":"deny","reason":...}', async () => {
    const { outcome } = await fire({
      dialect: 'gemini',
      script: 'inject-context.sh',
      payload: 'inject-context.deny.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      decision: 'deny',
      reason: 'Production deploys run from CI only; open a release PR instead.',
    });
  });
});

describe('Gemini CLI: after-tool-review.cjs (hooks guide AfterTool auto-test + redaction)', () => {
  it('hides a tool result carrying a credential with {"decision":"deny","reason":...}', async () => {
    const { outcome } = await fire({
      dialect: 'gemini',
      script: 'after-tool-review.cjs',
      payload: 'after-tool-review.deny.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      decision: 'deny',
      reason: '[run_shell_command output withheld by after-tool-review: it contained a credential]',
    });
  });

  it('appends additionalContext naming the tests after write_file of a .ts file', async () => {
    const { outcome } = await fire({
      dialect: 'gemini',
      script: 'after-tool-review.cjs',
      payload: 'after-tool-review.context.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'AfterTool',
        additionalContext: `cart.ts changed; run its tests: npx vitest run ${join(project.path, 'src', 'cart.test.ts')}`,
      },
    });
  });

  it('answers {} for a plain read_file result', async () => {
    const { outcome } = await fire({
      dialect: 'gemini',
      script: 'after-tool-review.cjs',
      payload: 'after-tool-review.none.json',
    });
    expect(outcome.exitCode).toBe(0);
    expect(stdoutJson(outcome)).toEqual({});
  });
});

describe('Gemini CLI: log-tools.sh (hooks guide quick-start logger)', () => {
  const events = [
    'SessionStart',
    'BeforeAgent',
    'BeforeTool',
    'AfterTool',
    'AfterAgent',
    'PreCompress',
    'Notification',
    'SessionEnd',
  ];

  it('logs each event to $GEMINI_PROJECT_DIR/.gemini/tool-log.txt and prints {}', async () => {
    const expected: string[] = [];
    for (const event of events) {
      const { outcome, payload } = await fire({
        dialect: 'gemini',
        script: 'log-tools.sh',
        payload: `events/${event}.json`,
      });
      expect(outcome.exitCode).toBe(0);
      expect(stdoutJson(outcome)).toEqual({});
      expect(payload.value.hook_event_name).toBe(event);
      expected.push(
        `[${String(payload.value.timestamp)}] ${event} ${typeof payload.value.tool_name === 'string' ? payload.value.tool_name : '-'}`,
      );
    }
    expect(readFileSync(join(project.path, '.gemini', 'tool-log.txt'), 'utf8')).toBe(`${expected.join('\n')}\n`);
  });
});
