import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claudeEventNames,
  claudeToolNames,
  mapClaudeMatcher,
  readClaudeSettingsHooks,
  validateClaudeHooksSettings,
} from '../../../src/hooks/dialects/claude.js';
import { loadSettings, readSettingsScopeFile, toConfigParameters } from '../../../src/adapters/settings/settings.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { DebugLogger } from '../../../src/debugLogger.js';
import { matchesToolName } from '../../../src/hooks/engine/hookPlanner.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { type ToolResult } from '../../../src/hooks/protocol/results.js';
import { SettingsEnvironment, settingsHookFixture } from '../../helpers/settingsEnvironment.js';

let environment: SettingsEnvironment;

beforeEach(() => {
  environment = new SettingsEnvironment();
});

afterEach(() => {
  environment.cleanup();
});

function claudeGroup(command: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...extra, hooks: [{ type: 'command', command }] };
}

describe('Claude Code events, timeouts and matchers', () => {
  it('maps every supported Claude Code event to its hookrail event', () => {
    const claudeHooks = Object.fromEntries(Object.keys(claudeEventNames).map((name) => [name, [claudeGroup(`echo ${name}`)]]));

    const { definitions, problems } = validateClaudeHooksSettings(claudeHooks);

    expect(problems).toEqual([]);
    expect(definitions.map((definition) => [definition.config.command, definition.eventName])).toEqual([
      ['echo PreToolUse', HookEventName.BeforeTool],
      ['echo PostToolUse', HookEventName.AfterTool],
      ['echo UserPromptSubmit', HookEventName.BeforeAgent],
      ['echo Stop', HookEventName.AfterAgent],
      ['echo PreCompact', HookEventName.PreCompress],
      ['echo SessionStart', HookEventName.SessionStart],
      ['echo SessionEnd', HookEventName.SessionEnd],
      ['echo Notification', HookEventName.Notification],
    ]);
    expect(definitions[0].path).toBe('hooks.PreToolUse[0].hooks[0]');
  });

  it('skips Claude Code events without a hookrail equivalent, with a warning naming the path', () => {
    const { definitions, problems } = validateClaudeHooksSettings({ SubagentStop: [claudeGroup('echo sub')], PreToolUse: [claudeGroup('echo pre')] });

    expect(definitions.map((definition) => definition.config.command)).toEqual(['echo pre']);
    expect(problems).toEqual([
      {
        path: 'hooks.SubagentStop',
        message: `Claude Code event "SubagentStop" has no hookrail equivalent; its hooks are skipped (supported: ${Object.keys(claudeEventNames).join(', ')})`,
        severity: 'warning',
      },
    ]);
  });

  it('converts timeouts from seconds to milliseconds', () => {
    const { definitions } = validateClaudeHooksSettings({ PreToolUse: [{ hooks: [{ type: 'command', command: 'echo a', timeout: 5 }, { type: 'command', command: 'echo b', timeout: 0.5 }] }] });

    expect(definitions.map((definition) => definition.config.timeout)).toEqual([5000, 500]);
  });

  it.each([
    ['Bash', 'Bash|run_shell_command'],
    ['Edit|Write|MultiEdit', 'Edit|replace|Write|write_file|MultiEdit'],
    ['Read|Glob|LS', 'Read|read_file|Glob|glob|LS|list_directory'],
    ['WebFetch', 'WebFetch'],
    ['mcp__.*', 'mcp__.*'],
    ['^(Edit|Read)$', '^((?:Edit|replace)|(?:Read|read_file))$'],
    ['Bash.*', '(?:Bash|run_shell_command).*'],
    ['\\bRead', '\\bRead'],
    ['*', '*'],
    ['', ''],
  ])('maps the Claude tool names in matcher %j, keeping the originals', (claudeMatcher, mapped) => {
    expect(mapClaudeMatcher(claudeMatcher)).toBe(mapped);
  });

  it('a mapped matcher selects both the Claude name and the hookrail built-in tool', () => {
    for (const [claudeName, hookrailName] of Object.entries(claudeToolNames)) {
      const matcher = mapClaudeMatcher(claudeName);
      expect(matchesToolName(matcher, claudeName)).toBe(true);
      expect(matchesToolName(matcher, hookrailName)).toBe(true);
    }
    expect(matchesToolName(mapClaudeMatcher('Edit|Write'), 'run_shell_command')).toBe(false);
  });

  it('maps matchers of tool events only', () => {
    const { definitions } = validateClaudeHooksSettings({
      PostToolUse: [claudeGroup('echo post', { matcher: 'Write' })],
      SessionStart: [claudeGroup('echo start', { matcher: 'Read' })],
    });

    expect(definitions.map((definition) => definition.matcher)).toEqual(['Write|write_file', 'Read']);
  });

  it('skips "prompt" hooks with a warning and keeps the siblings at their own paths', () => {
    const { definitions, problems } = validateClaudeHooksSettings({
      Stop: [{ hooks: [{ type: 'prompt', prompt: 'Is the task done?' }, { type: 'command', command: 'echo after' }] }],
    });

    expect(definitions.map((definition) => [definition.config.command, definition.path])).toEqual([['echo after', 'hooks.Stop[0].hooks[1]']]);
    expect(problems).toEqual([
      {
        path: 'hooks.Stop[0].hooks[0]',
        message: 'Claude Code "prompt" hooks are evaluated by Claude\'s own model and cannot run in hookrail; hook skipped',
        severity: 'warning',
      },
    ]);
  });

  it('reports invalid entries with paths in the Claude file\'s own terms', () => {
    const { definitions, problems } = validateClaudeHooksSettings({
      PreToolUse: [claudeGroup('echo ok', { matcher: 'Bash' }), { matcher: 'Write', hooks: [{ type: 'command' }] }],
      PostToolUse: { not: 'an array' },
    });

    expect(definitions.map((definition) => definition.config.command)).toEqual(['echo ok']);
    expect(problems).toEqual([
      { path: 'hooks.PreToolUse[1].hooks[0]', message: '"command" is missing; hook skipped', severity: 'error' },
      { path: 'hooks.PostToolUse', message: 'expected an array of hook definitions, got an object; skipped', severity: 'error' },
    ]);
  });

  it('a hooks value that is not an object is one error problem', () => {
    expect(validateClaudeHooksSettings(['x']).problems).toEqual([
      { path: 'hooks', message: 'expected an object mapping event names to hook definitions, got an array; no hooks registered', severity: 'error' },
    ]);
  });

  it('"disableAllHooks": true leaves all of the file\'s hooks out', () => {
    const hooks = { PreToolUse: [claudeGroup('echo a')] };

    expect(readClaudeSettingsHooks({ disableAllHooks: true, hooks }).definitions).toEqual([]);
    expect(readClaudeSettingsHooks({ disableAllHooks: false, hooks }).definitions).toHaveLength(1);
    expect(readClaudeSettingsHooks({ disableAllHooks: 'yes', hooks }).problems).toEqual([
      { path: 'disableAllHooks', message: 'expected true or false, got string; ignored', severity: 'warning' },
    ]);
  });
});

describe('Claude Code settings files in loadSettings', () => {
  it('loads ~/.claude/settings.json with mapped events, matchers and timeouts, warnings naming the file', async () => {
    environment.write(environment.claudeUserFile, {
      permissions: { allow: ['Bash(ls:*)'] },
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo guard', timeout: 10 }] }],
        SubagentStop: [claudeGroup('echo sub')],
      },
    });

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.hooks).toEqual({
      BeforeTool: [{ matcher: 'Bash|run_shell_command', hooks: [{ type: 'command', command: 'echo guard', timeout: 10_000 }] }],
    });
    expect(settings.warnings).toEqual([expect.stringMatching(/^~\/\.claude\/settings\.json: hooks\.SubagentStop: Claude Code event "SubagentStop" has no hookrail equivalent/)]);
  });

  it('reads a --settings file inside a .claude directory in Claude Code format', async () => {
    const file = environment.write(environment.path('other', '.claude', 'settings.json'), { hooks: { PostToolUse: [claudeGroup('echo post')] } });

    const loaded = await readSettingsScopeFile({ scope: 'extra', path: file, workingDir: environment.project, homeDir: environment.home });

    expect(loaded.problems).toEqual([]);
    expect(loaded.hooks).toEqual({ AfterTool: [{ hooks: [{ type: 'command', command: 'echo post' }] }] });
    expect(loaded.displayName).toBe(join(environment.root, 'other', '.claude', 'settings.json'));
  });
});

describe('Claude Code answers, driven through executeToolWithHooks by real hook scripts', () => {
  async function runShellToolWithClaudeHooks(claudeHooks: Record<string, unknown>): Promise<{ result: ToolResult; calls: Array<Record<string, unknown>> }> {
    environment.write(environment.claudeUserFile, { hooks: claudeHooks });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.warnings).toEqual([]);
    const config = new Config({ ...toConfigParameters(settings), workingDir: environment.project, logger: new DebugLogger('test', { sink: () => undefined }) });
    const calls: Array<Record<string, unknown>> = [];
    const result = await executeToolWithHooks(config, 'run_shell_command', { command: 'rm -rf build' }, async (input) => {
      calls.push(input);
      return { llmContent: `ran: ${String(input['command'])}`, returnDisplay: 'ran' };
    });
    return { result, calls };
  }

  it('permissionDecision "deny" blocks the call with permissionDecisionReason', async () => {
    const { result, calls } = await runShellToolWithClaudeHooks({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh "${settingsHookFixture('claude-deny.sh')}"`, timeout: 10 }] }],
    });

    expect(calls).toEqual([]);
    expect(result.llmContent).toBe('Claude-style hook: rm is not allowed here');
    expect(result.error?.message).toBe('Claude-style hook: rm is not allowed here');
  });

  it('permissionDecision "allow" lets the call run unchanged', async () => {
    const { result, calls } = await runShellToolWithClaudeHooks({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh "${settingsHookFixture('claude-allow.sh')}"` }] }],
    });

    expect(calls).toEqual([{ command: 'rm -rf build' }]);
    expect(result.llmContent).toBe('ran: rm -rf build');
    expect(result.error).toBeUndefined();
  });

  it('updatedInput rewrites the arguments the tool runs with', async () => {
    const { result, calls } = await runShellToolWithClaudeHooks({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `node "${settingsHookFixture('claude-updated-input.mjs')}"` }] }],
    });

    expect(calls).toEqual([{ command: 'rm -rf build --dry-run' }]);
    expect(result.llmContent).toBe('ran: rm -rf build --dry-run');
  });

  it('additionalContext from PostToolUse is appended to what the model sees', async () => {
    const { result, calls } = await runShellToolWithClaudeHooks({
      PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `node "${settingsHookFixture('claude-additional-context.mjs')}"` }] }],
    });

    expect(calls).toHaveLength(1);
    expect(result.llmContent).toBe('ran: rm -rf build\n\nClaude-style note after run_shell_command: output reviewed');
  });
});
