/**
 * The merge rules that keep a lower scope from weakening a higher one, through the library entry
 * points `loadSettings()` and `toConfigParameters()`: an untrusted project contributes nothing (not its
 * hooks, `disabledHooks` or `enableHooks`), and the system file pins hooks. Real hook processes where
 * a decision is checked.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  countHooks,
  loadSettings,
  toConfigParameters,
  trustProjectHooks,
} from '../../../src/adapters/settings/settings.js';
import { fingerprintHooks } from '../../../src/adapters/settings/trust.js';
import { DebugLogger } from '../../../src/debugLogger.js';
import { DEFAULT_WARM_INTERPRETERS } from '../../../src/hooks/actions/warm/warmPool.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookRegistry } from '../../../src/hooks/engine/hookRegistry.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HooksSettings } from '../../../src/hooks/protocol/hookConfig.js';
import { useSettingsEnvironment } from '../../helpers/settingsEnvironment.js';

const environment = useSettingsEnvironment();

const exit2Script = fileURLToPath(new URL('../../fixtures/hooks/exit-2-stderr.sh', import.meta.url));

/** A BeforeTool guard named `name` that blocks run_shell_command: `<name> says no` on stderr, exit 2. */
function guard(name: string, extra: Record<string, unknown> = {}): HooksSettings {
  return {
    BeforeTool: [
      {
        matcher: 'run_shell_command',
        hooks: [{ type: 'command', name, command: `sh "${exit2Script}" "${name} says no"`, ...extra }],
      },
    ],
  } as HooksSettings;
}

function quietConfig(settings: Awaited<ReturnType<typeof loadSettings>>): Config {
  return new Config({
    ...toConfigParameters(settings),
    workingDir: environment.project,
    logger: new DebugLogger('test', { sink: () => undefined }),
  });
}

async function shellCallOutcome(
  settings: Awaited<ReturnType<typeof loadSettings>>,
): Promise<{ ran: boolean; content: string }> {
  let ran = false;
  const result = await executeToolWithHooks(
    quietConfig(settings),
    'run_shell_command',
    { command: 'echo hi' },
    async () => {
      ran = true;
      return { llmContent: 'hi', returnDisplay: 'hi' };
    },
  );
  return { ran, content: result.llmContent };
}

describe('loadSettings: an untrusted project contributes nothing', () => {
  for (const [label, projectSettings] of [
    ['disabledHooks naming the user guard', { disabledHooks: ['user-guard'] }],
    ['"enableHooks": false', { enableHooks: false }],
  ] as const) {
    it(`its ${label} does not weaken the user's guard: the shell call is still blocked`, async () => {
      environment.write(environment.userFile, { hooks: guard('user-guard') });
      environment.write(environment.projectFile, projectSettings);

      const settings = await loadSettings(environment.loadOptions());

      expect(settings.untrustedProjectHooks).toBe(true);
      expect(toConfigParameters(settings)).toEqual({
        enableHooks: true,
        hooks: settings.hooks,
        disabledHooks: [],
        hookEnvironment: { withhold: [] },
      });
      expect(settings.warnings[0]).toMatch(
        /^Project settings in \.hookrail\/settings\.json were not applied: this folder is not trusted \(left out: /,
      );
      const outcome = await shellCallOutcome(settings);
      expect(outcome.ran).toBe(false);
      expect(outcome.content).toContain('user-guard says no');
    });
  }

  it('warmInterpreters: the highest-priority trusted file that sets it wins, and reaches Config; unset, Config keeps its default', async () => {
    environment.write(environment.userFile, { hooks: guard('user-guard'), warmInterpreters: 0 });
    const userOnly = await loadSettings(environment.loadOptions());
    expect(toConfigParameters(userOnly).warmInterpreters).toBe(0);
    expect(quietConfig(userOnly).getWarmInterpreters()).toBe(0);

    environment.write(environment.projectFile, { warmInterpreters: 4 });
    const untrusted = await loadSettings(environment.loadOptions());
    expect(untrusted.warmInterpreters).toBe(0);
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });
    const trusted = await loadSettings(environment.loadOptions());
    expect(quietConfig(trusted).getWarmInterpreters()).toBe(4);

    environment.write(environment.userFile, { hooks: guard('user-guard') });
    environment.write(environment.projectFile, {});
    expect(quietConfig(await loadSettings(environment.loadOptions())).getWarmInterpreters()).toBe(
      DEFAULT_WARM_INTERPRETERS,
    );
  });

  it('once trusted its switches apply, and a switch added later needs trust again', async () => {
    environment.write(environment.userFile, { hooks: guard('user-guard') });
    environment.write(environment.projectFile, { disabledHooks: ['user-guard'] });
    await trustProjectHooks({
      workingDir: environment.project,
      homeDir: environment.home,
      trustStore: environment.trustStore,
    });

    const trusted = await loadSettings(environment.loadOptions());
    expect(trusted.untrustedProjectHooks).toBe(false);
    expect(trusted.disabledHooks).toEqual(['user-guard']);
    expect((await shellCallOutcome(trusted)).ran).toBe(true);

    environment.write(environment.projectFile, { disabledHooks: ['user-guard'], enableHooks: false });
    const changed = await loadSettings(environment.loadOptions());
    expect(changed.untrustedProjectHooks).toBe(true);
    expect(changed.enableHooks).toBe(true);
    expect(changed.disabledHooks).toEqual([]);
    expect(changed.warnings[0]).toContain('they changed since this folder was trusted');
  });

  it('a folder trusted for hooks alone keeps its fingerprint: switches add to it only when present', () => {
    const hooks = guard('project-guard');
    expect(fingerprintHooks(hooks, { disabledHooks: [], withheldVariables: [] })).toBe(fingerprintHooks(hooks));
    expect(fingerprintHooks(hooks, { disabledHooks: ['x'] })).not.toBe(fingerprintHooks(hooks));
    expect(fingerprintHooks(hooks, { enableHooks: false })).not.toBe(fingerprintHooks(hooks, { enableHooks: true }));
    expect(fingerprintHooks(hooks, { withheldVariables: ['PATH'] })).not.toBe(fingerprintHooks(hooks));
  });
});

describe('loadSettings: the system file pins hooks', () => {
  it('a pinned system hook survives a user disabledHooks entry and a user "enableHooks": false; the others are off', async () => {
    environment.write(environment.systemFile, { hooks: guard('corp-guard', { pinned: true }) });
    environment.write(environment.userFile, {
      hooks: { AfterTool: [{ hooks: [{ type: 'command', command: 'echo audit' }] }] },
      disabledHooks: ['audit', 'corp-guard'],
      enableHooks: false,
    });

    const settings = await loadSettings(environment.loadOptions());

    expect(settings).toMatchObject({
      enableHooks: true,
      onlyPinnedHooks: true,
      switchedOffBy: ['~/.hookrail/settings.json'],
      disabledHooks: ['audit'],
    });
    expect(Object.keys(settings.hooks)).toEqual(['BeforeTool']);
    expect(settings.warnings).toEqual([
      `~/.hookrail/settings.json: disabledHooks[1]: "corp-guard" is pinned by the system settings (${environment.systemFile}); it stays enabled`,
      `~/.hookrail/settings.json says "enableHooks": false: every hook is off except the 1 pinned by the system settings (${environment.systemFile})`,
    ]);
    const outcome = await shellCallOutcome(settings);
    expect(outcome.ran).toBe(false);
    expect(outcome.content).toContain('corp-guard says no');
  });

  it('pinned hooks come first, so a lower-scope copy of the same command cannot shadow them (HOOK-090 keeps the first)', async () => {
    const pinnedHooks = guard('corp-guard', { pinned: true, timeout: 30_000 });
    const command = pinnedHooks.BeforeTool?.[0].hooks[0].command;
    environment.write(environment.systemFile, { hooks: pinnedHooks });
    environment.write(environment.userFile, {
      hooks: {
        BeforeTool: [
          { matcher: 'run_shell_command', hooks: [{ type: 'command', name: 'shadow', command, timeout: 1 }] },
        ],
      },
      disabledHooks: ['shadow'],
    });

    const settings = await loadSettings(environment.loadOptions());
    const registry = new HookRegistry(quietConfig(settings));
    await registry.initialize();

    expect(
      registry.getHooksForEvent(HookEventName.BeforeTool).map((entry) => [entry.config.name, entry.config.timeout]),
    ).toEqual([['corp-guard', 30_000]]);
    expect((await shellCallOutcome(settings)).ran).toBe(false);
  });

  it('the registry keeps a pinned hook enabled whatever Config.disabledHooks or setHookEnabled say', async () => {
    const config = new Config({
      enableHooks: true,
      hooks: guard('corp-guard', { pinned: true }),
      disabledHooks: ['corp-guard'],
      logger: new DebugLogger('test', { sink: () => undefined }),
    });
    const registry = new HookRegistry(config);
    await registry.initialize();
    expect(registry.setHookEnabled('corp-guard', false)).toBe(0);
    expect(registry.getHooksForEvent(HookEventName.BeforeTool).map((entry) => entry.config.name)).toEqual([
      'corp-guard',
    ]);
  });

  it('the system file\'s own "enableHooks": false switches everything off, pinned hooks too', async () => {
    environment.write(environment.systemFile, { hooks: guard('corp-guard', { pinned: true }), enableHooks: false });
    const settings = await loadSettings(environment.loadOptions());
    expect(settings).toMatchObject({
      enableHooks: false,
      onlyPinnedHooks: false,
      switchedOffBy: [environment.systemFile],
    });
  });

  it('"pinned" in a user or project file is a warning with its JSON path and pins nothing', async () => {
    environment.write(environment.userFile, { hooks: guard('mine', { pinned: true }), disabledHooks: ['mine'] });
    environment.write(environment.systemFile, { hooks: guard('odd', { pinned: 'yes' }) });

    const settings = await loadSettings(environment.loadOptions());

    expect(settings.warnings).toEqual([
      '~/.hookrail/settings.json: hooks.BeforeTool[0].hooks[0].pinned: only the system settings file (/etc/hookrail/settings.json or HOOKRAIL_SYSTEM_SETTINGS) can pin hooks; ignored',
      `${environment.systemFile}: hooks.BeforeTool[0].hooks[0].pinned: expected true or false, got "yes"; the hook is not pinned`,
    ]);
    expect(settings.disabledHooks).toEqual(['mine']);
    expect(settings.hooks.BeforeTool?.flatMap((group) => group.hooks).some((hook) => 'pinned' in hook)).toBe(false);
  });
});

describe('countHooks', () => {
  it('counts the hooks of every group, for all events or for one', () => {
    const hooks: HooksSettings = {
      BeforeTool: [
        {
          matcher: 'a',
          hooks: [
            { type: 'command', command: 'one' },
            { type: 'command', command: 'two' },
          ],
        },
        { hooks: [{ type: 'command', command: 'three' }] },
      ],
      AfterTool: [{ hooks: [{ type: 'command', command: 'four' }] }],
      SessionStart: [],
    };
    expect(countHooks(hooks)).toBe(4);
    expect(countHooks(hooks, HookEventName.BeforeTool)).toBe(3);
    expect(countHooks(hooks, HookEventName.SessionStart)).toBe(0);
    expect(countHooks(hooks, HookEventName.Notification)).toBe(0);
    expect(countHooks({})).toBe(0);
  });
});
