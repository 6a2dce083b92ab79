import type { FunctionHookDefinition } from '../../../src/hooks/protocol/functionHooks.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadSettings,
  mergeHooksSettings,
  readSettingsScopeFile,
  setHookDisabled,
  toConfigParameters,
  trustProjectHooks,
} from '../../../src/adapters/settings/settings.js';
import { HookrailFileError } from '../../../src/errors.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { DebugLogger, type LogRecord } from '../../../src/debugLogger.js';
import { HookPlanner } from '../../../src/hooks/engine/hookPlanner.js';
import { HookRegistry } from '../../../src/hooks/engine/hookRegistry.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { ConfigSource, type HookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { useSettingsEnvironment, oneHook } from '../../helpers/settingsEnvironment.js';

const environment = useSettingsEnvironment();

function commandsOf(hooks: HookConfig[] | undefined): Array<string | undefined> {
  return (hooks ?? []).map((hook) => hook.command);
}

function quietConfig(parameters: ReturnType<typeof toConfigParameters>, records: LogRecord[] = []): Config {
  return new Config({
    ...parameters,
    workingDir: environment.project,
    logger: new DebugLogger('test', { sink: (record) => records.push(record) }),
  });
}

/** Writes one BeforeTool hook `echo <scope>` into every scope's file, the project trusted. */
async function writeEveryScope(): Promise<string> {
  const extraFile = environment.write(environment.path('extra.json'), { hooks: oneHook('BeforeTool', 'echo extra') });
  environment.write(environment.systemFile, { hooks: oneHook('BeforeTool', 'echo system') });
  environment.write(environment.userFile, { hooks: oneHook('BeforeTool', 'echo user') });
  environment.write(environment.claudeUserFile, { hooks: oneHook('PreToolUse', 'echo claude-user') });
  environment.write(environment.projectFile, { hooks: oneHook('BeforeTool', 'echo project') });
  environment.write(environment.claudeProjectFile, { hooks: oneHook('PreToolUse', 'echo claude-project') });
  environment.write(environment.claudeLocalFile, { hooks: oneHook('PreToolUse', 'echo claude-local') });
  environment.write(environment.geminiProjectFile, { hooks: oneHook('BeforeTool', 'echo gemini-project') });
  environment.write(environment.geminiUserFile, { hooks: oneHook('BeforeTool', 'echo gemini-user') });
  await trustProjectHooks({
    workingDir: environment.project,
    homeDir: environment.home,
    trustStore: environment.trustStore,
  });
  return extraFile;
}

describe('loadSettings: scopes and merge', () => {
  it('HOOK-080, HOOK-084: reads the hooks key of settings.json at system, user and project scope and merges them', async () => {
    environment.write(environment.systemFile, { hooks: oneHook('AfterTool', 'echo system') });
    environment.write(environment.userFile, { hooks: oneHook('BeforeModel', 'echo user') });
    environment.write(environment.projectFile, { hooks: oneHook('BeforeTool', 'echo project') });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.warnings).toEqual([]);
    expect(commandsOf(settings.hooks.AfterTool?.[0].hooks)).toEqual(['echo system']);
    expect(commandsOf(settings.hooks.BeforeModel?.[0].hooks)).toEqual(['echo user']);
    expect(commandsOf(settings.hooks.BeforeTool?.[0].hooks)).toEqual(['echo project']);
    const existing = settings.files.filter((file) => file.exists).map((file) => [file.scope, file.path]);
    expect(existing).toEqual([
      ['project', environment.projectFile],
      ['user', environment.userFile],
      ['system', environment.systemFile],
    ]);
    expect(toConfigParameters(settings)).toEqual({
      enableHooks: true,
      hooks: settings.hooks,
      disabledHooks: [],
      hookEnvironment: { withhold: [] },
    });
  });

  it('HOOK-002: function hooks switch hooks on without settings hooks, but not past a file\'s "enableHooks": false', async () => {
    const functionHooks: FunctionHookDefinition[] = [
      { event: 'BeforeTool', name: 'guard', run: () => ({ decision: 'allow' }) },
    ];
    const none = await loadSettings(environment.loadOptions());
    expect(toConfigParameters(none).enableHooks).toBe(false);
    expect(toConfigParameters(none, { functionHooks })).toMatchObject({ enableHooks: true, functionHooks });
    expect(toConfigParameters(none, { functionHooks: [] })).not.toHaveProperty('functionHooks');

    environment.write(environment.userFile, { enableHooks: false });
    const switchedOff = await loadSettings(environment.loadOptions());
    expect(toConfigParameters(switchedOff, { functionHooks }).enableHooks).toBe(false);
  });

  it('HOOK-086: concatenates hook groups per event in priority order extra → project → claude-local → claude-project → gemini-project → user → claude-user → gemini-user → system', async () => {
    const extraFile = await writeEveryScope();

    const settings = await loadSettings({ ...environment.loadOptions(), extraFiles: [extraFile] });

    expect(settings.warnings).toEqual([]);
    const order = (settings.hooks.BeforeTool ?? []).flatMap((group) => commandsOf(group.hooks));
    expect(order).toEqual([
      'echo extra',
      'echo project',
      'echo claude-local',
      'echo claude-project',
      'echo gemini-project',
      'echo user',
      'echo claude-user',
      'echo gemini-user',
      'echo system',
    ]);
    expect(settings.files.map((file) => file.scope)).toEqual([
      'extra',
      'project',
      'claude-local',
      'claude-project',
      'gemini-project',
      'user',
      'claude-user',
      'gemini-user',
      'system',
      'claude-managed',
      'gemini-system',
      'gemini-system-defaults',
    ]);
    expect(settings.files.map((file) => file.dialect)).toEqual([
      'native',
      'native',
      'claude',
      'claude',
      'gemini',
      'native',
      'claude',
      'gemini',
      'native',
      'claude',
      'gemini',
      'gemini',
    ]);
  });

  it('HOOK-086: the registry tags every merged hook Project and returns them in the merged priority order', async () => {
    const extraFile = await writeEveryScope();
    const settings = await loadSettings({ ...environment.loadOptions(), extraFiles: [extraFile] });
    const registry = new HookRegistry(quietConfig(toConfigParameters(settings)));
    await registry.initialize();

    const entries = registry.getHooksForEvent(HookEventName.BeforeTool);

    expect(entries.map((entry) => entry.source)).toEqual(Array(9).fill(ConfigSource.Project));
    expect(entries.map((entry) => entry.dialect)).toEqual([
      'native',
      'native',
      'claude',
      'claude',
      'gemini',
      'native',
      'claude',
      'gemini',
      'native',
    ]);
    expect(entries.map((entry) => entry.config.command)).toEqual([
      'echo extra',
      'echo project',
      'echo claude-local',
      'echo claude-project',
      'echo gemini-project',
      'echo user',
      'echo claude-user',
      'echo gemini-user',
      'echo system',
    ]);
  });

  it('HOOK-086: a command configured in project, user and system scope runs once, with the project settings', async () => {
    environment.write(environment.systemFile, { hooks: oneHook('BeforeTool', 'echo shared', { timeout: 3000 }) });
    environment.write(environment.userFile, { hooks: oneHook('BeforeTool', 'echo shared', { timeout: 2000 }) });
    environment.write(environment.projectFile, { hooks: oneHook('BeforeTool', 'echo shared', { timeout: 1000 }) });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    const settings = await loadSettings(environment.loadOptions());
    const registry = new HookRegistry(quietConfig(toConfigParameters(settings)));
    await registry.initialize();

    const plan = new HookPlanner(registry).createExecutionPlan(HookEventName.BeforeTool, { toolName: 'write_file' });

    expect(plan?.hookConfigs).toEqual([{ type: 'command', command: 'echo shared', timeout: 1000 }]);
  });

  it('HOOK-084, HOOK-086: sequential hooks from every scope run for real, in priority order', async () => {
    const log = environment.path('order.log');
    const sequentialHook = (name: string, eventName = 'BeforeTool') =>
      oneHook(eventName, environment.appendNameCommand(log, name), { sequential: true });
    const extraFile = environment.write(environment.path('extra.json'), { hooks: sequentialHook('extra') });
    environment.write(environment.systemFile, { hooks: sequentialHook('system') });
    environment.write(environment.userFile, { hooks: sequentialHook('user') });
    environment.write(environment.projectFile, { hooks: sequentialHook('project') });
    environment.write(environment.claudeProjectFile, { hooks: sequentialHook('claude-project', 'PreToolUse') });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    const settings = await loadSettings({ ...environment.loadOptions(), extraFiles: [extraFile] });
    const config = quietConfig(toConfigParameters(settings));

    const result = await executeToolWithHooks(config, 'write_file', { path: 'a.txt' }, async () => ({
      llmContent: 'written',
      returnDisplay: 'written',
    }));

    expect(result.llmContent).toBe('written');
    expect(environment.readLines(log)).toEqual(['extra', 'project', 'claude-project', 'user', 'system']);
  });

  it('HOOK-082: keeps each group with its matcher, sequential flag and hooks', async () => {
    environment.write(environment.userFile, {
      hooks: {
        BeforeTool: [
          {
            matcher: 'write_file|replace',
            sequential: true,
            hooks: [
              { type: 'command', command: 'echo one', timeout: 500 },
              { type: 'command', command: 'echo two', name: 'second' },
            ],
          },
          { hooks: [{ type: 'command', command: 'echo three' }] },
        ],
      },
    });

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.hooks.BeforeTool).toEqual([
      {
        matcher: 'write_file|replace',
        sequential: true,
        hooks: [
          { type: 'command', command: 'echo one', timeout: 500 },
          { type: 'command', command: 'echo two', name: 'second' },
        ],
      },
      { hooks: [{ type: 'command', command: 'echo three' }] },
    ]);
  });

  it('HOOK-086: mergeHooksSettings puts the first argument first for every event', () => {
    const merged = mergeHooksSettings([
      { AfterTool: [{ hooks: [{ type: 'command', command: 'a1' }] }] },
      {
        AfterTool: [{ hooks: [{ type: 'command', command: 'a2' }] }],
        BeforeModel: [{ hooks: [{ type: 'command', command: 'm2' }] }],
      },
    ]);
    expect(merged).toEqual({
      AfterTool: [{ hooks: [{ type: 'command', command: 'a1' }] }, { hooks: [{ type: 'command', command: 'a2' }] }],
      BeforeModel: [{ hooks: [{ type: 'command', command: 'm2' }] }],
    });
  });

  it('includeClaude: false and includeGemini: false leave the Claude Code and Gemini CLI files out', async () => {
    environment.write(environment.claudeUserFile, { hooks: oneHook('PreToolUse', 'echo claude') });
    environment.write(environment.geminiUserFile, { hooks: oneHook('BeforeTool', 'echo gemini') });

    const withoutClaude = await loadSettings({ ...environment.loadOptions(), includeClaude: false });
    const withoutEither = await loadSettings({
      ...environment.loadOptions(),
      includeClaude: false,
      includeGemini: false,
    });

    expect(withoutClaude.files.map((file) => file.scope)).toEqual([
      'project',
      'gemini-project',
      'user',
      'gemini-user',
      'system',
      'gemini-system',
      'gemini-system-defaults',
    ]);
    expect(withoutEither.hooks).toEqual({});
    expect(withoutEither.files.map((file) => file.scope)).toEqual(['project', 'user', 'system']);
  });

  it('reads a file that is both the project and the user file (working in the home directory) once, as the user file', async () => {
    environment.write(environment.userFile, { hooks: oneHook('BeforeTool', 'echo home') });

    const settings = await loadSettings({ ...environment.loadOptions(), workingDir: environment.home });

    expect(settings.untrustedProjectHooks).toBe(false);
    expect(commandsOf(settings.hooks.BeforeTool?.[0].hooks)).toEqual(['echo home']);
    expect(settings.files.filter((file) => file.path === environment.userFile).map((file) => file.scope)).toEqual([
      'user',
    ]);
  });
});

describe('loadSettings: enableHooks and disabledHooks', () => {
  it('unions disabledHooks across scopes and the registry disables those hooks', async () => {
    environment.write(environment.userFile, {
      hooks: {
        BeforeTool: [
          {
            hooks: [
              { type: 'command', command: 'echo a' },
              { type: 'command', command: 'echo b', name: 'b-hook' },
            ],
          },
        ],
      },
      disabledHooks: ['echo a'],
    });
    environment.write(environment.systemFile, { disabledHooks: ['b-hook', 'echo a'] });
    const settings = await loadSettings(environment.loadOptions());
    const registry = new HookRegistry(quietConfig(toConfigParameters(settings)));
    await registry.initialize();

    expect(settings.disabledHooks).toEqual(['echo a', 'b-hook']);
    expect(registry.getAllHooks().map((entry) => [entry.config.command, entry.enabled])).toEqual([
      ['echo a', false],
      ['echo b', false],
    ]);
  });

  it('enables hooks when any are configured, unless a settings file says "enableHooks": false', async () => {
    expect((await loadSettings(environment.loadOptions())).enableHooks).toBe(false);

    environment.write(environment.userFile, { hooks: oneHook('BeforeTool', 'echo a') });
    expect((await loadSettings(environment.loadOptions())).enableHooks).toBe(true);

    environment.write(environment.systemFile, { enableHooks: false });
    const disabled = await loadSettings(environment.loadOptions());
    expect(disabled.enableHooks).toBe(false);
    expect(new Config(toConfigParameters(disabled)).getHookSystem()).toBeUndefined();
  });

  it('"enableHooks": true with no hooks enables the (empty) hook system', async () => {
    environment.write(environment.userFile, { enableHooks: true });
    expect((await loadSettings(environment.loadOptions())).enableHooks).toBe(true);
  });

  it('warns about a disabledHooks or enableHooks of the wrong type, naming file and key', async () => {
    environment.write(environment.userFile, { disabledHooks: ['ok', 3], enableHooks: 'yes' });

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.disabledHooks).toEqual(['ok']);
    expect(settings.warnings).toEqual([
      '~/.hookrail/settings.json: disabledHooks[1]: expected a hook name or command (a non-empty string); ignored',
      '~/.hookrail/settings.json: enableHooks: expected true or false; ignored',
    ]);
  });
});

describe('loadSettings: bad files', () => {
  it('treats missing files as absent, with no warnings', async () => {
    const settings = await loadSettings(environment.loadOptions());

    expect(settings.files.every((file) => !file.exists)).toBe(true);
    expect(settings.warnings).toEqual([]);
    expect(settings.hooks).toEqual({});
  });

  it('names the file, line and column of malformed JSON, and still loads the other scopes', async () => {
    environment.write(environment.userFile, '{\n  "hooks": {\n    "BeforeTool": [}\n}\n');
    environment.write(environment.systemFile, { hooks: oneHook('BeforeTool', 'echo system') });

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.warnings).toHaveLength(1);
    expect(settings.warnings[0]).toBe(
      "~/.hookrail/settings.json: invalid JSON at line 3, column 20: Unexpected token '}'; this file is ignored",
    );
    expect(commandsOf(settings.hooks.BeforeTool?.[0].hooks)).toEqual(['echo system']);
    const userFile = settings.files.find((file) => file.scope === 'user');
    expect(userFile?.exists).toBe(true);
    expect(userFile?.problems[0]).toMatchObject({ path: '', severity: 'error' });
  });

  it('warns when a settings file holds something other than a JSON object', async () => {
    environment.write(environment.userFile, '[1, 2]');

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.warnings).toEqual([
      '~/.hookrail/settings.json: expected a JSON object, found an array; this file is ignored',
    ]);
  });

  it('reports invalid hook entries with JSON paths prefixed by the file, keeping the valid ones', async () => {
    environment.write(environment.projectFile, {
      hooks: {
        BeforeTool: [{ hooks: [{ type: 'command', command: 'echo ok' }, { type: 'command' }] }],
        AfterTool: 'nope',
      },
    });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.warnings).toEqual([
      '.hookrail/settings.json: hooks.BeforeTool[0].hooks[1]: "command" is missing; hook skipped',
      '.hookrail/settings.json: hooks.AfterTool: expected an array of hook definitions, got a string; skipped',
    ]);
    expect(commandsOf(settings.hooks.BeforeTool?.[0].hooks)).toEqual(['echo ok']);
    expect(settings.files.find((file) => file.scope === 'project')?.problems).toEqual([
      { path: 'hooks.BeforeTool[0].hooks[1]', message: '"command" is missing; hook skipped', severity: 'error' },
      {
        path: 'hooks.AfterTool',
        message: 'expected an array of hook definitions, got a string; skipped',
        severity: 'error',
      },
    ]);
  });

  it('loadSettings refuses a project settings.json that is a FIFO at once, naming it, and still loads the other scopes', async () => {
    environment.write(environment.userFile, { hooks: oneHook('BeforeTool', 'echo user') });
    mkdirSync(dirname(environment.projectFile), { recursive: true });
    execFileSync('mkfifo', [environment.projectFile]);

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.warnings).toEqual([
      '.hookrail/settings.json: is a FIFO (named pipe), not a regular file; only regular files are read; this file is ignored',
    ]);
    expect(commandsOf(settings.hooks.BeforeTool?.[0].hooks)).toEqual(['echo user']);
  });

  it('readSettingsScopeFile reports an unreadable path (a directory) without throwing', async () => {
    environment.write(join(environment.userFile, 'inner.json'), {});

    const file = await readSettingsScopeFile({
      scope: 'extra',
      path: environment.userFile,
      workingDir: environment.project,
      homeDir: environment.home,
    });

    expect(file.exists).toBe(true);
    expect(file.problems).toEqual([
      { path: '', message: 'is a directory, not a file; this file is ignored', severity: 'error' },
    ]);
  });
});

describe('loadSettings: trust', () => {
  it('leaves untrusted project hooks out and says exactly how to trust them', async () => {
    environment.write(environment.userFile, { hooks: oneHook('BeforeTool', 'echo user') });
    environment.write(environment.projectFile, { hooks: oneHook('BeforeTool', 'echo project') });
    environment.write(environment.claudeProjectFile, { hooks: oneHook('PreToolUse', 'echo claude-project') });

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.untrustedProjectHooks).toBe(true);
    expect(commandsOf(settings.hooks.BeforeTool?.[0].hooks)).toEqual(['echo user']);
    expect(settings.hooks.BeforeTool).toHaveLength(1);
    expect(settings.warnings).toEqual([
      `Project settings in .hookrail/settings.json and .claude/settings.json were not applied: this folder is not trusted ` +
        `(left out: .hookrail/settings.json: 1 hook; .claude/settings.json: 1 hook). ` +
        `Review them, then run \`hookrail hooks trust --cwd ${JSON.stringify(environment.project)}\` to allow them.`,
    ]);
    const project = settings.files.find((file) => file.scope === 'project');
    expect(project?.trusted).toBe(false);
    expect(commandsOf(project?.hooks.BeforeTool?.[0].hooks)).toEqual(['echo project']);
  });

  it('loads project hooks once trusted, and asks again when a command changes', async () => {
    environment.write(environment.projectFile, { hooks: oneHook('BeforeTool', 'echo project') });
    const trusted = await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    expect(commandsOf(trusted.hooks.BeforeTool?.[0].hooks)).toEqual(['echo project']);

    const afterTrust = await loadSettings(environment.loadOptions());
    expect(afterTrust.untrustedProjectHooks).toBe(false);
    expect(afterTrust.files.find((file) => file.scope === 'project')?.trusted).toBe(true);
    expect(commandsOf(afterTrust.hooks.BeforeTool?.[0].hooks)).toEqual(['echo project']);

    environment.write(environment.projectFile, { hooks: oneHook('BeforeTool', 'echo changed') });
    const afterChange = await loadSettings(environment.loadOptions());
    expect(afterChange.untrustedProjectHooks).toBe(true);
    expect(afterChange.hooks).toEqual({});
    expect(afterChange.warnings[0]).toContain('they changed since this folder was trusted');
    expect(afterChange.warnings[0]).toContain('hookrail hooks trust --cwd');
  });

  it('uses the trust file under the given home directory by default', async () => {
    environment.write(environment.projectFile, { hooks: oneHook('BeforeTool', 'echo project') });
    await trustProjectHooks({ workingDir: environment.project, homeDir: environment.home });

    const settings = await loadSettings({
      workingDir: environment.project,
      homeDir: environment.home,
      env: environment.env,
    });

    expect(existsSync(environment.trustFile)).toBe(true);
    expect(settings.untrustedProjectHooks).toBe(false);
  });

  it('trusts a --settings file inside the project because the user named it', async () => {
    const extraFile = environment.write(join(environment.project, 'hooks.json'), {
      hooks: oneHook('BeforeTool', 'echo named'),
    });

    const settings = await loadSettings({ ...environment.loadOptions(), extraFiles: ['hooks.json'] });

    expect(settings.untrustedProjectHooks).toBe(false);
    expect(settings.files[0]).toMatchObject({
      scope: 'extra',
      path: extraFile,
      trusted: true,
      displayName: 'hooks.json',
    });
    expect(commandsOf(settings.hooks.BeforeTool?.[0].hooks)).toEqual(['echo named']);
  });

  it('a corrupt trust file is a warning, not a crash, and project hooks stay untrusted', async () => {
    environment.write(environment.projectFile, { hooks: oneHook('BeforeTool', 'echo project') });
    environment.write(environment.trustFile, '{"folders": ');

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.untrustedProjectHooks).toBe(true);
    expect(settings.warnings[0]).toMatch(
      /trusted-folders\.json: invalid JSON at line 1, column 13: .*treated as empty/,
    );
  });

  it('trust follows the folder through a symbolic link to it', async () => {
    environment.write(environment.projectFile, { hooks: oneHook('BeforeTool', 'echo project') });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    const link = environment.path('link-to-project');
    symlinkSync(environment.project, link);

    const settings = await loadSettings({ ...environment.loadOptions(), workingDir: link });

    expect(settings.untrustedProjectHooks).toBe(false);
    expect(commandsOf(settings.hooks.BeforeTool?.[0].hooks)).toEqual(['echo project']);
  });
});

describe('setHookDisabled', () => {
  it('creates the file and its directory, adds and removes a name, and keeps other keys', async () => {
    const file = environment.userFile;

    expect(await setHookDisabled({ file, nameOrCommand: 'echo a', disabled: true })).toEqual({
      changed: true,
      disabledHooks: ['echo a'],
    });
    environment.write(file, { hooks: oneHook('BeforeTool', 'echo a'), disabledHooks: ['echo a'], other: { keep: 1 } });
    expect(await setHookDisabled({ file, nameOrCommand: 'audit', disabled: true })).toEqual({
      changed: true,
      disabledHooks: ['echo a', 'audit'],
    });
    expect(await setHookDisabled({ file, nameOrCommand: 'audit', disabled: true })).toEqual({
      changed: false,
      disabledHooks: ['echo a', 'audit'],
    });
    expect(await setHookDisabled({ file, nameOrCommand: 'echo a', disabled: false })).toEqual({
      changed: true,
      disabledHooks: ['audit'],
    });

    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      hooks: oneHook('BeforeTool', 'echo a'),
      disabledHooks: ['audit'],
      other: { keep: 1 },
    });
    expect(readdirSync(join(environment.home, '.hookrail'))).toEqual(['settings.json']);
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.disabledHooks).toEqual(['audit']);
  });

  it('refuses to overwrite a malformed settings file and leaves it untouched', async () => {
    const file = environment.write(environment.userFile, '{ "hooks": ');

    const attempt = setHookDisabled({ file, nameOrCommand: 'echo a', disabled: true });

    await expect(attempt).rejects.toBeInstanceOf(HookrailFileError);
    await expect(attempt).rejects.toThrow(/settings\.json: invalid JSON at line 1, column 12/);
    expect(readFileSync(file, 'utf8')).toBe('{ "hooks": ');
  });

  it('refuses a disabledHooks that is not an array of strings, and an empty name', async () => {
    const file = environment.write(environment.userFile, { disabledHooks: 'echo a' });

    await expect(setHookDisabled({ file, nameOrCommand: 'echo b', disabled: true })).rejects.toThrow(
      '"disabledHooks" must be an array of strings',
    );
    await expect(setHookDisabled({ file, nameOrCommand: '  ', disabled: true })).rejects.toThrow(
      'the hook name or command to enable or disable is empty',
    );
  });
});
