/**
 * HOOK-084: Claude Code's managed drop-in directory and Gemini CLI's system defaults, read as each host
 * reads them. `managed-settings.d/*.json` beside the managed file (named through
 * HOOKRAIL_CLAUDE_MANAGED_SETTINGS, never /etc) are managed files after the base file, in name order,
 * and the last managed file that sets a policy switch decides it; Gemini CLI's `system-defaults.json`
 * (beside its system settings, or GEMINI_CLI_SYSTEM_DEFAULTS_PATH) is its lowest-precedence file.
 * Guard hooks run as real processes.
 */
import { symlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../../../src/adapters/settings/settings.js';
import { claudeGuard, commandsOf, geminiGuard, guard, shellCall } from '../../helpers/policyGuards.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { useSettingsEnvironment } from '../../helpers/settingsEnvironment.js';

afterAll(() => assertNoHookProcessesAlive());

const environment = useSettingsEnvironment();

/** Every order in which the drop-in files can be written to disk. */
const writeOrders: string[][] = [
  ['10-security.json', '20-platform.json', '9-late.json'],
  ['9-late.json', '20-platform.json', '10-security.json'],
  ['20-platform.json', '9-late.json', '10-security.json'],
];

describe("HOOK-084: Claude Code's managed-settings.d drop-ins", () => {
  it.each(writeOrders)(
    'drop-ins are read after the managed file in name order (10-, 20-, 9-), whatever order they were written in (%s first); their hooks are pinned',
    async (...order: string[]) => {
      environment.write(environment.claudeManagedFile, { hooks: claudeGuard('base') });
      for (const name of order) environment.write(environment.claudeManagedDropIn(name), { hooks: claudeGuard(name) });
      environment.write(environment.userFile, { disabledHooks: [guard('20-platform.json')] });
      const settings = await loadSettings(environment.loadOptions());
      expect(commandsOf(settings)).toEqual([
        guard('base'),
        guard('10-security.json'),
        guard('20-platform.json'),
        guard('9-late.json'),
      ]);
      expect(settings.files.filter((file) => file.scope === 'claude-managed').map((file) => file.path)).toEqual([
        environment.claudeManagedFile,
        environment.claudeManagedDropIn('10-security.json'),
        environment.claudeManagedDropIn('20-platform.json'),
        environment.claudeManagedDropIn('9-late.json'),
      ]);
      expect(settings.disabledHooks).toEqual([]);
      const outcome = await shellCall(settings, environment.project);
      expect(outcome.ran).toBe(false);
      expect(outcome.llmContent).toContain('base');
    },
  );

  it('hidden files, files not ending in .json and folders are skipped; a symbolic link to a .json file is read; the drop-ins apply without a managed file', async () => {
    environment.write(environment.claudeManagedDropIn('.hidden.json'), { hooks: claudeGuard('hidden') });
    environment.write(environment.claudeManagedDropIn('notes.txt'), { hooks: claudeGuard('notes') });
    environment.write(environment.claudeManagedDropIn('folder.json/inner.json'), { hooks: claudeGuard('inner') });
    const target = environment.write(environment.path('policies', 'linked.json'), { hooks: claudeGuard('linked') });
    symlinkSync(target, environment.claudeManagedDropIn('50-linked.json'));
    const settings = await loadSettings(environment.loadOptions());
    expect(commandsOf(settings)).toEqual([guard('linked')]);
    expect((await shellCall(settings, environment.project)).llmContent).toContain('linked');
  });

  it('a malformed drop-in is a warning naming it; the other managed files still apply', async () => {
    environment.write(environment.claudeManagedDropIn('10-broken.json'), '{ "hooks": ');
    environment.write(environment.claudeManagedDropIn('20-good.json'), { hooks: claudeGuard('good') });
    const settings = await loadSettings(environment.loadOptions());
    expect(commandsOf(settings)).toEqual([guard('good')]);
    expect(settings.warnings.some((warning) => warning.includes('10-broken.json'))).toBe(true);
  });

  it('the last managed file that sets allowManagedHooksOnly decides it: a later drop-in turns it off, or on', async () => {
    environment.write(environment.claudeUserFile, { hooks: claudeGuard('user guard') });
    environment.write(environment.claudeManagedFile, { allowManagedHooksOnly: true, hooks: claudeGuard('base') });
    environment.write(environment.claudeManagedDropIn('50-relax.json'), { allowManagedHooksOnly: false });
    const relaxed = await loadSettings(environment.loadOptions());
    expect(commandsOf(relaxed)).toEqual([guard('base'), guard('user guard')]);

    environment.write(environment.claudeManagedFile, { allowManagedHooksOnly: false, hooks: claudeGuard('base') });
    environment.write(environment.claudeManagedDropIn('50-relax.json'), { allowManagedHooksOnly: true });
    const strict = await loadSettings(environment.loadOptions());
    expect(commandsOf(strict)).toEqual([guard('base')]);
    expect(strict.offFiles.map((file) => file.reason)).toEqual([
      `"allowManagedHooksOnly": true in ${strict.files.find((file) => file.path === environment.claudeManagedDropIn('50-relax.json'))!.displayName} (managed policy)`,
    ]);
  });

  it('the last managed file that sets disableAllHooks decides it: true in a drop-in switches off every Claude hook, false after a true keeps them', async () => {
    environment.write(environment.claudeUserFile, { hooks: claudeGuard('user guard') });
    environment.write(environment.claudeManagedFile, { hooks: claudeGuard('base') });
    environment.write(environment.claudeManagedDropIn('10-off.json'), { disableAllHooks: true });
    expect(commandsOf(await loadSettings(environment.loadOptions()))).toEqual([]);

    environment.write(environment.claudeManagedDropIn('20-on.json'), { disableAllHooks: false });
    expect(commandsOf(await loadSettings(environment.loadOptions()))).toEqual([guard('base'), guard('user guard')]);
  });
});

describe("HOOK-084: Gemini CLI's system defaults", () => {
  it('system-defaults.json beside the system settings is read last, its hooks run and are not pinned (a user hooksConfig.disabled switches one off)', async () => {
    environment.write(environment.geminiSystemDefaultsFile, {
      hooks: {
        BeforeTool: [
          { matcher: 'run_shell_command', hooks: [{ type: 'command', command: guard('defaults guard') }] },
          { matcher: 'run_shell_command', hooks: [{ type: 'command', command: guard('defaults extra') }] },
        ],
      },
    });
    environment.write(environment.geminiSystemFile, { hooks: geminiGuard('system guard') });
    environment.write(environment.geminiUserFile, {
      hooksConfig: { disabled: [guard('defaults extra')] },
      hooks: geminiGuard('user guard'),
    });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings.files.map((file) => file.scope).slice(-2)).toEqual(['gemini-system', 'gemini-system-defaults']);
    expect(settings.files.at(-1)).toMatchObject({
      exists: true,
      dialect: 'gemini',
      path: environment.geminiSystemDefaultsFile,
    });
    expect(commandsOf(settings)).toEqual([
      guard('system guard'),
      guard('user guard'),
      guard('defaults guard'),
      guard('defaults extra'),
    ]);
    expect(settings.disabledHooks).toEqual([guard('defaults extra')]);
  });

  it('GEMINI_CLI_SYSTEM_DEFAULTS_PATH names the defaults file, as in Gemini CLI; its hook blocks', async () => {
    const elsewhere = environment.write(environment.path('corp', 'gemini-defaults.json'), {
      hooks: geminiGuard('corp defaults'),
    });
    environment.write(environment.geminiSystemDefaultsFile, { hooks: geminiGuard('not read') });
    const settings = await loadSettings({
      ...environment.loadOptions(),
      env: { ...environment.env, GEMINI_CLI_SYSTEM_DEFAULTS_PATH: elsewhere },
    });
    expect(commandsOf(settings)).toEqual([guard('corp defaults')]);
    const outcome = await shellCall(settings, environment.project);
    expect(outcome.ran).toBe(false);
    expect(outcome.llmContent).toContain('corp defaults');
  });

  it('hooksConfig.enabled in the defaults decides only when no other Gemini file sets it: the user file, then the system settings, win over it', async () => {
    environment.write(environment.geminiSystemDefaultsFile, {
      hooksConfig: { enabled: false },
      hooks: geminiGuard('defaults guard'),
    });
    environment.write(environment.geminiUserFile, { hooks: geminiGuard('user guard') });
    expect(commandsOf(await loadSettings(environment.loadOptions()))).toEqual([]);

    environment.write(environment.geminiUserFile, { hooksConfig: { enabled: true }, hooks: geminiGuard('user guard') });
    expect(commandsOf(await loadSettings(environment.loadOptions()))).toEqual([
      guard('user guard'),
      guard('defaults guard'),
    ]);

    environment.write(environment.geminiSystemDefaultsFile, {
      hooksConfig: { enabled: true },
      hooks: geminiGuard('defaults guard'),
    });
    environment.write(environment.geminiSystemFile, { hooksConfig: { enabled: false } });
    expect(commandsOf(await loadSettings(environment.loadOptions()))).toEqual([]);
  });
});
